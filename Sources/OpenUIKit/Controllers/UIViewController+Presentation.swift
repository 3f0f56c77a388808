// Presenting and dismissing view controllers: who presents, which presentation controller and
// animator run, the order of the callbacks, and what the view hierarchy is at the end.
//
// Audited against: UIViewController docs — present(_:animated:completion:) ("in a horizontally
//   compact environment, the presented view controller is always presented full screen"; the
//   completion "after the presentation finishes"), dismiss(animated:completion:) ("the presenting
//   view controller is responsible for dismissing the view controller it presented. If you call
//   this method on the presented view controller itself, UIKit asks the presenting view
//   controller to handle the dismissal"; "if you present several view controllers in succession
//   … dismissing the one below dismisses all above it; only the top one is animated"),
//   presentedViewController / presentingViewController ("or one of its ancestors"),
//   presentationController, isBeingPresented, isBeingDismissed, isMovingToParent,
//   isMovingFromParent, transitionCoordinator, modalPresentationStyle (.automatic: "for most view
//   controllers, UIKit maps this style to .pageSheet"), modalTransitionStyle (partialCurl "only
//   with .fullScreen"); UIModalTransitionStyle docs; seed 000 ("Transitioning process": the
//   to-controller's transitioning delegate is asked for an animator; nil → the standard one;
//   the context is built; transitionDuration, animateTransition; completeTransition).
// Choices (UNCONFIRMED on iOS; one place: this file and `ModalTransitionMetrics`):
//   - The order of calls, present: the delegate's presentationController (custom style),
//     animationController(forPresented:), interactionControllerForPresentation; the presented
//     view loads; presentationTransitionWillBegin; presenter viewWillDisappear (when its view
//     leaves); presented viewWillAppear; transitionDuration; animateTransition. At
//     completeTransition(true): presentationTransitionDidEnd(true), presented viewDidAppear,
//     presenter viewDidDisappear, animationEnded(true), the completion. Dismiss mirrors it.
//     Cancelled: DidEnd(false), then the arriving controller gets viewWillDisappear /
//     viewDidDisappear and the leaving one viewWillAppear / viewDidAppear.
//   - `.automatic` resolves to `.pageSheet`, except when the transitioning delegate returns an
//     animator for the presentation: then `.fullScreen` (the behaviour custom animators written
//     before iOS 13, like seed 000's, rely on). `.formSheet` and `.popover` on this phone-sized
//     screen: `.pageSheet` and `.fullScreen`; `.currentContext` / `.overCurrentContext`: as the
//     full-screen styles (Kinema presents over the window).
//   - Presenting from a controller whose view is not in a window, presenting a controller that
//     is already presented or is a child, presenting while the presenter presents another or
//     while a transition runs, dismissing with nothing presented: a diagnostic and nothing
//     happens (the dismissal's completion still runs, at the next turn). `animated: false`
//     skips the animator: the change is made at once, the callbacks in the same order.

import Foundation
import KinemaSupport
import OpenQuartzCore

/// The status bar's style (stored for source compatibility: no status bar is drawn).
public enum UIStatusBarStyle: Int, Sendable {
    /// The system's choice of status-bar content.
    case `default` = 0
    /// Light status-bar content, for dark backgrounds.
    case lightContent = 1
    /// Dark status-bar content, for light backgrounds.
    case darkContent = 3
}

/// A presented controller's presentation: container, presentation controller and the place
/// of the presenter's view, kept from the presentation to the dismissal.
@MainActor
final class PresentationRecord {
    let container: UITransitionView
    let controller: UIPresentationController
    let style: UIModalPresentationStyle
    private weak var presenterSuperview: UIView?
    private let presenterIndex: Int
    private let presenterFrame: CGRect

    init(container: UITransitionView, controller: UIPresentationController, style: UIModalPresentationStyle, presenterView: UIView) {
        self.container = container
        self.controller = controller
        self.style = style
        presenterSuperview = presenterView.superview
        presenterIndex = presenterView.superview?.subviews.firstIndex { $0 === presenterView } ?? 0
        presenterFrame = presenterView.frame
    }

    /// Puts the presenter's view back where it was when the presentation began (animators
    /// move it into the container for flips and curls).
    func restorePresenterView(_ view: UIView) {
        guard let superview = presenterSuperview else { return }
        UIView.performWithoutAnimation {
            if view.superview !== superview {
                superview.insertSubview(view, at: min(presenterIndex, superview.subviews.count))
            }
            if view.transform.isIdentity { view.frame = presenterFrame }
            view.isHidden = false
        }
    }
}

