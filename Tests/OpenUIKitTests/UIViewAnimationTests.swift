// View animations against UIKit's rules (UIKIT_SEMANTICS §1, APPLE_SEMANTICS "UIView"): values
// sampled on the stage's manual clock.

import Foundation
import Kinema
import Testing

@MainActor
func viewStage(_ size: CGSize = CGSize(width: 400, height: 300)) -> (Stage, UIView) {
    let stage = Stage(size: size, scale: 1, threads: 1)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    view.backgroundColor = .red
    stage.withClock {
        stage.window.addSubview(view)
        stage.turn(to: 0)
    }
    return (stage, view)
}

@MainActor
func shown(_ view: UIView) -> CALayer {
    view.layer.presentation() ?? view.layer
}

@Suite("UIView animations")
@MainActor
struct UIViewAnimationTests {
    @Test("a view's layer does not animate outside a block (UIView returns NSNull as its layer's action)")
    func noImplicitAnimation() {
        let (stage, view) = viewStage()
        stage.withClock {
            stage.at(0.1) { view.center = CGPoint(x: 200, y: 50) }
            stage.turn(to: 0.1)
            stage.turn(to: 0.15)
            #expect(shown(view).position == CGPoint(x: 200, y: 50))
            #expect(view.layer.animationKeys() == nil || view.layer.animationKeys() == [])
        }
    }

    @Test("animate(withDuration:): ease in-out over the duration, additive position from old − new to zero (UIKIT_SEMANTICS §1.1)")
    func basicBlock() throws {
        let (stage, view) = viewStage()
        try stage.withClock {
            stage.at(0.1) { UIView.animate(withDuration: 1) { view.center = CGPoint(x: 250, y: 50) } }
            stage.turn(to: 0.1)
            #expect(view.center == CGPoint(x: 250, y: 50))
            let animation = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
            #expect(animation.isAdditive)
            #expect(animation.fromValue as? CGPoint == CGPoint(x: -200, y: 0))
            #expect(animation.toValue as? CGPoint == .zero)
            #expect(animation.fillMode == .both)
            stage.turn(to: 0.6)
            let ease = Double(CAMediaTimingFunction(name: .easeInEaseOut).value(at: 0.5))
            #expect(abs(Double(shown(view).position.x) - (50 + 200 * ease)) < 1e-6)
            stage.turn(to: 1.2)
            #expect(shown(view).position.x == 250)
        }
    }

    @Test("a second animation of a moving property is additive: no jump in position or velocity (ease in-out), both completions run with finished = true (UIKIT_SEMANTICS §1.1, WWDC14 236)")
    func additiveContinuity() {
        let (stage, view) = viewStage()
        var finished: [Bool] = []
        let h = 1e-4
        stage.withClock {
            stage.at(0) { UIView.animate(withDuration: 1, animations: { view.center.x = 250 }) { finished.append($0) } }
            stage.turn(to: 0)
            stage.turn(to: 0.5 - h)
            let before = shown(view).position.x
            stage.turn(to: 0.5)
            let at = shown(view).position.x
            UIView.animate(withDuration: 1, animations: { view.center.x = 350 }) { finished.append($0) }
            stage.turn(to: 0.5)
            // The new animation starts at the commit (this turn): position unchanged …
            #expect(abs(shown(view).position.x - at) < 1e-9)
            stage.turn(to: 0.5 + h)
            let after = shown(view).position.x
            // … and velocity too: the second delta starts at speed zero (ease in-out), so the
            // slope across the join is the first animation's (the curve's second derivative
            // bounds the difference by O(h)).
            let slopeBefore = (at - before) / h, slopeAfter = (after - at) / h
            #expect(abs(slopeAfter - slopeBefore) < 0.01 * abs(slopeBefore))
            #expect(view.layer.animationKeys()?.contains("position-2") == true)
            stage.turn(to: 1.6)
            #expect(shown(view).position.x == 350)
            stage.turn(to: 1.7)
        }
        #expect(finished == [true, true])
    }

    @Test("a delayed animation shows the old value until it starts (backwards fill)")
    func delayed() {
        let (stage, view) = viewStage()
        stage.withClock {
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
            stage.turn(to: 0.25)
            #expect(view.alpha == 0)
            #expect(shown(view).opacity == 1)
            stage.turn(to: 1.0)
            #expect(abs(shown(view).opacity - 0.5) < 1e-6)
        }
    }

    @Test("completion(finished:) is false when the animation is removed before its end")
    func removedCompletion() {
        let (stage, view) = viewStage()
        var result: Bool?
        stage.withClock {
            UIView.animate(withDuration: 1, animations: { view.center.x = 300 }) { result = $0 }
            stage.turn(to: 0.2)
            view.layer.removeAllAnimations()
            stage.turn(to: 0.3)
        }
        #expect(result == false)
    }

    @Test("a view removed from its window mid-animation: its animations stop, completion(finished: false); no trap")
    func removedMidAnimation() {
        let (stage, view) = viewStage()
        var result: Bool?
        stage.withClock {
            UIView.animate(withDuration: 1, animations: { view.alpha = 0 }) { result = $0 }
            stage.turn(to: 0.3)
            view.removeFromSuperview()
            stage.turn(to: 0.4)
            stage.step(to: 0.5)
        }
        #expect(result == false)
        #expect(view.layer.animationKeys() == nil)
    }

