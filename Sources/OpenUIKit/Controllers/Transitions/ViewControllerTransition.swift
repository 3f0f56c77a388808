// ViewControllerTransition: one view-controller transition in flight — the context its animator
// and interaction controller are given, the coordinator alongside animations join, and the
// watchdog that ends it when the animator never calls completeTransition.
//
// Audited against: UIViewControllerContextTransitioning docs (completeTransition(_:) "must be
//   called … exactly once"; "the value may be CGRectZero" for initialFrame/finalFrame of a view
//   not shown; view(forKey:) "may return nil, which indicates that the animator should not
//   manipulate the associated view controller's view"); UIViewControllerTransitionCoordinator docs
//   (animate(alongsideTransition:completion:) "runs the specified animations at the same time as
//   the view controller transition animations", completion "after the transition finishes",
//   returns false when the animations could not be queued); APPLE_SEMANTICS
//   "UIViewControllerContextTransitioning" (the order: animator asked, context built,
//   transitionDuration then animateTransition, completeTransition once).
// Choices (UNCONFIRMED on iOS; kept here, in one place):
//   - `completeTransition` called a second time: a diagnostic, ignored.
//   - Never called: `TransitionWatchdog.grace` (4 s) after the animation should have ended
//     (transitionDuration after the start, or after an interactive finish or cancel, plus the
//     remaining time), a diagnostic and the transition ends as if called with
//     `!transitionWasCancelled`.
//   - A transition duration that is NaN, infinite or negative: a diagnostic, and 0 is used
//     (for the watchdog, the alongside animations and percent-driven interaction).
//   - Alongside animations run in a `UIView.animate` block of the transition's duration begun
//     right after `animateTransition(using:)` (or added to the animator's
//     `interruptibleAnimator(using:)` when it has one, so interaction scrubs them too).

import Foundation
import KinemaSupport
import OpenQuartzCore

/// The watchdog's rule for animators that never call `completeTransition(_:)`.
enum TransitionWatchdog {
    /// Seconds allowed after the animation's expected end.
    static let grace = 4.0
}

/// One transition between two view controllers: the context, the coordinator and the driver.
@MainActor
final class ViewControllerTransition: UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator {
    enum Kind { case presentation, dismissal, navigation }

    let kind: Kind
    let containerView: UIView
    let fromViewController: UIViewController
    let toViewController: UIViewController
    /// The views the animator may touch (nil: leave it alone).
    let fromView: UIView?
    let toView: UIView?
    let animator: any UIViewControllerAnimatedTransitioning
    let interactor: (any UIViewControllerInteractiveTransitioning)?
    let isAnimated: Bool
    let presentationStyle: UIModalPresentationStyle
    let targetTransform = CGAffineTransform.identity
    private(set) var isInteractive = false
    private(set) var initiallyInteractive = false
    private(set) var transitionWasCancelled = false
    private(set) var percentComplete: CGFloat = 0
    var completionVelocity: CGFloat { 1 }
    var completionCurve: UIView.AnimationCurve { interactor?.completionCurve ?? .easeInOut }
    var isInterruptible: Bool { interruptible != nil }
    var isCancelled: Bool { transitionWasCancelled }

