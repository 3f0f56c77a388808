// UIViewPropertyAnimator: an interruptible animator of view changes — start, pause, scrub,
// reverse, stop, finish, continue with new timing.
//
// Audited against: Apple's docs of UIViewPropertyAnimator (the four initialisers,
//   runningPropertyAnimator(withDuration:delay:options:animations:completion:), duration, delay,
//   timingParameters, isInterruptible, isUserInteractionEnabled, isManualHitTestingEnabled,
//   scrubsLinearly, pausesOnCompletion, addAnimations, addCompletion, continueAnimation) and of
//   UIViewAnimating (state, isRunning, isReversed, fractionComplete, the start / pause / stop /
//   finish methods); UIKIT_SEMANTICS §2.1 (the state table, raw values, what raises), §2.2
//   (scrubsLinearly; fractionComplete measured in the running direction since iOS 11), §2.3
//   (durationFactor 0: the remaining time), §2.4 (timing parameters); APPLE_SEMANTICS
//   "UIViewPropertyAnimator"; seed 001 (the observed state sequence, the crash rules).
// Status: complete for the API above. What iOS raises as a programmer error logs a diagnostic
//   (domain "UIViewPropertyAnimator") and takes the safe path documented on each member and in
//   docs/UIKIT.md. How the motion is built: UIViewPropertyAnimator+Motion.swift.
// Choices (UNCONFIRMED upstream): resuming after a linear scrub follows the rest of the curve
//   rescaled from the scrubbed value (no jump); a spring's initialVelocity on continue is relative
//   to the remaining distance; one velocity (dx, else dy) serves every property.

import Foundation
import KinemaRenderServer
import KinemaSupport
import KinemaTiming
import OpenQuartzCore

