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

@Suite("UIViewPropertyAnimator: state machine")
@MainActor
struct UIViewPropertyAnimatorStateTests {
    @Test("seed 001's sequence: start → (active, running); pause → (active, paused); isReversed → reversed, paused; start → running reversed; stop(false) → stopped; finish(.current) → inactive, one completion with .current")
    func documentedSequence() {
        let (stage, view, animator) = movingView()
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        stage.withClock {
            expectState(animator, .inactive, running: false)
            #expect(view.center.x == 50)       // blocks run when the animator becomes active
            animator.startAnimation()
            expectState(animator, .active, running: true)
            #expect(view.center.x == 250)      // the model takes the end value at once
            stage.turn(to: 0.25)
            animator.pauseAnimation()
            expectState(animator, .active, running: false)
            animator.isReversed = true
            expectState(animator, .active, running: false, reversed: true)
            animator.startAnimation()
            expectState(animator, .active, running: true, reversed: true)
            stage.turn(to: 0.35)
            animator.stopAnimation(false)
            expectState(animator, .stopped, running: false, reversed: true)
            animator.finishAnimation(at: .current)
            expectState(animator, .inactive, running: false, reversed: true)
            stage.turn(to: 0.5)
            // Forward 0.25 s, back 0.1 s at the same pace: 15 % of the way.
            #expect(abs(view.center.x - 80) < 1e-6)
            #expect(abs(shownX(view) - 80) < 1e-6)
        }
        #expect(positions == [.current])
    }

