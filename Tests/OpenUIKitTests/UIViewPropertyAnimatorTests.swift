// UIViewPropertyAnimator against UIKit's state machine (UIKIT_SEMANTICS §2.1, seed 001's observed
// sequence) and motion rules (§2.2–2.4): state and isRunning after every call in every state,
// completions and positions, and presentation values sampled on the stage's manual clock.
//
// Tolerances: values the animator computes in closed form are compared within 1e-6 pt (the
// layer animation and the animator evaluate the same expression; the slack covers Float speeds
// and the curve solver). Velocities are finite differences over h = 1e-4 s, compared within 2 %.

import Foundation
import Kinema
import KinemaTiming
import Testing

@Suite("UIViewPropertyAnimator: motion")
@MainActor
struct UIViewPropertyAnimatorMotionTests {
    @Test("curves: the presentation follows the animator's cubic curve exactly (named and control points)")
    func curves() {
        let (stage, view) = viewStage()
        stage.withClock {
            let a = UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 0.65, y: -0.55), controlPoint2: CGPoint(x: 0.27, y: 1.55)) {
                view.center.x = 250
            }
            a.startAnimation()
            let f = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)
            for t in [0.1, 0.3, 0.5, 0.8] {
                stage.turn(to: t)
                #expect(abs(shownX(view) - (50 + 200 * f.value(at: t))) < 1e-6)
                #expect(abs(a.fractionComplete - t) < 1e-9)
            }
        }
    }

    @Test("reversal mid-flight retraces the path: with ease in-out, the value 0.1 s after turning equals the value 0.1 s before (within 1e-6 pt); springs too")
    func reversalRetraces() {
        for spring in [false, true] {
            let (stage, view) = viewStage()
            stage.withClock {
                let a = spring
                    ? UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5) { view.center.x = 250 }
                    : UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 250 }
                var position: UIViewAnimatingPosition?
                a.addCompletion { position = $0 }
                a.startAnimation()
                var before: [Double] = []
                for k in 0...5 {
                    stage.turn(to: 0.1 * Double(k) + 0.1)
                    before.append(shownX(view))
                }
                // At 0.6: turn round.
                a.isReversed = true
                #expect(abs(a.fractionComplete - 0.4) < 1e-9)   // measured in the running direction
                for k in 1...5 {
                    stage.turn(to: 0.6 + 0.1 * Double(k))
                    #expect(abs(shownX(view) - before[5 - k]) < 1e-6, "spring \(spring), k \(k)")
                }
                stage.turn(to: 1.2)
                #expect(position == .start)
                #expect(view.center.x == 50 && shownX(view) == 50)
            }
        }
    }

    @Test("scrubbing: with ease-in, fractionComplete = 0.5 while paused puts the value at the linear midpoint (scrubsLinearly) or on the curve (false); continuing keeps position and ends on time")
    func scrubbing() {
        let ease = CAMediaTimingFunction(name: .easeIn)
        for linear in [true, false] {
            let (stage, view, a) = movingView(.easeIn)
            var endedAt: Double?
            a.addCompletion { _ in endedAt = stage.time }
            stage.withClock {
                a.scrubsLinearly = linear
                a.pauseAnimation()
                a.fractionComplete = 0.5
                stage.turn(to: 0.125)
                let expected = linear ? 150 : 50 + 200 * ease.value(at: 0.5)
                #expect(abs(shownX(view) - expected) < 1e-6)
                #expect(a.fractionComplete == 0.5)
                a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
                stage.turn(to: 0.125 + 1e-4)
                #expect(abs(shownX(view) - expected) < 0.05)    // no jump: ≤ the motion of 0.1 ms
                stage.turn(to: 0.375)
                if !linear {
                    // On the curve: the original motion resumes exactly.
                    #expect(abs(shownX(view) - (50 + 200 * ease.value(at: 0.75))) < 1e-6)
                } else {
                    // The rest of the curve, rescaled to start at the scrubbed value.
                    let g = ease.value(at: 0.5)
                    let p = (0.5 - g) / (1 - g) + (1 - (0.5 - g) / (1 - g)) * ease.value(at: 0.75)
                    #expect(abs(shownX(view) - (50 + 200 * p)) < 1e-6)
                }
                stage.turn(to: 0.62)
                #expect(endedAt == nil)
                stage.turn(to: 0.625)
            }
            #expect(endedAt == 0.625)
        }
    }

    @Test("grabbing a spring mid-flight (seed 003's pan): paused, fractionComplete reads the distance covered, so setting it back moves nothing; continuing from there has no jump")
    func grabSpring() {
        let (stage, view) = viewStage()
        stage.withClock {
            let a = UIViewPropertyAnimator(duration: 1, dampingRatio: 1) { view.center.x = 250 }
            a.startAnimation()
            stage.turn(to: 0.2)
            let before = shownX(view)
            a.pauseAnimation()
            let progress = a.fractionComplete
            #expect(abs(Double(progress) - (before - 50) / 200) < 1e-9)
            #expect(progress > 0.3)                 // a spring is well ahead of its time fraction
            a.fractionComplete = progress
            stage.turn(to: 0.3)
            #expect(abs(shownX(view) - before) < 1e-9)
            a.fractionComplete = progress + 0.1     // the finger moves on
            stage.turn(to: 0.4)
            let scrubbed = shownX(view)
            #expect(abs(scrubbed - (before + 20)) < 1e-6)
            a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            stage.turn(to: 0.4 + 1e-4)
            #expect(abs(shownX(view) - scrubbed) < 0.05)
            stage.turn(to: 2)
            #expect(a.state == .inactive && shownX(view) == 250)
        }
    }

    @Test("a physical spring scrubbed off its path restarts from the scrubbed value and the animator ends when it settles (no jump at the end)")
    func physicalSpringAfterScrub() {
        let (stage, view) = viewStage()
        var endedAt: Double?
        stage.withClock {
            let parameters = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: .zero)
            let a = UIViewPropertyAnimator(duration: 0.3, timingParameters: parameters)
            a.addAnimations { view.center.x = 250 }
            a.addCompletion { _ in endedAt = stage.time }
            let settle = Spring(mass: 1, stiffness: 100, damping: 20).settlingDuration
            #expect(abs(a.duration - settle) < 1e-12)
            a.fractionComplete = 0.5
            stage.turn(to: 0.25)
            #expect(abs(shownX(view) - 150) < 1e-6)
            a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            stage.turn(to: 0.25 + 1e-4)
            #expect(abs(shownX(view) - 150) < 0.01)            // from rest: no jump
            stage.turn(to: 0.25 + settle - 0.01)
            #expect(endedAt == nil)
            #expect(abs(shownX(view) - 250) < 0.5)             // settled to within 0.5 % of the rest
            stage.turn(to: 0.25 + settle + 0.01)
            #expect(a.state == .inactive && shownX(view) == 250)
        }
        #expect(endedAt != nil)
    }

    @Test("continueAnimation(durationFactor:): 0 takes the time left at the original pace; 2 takes twice the original duration; new cubic timing runs from where it is")
    func continueDurations() {
        for (factor, end) in [(0.0, 1.125), (2.0, 2.625)] {
            let (stage, view, a) = movingView()
            var endedAt: Double?
            a.addCompletion { _ in endedAt = stage.time }
            stage.withClock {
                a.startAnimation()
                stage.turn(to: 0.5)
                a.pauseAnimation()
                stage.turn(to: 0.625)
                a.continueAnimation(withTimingParameters: nil, durationFactor: CGFloat(factor))
                stage.turn(to: (0.625 + end) / 2)
                #expect(abs(shownX(view) - 200) < 1e-6)   // linear: halfway through the rest
                stage.turn(to: end - 0.01)
                #expect(endedAt == nil)
                stage.turn(to: end)
            }
            #expect(endedAt == end)
        }
        let (stage, view, a) = movingView()
        stage.withClock {
            a.startAnimation()
            stage.turn(to: 0.5)
            a.pauseAnimation()
            a.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .easeOut), durationFactor: 1)
            stage.turn(to: 1)
            let ease = CAMediaTimingFunction(name: .easeOut)
            #expect(abs(shownX(view) - (150 + 100 * ease.value(at: 0.5))) < 1e-6)
            stage.turn(to: 1.5)
            #expect(a.state == .inactive && shownX(view) == 250)
        }
    }

    @Test("spring continuation: a linear scrub at 200 pt/s, then continue with a spring whose initialVelocity is that speed over the remaining distance — the slope is the same across the join (within 2 %)")
    func springVelocityContinuity() {
        let (stage, view) = viewStage()
        stage.withClock {
            let a = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 250 }
            a.pauseAnimation()
            // Scrub at 1 fraction per second (200 pt/s) from 0.3 to 0.4, a step a millisecond.
            var t = 0.3, previous = 0.0, at = 0.0
            for i in 0...100 {
                t = 0.3 + Double(i) / 1000
                stage.turn(to: t)
                a.fractionComplete = CGFloat(t)
                stage.turn(to: t)
                previous = at
                at = shownX(view)
            }
            let slopeBefore = (at - previous) / 0.001
            #expect(abs(slopeBefore - 200) < 1e-6)
            #expect(abs(at - 130) < 1e-6)
            let h = 1e-4
            let velocity = CGVector(dx: 1 / 0.6, dy: 0)   // 1 per second over the remaining 0.6
            a.continueAnimation(withTimingParameters: UISpringTimingParameters(dampingRatio: 1, initialVelocity: velocity), durationFactor: 0)
            stage.turn(to: t + h)
            let slopeAfter = (shownX(view) - at) / h
            #expect(abs(slopeAfter - slopeBefore) < 0.02 * slopeBefore)
            stage.turn(to: 1.0)
            #expect(a.state == .inactive && shownX(view) == 250)
        }
    }

    @Test("continuing a running animator with a spring keeps its speed: a linear 200 pt/s motion continued with a critically damped spring leaves at 200 pt/s (within 2 %) and settles at the end")
    func runningSpringContinuation() {
        let (stage, view, a) = movingView()
        let h = 1e-4
        stage.withClock {
            a.startAnimation()
            stage.turn(to: 0.5)
            let at = shownX(view)
            a.continueAnimation(withTimingParameters: UISpringTimingParameters(dampingRatio: 1), durationFactor: 0)
            expectState(a, .active, running: true)
            stage.turn(to: 0.5 + h)
            let slope = (shownX(view) - at) / h
            #expect(abs(slope - 200) < 0.02 * 200)
            stage.turn(to: 1)
            #expect(a.state == .inactive && shownX(view) == 250)
        }
    }

    @Test("several animators on one view: a spring frame animator and a linear cornerRadius animator together, as the seed's card; each completes with .end")
    func severalAnimators() throws {
        let (stage, view) = viewStage()
        var positions: [UIViewAnimatingPosition] = []
        try stage.withClock {
            let frame = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 1) { view.frame.origin.y = 150 }
            let corner = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { view.layer.cornerRadius = 12 }
            frame.addCompletion { positions.append($0) }
            corner.addCompletion { positions.append($0) }
            frame.startAnimation()
            corner.startAnimation()
            stage.turn(to: 0.25)
            let spring = Spring(dampingRatio: 1, duration: 0.5)
            #expect(abs(Double(shown(view).position.y) - (50 + 150 * spring.value(at: 0.25))) < 1e-6)
            #expect(abs(shown(view).cornerRadius - 6) < 1e-6)
            // Pause both, scrub both, continue both (the seed's pan).
            frame.pauseAnimation()
            corner.pauseAnimation()
            frame.fractionComplete = 0.8
            corner.fractionComplete = 0.8
            stage.turn(to: 0.3)
            #expect(abs(Double(shown(view).position.y) - (50 + 150 * 0.8)) < 1e-6)
            #expect(abs(shown(view).cornerRadius - 9.6) < 1e-6)
            frame.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            corner.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            stage.turn(to: 0.45)
            #expect(frame.state == .inactive && corner.state == .inactive)
            let layer = try #require(view.layer.presentation())
            #expect(layer.position.y == 200 && layer.cornerRadius == 12)
        }
        #expect(positions == [.end, .end])
    }

    @Test("a new animator started while another runs on the same property adds to it: no jump, both complete with .end at their own times")
    func interruption() {
        let (stage, view) = viewStage()
        var positions: [UIViewAnimatingPosition] = []
        stage.withClock {
            let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 250 }
            a.addCompletion { positions.append($0) }
            a.startAnimation()
            stage.turn(to: 0.5)
            let before = shownX(view)
            let b = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 350 }
            b.addCompletion { positions.append($0) }
            b.startAnimation()
            stage.turn(to: 0.5)
            #expect(abs(shownX(view) - before) < 1e-9)
            stage.turn(to: 0.75)
            let ease = CAMediaTimingFunction(name: .easeInEaseOut)
            #expect(abs(shownX(view) - (350 - 50 - 100 * (1 - ease.value(at: 0.25)))) < 1e-6)
            stage.turn(to: 1)
            #expect(positions == [.end])
            stage.turn(to: 1.5)
            #expect(shownX(view) == 350)
        }
        #expect(positions == [.end, .end])
    }

    @Test("addAnimations while running: the new block runs over the remaining time; addAnimations(_:delayFactor:) on an inactive animator starts that far in")
    func addAnimations() {
        let (stage, view, a) = movingView()
        stage.withClock {
            a.startAnimation()
            stage.turn(to: 0.5)
            a.addAnimations { view.alpha = 0 }
            stage.turn(to: 0.75)
            #expect(abs(shown(view).opacity - 0.5) < 1e-6)
            stage.turn(to: 1)
            #expect(a.state == .inactive && view.alpha == 0)
            let b = UIViewPropertyAnimator(duration: 1, curve: .linear)
            b.addAnimations({ view.center.x = 50 }, delayFactor: 0.5)
            b.addAnimations { view.alpha = 1 }
            b.startAnimation()
            stage.turn(to: 1.25)
            #expect(shownX(view) == 250)
            #expect(abs(shown(view).opacity - 0.25) < 1e-6)
            stage.turn(to: 1.75)
            #expect(abs(shownX(view) - 150) < 1e-6)
            stage.turn(to: 2)
            #expect(shownX(view) == 50 && b.state == .inactive)
        }
    }

    @Test("runningPropertyAnimator: starts at once (after its delay), the options' curve, completion with .end")
    func runningAnimator() {
        let (stage, view) = viewStage()
        var position: UIViewAnimatingPosition?
        stage.withClock {
            let a = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.5, options: [.curveEaseOut], animations: {
                view.center.x = 250
            }, completion: { position = $0 })
            expectState(a, .active, running: true)
            #expect(a.delay == 0.5)
            stage.turn(to: 0.25)
            #expect(shownX(view) == 50)
            stage.turn(to: 1)
            #expect(abs(shownX(view) - (50 + 200 * CAMediaTimingFunction(name: .easeOut).value(at: 0.5))) < 1e-6)
            stage.turn(to: 1.5)
        }
        #expect(position == .end)
    }
}

