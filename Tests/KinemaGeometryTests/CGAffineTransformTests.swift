// CGAffineTransform: Apple's documented semantics, numpy references, and seeded properties.

import KinemaSupport
import Foundation
import Testing
import KinemaTestSupport
import KinemaGeometry

@Suite("CGAffineTransform")
struct CGAffineTransformTests {
    // MARK: Apple's documented behaviour

    @Test("init() is all zeros, like Swift's zero-initializer for the imported C struct")
    func zeroInitializer() {
        let t = CGAffineTransform()
        #expect([t.a, t.b, t.c, t.d, t.tx, t.ty] == [0, 0, 0, 0, 0, 0])
        #expect(!t.isIdentity)
    }

    @Test("identity is [1 0 0 1 0 0] (CGAffineTransform.identity)")
    func identity() {
        let t = CGAffineTransform.identity
        #expect([t.a, t.b, t.c, t.d, t.tx, t.ty] == [1, 0, 0, 1, 0, 0])
        #expect(t.isIdentity)
        #expect(CGAffineTransform(1, 0, 0, 1, 0, 0) == .identity)
    }

    @Test("init(rotationAngle:) maps (1, 0) to (cos θ, sin θ): CGAffineTransformMakeRotation")
    func rotationDirection() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(p.x) < 1e-15 && abs(p.y - 1) < 1e-15)
    }

    @Test("init(rotationAngle:) matches mpmath cos/sin within 2 ulp")
    func rotationReferences() throws {
        let refs = try loadReference("affine_transforms", as: AffineReferences.self, in: .module)
        for r in refs.rotations {
            let t = CGAffineTransform(rotationAngle: CGFloat(r.angle))
            // Entries are |x| ≤ 1 and come straight from cos/sin: 4.5e-16 is two ulps of 1.
            for (a, e) in zip([t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init), r.expected) {
                #expect(abs(a - e) <= 4.5e-16, "angle \(r.angle)")
            }
        }
    }

    @Test("scale and translation constructors")
    func constructors() {
        #expect(CGAffineTransform(scaleX: 2, y: 3) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
        #expect(CGAffineTransform(translationX: 4, y: 5) == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 4, ty: 5))
    }

    @Test("rotated/scaledBy/translatedBy apply the new operation first (CGAffineTransformRotate/Scale/Translate)")
    func modifiersPrepend() {
        // Apple: CGAffineTransformTranslate "returns an affine transformation matrix constructed by
        // translating an existing affine transform" — t' = translate · t, translation first.
        let t = CGAffineTransform(scaleX: 2, y: 2)
        let p = CGPoint(x: 1, y: 1).applying(t.translatedBy(x: 10, y: 0))
        #expect(p == CGPoint(x: 22, y: 2))  // (1 + 10) · 2, not 1 · 2 + 10
        let q = CGPoint(x: 1, y: 0).applying(CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2))
        #expect(abs(q.x - 5) < 1e-15 && abs(q.y - 1) < 1e-15)
        let r = CGPoint(x: 1, y: 1).applying(CGAffineTransform(translationX: 5, y: 0).scaledBy(x: 3, y: 4))
        #expect(r == CGPoint(x: 8, y: 4))
    }

    @Test("concatenating(_:) applies self first, then the argument")
    func concatenationOrder() {
        let translate = CGAffineTransform(translationX: 10, y: 0)
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        #expect(CGPoint(x: 1, y: 1).applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 2))
        #expect(CGPoint(x: 1, y: 1).applying(scale.concatenating(translate)) == CGPoint(x: 12, y: 2))
    }

    @Test("inverted() returns a singular transform unchanged (CGAffineTransformInvert) with a diagnostic")
    func singularInverse() {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)
        let (inverse, diagnostics) = KinemaDiagnostics.collecting { singular.inverted() }
        #expect(inverse == singular)
        #expect(diagnostics.count == 1 && diagnostics.first?.domain == "CGAffineTransformInvert")
        let (zero, zeroDiagnostics) = KinemaDiagnostics.collecting { CGAffineTransform().inverted() }
        #expect(zero == CGAffineTransform() && zeroDiagnostics.count == 1)
        let (nan, nanDiagnostics) = KinemaDiagnostics.collecting {
            CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted()
        }
        #expect(nan.a.isNaN && nanDiagnostics.count == 1)
    }

    @Test("CGRect.applying returns the bounding box of the corners (CGRectApplyAffineTransform)")
    func rectBoundingBox() {
        let rect = CGRect(x: 0, y: 0, width: 2, height: 1)
        let turned = rect.applying(CGAffineTransform(rotationAngle: .pi / 4))
        let h = 1 / 2.0.squareRoot()
        #expect(abs(turned.minX - -h) < 1e-15 && abs(turned.maxX - 2 * h) < 1e-15)
        #expect(abs(turned.minY - 0) < 1e-15 && abs(turned.maxY - 3 * h) < 1e-15)
        // Scale and translation only: exactly the transformed rectangle (Apple's discussion).
        let moved = rect.applying(CGAffineTransform(translationX: 3, y: 4).scaledBy(x: 2, y: -1))
        #expect(moved == CGRect(x: 3, y: 3, width: 4, height: 1))
        // A non-standard rectangle is standardized first.
        #expect(CGRect(x: 2, y: 1, width: -2, height: -1).applying(.identity) == rect)
    }

    @Test("CGRect.applying keeps null and infinite rectangles")
    func specialRects() {
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
        #expect(CGRect.infinite.applying(CGAffineTransform(rotationAngle: 1)).isInfinite)
    }

    @Test("CGSize.applying ignores translation")
    func sizeIgnoresTranslation() {
        let size = CGSize(width: 3, height: 4).applying(CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: 1))
        #expect(size == CGSize(width: 6, height: 4))
    }

    // MARK: Conformances

    @Test("Codable is an unkeyed list a, b, c, d, tx, ty, as Apple's overlay encodes it")
    func codable() throws {
        let t = CGAffineTransform(a: 1.5, b: -2, c: 0.25, d: 4, tx: 10, ty: -20)
        let data = try JSONEncoder().encode(t)
        #expect(String(decoding: data, as: UTF8.self) == "[1.5,-2,0.25,4,10,-20]")
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: data) == t)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(CGAffineTransform.self, from: Data("[1,2,3]".utf8)) }
    }

    @Test("description prints the six fields like Swift on Apple platforms")
    func description() {
        #expect(CGAffineTransform.identity.description == "CGAffineTransform(a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: 0.0, ty: 0.0)")
    }

    @Test("Equality is exact and hashing agrees with it (−0 equals +0)")
    func hashing() {
        let a = CGAffineTransform(a: 0, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        let b = CGAffineTransform(a: -0.0, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(Set([a, b, .identity]).count == 2)
    }

    // MARK: numpy references

    @Test("concatenating, inverted, and applying to point, size and rect match numpy")
    func numpyReferences() throws {
        let refs = try loadReference("affine_transforms", as: AffineReferences.self, in: .module)
        #expect(refs.cases.count > 100)
        for c in refs.cases {
            let t = affine(c.t), u = affine(c.u)
            let concat = t.concatenating(u)
            // A 2×2 product plus translation: each entry is 2–3 roundings, and numpy may sum in
            // another order, so a few ulps of the magnitude (observed 5e-16); 1e-14 is ~20× that.
            #expect(matrixError([concat.a, concat.b, concat.c, concat.d, concat.tx, concat.ty].map(Double.init), c.concat) < 1e-14)
            // The script keeps |det| ≥ 0.05 with entries ≤ 120, so the adjugate (ours) and LU
            // (numpy) inverses each carry ~cond · 1e-16; observed 3e-15, allowed 1e-13.
            let inverse = t.inverted()
            #expect(matrixError([inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty].map(Double.init), c.inverse) < 1e-13)
            // Point, size and rect: 2–3 roundings per coordinate (observed ≤ 1.3e-15): 1e-14.
            let p = CGPoint(x: c.point[0], y: c.point[1]).applying(t)
            #expect(matrixError([p.x, p.y].map(Double.init), c.pointResult) < 1e-14)
            let s = CGSize(width: c.size[0], height: c.size[1]).applying(t)
            #expect(matrixError([s.width, s.height].map(Double.init), c.sizeResult) < 1e-14)
            let r = CGRect(x: c.rect[0], y: c.rect[1], width: c.rect[2], height: c.rect[3]).applying(t)
            #expect(matrixError([r.minX, r.minY, r.width, r.height].map(Double.init), c.rectResult) < 1e-14)
        }
    }

    // MARK: Seeded properties

    @Test("t · t⁻¹ ≈ identity and (t · u)⁻¹ = u⁻¹ · t⁻¹ over 5000 seeded transforms")
    func inverseProperties() {
        var random = GeometryRandom(seed: 0xAFF1)
        for _ in 0..<5000 {
            let t = randomAffine(&random)
            let u = randomAffine(&random)
            let identity = t.concatenating(t.inverted())
            // Entries ≤ 3 and translations ≤ 200 with |det| ≥ 0.1: cond ≲ 1e4 → 1e-10 margin.
            #expect(affineError(identity, .identity) < 1e-10)
            let lhs = t.concatenating(u).inverted()
            let rhs = u.inverted().concatenating(t.inverted())
            #expect(affineError(lhs, rhs) < 1e-9)
        }
    }

    @Test("modifiers equal concatenation with the constructed transform, and applying is a homomorphism")
    func modifierProperties() {
        var random = GeometryRandom(seed: 0xAFF2)
        for _ in 0..<5000 {
            let t = randomAffine(&random)
            let u = randomAffine(&random)
            let angle = CGFloat(random.uniform(-7...7))
            let (sx, sy) = (CGFloat(random.uniform(-3...3)), CGFloat(random.uniform(-3...3)))
            let (dx, dy) = (CGFloat(random.uniform(-100...100)), CGFloat(random.uniform(-100...100)))
            #expect(affineError(t.rotated(by: angle), CGAffineTransform(rotationAngle: angle).concatenating(t)) < 1e-13)
            #expect(affineError(t.scaledBy(x: sx, y: sy), CGAffineTransform(scaleX: sx, y: sy).concatenating(t)) < 1e-13)
            #expect(affineError(t.translatedBy(x: dx, y: dy), CGAffineTransform(translationX: dx, y: dy).concatenating(t)) < 1e-13)
            let p = CGPoint(x: random.uniform(-100...100), y: random.uniform(-100...100))
            let once = p.applying(t.concatenating(u))
            let twice = p.applying(t).applying(u)
            #expect(relativeError(Double(once.x), Double(twice.x)) < 1e-11 && relativeError(Double(once.y), Double(twice.y)) < 1e-11)
            // Apple's 3-D view of the same transform agrees (CATransform3DMakeAffineTransform).
            let viaCA = CATransform3DGetAffineTransform(CATransform3DConcat(
                CATransform3DMakeAffineTransform(t), CATransform3DMakeAffineTransform(u)))
            #expect(affineError(viaCA, t.concatenating(u)) < 1e-13)
        }
    }

    private func randomAffine(_ random: inout GeometryRandom) -> CGAffineTransform {
        while true {
            let t = CGAffineTransform(
                a: random.uniform(-3...3), b: random.uniform(-3...3), c: random.uniform(-3...3), d: random.uniform(-3...3),
                tx: random.uniform(-200...200), ty: random.uniform(-200...200)
            )
            if abs(t.a * t.d - t.b * t.c) > 0.1 { return t }
        }
    }

    private func affineError(_ x: CGAffineTransform, _ y: CGAffineTransform) -> Double {
        matrixError([x.a, x.b, x.c, x.d, x.tx, x.ty].map(Double.init), [y.a, y.b, y.c, y.d, y.tx, y.ty].map(Double.init))
    }
}
