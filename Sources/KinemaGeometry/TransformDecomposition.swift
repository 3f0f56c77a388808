// Decomposing a CATransform3D into translation, rotation, scale, skew and perspective, and back.
//
// Audited against: W3C CSS Transforms Module Level 2, "Decomposing a 3D matrix" and
// "Recomposing to a 3D matrix" (the unmatrix of Graphics Gems II), adapted to Core Animation's
// row-vector layout. CSS's matrix3d() lists its entries in the same order as CATransform3D's
// m11…m44, so the rows below are CSS's matrix[i]. Apple documents no decomposition of its own.
// Status: complete, with two deliberate departures from the CSS text, both explained on
// DecomposedTransform3D: no division by m44, and reflections absorbed by one axis, not three.
//
// The factorization, with points as row vectors (the leftmost factor acts first):
//
//     M = Scale · Skew · Rotation · Translation · Perspective
//
//       = | A     A·v   |      A = Scale · Skew · Rotation   (the upper-left 3×3 of M)
//         | t   t·v + w |      t = (m41, m42, m43), v = A⁻¹·(m14, m24, m34), w = m44 − t·v
//
// Skew is unit lower-triangular: row 2 of A gains xy × row 1, row 3 gains xz × row 1 + yz × row 2
// (before scaling), so Gram–Schmidt on A's rows, in order, recovers scale, skew and rotation.

import Foundation

/// A `CATransform3D` split into translation, rotation, scale, skew and perspective, the parts that
/// Core Animation-style transform interpolation blends one by one.
///
/// ```swift
/// let t = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 1)
/// let parts = DecomposedTransform3D(t)!       // nil only for a singular transform
/// parts.translation                           // (10, 0, 0)
/// parts.rotation.angle                        // π/2
/// parts.recomposed()                          // ≈ t
/// ```
///
/// **Semantics.** With points as row vectors (`[x y z 1] · M`), the parts act in this order:
/// scale, then skew, then rotation, then translation, then perspective:
/// `M = Scale · Skew · Rotation · Translation · Perspective`, where `Perspective` is the identity
/// with its last column replaced by ``perspective`` (v.x, v.y, v.z, w). A pure
/// `CATransform3DMakeTranslation`, `…MakeScale` or `…MakeRotation` decomposes into just that part;
/// the classic `m34 = −1/d` perspective decomposes into `perspective = (0, 0, −1/d, 1)`.
///
/// **Departures from the CSS algorithm** (deliberate, for Core Animation's use):
/// 1. CSS first divides the matrix by m44. Kinema does not, so ``recomposed()`` reproduces the
///    matrix itself, not merely a projectively equal one, and a translated perspective matrix
///    (m44 = 1 + tz·m34) decomposes into exactly the translation and perspective that built it.
///    A consequence: `M` and `k·M` (the same projective map) have different scales.
/// 2. When the linear part is a reflection (negative determinant), CSS negates all three scales.
///    Kinema negates one: the axis whose negation leaves the rotation nearest the identity. So
///    `CATransform3DMakeScale(-1, 1, 1)` decomposes into scale (−1, 1, 1) with no rotation, and a
///    flip animates as a squash through zero width rather than a collapse to a point.
///
/// **Cost.** Decomposition is about 150 floating-point operations, a few square roots and no
/// allocation; recomposition about 80 operations.
///
/// **Accuracy.** `DecomposedTransform3D(m)!.recomposed()` equals `m` to about `1e-15 · cond(A)`
/// relative to the largest entry, where `A` is the upper-left 3×3; the test suite checks `1e-13`
/// over thousands of random transforms with scales of either sign in [0.25, 4] and skews up to 0.8.
public struct DecomposedTransform3D: Sendable, Hashable {
    /// The three shear factors of the skew part (all zero for no skew).
    ///
    /// Before scaling, the layer's y axis gains `xy` × its x axis, and its z axis gains
    /// `xz` × its x axis plus `yz` × its y axis. CSS calls them skew[0], skew[1], skew[2].
    public struct Skew: Sendable, Hashable {
        /// Shear of the y axis along x.
        public var xy: Double
        /// Shear of the z axis along x.
        public var xz: Double
        /// Shear of the z axis along y.
        public var yz: Double

