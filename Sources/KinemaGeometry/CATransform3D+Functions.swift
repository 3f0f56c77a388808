// Core Animation's free functions on CATransform3D: making, chaining, inverting, testing, and
// converting to and from CGAffineTransform.
//
// Audited against: Apple's "Transforms" topic of the QuartzCore reference —
// CATransform3DMakeTranslation, CATransform3DMakeScale, CATransform3DMakeRotation ("If the
// vector has length zero, this function returns the identity transform"), CATransform3DConcat
// ("t = a * b"), CATransform3DTranslate ("t = translate(tx, ty, tz) * t"), CATransform3DScale
// ("t = scale(sx, sy, sz) * t"), CATransform3DRotate ("t = rotation(angle, x, y, z) * t"; zero
// vector: "the behavior is undefined"), CATransform3DInvert ("Returns the original matrix if t
// has no inverse"), CATransform3DIsAffine, CATransform3DIsIdentity,
// CATransform3DEqualToTransform, CATransform3DMakeAffineTransform, CATransform3DGetAffineTransform.
// Status: complete. Kinema choices where Apple is silent or undefined are marked "Kinema:" below.

import KinemaSupport
import Foundation

// MARK: - Making transforms

/// Returns a transform that translates by (`tx`, `ty`, `tz`): the identity with m41, m42, m43 set.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx
    t.m42 = ty
    t.m43 = tz
    return t
}

/// Returns a transform that scales by (`sx`, `sy`, `sz`): the identity with m11, m22, m33 set.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx
    t.m22 = sy
    t.m33 = sz
    return t
}

/// Returns a transform that rotates by `angle` radians about the vector (`x`, `y`, `z`).
///
/// The axis is normalized first, and the rotation is right-handed: about +z, the point (1, 0, 0)
/// goes toward (cos θ, sin θ, 0), exactly as `CGAffineTransform(rotationAngle: θ)` moves it, and
/// `CATransform3DMakeRotation(θ, 0, 0, 1)` has the same entries as
/// `CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: θ))`.
///
/// Apple: "If the vector has length zero, this function returns the identity transform." Kinema
/// does so too and, when the angle is not zero, also emits a diagnostic, since a rotation about
/// no axis is almost always a mistake. A non-finite angle or axis returns the identity with a
/// diagnostic (Kinema; Apple would produce NaN entries).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    guard let r = RotationRows(angle: Double(angle), x: Double(x), y: Double(y), z: Double(z),
                               caller: "CATransform3DMakeRotation") else {
        return CATransform3DIdentity
    }
    return CATransform3D(
        m11: CGFloat(r.m11), m12: CGFloat(r.m12), m13: CGFloat(r.m13), m14: 0,
        m21: CGFloat(r.m21), m22: CGFloat(r.m22), m23: CGFloat(r.m23), m24: 0,
        m31: CGFloat(r.m31), m32: CGFloat(r.m32), m33: CGFloat(r.m33), m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1
    )
}

/// The upper-left 3×3 of a rotation matrix in row-vector layout.
///
/// Rodrigues' formula for the unit axis n, transposed for row vectors:
/// `R = cos θ · I + sin θ · [n]ₓᵀ + (1 − cos θ) · n nᵀ`.
struct RotationRows: Sendable {
    var m11, m12, m13, m21, m22, m23, m31, m32, m33: Double