    @Test("inactive: pause → active paused at 0; setting fractionComplete → active paused there; stop(true/false) → no change; finish → diagnostic, no change")
    func fromInactive() {
        let (stage, view, animator) = movingView()
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                animator.stopAnimation(true)
                expectState(animator, .inactive, running: false)
                animator.stopAnimation(false)
                expectState(animator, .inactive, running: false)
                animator.finishAnimation(at: .end)
                expectState(animator, .inactive, running: false)
                animator.pauseAnimation()
                expectState(animator, .active, running: false)
                #expect(animator.fractionComplete == 0)
                stage.turn(to: 0.5)
                #expect(shownX(view) == 50)
                animator.stopAnimation(true)
                expectState(animator, .inactive, running: false)
                let other = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
                other.fractionComplete = 0.25
                expectState(other, .active, running: false)
                stage.turn(to: 0.6)
                #expect(abs(shownX(view) - 75) < 1e-6)
                other.stopAnimation(true)
            }
        }
        #expect(diagnostics.count == 1)   // finishAnimation on an inactive animator
    }

    @Test("running: start → no change; fractionComplete set → diagnostic, ignored; isInterruptible / isUserInteractionEnabled set → diagnostic, unchanged; stop(true) → inactive at the shown values, no completion")
    func fromRunning() {
        let (stage, view, animator) = movingView()
        var completed = false
        animator.addCompletion { _ in completed = true }
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                animator.startAnimation()
                stage.turn(to: 0.4)
                animator.startAnimation()
                expectState(animator, .active, running: true)
                animator.fractionComplete = 0.9
                animator.isInterruptible = false
                animator.isUserInteractionEnabled = false
                #expect(animator.isInterruptible && animator.isUserInteractionEnabled)
                expectState(animator, .active, running: true)
                #expect(abs(animator.fractionComplete - 0.4) < 1e-9)
                animator.stopAnimation(true)
                expectState(animator, .inactive, running: false)
                stage.turn(to: 0.5)
                #expect(abs(view.center.x - 130) < 1e-6)
                #expect(abs(shownX(view) - 130) < 1e-6)
                stage.turn(to: 2)
            }
        }
        #expect(diagnostics.count == 3)
        #expect(!completed)
    }

    @Test("paused: pause → no change; start → resumes from where it was; stop(false) → stopped; finish while active → diagnostic, stopped and finished as asked")
    func fromPaused() {
        let (stage, view, animator) = movingView()
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                animator.startAnimation()
                stage.turn(to: 0.3)
                animator.pauseAnimation()
                animator.pauseAnimation()
                expectState(animator, .active, running: false)
                stage.turn(to: 1.3)
                #expect(abs(shownX(view) - 110) < 1e-6)
                animator.startAnimation()
                expectState(animator, .active, running: true)
                stage.turn(to: 1.5)
                #expect(abs(shownX(view) - 150) < 1e-6)
                animator.finishAnimation(at: .end)
                expectState(animator, .inactive, running: false)
                stage.turn(to: 1.6)
                #expect(shownX(view) == 250)
            }
        }
        #expect(diagnostics.count == 1)
        #expect(positions == [.end])
    }

    @Test("stopped: start, pause, fractionComplete, isReversed, addAnimations → diagnostics, no change; stop(false) again → no change; finish(.start) → inactive with the start values")
    func fromStopped() {
        let (stage, view, animator) = movingView()
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                animator.startAnimation()
                stage.turn(to: 0.5)
                animator.stopAnimation(false)
                expectState(animator, .stopped, running: false)
                animator.startAnimation()
                animator.pauseAnimation()
                animator.fractionComplete = 0.1
                animator.isReversed = true
                animator.addAnimations { view.alpha = 0 }
                animator.stopAnimation(false)
                expectState(animator, .stopped, running: false)
                stage.turn(to: 0.8)
                #expect(abs(shownX(view) - 150) < 1e-6)    // frozen where it stopped
                #expect(view.alpha == 1)
                animator.finishAnimation(at: .start)
                expectState(animator, .inactive, running: false)
                #expect(view.center.x == 50)
                stage.turn(to: 0.9)
                #expect(shownX(view) == 50)
            }
        }
        #expect(diagnostics.count == 5)
        #expect(positions == [.start])
    }

    @Test("running to the end: completion once with .end, inactive; reversed: .start and the start values; pausesOnCompletion: active, paused at the end, no completion")
    func naturalEnd() {
        let (stage, view, animator) = movingView(.easeInOut)
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        stage.withClock {
            animator.startAnimation()
            stage.turn(to: 0.99)
            expectState(animator, .active, running: true)
            stage.turn(to: 1)
            expectState(animator, .inactive, running: false)
            #expect(positions == [.end])
            #expect(shownX(view) == 250)
            #expect(view.layer.animationKeys() == nil)

            // Reversed before it starts: it runs from the end values back to the start values.
            let back = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 350 }
            back.isReversed = true
            back.addCompletion { positions.append($0) }
            back.startAnimation()
            #expect(back.fractionComplete == 0)       // in its running direction
            stage.turn(to: 1.5)
            #expect(abs(shownX(view) - 300) < 1e-6)
            stage.turn(to: 2)
            #expect(positions == [.end, .start])
            #expect(view.center.x == 250 && shownX(view) == 250)

            let held = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 300 }
            held.pausesOnCompletion = true
            held.addCompletion { positions.append($0) }
            held.startAnimation()
            stage.turn(to: 3)
            expectState(held, .active, running: false)
            #expect(held.fractionComplete == 1)
            #expect(shownX(view) == 300)
            held.isReversed = true
            held.startAnimation()
            stage.turn(to: 3.5)
            #expect(abs(shownX(view) - 275) < 1e-6)
            stage.turn(to: 4)
            // Still pausesOnCompletion: paused at the start values, no completion.
            expectState(held, .active, running: false, reversed: true)
            #expect(held.fractionComplete == 1 && shownX(view) == 250)
            held.stopAnimation(true)
            #expect(view.center.x == 250)
        }
        #expect(positions == [.end, .start])
    }

    @Test("finishAnimation(at:): .end leaves the end values, .current the values shown; completions get that position once")
    func finishPositions() {
        let (stage, view) = viewStage()
        var positions: [UIViewAnimatingPosition] = []
        stage.withClock {
            let a = UIViewPropertyAnimator(duration: 2, curve: .linear) {
                view.center.x = 250
                view.alpha = 0
            }
            a.addCompletion { positions.append($0) }
            a.startAnimation()
            stage.turn(to: 0.5)
            a.stopAnimation(false)
            a.finishAnimation(at: .current)
            a.finishAnimation(at: .end)          // inactive now: a diagnostic, nothing more
            #expect(abs(view.center.x - 100) < 1e-6)
            #expect(abs(view.alpha - 0.75) < 1e-6)
            let b = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 0 }
            b.addCompletion { positions.append($0) }
            b.startAnimation()
            stage.turn(to: 0.7)
            b.stopAnimation(false)
            b.finishAnimation(at: .end)
            stage.turn(to: 0.8)
            #expect(view.center.x == 0 && shownX(view) == 0)
        }
        #expect(positions == [.current, .end])
    }

    @Test("a running animator the caller does not keep runs to its end (UIKit retains it); a paused one released → diagnostic, the views keep what they show")
    func release() {
        let (stage, view) = viewStage()
        var ended = false
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                do {
                    let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
                    a.addCompletion { _ in ended = true }
                    a.startAnimation()
                }
                stage.turn(to: 0.5)
                #expect(abs(shownX(view) - 100) < 1e-6)
                stage.turn(to: 1)
                #expect(ended)
                do {
                    let b = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 250 }
                    b.startAnimation()
                    stage.turn(to: 1.5)
                    b.pauseAnimation()
                }
                stage.turn(to: 1.6)
                #expect(abs(view.center.x - 200) < 1e-6)
                #expect(abs(shownX(view) - 200) < 1e-6)
                #expect(view.layer.animationKeys() == nil)
                do {
                    let c = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 300 }
                    c.startAnimation()
                    stage.turn(to: 1.85)
                    c.stopAnimation(false)
                }
                stage.turn(to: 1.9)
                #expect(abs(view.center.x - 225) < 1e-6 && abs(shownX(view) - 225) < 1e-6)
            }
        }
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.message.contains("released while") })
    }
}
