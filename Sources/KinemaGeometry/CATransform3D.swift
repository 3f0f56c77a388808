// CATransform3D: Core Animation's 4×4 transform matrix, its conformances, and projecting points.
//
// Audited against: Apple's CATransform3D reference (the structure, its sixteen fields, the Swift
// initializers init() and init(m11:…:m44:)) and CATransform3DIdentity.
// Status: complete. Kinema additions beyond Apple's API: Equatable (with the semantics of
// CATransform3DEqualToTransform), Hashable, Codable (an unkeyed list of the sixteen entries, the
// shape Apple's overlay uses for CGAffineTransform), CustomStringConvertible, entries,
// hasFiniteEntries and the projecting helpers. Apple's SDK is not known to declare Equatable or
// Codable for CATransform3D (third-party code adds them), so Kinema's are a value-type convenience.
//
// Layout (row vectors, as Core Animation uses it):
//
//     [x' y' z' w'] = [x y z 1] · | m11 m12 m13 m14 |
//                                 | m21 m22 m23 m24 |      translation:  m41 m42 m43
//                                 | m31 m32 m33 m34 |      perspective:  m34 = −1/d
//                                 | m41 m42 m43 m44 |      (eye at distance d on +z)
//
// and the projected point is (x'/w', y'/w', z'/w').

import KinemaSupport
import Foundation

/// The standard 4×4 transform matrix of Core Animation.
///
/// ```swift
/// var t = CATransform3DIdentity
/// t.m34 = -1 / 500                                  // perspective, eye 500 points away
/// t = CATransform3DRotate(t, .pi / 4, 0, 1, 0)      // turn about y, then project
/// t.projecting(CGPoint(x: 100, y: 0))               // where (100, 0) lands on screen
/// ```
///
/// Points are row vectors multiplied on the left, so `CATransform3DConcat(a, b)` (the product
/// `a · b`) applies `a` first. Entries are `CGFloat` (`Double` on Linux). Equality is exact
/// element-wise IEEE equality (NaN ≠ NaN, −0 = +0), like `CATransform3DEqualToTransform`; the
/// hash agrees with it. A value is 128 bytes and every operation on it is allocation-free.
public struct CATransform3D: Sendable, Hashable {
    /// Row 1, column 1.
    public var m11: CGFloat
    /// Row 1, column 2.
    public var m12: CGFloat
    /// Row 1, column 3.
    public var m13: CGFloat
    /// Row 1, column 4 (perspective from x).
    public var m14: CGFloat
    /// Row 2, column 1.
    public var m21: CGFloat
    /// Row 2, column 2.
    public var m22: CGFloat
    /// Row 2, column 3.
    public var m23: CGFloat
    /// Row 2, column 4 (perspective from y).
    public var m24: CGFloat
    /// Row 3, column 1.
    public var m31: CGFloat
    /// Row 3, column 2.
    public var m32: CGFloat
    /// Row 3, column 3.
    public var m33: CGFloat
    /// Row 3, column 4 (perspective from z: −1/d for an eye at distance d).
    public var m34: CGFloat
    /// Row 4, column 1: translation along x.
    public var m41: CGFloat
    /// Row 4, column 2: translation along y.
    public var m42: CGFloat
    /// Row 4, column 3: translation along z.
    public var m43: CGFloat
    /// Row 4, column 4: the homogeneous weight.
    public var m44: CGFloat

    /// Creates a transform whose sixteen entries are all zero.
    ///
    /// This matches Apple: `CATransform3D` is a C structure and Swift zero-fills it in `init()`.
    /// The result is *not* the identity; use ``CATransform3DIdentity`` for that.
    public init() {
        self.init(
            m11: 0, m12: 0, m13: 0, m14: 0,
            m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 0
        )
    }

    /// Creates a transform from its sixteen entries, row by row.
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }
}

/// The identity transform: `[1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1]`.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1
)

extension CATransform3D {
    /// The sixteen entries as `Double`, row by row (m11, m12, … m44).
    ///
    /// A Kinema addition, convenient for numeric code and tests; it allocates an array.
    public var entries: [Double] {
        [
            Double(m11), Double(m12), Double(m13), Double(m14),
            Double(m21), Double(m22), Double(m23), Double(m24),
            Double(m31), Double(m32), Double(m33), Double(m34),
            Double(m41), Double(m42), Double(m43), Double(m44),
        ]
    }

