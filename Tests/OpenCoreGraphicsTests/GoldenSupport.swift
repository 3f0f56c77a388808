// Support for the golden-image tests: the Golden folder and the white test context (the harness
// itself is KinemaTestSupport's GoldenFolder).
import Foundation
import KinemaRaster
import KinemaTestSupport
@testable import OpenCoreGraphics

enum Golden {
    enum Failure: Error, CustomStringConvertible {
        case context
        var description: String {
            switch self {
            case .context: "could not make the test context"
            }
        }
    }

    static let folder = GoldenFolder("Golden", in: .module)

    /// A 128 × 128 premultiplied-RGBA bitmap context, white, in Core Graphics' default orientation.
    static func whiteContext(width: Int = 128, height: Int = 128) throws -> CGContext {
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { throw Failure.context }
        context.setFillColor(gray: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return context
    }
}

extension CGColor {
    /// A colour from whole 8-bit levels (the references use the same levels).
    static func bytes(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> CGColor {
        CGColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: CGFloat(a) / 255)
    }
}
