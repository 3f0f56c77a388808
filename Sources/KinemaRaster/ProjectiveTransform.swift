// ProjectiveTransform: a 3×3 homogeneous transform of the plane, for mapping images to pixels.

/// A projective (perspective) transform of the plane: a point `(x, y)` maps to
/// `((m11·x + m12·y + m13) / w, (m21·x + m22·y + m23) / w)` with `w = m31·x + m32·y + m33`.
/// An affine transform has `m31 = m32 = 0, m33 = 1`.
///
/// ```swift
/// let t = ProjectiveTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 5)  // Core Graphics' order
/// t.apply(DevicePoint(x: 1, y: 1))  // (12, 7)
/// ```
public struct ProjectiveTransform: Hashable, Sendable {
    public var m11, m12, m13: Double
    public var m21, m22, m23: Double
    public var m31, m32, m33: Double

    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    /// The affine transform `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, in the order Core
    /// Graphics' affine transforms list their entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.init(m11: a, m12: c, m13: tx, m21: b, m22: d, m23: ty, m31: 0, m32: 0, m33: 1)
    }

    public static let identity = ProjectiveTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// The image of `point`; nil where `w` is zero, negative (behind the viewer) or not finite.
    public func apply(_ point: DevicePoint) -> DevicePoint? {
        let w = m31 * point.x + m32 * point.y + m33
        guard w > 0, w.isFinite else { return nil }
        let x = (m11 * point.x + m12 * point.y + m13) / w
        let y = (m21 * point.x + m22 * point.y + m23) / w
        guard x.isFinite, y.isFinite else { return nil }
        return DevicePoint(x: x, y: y)
    }

    /// The inverse transform, or nil when this one is singular or not finite.
    public var inverted: ProjectiveTransform? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let c21 = m23 * m31 - m21 * m33, c22 = m11 * m33 - m13 * m31, c23 = m13 * m21 - m11 * m23
        let c31 = m21 * m32 - m22 * m31, c32 = m12 * m31 - m11 * m32, c33 = m11 * m22 - m12 * m21
        let determinant = m11 * c11 + m12 * c21 + m13 * c31
        guard determinant.isFinite, abs(determinant) > 1e-300 else { return nil }
        let s = 1 / determinant
        let result = ProjectiveTransform(m11: c11 * s, m12: c12 * s, m13: c13 * s, m21: c21 * s, m22: c22 * s, m23: c23 * s,
                                         m31: c31 * s, m32: c32 * s, m33: c33 * s)
        let entries = [result.m11, result.m12, result.m13, result.m21, result.m22, result.m23, result.m31, result.m32, result.m33]
        return entries.allSatisfy(\.isFinite) ? result : nil
    }
}