/// An object that animates changes to views and lets you start, pause, scrub, reverse, stop and
/// finish the animation (UIViewPropertyAnimator).
///
/// ```swift
/// let animator = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 1) {
///     card.frame.origin.y = 100
/// }
/// animator.addCompletion { position in print(position == .end) }
/// animator.startAnimation()
/// // later, from a pan gesture:
/// animator.pauseAnimation()
/// animator.fractionComplete = 0.4
/// animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
/// ```
///
/// **Semantics.** The blocks run when the animator becomes active (start, pause, or a
/// `fractionComplete` set); the model takes their new values at once and the animator shows
/// the motion through additive Core Animation animations that it owns and rebuilds at each
/// change of course, so several animators (and `UIView.animate`) on one property add up.
/// Values are exact at any sampled time (docs/UIKIT.md, "Property animator").
///
/// **Cost.** Each start, pause or reversal replaces one layer animation per animated property
/// (a few µs each); a scrub changes the paused animations' values in place (about a third of
/// that, no new animation objects); nothing runs per frame on the main thread.
@MainActor
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    // MARK: Configuration

    /// The animation's duration (for a physical spring, the time it takes to settle).
    public let duration: TimeInterval
    /// The delay before the animations start (runningPropertyAnimator's, or startAnimation(afterDelay:)'s).
    public private(set) var delay: TimeInterval = 0
    /// The timing curve.
    public let timingParameters: (any UITimingCurveProvider)?

    /// Whether the animation can be paused, scrubbed, reversed or continued (default true). Not
    /// changeable while active: a diagnostic, no change (iOS raises).
    public var isInterruptible: Bool {
        get { interruptible }
        set { setWhileInactive(newValue, name: "isInterruptible") { $0.interruptible = $1 } }
    }

    /// Whether the animated views take touches while the animation runs (default true). Not
    /// changeable while active: a diagnostic, no change (iOS raises).
    public var isUserInteractionEnabled: Bool {
        get { userInteraction }
        set { setWhileInactive(newValue, name: "isUserInteractionEnabled") { $0.userInteraction = $1 } }
    }

    /// Whether hit testing is left to your views (default false). False: while the animator is
    /// active, the views it animates are hit-tested where they are shown (their presentation),
    /// as Apple documents; true: where the model puts them, like any other view.
    public var isManualHitTestingEnabled = false
    /// Whether setting `fractionComplete` while paused moves linearly (true, the default) or
    /// along the timing curve.
    public var scrubsLinearly = true
    /// Whether the animator stays active and paused at the end instead of finishing (no
    /// completion then). Default false.
    public var pausesOnCompletion = false

    // MARK: State

    public internal(set) var state: UIViewAnimatingState = .inactive
    public internal(set) var isRunning = false

    /// Whether the animation runs back to the start values. Settable while active: a running
    /// animator turns round where it is and retraces its path; a paused one runs that way when it
    /// resumes. Ignored (with a diagnostic) when stopped.
    public var isReversed: Bool {
        get { reversed }
        set { setReversed(newValue) }
    }

    /// How far the animation has got, 0…1, in its running direction (a reversed animator counts
    /// from the end values, as iOS 11 and later report). Set it while paused to scrub (an inactive
    /// animator becomes active and paused first). Values outside 0…1 are clamped; NaN is ignored
    /// with a diagnostic; setting it while running or stopped is ignored with a diagnostic.
    ///
    /// While paused with `scrubsLinearly` (the default), it reads the fraction of the distance
    /// the first block's values have covered — the fraction a linear scrub would put them at —
    /// so reading it and setting it back moves nothing (a pan that grabs a spring mid-flight, as
    /// seed 003's card does, starts where the card is). Running, stopped, or scrubbing along the
    /// curve: the fraction of the time.
    public var fractionComplete: CGFloat {
        get {
            var f = fraction(at: CACurrentMediaTime())
            if state == .active, !isRunning, scrubsLinearly, let group = groups.first {
                let p = group.run.progress(at: CACurrentMediaTime())
                f = min(max(group.startFraction + p * (1 - group.startFraction), 0), 1)
            }
            return CGFloat(reversed ? 1 - f : f)
        }
        set { setFractionComplete(Double(newValue)) }
    }

    // MARK: Internals

    var interruptible = true
    var userInteraction = true
    var reversed = false
    /// The blocks not yet run, with their delay factors.
    var pendingBlocks: [(block: () -> Void, delayFactor: Double)] = []
    var completions: [(UIViewAnimatingPosition) -> Void] = []
    var groups: [AnimatorGroup] = []
    /// The fraction (forward: 0 at the start values) while not running.
    var pausedFraction = 0.0
    /// While running: the fraction moves linearly from f0 to f1 between t0 and t0 + length.
    var segment: (t0: CFTimeInterval, f0: Double, f1: Double, length: Double)?
    var endToken = 0
    /// Running animators keep themselves alive, as UIKit's do (seed 001: the animation server
    /// retains them); a paused or stopped one is the caller's to keep.
    var keepAlive: UIViewPropertyAnimator?
    var blockedViews: [UIView] = []
    /// The diagnostic collection in force when the animator was made: a deinit runs without the
    /// releasing task's task-locals (SE-0371), so the release diagnostic is reported there.
    private let diagnostics = KinemaDiagnostics.current

    // MARK: Initialisers

    /// An animator over `duration` seconds following one of UIKit's named curves.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator over `duration` seconds following the cubic Bézier curve through `point1`
    /// and `point2`.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An animator whose spring of `ratio` settles in `duration` seconds.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator with any timing curve. A NaN, infinite or negative duration is 0 (the changes
    /// happen at once when it starts), with a diagnostic. A physical spring
    /// (`UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`) runs until it
    /// settles: `duration` becomes its settling time.
    public required init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        var d = duration
        if !d.isFinite || d < 0 {
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "duration \(duration) must be finite and ≥ 0; used 0")
            d = 0
        }
        if let spring = parameters.springTimingParameters, case .physical = spring.kind {
            d = spring.spring(over: d, velocity: spring.scalarVelocity).duration
        }
        self.duration = d
        timingParameters = parameters
    }

    /// Makes an animator, adds the animations and completion, and starts it (after `delay`).
    /// The curve comes from `options`; inside an animation block the animator inherits that
    /// block's duration and curve unless the options override them, and is not interruptible.
    /// Without `.allowUserInteraction` the animated views take no touches while it runs.
    public class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                              options: UIView.AnimationOptions = [],
                                              animations: @escaping () -> Void,
                                              completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        var d = duration
        var curve = options.curve
        var nested = false
        if let outer = ViewAnimationBlock.current, outer.capture == nil, outer.animates {
            nested = true
            if !options.contains(.overrideInheritedDuration) { d = outer.duration }
            if !options.contains(.overrideInheritedCurve), case .curve(let function) = outer.timing,
               let inherited = [UIView.AnimationCurve.easeInOut, .easeIn, .easeOut, .linear].first(where: { $0.timingFunction == function }) {
                curve = inherited
            }
        }
        let animator = Self(duration: d, timingParameters: UICubicTimingParameters(animationCurve: curve))
        animator.userInteraction = options.contains(.allowUserInteraction)
        animator.interruptible = !nested
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// Releasing a paused or stopped animator is a programmer error on iOS (it crashes). Here: a
    /// diagnostic, and the views keep the values they show (as `stopAnimation(true)`).
    isolated deinit {
        guard state != .inactive else { return }
        let what = state == .stopped ? "stopped" : "paused"
        KinemaDiagnostics.withCollection(diagnostics) {
            KinemaDiagnostics.emit("UIViewPropertyAnimator",
                                   "released while \(what); the views keep the values they show (iOS raises: stop or finish an animator before releasing it)")
        }
        let now = CACurrentMediaTime()
        for group in groups { group.finish(at: group.run.progress(at: now)) }
        unblockViews()
    }

    // MARK: Adding animations and completions

    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds a block whose animations start `delayFactor` (0…1) of the duration later — of the
    /// remaining duration on an active animator, where it runs at once and finishes with the
    /// others. A bad factor is clamped (NaN: 0) with a diagnostic; a stopped animator ignores
    /// new blocks (a diagnostic: iOS invalidates them).
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        var factor = Double(delayFactor)
        if !factor.isFinite || factor < 0 || factor > 1 {
            let clamped = factor.isNaN ? 0 : min(max(factor, 0), 1)
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "delayFactor \(delayFactor) must lie in 0…1; used \(clamped)")
            factor = clamped
        }
        switch state {
        case .inactive:
            pendingBlocks.append((animation, factor))
        case .stopped:
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "addAnimations on a stopped animator: ignored (its blocks are invalidated once stopped)")
        case .active:
            let now = CACurrentMediaTime()
            let f = fraction(at: now)
            let start = f + factor * (1 - f)
            let group = runBlock(animation, startFraction: start, at: now)
            if isRunning, let segment {
                let target = segment.f1
                let end = segment.t0 + segment.length
                let from = target == 1 && start > f && 1 - f > 0
                    ? now + (end - now) * (start - f) / (1 - f) : now
                group.move(towards: target, from: from, to: end, parameters: nil)
            }
        }
    }

    /// Adds a block to run once when the animation finishes (at its end, or by
    /// `finishAnimation(at:)`), with where it ended. `stopAnimation(true)` drops the completions.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Starting, pausing, stopping

    /// Starts the animations (inactive; after `delay`), or resumes them at once at the original
    /// pace (paused). A running animator: no change. A stopped one: a diagnostic, no change (iOS
    /// raises).
    open func startAnimation() {
        startAnimation(afterDelay: state == .inactive ? delay : 0)
    }

    /// Starts after `delay` seconds (NaN, infinite or negative: 0, with a diagnostic).
    open func startAnimation(afterDelay delay: TimeInterval) {
        var wait = delay
        if !wait.isFinite || wait < 0 {
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "delay \(delay) must be finite and ≥ 0; used 0")
            wait = 0
        }
        switch state {
        case .stopped:
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "startAnimation on a stopped animator: ignored (iOS raises; call finishAnimation(at:))")
        case .active where isRunning:
            return
        case .inactive:
            self.delay = wait
            activate()
            run(from: CACurrentMediaTime() + wait, parameters: nil, length: nil)
        case .active:
            run(from: CACurrentMediaTime() + wait, parameters: nil, length: nil)
        }
    }

    /// Pauses where the animation is (an inactive animator becomes active, paused at 0). Paused:
    /// no change. Stopped: a diagnostic, no change (iOS raises). Not interruptible: a diagnostic.
    open func pauseAnimation() {
        switch state {
        case .stopped:
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "pauseAnimation on a stopped animator: ignored (iOS raises)")
        case .inactive:
            activate()
        case .active:
            guard isRunning else { return }
            guard interruptible else {
                KinemaDiagnostics.emit("UIViewPropertyAnimator", "pauseAnimation on an animator that is not interruptible: ignored")
                return
            }
            freeze()
        }
    }

    /// `true`: ends the animation where it is — inactive, the views keep the values they show,
    /// no completion. `false`: stopped where it is, until `finishAnimation(at:)`. Inactive or
    /// already stopped: no change.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        if withoutFinishing {
            let now = CACurrentMediaTime()
            for group in groups { group.finish(at: group.run.progress(at: now)) }
            becomeInactive()
            completions.removeAll()
        } else {
            freeze()
            state = .stopped
            setKeepAlive()
        }
    }

    /// Finishes a stopped animator: the views take the end, start or current values, the
    /// animator becomes inactive, and the completions run with `finalPosition`. On an active
    /// animator iOS raises; here: a diagnostic, then it is stopped and finished as asked. On an
    /// inactive one: a diagnostic, no change.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        switch state {
        case .inactive:
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "finishAnimation(at:) on an inactive animator: ignored (iOS raises)")
            return
        case .active:
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "finishAnimation(at:) on an animator that is not stopped: stopped it first (iOS raises; call stopAnimation(false) first)")
            freeze()
        case .stopped:
            break
        }
        let now = CACurrentMediaTime()
        for group in groups {
            let p: Double = switch finalPosition {
            case .end: 1
            case .start: 0
            case .current: group.run.progress(at: now)
            }
            group.finish(at: p)
        }
        complete(at: finalPosition)
    }

    /// Resumes a paused animator with new timing (nil: its own curve, continued from where it is)
    /// over `durationFactor` × the original duration (0: the time left at the original pace).
    /// Running: it is continued at once from where it is, and a new spring starts with the
    /// speed it had (no velocity jump). Inactive or stopped: a diagnostic, no change.
    /// A bad factor (NaN, infinite, negative) is 0, with a diagnostic.
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        var factor = Double(durationFactor)
        if !factor.isFinite || factor < 0 {
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "durationFactor \(durationFactor) must be finite and ≥ 0; used 0 (the remaining time)")
            factor = 0
        }
        guard state == .active else {
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "continueAnimation on an \(state == .inactive ? "inactive" : "stopped") animator: ignored")
            return
        }
        guard interruptible else {
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "continueAnimation on an animator that is not interruptible: ignored")
            return
        }
        let now = CACurrentMediaTime()
        // A running animator continued with a spring keeps each group's speed (the spring starts
        // with it); a paused one has none to keep.
        var carried: [ObjectIdentifier: Double] = [:]
        if isRunning {
            if parameters?.springTimingParameters != nil {
                for group in groups { carried[ObjectIdentifier(group)] = group.run.velocity(at: now) }
            }
            freeze()
        }
        var length: Double? = factor > 0 ? factor * duration : nil
        if let spring = parameters?.springTimingParameters, case .physical = spring.kind {
            length = spring.spring(over: 0, velocity: spring.scalarVelocity).duration
        }
        run(from: now, parameters: parameters, length: length, carried: carried)
    }
}