    init(
        m11: Double, m12: Double, m13: Double,
        m21: Double, m22: Double, m23: Double,
        m31: Double, m32: Double, m33: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// Returns `nil` (after emitting a diagnostic when it matters) for a zero, infinite or NaN axis
    /// or a non-finite angle: the caller substitutes "no rotation".
    init?(angle: Double, x: Double, y: Double, z: Double, caller: String) {
        guard angle.isFinite, x.isFinite, y.isFinite, z.isFinite else {
            KinemaDiagnostics.emit(caller, "angle \(angle) or axis (\(x), \(y), \(z)) is not finite; applied no rotation")
            return nil
        }
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else {
            // Apple documents the identity for a zero-length vector; say so when it changes anything.
            if angle != 0 {
                KinemaDiagnostics.emit(caller, "rotation axis (\(x), \(y), \(z)) has zero length; applied no rotation")
            }
            return nil
        }
        let nx = x / length, ny = y / length, nz = z / length
        let c = cos(angle), s = sin(angle), k = 1 - c
        m11 = c + k * nx * nx
        m12 = k * nx * ny + s * nz
        m13 = k * nx * nz - s * ny
        m21 = k * nx * ny - s * nz
        m22 = c + k * ny * ny
        m23 = k * ny * nz + s * nx
        m31 = k * nx * nz + s * ny
        m32 = k * ny * nz - s * nx
        m33 = c + k * nz * nz
    }
}

// MARK: - Chaining transforms

/// Concatenates `b` to `a` and returns the result: `t = a * b`, which applies `a` first, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let a11 = Double(a.m11), a12 = Double(a.m12), a13 = Double(a.m13), a14 = Double(a.m14)
    let a21 = Double(a.m21), a22 = Double(a.m22), a23 = Double(a.m23), a24 = Double(a.m24)
    let a31 = Double(a.m31), a32 = Double(a.m32), a33 = Double(a.m33), a34 = Double(a.m34)
    let a41 = Double(a.m41), a42 = Double(a.m42), a43 = Double(a.m43), a44 = Double(a.m44)
    let b11 = Double(b.m11), b12 = Double(b.m12), b13 = Double(b.m13), b14 = Double(b.m14)
    let b21 = Double(b.m21), b22 = Double(b.m22), b23 = Double(b.m23), b24 = Double(b.m24)
    let b31 = Double(b.m31), b32 = Double(b.m32), b33 = Double(b.m33), b34 = Double(b.m34)
    let b41 = Double(b.m41), b42 = Double(b.m42), b43 = Double(b.m43), b44 = Double(b.m44)
    return CATransform3D(
        m11: CGFloat(a11 * b11 + a12 * b21 + a13 * b31 + a14 * b41),
        m12: CGFloat(a11 * b12 + a12 * b22 + a13 * b32 + a14 * b42),
        m13: CGFloat(a11 * b13 + a12 * b23 + a13 * b33 + a14 * b43),
        m14: CGFloat(a11 * b14 + a12 * b24 + a13 * b34 + a14 * b44),
        m21: CGFloat(a21 * b11 + a22 * b21 + a23 * b31 + a24 * b41),
        m22: CGFloat(a21 * b12 + a22 * b22 + a23 * b32 + a24 * b42),
        m23: CGFloat(a21 * b13 + a22 * b23 + a23 * b33 + a24 * b43),
        m24: CGFloat(a21 * b14 + a22 * b24 + a23 * b34 + a24 * b44),
        m31: CGFloat(a31 * b11 + a32 * b21 + a33 * b31 + a34 * b41),
        m32: CGFloat(a31 * b12 + a32 * b22 + a33 * b32 + a34 * b42),
        m33: CGFloat(a31 * b13 + a32 * b23 + a33 * b33 + a34 * b43),
        m34: CGFloat(a31 * b14 + a32 * b24 + a33 * b34 + a34 * b44),
        m41: CGFloat(a41 * b11 + a42 * b21 + a43 * b31 + a44 * b41),
        m42: CGFloat(a41 * b12 + a42 * b22 + a43 * b32 + a44 * b42),
        m43: CGFloat(a41 * b13 + a42 * b23 + a43 * b33 + a44 * b43),
        m44: CGFloat(a41 * b14 + a42 * b24 + a43 * b34 + a44 * b44)
    )
}

