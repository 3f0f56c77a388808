// TransformInterpolation: decomposed blending checked against mpmath's matrix-exponential
// geodesics, endpoint exactness, extrapolation, the element-wise fallback, and properties.

import KinemaSupport
import Foundation
import Testing
import KinemaTestSupport
import KinemaGeometry

@Suite("TransformInterpolation")
struct TransformInterpolationTests {
    @Test("Matches mpmath: linear parts blended, rotation R0·expm(f·logm(R0ᵀR1)), extrapolation included")
    func references() throws {
        let refs = try loadReference("transform_interpolations", as: InterpolationReferences.self, in: .module)
        #expect(refs.cases.count == 60)
        for c in refs.cases {
            let interpolation = TransformInterpolation(from: transform(c.from), to: transform(c.to))
            #expect(interpolation.blendsDecomposedParts)
            for s in c.samples {
                // Decomposition, slerp and recomposition each add a few ulps (observed 2.4e-16 of
                // the magnitude, extrapolated fractions included); 1e-13 leaves 400× margin
                // while still catching any convention slip (which shows at ≳ 1e-3).
                #expect(matrixError(interpolation.value(at: s.fraction), s.expected) < 1e-13, "fraction \(s.fraction)")
            }
        }
    }

    @Test("value(at: 0) is from and value(at: 1) is to, exactly")
    func exactEndpoints() {
        var random = GeometryRandom(seed: 0x1E01)
        for _ in 0..<1000 {
            let a = random.transform()
            let b = random.transform()
            let interpolation = TransformInterpolation(from: a, to: b)
            #expect(interpolation.value(at: 0) == a)
            #expect(interpolation.value(at: 1) == b)
            // Just inside the ends, the decomposed path agrees with the endpoints to rounding.
            #expect(matrixError(interpolation.value(at: 1e-12), a) < 1e-9)
            #expect(matrixError(interpolation.value(at: 1 - 1e-12), b) < 1e-9)
        }
    }

    @Test("Reversing the endpoints reverses the path: value(f) of a→b = value(1 − f) of b→a")
    func reversal() {
        var random = GeometryRandom(seed: 0x1E02)
        for _ in 0..<2000 {
            let a = random.transform()
            let b = random.transform()
            let forward = TransformInterpolation(from: a, to: b)
            let backward = TransformInterpolation(from: b, to: a)
            let f = random.uniform(-0.5...1.5)
            // Two slerps along the same arc from opposite ends; rotations within 1e-15, the
            // recomposed entries (≤ ~1e3) within 1e-12 of the magnitude.
            #expect(matrixError(forward.value(at: f), backward.value(at: 1 - f)) < 1e-11, "f \(f)")
        }
    }

    @Test("A pure rotation stays a rigid rotation at constant angular speed (not a squashed matrix)")
    func rigidRotation() {
        let to = CATransform3DMakeRotation(170 * .pi / 180, 0, 0, 1)
        let interpolation = TransformInterpolation(from: CATransform3DIdentity, to: to)
        for f in stride(from: -0.25, through: 1.25, by: 0.125) {
            let expected = CATransform3DMakeRotation(CGFloat(f * 170 * .pi / 180), 0, 0, 1)
            #expect(matrixError(interpolation.value(at: f), expected) < 1e-14, "f \(f)")
        }
    }

