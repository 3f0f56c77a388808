// Quaternion: unit quaternions for the rotation part of a decomposed transform, and slerp.
//
// Not an Apple type: Kinema's own, used by DecomposedTransform3D and TransformInterpolation.
// Conventions (stated once, used everywhere in KinemaGeometry):
//   * (x, y, z, w) = (n·sin(θ/2), cos(θ/2)) is the right-handed rotation by θ about the unit
//     axis n, the same rotation as CATransform3DMakeRotation(θ, n.x, n.y, n.z);
//   * its matrix is in Core Animation's row-vector layout (the transpose of the textbook
//     column-vector matrix), so it can be dropped straight into a CATransform3D.

import KinemaSupport
import Foundation

/// A quaternion `x·i + y·j + z·k + w`; unit quaternions represent 3-D rotations.
///
/// ```swift
/// let quarter = Quaternion(angle: .pi / 2, axis: SIMD3(0, 0, 1))
/// let eighth = Quaternion.identity.slerp(to: quarter, fraction: 0.5)   // π/4 about z
/// eighth.rotationTransform                    // ≈ CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
/// ```
///
/// `q` and `-q` are the same rotation but different values: equality and hashing compare the
/// four components. Every operation is a few dozen floating-point operations and allocation-free.
public struct Quaternion: Sendable, Hashable, Codable {
    /// The i component: the rotation axis's x times sin(θ/2).
    public var x: Double
    /// The j component: the rotation axis's y times sin(θ/2).
    public var y: Double
    /// The k component: the rotation axis's z times sin(θ/2).
    public var z: Double
    /// The real component: cos(θ/2).
    public var w: Double

    /// Creates a quaternion from its four components (not normalized).
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// The identity rotation (0, 0, 0, 1).
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// Creates the unit quaternion of the right-handed rotation by `angle` radians about `axis`.
    ///
    /// The axis is normalized. A zero-length or non-finite axis, or a non-finite angle, gives the
    /// identity, with a diagnostic unless the angle is zero (mirroring `CATransform3DMakeRotation`).
    public init(angle: Double, axis: SIMD3<Double>) {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard angle.isFinite, length > 0, length.isFinite else {
            if angle != 0 {
                KinemaDiagnostics.emit("Quaternion", "angle \(angle) about axis \(axis) is not a rotation; used the identity")
            }
            self = .identity
            return
        }
        let s = sin(angle / 2) / length
        self.init(x: axis.x * s, y: axis.y * s, z: axis.z * s, w: cos(angle / 2))
    }

    /// The Euclidean length `√(x² + y² + z² + w²)`; 1 for a rotation.
    public var length: Double { (x * x + y * y + z * z + w * w).squareRoot() }

    /// Returns the quaternion scaled to length 1, or the identity when the length is zero or not
    /// finite.
    public func normalized() -> Quaternion {
        let l = length
        guard l > 0, l.isFinite else { return .identity }
        return Quaternion(x: x / l, y: y / l, z: z / l, w: w / l)
    }

    /// The four-dimensional dot product; for unit quaternions, cos of half the angle between them.
    public func dot(_ other: Quaternion) -> Double {
        x * other.x + y * other.y + z * other.z + w * other.w
    }

    /// The rotation angle in [0, 2π] of this (unit) quaternion.
    public var angle: Double {
        2 * atan2((x * x + y * y + z * z).squareRoot(), w)
    }

    /// The unit rotation axis; (0, 0, 1) for the identity, where any axis would do.
    public var axis: SIMD3<Double> {
        let s = (x * x + y * y + z * z).squareRoot()
        guard s > 0 else { return SIMD3(0, 0, 1) }
        return SIMD3(x / s, y / s, z / s)
    }

    /// Spherical linear interpolation along the shorter arc from `self` (fraction 0) to `other`
    /// (fraction 1), at constant angular speed.
    ///
    /// Fractions outside [0, 1] extrapolate along the same great circle (overshooting timing
    /// curves need it). When the two rotations are within about 1e-8 radians the result is the
    /// normalized linear blend, which agrees with the arc to rounding. Both inputs should be unit
    /// quaternions; the result is a unit quaternion.
    public func slerp(to other: Quaternion, fraction: Double) -> Quaternion {
        SlerpPath(from: self, to: other).value(at: fraction)
    }

    /// The rotation as a Core Animation transform: the quaternion's rotation matrix in the upper
    /// left, no translation or perspective. A non-unit quaternion is normalized first.
    public var rotationTransform: CATransform3D {
        let r = RotationRows(self)
        return CATransform3D(
            m11: CGFloat(r.m11), m12: CGFloat(r.m12), m13: CGFloat(r.m13), m14: 0,
            m21: CGFloat(r.m21), m22: CGFloat(r.m22), m23: CGFloat(r.m23), m24: 0,
            m31: CGFloat(r.m31), m32: CGFloat(r.m32), m33: CGFloat(r.m33), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1
        )
    }
}