        /// Creates a skew from its three shear factors.
        public init(xy: Double, xz: Double, yz: Double) {
            self.xy = xy
            self.xz = xz
            self.yz = yz
        }

        /// No skew.
        public static let zero = Skew(xy: 0, xz: 0, yz: 0)
    }

    /// The translation (m41, m42, m43): where the origin goes before perspective.
    public var translation: SIMD3<Double>
    /// The scale factors along x, y and z (negative for a reflection; see the type's discussion).
    public var scale: SIMD3<Double>
    /// The shear factors.
    public var skew: Skew
    /// The perspective column (v.x, v.y, v.z, w); (0, 0, 0, 1) for none, (0, 0, −1/d, 1) for an eye
    /// at distance d.
    public var perspective: SIMD4<Double>
    /// The rotation, as a unit quaternion with w ≥ 0.
    public var rotation: Quaternion

    /// Creates a decomposition from its parts; the defaults are those of the identity transform.
    public init(
        translation: SIMD3<Double> = .zero,
        scale: SIMD3<Double> = .one,
        skew: Skew = .zero,
        perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1),
        rotation: Quaternion = .identity
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.rotation = rotation
    }

    /// Decomposes `transform`, or returns `nil` when it cannot be decomposed.
    ///
    /// A transform cannot be decomposed when its upper-left 3×3 is singular (a scale of 0 along
    /// some direction, such as `CATransform3DMakeScale(0, 0, 1)`) or when an entry is NaN or
    /// infinite. No diagnostic is emitted: both are legitimate questions with the answer "no".
    public init?(_ transform: CATransform3D) {
        guard let f = TransformFactoring.factor(transform, lenient: false), let perspective = f.perspective else {
            return nil
        }
        self.init(
            translation: f.translation, scale: f.scale, skew: f.skew,
            perspective: perspective, rotation: Quaternion(f.rotation)
        )
    }

    /// Builds the transform these parts describe: `Scale · Skew · Rotation · Translation · Perspective`.
    ///
    /// A non-unit ``rotation`` is normalized first.
    public func recomposed() -> CATransform3D {
        TransformFactoring.compose(
            scale: scale, skew: skew, rotation: RotationRows(rotation),
            translation: translation, perspective: perspective
        )
    }
}

/// The parts of a transform as the factoring engine produces them: the rotation as matrix rows.
struct TransformFactors: Sendable {
    var scale: SIMD3<Double>
    var skew: DecomposedTransform3D.Skew
    var rotation: RotationRows
    var translation: SIMD3<Double>
    /// `nil` when the linear part is singular (lenient factoring only): v cannot be solved for.
    var perspective: SIMD4<Double>?
}

/// The decomposition and recomposition arithmetic shared by DecomposedTransform3D,
/// TransformInterpolation and the key-path components.
enum TransformFactoring {
    /// In lenient factoring, a row whose remainder after Gram–Schmidt is below this fraction of
    /// the largest row is treated as zero: it is rounding noise of a dependent row, and
    /// normalizing it would produce an arbitrary direction.
    static let lenientZeroFraction = 1e-12

