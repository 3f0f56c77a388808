// Flattening: the chord bound over thousands of seeded random curves.
import KinemaSupport
import Foundation
import Testing
@testable import KinemaGeometry

@Suite("Path flattening")
struct PathFlattenTests {
    /// The stated bound: for every t, |B(t) − L(t)| ≤ tolerance where L is the chord polyline at
    /// the same parameter, so every curve point is within tolerance of the polyline and every
    /// polyline point within tolerance of the curve. Checked at 64 parameters per chord, plus the
    /// distance from 2,000 dense curve samples to the returned polyline.
    @Test("every point of random cubics and quadratics is within the tolerance of the polyline (4,000 curves)")
    func chordBound() {
        var rng = GeometryRandom(seed: 2024)
        for trial in 0..<4000 {
            let tol = exp(rng.range(log(0.005), log(2)))
            let scale = exp(rng.range(log(1), log(2000)))
            let p0 = PathVector(rng.point(-scale, scale)), p1 = PathVector(rng.point(-scale, scale))
            let p2 = PathVector(rng.point(-scale, scale)), p3 = PathVector(rng.point(-scale, scale))
            let cubic = trial % 2 == 0
            var path = Path()
            path.move(to: p0.cgPoint)
            if cubic { path.addCurve(to: p3.cgPoint, control1: p1.cgPoint, control2: p2.cgPoint) } else {
                path.addQuadCurve(to: p2.cgPoint, control: p1.cgPoint)
            }
            let pts = path.flattened(tolerance: tol)[0].points
            let n = pts.count - 1
            let eval = { (t: Double) -> PathVector in
                cubic ? PathBezier.cubic(p0, p1, p2, p3, t) : PathBezier.quad(p0, p1, p2, t)
            }
            var worst = 0.0
            for i in 0..<n {
                let a = PathVector(pts[i]), b = PathVector(pts[i + 1])
                for k in 0...64 {
                    let u = Double(k) / 64
                    let t = (Double(i) + u) / Double(n)
                    worst = max(worst, eval(t).distance(to: a.lerp(b, u)))
                }
            }
            #expect(worst <= tol * (1 + 1e-9) + 1e-9 * scale, "trial \(trial): \(worst) > \(tol)")
            if trial % 20 == 0 {
                for k in 0...2000 {
                    let q = eval(Double(k) / 2000).cgPoint
                    #expect(polylineDistance(q, pts) <= tol * (1 + 1e-9) + 1e-9 * scale)
                }
            }
        }
    }

    @Test("flattened(tolerance:transform:) meets the tolerance in device space; userTolerance meets it from user space")
    func deviceTolerance() {
        var path = Path()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        let t = PathTransform(a: 20, b: 3, c: -5, d: 0.5, tx: 7, ty: 1)
        let device = path.flattened(tolerance: 0.1, transform: t)[0].points
        let user = path.flattened(tolerance: t.userTolerance(forDeviceTolerance: 0.1))[0].points.map { t.apply(to: $0) }
        let p0 = PathVector(t.apply(to: .zero)), p1 = PathVector(t.apply(to: CGPoint(x: 0, y: 10)))
        let p2 = PathVector(t.apply(to: CGPoint(x: 10, y: 10))), p3 = PathVector(t.apply(to: CGPoint(x: 10, y: 0)))
        for k in 0...4000 {
            let q = PathBezier.cubic(p0, p1, p2, p3, Double(k) / 4000).cgPoint
            #expect(polylineDistance(q, device) <= 0.1 + 1e-9)
            #expect(polylineDistance(q, user) <= 0.1 + 1e-9)
        }
    }

    @Test("contours follow subpaths and their closed flags; lines pass through unchanged")
    func contours() {
        var p = Path()
        p.addRect(CGRect(x: 0, y: 0, width: 2, height: 1))
        p.move(to: CGPoint(x: 5, y: 5)); p.addLine(to: CGPoint(x: 6, y: 5))
        let c = p.flattened(tolerance: 0.25)
        #expect(c.count == 2)
        #expect(c[0] == PathContour(points: [.zero, CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 1), CGPoint(x: 0, y: 1)], isClosed: true))
        #expect(c[1] == PathContour(points: [CGPoint(x: 5, y: 5), CGPoint(x: 6, y: 5)], isClosed: false))
    }

    @Test("a non-positive tolerance falls back to 0.25 with a diagnostic")
    func badTolerance() {
        let p = Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        let (c, diagnostics) = KinemaDiagnostics.collecting { p.flattened(tolerance: 0) }
        #expect(diagnostics.count == 1)
        #expect(c == p.flattened(tolerance: 0.25))
    }
}
