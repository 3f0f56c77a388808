// Placeholder UIColor (the graphics work replaces this file).
import Foundation
import OpenCoreGraphics

public final class UIColor: Sendable, Equatable {
    public let cgColor: CGColor
    public init(cgColor: CGColor) { self.cgColor = cgColor }
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public init(white: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: white, green: white, blue: white, alpha: alpha)
    }
    public static func == (a: UIColor, b: UIColor) -> Bool { a.cgColor == b.cgColor }
    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let systemBlue = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
}

nonisolated(unsafe) private var contextStack: [CGContext] = []
public func UIGraphicsPushContext(_ context: CGContext) { contextStack.append(context) }
public func UIGraphicsPopContext() { _ = contextStack.popLast() }
public func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.last }
