// CAValueFunction: maps the interpolated number(s) of a transform animation onto a CATransform3D.
//
// Audited against: CAValueFunction docs and CAValueFunctionName constants (rotateX/Y/Z: one angle
//   in radians; scale: three factors; scaleX/Y/Z: one factor; translate: three distances;
//   translateX/Y/Z: one distance). Status: complete. Missing array entries are taken as the
//   identity's (1 for scales, 0 otherwise): Apple does not say.

import Foundation
import KinemaRenderServer
import KinemaSupport

/// A function that turns the animated number(s) of a `"transform"` animation into a transform.
///
/// ```swift
/// let spin = CABasicAnimation(keyPath: "transform")
/// spin.valueFunction = CAValueFunction(name: .rotateZ)
/// spin.fromValue = 0
/// spin.toValue = 2 * CGFloat.pi          // a full turn: a matrix animation could not say so
/// ```
///
/// The angle is interpolated, then mapped, so rotations beyond π keep their direction.
public final class CAValueFunction: Sendable {
    /// The function's name.
    public let name: CAValueFunctionName

    /// The function named `name`; nil (with a diagnostic) for a name Apple does not define.
    public init?(name: CAValueFunctionName) {
        guard name.transform(for: .number(0)) != nil else {
            KinemaDiagnostics.emit("CAValueFunction", "unknown function name \"\(name.rawValue)\"")
            return nil
        }
        self.name = name
    }
}
