// Seed 003's popover card driven through the property animator by scripted taps and pans: the
// seed's handlers after the mechanical edits (`@objc` dropped, selectors → method references, no
// nib) and without the background blur (UIVisualEffectView is not part of this test). Checks that
// the pan scrubs the card 1:1 with the finger (the seed's `fractionComplete` arithmetic) and that
// releasing continues from the scrubbed place without a jump.

import Foundation
import Kinema
import Testing

@MainActor
private final class CardPopoverController: UIViewController {
    enum CardState { case expanded, collapsed }

    let card = UIView()
    let handleArea = UIView()
    var startCardHeight: CGFloat = 0
    var endCardHeight: CGFloat = 0
    var cardVisible = false
    var nextState: CardState { cardVisible ? .collapsed : .expanded }
    var runningAnimations = [UIViewPropertyAnimator]()
    var animationProgressWhenInterrupted: CGFloat = 0
    var lastFraction: CGFloat = 0

    func setupCard() {
        endCardHeight = view.frame.height * 0.8
        startCardHeight = view.frame.height * 0.3
        view.addSubview(card)
        card.frame = CGRect(x: 0, y: view.frame.height - startCardHeight, width: view.bounds.width, height: endCardHeight)
        card.clipsToBounds = true
        handleArea.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 40)
        card.addSubview(handleArea)
        handleArea.addGestureRecognizer(UITapGestureRecognizer(target: self, action: CardPopoverController.handleCardTap))
        handleArea.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: CardPopoverController.handleCardPan))
    }

    private func handleCardTap(_ recognizer: UITapGestureRecognizer) {
        if recognizer.state == .ended { animateTransitionIfNeeded(state: nextState, duration: 0.5) }
    }

    private func handleCardPan(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            startInteractiveTransition(state: nextState, duration: 0.5)
        case .changed:
            let translation = recognizer.translation(in: handleArea)
            var fractionComplete = translation.y / endCardHeight
            fractionComplete = cardVisible ? fractionComplete : -fractionComplete
            lastFraction = fractionComplete
            updateInteractiveTransition(fractionCompleted: fractionComplete)
        case .ended:
            continueInteractiveTransition()
        default:
            break
        }
    }

    private func animateTransitionIfNeeded(state: CardState, duration: TimeInterval) {
        guard runningAnimations.isEmpty else { return }
        let frameAnimator = UIViewPropertyAnimator(duration: duration, dampingRatio: 1) {
            switch state {
            case .expanded: self.card.frame.origin.y = self.view.frame.height - self.endCardHeight
            case .collapsed: self.card.frame.origin.y = self.view.frame.height - self.startCardHeight
            }
        }
        frameAnimator.addCompletion { _ in
            self.cardVisible = !self.cardVisible
            self.runningAnimations.removeAll()
        }
        frameAnimator.startAnimation()
        runningAnimations.append(frameAnimator)
        let cornerRadiusAnimator = UIViewPropertyAnimator(duration: duration, curve: .linear) {
            switch state {
            case .expanded: self.card.layer.cornerRadius = 12
            case .collapsed: self.card.layer.cornerRadius = 0
            }
        }
        cornerRadiusAnimator.startAnimation()
        runningAnimations.append(cornerRadiusAnimator)
    }

    private func startInteractiveTransition(state: CardState, duration: TimeInterval) {
        if runningAnimations.isEmpty { animateTransitionIfNeeded(state: state, duration: duration) }
        for animator in runningAnimations {
            animator.pauseAnimation()
            animationProgressWhenInterrupted = animator.fractionComplete
        }
    }

    private func updateInteractiveTransition(fractionCompleted: CGFloat) {
        for animator in runningAnimations {
            animator.fractionComplete = fractionCompleted + animationProgressWhenInterrupted
        }
    }

    private func continueInteractiveTransition() {
        for animator in runningAnimations {
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        }
    }
}

@Suite("UIViewPropertyAnimator: seed 003's card")
@MainActor
struct UIViewPropertyAnimatorCardTests {
    @Test("tap expands (spring frame + linear corner radius), tap collapses; a pan scrubs the card with the finger and the release continues without a jump")
    func card() throws {
        let stage = Stage(size: CGSize(width: 300, height: 600), scale: 1, threads: 1)
        let controller = CardPopoverController()
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        controller.setupCard()
        let collapsedY: CGFloat = 600 - 180, expandedY: CGFloat = 600 - 480
        try stage.withClock {
            stage.turn(to: 0)
            // Tap the handle: expands in 0.5 s.
            stage.tap(at: CGPoint(x: 150, y: collapsedY + 20))
            stage.run(until: 0.3)
            #expect(controller.runningAnimations.count == 2)
            stage.run(until: 0.7)
            #expect(controller.cardVisible && controller.runningAnimations.isEmpty)
            var shown = try #require(controller.card.layer.presentation())
            #expect(shown.frame.origin.y == expandedY && shown.cornerRadius == 12)
            // Tap again: collapses.
            stage.tap(at: CGPoint(x: 150, y: expandedY + 20))
            stage.run(until: 1.4)
            #expect(!controller.cardVisible)
            shown = try #require(controller.card.layer.presentation())
            #expect(shown.frame.origin.y == collapsedY && shown.cornerRadius == 0)

            // Pan up 150 pt over 0.5 s: the card follows the finger (after the pan's 10 pt
            // hysteresis), its corner rounding in proportion.
            stage.drag(from: CGPoint(x: 150, y: collapsedY + 20), to: CGPoint(x: 150, y: collapsedY - 130), duration: 0.5)
            stage.run(until: 1.89)
            let fraction = Double(controller.lastFraction)
            #expect(fraction > 0.2 && fraction < 0.3)
            shown = try #require(controller.card.layer.presentation())
            let scrubbedY = Double(shown.frame.origin.y)
            #expect(abs(scrubbedY - (Double(collapsedY) - 300 * fraction)) < 1e-6)
            #expect(abs(Double(shown.cornerRadius) - 12 * fraction) < 1e-6)
            // The lift (at 1.9) continues both animators from there: no jump, then expanded.
            stage.run(until: 1.9)
            let atRelease = Double(try #require(controller.card.layer.presentation()).frame.origin.y)
            #expect(abs(atRelease - scrubbedY) < 1e-6)
            stage.run(until: 1.9 + 1.0 / 60)
            let next = Double(try #require(controller.card.layer.presentation()).frame.origin.y)
            #expect(next < atRelease && atRelease - next < 40)
            stage.run(until: 2.5)
            #expect(controller.cardVisible && controller.runningAnimations.isEmpty)
            shown = try #require(controller.card.layer.presentation())
            #expect(shown.frame.origin.y == expandedY && shown.cornerRadius == 12)
        }
    }
}
