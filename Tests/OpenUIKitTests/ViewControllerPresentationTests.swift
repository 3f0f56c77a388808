// Presenting and dismissing view controllers in a Stage: the order of every delegate and
// lifecycle call, the frames an animator produces at 0/50/100 %, the hierarchy afterwards,
// interactive finish and cancel (through an interruptible animator and through the container's
// layer time), UIKit's default styles, and bad input.

import Foundation
import Kinema
import Testing

/// The calls a test saw, in order.
@MainActor
final class CallLog {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}

/// A controller that logs its appearance callbacks as "name.willAppear" and so on.
@MainActor
final class LoggingController: UIViewController {
    let name: String
    let log: CallLog
    let color: UIColor

    init(_ name: String, log: CallLog, color: UIColor = .white) {
        self.name = name
        self.log = log
        self.color = color
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = color
    }

    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name).willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).didDisappear") }
}

/// Slides the presented view up from the bottom (present) or down (dismiss) over `duration`
/// seconds, linearly, with UIView.animate; logs what UIKit asks.
@MainActor
final class SlideAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    let duration: TimeInterval
    let log: CallLog
    var interruptible = false
    private var propertyAnimator: UIViewPropertyAnimator?

    init(presenting: Bool, duration: TimeInterval = 1, log: CallLog) {
        self.presenting = presenting
        self.duration = duration
        self.log = log
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        log.add("animator.transitionDuration")
        return duration
    }

    private func setUp(_ context: any UIViewControllerContextTransitioning) -> (UIView, CGRect, CGRect)? {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let controller = context.viewController(forKey: key),
              let view = context.view(forKey: presenting ? .to : .from) else { return nil }
        let container = context.containerView
        let shown = presenting ? context.finalFrame(for: controller) : context.initialFrame(for: controller)
        let hidden = shown.offsetBy(dx: 0, dy: container.bounds.height)
        if presenting {
            UIView.performWithoutAnimation { view.frame = hidden }
            container.addSubview(view)
        }
        return (view, presenting ? hidden : shown, presenting ? shown : hidden)
    }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        log.add("animator.animateTransition")
        if interruptible {
            interruptibleAnimator(using: context).startAnimation()
            return
        }
        guard let (view, _, end) = setUp(context) else { return }
        UIView.animate(withDuration: duration, delay: 0, options: [.curveLinear], animations: {
            view.frame = end
        }, completion: { _ in
            context.completeTransition(!context.transitionWasCancelled)
        })
    }

    func interruptibleAnimator(using context: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
        if let propertyAnimator { return propertyAnimator }
        let animator = UIViewPropertyAnimator(duration: duration, curve: .linear)
        if let (view, _, end) = setUp(context) {
            animator.addAnimations { view.frame = end }
        }
        animator.addCompletion { position in context.completeTransition(position == .end) }
        propertyAnimator = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) {
        log.add("animator.animationEnded(\(transitionCompleted))")
    }
}

/// A transitioning delegate handing out slide animators (and, when set, an interaction controller).
@MainActor
final class SlideDelegate: UIViewControllerTransitioningDelegate {
    let log: CallLog
    var duration: TimeInterval = 1
    var interruptible = false
    var interaction: UIPercentDrivenInteractiveTransition?
    var lastAnimator: SlideAnimator?

    init(log: CallLog) { self.log = log }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        log.add("delegate.animationControllerForPresented")
        let animator = SlideAnimator(presenting: true, duration: duration, log: log)
        animator.interruptible = interruptible
        lastAnimator = animator
        return animator
    }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        log.add("delegate.animationControllerForDismissed")
        let animator = SlideAnimator(presenting: false, duration: duration, log: log)
        animator.interruptible = interruptible
        lastAnimator = animator
        return animator
    }

    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? {
        log.add("delegate.interactionControllerForPresentation")
        return interaction
    }

    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? {
        log.add("delegate.interactionControllerForDismissal")
        return interaction
    }
}

@MainActor
@Suite("View-controller presentation")
struct ViewControllerPresentationTests {
    static let size = CGSize(width: 200, height: 400)