    private var frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)] = [:]
    private enum Phase { case waiting, running, ended }
    private var phase = Phase.waiting
    private var animationsStarted = false
    private var pendingAlongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var watchdogToken = 0
    private var startTime: CFTimeInterval = 0
    /// The animator's interruptible animator, asked once (UIKit asks "for the duration of the
    /// transition" and expects the same object).
    private(set) var interruptible: (any UIViewImplicitlyAnimating)?
    /// The view-animation blocks the animator and the alongside animations made.
    private(set) var blocks: [ViewAnimationBlock] = []
    /// The owner's work at the end (hierarchy, appearance callbacks), given whether it completed.
    var onEnd: ((Bool) -> Void)?
    /// Runs after `animationEnded(_:)` (a present's or push's completion).
    var afterEnd: ((Bool) -> Void)?

    /// The transitions running now, oldest first.
    private(set) static var running: [ViewControllerTransition] = []

    /// The transition running in `window`, if any (transitions of other windows — another
    /// Stage's — do not count).
    static func running(in window: UIWindow?) -> ViewControllerTransition? {
        running.last { $0.containerView.window === window || $0.fromViewController.viewIfLoaded?.window === window }
    }

    /// The running transition involving `controller` (as one of its two controllers, or a child
    /// of one), if any.
    static func involving(_ controller: UIViewController) -> ViewControllerTransition? {
        var candidate: UIViewController? = controller
        while let current = candidate {
            if let transition = running.last(where: { $0.fromViewController === current || $0.toViewController === current }) {
                return transition
            }
            candidate = current.parent
        }
        return nil
    }

    init(kind: Kind, container: UIView, from: UIViewController, to: UIViewController,
         fromView: UIView?, toView: UIView?, animator: any UIViewControllerAnimatedTransitioning,
         interactor: (any UIViewControllerInteractiveTransitioning)?, animated: Bool,
         presentationStyle: UIModalPresentationStyle) {
        self.kind = kind
        containerView = container
        fromViewController = from
        toViewController = to
        self.fromView = fromView
        self.toView = toView
        self.animator = animator
        self.interactor = interactor
        isAnimated = animated
        self.presentationStyle = presentationStyle
    }

    /// Sets the frames `initialFrame(for:)` and `finalFrame(for:)` report for `controller`.
    func setFrames(for controller: UIViewController, initial: CGRect, final: CGRect) {
        frames[ObjectIdentifier(controller)] = (initial, final)
    }

    // MARK: Driving

    /// The transition's duration, as the animator says, made usable (a diagnostic for NaN,
    /// infinite or negative durations, which become 0).
    var transitionDuration: TimeInterval {
        let duration = animator.transitionDuration(using: self)
        guard duration.isFinite, duration >= 0 else {
            KinemaDiagnostics.emit("any UIViewControllerAnimatedTransitioning", "transitionDuration(using:) returned \(duration); used 0")
            return 0
        }
        return duration
    }

    /// Registers the transition as running: from here on the controllers' `transitionCoordinator`
    /// is this transition, so appearance callbacks and the presentation controller can join
    /// their animations to it.
    func begin() {
        guard phase == .waiting else { return }
        phase = .running
        Self.running.append(self)
        startTime = CACurrentMediaTime()
    }

    /// Runs the transition: an interaction controller is handed the context (it drives the
    /// animations when it wants an interactive start); otherwise the animator animates.
    func run() {
        guard phase == .running, !animationsStarted else { return }
        startTime = CACurrentMediaTime()
        if let interactor {
            initiallyInteractive = interactor.wantsInteractiveStart
            isInteractive = initiallyInteractive
            interactor.startInteractiveTransition(self)
            // A custom interaction controller calls animateTransition itself; alongside
            // animations join the animations it made.
            if phase == .running, !animationsStarted { runAlongside(duration: transitionDuration) }
            if phase == .running, !isInteractive { armWatchdog(after: transitionDuration) }
        } else {
            runAnimator()
            if phase == .running { armWatchdog(after: transitionDuration) }
        }
    }

    /// Calls the animator's `animateTransition(using:)`, collecting the view-animation blocks it
    /// makes, then runs the alongside animations.
    func runAnimator() {
        guard phase == .running, !animationsStarted else { return }
        let duration = transitionDuration
        if !isAnimated {
            // Not animated: the alongside changes are made first, at once, so the state is final
            // when the animator completes (which it does at once).
            runAlongside(duration: 0)
        }
        collectingBlocks { animator.animateTransition(using: self) }
        if isAnimated { runAlongside(duration: duration) }
    }

    /// The interaction controller starts the animations it will drive: with an interruptible
    /// animator, the alongside animations join it (the animator's `animateTransition(using:)` is
    /// not called: the interruptible animator is the transition); otherwise the animator animates
    /// under the interaction controller's clock.
    func startAnimationsForInteraction() {
        guard phase == .running, !animationsStarted else { return }
        if interruptible != nil {
            runAlongside(duration: transitionDuration)
        } else {
            runAnimator()
        }
    }

    /// The animator's interruptible animator (asked once).
    func interruptibleAnimator() -> (any UIViewImplicitlyAnimating)? {
        if let interruptible { return interruptible }
        interruptible = animator.interruptibleAnimator(using: self)
        return interruptible
    }

    private func runAlongside(duration: TimeInterval) {
        animationsStarted = true
        _ = interruptibleAnimator()
        let pending = pendingAlongside
        pendingAlongside.removeAll()
        guard !pending.isEmpty else { return }
        run(alongside: pending, duration: duration)
    }

    private func run(alongside animations: [(any UIViewControllerTransitionCoordinatorContext) -> Void], duration: TimeInterval) {
        if let interruptible {
            for animation in animations {
                interruptible.addAnimations { [self] in animation(self) }
            }
            return
        }
        collectingBlocks {
            if isAnimated, duration > 0 {
                UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut], animations: { [self] in
                    for animation in animations { animation(self) }
                })
            } else {
                UIView.performWithoutAnimation { for animation in animations { animation(self) } }
            }
        }
    }

    /// Runs `body`, keeping the view-animation blocks it makes in `blocks` (an interaction
    /// controller ends them when it has driven them to their end or back to their start).
    private func collectingBlocks(_ body: () -> Void) {
        let outer = ViewAnimationBlock.observer
        ViewAnimationBlock.observer = { [weak self] block in
            self?.blocks.append(block)
            outer?(block)
        }
        body()
        ViewAnimationBlock.observer = outer
    }

    private func armWatchdog(after seconds: TimeInterval) {
        watchdogToken += 1
        let token = watchdogToken
        guard let loop = HostRunLoop.current else { return }
        loop.schedule(at: CACurrentMediaTime() + max(0, seconds) + TransitionWatchdog.grace) { [weak self] in
            guard let self, self.watchdogToken == token, self.phase == .running else { return }
            KinemaDiagnostics.emit("any UIViewControllerContextTransitioning", "the animator (\(type(of: self.animator))) did not call completeTransition(_:) within \(TransitionWatchdog.grace) s of the transition's end; ended it as \(self.transitionWasCancelled ? "cancelled" : "completed")")
            self.completeTransition(!self.transitionWasCancelled)
        }
    }

    // MARK: UIViewControllerContextTransitioning

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        guard phase == .running else { return }
        self.percentComplete = percentComplete.isFinite ? min(max(percentComplete, 0), 1) : self.percentComplete
    }

    func finishInteractiveTransition() {
        guard phase == .running else { return }
        endInteraction(cancelled: false)
    }

    func cancelInteractiveTransition() {
        guard phase == .running else { return }
        endInteraction(cancelled: true)
    }

    func pauseInteractiveTransition() {
        guard phase == .running else { return }
        isInteractive = true
        watchdogToken += 1
    }

    private func endInteraction(cancelled: Bool) {
        transitionWasCancelled = cancelled
        let wasInteractive = isInteractive
        isInteractive = false
        let remaining = Double(cancelled ? percentComplete : 1 - percentComplete) * transitionDuration
        let speed = Double(interactor?.completionSpeed ?? 1)
        armWatchdog(after: speed.isFinite && speed > 0 ? remaining / speed : remaining)
        if wasInteractive {
            let handlers = interactionHandlers
            interactionHandlers.removeAll()
            for handler in handlers { handler(self) }
        }
    }

    func completeTransition(_ didComplete: Bool) {
        switch phase {
        case .waiting:
            KinemaDiagnostics.emit("any UIViewControllerContextTransitioning", "completeTransition(_:) called before the transition started; ignored")
            return
        case .ended:
            KinemaDiagnostics.emit("any UIViewControllerContextTransitioning", "completeTransition(_:) called again after the transition ended; ignored")
            return
        case .running:
            break
        }
        phase = .ended
        watchdogToken += 1
        if !didComplete { transitionWasCancelled = true }
        Self.running.removeAll { $0 === self }
        onEnd?(didComplete)
        onEnd = nil
        let handlers = completions
        completions.removeAll()
        for handler in handlers { handler(self) }
        animator.animationEnded(didComplete)
        afterEnd?(didComplete)
        afterEnd = nil
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: fromViewController
        case .to: toViewController
        default: nil
        }
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: fromView
        case .to: toView
        default: nil
        }
    }

    func initialFrame(for vc: UIViewController) -> CGRect {
        frames[ObjectIdentifier(vc)]?.initial ?? .zero
    }

    func finalFrame(for vc: UIViewController) -> CGRect {
        frames[ObjectIdentifier(vc)]?.final ?? .zero
    }

    /// Whether the transition has ended.
    var hasEnded: Bool { phase == .ended }

    // MARK: UIViewControllerTransitionCoordinator

    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard phase != .ended else { return false }
        if let completion { completions.append(completion) }
        if let animation {
            if animationsStarted {
                // Joins late: the time left of the transition.
                let left = max(0, transitionDuration - (CACurrentMediaTime() - startTime))
                run(alongside: [animation], duration: left)
            } else {
                pendingAlongside.append(animation)
            }
        }
        return true
    }

    @discardableResult
    func animateAlongsideTransition(in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
        guard phase != .ended else { return }
        interactionHandlers.append(handler)
    }
}
