// Path+StrokeCulling: the part of a path whose stroke can reach a box (a canvas), for stroking
// into it — subpaths whose pen cannot reach the box dropped, curves whose pen cannot reach it
// replaced by their chords, and very large curves crossing its edge halved until the halves away
// from it are chords too. Found by the paths fuzz target (issue 19): 20 arcs of radius 10^9
// stroked with a dash into a 48 × 48 context sampled 16,384+ points a quarter circle and ran out
// of 2 GB.
//
// Why the pixels inside the box do not change: the stroke of a segment (its pen, joins and caps
// included) lies within `reach` of the segment, and a curve's chord lies in its control hull.
// When the hull grown by `reach` misses the box, the outline pieces of the curve and of its chord
// both lie in that grown hull (a convex set missing the box), so the closed loop they make winds
// around no point of the box and the non-zero fill of the outline is the same there; a whole
// subpath outside is the same argument for all its outline loops. The joins at a halving point
// are between tangent-continuous halves. Dashing runs before (on the full path), so dash
// positions do not move.
//
// Audited against: nothing of Apple's (an internal cost bound). Status: complete.

import Foundation

extension Path {
    /// What of this path to stroke when only `box` (in the space `transform` maps to) is drawn:
    /// see the file header. `reach` is how far, in that space, the stroke may lie from the path
    /// (half the width × the larger of the miter limit and 1.5, times the map's largest scale,
    /// plus a margin); `tolerance` is the device flattening distance (it decides which curves are
    /// large enough to halve). Returns the path and, for each kept subpath, its index before.
    ///
    /// **Cost.** O(path elements + log of each huge curve's size).
    func culledForStroking(keeping box: CGRect, transform: PathTransform, reach: Double,
                           tolerance: Double) -> (path: Path, keptSubpaths: [Int]) {
        let grown = box.insetBy(dx: -reach, dy: -reach)
        var out = Path()
        var kept: [Int] = []
        var subpath: [PathSegment] = []
        var subpathIndex = -1
        var lo = PathVector(.infinity, .infinity), hi = PathVector(-.infinity, -.infinity)
        func include(_ p: PathVector) {
            let m = transform.apply(p)
            lo = PathVector(min(lo.x, m.x), min(lo.y, m.y))
            hi = PathVector(max(hi.x, m.x), max(hi.y, m.y))
        }
        func flush() {
            defer {
                subpath.removeAll(keepingCapacity: true)
                lo = PathVector(.infinity, .infinity); hi = PathVector(-.infinity, -.infinity)
            }
            guard !subpath.isEmpty else { return }
            // A subpath whose every point is farther than `reach` from the box: its stroke misses it.
            if hi.x < grown.minX || lo.x > grown.maxX || hi.y < grown.minY || lo.y > grown.maxY { return }
            kept.append(subpathIndex)
            for segment in subpath {
                switch segment {
                case .move(let p): out.move(to: p.cgPoint)
                case .line(_, let p): out.addLine(to: p.cgPoint)
                case .quad(let p0, let p1, let p2):
                    // As the stroker does: its exact cubic.
                    emitCubic(p0, p0 + (2.0 / 3) * (p1 - p0), p2 + (2.0 / 3) * (p1 - p2), p2, depth: 0)
                case .cubic(let p0, let p1, let p2, let p3): emitCubic(p0, p1, p2, p3, depth: 0)
                case .close: out.closeSubpath()
                }
            }
        }
        func emitCubic(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector, depth: Int) {
            let m0 = transform.apply(p0), m1 = transform.apply(p1), m2 = transform.apply(p2), m3 = transform.apply(p3)
            let minX = min(m0.x, m1.x, m2.x, m3.x), maxX = max(m0.x, m1.x, m2.x, m3.x)
            let minY = min(m0.y, m1.y, m2.y, m3.y), maxY = max(m0.y, m1.y, m2.y, m3.y)
            if maxX < grown.minX || minX > grown.maxX || maxY < grown.minY || minY > grown.maxY {
                out.addLine(to: p3.cgPoint)
                return
            }
            let inside = minX >= grown.minX && maxX <= grown.maxX && minY >= grown.minY && maxY <= grown.maxY
            guard !inside, depth < PathFlattener.maximumCullingDepth,
                  PathFlattener.cubicSegments(m0, m1, m2, m3, tolerance: tolerance) > PathFlattener.cullingSplitSegments else {
                out.addCurve(to: p3.cgPoint, control1: p1.cgPoint, control2: p2.cgPoint)
                return
            }
            func mid(_ a: PathVector, _ b: PathVector) -> PathVector { 0.5 * a + 0.5 * b }
            let p01 = mid(p0, p1), p12 = mid(p1, p2), p23 = mid(p2, p3)
            let p012 = mid(p01, p12), p123 = mid(p12, p23), m = mid(p012, p123)
            emitCubic(p0, p01, p012, m, depth: depth + 1)
            emitCubic(m, p123, p23, p3, depth: depth + 1)
        }
        forEachSegment { segment in
            switch segment {
            case .move(let p):
                flush()
                subpathIndex += 1
                include(p)
            case .line(_, let p): include(p)
            case .quad(_, let p1, let p2): include(p1); include(p2)
            case .cubic(_, let p1, let p2, let p3): include(p1); include(p2); include(p3)
            case .close: break
            }
            subpath.append(segment)
        }
        flush()
        return (out, kept)
    }
}