    /// Creates a transform from sixteen `Double` entries, row by row.
    ///
    /// A Kinema addition. Returns `nil` (and emits a diagnostic) when `entries` does not hold
    /// exactly sixteen values.
    public init?(entries: [Double]) {
        guard entries.count == 16 else {
            KinemaDiagnostics.emit("CATransform3D", "init(entries:) needs 16 values, got \(entries.count)")
            return nil
        }
        let e = entries.map { CGFloat($0) }
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3],
            m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11],
            m41: e[12], m42: e[13], m43: e[14], m44: e[15]
        )
    }

    /// Whether all sixteen entries are finite (no NaN, no infinity).
    ///
    /// Branch-free integer work, as every animated transform is checked once per frame: an entry
    /// is finite when its exponent bits are not all ones, so the largest masked bit pattern says
    /// it for all sixteen. (A floating-point version, summing x × 0, read the matrix in 16-byte
    /// pieces just after it was written in 8-byte ones, which stalled the loads.)
    @inlinable @inline(__always)
    public var hasFiniteEntries: Bool {
        let exponent: UInt64 = 0x7FF0_0000_0000_0000
        func bits(_ x: CGFloat) -> UInt64 { Double(x).bitPattern & exponent }
        let row1 = max(max(bits(m11), bits(m12)), max(bits(m13), bits(m14)))
        let row2 = max(max(bits(m21), bits(m22)), max(bits(m23), bits(m24)))
        let row3 = max(max(bits(m31), bits(m32)), max(bits(m33), bits(m34)))
        let row4 = max(max(bits(m41), bits(m42)), max(bits(m43), bits(m44)))
        return max(max(row1, row2), max(row3, row4)) != exponent
    }

    /// Transforms the point (x, y, z) as the homogeneous row `[x y z 1]`, without dividing.
    ///
    /// A Kinema addition. `w` is the homogeneous weight: positive in front of the eye, zero at
    /// the eye plane, negative behind it; a compositor clips before it divides.
    public func homogeneous(_ p: (x: Double, y: Double, z: Double)) -> (x: Double, y: Double, z: Double, w: Double) {
        let x = p.x * Double(m11) + p.y * Double(m21) + p.z * Double(m31) + Double(m41)
        let y = p.x * Double(m12) + p.y * Double(m22) + p.z * Double(m32) + Double(m42)
        let z = p.x * Double(m13) + p.y * Double(m23) + p.z * Double(m33) + Double(m43)
        let w = p.x * Double(m14) + p.y * Double(m24) + p.z * Double(m34) + Double(m44)
        return (x, y, z, w)
    }

    /// Transforms the point (x, y, z) and divides by the homogeneous weight: where the point lands.
    ///
    /// A Kinema addition. Returns `nil` when the weight is zero or the result is not finite (the
    /// point maps to infinity). Points behind the eye (negative weight) still project, mirrored,
    /// as the arithmetic gives; use ``homogeneous(_:)`` to tell them apart.
    public func projecting(_ p: (x: Double, y: Double, z: Double)) -> (x: Double, y: Double, z: Double)? {
        let h = homogeneous(p)
        guard h.w != 0 else { return nil }
        let r = (x: h.x / h.w, y: h.y / h.w, z: h.z / h.w)
        guard r.x.isFinite, r.y.isFinite, r.z.isFinite else { return nil }
        return r
    }

    /// Projects a point of the layer's plane (z = 0) and returns its x and y, or `nil` when it
    /// maps to infinity. See the tuple form of `projecting` for the rules.
    public func projecting(_ point: CGPoint) -> CGPoint? {
        guard let r = projecting((x: Double(point.x), y: Double(point.y), z: 0)) else { return nil }
        return CGPoint(x: r.x, y: r.y)
    }
}

extension CATransform3D: CustomStringConvertible {
    /// The sixteen entries, formatted as Swift prints the structure on Apple platforms:
    /// `CATransform3D(m11: 1.0, m12: 0.0, …, m44: 1.0)`.
    public var description: String {
        "CATransform3D(m11: \(m11), m12: \(m12), m13: \(m13), m14: \(m14), "
            + "m21: \(m21), m22: \(m22), m23: \(m23), m24: \(m24), "
            + "m31: \(m31), m32: \(m32), m33: \(m33), m34: \(m34), "
            + "m41: \(m41), m42: \(m42), m43: \(m43), m44: \(m44))"
    }
}

extension CATransform3D: Codable {
    /// Decodes the sixteen entries, row by row, from an unkeyed container (Kinema's format, shaped
    /// like Apple's CGAffineTransform encoding).
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var e = [CGFloat]()
        e.reserveCapacity(16)
        for _ in 0..<16 { e.append(try container.decode(CGFloat.self)) }
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3],
            m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11],
            m41: e[12], m42: e[13], m43: e[14], m44: e[15]
        )
    }

    /// Encodes the sixteen entries, row by row, into an unkeyed container (Kinema's format, shaped
    /// like Apple's CGAffineTransform encoding).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(m11); try container.encode(m12); try container.encode(m13); try container.encode(m14)
        try container.encode(m21); try container.encode(m22); try container.encode(m23); try container.encode(m24)
        try container.encode(m31); try container.encode(m32); try container.encode(m33); try container.encode(m34)
        try container.encode(m41); try container.encode(m42); try container.encode(m43); try container.encode(m44)
    }
}
