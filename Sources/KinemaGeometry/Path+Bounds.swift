// Path+Bounds: the control-point box and the exact box of a path.
//
// Audited against: CGPath.boundingBox ("including control points for Bézier and quadratic
// curves. If the path is empty, this value is CGRectNull") and CGPath.boundingBoxOfPath ("not
// including control points"). Status: complete.

import Foundation

extension Path {
    /// The smallest rectangle holding every point of the path, control points included
    /// (`CGPath.boundingBox`); `CGRect.null` for an empty path. Cost: O(points).
    public var controlPointBounds: CGRect {
        guard var lo = points.first else { return .null }
        var hi = lo
        for p in points {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        return CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// The smallest rectangle holding the path's curves themselves, control points not included
    /// (`CGPath.boundingBoxOfPath`); `CGRect.null` for an empty path.
    ///
    /// Curve extrema come from the roots of each coordinate's derivative (closed form), so the box
    /// is exact up to rounding. Move points are included, even a trailing move, as Core Graphics
    /// and Skia include them. Cost: O(elements).
    public var tightBounds: CGRect {
        guard !points.isEmpty else { return .null }
        var lo = PathVector(.infinity, .infinity), hi = PathVector(-.infinity, -.infinity)
        @inline(__always) func add(_ p: PathVector) {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        forEachSegment { seg in
            switch seg {
            case .move(let p): add(p)
            case .line(_, let p): add(p)
            case .close: break
            case .quad(let p0, let p1, let p2):
                add(p2)
                if let t = PathBezier.quadExtremum(p0.x, p1.x, p2.x) { add(PathBezier.quad(p0, p1, p2, t)) }
                if let t = PathBezier.quadExtremum(p0.y, p1.y, p2.y) { add(PathBezier.quad(p0, p1, p2, t)) }
            case .cubic(let p0, let p1, let p2, let p3):
                add(p3)
                var r = (0.0, 0.0)
                let nx = PathBezier.cubicExtrema(p0.x, p1.x, p2.x, p3.x, &r)
                if nx > 0 { add(PathBezier.cubic(p0, p1, p2, p3, r.0)) }
                if nx > 1 { add(PathBezier.cubic(p0, p1, p2, p3, r.1)) }
                let ny = PathBezier.cubicExtrema(p0.y, p1.y, p2.y, p3.y, &r)
                if ny > 0 { add(PathBezier.cubic(p0, p1, p2, p3, r.0)) }
                if ny > 1 { add(PathBezier.cubic(p0, p1, p2, p3, r.1)) }
            }
        }
        return CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }
}
