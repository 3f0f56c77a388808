// DecomposedTransform3D: the W3C CSS Transforms Level 2 decomposition in Core Animation's layout,
// checked against factors multiplied out by mpmath and by round trips over seeded transforms.

import KinemaSupport
import Foundation
import Testing
import KinemaTestSupport
import KinemaGeometry

@Suite("DecomposedTransform3D")
struct TransformDecompositionTests {
    @Test("Recovers the factors mpmath multiplied together (scale·skew·rotation·translation·perspective)")
    func recoversReferenceFactors() throws {
        let refs = try loadReference("transform_decompositions", as: DecompositionReferences.self, in: .module)
        #expect(refs.cases.count == 150)
        for c in refs.cases {
            guard let d = DecomposedTransform3D(transform(c.matrix)) else {
                Issue.record("a product of invertible factors must decompose")
                continue
            }
            // The matrix entries carry ~1e-16 relative rounding; Gram–Schmidt with skews ≤ 0.8
            // and scale ratios ≤ 16 amplifies that by at most ~1e2 (observed ≤ 4e-16 on every
            // part, perspective included): 1e-13 for every part.
            for i in 0..<3 {
                #expect(relativeError(d.scale[i], c.scale[i]) < 1e-13)
                #expect(relativeError(d.translation[i], c.translation[i]) < 1e-13)
                #expect(relativeError(d.perspective[i], c.perspective[i]) < 1e-13)
            }
            #expect(relativeError(d.perspective.w, c.perspective[3]) < 1e-13)
            #expect(relativeError(d.skew.xy, c.skew[0]) < 1e-13)
            #expect(relativeError(d.skew.xz, c.skew[1]) < 1e-13)
            #expect(relativeError(d.skew.yz, c.skew[2]) < 1e-13)
            // Both have w ≥ 0, so the same rotation means the same four numbers.
            let q = d.rotation
            #expect(matrixError([q.x, q.y, q.z, q.w], c.quaternion) < 1e-13)
            #expect(matrixError(d.recomposed(), c.matrix) < 1e-13)
        }
    }

    @Test("recomposed() ∘ init? is the identity over 5000 seeded transforms, reflections and perspective included")
    func roundTrip() {
        var random = GeometryRandom(seed: 0xDEC0)
        var reflections = 0
        for _ in 0..<5000 {
            let t = random.transform()
            guard let d = DecomposedTransform3D(t) else {
                Issue.record("well-conditioned transform failed to decompose: \(t)")
                continue
            }
            if d.scale.x * d.scale.y * d.scale.z < 0 { reflections += 1 }
            #expect(abs(d.rotation.length - 1) < 1e-14)
            #expect(d.rotation.w >= 0)
            // cond(A) ≲ 1e2 for these recipes: a few ulps of the magnitude (observed 4e-17,
            // the magnitude being set by translations ~200); 1e-13 leaves room for small ones.
            #expect(matrixError(d.recomposed(), t) < 1e-13)
        }
        #expect(reflections > 1000)  // about half the recipes have an odd number of negative scales
    }

    @Test("Each pure Core Animation transform decomposes into just its own part")
    func pureParts() throws {
        let translation = try #require(DecomposedTransform3D(CATransform3DMakeTranslation(10, -20, 30)))
        #expect(translation == DecomposedTransform3D(translation: SIMD3(10, -20, 30)))

        let scale = try #require(DecomposedTransform3D(CATransform3DMakeScale(2, 3, 4)))
        #expect(scale == DecomposedTransform3D(scale: SIMD3(2, 3, 4)))

        let rotation = try #require(DecomposedTransform3D(CATransform3DMakeRotation(0.7, 1, 2, 2)))
        let expected = Quaternion(angle: 0.7, axis: SIMD3(1, 2, 2))
        #expect(matrixError([rotation.rotation.x, rotation.rotation.y, rotation.rotation.z, rotation.rotation.w],
                            [expected.x, expected.y, expected.z, expected.w]) < 1e-15)
        #expect(matrixError(rotation.scale.indices.map { rotation.scale[$0] }, [1, 1, 1]) < 1e-15)

        // The classic camera: m34 = −1/d is perspective (0, 0, −1/d, 1), with nothing else.
        var camera = CATransform3DIdentity
        camera.m34 = -1 / 500
        let perspective = try #require(DecomposedTransform3D(camera))
        #expect(perspective == DecomposedTransform3D(perspective: SIMD4(0, 0, -1 / 500, 1)))
    }

    @Test("A translated camera decomposes into exactly that translation and perspective (no m44 division)")
    func translatedPerspective() throws {
        var camera = CATransform3DIdentity
        camera.m34 = -1 / 500
        let t = CATransform3DTranslate(camera, 0, 0, 100)  // translate(0, 0, 100) · camera
        #expect(abs(t.m44 - 0.8) < 1e-15)
        let d = try #require(DecomposedTransform3D(t))
        #expect(d.translation == SIMD3(0, 0, 100))
        #expect(d.scale == SIMD3(1, 1, 1))
        #expect(abs(d.perspective.z - -1 / 500) < 1e-18 && abs(d.perspective.w - 1) < 1e-15)
        #expect(matrixError(d.recomposed(), t) < 1e-15)
    }

    @Test("A single-axis flip decomposes into one negative scale and no rotation")
    func singleAxisReflection() throws {
        for (axis, flip) in [(0, CATransform3DMakeScale(-1, 1, 1)), (1, CATransform3DMakeScale(1, -2, 1)), (2, CATransform3DMakeScale(3, 1, -1))] {
            let d = try #require(DecomposedTransform3D(flip))
            #expect(d.rotation == .identity, "axis \(axis)")
            #expect(d.scale[axis] < 0)
            #expect((0..<3).filter { d.scale[$0] < 0 } == [axis])
            #expect(d.recomposed() == flip)
        }
    }

    @Test("Singular or non-finite transforms cannot be decomposed")
    func undecomposable() {
        #expect(DecomposedTransform3D(CATransform3DMakeScale(0, 0, 1)) == nil)
        #expect(DecomposedTransform3D(CATransform3DMakeScale(1, 1, 0)) == nil)
        #expect(DecomposedTransform3D(CATransform3D()) == nil)
        var dependent = CATransform3DIdentity
        dependent.m21 = 1
        dependent.m22 = 0  // row 2 equals row 1
        #expect(DecomposedTransform3D(dependent) == nil)
        var nan = CATransform3DIdentity
        nan.m42 = .nan
        let (value, diagnostics) = KinemaDiagnostics.collecting { DecomposedTransform3D(nan) }
        #expect(value == nil && diagnostics.isEmpty)
        // m44 = 0 alone is fine: the upper-left 3×3 is what must be invertible.
        var projective = CATransform3DIdentity
        projective.m34 = -1
        projective.m44 = 0
        #expect(DecomposedTransform3D(projective)?.recomposed() == projective)
    }

    @Test("The default decomposition recomposes to the identity")
    func defaults() {
        #expect(DecomposedTransform3D().recomposed() == CATransform3DIdentity)
        #expect(DecomposedTransform3D(CATransform3DIdentity) == DecomposedTransform3D())
    }
}
