// Shared by the transform tests: a seeded random generator, random transforms built only from
// Apple-named functions, error measures, and the shapes of the reference JSON files written by
// Scripts/references/geometry_references.py. The tests at the bottom check the helpers themselves.

import KinemaSupport
import Foundation
import Testing
import KinemaGeometry
import KinemaTestSupport

// MARK: - Seeded randomness

/// The property tests' random source (KinemaGeometry's SplitMix64), so every property test sees
/// the same inputs on every run and machine.
typealias GeometryRandom = SplitMix64

extension SplitMix64 {
    init(seed: UInt64) { self.init(state: seed) }

    mutating func sign() -> Double { Bool.random(using: &self) ? 1 : -1 }

    /// A direction, not necessarily of unit length, away from zero.
    mutating func axis() -> (Double, Double, Double) {
        while true {
            let v = (uniform(-1...1), uniform(-1...1), uniform(-1...1))
            if v.0 * v.0 + v.1 * v.1 + v.2 * v.2 > 0.01 { return v }
        }
    }

    /// A random unit quaternion with w ≥ 0 (normalized 4-D Gaussian-ish via rejection).
    mutating func quaternion() -> Quaternion {
        while true {
            let q = Quaternion(x: uniform(-1...1), y: uniform(-1...1), z: uniform(-1...1), w: uniform(-1...1))
            let l = q.length
            if l > 0.1, l <= 1 {
                let n = q.normalized()
                return n.w < 0 ? Quaternion(x: -n.x, y: -n.y, z: -n.z, w: -n.w) : n
            }
        }
    }
}

// MARK: - Building transforms from Apple's functions only

/// The unit lower-triangular skew matrix (row 2 += xy·row 1; row 3 += xz·row 1 + yz·row 2).
func skewTransform(xy: Double, xz: Double, yz: Double) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m21 = CGFloat(xy)
    t.m31 = CGFloat(xz)
    t.m32 = CGFloat(yz)
    return t
}

/// The identity with last column (vx, vy, vz, w).
func perspectiveTransform(_ vx: Double, _ vy: Double, _ vz: Double, _ w: Double) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m14 = CGFloat(vx)
    t.m24 = CGFloat(vy)
    t.m34 = CGFloat(vz)
    t.m44 = CGFloat(w)
    return t
}

/// `scale · skew · rotation · translation · perspective`, multiplied with CATransform3DConcat.
struct RandomTransformRecipe {
    var scale: (Double, Double, Double)
    var skew: (Double, Double, Double)
    var angle: Double
    var axis: (Double, Double, Double)
    var translation: (Double, Double, Double)
    var perspective: (Double, Double, Double, Double)

    var transform: CATransform3D {
        [
            CATransform3DMakeScale(CGFloat(scale.0), CGFloat(scale.1), CGFloat(scale.2)),
            skewTransform(xy: skew.0, xz: skew.1, yz: skew.2),
            CATransform3DMakeRotation(CGFloat(angle), CGFloat(axis.0), CGFloat(axis.1), CGFloat(axis.2)),
            CATransform3DMakeTranslation(CGFloat(translation.0), CGFloat(translation.1), CGFloat(translation.2)),
            perspectiveTransform(perspective.0, perspective.1, perspective.2, perspective.3),
        ].reduce(CATransform3DIdentity, CATransform3DConcat)
    }
}

extension GeometryRandom {
    /// A random, well-conditioned transform: scales of either sign with magnitude in [0.3, 3],
    /// skews in [−0.5, 0.5], any rotation, translations in [−200, 200], perspective terms up to
    /// 1/250 and weight in [0.7, 1.3]. Condition numbers stay below about 1e3.
    mutating func recipe(reflections: Bool = true, skew: Bool = true, perspective: Bool = true) -> RandomTransformRecipe {
        let s = { (r: inout GeometryRandom) in r.uniform(0.3...3) * (reflections ? r.sign() : 1) }
        return RandomTransformRecipe(
            scale: (s(&self), s(&self), s(&self)),
            skew: skew ? (uniform(-0.5...0.5), uniform(-0.5...0.5), uniform(-0.5...0.5)) : (0, 0, 0),
            angle: uniform(-Double.pi...Double.pi),
            axis: axis(),
            translation: (uniform(-200...200), uniform(-200...200), uniform(-200...200)),
            perspective: perspective
                ? (uniform(-0.004...0.004), uniform(-0.004...0.004), uniform(-0.004...0.004), uniform(0.7...1.3))
                : (0, 0, 0, 1)
        )
    }