    /// Factors `t` as `Scale · Skew · Rotation · Translation · Perspective`.
    ///
    /// Strict (`lenient: false`): returns `nil` when the upper-left 3×3 is singular or any entry is
    /// not finite. Lenient: a singular 3×3 still factors, with scale 0 on the collapsed axes, the
    /// rotation completed to a right-handed basis, and `perspective` nil; only non-finite entries
    /// return `nil`. When rows are dependent but not zero, lenient factors keep only the
    /// independent part (a best effort; such a transform has no exact factorization).
    static func factor(_ t: CATransform3D, lenient: Bool) -> TransformFactors? {
        guard t.hasFiniteEntries else { return nil }
        let a0 = SIMD3(Double(t.m11), Double(t.m12), Double(t.m13))
        let a1 = SIMD3(Double(t.m21), Double(t.m22), Double(t.m23))
        let a2 = SIMD3(Double(t.m31), Double(t.m32), Double(t.m33))
        let tolerance: Double
        if lenient {
            let largest = max(length(a0), max(length(a1), length(a2)))
            tolerance = lenientZeroFraction * largest
        } else {
            tolerance = 0
        }

        // Modified Gram–Schmidt over the rows, in order.
        var scale = SIMD3<Double>.zero
        var skew = DecomposedTransform3D.Skew.zero

        var r0: SIMD3<Double>? = nil
        let l0 = length(a0)
        if l0 > tolerance, l0.isFinite { scale.x = l0; r0 = a0 / l0 }

        var u1 = a1
        var p01 = 0.0
        if let r0 { p01 = dot(u1, r0); u1 -= p01 * r0 }
        var r1: SIMD3<Double>? = nil
        let l1 = length(u1)
        if l1 > tolerance, l1.isFinite { scale.y = l1; r1 = u1 / l1; skew.xy = p01 / l1 }

        var u2 = a2
        var p02 = 0.0
        var p12 = 0.0
        if let r0 { p02 = dot(u2, r0); u2 -= p02 * r0 }
        if let r1 { p12 = dot(u2, r1); u2 -= p12 * r1 }
        var r2: SIMD3<Double>? = nil
        let l2 = length(u2)
        if l2 > tolerance, l2.isFinite { scale.z = l2; r2 = u2 / l2; skew.xz = p02 / l2; skew.yz = p12 / l2 }

        var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)
        if let r0, let r1, let r2 {
            rows = (r0, r1, r2)
            // A reflection: absorb the sign into the one axis whose flip leaves the most rotation-free
            // remainder (largest trace), flipping the skews that pair that axis with another.
            if dot(r0, cross(r1, r2)) < 0 {
                let diagonal = SIMD3(r0.x, r1.y, r2.z)
                if diagonal.x <= diagonal.y, diagonal.x <= diagonal.z {
                    rows.0 = -r0; scale.x = -scale.x; skew.xy = -skew.xy; skew.xz = -skew.xz
                } else if diagonal.y <= diagonal.z {
                    rows.1 = -r1; scale.y = -scale.y; skew.xy = -skew.xy; skew.yz = -skew.yz
                } else {
                    rows.2 = -r2; scale.z = -scale.z; skew.xz = -skew.xz; skew.yz = -skew.yz
                }
            }
        } else {
            guard lenient else { return nil }
            rows = completeBasis(r0, r1, r2)
        }

        let rotation = RotationRows(
            m11: rows.0.x, m12: rows.0.y, m13: rows.0.z,
            m21: rows.1.x, m22: rows.1.y, m23: rows.1.z,
            m31: rows.2.x, m32: rows.2.y, m33: rows.2.z
        )
        let translation = SIMD3(Double(t.m41), Double(t.m42), Double(t.m43))

