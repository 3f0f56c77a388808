// CGPathFillRule: Core Graphics' fill rule, the one fill-rule type of the whole stack — path
// containment, the scan converter, clips, CGContext and CAShapeLayer (through its string-valued
// CAShapeLayerFillRule) all take it. Like CGAffineTransform it is a value Apple's frameworks
// share, so it sits at the bottom and OpenCoreGraphics re-exports it.
//
// Audited against: CGPathFillRule docs (`winding` 0, `evenOdd` 1). Status: complete.

/// How a path's winding numbers decide what is inside it.
///
/// ```swift
/// context.fillPath(using: .evenOdd)      // a star's centre stays empty
/// ```
public enum CGPathFillRule: Int, Sendable, Hashable {
    /// Inside where the winding number is not zero: the contours wind around the point a
    /// non-zero number of times.
    case winding = 0
    /// Inside where the winding number is odd: an odd number of contour crossings from the
    /// point outward.
    case evenOdd = 1
}
