// UIPresentationController: where a presented controller's view goes, what surrounds it (a
// dimming view, say) and whether the presenter's view leaves the screen — and the controllers
// UIKit uses for its own styles (full screen, over full screen, the iOS 13+ page sheet).
//
// Audited against: UIPresentationController docs (init(presentedViewController:presenting:),
//   presentedViewController, presentingViewController, containerView "the view in which the
//   presentation occurs", presentedView, frameOfPresentedViewInContainerView (default: the
//   container's bounds), shouldRemovePresentersView (default false), shouldPresentInFullscreen
//   (default true), presentationStyle, presentationTransitionWillBegin(),
//   presentationTransitionDidEnd(_:), dismissalTransitionWillBegin(),
//   dismissalTransitionDidEnd(_:), containerViewWillLayoutSubviews(),
//   containerViewDidLayoutSubviews(); "Creating a custom presentation" (a dimming view inserted
//   in presentationTransitionWillBegin and faded with the transition coordinator));
//   UIKIT_SEMANTICS §4.2 (pageSheet, iOS 13–18 look: presenting view scaled ≈ 0.916 about its top
//   centre and pushed down, corner radius 12, overlay 0 → 10 % black, top gap 8 % of the height;
//   spring stiffness 522.35, mass 1, ζ 1).
// Choices (UNCONFIRMED; one place: `SheetMetrics`): the sheet's top at 8 % of the container's
//   height; the presenting view scaled 0.916 about its top centre with its top 10 pt above the
//   sheet's; both with 12 pt corners; the dim 10 % black; black behind the shrunken presenter
//   (a view inserted below it while the sheet is up).

import Foundation
import OpenQuartzCore

/// Manages a presentation's views beyond the animation: the presented view's frame, extra
/// views in the container, and what happens to the presenter's view.
@MainActor
open class UIPresentationController {
    /// The controller being presented.
    public let presentedViewController: UIViewController
    /// The controller presenting it.
    public let presentingViewController: UIViewController
    /// The view the presentation happens in (nil until the presentation starts).
    public internal(set) var containerView: UIView?

    /// A presentation controller for `presentedViewController`, presented by `presentingViewController`.
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
    }

    /// The view that is animated into place (default the presented controller's view).
    open var presentedView: UIView? { presentedViewController.view }
    /// The presented view's frame in the container at the end of the presentation (default the
    /// container's bounds).
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }
    /// Whether the presenter's view is removed when the presentation ends (default false).
    open var shouldRemovePresentersView: Bool { false }
    /// Whether the presentation covers the whole screen (default true).
    open var shouldPresentInFullscreen: Bool { true }
    /// The style of the presentation.
    open var presentationStyle: UIModalPresentationStyle { presentedViewController.modalPresentationStyle }

    /// Called before the presentation's animations start: add extra views here.
    open func presentationTransitionWillBegin() {}
    /// Called when the presentation ended, with whether it completed.
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// Called before the dismissal's animations start.
    open func dismissalTransitionWillBegin() {}
    /// Called when the dismissal ended, with whether it completed.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    /// Called before the container lays out its subviews.
    open func containerViewWillLayoutSubviews() {}
    /// Called after the container laid out its subviews.
    open func containerViewDidLayoutSubviews() {}
}

/// The view a presentation happens in: it covers the window and tells its presentation
/// controller when it lays out.
@MainActor
final class UITransitionView: UIView {
    weak var presentationController: UIPresentationController?

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}

/// `.fullScreen`: the presented view covers the container and the presenter's view leaves.
@MainActor
final class FullScreenPresentationController: UIPresentationController {
    override var shouldRemovePresentersView: Bool { true }
}

/// The numbers of the iOS 13–18 page sheet (UIKIT_SEMANTICS §4.2).
enum SheetMetrics {
    /// The sheet's top, as a fraction of the container's height.
    static let topFraction: CGFloat = 0.08
    /// The scale of the presenting view behind the sheet.
    static let presenterScale: CGFloat = 0.916
    /// How far above the sheet's top the scaled presenter's top shows.
    static let presenterPeek: CGFloat = 10
    /// Corner radius of the sheet and of the presenter behind it.
    static let cornerRadius: CGFloat = 12
    /// The black overlay's alpha over the presenter when the sheet is up.
    static let dimAlpha: CGFloat = 0.1
    /// The sheet's spring (Flutter's Cupertino sheet spring, critically damped).
    static let springMass: CGFloat = 1, springStiffness: CGFloat = 522.35, springDamping: CGFloat = 45.71
}