    @Test("Rotation takes the shorter way round: identity → 270° turns −90°")
    func shortestPath() {
        let interpolation = TransformInterpolation(from: CATransform3DIdentity, to: CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1))
        let mid = interpolation.value(at: 0.5)
        #expect(matrixError(mid, CATransform3DMakeRotation(-.pi / 4, 0, 0, 1)) < 1e-15)
    }

    @Test("Translation and scale blend linearly, perspective too")
    func linearParts() {
        var from = CATransform3DIdentity
        from.m34 = -1 / 500
        let to = CATransform3DTranslate(CATransform3DScale(from, 3, 3, 1), 100, -40, 0)
        let interpolation = TransformInterpolation(from: from, to: to)
        let mid = interpolation.value(at: 0.5)
        // `to` = translate · scale · camera: the translation (100, −40) is scaled to (300, −120);
        // half-way is scale 2 with translation (150, −60), i.e. translate (75, −30) before scale 2.
        let expected = CATransform3DTranslate(CATransform3DScale(from, 2, 2, 1), 75, -30, 0)
        #expect(matrixError(mid, expected) < 1e-14)
    }

    @Test("An endpoint that cannot be decomposed (scale 0) blends the 16 entries, without a diagnostic")
    func elementwiseFallback() {
        let from = CATransform3DMakeScale(0, 0, 1)
        let to = CATransform3DTranslate(CATransform3DIdentity, 10, 20, 0)
        let (interpolation, diagnostics) = KinemaDiagnostics.collecting { TransformInterpolation(from: from, to: to) }
        #expect(!interpolation.blendsDecomposedParts)
        #expect(diagnostics.isEmpty)
        let quarter = interpolation.value(at: 0.25)
        // Element-wise: scale 0.25 and translation (2.5, 5) — the same as the decomposed blend
        // would give for this scale-and-translate pair.
        #expect(quarter == CATransform3DConcat(CATransform3DMakeScale(0.25, 0.25, 1), CATransform3DMakeTranslation(2.5, 5, 0)))
        #expect(interpolation.value(at: 0) == from && interpolation.value(at: 1) == to)
        #expect(interpolation.value(at: 2).m11 == 2)  // extrapolates too
    }

    @Test("Non-finite input: NaN fraction returns from with a diagnostic; NaN entries report and blend")
    func badInput() {
        let interpolation = TransformInterpolation(from: CATransform3DIdentity, to: CATransform3DMakeScale(2, 2, 2))
        let (value, diagnostics) = KinemaDiagnostics.collecting { interpolation.value(at: .nan) }
        #expect(value == CATransform3DIdentity && diagnostics.count == 1)
        let (_, infinite) = KinemaDiagnostics.collecting { interpolation.value(at: .infinity) }
        #expect(infinite.count == 1)

        var nan = CATransform3DIdentity
        nan.m41 = .nan
        let (broken, brokenDiagnostics) = KinemaDiagnostics.collecting { TransformInterpolation(from: nan, to: CATransform3DIdentity) }
        #expect(!broken.blendsDecomposedParts && brokenDiagnostics.count == 1)
        let mid = broken.value(at: 0.5)
        #expect(mid.m41.isNaN && mid.m11 == 1)
    }

    @Test("interpolated(to:fraction:) is the one-off form of TransformInterpolation")
    func convenience() {
        var random = GeometryRandom(seed: 0x1E03)
        for _ in 0..<200 {
            let a = random.transform()
            let b = random.transform()
            let f = random.uniform(0...1)
            #expect(a.interpolated(to: b, fraction: f) == TransformInterpolation(from: a, to: b).value(at: f))
        }
    }

    @Test("Values along random paths are finite and continuous (small fraction steps, small changes)")
    func continuity() {
        var random = GeometryRandom(seed: 0x1E04)
        for _ in 0..<300 {
            let a = random.transform()
            let b = random.transform()
            let interpolation = TransformInterpolation(from: a, to: b)
            // Judge each step against the size of the endpoints, not of the (possibly small)
            // value mid-way: every part moves at most by its endpoint difference per unit fraction.
            let size = max(1, (a.entries + b.entries).map(abs).max() ?? 0)
            var previous = interpolation.value(at: -0.25)
            for step in 1...60 {
                let value = interpolation.value(at: -0.25 + Double(step) / 40)
                #expect(value.hasFiniteEntries)
                // A step of 1/40 moves entries by ~(2·size)/40 = 0.05·size for the linear parts;
                // 0.25·size allows the rotation's and perspective's share with margin, and still
                // catches any jump (a sign flip of a scale or quaternion would move ≳ size).
                let change = zip(value.entries, previous.entries).map { abs($0 - $1) }.max() ?? 0
                #expect(change / size < 0.25)
                previous = value
            }
        }
    }
}