/// Translates `t` by (`tx`, `ty`, `tz`) and returns the result: `translate(tx, ty, tz) * t`.
///
/// The translation happens first, in `t`'s input space: rows 1–3 are unchanged and row 4 becomes
/// `tx·row1 + ty·row2 + tz·row3 + row4`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var r = t
    r.m41 = tx * t.m11 + ty * t.m21 + tz * t.m31 + t.m41
    r.m42 = tx * t.m12 + ty * t.m22 + tz * t.m32 + t.m42
    r.m43 = tx * t.m13 + ty * t.m23 + tz * t.m33 + t.m43
    r.m44 = tx * t.m14 + ty * t.m24 + tz * t.m34 + t.m44
    return r
}

/// Scales `t` by (`sx`, `sy`, `sz`) and returns the result: `scale(sx, sy, sz) * t`.
///
/// The scale happens first: row 1 is multiplied by `sx`, row 2 by `sy`, row 3 by `sz`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var r = t
    r.m11 *= sx; r.m12 *= sx; r.m13 *= sx; r.m14 *= sx
    r.m21 *= sy; r.m22 *= sy; r.m23 *= sy; r.m24 *= sy
    r.m31 *= sz; r.m32 *= sz; r.m33 *= sz; r.m34 *= sz
    return r
}

/// Rotates `t` by `angle` radians about the vector (`x`, `y`, `z`) and returns the result:
/// `rotation(angle, x, y, z) * t`, the rotation happening first.
///
/// Apple leaves a zero-length vector undefined. Kinema returns `t` unchanged, consistent with
/// `CATransform3DMakeRotation` returning the identity, and emits a diagnostic when the angle is
/// not zero. A non-finite angle or axis also returns `t` with a diagnostic.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    guard let r = RotationRows(angle: Double(angle), x: Double(x), y: Double(y), z: Double(z),
                               caller: "CATransform3DRotate") else {
        return t
    }
    var out = t
    // Rows 1–3 of the result are the rotation's rows times t's upper three rows; row 4 is unchanged.
    func row(_ c1: Double, _ c2: Double, _ c3: Double) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
        (
            CGFloat(c1 * Double(t.m11) + c2 * Double(t.m21) + c3 * Double(t.m31)),
            CGFloat(c1 * Double(t.m12) + c2 * Double(t.m22) + c3 * Double(t.m32)),
            CGFloat(c1 * Double(t.m13) + c2 * Double(t.m23) + c3 * Double(t.m33)),
            CGFloat(c1 * Double(t.m14) + c2 * Double(t.m24) + c3 * Double(t.m34))
        )
    }
    (out.m11, out.m12, out.m13, out.m14) = row(r.m11, r.m12, r.m13)
    (out.m21, out.m22, out.m23, out.m24) = row(r.m21, r.m22, r.m23)
    (out.m31, out.m32, out.m33, out.m34) = row(r.m31, r.m32, r.m33)
    return out
}

// MARK: - Inverting

