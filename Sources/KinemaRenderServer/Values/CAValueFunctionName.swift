// CAValueFunctionName: the names of Apple's value functions (CAValueFunction, in OpenQuartzCore,
// maps numbers onto a transform by one of them). A value of the render tree's animation
// snapshots, so it lives on the render side and OpenQuartzCore re-exports it.
//
// Audited against: CAValueFunctionName constants (rotateX/Y/Z, scale, scaleX/Y/Z, translate,
//   translateX/Y/Z). Status: complete.

import Foundation
import KinemaGeometry

/// The name of a value function (Apple's constants wrap strings, e.g. `"rotateZ"`).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")

    /// The identity input of the function: 1 per scale axis, 0 otherwise.
    package var identityInput: AnimatableValue {
        switch self {
        case .scale: .numbers([1, 1, 1])
        case .translate: .numbers([0, 0, 0])
        case .scaleX, .scaleY, .scaleZ: .number(1)
        default: .number(0)
        }
    }

    /// The transform for `value` (a number or an array of numbers); nil for an unknown name.
    package func transform(for value: AnimatableValue) -> CATransform3D? {
        let input: [Double]
        switch value {
        case .number(let v): input = [v]
        case .numbers(let v): input = v
        default: return nil
        }
        let first = CGFloat(input.first ?? 0)
        func at(_ i: Int, _ fallback: Double) -> CGFloat { CGFloat(i < input.count ? input[i] : fallback) }
        switch self {
        case .rotateX: return CATransform3DMakeRotation(first, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(first, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(first, 0, 0, 1)
        case .scale:
            return CATransform3DMakeScale(at(0, 1), input.count == 1 ? first : at(1, 1), input.count == 1 ? first : at(2, 1))
        case .scaleX: return CATransform3DMakeScale(at(0, 1), 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, at(0, 1), 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, at(0, 1))
        case .translate: return CATransform3DMakeTranslation(at(0, 0), at(1, 0), at(2, 0))
        case .translateX: return CATransform3DMakeTranslation(first, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, first, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, first)
        default: return nil
        }
    }
}