@Suite("UIViewPropertyAnimator: timing parameters and bad input")
@MainActor
struct UIViewPropertyAnimatorInputTests {
    @Test("UIKit's raw values and the timing parameter objects")
    func values() {
        #expect(UIViewAnimatingState.inactive.rawValue == 0 && UIViewAnimatingState.active.rawValue == 1 && UIViewAnimatingState.stopped.rawValue == 2)
        #expect(UIViewAnimatingPosition.end.rawValue == 0 && UIViewAnimatingPosition.start.rawValue == 1 && UIViewAnimatingPosition.current.rawValue == 2)
        #expect(UITimingCurveType.builtin.rawValue == 0 && UITimingCurveType.composed.rawValue == 3)
        let easeIn = UICubicTimingParameters(animationCurve: .easeIn)
        #expect(easeIn.timingCurveType == .builtin)
        #expect(abs(easeIn.controlPoint1.x - 0.42) < 1e-6 && easeIn.controlPoint2 == CGPoint(x: 1, y: 1))
        let custom = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.1, y: 0.2), controlPoint2: CGPoint(x: 0.3, y: 0.4))
        #expect(custom.timingCurveType == .cubic && custom.springTimingParameters == nil)
        let spring = UISpringTimingParameters(dampingRatio: 0.7, initialVelocity: CGVector(dx: 2, dy: 0))
        #expect(spring.timingCurveType == .spring && spring.initialVelocity.dx == 2 && spring.cubicTimingParameters == nil)
        let physical = UIViewPropertyAnimator(duration: 5, timingParameters: UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: .zero))
        #expect(abs(physical.duration - Spring(mass: 1, stiffness: 100, damping: 10).settlingDuration) < 1e-9)
        let bounce = UIViewPropertyAnimator(duration: 1, timingParameters: UISpringTimingParameters(duration: 0.5, bounce: 0.2))
        #expect(bounce.duration > 0.5)
        let animator = UIViewPropertyAnimator(duration: 0.4, curve: .easeOut)
        #expect(animator.isInterruptible && animator.isUserInteractionEnabled && animator.scrubsLinearly)
        #expect(!animator.pausesOnCompletion && !animator.isManualHitTestingEnabled && animator.delay == 0)
        #expect((animator.timingParameters as? UICubicTimingParameters)?.animationCurve == .easeOut)
    }

    @Test("NaN / ∞ / negative durations, delays, fractions, factors and velocities: a diagnostic each and a sane value, never a trap")
    func badInput() {
        let (stage, view) = viewStage()
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                let a = UIViewPropertyAnimator(duration: .nan, curve: .linear) { view.center.x = 150 }   // 1
                #expect(a.duration == 0)
                a.startAnimation(afterDelay: -1)                                                          // 2
                stage.turn(to: 0.01)
                #expect(a.state == .inactive && shownX(view) == 150)
                let b = UIViewPropertyAnimator(duration: -2, dampingRatio: .nan) { view.alpha = 0.5 }      // 3, 4
                #expect(b.duration == 0)
                let c = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 250 }
                c.pauseAnimation()
                c.fractionComplete = .nan                                                                 // 5
                c.fractionComplete = 7                                                                    // clamped, no diagnostic
                #expect(c.fractionComplete == 1)
                c.addAnimations({ view.alpha = 0.2 }, delayFactor: .infinity)                             // 6
                c.continueAnimation(withTimingParameters: UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: CGFloat.nan, dy: 0)),
                                    durationFactor: -1)                                                   // 7, 8
                c.startAnimation(afterDelay: .infinity)                                                   // 9 (running: no change)
                stage.turn(to: 0.5)
                let d = UIViewPropertyAnimator(duration: .infinity, curve: .easeIn)                        // 10
                #expect(d.duration == 0)
                UIViewPropertyAnimator(duration: 1, curve: .linear).continueAnimation(withTimingParameters: nil, durationFactor: 1)   // 11
                stage.turn(to: 2)
                #expect(c.state == .inactive && shownX(view) == 250)
            }
        }
        #expect(diagnostics.count == 11)
        #expect(diagnostics.allSatisfy { $0.domain == "UIViewPropertyAnimator" || $0.domain == "UISpringTimingParameters" })
    }
}

