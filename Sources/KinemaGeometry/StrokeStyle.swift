// StrokeStyle: how a path is stroked (width, caps, joins, miter limit, dash).
//
// Audited against: CGContext.setLineWidth / setLineCap / setLineJoin / setMiterLimit /
// setLineDash, CGLineCap, CGLineJoin, CAShapeLayer.miterLimit ("The length of the miter is
// divided by the line width. If the result is greater than the miter limit, the path is drawn
// with a bevel. Default is 10."). Status: complete.

import Foundation

/// The shape of a stroke's open ends (`CGLineCap`).
public enum StrokeLineCap: Sendable, Hashable {
    /// Ends exactly at the end point (`.butt`, Core Graphics' default).
    case butt
    /// A half disc of the line's half width beyond the end point.
    case round
    /// A half square beyond the end point: the line goes on by half its width.
    case square
}

/// The shape of the corner where two segments of a stroke meet (`CGLineJoin`).
public enum StrokeLineJoin: Sendable, Hashable {
    /// The outer edges extended until they meet, unless the miter would be longer than
    /// `miterLimit` × the line width (see `StrokeStyle.miterLimit`): then a bevel. Core Graphics' default.
    case miter
    /// A disc of the line's half width about the corner.
    case round
    /// The outer corners joined by a straight line.
    case bevel
}

/// Everything that shapes a stroke besides the path.
///
/// ```swift
/// let style = StrokeStyle(width: 4, cap: .round, join: .round, dashPhase: 0, dashLengths: [0, 8])
/// let dots = path.stroked(style)         // round dots every 8 units: fill it non-zero
/// ```
/// Semantics: `width` is in user space (the space of the path); 0 means a hairline, the thinnest
/// line the device can show (one device pixel, as in the PDF imaging model Core Graphics follows);
/// `isHairline` is the flag a rasterizer checks to draw it as such. A negative or non-finite width
/// strokes nothing (diagnostic at stroke time).
public struct StrokeStyle: Sendable, Hashable {
    /// Line width in user space; 0 is a hairline.
    public var width: Double
    public var cap: StrokeLineCap
    public var join: StrokeLineJoin
    /// The largest allowed ratio of a miter's length (from the inner to the outer corner) to the
    /// line width; a miter beyond it becomes a bevel. For two segments meeting at angle θ the ratio
    /// is 1 / sin(θ/2), so the default 10 bevels corners sharper than about 11.5°.
    public var miterLimit: Double
    /// The dash, or nil for a solid line.
    public var dash: DashPattern?

    public init(
        width: Double = 1, cap: StrokeLineCap = .butt, join: StrokeLineJoin = .miter, miterLimit: Double = 10,
        dash: DashPattern? = nil
    ) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit; self.dash = dash
    }

    /// A style with Core Graphics' (phase, lengths) dash; see `DashPattern.init(phase:lengths:)`.
    public init(
        width: Double = 1, cap: StrokeLineCap = .butt, join: StrokeLineJoin = .miter, miterLimit: Double = 10,
        dashPhase: Double, dashLengths: [Double]
    ) {
        self.init(width: width, cap: cap, join: join, miterLimit: miterLimit,
                  dash: DashPattern(phase: dashPhase, lengths: dashLengths))
    }

    /// Whether this is a hairline (width 0): the rasterizer should draw the thinnest visible line.
    public var isHairline: Bool { width == 0 }
}
