// CGPath+Copying: the stroked and dashed copies of a path.
//
// Audited against: CGPath.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)
// ("filling the new path draws the same pixels as stroking the original path"),
// CGPathCreateCopyByStrokingPath, copy(dashingWithPhase:lengths:transform:) ("An affine transform
// to apply to the path before dashing"). Status: complete; the outline holds only lines (Core
// Graphics' holds curves), within `strokedCopyTolerance` of the exact stroke.
//
// Order: the transform maps the path first and the stroke (or dash) is made in the mapped space
// with an identity pen — so a non-uniform transform does not stretch the pen here, unlike a
// context's CTM (CGContext.strokePath), where the pen lives in user space. The dashing docs say
// "before dashing" in so many words; the C stroking docs' "applies the transformation to
// elements of the converted path" is read the same way, so both copies agree.

import Foundation
import KinemaGeometry

extension CGPath {
    /// Largest distance between a stroked copy's line outline and the exact stroke, in the
    /// path's own units: at a drawing scale of 3 that is 0.15 device pixels, below what
    /// anti-aliasing shows.
    public static let strokedCopyTolerance: CGFloat = 0.05

    /// The outline of this path's stroke as a new path; fill it with the winding rule to paint the
    /// stroke. A width of 0 strokes a hairline one unit wide; a negative or non-finite width gives an
    /// empty path (with a diagnostic).
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        let source = kinemaPath.applying(PathTransform(transform))
        let style = StrokeStyle(width: Double(lineWidth), cap: lineCap.engine, join: lineJoin.engine,
                                miterLimit: Double(miterLimit))
        return CGPath(path: source.stroked(style, transform: .identity, tolerance: Double(Self.strokedCopyTolerance)))
    }

    /// The dashes of this path (mapped by `transform` first) as open subpaths; empty or unusable
    /// `lengths` return the path unchanged (see KinemaGeometry's DashPattern for the rules).
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        let source = kinemaPath.applying(PathTransform(transform))
        return CGPath(path: source.dashed(phase: Double(phase), lengths: lengths.map(Double.init)))
    }

    /// The path with its curves replaced by lines within `threshold` of them (iOS 16).
    public func flattened(threshold: CGFloat) -> CGPath {
        var out = Path()
        for contour in kinemaPath.flattened(tolerance: Double(threshold)) {
            out.addLines(between: contour.points)
            if contour.isClosed { out.closeSubpath() }
        }
        return CGPath(path: out)
    }
}