        // Perspective: solve A·v = c with A = Scale·Skew·Rotation, by scaling, forward substitution
        // through the unit lower-triangular skew, then the transposed rotation.
        var perspective: SIMD4<Double>? = nil
        if scale.x != 0, scale.y != 0, scale.z != 0 {
            let c = SIMD3(Double(t.m14), Double(t.m24), Double(t.m34)) / scale
            let u0 = c.x
            let u1 = c.y - skew.xy * u0
            let u2 = c.z - skew.xz * u0 - skew.yz * u1
            let v = u0 * rows.0 + u1 * rows.1 + u2 * rows.2
            let w = Double(t.m44) - dot(translation, v)
            perspective = SIMD4(v.x, v.y, v.z, w)
        }
        return TransformFactors(
            scale: scale, skew: skew, rotation: rotation, translation: translation, perspective: perspective
        )
    }

    /// Completes the known orthonormal rows to a right-handed orthonormal basis.
    private static func completeBasis(
        _ r0: SIMD3<Double>?, _ r1: SIMD3<Double>?, _ r2: SIMD3<Double>?
    ) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let axes = (SIMD3<Double>(1, 0, 0), SIMD3<Double>(0, 1, 0), SIMD3<Double>(0, 0, 1))
        switch (r0, r1, r2) {
        case let (r0?, r1?, r2?):
            return (r0, r1, r2)
        case let (r0?, r1?, nil):
            return (r0, r1, cross(r0, r1))
        case let (r0?, nil, r2?):
            return (r0, cross(r2, r0), r2)
        case let (nil, r1?, r2?):
            return (cross(r1, r2), r1, r2)
        case let (r0?, nil, nil):
            let r1 = perpendicular(to: r0, preferring: axes.1, axes.2)
            return (r0, r1, cross(r0, r1))
        case let (nil, r1?, nil):
            let r2 = perpendicular(to: r1, preferring: axes.2, axes.0)
            return (cross(r1, r2), r1, r2)
        case let (nil, nil, r2?):
            let r0 = perpendicular(to: r2, preferring: axes.0, axes.1)
            return (r0, cross(r2, r0), r2)
        case (nil, nil, nil):
            return axes
        }
    }

    /// The unit component of `preferred` perpendicular to the unit vector `n`, or of `fallback`
    /// when `preferred` is nearly parallel to `n`. (Of two perpendicular axes, at least one makes
    /// an angle of 45° or more with any n, so the chosen remainder has length ≥ 0.5.)
    private static func perpendicular(
        to n: SIMD3<Double>, preferring preferred: SIMD3<Double>, _ fallback: SIMD3<Double>
    ) -> SIMD3<Double> {
        var u = preferred - dot(preferred, n) * n
        if length(u) < 0.5 { u = fallback - dot(fallback, n) * n }
        return u / length(u)
    }

    /// Builds `Scale · Skew · Rotation · Translation · Perspective`.
    static func compose(
        scale: SIMD3<Double>, skew: DecomposedTransform3D.Skew, rotation r: RotationRows,
        translation t: SIMD3<Double>, perspective p: SIMD4<Double>
    ) -> CATransform3D {
        // Rows of A = Scale · Skew · Rotation.
        let a0x = scale.x * r.m11
        let a0y = scale.x * r.m12
        let a0z = scale.x * r.m13
        let a1x = scale.y * (skew.xy * r.m11 + r.m21)
        let a1y = scale.y * (skew.xy * r.m12 + r.m22)
        let a1z = scale.y * (skew.xy * r.m13 + r.m23)
        let a2x = scale.z * (skew.xz * r.m11 + skew.yz * r.m21 + r.m31)
        let a2y = scale.z * (skew.xz * r.m12 + skew.yz * r.m22 + r.m32)
        let a2z = scale.z * (skew.xz * r.m13 + skew.yz * r.m23 + r.m33)
        return CATransform3D(
            m11: CGFloat(a0x), m12: CGFloat(a0y), m13: CGFloat(a0z),
            m14: CGFloat(a0x * p.x + a0y * p.y + a0z * p.z),
            m21: CGFloat(a1x), m22: CGFloat(a1y), m23: CGFloat(a1z),
            m24: CGFloat(a1x * p.x + a1y * p.y + a1z * p.z),
            m31: CGFloat(a2x), m32: CGFloat(a2y), m33: CGFloat(a2z),
            m34: CGFloat(a2x * p.x + a2y * p.y + a2z * p.z),
            m41: CGFloat(t.x), m42: CGFloat(t.y), m43: CGFloat(t.z),
            m44: CGFloat(t.x * p.x + t.y * p.y + t.z * p.z + p.w)
        )
    }
}

@inline(__always) private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    a.x * b.x + a.y * b.y + a.z * b.z
}

@inline(__always) private func length(_ a: SIMD3<Double>) -> Double {
    (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot()
}

@inline(__always) private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
