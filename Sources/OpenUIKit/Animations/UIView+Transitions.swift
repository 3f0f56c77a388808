// UIView+Transitions: whole-view transitions — flips, page curls, cross-dissolve.
//
// Audited against: UIView docs — transition(with:duration:options:animations:completion:)
//   ("creates a transition animation for the specified container view"; the block makes the
//   changes), transition(from:to:duration:options:completion:) ("toView is added to fromView's
//   superview and fromView removed", or with showHideTransitionViews fromView hidden and toView
//   shown; the transition animates fromView's superview); the transition options
//   (transitionFlipFromLeft … transitionFlipFromBottom, transitionCurlUp "curls up from the
//   bottom", transitionCurlDown "curls down from the top", transitionCrossDissolve);
//   UIKIT_SEMANTICS §3.
// Status: complete. The looks are Core Animation transitions on the container's layer, as on
//   iOS, where UIKit uses Core Animation's private types "oglFlip", "pageCurl" and "pageUnCurl"
//   (the compositor draws them: docs/COMPOSITOR.md); cross-dissolve is the public "fade".

import Foundation
import KinemaSupport
import OpenQuartzCore

extension UIView {
    /// Runs `animations` (changes to `view`'s subtree) and shows them with the transition the
    /// options name, over `duration` seconds paced by the options' curve.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let block = transitionBlock(duration: duration, options: options, completion: completion)
        addTransition(to: view, block: block)
        animations?()
        block.close()
    }

    /// Replaces `fromView` by `toView` in `fromView`'s superview with the transition the options
    /// name (or hides `fromView` and shows `toView` with `showHideTransitionViews`).
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        let block = transitionBlock(duration: duration, options: options, completion: completion)
        guard let container = fromView.superview else {
            KinemaDiagnostics.emit("UIView.transition(from:to:)", "fromView has no superview; nothing to transition in")
            block.close()
            return
        }
        addTransition(to: container, block: block)
        if options.contains(.showHideTransitionViews) {
            fromView.isHidden = true
            toView.isHidden = false
        } else {
            container.insertSubview(toView, aboveSubview: fromView)
            fromView.removeFromSuperview()
        }
        block.close()
    }

    /// The Core Animation transition type and subtype for the options' transition bits.
    static func transitionType(for options: AnimationOptions) -> (CATransitionType, CATransitionSubtype?)? {
        switch options.transitionBits {
        case 1: (CATransitionType(rawValue: "oglFlip"), .fromLeft)
        case 2: (CATransitionType(rawValue: "oglFlip"), .fromRight)
        case 3: (CATransitionType(rawValue: "pageCurl"), .fromBottom)
        case 4: (CATransitionType(rawValue: "pageUnCurl"), .fromBottom)   // pageCurl from the bottom, reversed: the page comes down from the top
        case 5: (.fade, nil)
        case 6: (CATransitionType(rawValue: "oglFlip"), .fromTop)
        case 7: (CATransitionType(rawValue: "oglFlip"), .fromBottom)
        default: nil
        }
    }

    private static func transitionBlock(duration: TimeInterval, options: AnimationOptions,
                                        completion: ((Bool) -> Void)?) -> ViewAnimationBlock {
        let (duration, _) = checkedTiming(duration, 0, api: "UIView.transition")
        return ViewAnimationBlock(duration: duration, delay: 0, options: options,
                                  timing: .curve(options.curve.timingFunction), completion: completion)
    }

    private static func addTransition(to view: UIView, block: ViewAnimationBlock) {
        guard block.animates, let (type, subtype) = transitionType(for: block.options) else { return }
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        block.applyTiming(to: transition, on: view.layer)
        block.track(transition, on: view, layer: view.layer, key: kCATransition)
        view.layer.add(transition, forKey: kCATransition)
    }
}
