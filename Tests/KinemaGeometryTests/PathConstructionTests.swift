// Path construction semantics: elements, current point, CG's shape helpers and bad input.
import KinemaSupport
import Foundation
import Testing
@testable import KinemaGeometry

private func pt(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

private func close(_ a: CGPoint, _ b: CGPoint, _ tol: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
}

@Suite("Path construction (CGMutablePath semantics)")
struct PathConstructionTests {
    @Test("elements come back in order; currentPoint follows the last element (CGPath.applyWithBlock, currentPoint)")
    func elementsAndCurrentPoint() {
        var p = Path()
        #expect(p.isEmpty && p.currentPoint == nil)
        p.move(to: pt(1, 2))
        p.addLine(to: pt(3, 4))
        p.addQuadCurve(to: pt(5, 6), control: pt(4, 8))
        p.addCurve(to: pt(9, 9), control1: pt(6, 0), control2: pt(8, 1))
        #expect(p.currentPoint == pt(9, 9))
        p.closeSubpath()
        #expect(p.currentPoint == pt(1, 2), "after a close the current point is the subpath's start")
        #expect(Array(p.elements) == [
            .moveTo(pt(1, 2)), .lineTo(pt(3, 4)), .quadCurveTo(control: pt(4, 8), end: pt(5, 6)),
            .curveTo(control1: pt(6, 0), control2: pt(8, 1), end: pt(9, 9)), .closeSubpath,
        ])
        #expect(Path(p.elements) == p)
    }

    @Test("a segment after closeSubpath starts a new subpath at the closed one's start")
    func implicitMoveAfterClose() {
        var p = Path()
        p.move(to: pt(0, 0)); p.addLine(to: pt(10, 0)); p.closeSubpath()
        p.addLine(to: pt(0, 10))
        #expect(Array(p.elements).suffix(2) == [.moveTo(pt(0, 0)), .lineTo(pt(0, 10))])
        p.closeSubpath(); p.closeSubpath()
        #expect(p.elementCount == 6, "a second close does nothing")
    }

    @Test("a segment with no current point is ignored with a diagnostic (CG logs 'no current point')")
    func noCurrentPoint() {
        let (p, diagnostics) = KinemaDiagnostics.collecting { () -> Path in
            var p = Path()
            p.addLine(to: pt(1, 1))
            p.addCurve(to: pt(1, 1), control1: pt(0, 0), control2: pt(1, 0))
            p.addArc(tangent1End: pt(1, 1), tangent2End: pt(2, 0), radius: 1)
            return p
        }
        #expect(p.isEmpty)
        #expect(diagnostics.count == 3 && diagnostics.allSatisfy { $0.domain == "CGPath" })
    }

    @Test("NaN and infinite points are dropped with a diagnostic and the path goes on")
    func nonFiniteDropped() {
        let (p, diagnostics) = KinemaDiagnostics.collecting { () -> Path in
            var p = Path()
            p.move(to: pt(0, 0))
            p.addLine(to: pt(.nan, 1))
            p.addCurve(to: pt(1, 1), control1: pt(.infinity, 0), control2: pt(1, 0))
            p.addLine(to: pt(5, 5))
            p.addArc(center: pt(0, 0), radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
            p.addRect(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
            return p
        }
        #expect(Array(p.elements) == [.moveTo(pt(0, 0)), .lineTo(pt(5, 5))])
        #expect(diagnostics.count == 4)
    }

    @Test("addRect moves to (minX, minY) and runs counter-clockwise in y-up space (CGPathAddRect), standardizing negative sizes")
    func rect() {
        var p = Path()
        p.addRect(CGRect(x: 10, y: 20, width: -5, height: 3))
        #expect(Array(p.elements) == [.moveTo(pt(5, 20)), .lineTo(pt(10, 20)), .lineTo(pt(10, 23)), .lineTo(pt(5, 23)), .closeSubpath])
    }

    @Test("addLines(between:) moves to the first point and adds lines to the rest (CGPathAddLines)")
    func lines() {
        var p = Path()
        p.addLines(between: [pt(0, 0), pt(1, 0), pt(1, 1)])
        #expect(Array(p.elements) == [.moveTo(pt(0, 0)), .lineTo(pt(1, 0)), .lineTo(pt(1, 1))])
    }

    @Test("addEllipse: move to (maxX, midY), four cubics with increasing angle, close (CGPath(ellipseIn:))")
    func ellipse() {
        let p = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 60))
        let e = Array(p.elements)
        #expect(e.count == 6)
        #expect(e.first == .moveTo(pt(100, 30)) && e.last == .closeSubpath)
        guard case .curveTo(let c1, _, let end) = e[1] else { Issue.record("expected a cubic"); return }
        #expect(end == pt(50, 60))
        #expect(close(c1, pt(100, 30 + 30 * 0.5522847498307936), 1e-9))
        // Radial error of the 4-cubic circle: ≤ 2.73e-4 × r.
        let circle = Path(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100))
        for c in circle.flattened(tolerance: 1e-4) {
            for q in c.points { #expect(abs(hypot(q.x, q.y) - 50) <= 2.73e-4 * 50 + 1e-4) }
        }
    }

    @Test("addRoundedRect clamps corners to half the size with a diagnostic (CG requires 2·corner ≤ size); start (minX + w, minY)")
    func roundedRect() {
        let (p, diagnostics) = KinemaDiagnostics.collecting {
            Path(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 30, cornerHeight: 5)
        }
        #expect(diagnostics.count == 1)
        #expect(p.elements.first { _ in true } == .moveTo(pt(20, 0)))
        #expect(p.tightBounds == CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(p.contains(pt(20, 10)) && !p.contains(pt(0.3, 0.3)))
        let plain = Path(roundedRect: CGRect(x: 0, y: 0, width: 4, height: 2), cornerWidth: 0, cornerHeight: 1)
        #expect(plain == Path(rect: CGRect(x: 0, y: 0, width: 4, height: 2)))
    }

    @Test("per-corner radii: oversize radii scale down together; sharp corners stay sharp")
    func perCornerRadii() {
        var p = Path()
        let radii = PathCornerRadii(minXMinY: CGSize(width: 80, height: 80), maxXMinY: .zero,
                                    maxXMaxY: CGSize(width: 20, height: 20), minXMaxY: .zero)
        p.addRoundedRect(in: CGRect(x: 0, y: 0, width: 50, height: 100), cornerRadii: radii)
        // Along the bottom (width 50) 80 + 0 > 50: factor 50/80; the round corner reaches x = 50.
        #expect(p.contains(pt(49, 1)), "the (maxX, minY) corner is sharp")
        #expect(!p.contains(pt(1, 1)), "the (minX, minY) corner is round")
        #expect(p.tightBounds == CGRect(x: 0, y: 0, width: 50, height: 100))
    }

    @Test("addArc: clockwise runs with decreasing angle in y-up space (CGContextAddArc); canvas-style sweep rules")
    func arcDirection() {
        func arc(_ s: Double, _ e: Double, _ cw: Bool) -> Path {
            var p = Path(); p.addArc(center: .zero, radius: 10, startAngle: s, endAngle: e, clockwise: cw); return p
        }
        // Counterclockwise 0 → π/2: one quarter through 45°.
        #expect(arc(0, .pi / 2, false).elementCount == 2)
        #expect(arc(0, .pi / 2, false).contains(pt(6, 6)))
        // Clockwise 0 → π/2: three quarters, through (0, −10).
        let cw = arc(0, .pi / 2, true)
        #expect(cw.elementCount == 4)
        #expect(close(cw.currentPoint ?? .zero, pt(0, 10), 1e-12))
        #expect(cw.tightBounds.minY < -9.99)
        // end < start counterclockwise wraps round; a full turn or more draws the circle once.
        #expect(arc(1, 0.5, false).elementCount == 5)    // sweep 2π − 0.5: 4 pieces
        #expect(arc(0, 2 * .pi, false).elementCount == 5)
        #expect(arc(0, 7 * .pi, false).elementCount == 5)
        // Clockwise from 0 to 2π is a zero sweep: only the move to the start.
        #expect(arc(0, 2 * .pi, true).elementCount == 1)
        #expect(arc(2 * .pi, 0, true).elementCount == 5)
    }

    @Test("addArc adds a line from the current point to the arc's start")
    func arcLeadingLine() {
        var p = Path()
        p.move(to: pt(-20, 0))
        p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(Array(p.elements)[1] == .lineTo(pt(10, 0)))
        let (q, diagnostics) = KinemaDiagnostics.collecting { () -> Path in
            var q = Path(); q.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false); return q
        }
        #expect(q.isEmpty && diagnostics.count == 1, "a negative radius adds nothing")
    }

    @Test("cubic arcs of ≤ 90° stay within 2.73e-4 × radius of the circle (k = 4/3·tan(θ/4))")
    func arcErrorBound() {
        var rng = GeometryRandom(seed: 7)
        for _ in 0..<300 {
            let r = rng.range(0.1, 500), start = rng.range(-10, 10), delta = rng.range(-13, 13)
            var p = Path()
            p.addRelativeArc(center: pt(3, -4), radius: r, startAngle: start, delta: delta)
            p.forEachSegment { seg in
                guard case .cubic(let a, let b, let c, let d) = seg else { return }
                for k in 0...32 {
                    let q = PathBezier.cubic(a, b, c, d, Double(k) / 32)
                    #expect(abs(hypot(q.x - 3, q.y + 4) - r) <= 2.73e-4 * r)
                }
            }
            #expect(close(p.currentPoint ?? .zero, pt(3 + r * cos(start + delta), -4 + r * sin(start + delta)), 1e-9 * r + 1e-9))
        }
    }

    @Test("addArc(tangent1End:tangent2End:radius:) rounds a corner; collinear points give a line (CGContextAddArcToPoint)")
    func tangentArc() {
        var p = Path()
        p.move(to: .zero)
        p.addArc(tangent1End: pt(100, 0), tangent2End: pt(100, 100), radius: 30)
        let e = Array(p.elements)
        #expect(e[1] == .lineTo(pt(70, 0)))
        #expect(close(p.currentPoint ?? .zero, pt(100, 30), 1e-9))
        // Every arc point is 30 from the centre (70, 30).
        for c in p.flattened(tolerance: 1e-3) {
            for q in c.points where q.x > 70 { #expect(abs(hypot(q.x - 70, q.y - 30) - 30) <= 0.01) }
        }
        var line = Path()
        line.move(to: .zero)
        line.addArc(tangent1End: pt(50, 50), tangent2End: pt(100, 100), radius: 10)
        #expect(Array(line.elements) == [.moveTo(.zero), .lineTo(pt(50, 50))])
    }

    @Test("applying and addPath map every point; a transform to non-finite values drops elements with a diagnostic")
    func transforms() {
        var p = Path(); p.move(to: pt(1, 0)); p.addLine(to: pt(0, 1))
        let t = PathTransform(a: 0, b: 1, c: -1, d: 0, tx: 10, ty: 0)   // quarter turn then +x
        #expect(Array(p.applying(t).elements) == [.moveTo(pt(10, 1)), .lineTo(pt(9, 0))])
        var q = Path(); q.addPath(p, transform: .scale(2, 3))
        #expect(Array(q.elements) == [.moveTo(pt(2, 0)), .lineTo(pt(0, 3))])
        let (bad, diagnostics) = KinemaDiagnostics.collecting { p.applying(.scale(.infinity, 1)) }
        #expect(bad.isEmpty)
        #expect(diagnostics.count == 1)
    }

    @Test("bounding boxes: control points vs exact extrema; empty → CGRect.null (CGPath.boundingBox, boundingBoxOfPath)")
    func bounds() {
        #expect(Path().controlPointBounds.isNull && Path().tightBounds.isNull)
        var p = Path()
        p.move(to: pt(0, 0))
        p.addCurve(to: pt(100, 0), control1: pt(0, 100), control2: pt(100, 100))
        #expect(p.controlPointBounds == CGRect(x: 0, y: 0, width: 100, height: 100))
        let tb = p.tightBounds
        #expect(abs(tb.maxY - 75) < 1e-12 && tb.minX == 0 && tb.maxX == 100)
        var rng = GeometryRandom(seed: 11)
        for _ in 0..<500 {
            var r = Path()
            r.move(to: rng.point(-100, 100))
            r.addCurve(to: rng.point(-100, 100), control1: rng.point(-200, 200), control2: rng.point(-200, 200))
            r.addQuadCurve(to: rng.point(-100, 100), control: rng.point(-200, 200))
            let b = r.tightBounds
            var lo = pt(.infinity, .infinity), hi = pt(-.infinity, -.infinity)
            for c in r.flattened(tolerance: 1e-3) {
                for q in c.points {
                    lo.x = min(lo.x, q.x); lo.y = min(lo.y, q.y); hi.x = max(hi.x, q.x); hi.y = max(hi.y, q.y)
                }
            }
            #expect(b.minX <= lo.x + 1e-9 && b.minY <= lo.y + 1e-9 && b.maxX >= hi.x - 1e-9 && b.maxY >= hi.y - 1e-9)
            #expect(b.minX >= lo.x - 1e-3 && b.minY >= lo.y - 1e-3 && b.maxX <= hi.x + 1e-3 && b.maxY <= hi.y + 1e-3)
        }
    }

    @Test("PathTransform.maxScale is the largest singular value; userTolerance divides by it")
    func maxScale() {
        var rng = GeometryRandom(seed: 3)
        for _ in 0..<200 {
            let t = PathTransform(a: rng.range(-3, 3), b: rng.range(-3, 3), c: rng.range(-3, 3), d: rng.range(-3, 3), tx: 0, ty: 0)
            var best = 0.0
            for k in 0..<3600 {
                let a = Double(k) / 3600 * .pi
                let v = t.apply(to: pt(cos(a), sin(a)))
                best = max(best, hypot(v.x, v.y))
            }
            #expect(abs(t.maxScale - best) <= 1e-5 * max(best, 1))
        }
        #expect(PathTransform.scale(4, 0.5).userTolerance(forDeviceTolerance: 0.25) == 0.0625)
    }
}