/// Inverts `t` and returns the result; returns `t` itself if it has no inverse.
///
/// The inverse is the adjugate over the determinant (Laplace expansion by 2×2 minors), in
/// `Double`. `t` "has no inverse" when its determinant is exactly zero or not finite, or when the
/// inverse would have a non-finite entry; Apple documents returning the original matrix, and
/// Kinema also emits a diagnostic. Accuracy: `CATransform3DConcat(t, CATransform3DInvert(t))`
/// is the identity within about `1e-15 · cond(t)` per entry, relative to the entries' size.
/// Perspective (m14, m24, m34, m44) is inverted like any other entry.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    let a00 = Double(t.m11), a01 = Double(t.m12), a02 = Double(t.m13), a03 = Double(t.m14)
    let a10 = Double(t.m21), a11 = Double(t.m22), a12 = Double(t.m23), a13 = Double(t.m24)
    let a20 = Double(t.m31), a21 = Double(t.m32), a22 = Double(t.m33), a23 = Double(t.m34)
    let a30 = Double(t.m41), a31 = Double(t.m42), a32 = Double(t.m43), a33 = Double(t.m44)

    // 2×2 minors of the top two rows (s) and of the bottom two rows (c).
    let s0 = a00 * a11 - a10 * a01, s1 = a00 * a12 - a10 * a02, s2 = a00 * a13 - a10 * a03
    let s3 = a01 * a12 - a11 * a02, s4 = a01 * a13 - a11 * a03, s5 = a02 * a13 - a12 * a03
    let c0 = a20 * a31 - a30 * a21, c1 = a20 * a32 - a30 * a22, c2 = a20 * a33 - a30 * a23
    let c3 = a21 * a32 - a31 * a22, c4 = a21 * a33 - a31 * a23, c5 = a22 * a33 - a32 * a23

    let determinant = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    guard determinant != 0, determinant.isFinite else {
        KinemaDiagnostics.emit(
            "CATransform3DInvert",
            "the transform is singular (determinant \(determinant)); returned it unchanged, as Apple documents"
        )
        return t
    }
    let k = 1 / determinant
    let inverse = CATransform3D(
        m11: CGFloat((a11 * c5 - a12 * c4 + a13 * c3) * k),
        m12: CGFloat((-a01 * c5 + a02 * c4 - a03 * c3) * k),
        m13: CGFloat((a31 * s5 - a32 * s4 + a33 * s3) * k),
        m14: CGFloat((-a21 * s5 + a22 * s4 - a23 * s3) * k),
        m21: CGFloat((-a10 * c5 + a12 * c2 - a13 * c1) * k),
        m22: CGFloat((a00 * c5 - a02 * c2 + a03 * c1) * k),
        m23: CGFloat((-a30 * s5 + a32 * s2 - a33 * s1) * k),
        m24: CGFloat((a20 * s5 - a22 * s2 + a23 * s1) * k),
        m31: CGFloat((a10 * c4 - a11 * c2 + a13 * c0) * k),
        m32: CGFloat((-a00 * c4 + a01 * c2 - a03 * c0) * k),
        m33: CGFloat((a30 * s4 - a31 * s2 + a33 * s0) * k),
        m34: CGFloat((-a20 * s4 + a21 * s2 - a23 * s0) * k),
        m41: CGFloat((-a10 * c3 + a11 * c1 - a12 * c0) * k),
        m42: CGFloat((a00 * c3 - a01 * c1 + a02 * c0) * k),
        m43: CGFloat((-a30 * s3 + a31 * s1 - a32 * s0) * k),
        m44: CGFloat((a20 * s3 - a21 * s1 + a22 * s0) * k)
    )
    guard inverse.hasFiniteEntries else {
        KinemaDiagnostics.emit("CATransform3DInvert", "the inverse is not finite; returned the transform unchanged")
        return t
    }
    return inverse
}

// MARK: - Properties

/// Returns whether `t` is exactly the identity transform.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

/// Returns whether the two transforms are exactly equal, entry by entry (NaN equals nothing).
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// Returns whether `t` can be represented exactly by an affine transform.
///
/// Kinema reads "exactly" strictly: `t` must be the image of some `CGAffineTransform` under
/// `CATransform3DMakeAffineTransform`, that is m13 = m14 = m23 = m24 = m31 = m32 = m34 = m43 = 0
/// and m33 = m44 = 1. (Apple does not list the entries it checks.)
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}

// MARK: - Core Graphics affine transforms

/// Returns a transform with the same effect as the affine transform `m`:
/// m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx, m42 = ty, the rest from the identity.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = m.a
    t.m12 = m.b
    t.m21 = m.c
    t.m22 = m.d
    t.m41 = m.tx
    t.m42 = m.ty
    return t
}

/// Returns the affine transform represented by `t`: (m11, m12, m21, m22, m41, m42).
///
/// As Apple documents, the result is meaningful only when `CATransform3DIsAffine(t)`; otherwise
/// the other entries are simply dropped.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