@Suite("UIViewPropertyAnimator: interruptibility")
@MainActor
struct UIViewPropertyAnimatorInterruptibleTests {
    @Test("isInterruptible false: pause, scrub, reverse and continue are ignored with diagnostics and it runs to its end; runningPropertyAnimator inside UIView.animate inherits the block's duration and is not interruptible")
    func notInterruptible() {
        let (stage, view, a) = movingView()
        var positions: [UIViewAnimatingPosition] = []
        a.addCompletion { positions.append($0) }
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                a.isInterruptible = false
                a.startAnimation()
                stage.turn(to: 0.5)
                a.pauseAnimation()
                a.isReversed = true
                a.continueAnimation(withTimingParameters: nil, durationFactor: 3)
                expectState(a, .active, running: true)
                stage.turn(to: 1)
                var nested: UIViewPropertyAnimator?
                UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: {
                    nested = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0, options: [], animations: {
                        view.alpha = 0
                    })
                })
                #expect(nested?.duration == 2 && nested?.isInterruptible == false)
                stage.turn(to: 2)
                #expect(abs(shown(view).opacity - 0.5) < 1e-6)
                stage.turn(to: 3)
                #expect(nested?.state == .inactive)
            }
        }
        #expect(diagnostics.count == 3)
        #expect(positions == [.end])
    }
}

