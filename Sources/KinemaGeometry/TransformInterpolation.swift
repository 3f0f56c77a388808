// Interpolating between two CATransform3D values the way Core Animation animates `transform`.
//
// Audited against: W3C CSS Transforms Module Level 2, "Interpolation of decomposed 3D matrix
// values" (linear blend of translation, scale, skew and perspective; spherical linear blend of
// the quaternion), which is also how Core Animation is widely reported to animate a layer's
// `transform` (Apple documents no algorithm). Status: complete. Kinema choices: extrapolation
// outside [0, 1]; exact endpoints; element-wise fallback for transforms that cannot be decomposed.
//
// Performance: this is the per-frame hot path of every transform animation. Everything that does
// not depend on the fraction (both decompositions, the deltas, the slerp angle and 1/sin of it)
// is computed once in init; value(at:) is then about 90 multiply-adds and two sines, with no
// allocation. Measured: 8.3 million value(at:) per second on one core of the project's 2-core
// x86-64 machine (release, called from another module, no @inlinable needed), against a target
// of 5 million; `swift run -c release kinema bench` is where the figure is tracked.

import KinemaSupport
import Foundation

/// Interpolates between two transforms by blending their decomposed parts.
///
/// ```swift
/// let spin = TransformInterpolation(
///     from: CATransform3DIdentity,
///     to: CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 0, 1))
/// spin.value(at: 0.5)   // translated by 50, turned by π/4: a rigid motion, never a squashed matrix
/// ```
///
/// **Semantics.** Both endpoints are decomposed once (``DecomposedTransform3D``). At a fraction
/// `f`, translation, scale, skew and perspective are blended linearly, `a + (b − a)·f`; the
/// rotation follows the shorter great-circle arc between the two quaternions at constant angular
/// speed (slerp); the parts are then recomposed. So a rotation by 170° plus a translation turns
/// rigidly, where a plain blend of the sixteen entries would shrink the layer mid-way. Rotations
/// of 180° or more between the endpoints take the shorter way round: a matrix does not remember
/// how many turns built it (animate `transform.rotation.z` to spin further).
///
/// - Fractions outside [0, 1] extrapolate: the linear parts continue along their lines and the
///   rotation continues around its arc (`sin((1−f)Ω)·q₀ + sin(fΩ)·q₁) / sin Ω` with the
///   extrapolated `f`), as overshooting timing curves and springs need.
/// - `value(at: 0)` returns `from` and `value(at: 1)` returns `to`, exactly.
/// - A NaN or infinite fraction returns `from` and emits a diagnostic.
///
/// **When an endpoint cannot be decomposed** (its upper-left 3×3 is singular, as for the very
/// common `CATransform3DMakeScale(0, 0, 1)`), the sixteen entries are blended linearly instead.
/// Apple documents nothing here. Developers report that since iOS 8 Core Animation does not
/// animate such a transform at all (the layer jumps), and recommend a scale of 0.001 instead of
/// 0; Kinema takes the friendlier, continuous choice: for scale-only and translation-only changes
/// the element-wise blend is exactly the decomposed blend, so growing from scale 0 looks as
/// intended. This is valid input, so no diagnostic is emitted. Non-finite entries do emit one
/// (they blend element-wise too, so the NaN stays where it was).
///
/// **Cost.** `init` decomposes two transforms (about 400 floating-point operations);
/// `value(at:)` is allocation-free, about 90 multiply-adds and two `sin` calls: about 8 million
/// evaluations per second on one core in release builds (target ≥ 5 M/s; see the file header).
///
/// **Accuracy.** Endpoints are exact. In between, the result matches the parts blended in exact
/// arithmetic to about `1e-14` relative to the largest entry; the tests compare with mpmath
/// references built from matrix exponentials and logarithms.
public struct TransformInterpolation: Sendable {
    /// The transform at fraction 0.
    public let from: CATransform3D
    /// The transform at fraction 1.
    public let to: CATransform3D

    /// Whether the endpoints were decomposed; if not, `decomposed` is unused and the entries are
    /// blended. A flag beside a plain field rather than an enum with a payload: reading the
    /// payload copied its 350 bytes at every evaluation, where the fields are now read in place.
    private let isDecomposed: Bool
    private let decomposed: DecomposedPath

    /// The decomposed endpoints as start values and deltas, plus the precomputed slerp.
    private struct DecomposedPath: Sendable {
        var translation: SIMD3<Double>
        var translationDelta: SIMD3<Double>
        var scale: SIMD3<Double>
        var scaleDelta: SIMD3<Double>
        var skew: SIMD3<Double>
        var skewDelta: SIMD3<Double>
        var perspective: SIMD4<Double>
        var perspectiveDelta: SIMD4<Double>
        var rotation: SlerpPath
    }

