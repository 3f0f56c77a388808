// UIKit's own presentation animators, used when no transitioning delegate answers: cover
// vertical, cross dissolve, flip horizontal, partial curl, the page sheet — and the immediate
// "animator" of a change made with animated: false.
//
// Audited against: UIModalTransitionStyle docs (coverVertical "the view slides up from the
//   bottom of the screen. On dismissal, the view slides back down"; flipHorizontal "the current
//   view does a horizontal 3D flip from right-to-left … on dismissal, the flip occurs from
//   left-to-right"; crossDissolve "the current view fades out while the new view fades in at the
//   same time"; partialCurl "one corner of the current view curls up to reveal the presented view
//   underneath. On dismissal, the curled up page unfurls itself back on top of the presented
//   view"); UIKIT_SEMANTICS §3 (flip and curl looks; Kinema draws them as Core Animation's
//   "oglFlip" / "pageCurl" / "pageUnCurl" transitions) and §4.2 (page sheet spring; durations
//   UNCONFIRMED — `ModalTransitionMetrics` in UIViewController+Presentation.swift).
// Status: complete; none of these is interruptible (a custom animator can be).

import Foundation
import OpenQuartzCore

/// The animator of a change made without animation: the arriving view is put in place and the
/// transition completes at once.
@MainActor
final class ImmediateTransitionAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0 }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        UIView.performWithoutAnimation {
            if let to = transitionContext.viewController(forKey: .to), let toView = transitionContext.view(forKey: .to),
               toView.superview == nil {
                toView.frame = transitionContext.finalFrame(for: to)
                transitionContext.containerView.addSubview(toView)
            }
            transitionContext.view(forKey: .from)?.removeFromSuperview()
        }
        transitionContext.completeTransition(true)
    }
}

/// UIKit's full-screen presentation animations, by modal transition style.
@MainActor
final class ModalTransitionAnimator: UIViewControllerAnimatedTransitioning {
    let style: UIModalTransitionStyle
    let presenting: Bool

    init(style: UIModalTransitionStyle, presenting: Bool) {
        self.style = style
        self.presenting = presenting
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        switch style {
        case .coverVertical: ModalTransitionMetrics.coverVerticalDuration
        case .crossDissolve: ModalTransitionMetrics.crossDissolveDuration
        case .flipHorizontal: ModalTransitionMetrics.flipDuration
        case .partialCurl: ModalTransitionMetrics.partialCurlDuration
        }
    }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        let duration = transitionDuration(using: context)
        let container = context.containerView
        guard let fromVC = context.viewController(forKey: .from), let toVC = context.viewController(forKey: .to) else {
            context.completeTransition(false)
            return
        }
        let presented = presenting ? toVC : fromVC
        guard let presentedView = presenting ? context.view(forKey: .to) : context.view(forKey: .from) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        // The presenter's view when the animation moves it (full screen only; nil otherwise).
        let presenterView = presenting ? context.view(forKey: .from) : context.view(forKey: .to)
        let finalFrame = presenting ? context.finalFrame(for: presented) : context.initialFrame(for: presented)
        let finish = { (_: Bool) in context.completeTransition(!context.transitionWasCancelled) }