@Suite("UIViewPropertyAnimator: views and layers")
@MainActor
struct UIViewPropertyAnimatorViewTests {
    @Test("one block changing a view's frame and colour and its layer's cornerRadius: scrubbed together, finished at .current with the values shown")
    func viewAndLayerProperties() throws {
        let (stage, view) = viewStage()
        try stage.withClock {
            let a = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) {
                view.frame = CGRect(x: 100, y: 0, width: 200, height: 100)
                view.backgroundColor = .blue
                view.layer.cornerRadius = 20
            }
            a.fractionComplete = 0.25
            stage.turn(to: 0.1)
            let layer = try #require(view.layer.presentation())
            #expect(abs(layer.position.x - 87.5) < 1e-6)            // 50 → 200
            #expect(abs(layer.bounds.width - 125) < 1e-6)           // 100 → 200
            #expect(abs(layer.cornerRadius - 5) < 1e-6)
            let color = layer.backgroundColor?.components ?? []
            #expect(color.count == 4 && abs(color[0] - 0.75) < 1e-3 && abs(color[2] - 0.25) < 1e-3)
            a.stopAnimation(false)
            a.finishAnimation(at: .current)
            #expect(abs(view.center.x - 87.5) < 1e-6 && abs(view.bounds.width - 125) < 1e-6)
            #expect(abs(view.layer.cornerRadius - 5) < 1e-6)
            let model = view.backgroundColor?.cgColor.components ?? []
            #expect(model.count == 4 && abs(model[0] - 0.75) < 1e-3)
            stage.turn(to: 0.2)
            #expect(view.layer.animationKeys() == nil)
        }
    }

    @Test("isUserInteractionEnabled false: the animated view takes no touches while the animator is active; true (the default): it does")
    func userInteraction() {
        let (stage, view) = viewStage()
        stage.withClock {
            let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0.5 }
            a.isUserInteractionEnabled = false
            a.startAnimation()
            #expect(stage.window.hitTest(CGPoint(x: 50, y: 50), with: nil) !== view)
            a.pauseAnimation()
            #expect(stage.window.hitTest(CGPoint(x: 50, y: 50), with: nil) !== view)
            a.startAnimation()
            stage.turn(to: 1)
            #expect(a.state == .inactive)
            #expect(stage.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
            let b = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 1 }
            b.startAnimation()
            #expect(stage.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
            b.stopAnimation(true)
        }
    }

    @Test("startAnimation(afterDelay:): the values hold until the delay is over; a paused animator's blocks added later start from their own start values")
    func delayAndLateBlocks() {
        let (stage, view, a) = movingView()
        stage.withClock {
            a.startAnimation(afterDelay: 0.5)
            expectState(a, .active, running: true)
            stage.turn(to: 0.25)
            #expect(shownX(view) == 50 && a.fractionComplete == 0)
            stage.turn(to: 1)
            #expect(abs(shownX(view) - 150) < 1e-6)
            a.pauseAnimation()
            a.addAnimations { view.alpha = 0 }
            stage.turn(to: 1.1)
            #expect(shown(view).opacity == 1 && view.alpha == 0)
            a.startAnimation()                      // resumes at once: no second delay
            stage.turn(to: 1.35)
            #expect(abs(shownX(view) - 200) < 1e-6)
            #expect(abs(shown(view).opacity - 0.5) < 1e-6)
            stage.turn(to: 1.6)
            #expect(a.state == .inactive && shownX(view) == 250 && shown(view).opacity == 0)
        }
    }
}
