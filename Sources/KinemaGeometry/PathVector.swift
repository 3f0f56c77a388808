// PathVector: the Double 2-vector the path code computes with.
//
// Path stores its points as PathVector rather than CGPoint so the hot loops (flattening,
// stroking, winding) work on plain Doubles without CGFloat conversions; the public API speaks
// CGPoint and converts at the boundary.

import Foundation

/// A point or vector of the plane in Double precision (engine-internal).
@usableFromInline
struct PathVector: Sendable, Hashable {
    @usableFromInline var x: Double
    @usableFromInline var y: Double

    @inlinable init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable init(_ p: CGPoint) { x = Double(p.x); y = Double(p.y) }

    @inlinable var cgPoint: CGPoint { CGPoint(x: x, y: y) }
    @inlinable var isFinite: Bool { x.isFinite && y.isFinite }

    @inlinable static func + (l: PathVector, r: PathVector) -> PathVector { PathVector(l.x + r.x, l.y + r.y) }
    @inlinable static func - (l: PathVector, r: PathVector) -> PathVector { PathVector(l.x - r.x, l.y - r.y) }
    @inlinable static func * (l: PathVector, s: Double) -> PathVector { PathVector(l.x * s, l.y * s) }
    @inlinable static func * (s: Double, r: PathVector) -> PathVector { PathVector(r.x * s, r.y * s) }
    @inlinable static prefix func - (v: PathVector) -> PathVector { PathVector(-v.x, -v.y) }

    @inlinable func dot(_ o: PathVector) -> Double { x * o.x + y * o.y }
    /// The z component of the 3-D cross product: positive when `o` turns left of `self` (y up).
    @inlinable func cross(_ o: PathVector) -> Double { x * o.y - y * o.x }
    @inlinable var length: Double { (x * x + y * y).squareRoot() }
    @inlinable var lengthSquared: Double { x * x + y * y }
    /// `self` turned a quarter turn counterclockwise (y up): the left normal of a direction.
    @inlinable var leftNormal: PathVector { PathVector(-y, x) }

    /// The unit vector along `self`, or nil for a zero (or non-finite) vector.
    @inlinable var normalized: PathVector? {
        let l = length
        guard l > 0, l.isFinite else { return nil }
        return PathVector(x / l, y / l)
    }

    @inlinable func distance(to o: PathVector) -> Double { (self - o).length }

    /// Linear interpolation: `self` at t = 0, `o` at t = 1.
    @inlinable func lerp(_ o: PathVector, _ t: Double) -> PathVector {
        PathVector(x + (o.x - x) * t, y + (o.y - y) * t)
    }
}
