// ViewAnimationBlock: one animation block in flight — its timing, the layer animations its
// changes made, and its completion — and the action a view's layer runs for a change inside it.
//
// Audited against: UIKIT_SEMANTICS §1.1 (iOS 8+: a change in a block becomes additive
//   CABasicAnimations from old − new to zero, fillMode both, keyPath bounds split into
//   bounds.origin and bounds.size, the first animation's key equal to its keyPath; the spring
//   variant a CASpringAnimation fitted to the duration, §1.4), §1.2 (nested blocks inherit the
//   remaining duration and the curve unless overridden; overrideInheritedOptions), §1.3
//   (completion(finished:) true when every animation ran to its end, false when one was removed
//   first; a block that animated nothing completes at the next run-loop turn, finished = true).
// Choices (UNCONFIRMED in UIKIT_SEMANTICS, kept here, in one place):
//   - Keys of overlapping additive animations on one key path: the first free of `keyPath`,
//     `keyPath-2`, `keyPath-3` … (UIKit's own names are unknown; they must only be unique).
//   - Which keys animate additively: values that add (numbers, points, sizes, rectangles split
//     into origin and size, transforms). Colours and everything else animate absolutely, from
//     the value shown before the change to the new one (an interrupted colour animation is
//     replaced, not blended).
//   - Blocks nested inside a running block start at the same moment and inherit its duration
//     (all of it: the inner block runs while the outer one is being set up).

import Foundation
import KinemaRenderServer
import KinemaSupport
import KinemaTiming
import OpenQuartzCore

/// An animation block (`UIView.animate`, the legacy begin/commit pair, a transition): the
/// timing its changes get and the completion it owes.
@MainActor
final class ViewAnimationBlock: CAAnimationDelegate {
    enum Timing {
        case curve(CAMediaTimingFunction)
        /// UIKit's spring: damping ratio and initial velocity (distance per second), fitted to
        /// the duration.
        case spring(dampingRatio: Double, initialVelocity: Double)
    }

    /// Duration, delay and timing are set when the block is made; the legacy begin/commit API
    /// changes them until its commit (changes made before keep the timing they were made with).
    var duration: Double
    var delay: Double
    let options: UIView.AnimationOptions
    var timing: Timing
    var repeatCount: Float
    var autoreverses: Bool
    /// Absolute media time the block was made at.
    let startTime: CFTimeInterval
    /// Whether animations were enabled when the block was made.
    private let enabled: Bool
    /// Whether changes are animated (false: the block only collects its completion).
    var animates: Bool { enabled && duration > 0 }
    private var completion: ((Bool) -> Void)?
    /// Called with the animation ID and the finished flag (the legacy did-stop handler).
    var legacyDidStop: ((Bool) -> Void)?
    private var outstanding = 0
    private var allFinished = true
    private var isOpen = true
    private var completed = false
    /// Views whose layers this block animated (for the layoutSubviews option).
    private(set) var animatedViews: [UIView] = []
    /// The layers and keys of the animations this block added (for `finishNow()`), kept only
    /// by blocks an observer collects: the others never end early, and `UIView.animate`'s hot
    /// path does not pay for the list.
    private var added: [(layer: WeakLayer, key: String)] = []
    private var recordsAdded = false
    /// Told of every block made while set (a view-controller transition collects the blocks its
    /// animator makes, to end them when an interactive transition finishes or is cancelled).
    static var observer: ((ViewAnimationBlock) -> Void)?
    /// Set while an interaction controller's animations are made under a paused container
    /// layer: each animation begins at the layer's local time when it is made, not at the
    /// commit (where the container's time offset may already have moved with the finger).
    static var pinsBeginTimes = false
    /// Set by a property animator running its animation blocks: the changes are handed to it
    /// (layer, key, old model value, new value, the value shown before the change) instead of
    /// becoming animations here; the animator makes and owns their layer animations.
    var capture: ((CALayer, String, AnimatableValue, AnimatableValue, AnimatableValue?) -> Void)?

