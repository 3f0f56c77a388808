// CAShapeLayer's constants: fill rule, line cap, line join.
//
// Audited against: CAShapeLayerFillRule (kCAFillRuleNonZero "non-zero", kCAFillRuleEvenOdd
//   "even-odd"), CAShapeLayerLineCap ("butt", "round", "square"), CAShapeLayerLineJoin ("miter",
//   "round", "bevel"). Status: complete.

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// The rule that decides which parts of a shape layer's path are inside it.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The rule's name: `"non-zero"` or `"even-odd"`.
    public let rawValue: String
    /// Wraps a raw name. Any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The non-zero winding rule (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// The even-odd rule.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The shape of the ends of a shape layer's stroked subpaths.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The cap's name: `"butt"`, `"round"` or `"square"`.
    public let rawValue: String
    /// Wraps a raw name. Any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The line ends exactly at its end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half circle is added at each end.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// A half square is added at each end.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The shape of the joints between a shape layer's stroked segments.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The join's name: `"miter"`, `"round"` or `"bevel"`.
    public let rawValue: String
    /// Wraps a raw name. Any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A sharp corner, cut to a bevel beyond `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// A rounded corner.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// A squared-off corner.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}
