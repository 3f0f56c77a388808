// PathBezier: evaluation, derivatives, splitting and extrema of quadratic and cubic Béziers.
//
// Shared by bounds, containment, flattening, measuring and dashing. All functions are pure and
// allocation-free.

import Foundation

@usableFromInline
enum PathBezier {
    @inlinable static func quad(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ t: Double) -> PathVector {
        let mt = 1 - t
        return (mt * mt) * p0 + (2 * mt * t) * p1 + (t * t) * p2
    }

    @inlinable static func cubic(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector, _ t: Double) -> PathVector {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return PathVector(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    @inlinable static func quadDerivative(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ t: Double) -> PathVector {
        2 * ((1 - t) * (p1 - p0) + t * (p2 - p1))
    }

    @inlinable static func cubicDerivative(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector, _ t: Double) -> PathVector {
        let mt = 1 - t
        return 3 * ((mt * mt) * (p1 - p0) + (2 * mt * t) * (p2 - p1) + (t * t) * (p3 - p2))
    }

    /// The unit tangent at the start of a cubic: along the first control point distinct from p0.
    @inlinable static func cubicStartTangent(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector) -> PathVector? {
        (p1 - p0).normalized ?? (p2 - p0).normalized ?? (p3 - p0).normalized
    }

    /// The unit tangent at the end of a cubic: from the last control point distinct from p3.
    @inlinable static func cubicEndTangent(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector) -> PathVector? {
        (p3 - p2).normalized ?? (p3 - p1).normalized ?? (p3 - p0).normalized
    }

    /// Splits a cubic at `t` (de Casteljau): the control points of [0, t] and [t, 1].
    @inlinable static func splitCubic(
        _ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector, _ t: Double
    ) -> ((PathVector, PathVector, PathVector, PathVector), (PathVector, PathVector, PathVector, PathVector)) {
        let a = p0.lerp(p1, t), b = p1.lerp(p2, t), c = p2.lerp(p3, t)
        let d = a.lerp(b, t), e = b.lerp(c, t)
        let f = d.lerp(e, t)
        return ((p0, a, d, f), (f, e, c, p3))
    }

    /// The piece of a cubic between parameters t0 < t1.
    @inlinable static func subCubic(
        _ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector, _ t0: Double, _ t1: Double
    ) -> (PathVector, PathVector, PathVector, PathVector) {
        if t0 <= 0 && t1 >= 1 { return (p0, p1, p2, p3) }
        if t0 <= 0 { return splitCubic(p0, p1, p2, p3, t1).0 }
        let right = splitCubic(p0, p1, p2, p3, t0).1
        if t1 >= 1 { return right }
        let u = (t1 - t0) / (1 - t0)
        return splitCubic(right.0, right.1, right.2, right.3, u).0
    }

    /// The piece of a quadratic between parameters t0 < t1.
    @inlinable static func subQuad(
        _ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ t0: Double, _ t1: Double
    ) -> (PathVector, PathVector, PathVector) {
        // Blossom: control point = B(t0, t1).
        let s = quad(p0, p1, p2, t0), e = quad(p0, p1, p2, t1)
        let c = ((1 - t0) * (1 - t1)) * p0 + ((1 - t0) * t1 + t0 * (1 - t1)) * p1 + (t0 * t1) * p2
        return (s, c, e)
    }

    /// Roots in (0, 1) of a·t² + b·t + c, written into `roots`; returns how many (0…2).
    @inlinable static func unitQuadraticRoots(_ a: Double, _ b: Double, _ c: Double, _ roots: inout (Double, Double)) -> Int {
        var n = 0
        func add(_ t: Double, _ roots: inout (Double, Double)) {
            guard t > 0, t < 1 else { return }
            if n == 0 { roots.0 = t } else { roots.1 = t }
            n += 1
        }
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return 0 }
        if abs(a) <= scale * 1e-12 {
            if b != 0 { add(-c / b, &roots) }
            return n
        }
        let disc = b * b - 4 * a * c
        guard disc >= 0 else { return 0 }
        let sq = disc.squareRoot()
        // Numerically stable pair (avoids cancellation in -b ± sq).
        let q = -0.5 * (b + (b >= 0 ? sq : -sq))
        let r1 = q / a
        let r2 = q != 0 ? c / q : r1
        add(r1, &roots)
        if r2 != r1 { add(r2, &roots) }
        if n == 2, roots.0 > roots.1 { roots = (roots.1, roots.0) }
        return n
    }

    /// Parameters in (0, 1) where one coordinate of a cubic has zero derivative.
    /// `a…d` are that coordinate of the four control points.
    @inlinable static func cubicExtrema(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ roots: inout (Double, Double)) -> Int {
        // d/dt = 3[(b−a)(1−t)² + 2(c−b)(1−t)t + (d−c)t²] = 3[A t² + B t + C]
        let A = (d - c) - 2 * (c - b) + (b - a)
        let B = 2 * ((c - b) - (b - a))
        let C = b - a
        return unitQuadraticRoots(A, B, C, &roots)
    }

    /// The parameter in (0, 1) where one coordinate of a quadratic has zero derivative, if any.
    @inlinable static func quadExtremum(_ a: Double, _ b: Double, _ c: Double) -> Double? {
        let den = a - 2 * b + c
        guard den != 0 else { return nil }
        let t = (a - b) / den
        return (t > 0 && t < 1) ? t : nil
    }
}