/// Durations and curves of UIKit's own modal animations (UIKIT_SEMANTICS §4.2; UNCONFIRMED).
enum ModalTransitionMetrics {
    static let coverVerticalDuration = 0.4
    static let crossDissolveDuration = 0.4
    static let flipDuration = 0.75
    static let partialCurlDuration = 0.75
    /// How far the partial curl turns the page (the transition's progress it stops at).
    static let partialCurlProgress = 0.6
}

extension UIViewController {
    /// The controller this one (or its nearest ancestor) presented.
    public var presentedViewController: UIViewController? {
        firstUpParentChain { $0.presentedStorage }
    }

    /// The controller that presented this one (or its nearest presented ancestor).
    public var presentingViewController: UIViewController? {
        firstUpParentChain { $0.presentingStorage }
    }

    /// The presentation controller of this controller's (or its nearest presented ancestor's)
    /// presentation.
    public var presentationController: UIPresentationController? {
        firstUpParentChain { $0.presentationRecord?.controller }
    }

    /// The first non-nil `value` of this controller, its parent, its parent's parent …
    private func firstUpParentChain<T>(_ value: (UIViewController) -> T?) -> T? {
        var controller: UIViewController? = self
        while let current = controller {
            if let found = value(current) { return found }
            controller = current.parent
        }
        return nil
    }

    /// Whether the controller is being presented now.
    public var isBeingPresented: Bool { transitionRole.beingPresented }
    /// Whether the controller is being dismissed now.
    public var isBeingDismissed: Bool { transitionRole.beingDismissed }
    /// Whether the controller is being added to a parent now (a push).
    public var isMovingToParent: Bool { transitionRole.movingToParent }
    /// Whether the controller is being removed from its parent now (a pop).
    public var isMovingFromParent: Bool { transitionRole.movingFromParent }