    /// A stage showing `root`, settled at time 0.
    func host(_ root: UIViewController) -> Stage {
        let stage = Stage(size: Self.size, scale: 1, threads: 1)
        stage.window.rootViewController = root
        stage.window.makeKeyAndVisible()
        stage.turn(to: 0)
        return stage
    }

    func presentedMinY(_ view: UIView) -> CGFloat {
        view.layer.presentation()?.frame.minY ?? .nan
    }

    @Test("A custom present and dismiss: the call order, 0/50/100 % frames and the hierarchy afterwards")
    func customPresentAndDismiss() {
        let log = CallLog()
        let root = LoggingController("root", log: log)
        let stage = host(root)
        let delegate = SlideDelegate(log: log)
        let detail = LoggingController("detail", log: log)
        detail.transitioningDelegate = delegate
        log.entries.removeAll()

        var presented = false
        root.present(detail, animated: true) { presented = true; log.add("present.completion") }
        #expect(detail.isBeingPresented)
        #expect(root.presentedViewController === detail)
        #expect(detail.presentingViewController === root)
        #expect(detail.transitionCoordinator != nil)
        stage.turn(to: 0)
        #expect(presentedMinY(detail.view) == 400)
        stage.turn(to: 0.5)
        #expect(abs(presentedMinY(detail.view) - 200) < 0.5)
        stage.turn(to: 1.0)
        stage.turn(to: 1.02)
        #expect(presented)
        #expect(detail.view.frame.minY == 0)
        #expect(!detail.isBeingPresented)
        #expect(detail.transitionCoordinator == nil)
        // `.automatic` with a custom animator is full screen: the presenter's view left.
        #expect(root.view.window == nil)
        #expect(detail.view.window === stage.window)
        #expect(log.entries.filter { $0 != "animator.transitionDuration" } == [
            "delegate.animationControllerForPresented", "delegate.interactionControllerForPresentation",
            "detail.viewDidLoad", "root.willDisappear", "detail.willAppear", "animator.animateTransition",
            "detail.didAppear", "root.didDisappear", "animator.animationEnded(true)", "present.completion",
        ])
        #expect(log.entries.contains("animator.transitionDuration"))

        log.entries.removeAll()
        var dismissed = false
        detail.dismiss(animated: true) { dismissed = true; log.add("dismiss.completion") }
        #expect(detail.isBeingDismissed)
        #expect(root.view.window === stage.window)   // back behind the container at once
        stage.turn(to: 1.02)
        stage.turn(to: 1.52)
        #expect(abs(presentedMinY(detail.view) - 200) < 0.5)
        stage.turn(to: 2.02)
        stage.turn(to: 2.04)
        #expect(dismissed)
        #expect(detail.view.superview == nil)
        #expect(root.presentedViewController == nil)
        #expect(detail.presentingViewController == nil)
        #expect(stage.window.subviews.count == 1)
        let order = log.entries.filter { !$0.hasPrefix("animator.transitionDuration") }
        #expect(order == [
            "delegate.animationControllerForDismissed", "delegate.interactionControllerForDismissal",
            "detail.willDisappear", "root.willAppear", "animator.animateTransition",
            "detail.didDisappear", "root.didAppear", "animator.animationEnded(true)",
            "dismiss.completion",
        ])
    }

    @Test("Interactive present through the container's layer time: scrubbed, then cancelled")
    func interactiveCancelByLayerTime() {
        let log = CallLog()
        let root = LoggingController("root", log: log)
        let stage = host(root)
        let delegate = SlideDelegate(log: log)
        let interaction = UIPercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        let detail = LoggingController("detail", log: log)
        detail.transitioningDelegate = delegate
        log.entries.removeAll()

        root.present(detail, animated: true)
        interaction.update(0.25)   // in the same turn as the start, before the commit
        stage.turn(to: 0.1)
        #expect(abs(presentedMinY(detail.view) - 300) < 0.5)
        interaction.update(0.3)
        stage.turn(to: 0.2)
        #expect(abs(presentedMinY(detail.view) - 280) < 0.5)
        interaction.update(0.5)
        stage.turn(to: 5)   // time passes; the finger holds it at half
        #expect(abs(presentedMinY(detail.view) - 200) < 0.5)
        interaction.cancel()
        stage.turn(to: 5.1)
        let back = presentedMinY(detail.view)
        #expect(back > 200 && back < 400)
        stage.turn(to: 5.6)   // 0.5 × 1 s back at speed 1
        stage.turn(to: 5.62)
        #expect(detail.view.superview == nil)
        #expect(root.presentedViewController == nil)
        #expect(root.view.window === stage.window)
        #expect(stage.window.subviews.count == 1)
        #expect(log.entries.filter { !$0.hasPrefix("animator.transitionDuration") && !$0.hasPrefix("delegate") } == [
            "detail.viewDidLoad", "root.willDisappear", "detail.willAppear", "animator.animateTransition",
            "detail.willDisappear", "detail.didDisappear", "root.willAppear", "root.didAppear",
            "animator.animationEnded(false)",
        ])
    }

    @Test("Interactive dismiss through an interruptible animator: scrubbed, then finished")
    func interactiveFinishByAnimator() {
        let log = CallLog()
        let root = LoggingController("root", log: log)
        let stage = host(root)
        let delegate = SlideDelegate(log: log)
        delegate.interruptible = true
        let detail = LoggingController("detail", log: log)
        detail.transitioningDelegate = delegate
        root.present(detail, animated: true)
        stage.turn(to: 1.1)
        stage.turn(to: 1.2)
        #expect(detail.view.frame.minY == 0)

        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.completionSpeed = 2
        delegate.interaction = interaction
        var dismissed = false
        detail.dismiss(animated: true) { dismissed = true }
        interaction.update(0.5)
        stage.turn(to: 2)
        #expect(abs(presentedMinY(detail.view) - 200) < 0.5)
        interaction.finish()
        stage.turn(to: 2.1)
        #expect(presentedMinY(detail.view) > 200)
        stage.turn(to: 2.3)   // the other half of 1 s at speed 2: 0.25 s
        stage.turn(to: 2.32)
        #expect(dismissed)
        #expect(detail.view.superview == nil)
        #expect(root.view.window === stage.window)
    }

    @Test("The default full-screen styles: cover vertical, cross dissolve, and a page sheet")
    func defaultStyles() {
        let log = CallLog()
        let root = LoggingController("root", log: log)
        let stage = host(root)

        let cover = LoggingController("cover", log: log)
        cover.modalPresentationStyle = .fullScreen
        root.present(cover, animated: true)
        stage.turn(to: 0)
        #expect(presentedMinY(cover.view) == 400)
        stage.turn(to: ModalTransitionMetricsProbe.cover / 2)
        let middle = presentedMinY(cover.view)
        #expect(middle > 100 && middle < 300)
        stage.turn(to: 1)
        stage.turn(to: 1.02)
        #expect(cover.view.frame == CGRect(x: 0, y: 0, width: 200, height: 400))
        #expect(root.view.window == nil)
        cover.dismiss(animated: false)
        #expect(root.view.window === stage.window)
        #expect(cover.view.superview == nil)

        let fade = LoggingController("fade", log: log)
        fade.modalPresentationStyle = .overFullScreen
        fade.modalTransitionStyle = .crossDissolve
        root.present(fade, animated: true)
        stage.turn(to: 2)
        stage.turn(to: 2.2)
        let alpha = fade.view.layer.presentation()?.opacity ?? -1
        #expect(alpha > 0.2 && alpha < 0.8)
        stage.turn(to: 3)
        stage.turn(to: 3.02)
        #expect(root.view.window === stage.window)   // over full screen: the presenter stays
        fade.dismiss(animated: false)

        let sheet = LoggingController("sheet", log: log)   // .automatic → page sheet
        root.present(sheet, animated: true)
        stage.turn(to: 4)
        stage.turn(to: 6)
        stage.turn(to: 6.02)
        let top = (400 * 0.08).rounded()
        #expect(sheet.view.frame == CGRect(x: 0, y: top, width: 200, height: 400 - top))
        #expect(root.view.window === stage.window)
        #expect(abs(root.view.transform.a - 0.916) < 1e-9)
        #expect(sheet.presentationController != nil)
        sheet.dismiss(animated: true)
        stage.turn(to: 6.1)
        stage.turn(to: 9)
        stage.turn(to: 9.02)
        #expect(root.view.transform.isIdentity)
        #expect(sheet.view.superview == nil)
        #expect(stage.window.subviews.count == 1)
    }

    @Test("Not animated: the change is made at once, callbacks in the same order")
    func notAnimated() {
        let log = CallLog()
        let root = LoggingController("root", log: log)
        let stage = host(root)
        defer { withExtendedLifetime(stage) {} }
        let detail = LoggingController("detail", log: log)
        detail.modalPresentationStyle = .fullScreen
        log.entries.removeAll()
        var done = false
        root.present(detail, animated: false) { done = true }
        #expect(done)
        #expect(detail.view.frame == CGRect(x: 0, y: 0, width: 200, height: 400))
        #expect(log.entries == ["detail.viewDidLoad", "root.willDisappear", "detail.willAppear", "detail.didAppear", "root.didDisappear"])
    }

    @Test("A custom presentation controller's dimming view fades with the transition coordinator")
    func dimmingPresentationController() {
        let log = CallLog()
        let root = LoggingController("root", log: log)
        let stage = host(root)
        let delegate = DimmingDelegate()
        let detail = LoggingController("detail", log: log)
        detail.modalPresentationStyle = .custom
        detail.transitioningDelegate = delegate
        root.present(detail, animated: true)
        guard let controller = detail.presentationController as? DimmingPresentationController else {
            Issue.record("the delegate's presentation controller was not used")
            return
        }
        #expect(controller.dimmingView.superview === controller.containerView)
        stage.turn(to: 0)
        stage.turn(to: 0.2)
        let alpha = controller.dimmingView.layer.presentation()?.opacity ?? -1
        #expect(alpha > 0.05 && alpha < 0.95)
        stage.turn(to: 1)
        stage.turn(to: 1.02)
        #expect(controller.dimmingView.alpha == 1)
        #expect(detail.view.frame == CGRect(x: 0, y: 200, width: 200, height: 200))
        #expect(root.view.window === stage.window)   // a custom presentation keeps the presenter
    }

    @Test("Bad input: complete twice, never, present twice, dismiss nothing, NaN duration")
    func badInput() {
        let log = CallLog()
        let root = LoggingController("root", log: log)
        let stage = host(root)

        // completeTransition twice: the second is a diagnostic.
        let twice = ScriptedAnimator(duration: 0.2) { context in
            context.containerView.addSubview(context.view(forKey: .to) ?? UIView())
            context.completeTransition(true)
            context.completeTransition(true)
        }
        let detail = LoggingController("detail", log: log)
        let delegate = ScriptedDelegate(animator: twice)
        detail.transitioningDelegate = delegate
        let (_, reports) = KinemaDiagnostics.collecting { root.present(detail, animated: true) }
        #expect(reports.contains { $0.message.contains("called again") })
        #expect(root.presentedViewController === detail)

        // Presenting the presented one again, and presenting while presenting.
        let other = LoggingController("other", log: log)
        let (_, again) = KinemaDiagnostics.collecting {
            root.present(detail, animated: true)
            root.present(other, animated: true)
        }
        #expect(again.count == 2)
        #expect(other.presentingViewController == nil)
        detail.dismiss(animated: false)

        // Dismissing with nothing presented: a diagnostic, and the completion still runs.
        var ran = false
        let (_, nothing) = KinemaDiagnostics.collecting { root.dismiss(animated: true) { ran = true } }
        #expect(nothing.count == 1)
        stage.turn(to: 0.1)
        #expect(ran)

        // Never completed: the watchdog ends it after the duration plus its grace.
        let never = ScriptedAnimator(duration: 0.5) { context in
            context.containerView.addSubview(context.view(forKey: .to) ?? UIView())
        }
        let stuck = LoggingController("stuck", log: log)
        let stuckDelegate = ScriptedDelegate(animator: never)
        stuck.transitioningDelegate = stuckDelegate
        var finished = false
        root.present(stuck, animated: true) { finished = true }
        stage.turn(to: 3)
        #expect(!finished)
        let (_, watchdog) = KinemaDiagnostics.collecting { stage.turn(to: 0.1 + 0.5 + 4.01) }
        #expect(finished)
        #expect(watchdog.contains { $0.message.contains("did not call completeTransition") })
        stuck.dismiss(animated: false)

        // A NaN duration: a diagnostic, treated as 0.
        let nan = ScriptedAnimator(duration: .nan) { context in
            context.containerView.addSubview(context.view(forKey: .to) ?? UIView())
            context.completeTransition(true)
        }
        let odd = LoggingController("odd", log: log)
        let nanDelegate = ScriptedDelegate(animator: nan)
        odd.transitioningDelegate = nanDelegate
        let (_, nanReports) = KinemaDiagnostics.collecting { root.present(odd, animated: true) }
        #expect(nanReports.contains { $0.message.contains("returned nan") })
        #expect(root.presentedViewController === odd)
        odd.dismiss(animated: false)

        // A duration of 0: UIView.animate with 0 changes at once and completes at the next turn.
        let instant = ScriptedAnimator(duration: 0) { context in
            guard let view = context.view(forKey: .to), let to = context.viewController(forKey: .to) else { return }
            context.containerView.addSubview(view)
            UIView.animate(withDuration: 0, animations: { view.frame = context.finalFrame(for: to) }) { _ in
                context.completeTransition(true)
            }
        }
        let quick = LoggingController("quick", log: log)
        let instantDelegate = ScriptedDelegate(animator: instant)
        quick.transitioningDelegate = instantDelegate
        var shown = false
        let (_, zeroReports) = KinemaDiagnostics.collecting { root.present(quick, animated: true) { shown = true } }
        #expect(zeroReports.isEmpty)
        #expect(!shown)
        stage.turn(to: 6)
        #expect(shown)
        #expect(quick.view.frame == CGRect(x: 0, y: 0, width: 200, height: 400))
    }
}