    @Test("a block that animates nothing (duration 0, or no change) completes at the next turn with finished = true")
    func emptyBlock() {
        let (stage, view) = viewStage()
        var results: [Bool] = []
        stage.withClock {
            UIView.animate(withDuration: 0, animations: { view.center.x = 300 }) { results.append($0) }
            #expect(results.isEmpty)
            #expect(view.layer.animationKeys() == nil || view.layer.animationKeys() == [])
            stage.turn(to: 0.01)
            #expect(results == [true])
            UIView.animate(withDuration: 1, animations: {}) { results.append($0) }
            stage.turn(to: 0.02)
            #expect(results == [true, true])
        }
    }

    @Test("layer properties set in a block animate with the block's timing (cornerRadius, backgroundColor)")
    func layerPropertiesInBlock() {
        let (stage, view) = viewStage()
        stage.withClock {
            UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: {
                view.layer.cornerRadius = 40
                view.backgroundColor = .blue
            })
            stage.turn(to: 0)
            stage.turn(to: 1)
            #expect(abs(shown(view).cornerRadius - 20) < 1e-6)
            let color = shown(view).backgroundColor?.components ?? []
            #expect(color.count == 4 && abs(color[0] - 0.5) < 0.01 && abs(color[2] - 0.5) < 0.01)
        }
    }

    @Test("frame in a block: position plus bounds.size, additive (the seed's styled button)")
    func frameInBlock() {
        let (stage, view) = viewStage()
        stage.withClock {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
                view.center = CGPoint(x: 200, y: 150)
            })
            let keys = Set(view.layer.animationKeys() ?? [])
            #expect(keys.contains("position") && keys.contains("bounds.size") && keys.contains("position-2"))
            stage.turn(to: 0)
            stage.turn(to: 0.5)
            #expect(abs(shown(view).bounds.width - 80) < 1e-6)
            #expect(abs(shown(view).position.x - 125) < 1e-6)
        }
    }

    @Test("a nested block inherits the outer duration and curve unless it overrides them")
    func nestedInheritance() throws {
        let (stage, view) = viewStage()
        let other = UIView(frame: CGRect(x: 0, y: 200, width: 10, height: 10))
        try stage.withClock {
            stage.window.addSubview(other)
            stage.turn(to: 0)
            UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: {
                view.center.x = 300
                UIView.animate(withDuration: 0.5) { other.center.x = 300 }
                UIView.animate(withDuration: 0.5, delay: 0, options: [.overrideInheritedDuration, .overrideInheritedCurve], animations: { other.alpha = 0 })
            })
            let inherited = try #require(other.layer.animation(forKey: "position"))
            #expect(inherited.duration == 2)
            #expect(inherited.timingFunction == CAMediaTimingFunction(name: .linear))
            let own = try #require(other.layer.animation(forKey: "opacity"))
            #expect(own.duration == 0.5)
            #expect(own.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        }
    }

    @Test("the spring form adds a CASpringAnimation fitted to the duration (UIKIT_SEMANTICS §1.4: D 0.5, ζ 0.7 → k 387.3, c 27.55)")
    func springBlock() throws {
        let (stage, view) = viewStage()
        try stage.withClock {
            UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0, options: [], animations: {
                view.center.x = 300
            })
            let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
            #expect(spring.mass == 1)
            #expect(abs(spring.stiffness - 387.3) < 0.1)
            #expect(abs(spring.damping - 27.55) < 0.01)
            #expect(spring.duration == 0.5)
            #expect(spring.isAdditive)
            stage.turn(to: 0)
            stage.turn(to: 0.6)
            #expect(shown(view).position.x == 300)
        }
    }

    @Test("repeat + autoreverse: the animation repeats forever and reverses; the model holds the new value")
    func repeatAutoreverse() throws {
        let (stage, view) = viewStage()
        try stage.withClock {
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear], animations: { view.alpha = 0 })
            let animation = try #require(view.layer.animation(forKey: "opacity"))
            #expect(animation.repeatCount == .infinity && animation.autoreverses)
            stage.turn(to: 0)
            stage.turn(to: 1.5)
            #expect(abs(shown(view).opacity - 0.5) < 1e-6)
            stage.turn(to: 10.25)
            #expect(abs(shown(view).opacity - 0.75) < 1e-6)
        }
    }

    @Test("performWithoutAnimation and setAnimationsEnabled(false): changes apply at once, completion still runs")
    func disabled() {
        let (stage, view) = viewStage()
        var done = false
        stage.withClock {
            UIView.animate(withDuration: 1, animations: {
                UIView.performWithoutAnimation { view.center.x = 300 }
            }) { done = $0 }
            #expect(view.layer.animationKeys() == nil || view.layer.animationKeys() == [])
            UIView.setAnimationsEnabled(false)
            #expect(!UIView.areAnimationsEnabled)
            UIView.animate(withDuration: 1) { view.alpha = 0.5 }
            UIView.setAnimationsEnabled(true)
            #expect(view.layer.animationKeys() == nil || view.layer.animationKeys() == [])
            stage.turn(to: 0.1)
        }
        #expect(done)
    }

    @Test("bad timing: NaN and infinite durations, negative delays — a diagnostic and no animation or a zero delay, never a trap")
    func badTiming() {
        let (stage, view) = viewStage()
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                UIView.animate(withDuration: .nan) { view.center.x = 10 }
                UIView.animate(withDuration: .infinity) { view.center.x = 20 }
                UIView.animate(withDuration: 1, delay: -3, options: [], animations: { view.center.x = 30 })
                UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: .nan, initialSpringVelocity: .infinity, options: [], animations: { view.center.x = 40 })
                view.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
            }
        }
        #expect(diagnostics.count >= 5)
        #expect(view.center.x == 40)
    }
}