/// A precomputed shortest-arc slerp between two unit quaternions: the trigonometry that does not
/// depend on the fraction is done once, leaving two sines per evaluation.
struct SlerpPath: Sendable {
    let q0: Quaternion
    let q1: Quaternion
    /// The angle between q0 and q1 on the 4-D unit sphere (half the rotation angle between them).
    let omega: Double
    let inverseSineOmega: Double
    /// True when the arc is so short that the normalized linear blend is used instead.
    let isLinear: Bool

    /// Below this arc (radians), sin(tΩ)/sin(Ω) equals t to within 1e-16 relative, so the linear
    /// blend is as accurate as the trigonometric form and avoids dividing by a vanishing sine.
    static let linearThreshold = 1e-8

    init(from a: Quaternion, to b: Quaternion) {
        // The shorter arc: q and −q are the same rotation, pick the representative of b nearer a.
        let end = a.dot(b) < 0 ? Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w) : b
        q0 = a
        q1 = end
        // 2·atan2(|a − b|, |a + b|) is the angle between unit vectors, accurate at every size
        // (acos of the dot product loses half the digits near 0).
        let dx = a.x - end.x, dy = a.y - end.y, dz = a.z - end.z, dw = a.w - end.w
        let sx = a.x + end.x, sy = a.y + end.y, sz = a.z + end.z, sw = a.w + end.w
        let difference = (dx * dx + dy * dy + dz * dz + dw * dw).squareRoot()
        let sum = (sx * sx + sy * sy + sz * sz + sw * sw).squareRoot()
        omega = 2 * atan2(difference, sum)
        isLinear = !(omega > Self.linearThreshold)
        inverseSineOmega = isLinear ? 0 : 1 / sin(omega)
    }

    func value(at t: Double) -> Quaternion {
        let k0: Double
        let k1: Double
        if isLinear {
            k0 = 1 - t
            k1 = t
        } else {
            k0 = sin((1 - t) * omega) * inverseSineOmega
            k1 = sin(t * omega) * inverseSineOmega
        }
        let q = Quaternion(
            x: k0 * q0.x + k1 * q1.x,
            y: k0 * q0.y + k1 * q1.y,
            z: k0 * q0.z + k1 * q1.z,
            w: k0 * q0.w + k1 * q1.w
        )
        return isLinear ? q.normalized() : q
    }
}

extension RotationRows {
    /// The row-vector rotation matrix of `q` (normalized on the fly: the products are scaled by
    /// 2/|q|², so a slightly non-unit quaternion still gives an orthonormal matrix to rounding).
    init(_ q: Quaternion) {
        let n = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w
        let s = n > 0 && n.isFinite ? 2 / n : 0
        let xx = q.x * q.x * s, yy = q.y * q.y * s, zz = q.z * q.z * s
        let xy = q.x * q.y * s, xz = q.x * q.z * s, yz = q.y * q.z * s
        let wx = q.w * q.x * s, wy = q.w * q.y * s, wz = q.w * q.z * s
        self.init(
            m11: 1 - (yy + zz), m12: xy + wz, m13: xz - wy,
            m21: xy - wz, m22: 1 - (xx + zz), m23: yz + wx,
            m31: xz + wy, m32: yz - wx, m33: 1 - (xx + yy)
        )
    }
}

extension Quaternion {
    /// The unit quaternion of an orthonormal, right-handed row-vector rotation matrix, with w ≥ 0.
    ///
    /// Shepperd's method: take the square root of the largest of the four diagonal combinations
    /// (1 + trace, or 1 + 2·mᵢᵢ − trace) and get the other three components from off-diagonal
    /// sums and differences, so no component is found by dividing by a small number.
    init(_ r: RotationRows) {
        let trace = r.m11 + r.m22 + r.m33
        var q: Quaternion
        if trace >= r.m11, trace >= r.m22, trace >= r.m33 {
            let s = 2 * (1 + trace).squareRoot()  // 4w
            q = Quaternion(x: (r.m23 - r.m32) / s, y: (r.m31 - r.m13) / s, z: (r.m12 - r.m21) / s, w: s / 4)
        } else if r.m11 >= r.m22, r.m11 >= r.m33 {
            let s = 2 * (1 + r.m11 - r.m22 - r.m33).squareRoot()  // 4x
            q = Quaternion(x: s / 4, y: (r.m12 + r.m21) / s, z: (r.m13 + r.m31) / s, w: (r.m23 - r.m32) / s)
        } else if r.m22 >= r.m33 {
            let s = 2 * (1 - r.m11 + r.m22 - r.m33).squareRoot()  // 4y
            q = Quaternion(x: (r.m12 + r.m21) / s, y: s / 4, z: (r.m23 + r.m32) / s, w: (r.m31 - r.m13) / s)
        } else {
            let s = 2 * (1 - r.m11 - r.m22 + r.m33).squareRoot()  // 4z
            q = Quaternion(x: (r.m13 + r.m31) / s, y: (r.m23 + r.m32) / s, z: s / 4, w: (r.m12 - r.m21) / s)
        }
        if q.w < 0 { q = Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w) }
        self = q.normalized()
    }
}