    mutating func transform(reflections: Bool = true, skew: Bool = true, perspective: Bool = true) -> CATransform3D {
        recipe(reflections: reflections, skew: skew, perspective: perspective).transform
    }
}

// MARK: - Error measures

/// The largest entry-wise difference divided by max(1, the largest magnitude in `expected`): the
/// usual norm-wise relative error, so translation (≈ 100) and perspective (≈ 0.001) entries are
/// judged on the same scale, the scale of the matrix.
func matrixError(_ actual: CATransform3D, _ expected: CATransform3D) -> Double {
    matrixError(actual.entries, expected.entries)
}

func matrixError(_ actual: CATransform3D, _ expected: [Double]) -> Double {
    matrixError(actual.entries, expected)
}

func matrixError(_ actual: [Double], _ expected: [Double]) -> Double {
    guard actual.count == expected.count else { return .infinity }
    let scale = max(1, expected.map(abs).max() ?? 0)
    var worst = 0.0
    for (a, e) in zip(actual, expected) {
        let d = abs(a - e)
        if d.isNaN { return .infinity }
        worst = max(worst, d)
    }
    return worst / scale
}

/// `|a − b| / max(1, |b|)`.
func relativeError(_ a: Double, _ b: Double) -> Double {
    abs(a - b) / max(1, abs(b))
}

/// Builds a transform from 16 reference entries (the references always hold 16).
func transform(_ entries: [Double]) -> CATransform3D {
    CATransform3D(entries: entries) ?? CATransform3D()
}

func affine(_ e: [Double]) -> CGAffineTransform {
    CGAffineTransform(a: CGFloat(e[0]), b: CGFloat(e[1]), c: CGFloat(e[2]), d: CGFloat(e[3]), tx: CGFloat(e[4]), ty: CGFloat(e[5]))
}

// MARK: - Reference file shapes (see Scripts/references/geometry_references.py)

struct AffineReferences: Decodable {
    struct Case: Decodable {
        var t, u, concat, inverse: [Double]
        var point, pointResult, size, sizeResult, rect, rectResult: [Double]
    }
    struct Rotation: Decodable {
        var angle: Double
        var expected: [Double]
    }
    var cases: [Case]
    var rotations: [Rotation]
}

struct Transform3DReferences: Decodable {
    struct Rotation: Decodable { var angle: Double; var axis: [Double]; var expected: [Double] }
    struct Concat: Decodable { var a, b, product: [Double] }
    struct Inverse: Decodable { var m, inverse: [Double]; var condition: Double }
    struct Projection: Decodable { var m, point, expected: [Double]; var w: Double }
    struct Euler: Decodable { var angles, scale, translation, matrix: [Double] }
    var rotations: [Rotation]
    var concats: [Concat]
    var inverses: [Inverse]
    var projections: [Projection]
    var euler: [Euler]
}

struct DecompositionReferences: Decodable {
    struct Case: Decodable {
        var matrix, translation, scale, skew, perspective, quaternion: [Double]
    }
    var cases: [Case]
}

struct InterpolationReferences: Decodable {
    struct Sample: Decodable { var fraction: Double; var expected: [Double] }
    struct Case: Decodable {
        var from, to: [Double]
        var samples: [Sample]
    }
    var cases: [Case]
}

// MARK: - Tests of the helpers

@Suite("Test support")
struct TransformTestSupportTests {
    @Test("SplitMix64 matches the published sequence for seed 0")
    func splitMixKnownValues() {
        // Computed by the reference algorithm (Steele et al.), also in Python when writing this test.
        var random = GeometryRandom(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test("Random recipes multiply out to finite transforms")
    func recipesAreFinite() {
        var random = GeometryRandom(seed: 1)
        for _ in 0..<100 {
            #expect(random.transform().hasFiniteEntries)
        }
    }
}
