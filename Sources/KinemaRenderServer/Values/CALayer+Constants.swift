// CALayer's constant types: contents gravity and filters, corner curve, corner and edge masks.
//
// Audited against: CALayerContentsGravity docs (kCAGravity… constants: "center", "top",
//   "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight", "resize",
//   "resizeAspect", "resizeAspectFill"), CALayerContentsFilter docs (kCAFilterLinear "linear",
//   kCAFilterNearest "nearest", kCAFilterTrilinear "trilinear"), CALayerCornerCurve docs
//   (kCACornerCurveCircular "circular", kCACornerCurveContinuous "continuous"), CACornerMask docs
//   (kCALayerMinXMinYCorner 1, MaxXMinY 2, MinXMaxY 4, MaxXMaxY 8; `init(rawValue: UInt)`),
//   CAEdgeAntialiasingMask docs (kCALayerLeftEdge 1, RightEdge 2, BottomEdge 4, TopEdge 8;
//   `init(rawValue: UInt32)`).
// Status: complete. Like Apple's, the string-backed types accept any raw value; what an unknown
//   one means is decided where it is used (the compositor, a later issue).

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// How a layer's `contents` image is positioned or scaled within its bounds.
///
/// ```swift
/// layer.contentsGravity = .resizeAspect
/// ```
///
/// The default of `CALayer.contentsGravity` is `.resize`. Positions name edges in the layer's
/// own coordinates as drawn on iOS (`.top` is the minimum-y edge unless the geometry is flipped).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The gravity's name, such as `"resizeAspect"`.
    public let rawValue: String
    /// Wraps a raw name. Any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The content is horizontally and vertically centered in the bounds rectangle.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// The content is horizontally centered at the top edge of the bounds rectangle.
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// The content is horizontally centered at the bottom edge of the bounds rectangle.
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// The content is vertically centered at the left edge of the bounds rectangle.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// The content is vertically centered at the right edge of the bounds rectangle.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// The content is positioned in the top-left corner of the bounds rectangle.
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// The content is positioned in the top-right corner of the bounds rectangle.
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// The content is positioned in the bottom-left corner of the bounds rectangle.
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// The content is positioned in the bottom-right corner of the bounds rectangle.
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// The content is resized to fit the entire bounds rectangle (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// The content is resized to fit the bounds rectangle, preserving its aspect ratio.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// The content is resized to fill the bounds rectangle, preserving its aspect ratio; it may
    /// be clipped.
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// The filter used to scale a layer's contents image (`minificationFilter`, `magnificationFilter`).
///
/// ```swift
/// pixelArt.magnificationFilter = .nearest
/// ```
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The filter's name, such as `"nearest"`.
    public let rawValue: String
    /// Wraps a raw name. Any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Linear interpolation (the default of both filters).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Nearest-neighbour sampling.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Trilinear minification (linear with mipmaps).
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The curve used to draw a layer's rounded corners.
///
/// ```swift
/// card.cornerCurve = .continuous
/// ```
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The curve's name: `"circular"` or `"continuous"`.
    public let rawValue: String
    /// Wraps a raw name. Any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Quarter-circle corners (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Corners whose curvature changes continuously from the straight edge ("squircle").
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// Which corners of a layer `cornerRadius` rounds (`CALayer.maskedCorners`).
///
/// ```swift
/// sheet.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]   // top corners only
/// ```
///
/// The default of `maskedCorners` is all four corners.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The mask bits.
    public let rawValue: UInt
    /// Creates a mask from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The corner at minimum x and minimum y (top-left on iOS).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The corner at maximum x and minimum y (top-right on iOS).
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The corner at minimum x and maximum y (bottom-left on iOS).
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The corner at maximum x and maximum y (bottom-right on iOS).
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// Which edges of a layer are antialiased (`CALayer.edgeAntialiasingMask`).
///
/// ```swift
/// tile.edgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge]
/// ```
///
/// The default of `edgeAntialiasingMask` is all four edges.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The mask bits.
    public let rawValue: UInt32
    /// Creates a mask from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The left edge.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The right edge.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The bottom edge (minimum y in Core Animation's unflipped terms).
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The top edge.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}

/// Core Foundation's generic object reference, as `CATextLayer.font` uses it (`"Helvetica" as
/// CFTypeRef`). Swift on Linux does not export Core Foundation's types, so Kinema declares it.
public typealias CFTypeRef = AnyObject
