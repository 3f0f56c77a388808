// Path+Contains: point-in-path by winding number on the exact curves.
//
// Audited against: CGPath.contains(_:using:transform:) ("a point is inside if it lies in the
// path's painted area"; winding rules .winding and .evenOdd; open subpaths are implicitly closed
// for filling, as in CGContext.fillPath). Status: complete. A point exactly on the outline may
// count as inside or outside (the half-open crossing rule below decides), as in any rasterizer.
//
// Method: a ray from the point toward +x; each subpath, closed or not, contributes its segments
// plus the closing line back to its start. Curves are split into pieces monotonic in y (roots of
// y'(t)); a piece spanning the ray's y is solved for its crossing by bisection to full double
// precision, so no flattening error enters. Crossing rule: an edge counts when
// min(y0, y1) ≤ y < max(y0, y1), +1 going up, −1 going down.

import Foundation

extension Path {
    /// Whether `point` is inside the area the path fills under `rule`.
    ///
    /// Cost: O(elements), a few dozen operations per curve near the point's height.
    public func contains(_ point: CGPoint, rule: CGPathFillRule = .winding) -> Bool {
        let w = windingNumber(at: PathVector(point))
        switch rule {
        case .winding: return w != 0
        case .evenOdd: return w & 1 != 0
        }
    }

    /// The winding number of the path around `point` (subpaths implicitly closed).
    func windingNumber(at q: PathVector) -> Int {
        guard q.isFinite else { return 0 }
        var winding = 0
        var start = PathVector(0, 0)
        var current = PathVector(0, 0)
        var open = false
        forEachSegment { seg in
            switch seg {
            case .move(let p):
                if open { winding += Self.lineWinding(current, start, q) }
                start = p; current = p; open = true
            case .line(let a, let b):
                winding += Self.lineWinding(a, b, q); current = b
            case .quad(let p0, let p1, let p2):
                winding += Self.quadWinding(p0, p1, p2, q); current = p2
            case .cubic(let p0, let p1, let p2, let p3):
                winding += Self.cubicWinding(p0, p1, p2, p3, q); current = p3
            case .close(let a, let b):
                winding += Self.lineWinding(a, b, q); current = b; open = false
            }
        }
        if open { winding += Self.lineWinding(current, start, q) }
        return winding
    }

    @inline(__always)
    static func lineWinding(_ a: PathVector, _ b: PathVector, _ q: PathVector) -> Int {
        if a.y <= q.y {
            if b.y > q.y, (b - a).cross(q - a) > 0 { return 1 }     // upward, q left of edge
        } else if b.y <= q.y, (b - a).cross(q - a) < 0 {
            return -1                                              // downward, q right of edge
        }
        return 0
    }

    /// Crossing of one y-monotonic curve piece [t0, t1] with the ray.
    @inline(__always)
    static func monotonicWinding(_ y0: Double, _ y1: Double, _ q: PathVector, _ t0: Double, _ t1: Double,
                                 _ eval: (Double) -> PathVector) -> Int {
        let up = y1 > y0
        let lo = min(y0, y1), hi = max(y0, y1)
        guard lo <= q.y, q.y < hi else { return 0 }
        // Bisection on y(t) − q.y, which is monotonic on [t0, t1].
        var a = t0, b = t1
        for _ in 0..<60 {
            let m = 0.5 * (a + b)
            guard m > a, m < b else { break }
            let ym = eval(m).y
            if (ym < q.y) == up { a = m } else { b = m }
        }
        let x = eval(0.5 * (a + b)).x
        guard x > q.x else { return 0 }
        return up ? 1 : -1
    }

    static func quadWinding(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ q: PathVector) -> Int {
        let minY = min(p0.y, p1.y, p2.y), maxY = max(p0.y, p1.y, p2.y)
        if q.y < minY || q.y >= maxY { return 0 }
        if max(p0.x, p1.x, p2.x) <= q.x { return 0 }
        let eval = { (t: Double) in PathBezier.quad(p0, p1, p2, t) }
        if let t = PathBezier.quadExtremum(p0.y, p1.y, p2.y) {
            let ym = eval(t).y
            return monotonicWinding(p0.y, ym, q, 0, t, eval) + monotonicWinding(ym, p2.y, q, t, 1, eval)
        }
        return monotonicWinding(p0.y, p2.y, q, 0, 1, eval)
    }

    static func cubicWinding(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector, _ q: PathVector) -> Int {
        let minY = min(p0.y, p1.y, p2.y, p3.y), maxY = max(p0.y, p1.y, p2.y, p3.y)
        if q.y < minY || q.y >= maxY { return 0 }
        if max(p0.x, p1.x, p2.x, p3.x) <= q.x { return 0 }
        let eval = { (t: Double) in PathBezier.cubic(p0, p1, p2, p3, t) }
        var r = (0.0, 0.0)
        let n = PathBezier.cubicExtrema(p0.y, p1.y, p2.y, p3.y, &r)
        var ts = (0.0, 1.0, 1.0, 1.0)
        var count = 2
        if n >= 1 { ts.1 = r.0; ts.2 = 1; count = 3 }
        if n == 2 { ts.2 = r.1; ts.3 = 1; count = 4 }
        var w = 0
        var tPrev = 0.0, yPrev = p0.y
        for i in 1..<count {
            let t = i == 1 ? ts.1 : (i == 2 ? ts.2 : ts.3)
            let y = t >= 1 ? p3.y : eval(t).y
            w += monotonicWinding(yPrev, y, q, tPrev, t, eval)
            tPrev = t; yPrev = y
        }
        return w
    }
}
