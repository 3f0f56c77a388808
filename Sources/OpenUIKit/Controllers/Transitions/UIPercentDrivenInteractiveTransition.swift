// UIPercentDrivenInteractiveTransition: drives a transition's animations by a percentage a
// gesture reports, then finishes or cancels them at the completion speed and curve.
//
// Audited against: UIPercentDrivenInteractiveTransition docs (duration — the animator's
//   transitionDuration; percentComplete; completionSpeed default 1; completionCurve default
//   easeInOut; timingCurve (iOS 10) "the timing curve to use when completing the transition";
//   wantsInteractiveStart default true; update(_:), finish(), cancel(), pause());
//   UIKIT_SEMANTICS §2.5 (time to finish = (1 − percent) × duration / completionSpeed, to cancel
//   percent × duration / completionSpeed; the interactive part is linear; the classic driving is
//   the container layer's speed 0 and timeOffset = percent × duration; since iOS 10 an animator
//   with interruptibleAnimator(using:) is driven through that animator's fractionComplete).
// Choices (UNCONFIRMED; kept here):
//   - Layer-time driving pauses the container view's layer, so animations of views inside the
//     container are scrubbed and others run on their own clock — as the iOS technique does.
//     When the finish or cancel reaches its end, the transition's view-animation blocks end at
//     once (their layer animations removed, completions run with finished = true) and the
//     container's timing is restored, all before that frame renders: the animator's completion
//     sees `transitionWasCancelled` and must undo a cancelled transition's changes, as on iOS.
//   - Layer animations added directly (not through UIView animation blocks) in a layer-driven
//     transition are scrubbed but not ended: after the finish they continue on the restored
//     clock. Use UIView animations or an interruptible animator.

import Foundation
import KinemaSupport
import OpenQuartzCore

/// An interaction controller that drives a transition by percentages: `update(_:)` while a
/// gesture moves, then `finish()` or `cancel()`.
@MainActor
open class UIPercentDrivenInteractiveTransition: UIViewControllerInteractiveTransitioning {
    /// The speed of the part after `finish()` or `cancel()` (default 1; ≤ 0 or not finite: 1).
    open var completionSpeed: CGFloat = 1
    /// The curve of the part after `finish()` or `cancel()` (default ease-in-out).
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// The timing curve of the part after `finish()` or `cancel()`; when set it replaces
    /// `completionCurve`.
    open var timingCurve: (any UITimingCurveProvider)?
    /// Whether the transition starts interactive (default true).
    open var wantsInteractiveStart = true
    /// The progress last reported (0…1).
    public private(set) var percentComplete: CGFloat = 0

    private weak var context: ViewControllerTransition?
    private var foreignContext: (any UIViewControllerContextTransitioning)?
    private var driven: Driven?
    private var completing: Completing?

    private enum Driven {
        case animator(any UIViewImplicitlyAnimating)
        case layerTime(CALayer, saved: (speed: Float, timeOffset: CFTimeInterval, beginTime: CFTimeInterval))
    }

    private struct Completing {
        let link: CADisplayLink
        let from: CGFloat
        let to: CGFloat
        let start: CFTimeInterval
        let length: Double
    }

    /// A driver with no transition yet: `startInteractiveTransition(_:)` gives it one.
    public init() {}

    /// The paused container's time at percent 0: not 0, because a begin time of 0 means "at the
    /// commit" to Core Animation.
    static let timeBase: CFTimeInterval = 1000

    /// The transition's duration: the animator's `transitionDuration(using:)`.
    open var duration: CGFloat {
        guard let context else { return 0 }
        return CGFloat(context.transitionDuration)
    }

