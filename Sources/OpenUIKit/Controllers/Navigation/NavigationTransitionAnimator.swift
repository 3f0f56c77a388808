// NavigationTransitionAnimator: UIKit's standard push and pop — the new screen slides in from the
// right over the old one, which drifts left under a darkening veil; a pop is the same backwards.
//
// Audited against: UIKIT_SEMANTICS §4.1, the "measured" row (JakeThomson/swift_transitions,
//   frame by frame against a native navigation stack on the iOS 27.0 simulator): no ease-in, the
//   remaining distance decays exponentially with τ = 61 ms over a 400 ms transition; the covered
//   screen travels 0.283–0.288 of the width on the same curve (lockstep; 0.29 here, the brief's
//   figure); the covered screen dimmed by black 0.109–0.118 × progress, linear in progress (0.115
//   here); pop = the same reversed. UIViewControllerAnimatedTransitioning docs
//   (interruptibleAnimator(using:) "must return the same animator object for the duration of the
//   transition").
// The curve: the normalised decay f(t) = (1 − e^(−t/τ)) / (1 − e^(−T/τ)), τ = 0.061 s, T = 0.4 s,
//   fitted by least squares over 2001 evenly spaced times with a cubic Bézier timing curve —
//   control points (0.1594, 1.0298) and (0.3700, 0.9855) (rounded to 4 places). Largest error
//   against the decay: 0.0012 of the distance (0.38 pt on a 320 pt screen), near t = 11 ms; at
//   t = τ the curve is at 0.6337 (the decay: 0.6330). The curve never exceeds 1. A critically
//   damped spring fitted to 400 ms (UIKit's 0.001 rule) with the decay's starting speed is 4×
//   further off (0.0048), so the cubic is used. Fit script: the numbers above were produced with
//   scipy's least_squares on that grid (not committed; its inputs are τ, T and the grid).
// Status: complete; the moving page's leading-edge shadow is a layer shadow of UNCONFIRMED
//   opacity and radius (`NavigationTransitionMetrics.shadowOpacity`, `shadowRadius`); the rounded
//   display corners are not drawn.

import Foundation
import OpenQuartzCore

/// The numbers of UIKit's standard navigation transition and its edge-swipe pop (UIKIT_SEMANTICS
/// §4.1, the measured row).
enum NavigationTransitionMetrics {
    /// The transition's length, seconds.
    static let duration: TimeInterval = 0.4
    /// The time constant of the exponential decay the curve follows, seconds.
    static let decayTimeConstant = 0.061
    /// The cubic Bézier control points fitted to the normalised decay (see the file header).
    static let controlPoint1 = CGPoint(x: 0.1594, y: 1.0298)
    static let controlPoint2 = CGPoint(x: 0.3700, y: 0.9855)
    /// The fit's largest error, as a fraction of the distance.
    static let curveFitMaxError = 0.0012
    /// How far the covered screen moves left, as a fraction of the width.
    static let parallax: CGFloat = 0.29
    /// The black veil's opacity over the covered screen when fully covered.
    static let dimming: CGFloat = 0.115
    /// The moving page's soft shadow on its leading edge: black, this opacity and blur radius,
    /// no offset (UNCONFIRMED: the measured row says only "soft leading-edge shadow").
    static let shadowOpacity: Float = 0.12
    static let shadowRadius: CGFloat = 6

    /// The edge swipe: the page stays still for the first 12 pt of the finger's travel, then lags
    /// it by 12 pt.
    static let swipeDeadZone: CGFloat = 12
    /// The release projects the page's position this far ahead at the finger's velocity, seconds.
    static let releaseProjection: CGFloat = 0.12
    /// The projected position, as a fraction of the width, beyond which the pop completes.
    static let commitFraction: CGFloat = 0.53
    /// The spring that finishes or cancels the swipe: ω 22, ζ 0.85, mass 1.
    static let releaseStiffness: CGFloat = 484
    static let releaseDamping: CGFloat = 37.4

    /// The curve of the standard transition.
    @MainActor
    static var timingParameters: UICubicTimingParameters {
        UICubicTimingParameters(controlPoint1: controlPoint1, controlPoint2: controlPoint2)
    }
}

