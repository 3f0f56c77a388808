// Keyframe view animations, the begin/commit API and view transitions, against UIKit's rules.

import Foundation
import Kinema
@testable import OpenUIKit
import Testing

@Suite("UIView keyframes, legacy animations, transitions")
@MainActor
struct UIViewKeyframeAndLegacyTests {
    @Test("animateKeyframes: each addKeyframe runs over its relative span; values hold between spans (linear curve)")
    func keyframes() throws {
        let (stage, view) = viewStage()
        try stage.withClock {
            let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: linear, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { view.center.x = 150 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 250 }
            })
            let animation = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
            #expect(animation.keyTimes?.map(\.doubleValue) == [0, 0.25, 0.5, 1])
            #expect(animation.values?.compactMap { ($0 as? CGPoint)?.x } == [50, 150, 150, 250])
            stage.turn(to: 0)
            stage.turn(to: 0.25)
            #expect(abs(shown(view).position.x - 100) < 1e-6)
            stage.turn(to: 0.75)
            #expect(abs(shown(view).position.x - 150) < 1e-6)
            stage.turn(to: 1.5)
            #expect(abs(shown(view).position.x - 200) < 1e-6)
            stage.turn(to: 2.1)
            #expect(shown(view).position.x == 250)
        }
    }

    @Test("keyframes: discrete mode holds each value from its start; the default curve is ease in-out over the whole")
    func keyframeModes() throws {
        let (stage, view) = viewStage()
        try stage.withClock {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModeDiscrete, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0.2 }
            })
            let animation = try #require(view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
            #expect(animation.calculationMode == .discrete)
            #expect(animation.keyTimes?.count == (animation.values?.count ?? 0) + 1)
            #expect(animation.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        }
    }

    @Test("addKeyframe outside animateKeyframes: a diagnostic, the change made without animation")
    func strayKeyframe() {
        let (stage, view) = viewStage()
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0.5 }
            }
        }
        #expect(diagnostics.count == 1)
        #expect(view.alpha == 0.5)
        #expect(view.layer.animationKeys() == nil || view.layer.animationKeys() == [])
    }

    @Test("beginAnimations/commitAnimations: 0.2 s ease in-out by default (UIView.h); setters apply; the did-stop closure gets the ID and finished")
    func legacy() throws {
        let (stage, view) = viewStage()
        var stopped: (String?, Bool)?
        try stage.withClock {
            UIView.beginAnimations("move", context: nil)
            view.center.x = 150
            UIView.setAnimationDuration(1)
            UIView.setAnimationCurve(.linear)
            UIView.setAnimationRepeatCount(1.5)
            UIView.setAnimationDidStop { id, finished, _ in stopped = (id, finished) }
            view.alpha = 0
            UIView.commitAnimations()
            let first = try #require(view.layer.animation(forKey: "position"))
            #expect(first.duration == 0.2)
            #expect(first.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
            let second = try #require(view.layer.animation(forKey: "opacity"))
            #expect(second.duration == 1 && second.repeatCount == 1.5)
            #expect(second.timingFunction == CAMediaTimingFunction(name: .linear))
            stage.turn(to: 0)
            stage.turn(to: 2)
        }
        #expect(stopped?.0 == "move" && stopped?.1 == true)
    }

    @Test("commitAnimations without beginAnimations and setters outside a block: diagnostics, nothing else")
    func legacyMisuse() {
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            UIView.commitAnimations()
            UIView.setAnimationDuration(3)
        }
        #expect(diagnostics.count == 2)
    }

    @Test("transition(with:): a CATransition of the option's type on the container's layer under kCATransition, paced by the curve")
    func transitionWith() throws {
        let (stage, view) = viewStage()
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        var done: Bool?
        try stage.withClock {
            view.addSubview(child)
            stage.turn(to: 0)
            UIView.transition(with: view, duration: 0.5, options: [.transitionFlipFromLeft, .curveEaseIn], animations: {
                child.isHidden = true
            }) { done = $0 }
            let transition = try #require(view.layer.animation(forKey: kCATransition) as? CATransition)
            #expect(transition.type.rawValue == "oglFlip" && transition.subtype == .fromLeft)
            #expect(transition.duration == 0.5)
            #expect(transition.timingFunction == CAMediaTimingFunction(name: .easeIn))
            #expect(child.isHidden)
            stage.turn(to: 0.1)
            stage.turn(to: 0.7)
        }
        #expect(done == true)
    }

    @Test("every transition option maps to a transition type (flips, curls, cross-dissolve); none adds nothing")
    func transitionTypes() {
        let names = [UIView.AnimationOptions.transitionFlipFromLeft, .transitionFlipFromRight, .transitionCurlUp, .transitionCurlDown,
                     .transitionCrossDissolve, .transitionFlipFromTop, .transitionFlipFromBottom].compactMap {
            UIView.transitionType(for: $0).map { "\($0.0.rawValue)/\($0.1?.rawValue ?? "-")" }
        }
        #expect(names == ["oglFlip/fromLeft", "oglFlip/fromRight", "pageCurl/fromBottom", "pageUnCurl/fromBottom",
                          "fade/-", "oglFlip/fromTop", "oglFlip/fromBottom"])
        #expect(UIView.transitionType(for: []) == nil)
    }

    @Test("transition(from:to:): toView replaces fromView in the superview, or with showHideTransitionViews they swap visibility")
    func transitionFromTo() {
        let (stage, view) = viewStage()
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let c = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.withClock {
            view.addSubview(a)
            UIView.transition(from: a, to: b, duration: 0.3, options: .transitionCrossDissolve)
            #expect(a.superview == nil && b.superview === view)
            view.addSubview(c)
            c.isHidden = true
            UIView.transition(from: b, to: c, duration: 0.3, options: [.transitionCurlUp, .showHideTransitionViews])
            #expect(b.superview === view && b.isHidden && !c.isHidden)
        }
    }
}
