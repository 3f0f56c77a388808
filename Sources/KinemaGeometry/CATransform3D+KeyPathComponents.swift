// The transform field key paths of Core Animation: reading and writing `rotation.x`, `scale`,
// `translation` and the rest of a CATransform3D, as `transform.rotation.z` and friends do.
//
// Audited against: Core Animation Programming Guide → Key-Value Coding Extensions → "Transform
// field value key paths" (the twelve fields, rotation in radians, `rotation` the same as
// `rotation.z`, `scale` the average of the three scale factors, `translation` a CGSize of x and y).
// Status: complete for the twelve fields. Apple does not say how a field is extracted from or
// written into an arbitrary matrix; Kinema's choices (below, on `value(for:)` and
// `setting(_:for:)`) are stated there and tested.

import KinemaSupport
import Foundation

/// One field of a `CATransform3D` addressable by key path, named as in Apple's table without
/// the `transform.` prefix: `CATransform3DComponent(rawValue: "rotation.z")`.
public enum CATransform3DComponent: String, CaseIterable, Sendable {
    /// `rotation.x`: the rotation about the x axis, in radians.
    case rotationX = "rotation.x"
    /// `rotation.y`: the rotation about the y axis, in radians.
    case rotationY = "rotation.y"
    /// `rotation.z`: the rotation about the z axis, in radians.
    case rotationZ = "rotation.z"
    /// `rotation`: the same as `rotation.z`.
    case rotation = "rotation"
    /// `scale.x`: the scale factor along x.
    case scaleX = "scale.x"
    /// `scale.y`: the scale factor along y.
    case scaleY = "scale.y"
    /// `scale.z`: the scale factor along z.
    case scaleZ = "scale.z"
    /// `scale`: read, the average of the three scale factors; written, all three.
    case scale = "scale"
    /// `translation.x`: the translation along x.
    case translationX = "translation.x"
    /// `translation.y`: the translation along y.
    case translationY = "translation.y"
    /// `translation.z`: the translation along z.
    case translationZ = "translation.z"
    /// `translation`: the translation along x and y, as a `CGSize` (width = x, height = y).
    case translation = "translation"
}

/// The value of a transform field: a number for every field except `translation`, which is a size.
public enum CATransform3DComponentValue: Sendable, Hashable {
    /// A number: an angle in radians, a scale factor or a distance.
    case scalar(CGFloat)
    /// A size: the x and y translation of the `translation` field.
    case size(CGSize)

    /// The number, or `nil` for a size.
    public var scalarValue: CGFloat? {
        if case .scalar(let value) = self { return value }
        return nil
    }

    /// The size, or `nil` for a number.
    public var sizeValue: CGSize? {
        if case .size(let value) = self { return value }
        return nil
    }
}

extension CATransform3D {
    /// Reads one transform field, as `layer.value(forKeyPath: "transform.<field>")` does.
    ///
    /// Kinema's reading, where Apple's guide does not say:
    /// - The transform is split as ``DecomposedTransform3D`` describes (scale, skew, rotation,
    ///   translation, perspective). A singular transform (a scale of 0) still gives its parts:
    ///   the collapsed axes read scale 0.
    /// - Rotations are Euler angles with this convention: the rotation part equals
    ///   `Rz(z) · Ry(y) · Rx(x)` in row-vector form, the matrix that
    ///   `CATransform3DRotate(CATransform3DRotate(CATransform3DMakeRotation(x, 1, 0, 0), y, 0, 1, 0), z, 0, 0, 1)`
    ///   builds — that is, rotate about x, then y, then z in code order (a point is turned about
    ///   z first). `rotation.x` and `rotation.z` are in (−π, π], `rotation.y` in [−π/2, π/2]; at
    ///   `rotation.y = ±π/2` (gimbal lock) `rotation.x` reads 0 and `rotation.z` carries the rest.
    ///   For a rotation about z alone, `rotation.z` is `atan2(m12, m11)`.
    /// - A reflection shows as one negative scale factor (see ``DecomposedTransform3D``).
    /// - `translation.x/.y/.z` are m41, m42, m43, the translation before perspective.
    ///
    /// A transform with NaN or infinite entries reads 0 (or a zero size) and emits a diagnostic.
    public func value(for component: CATransform3DComponent) -> CATransform3DComponentValue {
        guard let f = TransformFactoring.factor(self, lenient: true) else {
            KinemaDiagnostics.emit("CATransform3D", "cannot read \(component.rawValue) of a transform with NaN or infinite entries; read 0")
            return component == .translation ? .size(.zero) : .scalar(0)
        }
        switch component {
        case .rotationX: return .scalar(CGFloat(EulerAngles(f.rotation).x))
        case .rotationY: return .scalar(CGFloat(EulerAngles(f.rotation).y))
        case .rotationZ, .rotation: return .scalar(CGFloat(EulerAngles(f.rotation).z))
        case .scaleX: return .scalar(CGFloat(f.scale.x))
        case .scaleY: return .scalar(CGFloat(f.scale.y))
        case .scaleZ: return .scalar(CGFloat(f.scale.z))
        case .scale: return .scalar(CGFloat((f.scale.x + f.scale.y + f.scale.z) / 3))
        case .translationX: return .scalar(m41)
        case .translationY: return .scalar(m42)
        case .translationZ: return .scalar(m43)
        case .translation: return .size(CGSize(width: m41, height: m42))
        }
    }