        switch style {
        case .coverVertical:
            let below = finalFrame.offsetBy(dx: 0, dy: container.bounds.height)
            if presenting {
                UIView.performWithoutAnimation {
                    presentedView.frame = below
                    container.addSubview(presentedView)
                }
                UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut],
                               animations: { presentedView.frame = finalFrame }, completion: finish)
            } else {
                UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut],
                               animations: { presentedView.frame = below }, completion: finish)
            }
        case .crossDissolve:
            if presenting {
                UIView.performWithoutAnimation {
                    presentedView.frame = finalFrame
                    presentedView.alpha = 0
                    container.addSubview(presentedView)
                }
                UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut],
                               animations: { presentedView.alpha = 1 }, completion: finish)
            } else {
                UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut],
                               animations: { presentedView.alpha = 0 }) { _ in
                    UIView.performWithoutAnimation { presentedView.alpha = 1 }
                    finish(true)
                }
            }
        case .flipHorizontal, .partialCurl:
            guard let presenterView else {
                // Not full screen: nothing to flip or curl against; a dissolve instead.
                ModalTransitionAnimator(style: .crossDissolve, presenting: presenting).animateTransition(using: context)
                return
            }
            // Both views take part: the presenter's view moves into the container for the
            // animation (it goes back where it was when the transition ends).
            let presenterFrame = container.convert(presenterView.bounds, from: presenterView)
            UIView.performWithoutAnimation {
                presenterView.frame = presenterFrame
                presentedView.frame = finalFrame
                if presenting {
                    container.addSubview(presenterView)
                } else {
                    container.insertSubview(presenterView, belowSubview: presentedView)
                    presenterView.isHidden = true
                }
                if presenting { container.addSubview(presentedView); presentedView.isHidden = true }
            }
            // A flip or curl turns the container's picture before the change into the one after
            // it, so the picture before must have reached the screen: a container made in this
            // turn has none yet. The animation starts at the turn after the container's commit
            // (a frame or two later).
            let animate = { [self] in
                if style == .flipHorizontal {
                    let options: UIView.AnimationOptions = [presenting ? .transitionFlipFromRight : .transitionFlipFromLeft,
                                                            .showHideTransitionViews, .curveEaseInOut]
                    let from = presenting ? presenterView : presentedView
                    let to = presenting ? presentedView : presenterView
                    UIView.transition(from: from, to: to, duration: duration, options: options) { _ in
                        UIView.performWithoutAnimation { from.isHidden = false }
                        finish(true)
                    }
                } else {
                    curl(container: container, presenterView: presenterView, presentedView: presentedView,
                         duration: duration, completion: finish)
                }
            }
            if presenting, let loop = HostRunLoop.current {
                // The first closure runs in the turn that commits the container; the second, a
                // turn later, after that commit.
                loop.schedule(at: -.infinity) {
                    loop.schedule(at: CACurrentMediaTime() + loop.frameInterval / 2) { animate() }
                }
            } else {
                animate()
            }
        }
    }

    /// The partial curl: presenting, the presenter's page curls up from the bottom and stays
    /// curled (`partialCurlProgress`) over the presented view; dismissing, it uncurls flat.
    private func curl(container: UIView, presenterView: UIView, presentedView: UIView, duration: TimeInterval,
                      completion: @escaping (Bool) -> Void) {
        let layer = container.layer
        let transition = CATransition()
        transition.duration = duration
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        transition.subtype = .fromBottom
        let progress = Float(ModalTransitionMetrics.partialCurlProgress)
        if presenting {
            transition.type = CATransitionType(rawValue: "pageCurl")
            transition.endProgress = progress
            transition.fillMode = .forwards
            transition.isRemovedOnCompletion = false
            CATransaction.begin()
            CATransaction.setCompletionBlock { completion(true) }
            layer.add(transition, forKey: ModalTransitionAnimator.curlKey)
            UIView.performWithoutAnimation {
                presenterView.isHidden = true
                presentedView.isHidden = false
            }
            CATransaction.commit()
        } else {
            layer.removeAnimation(forKey: ModalTransitionAnimator.curlKey)
            transition.type = CATransitionType(rawValue: "pageUnCurl")
            transition.startProgress = 1 - progress
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                UIView.performWithoutAnimation { presentedView.isHidden = false }
                completion(true)
            }
            layer.add(transition, forKey: ModalTransitionAnimator.curlKey)
            UIView.performWithoutAnimation {
                presentedView.isHidden = true
                presenterView.isHidden = false
            }
            CATransaction.commit()
        }
    }

    /// The key of the held partial curl on the container's layer.
    static let curlKey = "kinema.partialCurl"
}

/// The iOS 13+ page sheet's animation: the sheet slides up from the bottom on a critically
/// damped spring (the presenter behind it shrinks and dims alongside: SheetPresentationController),
/// and back down on dismissal.
@MainActor
final class SheetTransitionAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
    }

    private static var parameters: UISpringTimingParameters {
        UISpringTimingParameters(mass: SheetMetrics.springMass, stiffness: SheetMetrics.springStiffness,
                                 damping: SheetMetrics.springDamping, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        UIViewPropertyAnimator(duration: 0, timingParameters: Self.parameters).duration
    }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        let container = context.containerView
        guard let presented = context.viewController(forKey: presenting ? .to : .from),
              let sheet = context.view(forKey: presenting ? .to : .from) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let up = presenting ? context.finalFrame(for: presented) : context.initialFrame(for: presented)
        let down = CGRect(x: up.minX, y: container.bounds.maxY, width: up.width, height: up.height)
        if presenting {
            UIView.performWithoutAnimation {
                sheet.frame = down
                container.addSubview(sheet)
            }
        }
        let animator = UIViewPropertyAnimator(duration: transitionDuration(using: context), timingParameters: Self.parameters)
        animator.addAnimations { sheet.frame = self.presenting ? up : down }
        animator.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
        animator.startAnimation()
    }
}
