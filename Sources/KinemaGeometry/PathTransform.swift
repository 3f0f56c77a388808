// PathTransform: the affine map that path construction, flattening and stroking take.
//
// Audited against: CGAffineTransform docs (row-vector convention, `x' = a·x + c·y + tx`,
// `y' = b·x + d·y + ty`). Status: only what paths need. The engine's `CGAffineTransform` lives in
// another file of this module; it converts to this type field for field, so the path code has no
// dependency on it.

import Foundation

/// An affine map of the plane, in Core Graphics' row-vector convention:
///
///     x' = a·x + c·y + tx
///     y' = b·x + d·y + ty
///
/// ```swift
/// let flip = PathTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 100)
/// flip.apply(to: CGPoint(x: 10, y: 20))   // (10, 80)
/// ```
/// Cost: a handful of multiply-adds per point.
public struct PathTransform: Sendable, Hashable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity map.
    public static let identity = PathTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (tx, ty).
    public static func translation(_ tx: Double, _ ty: Double) -> PathTransform {
        PathTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by (sx, sy) about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> PathTransform {
        PathTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians, counterclockwise in a y-up space (CG's convention).
    public static func rotation(_ angle: Double) -> PathTransform {
        let cs = cos(angle), sn = sin(angle)
        return PathTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` followed by `other` (CG's `concatenating`: points are mapped by self first).
    public func concatenating(_ other: PathTransform) -> PathTransform {
        PathTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    public var isIdentity: Bool { self == .identity }

    /// Whether all six entries are finite.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The determinant of the linear part (negative for a reflection).
    public var determinant: Double { a * d - b * c }

    /// Maps a point.
    @inlinable
    public func apply(to p: CGPoint) -> CGPoint {
        let x = Double(p.x), y = Double(p.y)
        return CGPoint(x: a * x + c * y + tx, y: b * x + d * y + ty)
    }

    @inlinable
    func apply(_ p: PathVector) -> PathVector {
        PathVector(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The largest singular value of the linear part: the most the map stretches any length.
    ///
    /// For a curve flattened in user space with tolerance `t`, the device-space error is at most
    /// `maxScale · t`; see `userTolerance(forDeviceTolerance:)`. Closed form of the 2×2 SVD.
    public var maxScale: Double {
        let e = (a + d) / 2, f = (a - d) / 2, g = (b + c) / 2, h = (b - c) / 2
        let q = (e * e + h * h).squareRoot(), r = (f * f + g * g).squareRoot()
        return q + r
    }

    /// The user-space flattening tolerance that keeps the device-space error within
    /// `deviceTolerance` after this map: `deviceTolerance / maxScale`.
    ///
    /// A degenerate map (maxScale 0, or not finite) gets `deviceTolerance` back unchanged.
    public func userTolerance(forDeviceTolerance deviceTolerance: Double) -> Double {
        let s = maxScale
        guard s.isFinite, s > 0 else { return deviceTolerance }
        return deviceTolerance / s
    }
}
