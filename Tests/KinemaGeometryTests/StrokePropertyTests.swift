// Stroking and dashing: closed-form properties over seeded random paths, CG's rules, bad input.
import Foundation
import Testing
@testable import KinemaGeometry

private func pt(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

private func line(_ a: CGPoint, _ b: CGPoint) -> Path {
    var p = Path(); p.move(to: a); p.addLine(to: b); return p
}

@Suite("Stroking and dashing")
struct StrokePropertyTests {
    /// With round caps and joins the exact stroke is the set of points within w/2 of the path.
    /// The outline is within `tolerance` of it: a point nearer than w/2 − tol must be inside,
    /// one farther than w/2 + tol outside. 150 seeded random paths of lines, quadratics and cubics
    /// (cusps and loops included), 150 points each, near the edge on purpose.
    @Test("round caps and joins: the outline is the w/2-neighbourhood of the path within the tolerance")
    func minkowski() {
        var rng = GeometryRandom(seed: 99)
        for trial in 0..<150 {
            var path = Path()
            path.move(to: rng.point(0, 100))
            for _ in 0..<Int(rng.range(1, 5)) {
                switch Int(rng.range(0, 3)) {
                case 0: path.addLine(to: rng.point(0, 100))
                case 1: path.addQuadCurve(to: rng.point(0, 100), control: rng.point(-20, 120))
                default: path.addCurve(to: rng.point(0, 100), control1: rng.point(-20, 120), control2: rng.point(-20, 120))
                }
            }
            if trial % 3 == 0 { path.closeSubpath() }
            let width = rng.range(0.5, 40), tol = 0.05
            let outline = path.stroked(StrokeStyle(width: width, cap: .round, join: .round), tolerance: tol)
            let dense = path.flattened(tolerance: 1e-4)
            for _ in 0..<150 {
                var q = rng.point(-25, 125)
                // Half the samples near the edge of the stroke.
                if rng.unit() < 0.5, let c = dense.first, let a = c.points.randomElement(using: &rng) {
                    let ang = rng.range(0, 2 * .pi), r = width / 2 + rng.range(-3 * tol, 3 * tol)
                    q = pt(a.x + r * cos(ang), a.y + r * sin(ang))
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
    /// Huge, tiny and mixed coordinates, widths and tolerances must never trap (Int conversions,
    /// divisions, piece counts are clamped); results may be empty or coarse, but the calls return.
    @Test("extreme inputs return without trapping (seeded)")
    func extremes() {
        var rng = GeometryRandom(seed: 5)
        let magnitudes = [1e-300, 1e-12, 1, 1e6, 1e150, 1e300]
        for trial in 0..<36 {
            let m = magnitudes[trial % magnitudes.count]
            var p = Path()
            p.move(to: CGPoint(x: rng.range(-m, m), y: rng.range(-m, m)))
            p.addCurve(to: CGPoint(x: rng.range(-m, m), y: rng.range(-m, m)),
                       control1: CGPoint(x: rng.range(-m, m), y: rng.range(-m, m)),
                       control2: CGPoint(x: rng.range(-m, m), y: rng.range(-m, m)))
            p.addQuadCurve(to: CGPoint(x: rng.range(-m, m), y: 0), control: CGPoint(x: 0, y: rng.range(-m, m)))
            p.addRelativeArc(center: .zero, radius: m, startAngle: 0, delta: m)
            p.closeSubpath()
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
}