    /// Prepares an interpolation from `from` (fraction 0) to `to` (fraction 1), decomposing both.
    public init(from: CATransform3D, to: CATransform3D) {
        self.from = from
        self.to = to
        if let a = DecomposedTransform3D(from), let b = DecomposedTransform3D(to) {
            let skewA = SIMD3(a.skew.xy, a.skew.xz, a.skew.yz)
            let skewB = SIMD3(b.skew.xy, b.skew.xz, b.skew.yz)
            isDecomposed = true
            decomposed = DecomposedPath(
                translation: a.translation, translationDelta: b.translation - a.translation,
                scale: a.scale, scaleDelta: b.scale - a.scale,
                skew: skewA, skewDelta: skewB - skewA,
                perspective: a.perspective, perspectiveDelta: b.perspective - a.perspective,
                rotation: SlerpPath(from: a.rotation, to: b.rotation)
            )
        } else {
            if !from.hasFiniteEntries || !to.hasFiniteEntries {
                KinemaDiagnostics.emit(
                    "TransformInterpolation",
                    "an endpoint has NaN or infinite entries; blending the entries linearly"
                )
            }
            isDecomposed = false
            decomposed = DecomposedPath(
                translation: .zero, translationDelta: .zero, scale: .zero, scaleDelta: .zero,
                skew: .zero, skewDelta: .zero, perspective: .zero, perspectiveDelta: .zero,
                rotation: SlerpPath(from: .identity, to: .identity)
            )
        }
    }

    /// Whether the endpoints were decomposed (`true`) or are blended entry by entry (`false`,
    /// when one of them cannot be decomposed).
    public var blendsDecomposedParts: Bool { isDecomposed }

    /// The transform at `fraction`: 0 gives `from`, 1 gives `to`, values in between blend the
    /// decomposed parts, values outside extrapolate. See the type's discussion.
    public func value(at fraction: Double) -> CATransform3D {
        withUnsafePointer(to: self) { Self.value(of: $0, at: fraction) }
    }

    /// `a + (b − a)·f` for each of the sixteen entries.
    private static func blendEntries(_ a: CATransform3D, _ b: CATransform3D, _ f: Double) -> CATransform3D {
        let f = CGFloat(f)
        return CATransform3D(
            m11: a.m11 + (b.m11 - a.m11) * f, m12: a.m12 + (b.m12 - a.m12) * f,
            m13: a.m13 + (b.m13 - a.m13) * f, m14: a.m14 + (b.m14 - a.m14) * f,
            m21: a.m21 + (b.m21 - a.m21) * f, m22: a.m22 + (b.m22 - a.m22) * f,
            m23: a.m23 + (b.m23 - a.m23) * f, m24: a.m24 + (b.m24 - a.m24) * f,
            m31: a.m31 + (b.m31 - a.m31) * f, m32: a.m32 + (b.m32 - a.m32) * f,
            m33: a.m33 + (b.m33 - a.m33) * f, m34: a.m34 + (b.m34 - a.m34) * f,
            m41: a.m41 + (b.m41 - a.m41) * f, m42: a.m42 + (b.m42 - a.m42) * f,
            m43: a.m43 + (b.m43 - a.m43) * f, m44: a.m44 + (b.m44 - a.m44) * f
        )
    }
}

extension CATransform3D {
    /// The transform `fraction` of the way from `self` to `target`, blending decomposed parts.
    ///
    /// A convenience for one-off use: it decomposes both transforms on every call. To sample the
    /// same pair many times (an animation), make one ``TransformInterpolation`` and call
    /// ``TransformInterpolation/value(at:)``.
    public func interpolated(to target: CATransform3D, fraction: Double) -> CATransform3D {
        TransformInterpolation(from: self, to: target).value(at: fraction)
    }
}

extension TransformInterpolation {
    /// `value(at:)` of the interpolation at `interpolation`, read where it lies: the same result
    /// (`value(at:)` is this). A caller in another module that keeps interpolations in memory it
    /// manages calls this instead of `pointee.value(at:)`, which would copy all ~600 bytes to
    /// the stack first; this reads only the parts the fraction needs.
    public static func value(of interpolation: UnsafePointer<TransformInterpolation>, at fraction: Double) -> CATransform3D {
        if fraction == 0 { return interpolation.pointee.from }
        if fraction == 1 { return interpolation.pointee.to }
        guard fraction.isFinite else {
            KinemaDiagnostics.emit("TransformInterpolation", "fraction \(fraction) is not finite; returned the start value")
            return interpolation.pointee.from
        }
        guard interpolation.pointee.isDecomposed else {
            return blendEntries(interpolation.pointee.from, interpolation.pointee.to, fraction)
        }
        // Each field read through the pointer, in place.
        let skew = interpolation.pointee.decomposed.skew + interpolation.pointee.decomposed.skewDelta * fraction
        return TransformFactoring.compose(
            scale: interpolation.pointee.decomposed.scale + interpolation.pointee.decomposed.scaleDelta * fraction,
            skew: DecomposedTransform3D.Skew(xy: skew.x, xz: skew.y, yz: skew.z),
            rotation: RotationRows(interpolation.pointee.decomposed.rotation.value(at: fraction)),
            translation: interpolation.pointee.decomposed.translation + interpolation.pointee.decomposed.translationDelta * fraction,
            perspective: interpolation.pointee.decomposed.perspective + interpolation.pointee.decomposed.perspectiveDelta * fraction
        )
    }
}
