// CATransform3D and Core Animation's transform functions: Apple's documented semantics,
// numpy/mpmath references, and seeded properties.

import KinemaSupport
import Foundation
import Testing
import KinemaTestSupport
import KinemaGeometry

@Suite("CATransform3D")
struct CATransform3DTests {
    // MARK: The structure

    @Test("init() is all zeros and CATransform3DIdentity is [1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1]")
    func zeroAndIdentity() {
        #expect(CATransform3D().entries == Array(repeating: 0, count: 16))
        #expect(CATransform3DIdentity.entries == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(!CATransform3DIsIdentity(CATransform3D()))
    }

    @Test("CATransform3DEqualToTransform is exact; == and hashing agree (NaN never equal)")
    func equality() {
        var a = CATransform3DIdentity
        var b = CATransform3DIdentity
        a.m12 = 0
        b.m12 = -0.0
        #expect(CATransform3DEqualToTransform(a, b) && a == b && a.hashValue == b.hashValue)
        b.m43 = 1e-300
        #expect(!CATransform3DEqualToTransform(a, b))
        var n = CATransform3DIdentity
        n.m11 = .nan
        #expect(!CATransform3DEqualToTransform(n, n))
    }

    @Test("Codable is an unkeyed list of the 16 entries row by row (Kinema's format, like CGAffineTransform's)")
    func codable() throws {
        var t = CATransform3DMakeTranslation(1, 2, 3)
        t.m34 = -0.5
        let data = try JSONEncoder().encode(t)
        #expect(String(decoding: data, as: UTF8.self) == "[1,0,0,0,0,1,0,0,0,0,1,-0.5,1,2,3,1]")
        #expect(try JSONDecoder().decode(CATransform3D.self, from: data) == t)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(CATransform3D.self, from: Data("[1,2]".utf8)) }
    }

    @Test("description prints the 16 fields like Swift on Apple platforms")
    func description() {
        #expect(CATransform3DIdentity.description.hasPrefix("CATransform3D(m11: 1.0, m12: 0.0, m13: 0.0, m14: 0.0, m21: 0.0"))
        #expect(CATransform3DIdentity.description.hasSuffix("m41: 0.0, m42: 0.0, m43: 0.0, m44: 1.0)"))
    }

    @Test("init?(entries:) needs exactly 16 values")
    func entriesInitializer() {
        let (t, diagnostics) = KinemaDiagnostics.collecting { CATransform3D(entries: [1, 2, 3]) }
        #expect(t == nil && diagnostics.count == 1)
        #expect(CATransform3D(entries: CATransform3DIdentity.entries) == CATransform3DIdentity)
    }

    @Test("hasFiniteEntries is false for an infinity or a NaN in any of the 16 entries, true for the largest finite values")
    func finiteEntries() throws {
        let huge = Double.greatestFiniteMagnitude
        let largest = try #require(CATransform3D(entries: (0..<16).map { $0.isMultiple(of: 2) ? huge : -huge }))
        #expect(largest.hasFiniteEntries, "finite however large: no overflow")
        #expect(try #require(CATransform3D(entries: Array(repeating: -0.0, count: 16))).hasFiniteEntries)
        #expect(CATransform3DIdentity.hasFiniteEntries)
        for index in 0..<16 {
            for bad in [Double.infinity, -Double.infinity, Double.nan] {
                var entries = CATransform3DIdentity.entries
                entries[index] = bad
                let t = try #require(CATransform3D(entries: entries))
                #expect(!t.hasFiniteEntries, "entry \(index) = \(bad)")
            }
        }
    }

    // MARK: Making and chaining (Apple's "Transforms" reference)

    @Test("MakeTranslation/MakeScale set m41–m43 and m11, m22, m33")
    func makeTranslationAndScale() {
        #expect(CATransform3DMakeTranslation(1, 2, 3).entries == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1])
        #expect(CATransform3DMakeScale(2, 3, 4).entries == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
    }

