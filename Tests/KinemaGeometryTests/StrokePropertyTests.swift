// Stroking and dashing: closed-form properties over seeded random paths, CG's rules, bad input.
import KinemaSupport
import Foundation
import Testing
@testable import KinemaGeometry

private func pt(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

private func line(_ a: CGPoint, _ b: CGPoint) -> Path {
    var p = Path(); p.move(to: a); p.addLine(to: b); return p
}

@Suite("Stroking and dashing")
struct StrokePropertyTests {
    /// The outline is within `tolerance` of the exact stroke, over 150 seeded random paths of
    /// lines, quadratics and cubics (cusps, loops and widths beyond the radius of curvature
    /// included), 150 points each, many near the edge on purpose:
    ///   - round caps and joins: the exact stroke is the set of points within w/2 of the path; a
    ///     point nearer than w/2 − tol must be inside, one farther than w/2 + tol outside;
    ///   - butt and square caps (round joins): the exact stroke is the union of the segments of
    ///     length w centred on the path along its normals, the joins' pie slices and the square
    ///     caps (`SweptStroke`). A point farther than tol + 1e-3 from every place where that
    ///     region's boundary can lie must be classified as it says. On open paths a third of the
    ///     points are drawn by the caps' corners, where a chord's own normal would stick out.
    @Test("the outline is the exact stroke within the tolerance (round: the w/2-neighbourhood; butt, square: the normals' sweep)",
          arguments: [StrokeLineCap.round, .butt, .square])
    func minkowski(cap: StrokeLineCap) {
        var rng = GeometryRandom(seed: 99)
        var checked = 0
        for trial in 0..<150 {
            var path = Path()
            let start = rng.point(0, 100)
            path.move(to: start)
            var pieces: [SweptStroke.Cubic] = []
            var last = PathVector(start)
            for _ in 0..<Int(rng.range(1, 5)) {
                switch Int(rng.range(0, 3)) {
                case 0:
                    let p = rng.point(0, 100)
                    path.addLine(to: p)
                    pieces.append(.line(last, PathVector(p)))
                    last = PathVector(p)
                case 1:
                    let p = rng.point(0, 100), c = rng.point(-20, 120)
                    path.addQuadCurve(to: p, control: c)
                    pieces.append(.quad(last, PathVector(c), PathVector(p)))
                    last = PathVector(p)
                default:
                    let p = rng.point(0, 100), c1 = rng.point(-20, 120), c2 = rng.point(-20, 120)
                    path.addCurve(to: p, control1: c1, control2: c2)
                    pieces.append(SweptStroke.Cubic(last, PathVector(c1), PathVector(c2), PathVector(p)))
                    last = PathVector(p)
                }
            }
            let closed = trial % 3 == 0
            if closed {
                path.closeSubpath()
                if last != PathVector(start) { pieces.append(.line(last, PathVector(start))) }
            }
            let width = rng.range(0.5, 40), tol = 0.05
            let outline = path.stroked(StrokeStyle(width: width, cap: cap, join: .round), tolerance: tol)
            let dense = path.flattened(tolerance: 1e-4)
            let swept = cap == .round ? nil : SweptStroke(pieces, halfWidth: width / 2, square: cap == .square,
                                                          closed: closed, margin: tol + 1e-3)
            for k in 0..<150 {
                var q = rng.point(-25, 125)
                // Half the samples near the edge of the stroke; with butt and square caps a third
                // around the ends, near the cap's corners, a little before and after the cap.
                if cap != .round, !closed, k % 3 == 0, let first = pieces.first, let final = pieces.last {
                    let atEnd = rng.unit() < 0.5
                    let (p, d) = atEnd ? (final.p3, final.endTangent) : (first.p0, -first.startTangent)
                    let along = rng.range(-0.1, 0.1) * max(width / 2, 1) + (cap == .square ? width / 2 : 0)
                    let across = rng.range(0.4, 1.1) * (rng.unit() < 0.5 ? width / 2 : -width / 2)
                    q = (p + d * along + d.leftNormal * across).cgPoint
                } else if rng.unit() < 0.5, let c = dense.first, let a = c.points.randomElement(using: &rng) {
                    let ang = rng.range(0, 2 * .pi), r = width / 2 + rng.range(-3 * tol, 3 * tol)
                    q = pt(a.x + r * cos(ang), a.y + r * sin(ang))
                }
                if let swept {
                    guard let inside = swept.classify(PathVector(q)) else { continue }
                    checked += 1
                    #expect(outline.contains(q) == inside, "trial \(trial): \(q) should be \(inside ? "inside" : "outside"), w/2 \(width / 2)")
                    continue
                }
                var d = Double.infinity
                for c in dense {
                    var pts = c.points
                    if c.isClosed, let f = pts.first { pts.append(f) }
                    d = min(d, polylineDistance(q, pts))
                }
                if d < width / 2 - tol - 1e-4 { #expect(outline.contains(q), "trial \(trial): \(q) at \(d), w/2 \(width / 2)") }
                if d > width / 2 + tol + 1e-4 { #expect(!outline.contains(q), "trial \(trial): \(q) at \(d), w/2 \(width / 2)") }
            }
        }
        if cap != .round { #expect(checked > 150 * 150 * 3 / 4, "\(checked) points classified") }
    }

    @Test("miter limit: a miter is kept while 1/sin(θ/2) ≤ limit and beveled beyond it (CAShapeLayer.miterLimit, default 10)")
    func miterLimit() {
        for (degrees, limit, expectMiter) in [(15.0, 10.0, true), (10.0, 10.0, false), (15.0, 4.0, false), (90.0, 1.4143, true), (90.0, 1.414, false)] {
            let theta = degrees * .pi / 180
            var p = Path()
            p.move(to: pt(0, 0)); p.addLine(to: pt(100, 0))
            p.addLine(to: pt(100 - 100 * cos(theta), 100 * sin(theta)))
            let outline = p.stroked(StrokeStyle(width: 2, join: .miter, miterLimit: limit), tolerance: 0.01)
            let tipDistance = 1 / sin(theta / 2)   // from the corner, along the outer bisector
            // The outer bisector points away from both segments: −(−d1 + d2) with d1 = (1, 0), d2 = (−cos θ, sin θ).
            let ux = 1 + cos(theta), uy = -sin(theta), ul = hypot(ux, uy)
            let probe = pt(100 + ux / ul * (tipDistance - 0.05), uy / ul * (tipDistance - 0.05))
            #expect(outline.contains(probe) == expectMiter, "\(degrees)° limit \(limit)")
        }
    }

    @Test("zero-length subpaths: round caps draw a disc, square caps an axis-aligned square, butt nothing; a lone move nothing")
    func zeroLength() {
        var p = Path()
        p.move(to: pt(10, 10)); p.addLine(to: pt(10, 10))
        p.move(to: pt(50, 10)); p.closeSubpath()
        p.move(to: pt(90, 10))
        let round = p.stroked(StrokeStyle(width: 8, cap: .round), tolerance: 0.01)
        #expect(round.contains(pt(10, 13.9)) && round.contains(pt(50, 6.1)) && !round.contains(pt(13, 13)))
        #expect(!round.contains(pt(90, 10)))
        let square = p.stroked(StrokeStyle(width: 8, cap: .square), tolerance: 0.01)
        #expect(square.contains(pt(13.9, 13.9)) && square.contains(pt(46.1, 6.1)))
        #expect(p.stroked(StrokeStyle(width: 8, cap: .butt)).isEmpty)
    }

    @Test("zero-length dashes draw dots (round) and squares turned along the path (square)")
    func dots() {
        let diagonal = line(pt(0, 0), pt(100, 100))
        let squares = diagonal.stroked(StrokeStyle(width: 10, cap: .square, dashPhase: 0, dashLengths: [0, 20]), tolerance: 0.01)
        // A square of side 10 turned 45° about (0, 0): its corner reaches 5√2 along the axes.
        #expect(squares.contains(pt(6.9, 0)) && !squares.contains(pt(4.9, 4.9)))
        let dotsPath = line(pt(0, 0), pt(100, 0)).stroked(StrokeStyle(width: 6, cap: .round, dashPhase: 0, dashLengths: [0, 25]))
        #expect(dotsPath.flattened(tolerance: 0.25).count == 5, "dots at 0, 25, 50, 75 and 100")
    }

    @Test("dashed(phase:lengths:) cuts exact pieces; phase wraps (also negative); an odd count cycles twice (CGContext.setLineDash)")
    func dashPieces() {
        let l = line(pt(0, 0), pt(100, 0))
        // Distances map to points to within rounding (t = d / length, then a lerp).
        func starts(_ p: Path) -> [Double] { p.flattened(tolerance: 0.1).map { (Double($0.points[0].x) * 1e6).rounded() / 1e6 } }
        func ends(_ p: Path) -> [Double] { p.flattened(tolerance: 0.1).map { (Double($0.points.last?.x ?? 0) * 1e6).rounded() / 1e6 } }
        let a = l.dashed(phase: 5, lengths: [20, 10])
        #expect(starts(a) == [0, 25, 55, 85] && ends(a) == [15, 45, 75, 100])
        #expect(l.dashed(phase: -25, lengths: [20, 10]) == a, "phase −25 ≡ 5 (mod 30)")
        #expect(l.dashed(phase: 0, lengths: [10, 20, 10]) == l.dashed(phase: 0, lengths: [10, 20, 10, 10, 20, 10]))
        // Painted 10, skipped 20, painted 10, skipped 10, painted 20, skipped 10, …
        #expect(starts(l.dashed(phase: 0, lengths: [10, 20, 10])) == [0, 30, 50, 80])
    }

    @Test("a dash running over a closed subpath's start is one piece (joined, not capped)")
    func dashWrapsClosedStart() {
        let square = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        let d = square.dashed(phase: 25, lengths: [50, 25])   // painted [0,25], [50,100], …, [350,400]
        let contours = d.flattened(tolerance: 0.1)
        #expect(contours.count == 5)
        // The last piece starts at distance 350 (0, 50) and runs through the corner (0, 0) to (25, 0).
        #expect(contours.last?.points.first == pt(0, 50) && contours.last?.points.last == pt(25, 0))
        // Covered entirely by one dash: stays closed.
        #expect(square.dashed(phase: 0, lengths: [1000, 1]).flattened(tolerance: 0.1).first?.isClosed == true)
    }

    @Test("unusable dash patterns are ignored with a diagnostic (all zero, negative, non-finite, too many dashes)")
    func badDashes() {
        let l = line(pt(0, 0), pt(100, 0))
        for lengths in [[0.0, 0.0], [5, -1], [Double.nan, 2]] {
            let (d, diagnostics) = KinemaDiagnostics.collecting { l.dashed(phase: 0, lengths: lengths) }
            #expect(d == l && diagnostics.count == 1, "\(lengths)")
        }
        #expect(l.dashed(phase: 0, lengths: []) == l)
        let (d, diagnostics) = KinemaDiagnostics.collecting { l.dashed(phase: 0, lengths: [1e-6, 1e-6]) }
        #expect(d == l && diagnostics.count == 1)
    }

    @Test("the pen is in user space: a non-uniform transform stretches it (CGContext CTM)")
    func stretchedPen() {
        let outline = line(pt(0, 0), pt(10, 0)).stroked(StrokeStyle(width: 2), transform: .scale(1, 5))
        let b = outline.tightBounds
        #expect(abs(b.height - 10) < 1e-9 && abs(b.width - 10) < 1e-9)
    }

    @Test("hairline: width 0 is flagged, and its outline is one device pixel wide")
    func hairline() {
        let style = StrokeStyle(width: 0)
        #expect(style.isHairline && !StrokeStyle(width: 1).isHairline)
        let b = line(pt(0, 0), pt(10, 0)).stroked(style, transform: .scale(30, 30)).tightBounds
        #expect(abs(b.height - 1) < 1e-9 && abs(b.width - 300) < 1e-9)
    }

    @Test("bad stroke input: negative or NaN width strokes nothing, bad miter limit uses 10, each with a diagnostic")
    func badInput() {
        let l = line(pt(0, 0), pt(10, 0))
        for w in [-1.0, .nan, .infinity] {
            let (o, diagnostics) = KinemaDiagnostics.collecting { l.stroked(StrokeStyle(width: w)) }
            #expect(o.isEmpty && diagnostics.count == 1)
        }
        let (o, diagnostics) = KinemaDiagnostics.collecting { l.stroked(StrokeStyle(width: 2, miterLimit: .nan)) }
        #expect(!o.isEmpty && diagnostics.count == 1)
    }

    @Test("PathMeasure: exact lengths for lines; a circle's length; positions along the path; segment(from:to:)")
    func measure() {
        let m = PathMeasure(Path(rect: CGRect(x: 0, y: 0, width: 30, height: 40)))
        #expect(m.length == 140 && m.contours.count == 1 && m.contours[0].isClosed)
        #expect(m.position(at: 50) == pt(30, 20))
        #expect(m.tangent(at: 50) == pt(0, 1))
        // The 4-cubic circle of radius 100 is 2π·100 to within 2e-4 relative (its own radial error).
        let circle = PathMeasure(Path(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200)))
        #expect(abs(circle.length - 2 * .pi * 100) < 2e-4 * 2 * .pi * 100)
        // A segment of a cubic has the requested length.
        var c = Path(); c.move(to: .zero); c.addCurve(to: pt(100, 0), control1: pt(0, 80), control2: pt(100, -80))
        let cm = PathMeasure(c)
        let piece = PathMeasure(cm.segment(from: 20, to: 70))
        #expect(abs(piece.length - 50) < 1e-6)
    }
}

@Suite("Path robustness")
struct PathRobustnessTests {
    static let magnitudes = [1e-300, 1e-12, 1, 1e6, 1e150, 1e300]

    /// The 36 seeded paths, drawn in order from one generator (trial k's path is the k-th drawn).
    static func paths() -> [Path] {
        var rng = GeometryRandom(seed: 5)
        return (0..<36).map { trial in
            let m = magnitudes[trial % magnitudes.count]
            var p = Path()
            p.move(to: CGPoint(x: rng.range(-m, m), y: rng.range(-m, m)))
            p.addCurve(to: CGPoint(x: rng.range(-m, m), y: rng.range(-m, m)),
                       control1: CGPoint(x: rng.range(-m, m), y: rng.range(-m, m)),
                       control2: CGPoint(x: rng.range(-m, m), y: rng.range(-m, m)))
            p.addQuadCurve(to: CGPoint(x: rng.range(-m, m), y: 0), control: CGPoint(x: 0, y: rng.range(-m, m)))
            p.addRelativeArc(center: .zero, radius: m, startAngle: 0, delta: m)
            p.closeSubpath()
            return p
        }
    }

    /// Huge, tiny and mixed coordinates, widths and tolerances must never trap (Int conversions,
    /// divisions, piece counts are clamped); results may be empty or coarse, but the calls return.
    /// One test case a trial, so the trials run side by side (the slow ones, seconds each in a
    /// debug build, are the stroker under the scale(m, 1/m) pen at m = 1e6 and 1e150).
    @Test("extreme inputs return without trapping (seeded)", arguments: 0..<36)
    func extremes(trial: Int) {
        let m = Self.magnitudes[trial % Self.magnitudes.count]
        // Building the paths provokes diagnostics on purpose (sweeps of more than 16 turns).
        let (paths, _) = KinemaDiagnostics.collecting { Self.paths() }
        let p = paths[trial]
        _ = KinemaDiagnostics.collecting {
            _ = p.flattened(tolerance: [1e-9, 0.25, 1e9][trial % 3] * max(m, 1))
            _ = p.tightBounds
            _ = p.contains(CGPoint(x: m / 3, y: m / 7))
            _ = PathMeasure(p).length
            _ = p.dashed(phase: m, lengths: [m / 10, m / 20])
            _ = p.stroked(StrokeStyle(width: [0, 1e-9, 3, 1e200][trial % 4], cap: .round, join: .round,
                                      dashPhase: 1, dashLengths: trial % 2 == 0 ? [] : [5, 5]),
                          transform: .scale(m, 1 / m), tolerance: [1e-9, 0.25][trial % 2])
        }
    }
}

/// The exact stroke of one subpath of Béziers with round joins and butt or square caps: the union
/// of the segments of length w centred on the path along its normals (the PDF imaging model's
/// stroke, as Skia draws it), the round joins' pie slices (radius w/2, on
/// the outer side of each joint, between the two pieces' normals) and the square caps' half squares.
///
/// A point q is on the normal at t where g(t) = (q − B(t)) · B'(t) = 0; the roots are found by sign
/// changes over 1,024 steps per piece, then bisection. The same roots give q's distance to the
/// offset curves B ± (w/2)·n (their tangents are parallel to B's, so their nearest points are
/// roots of g too). `classify` answers nil within `margin` of anything that can bound the region:
/// the offset curves, the normals at the pieces' ends, the centres of curvature within reach
/// (where the inner normals fold back: sampled, 4,096 per piece), the joins' arcs and the square
/// caps' edges. Two roots closer than a step can only be missed near a centre of curvature,
/// where q's distance along those normals is that radius: within the margin, or beyond w/2.
private struct SweptStroke {
    struct Cubic {
        let p0: PathVector, p1: PathVector, p2: PathVector, p3: PathVector
        init(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector) {
            self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
        }
        static func line(_ a: PathVector, _ b: PathVector) -> Cubic { Cubic(a, a.lerp(b, 1.0 / 3), a.lerp(b, 2.0 / 3), b) }
        static func quad(_ a: PathVector, _ c: PathVector, _ b: PathVector) -> Cubic {
            Cubic(a, a + (2.0 / 3) * (c - a), b + (2.0 / 3) * (c - b), b)
        }
        func point(_ t: Double) -> PathVector { PathBezier.cubic(p0, p1, p2, p3, t) }
        func velocity(_ t: Double) -> PathVector { PathBezier.cubicDerivative(p0, p1, p2, p3, t) }
        func acceleration(_ t: Double) -> PathVector { 6 * ((1 - t) * (p0 - 2 * p1 + p2) + t * (p1 - 2 * p2 + p3)) }
        var startTangent: PathVector { PathBezier.cubicStartTangent(p0, p1, p2, p3) ?? PathVector(1, 0) }
        var endTangent: PathVector { PathBezier.cubicEndTangent(p0, p1, p2, p3) ?? PathVector(1, 0) }
    }

    let pieces: [Cubic]
    let halfWidth: Double
    let margin: Double
    /// The round joins (centre, the slice's middle direction, cos of its half angle), the
    /// normals at the pieces' ends, and the square caps (origin, direction).
    let joins: [(PathVector, PathVector, Double)]
    let endNormals: [(PathVector, PathVector)]
    let caps: [(PathVector, PathVector)]
    /// Centres of curvature nearer than w/2 + 2·margin.
    let centres: OutlineDistance

    init(_ pieces: [Cubic], halfWidth hw: Double, square: Bool, closed: Bool, margin: Double) {
        self.pieces = pieces; self.halfWidth = hw; self.margin = margin
        var joints = Array(zip(pieces.dropLast(), pieces.dropFirst()))
        if closed, let first = pieces.first, let last = pieces.last { joints.append((last, first)) }
        joins = joints.compactMap { a, b in
            let t1 = a.endTangent, t2 = b.startTangent
            let cross = t1.cross(t2)
            // A 180° turn (within rounding) draws the half disc ahead of the joint (Path+Stroke.swift).
            guard abs(cross) > 1e-9 else { return t1.dot(t2) < 0 ? (b.p0, t1, 0) : nil }
            let outer = cross > 0 ? -1.0 : 1.0   // a left turn has its outer side on the right
            let n1 = t1.leftNormal * outer, n2 = t2.leftNormal * outer
            guard let middle = (n1 + n2).normalized else { return nil }
            return (b.p0, middle, n1.dot(middle))
        }
        endNormals = pieces.flatMap { c in
            [(c.p0, c.startTangent.leftNormal * hw), (c.p3, c.endTangent.leftNormal * hw)].map { ($0.0 - $0.1, $0.0 + $0.1) }
        }
        if square, !closed, let first = pieces.first, let last = pieces.last {
            caps = [(first.p0, -first.startTangent), (last.p3, last.endTangent)]
        } else {
            caps = []
        }
        var runs: [PathContour] = []
        for c in pieces {
            var run: [CGPoint] = []
            func flush() {
                // There and back, so the contour's implicit closing edge adds nothing new.
                if !run.isEmpty { runs.append(PathContour(points: run + run.dropLast().reversed(), isClosed: false)) }
                run = []
            }
            for k in 0...4096 {
                let t = Double(k) / 4096
                let v = c.velocity(t), cross = v.cross(c.acceleration(t))
                guard cross != 0, let n = v.normalized?.leftNormal else { flush(); continue }
                let r = v.lengthSquared * v.length / cross   // signed: the centre is at B + r·n
                guard abs(r) <= hw + 2 * margin else { flush(); continue }
                run.append((c.point(t) + n * r).cgPoint)
            }
            flush()
        }
        centres = OutlineDistance(contours: runs, cell: max(margin, 0.05))
    }

    /// Whether `q` is in the exact stroke, or nil when it is within `margin` of its boundary.
    func classify(_ q: PathVector) -> Bool? {
        let hw = halfWidth
        var inside = false
        for (p, middle, cosHalf) in joins {
            let v = q - p, d = v.length
            guard v.dot(middle) >= d * cosHalf else { continue }
            if abs(d - hw) <= margin { return nil }
            if d <= hw { inside = true }
        }
        for (p, d) in caps {
            let n = d.leftNormal * hw, e = d * hw
            for (a, b) in [(p + n, p + n + e), (p + n + e, p - n + e), (p - n + e, p - n)]
            where segmentDistance(q.cgPoint, a.cgPoint, b.cgPoint) <= margin { return nil }
            let along = (q - p).dot(d), across = (q - p).dot(d.leftNormal)
            if along >= 0, along <= hw, abs(across) <= hw { inside = true }
        }
        for (a, b) in endNormals where segmentDistance(q.cgPoint, a.cgPoint, b.cgPoint) <= margin { return nil }
        if centres.isNear(q.cgPoint, within: margin) { return nil }
        let reach = hw + margin
        for c in pieces {
            let xs = [c.p0.x, c.p1.x, c.p2.x, c.p3.x], ys = [c.p0.y, c.p1.y, c.p2.y, c.p3.y]
            guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
                  q.x >= x0 - reach, q.x <= x1 + reach, q.y >= y0 - reach, q.y <= y1 + reach else { continue }
            func g(_ t: Double) -> Double { (q - c.point(t)).dot(c.velocity(t)) }
            let steps = 1024
            var t0 = 0.0, g0 = g(0)
            for k in 1...steps {
                let t1 = Double(k) / Double(steps), g1 = g(t1)
                if (g0 <= 0) != (g1 <= 0) {
                    var lo = t0, hi = t1, glo = g0
                    for _ in 0..<50 {
                        let mid = 0.5 * (lo + hi), gm = g(mid)
                        if (gm <= 0) == (glo <= 0) { lo = mid; glo = gm } else { hi = mid }
                    }
                    let u = (q - c.point(0.5 * (lo + hi))).length
                    if abs(u - hw) <= margin { return nil }
                    if u <= hw { inside = true }
                }
                t0 = t1; g0 = g1
            }
        }
        return inside
    }
}
