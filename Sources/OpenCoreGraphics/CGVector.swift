// CGVector: a two-dimensional vector, which Foundation on Linux does not have.
//
// Audited against: Apple's CGVector docs (dx, dy, init(dx:dy:) for CGFloat, Double and Int, zero,
//   Equatable). Status: complete; CGVectorMake is Swift-unavailable on Apple's platforms too.

import Foundation

/// A structure that contains a two-dimensional vector (UIKit uses it for spring velocities).
///
/// ```swift
/// let velocity = CGVector(dx: 0, dy: 1.5)
/// ```
public struct CGVector: Sendable, Hashable, CustomStringConvertible {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// The zero vector.
    public init() {
        dx = 0
        dy = 0
    }

    /// A vector with the given components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// A vector with the given components.
    public init(dx: Double, dy: Double) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// A vector with the given components.
    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// The vector whose components are both zero.
    public static var zero: CGVector { CGVector() }

    public var description: String { "(\(dx), \(dy))" }
}