    @Test("MakeRotation about +z turns (1, 0) toward (cos θ, sin θ), like CGAffineTransform(rotationAngle:)")
    func rotationMatchesAffine() {
        var random = GeometryRandom(seed: 0x3D01)
        for _ in 0..<2000 {
            let angle = CGFloat(random.uniform(-10...10))
            let viaAffine = CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: angle))
            // Entries come from the same cos/sin; only m33 = c + (1 − c) may round: 1 ulp of 1.
            #expect(matrixError(CATransform3DMakeRotation(angle, 0, 0, 1), viaAffine) <= 2.3e-16)
        }
        let p = CATransform3DMakeRotation(.pi / 6, 0, 0, 1).projecting(CGPoint(x: 1, y: 0))
        #expect(p.map { abs($0.x - cos(.pi / 6)) < 1e-15 && abs($0.y - 0.5) < 1e-15 } == true)
    }

    @Test("MakeRotation matches mpmath's Rodrigues rotation (axis normalized first)")
    func rotationReferences() throws {
        let refs = try loadReference("transform3d_functions", as: Transform3DReferences.self, in: .module)
        for r in refs.rotations {
            let t = CATransform3DMakeRotation(CGFloat(r.angle), CGFloat(r.axis[0]), CGFloat(r.axis[1]), CGFloat(r.axis[2]))
            // Entries are ≤ 1; normalizing the axis and the Rodrigues sums cost a few roundings
            // each, so 2e-15 (about 9 ulps of 1) bounds them; the reference is exact to 40 digits.
            #expect(matrixError(t, r.expected) < 2e-15, "angle \(r.angle) axis \(r.axis)")
        }
    }

    @Test("MakeRotation with a zero-length axis returns the identity, as Apple documents, with a diagnostic")
    func zeroAxis() {
        let (t, diagnostics) = KinemaDiagnostics.collecting { CATransform3DMakeRotation(1, 0, 0, 0) }
        #expect(CATransform3DIsIdentity(t))
        #expect(diagnostics.count == 1 && diagnostics.first?.domain == "CATransform3DMakeRotation")
        // Angle 0 about no axis is the identity whatever the axis: nothing to report.
        let (_, quiet) = KinemaDiagnostics.collecting { CATransform3DMakeRotation(0, 0, 0, 0) }
        #expect(quiet.isEmpty)
        let (nan, nanDiagnostics) = KinemaDiagnostics.collecting { CATransform3DMakeRotation(.nan, 0, 0, 1) }
        #expect(CATransform3DIsIdentity(nan) && nanDiagnostics.count == 1)
    }

    @Test("Rotate with a zero-length axis (undefined in Apple's docs) returns t unchanged with a diagnostic")
    func rotateZeroAxis() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        let (r, diagnostics) = KinemaDiagnostics.collecting { CATransform3DRotate(t, 0.5, 0, 0, 0) }
        #expect(r == t && diagnostics.count == 1 && diagnostics.first?.domain == "CATransform3DRotate")
    }

    @Test("Translate/Scale/Rotate(t, …) = Make…(…) · t, per Apple's documented formulas")
    func chainingFormulas() {
        var random = GeometryRandom(seed: 0x3D02)
        for _ in 0..<3000 {
            let t = random.transform()
            let (x, y, z) = (CGFloat(random.uniform(-100...100)), CGFloat(random.uniform(-100...100)), CGFloat(random.uniform(-100...100)))
            // Translate/Scale touch a row with 3–4 products each; Rotate is a 3×3 by 3×4 product.
            // Entries ≤ ~1e3: 1e-13 of the magnitude is ~100 ulps of margin.
            #expect(matrixError(CATransform3DTranslate(t, x, y, z), CATransform3DConcat(CATransform3DMakeTranslation(x, y, z), t)) < 1e-13)
            let (sx, sy, sz) = (CGFloat(random.uniform(-3...3)), CGFloat(random.uniform(-3...3)), CGFloat(random.uniform(-3...3)))
            #expect(CATransform3DScale(t, sx, sy, sz) == CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t))
            let angle = CGFloat(random.uniform(-7...7))
            let axis = random.axis()
            let (ax, ay, az) = (CGFloat(axis.0), CGFloat(axis.1), CGFloat(axis.2))
            #expect(matrixError(CATransform3DRotate(t, angle, ax, ay, az), CATransform3DConcat(CATransform3DMakeRotation(angle, ax, ay, az), t)) < 1e-13)
        }
    }

    @Test("Concat(a, b) = a · b applies a first: translate then scale doubles the translation")
    func concatOrder() {
        let t = CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), CATransform3DMakeScale(2, 2, 2))
        #expect(t.m41 == 20)
        let p = t.projecting((x: 1, y: 0, z: 0))
        #expect(p.map { $0.x == 22 } == true)
    }

    @Test("Concat matches numpy's matrix product")
    func concatReferences() throws {
        let refs = try loadReference("transform3d_functions", as: Transform3DReferences.self, in: .module)
        for c in refs.concats {
            // 4-term dot products; numpy may sum in another order: a few ulps of the magnitude
            // (observed 4e-16); 1e-14 is 25× that.
            #expect(matrixError(CATransform3DConcat(transform(c.a), transform(c.b)), c.product) < 1e-14)
        }
    }

    // MARK: Inverting

    @Test("Invert matches numpy.linalg.inv, perspective included")
    func invertReferences() throws {
        let refs = try loadReference("transform3d_functions", as: Transform3DReferences.self, in: .module)
        #expect(refs.inverses.count == 120)
        for c in refs.inverses {
            let inverse = CATransform3DInvert(transform(c.m))
            // Both inverses carry an error of up to ~cond · 1e-16 relative (adjugate here, LU in
            // numpy); the script keeps cond < 1e4. Observed ≤ 1.2e-18 · cond and ≤ 1e-15 overall;
            // allowed 1e-14 + 1e-16 · cond (≤ 1e-12), the first-order bound with a floor.
            #expect(matrixError(inverse, c.inverse) < 1e-14 + 1e-16 * c.condition, "cond \(c.condition)")
        }
    }

    @Test("T · Invert(T) ≈ identity over 5000 seeded transforms with perspective")
    func invertProperty() {
        var random = GeometryRandom(seed: 0x3D03)
        for _ in 0..<5000 {
            let t = random.transform()
            // cond(T) ≲ 1e4 for these recipes (scales 0.3–3, translations ≤ 200); the product's
            // entries are then within ~cond · 1e-16 of the identity (observed 4.5e-13): 1e-11.
            #expect(matrixError(CATransform3DConcat(t, CATransform3DInvert(t)), CATransform3DIdentity) < 1e-11)
            #expect(matrixError(CATransform3DConcat(CATransform3DInvert(t), t), CATransform3DIdentity) < 1e-11)
        }
    }

    @Test("Invert returns the original matrix if t has no inverse (Apple), with a diagnostic")
    func invertSingular() {
        for singular in [CATransform3DMakeScale(0, 1, 1), CATransform3D(), CATransform3DMakeScale(1, 1, 0)] {
            let (inverse, diagnostics) = KinemaDiagnostics.collecting { CATransform3DInvert(singular) }
            #expect(inverse == singular)
            #expect(diagnostics.count == 1 && diagnostics.first?.domain == "CATransform3DInvert")
        }
        var nan = CATransform3DIdentity
        nan.m23 = .nan
        let (inverse, diagnostics) = KinemaDiagnostics.collecting { CATransform3DInvert(nan) }
        #expect(inverse.m23.isNaN && diagnostics.count == 1)
        // A projective matrix with m44 = 0 is still invertible (lower-right block [1 −1; 1 0]).
        var projective = CATransform3DIdentity
        projective.m34 = -1
        projective.m43 = 1
        projective.m44 = 0
        #expect(matrixError(CATransform3DConcat(projective, CATransform3DInvert(projective)), CATransform3DIdentity) == 0)
    }

    // MARK: Affine conversions and tests

    @Test("MakeAffineTransform/GetAffineTransform round-trip; IsAffine is exactly their image")
    func affineConversions() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(t.entries == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        #expect(CATransform3DGetAffineTransform(t) == a)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DIsAffine(CATransform3DIdentity))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 1, 0, 0)))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        #expect(!CATransform3DIsAffine(perspective))
    }

    // MARK: Projecting points

    @Test("projecting divides by the homogeneous weight, matching numpy")
    func projectionReferences() throws {
        let refs = try loadReference("transform3d_functions", as: Transform3DReferences.self, in: .module)
        for c in refs.projections {
            let t = transform(c.m)
            let h = t.homogeneous((x: c.point[0], y: c.point[1], z: c.point[2]))
            #expect(relativeError(h.w, c.w) < 1e-13)
            // The script keeps |w| ≥ 0.1; the division amplifies the 4-term sums' rounding by at
            // most 10 (observed 6e-16 of the magnitude): 1e-13.
            guard let p = t.projecting((x: c.point[0], y: c.point[1], z: c.point[2])) else {
                Issue.record("finite projection expected")
                continue
            }
            #expect(matrixError([p.x, p.y, p.z], c.expected) < 1e-13)
        }
    }

    @Test("Perspective m34 = −1/d: a point at z = d/2 appears twice as far from the centre")
    func perspectiveClosedForm() {
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        let p = t.projecting((x: 100, y: 50, z: 250))
        #expect(p.map { abs($0.x - 200) < 1e-12 && abs($0.y - 100) < 1e-12 } == true)
        #expect(t.projecting((x: 1, y: 1, z: 500)) == nil)  // w = 0: at the eye plane
        #expect(t.homogeneous((x: 0, y: 0, z: 600)).w < 0)  // behind the eye
    }
}
