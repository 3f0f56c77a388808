// The small value types of Core Graphics paths: caps, joins, fill rules, element kinds.
//
// Audited against: CGLineCap, CGLineJoin, CGPathFillRule, CGPathDrawingMode, CGPathElementType and
// CGPathElement as Apple's SDK imports them into Swift (enum raw values and raw types).
// Status: complete.

import Foundation
import KinemaGeometry
import KinemaRaster

/// The shape of a stroke's open ends.
public enum CGLineCap: Int32, Sendable {
    /// Squared off exactly at the end point (the default).
    case butt = 0
    /// A half disc beyond the end point.
    case round = 1
    /// A half square beyond the end point.
    case square = 2
}

/// The shape of a stroke's corners.
public enum CGLineJoin: Int32, Sendable {
    /// The outer edges extended to a point, beveled past the miter limit (the default).
    case miter = 0
    /// A round corner.
    case round = 1
    /// A cut-off corner.
    case bevel = 2
}

/// What `CGContext.drawPath(using:)` paints.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill by the non-zero winding rule.
    case fill = 0
    /// Fill by the even-odd rule.
    case eoFill = 1
    /// Stroke only.
    case stroke = 2
    /// Fill by the non-zero winding rule, then stroke.
    case fillStroke = 3
    /// Fill by the even-odd rule, then stroke.
    case eoFillStroke = 4
}

/// The kind of one path element.
public enum CGPathElementType: Int32, Sendable {
    /// One point: the start of a new subpath.
    case moveToPoint = 0
    /// One point: the end of a line.
    case addLineToPoint = 1
    /// Two points: the control point and the end.
    case addQuadCurveToPoint = 2
    /// Three points: two control points and the end.
    case addCurveToPoint = 3
    /// No points: a line back to the subpath's start.
    case closeSubpath = 4
}

/// One element of a path as `CGPath.applyWithBlock(_:)` hands it out: its kind and a pointer to
/// its points (1, 1, 2, 3 or 0 of them by kind), valid only during the call.
public struct CGPathElement {
    /// The element's kind.
    public var type: CGPathElementType
    /// The element's points: as many as its kind takes.
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element of the given kind over the given points.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

extension CGLineCap {
    var engine: StrokeLineCap {
        switch self {
        case .butt: .butt
        case .round: .round
        case .square: .square
        }
    }
}

extension CGLineJoin {
    var engine: StrokeLineJoin {
        switch self {
        case .miter: .miter
        case .round: .round
        case .bevel: .bevel
        }
    }
}