/// UIKit's standard push and pop: one interruptible property animator (so an interactive pop
/// scrubs it), made on the first `interruptibleAnimator(using:)` and started by
/// `animateTransition(using:)`.
@MainActor
final class NavigationTransitionAnimator: UIViewControllerAnimatedTransitioning {
    let operation: UINavigationController.Operation
    private var animator: UIViewPropertyAnimator?

    init(operation: UINavigationController.Operation) {
        self.operation = operation
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        NavigationTransitionMetrics.duration
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        guard let animator = interruptibleAnimator(using: transitionContext) else { return }
        animator.startAnimation()
    }

    func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> (any UIViewImplicitlyAnimating)? {
        if let animator { return animator }
        let made = makeAnimator(transitionContext)
        animator = made
        return made
    }

    /// Puts the views where the transition starts and makes the animator that moves them.
    private func makeAnimator(_ context: any UIViewControllerContextTransitioning) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: NavigationTransitionMetrics.duration,
                                              timingParameters: NavigationTransitionMetrics.timingParameters)
        let container = context.containerView
        let bounds = container.bounds
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else {
            // Nothing to move: the transition completes when the (empty) animator does.
            animator.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
            return animator
        }
        let pushing = operation != .pop
        let aside = bounds.offsetBy(dx: -NavigationTransitionMetrics.parallax * bounds.width, dy: 0)
        let offscreen = bounds.offsetBy(dx: bounds.width, dy: 0)
        let covered = pushing ? fromView : toView
        let moving = pushing ? toView : fromView
        // The veil over the covered screen: it covers the container below the moving page (the
        // covered screen always reaches under the moving page, so the two look the same).
        let veil = UIView(frame: bounds)
        veil.backgroundColor = .black
        veil.isUserInteractionEnabled = false
        veil.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        // The moving page's shadow: a clear strip along the page's leading edge, just under the
        // page and moving with it, whose layer casts the shadow of its rectangle. Only the part left
        // of the page shows, and a strip 3 blur radii wide casts it as the whole page would (its far
        // edge adds < 0.2 % there) at a fraction of the blur's cost.
        let strip = 3 * NavigationTransitionMetrics.shadowRadius
        func shadowFrame(_ page: CGRect) -> CGRect { CGRect(x: page.minX, y: page.minY, width: strip, height: page.height) }
        let shadow = UIView(frame: shadowFrame(pushing ? offscreen : bounds))
        shadow.isUserInteractionEnabled = false
        shadow.layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: strip, height: bounds.height), transform: nil)
        shadow.layer.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        shadow.layer.shadowOpacity = NavigationTransitionMetrics.shadowOpacity
        shadow.layer.shadowRadius = NavigationTransitionMetrics.shadowRadius
        shadow.layer.shadowOffset = .zero
        UIView.performWithoutAnimation {
            if pushing {
                fromView.frame = bounds
                toView.frame = offscreen
                if fromView.superview !== container { container.addSubview(fromView) }
                container.addSubview(toView)
                veil.alpha = 0
            } else {
                toView.frame = aside
                fromView.frame = bounds
                if fromView.superview !== container { container.addSubview(fromView) }
                container.insertSubview(toView, belowSubview: fromView)
                veil.alpha = NavigationTransitionMetrics.dimming
            }
            container.insertSubview(veil, aboveSubview: covered)
            container.insertSubview(shadow, belowSubview: moving)
        }
        animator.addAnimations {
            if pushing {
                toView.frame = bounds
                fromView.frame = aside
                veil.alpha = NavigationTransitionMetrics.dimming
                shadow.frame = shadowFrame(bounds)
            } else {
                fromView.frame = offscreen
                toView.frame = bounds
                veil.alpha = 0
                shadow.frame = shadowFrame(offscreen)
            }
        }
        animator.addCompletion { [weak self] _ in
            // Both screens back at rest (the navigation controller removes the one not shown).
            UIView.performWithoutAnimation {
                veil.removeFromSuperview()
                shadow.removeFromSuperview()
                fromView.frame = bounds
                toView.frame = bounds
            }
            // The transition is over: let the property animator (whose completion holds the
            // context, which holds this animator) go.
            self?.animator = nil
            context.completeTransition(!context.transitionWasCancelled)
        }
        return animator
    }
}