/// The default cover-vertical duration, read where the test needs it.
enum ModalTransitionMetricsProbe {
    static let cover = 0.4
}

/// An animator whose animateTransition runs a closure.
@MainActor
final class ScriptedAnimator: UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval
    let body: (any UIViewControllerContextTransitioning) -> Void
    init(duration: TimeInterval, body: @escaping (any UIViewControllerContextTransitioning) -> Void) {
        self.duration = duration
        self.body = body
    }
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { duration }
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) { body(transitionContext) }
}

@MainActor
final class ScriptedDelegate: UIViewControllerTransitioningDelegate {
    let animator: ScriptedAnimator
    init(animator: ScriptedAnimator) { self.animator = animator }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { animator }
}

/// Apple's "custom presentation" example: a half-height card over a dimming view that fades in
/// alongside the transition.
@MainActor
final class DimmingPresentationController: UIPresentationController {
    let dimmingView = UIView()

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.4)
        dimmingView.frame = containerView.bounds
        dimmingView.alpha = 0
        containerView.insertSubview(dimmingView, at: 0)
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimmingView.alpha = 1
            return
        }
        coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1 }, completion: nil)
    }

    override func dismissalTransitionWillBegin() {
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimmingView.alpha = 0
            return
        }
        coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 0 }, completion: nil)
    }
}

@MainActor
final class DimmingDelegate: UIViewControllerTransitioningDelegate {
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        DimmingPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        ScriptedAnimator(duration: 0.5) { context in
            guard let view = context.view(forKey: .to), let to = context.viewController(forKey: .to) else { return }
            let final = context.finalFrame(for: to)
            UIView.performWithoutAnimation { view.frame = final.offsetBy(dx: 0, dy: final.height) }
            context.containerView.addSubview(view)
            UIView.animate(withDuration: 0.5, animations: { view.frame = final }) { _ in
                context.completeTransition(!context.transitionWasCancelled)
            }
        }
    }
}
