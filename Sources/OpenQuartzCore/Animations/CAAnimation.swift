// CAAnimation: the abstract animation class, its timing properties and its delegate.
//
// Audited against: CAAnimation docs and CAAnimation.h (timingFunction, delegate — "retained by the
//   receiver", isRemovedOnCompletion default true, `defaultValue(forKey:)`, NSCopying),
//   CAAnimationDelegate docs (both methods optional), CAMediaTiming docs (defaults).
// Status: complete except `shouldArchiveValue(forKey:)` (no archiving on Linux) and the
//   frame-rate hints (`preferredFrameRateRange`, iOS 15), which Kinema's compositor does not use.

import Foundation
import KinemaRenderServer
import KinemaTiming

/// Methods an animation calls on its delegate when it starts and stops (Apple's protocol; both
/// methods have default no-op implementations, as Apple's are optional).
///
/// ```swift
/// final class Watcher: CAAnimationDelegate {
///     func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { print("done", flag) }
/// }
/// ```
public protocol CAAnimationDelegate: AnyObject {
    /// Tells the delegate the animation has started.
    func animationDidStart(_ anim: CAAnimation)
    /// Tells the delegate the animation has ended; `flag` is false when it was removed before
    /// completing its active duration.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract superclass of Core Animation's animations.
///
/// ```swift
/// let animation = CABasicAnimation(keyPath: "opacity")
/// animation.duration = 0.5
/// animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
/// animation.fillMode = .forwards
/// animation.isRemovedOnCompletion = false
/// ```
///
/// **Semantics.** An animation is a mutable description. A layer copies it when it is added
/// (Apple: `add(_:forKey:)` copies); Kinema's copy is an immutable `AnimationSnapshot`, made by
/// `snapshot(for:)`, so later edits to the object do not reach a running animation. Like Apple's
/// class it is not thread-safe and not `Sendable`. The delegate is a strong reference, as on
/// Apple platforms ("The delegate object is retained by the receiver").
///
/// **Defaults** (Apple's): timingFunction nil (linear), isRemovedOnCompletion true, and the
/// CAMediaTiming defaults (beginTime 0, duration 0 → 0.25 s when run, speed 1, timeOffset 0,
/// repeatCount 0, repeatDuration 0, autoreverses false, fillMode `.removed`).
open class CAAnimation: CAMediaTiming {
    /// An optional timing function defining the pacing of the animation; nil is linear pacing.
    // The stored properties skip Swift's dynamic exclusivity checks: an animation is built,
    // copied and snapshotted property by property for every one added (view animations add one
    // per change), and the checks were ~10 % of those instructions; nothing here hands out
    // overlapping inout access to them.
    @exclusivity(unchecked) open var timingFunction: CAMediaTimingFunction?
    /// The animation's delegate (retained, as Apple's is).
    @exclusivity(unchecked) open var delegate: (any CAAnimationDelegate)?
    /// Whether the animation is removed from the render tree once its active duration has
    /// passed. Defaults to true.
    @exclusivity(unchecked) open var isRemovedOnCompletion: Bool = true

    @exclusivity(unchecked) open var beginTime: CFTimeInterval = 0
    @exclusivity(unchecked) open var duration: CFTimeInterval = 0
    @exclusivity(unchecked) open var speed: Float = 1
    @exclusivity(unchecked) open var timeOffset: CFTimeInterval = 0
    @exclusivity(unchecked) open var repeatCount: Float = 0
    @exclusivity(unchecked) open var repeatDuration: CFTimeInterval = 0
    @exclusivity(unchecked) open var autoreverses: Bool = false
    @exclusivity(unchecked) open var fillMode: CAMediaTimingFillMode = .removed

    /// Values set with `setValue(_:forKey:)` under keys that are not properties.
    var customValues: [String: Any] = [:]

    /// Creates an animation with Apple's defaults.
    public required init() {}

    /// Creates and returns a new animation (Apple's `+animation`).
    open class func animation() -> Self { Self() }

    /// The default value of the property `key` (Apple: "Specifies the default value of the
    /// property with the specified key"): the defaults above for the CAAnimation and
    /// CAMediaTiming keys, nil for any other.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "beginTime", "duration", "timeOffset", "repeatDuration": CFTimeInterval(0)
        case "speed": Float(1)
        case "repeatCount": Float(0)
        case "autoreverses": false
        case "fillMode": CAMediaTimingFillMode.removed
        case "removedOnCompletion", "isRemovedOnCompletion": true
        default: nil
        }
    }

    /// A copy of the animation (Apple: NSCopying): same class, same property values; the
    /// delegate and timing function are shared, arrays of values are copied.
    open func copy() -> Any {
        let copy = Self()
        copy.copyAttributes(from: self)
        return copy
    }

    /// Copies this class's properties from `other` (each Kinema subclass extends it).
    func copyAttributes(from other: CAAnimation) {
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        customValues = other.customValues
    }

    /// An immutable snapshot of this animation aimed at a layer whose state is `state`: values
    /// unboxed per the key path's kind, timing converted, kind-specific data resolved. Invalid
    /// values emit a diagnostic here, once, and the snapshot animates nothing (see
    /// docs/ANIMATIONS.md). The base class animates nothing.
    package func snapshot(for state: LayerState) -> AnimationSnapshot {
        AnimationSnapshot(timing: mediaTiming, timingCurve: timingFunction?.curve,
                          isRemovedOnCompletion: isRemovedOnCompletion, content: .inert)
    }
}