    /// Starts driving `transitionContext`'s transition: its animator is paused at the percentage
    /// reported so far.
    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        guard let transition = transitionContext as? ViewControllerTransition else {
            // A context of someone else's making: run its animator unscrubbed.
            KinemaDiagnostics.emit("UIPercentDrivenInteractiveTransition", "startInteractiveTransition: the context is not UIKit's; its animator runs without interaction")
            foreignContext = transitionContext
            return
        }
        context = transition
        if let animator = transition.interruptibleAnimator() {
            driven = .animator(animator)
            transition.startAnimationsForInteraction()
            if wantsInteractiveStart {
                animator.pauseAnimation()
                animator.fractionComplete = percentComplete
            } else {
                animator.startAnimation()
            }
        } else {
            let layer = transition.containerView.layer
            let saved = (layer.speed, layer.timeOffset, layer.beginTime)
            driven = .layerTime(layer, saved: saved)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            if wantsInteractiveStart {
                layer.speed = 0
                layer.timeOffset = Self.timeBase + Double(percentComplete) * transition.transitionDuration
            }
            CATransaction.commit()
            // The animations begin at the paused container's time now (the base), so the
            // offsets set later — even in this turn, before the commit — scrub them from there.
            let pinned = ViewAnimationBlock.pinsBeginTimes
            ViewAnimationBlock.pinsBeginTimes = wantsInteractiveStart
            transition.startAnimationsForInteraction()
            ViewAnimationBlock.pinsBeginTimes = pinned
        }
        transition.updateInteractiveTransition(percentComplete)
    }

    /// Moves the transition to `percentComplete` (clamped to 0…1).
    open func update(_ percentComplete: CGFloat) {
        guard percentComplete.isFinite else {
            KinemaDiagnostics.emit("UIPercentDrivenInteractiveTransition", "update(\(percentComplete)): not a number; ignored")
            return
        }
        let p = min(max(percentComplete, 0), 1)
        self.percentComplete = p
        guard let context, !context.hasEnded else { return }
        if completing != nil { stopCompleting() }
        switch driven {
        case .animator(let animator)?:
            if animator.isRunning { animator.pauseAnimation() }
            animator.fractionComplete = p
        case .layerTime(let layer, _)?:
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.speed = 0
            layer.timeOffset = Self.timeBase + Double(p) * context.transitionDuration
            CATransaction.commit()
        case nil:
            break
        }
        context.updateInteractiveTransition(p)
    }

    /// Pauses a transition that was finishing or cancelling, where it is.
    open func pause() {
        guard let context, !context.hasEnded else { return }
        switch driven {
        case .animator(let animator)?:
            animator.pauseAnimation()
            percentComplete = animator.fractionComplete
        case .layerTime?:
            stopCompleting()
        case nil:
            break
        }
        context.pauseInteractiveTransition()
    }

    /// Ends the interaction: the transition runs on to its end.
    open func finish() {
        complete(cancelled: false)
    }

    /// Ends the interaction: the transition runs back to its start and is cancelled.
    open func cancel() {
        complete(cancelled: true)
    }

    private var speed: Double {
        let speed = Double(completionSpeed)
        return speed.isFinite && speed > 0 ? speed : 1
    }

    private func complete(cancelled: Bool) {
        if let foreign = foreignContext {
            if cancelled { foreign.cancelInteractiveTransition() } else { foreign.finishInteractiveTransition() }
            return
        }
        guard let context, !context.hasEnded else { return }
        if cancelled { context.cancelInteractiveTransition() } else { context.finishInteractiveTransition() }
        let target: CGFloat = cancelled ? 0 : 1
        switch driven {
        case .animator(let animator)?:
            let p = animator.fractionComplete
            if cancelled, !animator.isReversed { animator.isReversed = true }
            if !cancelled, animator.isReversed { animator.isReversed = false }
            let left = cancelled ? p : 1 - p
            let parameters = timingCurve ?? UICubicTimingParameters(animationCurve: completionCurve)
            animator.continueAnimation(withTimingParameters: parameters, durationFactor: max(left, 0.0001) / CGFloat(speed))
        case .layerTime(let layer, _)?:
            stopCompleting()
            let length = abs(Double(target - percentComplete)) * context.transitionDuration / speed
            guard length > 0 else {
                percentComplete = target
                endLayerTime()
                return
            }
            let link = CADisplayLink(target: self, selector: UIPercentDrivenInteractiveTransition.step)
            completing = Completing(link: link, from: percentComplete, to: target, start: CACurrentMediaTime(), length: length)
            link.add(to: .main, forMode: .common)
            _ = layer
        case nil:
            break
        }
    }

    private func step(_ link: CADisplayLink) {
        guard let completing, let context, case .layerTime(let layer, _)? = driven else {
            link.invalidate()
            return
        }
        let t = min(max((link.timestamp - completing.start) / completing.length, 0), 1)
        let eased: Double
        if let cubic = timingCurve as? UICubicTimingParameters {
            eased = CAMediaTimingFunction(controlPoints: Float(cubic.controlPoint1.x), Float(cubic.controlPoint1.y),
                                          Float(cubic.controlPoint2.x), Float(cubic.controlPoint2.y)).value(at: t)
        } else {
            eased = completionCurve.timingFunction.value(at: t)
        }
        let p = completing.from + (completing.to - completing.from) * CGFloat(eased)
        percentComplete = p
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.timeOffset = Self.timeBase + Double(p) * context.transitionDuration
        CATransaction.commit()
        if t >= 1 {
            stopCompleting()
            endLayerTime()
        }
    }

    private func stopCompleting() {
        completing?.link.invalidate()
        completing = nil
    }

    /// The layer-driven animations reached their end (or their start): the container's clock is
    /// restored and the transition's view-animation blocks end now, which runs the animator's
    /// completion.
    private func endLayerTime() {
        guard let context, case .layerTime(let layer, let saved)? = driven else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.speed = saved.speed
        layer.timeOffset = saved.timeOffset
        layer.beginTime = saved.beginTime
        CATransaction.commit()
        driven = nil
        for block in context.blocks { block.finishNow() }
    }
}
