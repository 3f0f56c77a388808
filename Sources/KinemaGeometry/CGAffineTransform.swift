// CGAffineTransform: Core Graphics' 2-D affine matrix, its constructors and its algebra.
//
// Audited against: Apple's CGAffineTransform reference (Core Graphics / Core Foundation Swift
// overlay): init(), init(a:b:c:d:tx:ty:), init(_:_:_:_:_:_:), identity, init(rotationAngle:),
// init(scaleX:y:), init(translationX:y:), rotated(by:), scaledBy(x:y:), translatedBy(x:y:),
// concatenating(_:), inverted() (CGAffineTransformInvert), isIdentity; Codable as the overlay
// encodes it.
// Status: complete except init(_: CGAffineTransformComponents) and decomposed() (iOS 16), which
// are listed in docs/REMAINING_API.md.
//
// Layout (row vectors, as Apple documents it):
//
//     [x' y' 1] = [x y 1] · | a  b  0 |        x' = a·x + c·y + tx
//                           | c  d  0 |        y' = b·x + d·y + ty
//                           | tx ty 1 |

import KinemaSupport
import Foundation

/// An affine transformation matrix for 2-D drawing: Core Graphics' `CGAffineTransform`.
///
/// ```swift
/// let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
/// CGPoint(x: 1, y: 0).applying(t)   // ≈ (10, 1): rotated first, then translated
/// ```
///
/// Points are row vectors: `[x y 1] · M`. The methods that modify a transform (`rotated(by:)`,
/// `scaledBy(x:y:)`, `translatedBy(x:y:)`) put the new operation *before* the existing one, as
/// Core Graphics does: `t.rotated(by: θ)` is `CGAffineTransform(rotationAngle: θ).concatenating(t)`.
///
/// All operations are a handful of multiplications and additions in `CGFloat` (`Double`); they do
/// not allocate. Equality is exact element-wise IEEE equality, like `CGAffineTransformEqualToTransform`.
public struct CGAffineTransform: Sendable, Hashable {
    /// The entry at row 1, column 1: x scale and rotation.
    public var a: CGFloat
    /// The entry at row 1, column 2: rotation and y shear.
    public var b: CGFloat
    /// The entry at row 2, column 1: rotation and x shear.
    public var c: CGFloat
    /// The entry at row 2, column 2: y scale and rotation.
    public var d: CGFloat
    /// The translation along x (row 3, column 1).
    public var tx: CGFloat
    /// The translation along y (row 3, column 2).
    public var ty: CGFloat

    /// Creates a transform whose six entries are all zero.
    ///
    /// This matches Apple: `CGAffineTransform` is a C structure and Swift's `init()` for an
    /// imported C structure zero-fills it. The result is *not* the identity; use
    /// ``identity`` for that. A zero transform maps every point to the origin.
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// Creates a transform from its six entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// Creates a transform from its six entries, in the order a, b, c, d, tx, ty.
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The identity transform: `[1 0 0 1 0 0]`.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Creates a rotation by `angle` radians.
    ///
    /// With Core Graphics' default orientation (y up) a positive angle turns counterclockwise; in
    /// UIKit's flipped coordinates (y down) it turns clockwise on screen. The point (1, 0) maps to
    /// (cos θ, sin θ). Entries come straight from `cos` and `sin`, so a quarter turn has
    /// `a ≈ 6e-17` rather than exactly 0, as on Apple platforms.
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(Foundation.cos(Double(angle)))
        let sine = CGFloat(Foundation.sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Creates a scale by `sx` along x and `sy` along y.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Creates a translation by (`tx`, `ty`).
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Whether the transform is exactly the identity.
    public var isIdentity: Bool { self == .identity }

    /// Returns the transform that applies `self` first, then `t2`: the matrix product `self · t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty
        )
    }

    /// Returns a transform that rotates by `angle` radians and then applies `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// Returns a transform that scales by (`sx`, `sy`) and then applies `self`.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(a: sx * a, b: sx * b, c: sy * c, d: sy * d, tx: tx, ty: ty)
    }

    /// Returns a transform that translates by (`tx`, `ty`) and then applies `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(
            a: a, b: b, c: c, d: d,
            tx: x * a + y * c + tx,
            ty: x * b + y * d + ty
        )
    }

    /// Returns the inverse transform, or `self` unchanged when there is none.
    ///
    /// Apple documents for `CGAffineTransformInvert`: "If the affine transform … cannot be
    /// inverted, the affine transform is returned unchanged." A transform has no inverse when
    /// `a·d − b·c` is exactly zero or the inverse is not finite (NaN or infinite entries); Kinema
    /// then also emits a diagnostic. `t.concatenating(t.inverted())` is the identity up to
    /// rounding (about `1e-15 · cond(t)` relative).
    public func inverted() -> CGAffineTransform {
        let determinant = Double(a) * Double(d) - Double(b) * Double(c)
        guard determinant != 0, determinant.isFinite else {
            KinemaDiagnostics.emit(
                "CGAffineTransformInvert",
                "\(self) is singular (determinant \(determinant)); returned it unchanged, as Apple documents"
            )
            return self
        }
        let r = 1 / determinant
        let ia = Double(d) * r
        let ib = -Double(b) * r
        let ic = -Double(c) * r
        let id = Double(a) * r
        let itx = -(Double(tx) * ia + Double(ty) * ic)
        let ity = -(Double(tx) * ib + Double(ty) * id)
        guard ia.isFinite, ib.isFinite, ic.isFinite, id.isFinite, itx.isFinite, ity.isFinite else {
            KinemaDiagnostics.emit(
                "CGAffineTransformInvert",
                "the inverse of \(self) is not finite; returned the transform unchanged"
            )
            return self
        }
        return CGAffineTransform(
            a: CGFloat(ia), b: CGFloat(ib), c: CGFloat(ic), d: CGFloat(id), tx: CGFloat(itx), ty: CGFloat(ity)
        )
    }
}

extension CGAffineTransform: CustomStringConvertible {
    /// The six entries, formatted as Swift prints the structure on Apple platforms:
    /// `CGAffineTransform(a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: 0.0, ty: 0.0)`.
    public var description: String {
        "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }
}

extension CGAffineTransform: Codable {
    /// Decodes the six entries from an unkeyed container in the order a, b, c, d, tx, ty, the
    /// format of Apple's Core Graphics overlay.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let a = try container.decode(CGFloat.self)
        let b = try container.decode(CGFloat.self)
        let c = try container.decode(CGFloat.self)
        let d = try container.decode(CGFloat.self)
        let tx = try container.decode(CGFloat.self)
        let ty = try container.decode(CGFloat.self)
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// Encodes the six entries into an unkeyed container in the order a, b, c, d, tx, ty, the
    /// format of Apple's Core Graphics overlay.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(a)
        try container.encode(b)
        try container.encode(c)
        try container.encode(d)
        try container.encode(tx)
        try container.encode(ty)
    }
}
