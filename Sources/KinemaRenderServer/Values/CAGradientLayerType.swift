// CAGradientLayerType: the style of gradient a CAGradientLayer draws.
//
// Audited against: CAGradientLayerType (kCAGradientLayerAxial "axial", kCAGradientLayerRadial
//   "radial", kCAGradientLayerConic "conic"). Status: complete.

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// The style of gradient a gradient layer draws.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The type's name: `"axial"`, `"radial"` or `"conic"`.
    public let rawValue: String
    /// Wraps a raw name. Any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Colours vary along the axis from startPoint to endPoint (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Colours vary with the distance from startPoint, reaching the last at endPoint.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Colours vary with the angle about startPoint.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