/// `.pageSheet` and `.formSheet` on a phone: the iOS 13+ card — the sheet slides up to near the
/// top, the presenter behind it shrinks back with rounded corners and dims.
@MainActor
final class SheetPresentationController: UIPresentationController {
    let dimmingView = UIView()
    /// Black behind the shrunken presenter (UIKit's window background shows there).
    let backdrop = UIView()
    private var savedPresenter: (transform: CGAffineTransform, cornerRadius: CGFloat, masksToBounds: Bool)?

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        let top = (bounds.height * SheetMetrics.topFraction).rounded()
        return CGRect(x: bounds.minX, y: bounds.minY + top, width: bounds.width, height: bounds.height - top)
    }

    /// The presenter's view transform while the sheet is up: scaled about its top centre, its
    /// top `presenterPeek` above the sheet's.
    func presenterTransform(for view: UIView) -> CGAffineTransform {
        let bounds = view.bounds
        let s = SheetMetrics.presenterScale
        let sheetTop = frameOfPresentedViewInContainerView.minY
        // The view's centre is at its middle: scaling about the centre moves the top down by
        // h(1 − s)/2; the rest of the way to `sheetTop − peek` is a translation.
        let topAfterScale = bounds.height * (1 - s) / 2
        let dy = sheetTop - SheetMetrics.presenterPeek - topAfterScale
        return CGAffineTransform(translationX: 0, y: dy).scaledBy(x: s, y: s)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        dimmingView.backgroundColor = UIColor.black.withAlphaComponent(SheetMetrics.dimAlpha)
        dimmingView.frame = containerView.bounds
        dimmingView.alpha = 0
        containerView.insertSubview(dimmingView, at: 0)
        let presenter: UIView = presentingViewController.view
        savedPresenter = (presenter.transform, presenter.layer.cornerRadius, presenter.layer.masksToBounds)
        UIView.performWithoutAnimation {
            presenter.layer.masksToBounds = true
            if let superview = presenter.superview {
                backdrop.backgroundColor = .black
                backdrop.frame = superview.bounds
                superview.insertSubview(backdrop, belowSubview: presenter)
            }
        }
        let transform = presenterTransform(for: presenter)
        alongsideTransition { [self] in
            dimmingView.alpha = 1
            presenter.transform = transform
            presenter.layer.cornerRadius = SheetMetrics.cornerRadius
        }
        presentedView?.layer.cornerRadius = SheetMetrics.cornerRadius
        presentedView?.layer.masksToBounds = true
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { restorePresenter() }
    }

    override func dismissalTransitionWillBegin() {
        let presenter: UIView = presentingViewController.view
        let saved = savedPresenter
        alongsideTransition { [self] in
            dimmingView.alpha = 0
            presenter.transform = saved?.transform ?? .identity
            presenter.layer.cornerRadius = saved?.cornerRadius ?? 0
        }
    }

    /// Runs `animations` alongside the running transition, or at once when there is none.
    private func alongsideTransition(_ animations: @escaping () -> Void) {
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { _ in animations() }, completion: nil)
        } else {
            animations()
        }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            restorePresenter()
            dimmingView.removeFromSuperview()
        } else {
            let presenter: UIView = presentingViewController.view
            UIView.performWithoutAnimation {
                dimmingView.alpha = 1
                presenter.transform = presenterTransform(for: presenter)
                presenter.layer.cornerRadius = SheetMetrics.cornerRadius
            }
        }
    }

    private func restorePresenter() {
        guard let saved = savedPresenter else { return }
        let presenter: UIView = presentingViewController.view
        UIView.performWithoutAnimation {
            presenter.transform = saved.transform
            presenter.layer.cornerRadius = saved.cornerRadius
            presenter.layer.masksToBounds = saved.masksToBounds
        }
        savedPresenter = nil
        dimmingView.removeFromSuperview()
        backdrop.removeFromSuperview()
    }

    override func containerViewWillLayoutSubviews() {
        guard let containerView else { return }
        dimmingView.frame = containerView.bounds
    }
}