    /// The coordinator of the transition this controller (or an ancestor) takes part in now.
    public var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        ViewControllerTransition.involving(self)
    }

    /// The controller at the root of this one's parent chain.
    var rootAncestor: UIViewController {
        var root = self
        while let parent = root.parent { root = parent }
        return root
    }

    // MARK: Presenting

    func performPresentation(of presented: UIViewController, animated: Bool, completion: (() -> Void)?) {
        let api = "UIViewController.present(_:animated:completion:)"
        let presenter = rootAncestor
        if presented === self || presented === presenter || presented.rootAncestor === presenter {
            KinemaDiagnostics.emit(api, "\(type(of: presented)) cannot present itself or its own ancestor; nothing was presented")
            return
        }
        if presented.presentingStorage != nil {
            KinemaDiagnostics.emit(api, "\(type(of: presented)) is already presented; nothing was presented")
            return
        }
        if let parent = presented.parent {
            KinemaDiagnostics.emit(api, "\(type(of: presented)) is a child of \(type(of: parent)); a child cannot be presented; nothing was presented")
            return
        }
        if let current = presenter.presentedStorage {
            KinemaDiagnostics.emit(api, "\(type(of: presenter)) is already presenting \(type(of: current)); present from the presented controller; nothing was presented")
            return
        }
        guard let presenterView = presenter.viewIfLoaded, let window = presenterView.window else {
            KinemaDiagnostics.emit(api, "the view of \(type(of: presenter)) is not in a window; nothing was presented")
            return
        }
        if let running = ViewControllerTransition.running(in: window) {
            KinemaDiagnostics.emit(api, "a transition (\(type(of: running.animator))) is in progress; nothing was presented")
            return
        }

        // The transitioning delegate's answers and the style they resolve.
        let delegate = presented.transitioningDelegate
        var customController: UIPresentationController?
        if presented.modalPresentationStyle == .custom {
            customController = delegate?.presentationController(forPresented: presented, presenting: presenter, source: self)
        }
        let customAnimator = animated ? delegate?.animationController(forPresented: presented, presenting: presenter, source: self) : nil
        let style = Self.resolvedStyle(presented.modalPresentationStyle, hasCustomAnimator: customAnimator != nil)
        let controller: UIPresentationController = switch style {
        case .custom: customController ?? UIPresentationController(presentedViewController: presented, presenting: presenter)
        case .pageSheet: SheetPresentationController(presentedViewController: presented, presenting: presenter)
        case .overFullScreen: UIPresentationController(presentedViewController: presented, presenting: presenter)
        default: FullScreenPresentationController(presentedViewController: presented, presenting: presenter)
        }
        var transitionStyle = presented.modalTransitionStyle
        if transitionStyle == .partialCurl, style != .fullScreen {
            KinemaDiagnostics.emit(api, "modalTransitionStyle .partialCurl needs modalPresentationStyle .fullScreen; used .coverVertical")
            transitionStyle = .coverVertical
        }
        let animator: any UIViewControllerAnimatedTransitioning = if !animated {
            ImmediateTransitionAnimator()
        } else if let customAnimator {
            customAnimator
        } else if style == .pageSheet {
            SheetTransitionAnimator(presenting: true)
        } else {
            ModalTransitionAnimator(style: transitionStyle, presenting: true)
        }
        let interactor = animated && customAnimator != nil ? delegate?.interactionControllerForPresentation(using: animator) : nil

        // The container and the links.
        // The container covers the window's subview holding the presenter (the window itself
        // in an app; a demo's scaled content view), with its geometry.
        var host = presenterView
        while let superview = host.superview, superview !== window { host = superview }
        let container = UITransitionView(frame: window.bounds)
        if host !== window {
            container.bounds = host.bounds
            container.center = host.center
            container.layer.transform = host.layer.transform
        }
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.presentationController = controller
        controller.containerView = container
        let record = PresentationRecord(container: container, controller: controller, style: style, presenterView: presenterView)
        let presentedView: UIView = controller.presentedView ?? presented.view
        UIView.performWithoutAnimation { window.addSubview(container) }
        presenter.presentedStorage = presented
        presented.presentingStorage = presenter
        presented.presentationRecord = record
        presented.transitionRole.beingPresented = true

        let removesPresenter = controller.shouldRemovePresentersView
        let transition = ViewControllerTransition(
            kind: .presentation, container: container, from: presenter, to: presented,
            fromView: removesPresenter ? presenterView : nil, toView: presentedView,
            animator: animator, interactor: interactor, animated: animated, presentationStyle: style)
        let presenterFrame = container.convert(presenterView.bounds, from: presenterView)
        transition.setFrames(for: presenter, initial: presenterFrame, final: removesPresenter ? .zero : presenterFrame)
        transition.setFrames(for: presented, initial: .zero, final: controller.frameOfPresentedViewInContainerView)
        transition.onEnd = { completed in
            presented.transitionRole.beingPresented = false
            if completed {
                if removesPresenter {
                    UIView.performWithoutAnimation { presenterView.removeFromSuperview() }
                } else {
                    record.restorePresenterView(presenterView)
                }
                controller.presentationTransitionDidEnd(true)
                presented.endAppearanceTransition()
                if removesPresenter { presenter.endAppearanceTransition() }
            } else {
                UIView.performWithoutAnimation {
                    record.restorePresenterView(presenterView)
                    presentedView.removeFromSuperview()
                    container.removeFromSuperview()
                }
                presenter.presentedStorage = nil
                presented.presentingStorage = nil
                presented.presentationRecord = nil
                controller.presentationTransitionDidEnd(false)
                Self.reverseAppearance(arriving: presented, leaving: removesPresenter ? presenter : nil)
            }
        }
        transition.afterEnd = { completed in
            if completed { completion?() }
        }
        transition.begin()
        controller.presentationTransitionWillBegin()
        if removesPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
        presented.beginAppearanceTransition(true, animated: animated)
        transition.run()
    }

    /// The style a presentation runs with (see the file's header).
    static func resolvedStyle(_ style: UIModalPresentationStyle, hasCustomAnimator: Bool) -> UIModalPresentationStyle {
        switch style {
        case .automatic: hasCustomAnimator ? .fullScreen : .pageSheet
        case .formSheet, .pageSheet: .pageSheet
        case .currentContext, .popover, .fullScreen: .fullScreen
        case .overCurrentContext, .overFullScreen: .overFullScreen
        case .custom: .custom
        case .none:
            .fullScreen
        }
    }

    /// A cancelled transition: the controller that was arriving disappears again, the one that
    /// was leaving appears again.
    static func reverseAppearance(arriving: UIViewController?, leaving: UIViewController?) {
        arriving?.beginAppearanceTransition(false, animated: true)
        arriving?.endAppearanceTransition()
        leaving?.beginAppearanceTransition(true, animated: true)
        leaving?.endAppearanceTransition()
    }

    // MARK: Dismissing

    func performDismissal(animated: Bool, completion: (() -> Void)?) {
        let api = "UIViewController.dismiss(animated:completion:)"
        let root = rootAncestor
        let target: UIViewController
        if let presented = root.presentedStorage {
            target = presented
        } else if root.presentingStorage != nil {
            target = root
        } else {
            KinemaDiagnostics.emit(api, "\(type(of: self)) presents nothing and was not presented; nothing was dismissed")
            if let completion {
                if let loop = HostRunLoop.current { loop.schedule(at: -.infinity) { completion() } } else { completion() }
            }
            return
        }
        if let running = ViewControllerTransition.running(in: target.viewIfLoaded?.window) {
            KinemaDiagnostics.emit(api, "a transition (\(type(of: running.animator))) is in progress; nothing was dismissed")
            return
        }
        guard let presenter = target.presentingStorage, let record = target.presentationRecord else { return }
        // Controllers presented above the target leave at once; only the top one animates.
        var top = target
        var chain: [UIViewController] = []
        while let next = top.presentedStorage { chain.append(top); top = next }
        for middle in chain.dropFirst() {
            guard let middleRecord = middle.presentationRecord else { continue }
            UIView.performWithoutAnimation { middleRecord.container.removeFromSuperview() }
        }
        if top !== target {
            // The top one animates away over the target's presenter.
            chain.first?.presentedStorage = nil
            for middle in chain.dropFirst() {
                middle.presentingStorage?.presentedStorage = nil
                middle.presentingStorage = nil
                middle.presentationRecord = nil
            }
        }
        dismiss(top, revealing: presenter, targetRecord: record, target: target, animated: animated, completion: completion)
    }

    private func dismiss(_ leaving: UIViewController, revealing presenter: UIViewController, targetRecord: PresentationRecord,
                         target: UIViewController, animated: Bool, completion: (() -> Void)?) {
        guard let record = leaving.presentationRecord else { return }
        let controller = record.controller
        let container = record.container
        let removesPresenter = targetRecord.controller.shouldRemovePresentersView
        let presenterView: UIView = presenter.view
        let leavingView: UIView = controller.presentedView ?? leaving.view
        // The presenter's view comes back behind the container before anything animates.
        if removesPresenter { targetRecord.restorePresenterView(presenterView) }

        let delegate = leaving.transitioningDelegate
        let customAnimator = animated ? delegate?.animationController(forDismissed: leaving) : nil
        let animator: any UIViewControllerAnimatedTransitioning = if !animated {
            ImmediateTransitionAnimator()
        } else if let customAnimator {
            customAnimator
        } else if record.style == .pageSheet {
            SheetTransitionAnimator(presenting: false)
        } else {
            ModalTransitionAnimator(style: leaving.modalTransitionStyle, presenting: false)
        }
        let interactor = animated && customAnimator != nil ? delegate?.interactionControllerForDismissal(using: animator) : nil
        let transition = ViewControllerTransition(
            kind: .dismissal, container: container, from: leaving, to: presenter,
            fromView: leavingView, toView: removesPresenter ? presenterView : nil,
            animator: animator, interactor: interactor, animated: animated, presentationStyle: record.style)
        let leavingFrame = container.convert(leavingView.bounds, from: leavingView)
        transition.setFrames(for: leaving, initial: leavingFrame, final: .zero)
        let presenterFrame = container.convert(presenterView.bounds, from: presenterView)
        transition.setFrames(for: presenter, initial: removesPresenter ? .zero : presenterFrame, final: presenterFrame)
        leaving.transitionRole.beingDismissed = true
        transition.onEnd = { completed in
            leaving.transitionRole.beingDismissed = false
            if completed {
                UIView.performWithoutAnimation {
                    leavingView.removeFromSuperview()
                    targetRecord.restorePresenterView(presenterView)
                    container.removeFromSuperview()
                    if target !== leaving { targetRecord.container.removeFromSuperview() }
                }
                presenter.presentedStorage = nil
                target.presentingStorage = nil
                target.presentationRecord = nil
                leaving.presentingStorage = nil
                leaving.presentationRecord = nil
                controller.dismissalTransitionDidEnd(true)
                leaving.endAppearanceTransition()
                if removesPresenter { presenter.endAppearanceTransition() }
            } else {
                UIView.performWithoutAnimation {
                    if removesPresenter { presenterView.removeFromSuperview() } else { targetRecord.restorePresenterView(presenterView) }
                    if leavingView.superview !== container { container.addSubview(leavingView) }
                    leavingView.isHidden = false
                }
                controller.dismissalTransitionDidEnd(false)
                Self.reverseAppearance(arriving: removesPresenter ? presenter : nil, leaving: leaving)
            }
        }
        transition.afterEnd = { completed in
            if completed { completion?() }
        }
        transition.begin()
        controller.dismissalTransitionWillBegin()
        leaving.beginAppearanceTransition(false, animated: animated)
        if removesPresenter { presenter.beginAppearanceTransition(true, animated: animated) }
        transition.run()
    }
}
