// CASpringAnimation: a basic animation whose progress follows a damped spring.
//
// Audited against: CASpringAnimation docs (mass default 1, stiffness 100, damping 10,
//   initialVelocity 0, settlingDuration "the estimated duration required for the spring system to
//   be considered at rest"; iOS 17 init(perceptualDuration:bounce:), perceptualDuration, bounce,
//   allowsOverdamping) and APPLE_SEMANTICS.md. Status: complete. CASpringAnimation's page does not
//   document allowsOverdamping beyond its type; Kinema follows SwiftUI's
//   `Spring(mass:stiffness:damping:allowOverDamping:)` docs (default false; false treats over-damped
//   cases "as critically damped"), which also matches published reports that CASpringAnimation
//   did not over-damp before the property existed (see docs/ANIMATIONS.md).

import Foundation
import KinemaRenderServer
import KinemaTiming

/// An animation that applies a spring-like force to a layer's property.
///
/// ```swift
/// let drop = CASpringAnimation(keyPath: "position.y")
/// drop.fromValue = 0
/// drop.toValue = 200
/// drop.damping = 8
/// drop.duration = drop.settlingDuration
/// ```
///
/// **Semantics.** The spring's closed-form motion (0 → 1, overshooting when under-damped) is the
/// animation's progress at basic local time t: value = from + (to − from) × spring(t). The
/// timing function is not used. The animation's `duration` decides how long it runs (0: 0.25 s,
/// as for any animation); `settlingDuration` is only an estimate to copy into it.
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object attached to the end of the spring. Defaults to 1.
    open var mass: CGFloat = 1
    /// The spring stiffness coefficient. Defaults to 100.
    open var stiffness: CGFloat = 100
    /// The damping coefficient. Defaults to 10.
    open var damping: CGFloat = 10
    /// The initial velocity of the object attached to the spring, in distances per second
    /// (positive toward the target). Defaults to 0.
    open var initialVelocity: CGFloat = 0
    /// Whether an over-damped spring is kept (true) or made critically damped (false, default).
    open var allowsOverdamping: Bool = false

    public required init() {}

    /// A spring with iOS 17's perceptual duration and bounce: mass 1, stiffness (2π / duration)²,
    /// damping 4π·ζ / duration (ζ = 1 − bounce, or 1 / (1 + bounce) for negative bounce); its
    /// `duration` is set to the spring's `settlingDuration`.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let spring = Spring(duration: perceptualDuration, bounce: Double(bounce))
        mass = CGFloat(spring.mass)
        stiffness = CGFloat(spring.stiffness)
        damping = CGFloat(spring.damping)
        allowsOverdamping = bounce < 0
        duration = spring.settlingDuration
    }

    /// The estimated time for the spring to come to rest, from the current parameters.
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }
    /// One period of the undamped spring, 2π·√(mass / stiffness) (iOS 17).
    open var perceptualDuration: CFTimeInterval { spring.perceptualDuration }
    /// The spring's bounce (iOS 17): 1 − ζ for ζ ≤ 1, 1/ζ − 1 above.
    open var bounce: CGFloat { CGFloat(spring.bounce) }

    /// The spring these properties describe (invalid values are replaced by the defaults, with a
    /// diagnostic, by `Spring`).
    var spring: Spring {
        let spring = Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                            initialVelocity: Double(initialVelocity))
        return allowsOverdamping ? spring : spring.criticallyDampedIfOverdamped
    }

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
        allowsOverdamping = other.allowsOverdamping
    }

    override package func snapshot(for state: LayerState) -> AnimationSnapshot {
        var result = AnimationSnapshot(timing: mediaTiming, timingCurve: nil,
                                       isRemovedOnCompletion: isRemovedOnCompletion, content: .inert)
        guard let header = propertyHeader(for: state), let values = basicValues(header) else { return result }
        result.content = .property(PropertyAnimationSnapshot(header: header, motion: .spring(values, spring)))
        return result
    }
}