    /// The blocks being set up, innermost last.
    static var stack: [ViewAnimationBlock] = []
    static var current: ViewAnimationBlock? { stack.last }

    init(duration: Double, delay: Double, options: UIView.AnimationOptions, timing: Timing,
         completion: ((Bool) -> Void)?, animates: Bool = true) {
        self.duration = duration
        self.delay = delay
        self.options = options
        self.timing = timing
        self.completion = completion
        self.repeatCount = options.contains(.repeat) ? .infinity : 0
        self.autoreverses = options.contains(.autoreverse)
        self.startTime = CACurrentMediaTime()
        self.enabled = animates && UIView.areAnimationsEnabled
        if let observer = Self.observer {
            recordsAdded = true
            observer(self)
        }
    }

    /// Runs `body` with this block as the current one, then closes it.
    func run(_ body: () -> Void) {
        Self.stack.append(self)
        body()
        if options.contains(.layoutSubviews) {
            for view in animatedViews { view.layoutIfNeeded() }
        }
        Self.stack.removeLast()
        close()
    }

    /// No more animations will be added: the completion runs when the last one stops, or at
    /// the next run-loop turn when there were none.
    func close() {
        isOpen = false
        if outstanding == 0 { finishLater() }
    }

    /// Counts an animation this block adds to `layer` under `key` (its delegate is the block).
    func track(_ animation: CAAnimation, on view: UIView?, layer: CALayer, key: String) {
        animation.delegate = self
        outstanding += 1
        if recordsAdded { added.append((WeakLayer(layer), key)) }
        if let view, !animatedViews.contains(where: { $0 === view }) {
            animatedViews.append(view)
            // Without allowUserInteraction, touches do not reach a view while it animates.
            if !options.contains(.allowUserInteraction) { view.interactionBlockingAnimations += 1 }
        }
    }

    nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        MainActor.assumeIsolated {
            outstanding -= 1
            if !flag { allFinished = false }
            if outstanding == 0, !isOpen { finish(allFinished) }
        }
    }

    /// Ends the block now: removes the animations it added (the layers show their model values,
    /// which are the block's end values) and runs its completion with `finished` true, before
    /// this turn renders. An interactive transition ends its blocks so when it has driven them
    /// to their end or back to their start (UIPercentDrivenInteractiveTransition).
    func finishNow() {
        guard !completed else { return }
        for (layer, key) in added {
            layer.layer?.removeAnimation(forKey: key)
        }
        added.removeAll()
        finish(true)
    }

    private func finishLater() {
        if let loop = HostRunLoop.current {
            loop.schedule(at: -.infinity) { [self] in finish(true) }
        } else {
            finish(true)
        }
    }

    private func finish(_ finished: Bool) {
        guard !completed else { return }
        completed = true
        if !options.contains(.allowUserInteraction) {
            for view in animatedViews { view.interactionBlockingAnimations -= 1 }
        }
        legacyDidStop?(finished)
        completion?(finished)
        completion = nil
        legacyDidStop = nil
    }

    // MARK: Making the animations

    /// The block's timing applied to `animation` on `layer` (duration, delay, curve, repeat).
    func applyTiming(to animation: CAAnimation, on layer: CALayer) {
        animation.duration = duration
        if delay > 0 {
            animation.beginTime = layer.convertTime(startTime + delay, from: nil)
        } else if Self.pinsBeginTimes {
            animation.beginTime = layer.convertTime(startTime, from: nil)
        }
        animation.repeatCount = repeatCount
        animation.autoreverses = autoreverses
        if case .curve(let function) = timing {
            animation.timingFunction = function
        }
    }

    /// A property animation for `keyPath` with this block's timing and kind (spring or basic).
    func makePropertyAnimation(keyPath: String, on layer: CALayer) -> CABasicAnimation {
        let animation: CABasicAnimation
        switch timing {
        case .curve:
            animation = CABasicAnimation(keyPath: keyPath)
        case .spring(let ratio, let velocity):
            let spring = CASpringAnimation(keyPath: keyPath)
            let fitted = Spring(dampingRatio: ratio, duration: duration, initialVelocity: velocity)
            spring.mass = CGFloat(fitted.mass)
            spring.stiffness = CGFloat(fitted.stiffness)
            spring.damping = CGFloat(fitted.damping)
            spring.initialVelocity = CGFloat(velocity)
            animation = spring
        }
        applyTiming(to: animation, on: layer)
        return animation
    }

    /// Adds the animations for the change of `key` on `layer` that is running its action.
    func animateChange(ofKey key: String, on layer: CALayer) {
        guard let change = CALayer.changeInProgress, change.key == key,
              let entry = LayerKeyPath.lookup(key, in: layer.state), entry.isAnimatable
        else { return }
        let new = entry.get(layer.state)
        let old = change.oldModelValue
        guard old != new else { return }
        if let capture {
            capture(layer, key, old, new, CALayer.changeInProgressPresentationValue())
            return
        }
        let view = layer.delegate as? UIView
        switch (old, new) {
        case let (.rect(a), .rect(b)):
            addAdditive(keyPath: key + ".origin", delta: .point(CGPoint(x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y)),
                        zero: .point(.zero), kind: .point, on: layer, view: view, skipIfZero: true)
            addAdditive(keyPath: key + ".size", delta: .size(CGSize(width: a.width - b.width, height: a.height - b.height)),
                        zero: .size(.zero), kind: .size, on: layer, view: view, skipIfZero: true)
        case (.number, .number), (.point, .point), (.size, .size), (.transform, .transform):
            guard let delta = AnimatableValue.subtracting(old, new) else { return }
            let zero: AnimatableValue
            switch new {
            case .number: zero = .number(0)
            case .point: zero = .point(.zero)
            case .size: zero = .size(.zero)
            default: zero = .transform(CATransform3DIdentity)
            }
            addAdditive(keyPath: key, delta: delta, zero: zero, kind: entry.kind, on: layer, view: view, skipIfZero: false)
        default:
            // Absolute: from what was shown to the new value.
            let from = CALayer.changeInProgressPresentationValue() ?? old
            let animation = makePropertyAnimation(keyPath: key, on: layer)
            animation.setEnds(from: from, to: new, kind: entry.kind)
            animation.fillMode = .both
            track(animation, on: view, layer: layer, key: key)
            layer.add(animation, forKey: key)
        }
    }

    private func addAdditive(keyPath: String, delta: AnimatableValue, zero: AnimatableValue, kind: AnimatableValueKind,
                             on layer: CALayer, view: UIView?, skipIfZero: Bool) {
        if skipIfZero, delta == zero { return }
        let animation = makePropertyAnimation(keyPath: keyPath, on: layer)
        animation.setEnds(from: delta, to: zero, kind: kind)
        animation.isAdditive = true
        animation.fillMode = .both
        let key = Self.freeKey(keyPath, on: layer)
        track(animation, on: view, layer: layer, key: key)
        layer.add(animation, forKey: key)
    }

    /// The first of `keyPath`, `keyPath-2`, `keyPath-3` … not in use on `layer`.
    static func freeKey(_ keyPath: String, on layer: CALayer) -> String {
        layer.firstFreeAnimationKey(base: keyPath)
    }
}

/// A layer held weakly (a block does not keep the layers it animated alive).
struct WeakLayer {
    weak var layer: CALayer?
    init(_ layer: CALayer) { self.layer = layer }
}

/// The action a view's layer runs for a change made inside an animation block.
@MainActor
final class ViewAnimationAction: @MainActor CAAction {
    let block: ViewAnimationBlock

    init(block: ViewAnimationBlock) {
        self.block = block
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        block.animateChange(ofKey: event, on: layer)
    }
}