    /// Returns this transform with one field replaced, as
    /// `layer.setValue(_:forKeyPath: "transform.<field>")` does.
    ///
    /// The transform is split into its parts (see ``value(for:)``), the field is replaced, and
    /// the parts are recomposed, so the other fields keep their values: setting `rotation.z` on a
    /// scaled, translated transform keeps the scale and the translation; setting `scale` sets all
    /// three factors. Rotation fields replace one Euler angle of the convention stated on
    /// ``value(for:)`` and keep the other two.
    ///
    /// Perspective is kept: for an invertible upper-left 3×3 as the perspective part of the
    /// decomposition; for a singular one (which cannot carry a solved perspective), by keeping
    /// the entries m14, m24, m34 and m44 as they were.
    ///
    /// A `.size` value is expected for `translation` and a `.scalar` for every other field. A
    /// value of the wrong kind, a NaN or infinite value, or a transform with NaN or infinite
    /// entries returns the transform unchanged and emits a diagnostic.
    public func setting(_ value: CATransform3DComponentValue, for component: CATransform3DComponent) -> CATransform3D {
        let domain = "CATransform3D"
        switch (component, value) {
        case (.translation, .size(let size)):
            guard size.width.isFinite, size.height.isFinite else {
                KinemaDiagnostics.emit(domain, "cannot set translation to \(size); left the transform unchanged")
                return self
            }
        case (.translation, .scalar):
            KinemaDiagnostics.emit(domain, "translation takes a size, got \(value); left the transform unchanged")
            return self
        case (_, .size):
            KinemaDiagnostics.emit(domain, "\(component.rawValue) takes a number, got \(value); left the transform unchanged")
            return self
        case (_, .scalar(let number)):
            guard number.isFinite else {
                KinemaDiagnostics.emit(domain, "cannot set \(component.rawValue) to \(number); left the transform unchanged")
                return self
            }
        }
        guard var f = TransformFactoring.factor(self, lenient: true) else {
            KinemaDiagnostics.emit(domain, "cannot set \(component.rawValue) on a transform with NaN or infinite entries; left it unchanged")
            return self
        }
        let number = Double(value.scalarValue ?? 0)
        switch component {
        case .rotationX, .rotationY, .rotationZ, .rotation:
            var angles = EulerAngles(f.rotation)
            switch component {
            case .rotationX: angles.x = number
            case .rotationY: angles.y = number
            default: angles.z = number
            }
            f.rotation = angles.rotation
        case .scaleX: f.scale.x = number
        case .scaleY: f.scale.y = number
        case .scaleZ: f.scale.z = number
        case .scale: f.scale = SIMD3(repeating: number)
        case .translationX: f.translation.x = number
        case .translationY: f.translation.y = number
        case .translationZ: f.translation.z = number
        case .translation:
            let size = value.sizeValue ?? .zero
            f.translation.x = Double(size.width)
            f.translation.y = Double(size.height)
        }
        var result = TransformFactoring.compose(
            scale: f.scale, skew: f.skew, rotation: f.rotation, translation: f.translation,
            perspective: f.perspective ?? SIMD4(0, 0, 0, 1)
        )
        if f.perspective == nil {
            result.m14 = m14
            result.m24 = m24
            result.m34 = m34
            result.m44 = m44
        }
        return result
    }
}

/// Euler angles of a rotation in the key-path convention: `R = Rz(z) · Ry(y) · Rx(x)` in
/// row-vector form (Core Animation rotation matrices, x applied last to a point).
///
/// Multiplying out, with c/s the cosine and sine of each angle:
///
///     row 1 = ( cz·cy,   cz·sy·sx + sz·cx,  −cz·sy·cx + sz·sx )
///     row 2 = (−sz·cy,  −sz·sy·sx + cz·cx,   sz·sy·cx + cz·sx )
///     row 3 = ( sy,     −cy·sx,              cy·cx            )
struct EulerAngles {
    var x: Double
    var y: Double
    var z: Double

    /// Below this value of cos(y) the rotation is treated as gimbal-locked: x and z then turn
    /// about the same axis, only their sum (or difference) is defined, and x is set to 0.
    static let gimbalThreshold = 1e-12

    init(_ r: RotationRows) {
        let cosY = (r.m11 * r.m11 + r.m21 * r.m21).squareRoot()
        y = atan2(r.m31, cosY)
        if cosY > Self.gimbalThreshold {
            x = atan2(-r.m32, r.m33)
            z = atan2(-r.m21, r.m11)
        } else {
            x = 0
            z = atan2(r.m12, r.m22)
        }
    }

    /// The rotation matrix of these angles.
    var rotation: RotationRows {
        let cx = cos(x), sx = sin(x), cy = cos(y), sy = sin(y), cz = cos(z), sz = sin(z)
        return RotationRows(
            m11: cz * cy, m12: cz * sy * sx + sz * cx, m13: -cz * sy * cx + sz * sx,
            m21: -sz * cy, m22: -sz * sy * sx + cz * cx, m23: sz * sy * cx + cz * sx,
            m31: sy, m32: -cy * sx, m33: cy * cx
        )
    }
}
