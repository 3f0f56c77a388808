// Seed 003's popover card end to end WITH its background blur: the seed's controller (the
// mechanical edits only: `@objc` dropped, selectors → method references, no nib, `awidth` →
// `width`) driven by scripted taps and pans, checking the card's frame origin, its corner radius
// and the visual effect view's blur radius at sampled times.
//
// What the seed's code does, and so what is asserted: the frame animator (dampingRatio 1) moves
// the card AND sets the blur, so the blur radius follows the card exactly (radius / 20 = the
// card's fraction of its travel); the corner animator is linear. The seed keeps ONE
// `animationProgressWhenInterrupted`, overwritten in the loop, so both animators are scrubbed
// from the corner animator's (the last one's) fraction: grabbing the card while the spring is
// mid-flight snaps the card to the linear fraction at the first pan change (a jump, measured here).
//
// Tolerances: values of one animator's tracks against each other and against the scrubbed
// fraction within 1e-6 (they are computed from one run); "no jump" at a release within 1e-6 pt;
// the end values exactly.

import Foundation
import Kinema
import Testing

@MainActor
private final class BlurCardController: UIViewController {
    enum CardState { case collapsed, expanded }

    private var nextState: CardState { cardVisible ? .collapsed : .expanded }
    var cardViewController: UIViewController!
    var handleArea: UIView!
    var visualEffectView: UIVisualEffectView!
    private var startCardHeight: CGFloat = 0
    private var endCardHeight: CGFloat = 0
    var cardVisible = false
    var runningAnimations = [UIViewPropertyAnimator]()
    var animationProgressWhenInterrupted: CGFloat = 0
    /// Test instrumentation: the last fraction the pan computed.
    var lastFraction: CGFloat = 0

    func setupCard() {
        endCardHeight = self.view.frame.height * 0.8
        startCardHeight = self.view.frame.height * 0.3
        visualEffectView = UIVisualEffectView()
        visualEffectView.frame = self.view.frame
        self.view.addSubview(visualEffectView)
        // The xib, made in code: a card with a handle area at its top.
        cardViewController = UIViewController(nibName: nil, bundle: nil)
        handleArea = UIView(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 40))
        cardViewController.view.addSubview(handleArea)
        self.addChild(cardViewController)
        self.view.addSubview(cardViewController.view)
        cardViewController.view.frame = CGRect(x: 0, y: self.view.frame.height - startCardHeight, width: self.view.bounds.width, height: endCardHeight)
        cardViewController.view.clipsToBounds = true
        let tapGestureRecognizer = UITapGestureRecognizer(target: self, action: BlurCardController.handleCardTap)
        let panGestureRecognizer = UIPanGestureRecognizer(target: self, action: BlurCardController.handleCardPan)
        handleArea.addGestureRecognizer(tapGestureRecognizer)
        handleArea.addGestureRecognizer(panGestureRecognizer)
    }

    private func handleCardTap(_ recognzier: UITapGestureRecognizer) {
        switch recognzier.state {
        case .ended: animateTransitionIfNeeded(state: nextState, duration: 0.5)
        default: break
        }
    }

    private func handleCardPan(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            startInteractiveTransition(state: nextState, duration: 0.5)
        case .changed:
            let translation = recognizer.translation(in: self.handleArea)
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
        if runningAnimations.isEmpty {
            let frameAnimator = UIViewPropertyAnimator(duration: duration, dampingRatio: 1) {
                switch state {
                case .expanded:
                    self.cardViewController.view.frame.origin.y = self.view.frame.height - self.endCardHeight
                    self.visualEffectView.effect = UIBlurEffect(style: .dark)
                case .collapsed:
                    self.cardViewController.view.frame.origin.y = self.view.frame.height - self.startCardHeight
                    self.visualEffectView.effect = nil
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
                case .expanded: self.cardViewController.view.layer.cornerRadius = 12
                case .collapsed: self.cardViewController.view.layer.cornerRadius = 0
                }
            }
            cornerRadiusAnimator.startAnimation()
            runningAnimations.append(cornerRadiusAnimator)
        }
    }

    private func startInteractiveTransition(state: CardState, duration: TimeInterval) {
        if runningAnimations.isEmpty {
            animateTransitionIfNeeded(state: state, duration: duration)
        }
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

@Suite("UIViewPropertyAnimator: seed 003's card with its blur, end to end")
@MainActor
struct UIViewPropertyAnimatorCardBlurTests {
    static let collapsedY = 600.0 - 180, expandedY = 600.0 - 480, travel = 300.0
    /// The dark style's radius (UIImageEffects: 20 pt).
    static let darkRadius = 20.0

    /// What is shown now: the card's frame origin y, its corner radius, the blur radius.
    struct Shown { var y: Double, corner: Double, blur: Double }

    private func shown(_ controller: BlurCardController) throws -> Shown {
        let card = try #require(controller.cardViewController.view.layer.presentation())
        let effect = try #require(controller.visualEffectView.layer.presentation())
        let blur = try #require(effect.value(forKey: "backdropBlurRadius") as? CGFloat)
        return Shown(y: Double(card.frame.origin.y), corner: Double(card.cornerRadius), blur: Double(blur))
    }

    /// The card's fraction of its travel (0 collapsed, 1 expanded).
    func cardFraction(_ s: Shown) -> Double { (Self.collapsedY - s.y) / Self.travel }

    private func setUp() -> (Stage, BlurCardController) {
        let stage = Stage(size: CGSize(width: 300, height: 600), scale: 1, threads: 1)
        let controller = BlurCardController()
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        controller.setupCard()
        return (stage, controller)
    }

    @Test("tap, tap, then a pan up, hold, back a little and release: frame, corner radius and blur radius at sampled times")
    func tapsAndScrub() throws {
        let (stage, controller) = setUp()
        try stage.withClock {
            stage.turn(to: 0)
            var s = try shown(controller)
            #expect(s.y == Self.collapsedY && s.corner == 0 && s.blur == 0)

            // Tap: expands in 0.5 s; mid-flight the blur follows the card (one spring run).
            stage.tap(at: CGPoint(x: 150, y: Self.collapsedY + 20))
            stage.run(until: 0.3)
            s = try shown(controller)
            #expect(cardFraction(s) > 0.2 && cardFraction(s) < 0.99, "\(s)")
            #expect(abs(s.blur / Self.darkRadius - cardFraction(s)) < 1e-6, "\(s)")
            // The tint fades in as the dark style's grey (0.11) from the first expansion on, its
            // alpha following the card too (0.73 at the end).
            let tint = try #require(controller.visualEffectView.contentView.superview?.subviews.first)
            let tintColor = try #require((tint.layer.presentation() ?? tint.layer).backgroundColor)
            let tintComponents = try #require(tintColor.components)
            #expect(abs(tintComponents[0] - 0.11) < 1e-6, "\(tintComponents)")
            #expect(abs(tintColor.alpha - 0.73 * cardFraction(s)) < 1e-6, "\(tintColor.alpha)")
            stage.run(until: 0.7)
            s = try shown(controller)
            #expect(controller.cardVisible && controller.runningAnimations.isEmpty)
            #expect(s.y == Self.expandedY && s.corner == 12 && s.blur == Self.darkRadius, "\(s)")

            // Tap: collapses; the blur goes with it.
            stage.tap(at: CGPoint(x: 150, y: Self.expandedY + 20))
            stage.run(until: 1.4)
            s = try shown(controller)
            #expect(!controller.cardVisible)
            #expect(s.y == Self.collapsedY && s.corner == 0 && s.blur == 0, "\(s)")

            // Pan: up 160 pt in 0.4 s, hold to 0.8 s, back down 40 pt by 1.0 s, lift.
            let down = CGPoint(x: 150, y: Self.collapsedY + 20)
            stage.perform(TouchScript([
                TouchScript.Finger(at: down).move(to: CGPoint(x: 150, y: down.y - 160), at: 0.4).hold(until: 0.8)
                    .move(to: CGPoint(x: 150, y: down.y - 120), at: 1.0).lift(),
            ]))
            // Mid-scrub (holding): card, corner and blur all at the pan's fraction (scrubbed
            // linearly; the pan began at rest, so animationProgressWhenInterrupted is 0).
            stage.run(until: 2.0)
            #expect(controller.animationProgressWhenInterrupted == 0)
            let held = Double(controller.lastFraction)
            // 160 pt less the distance travelled before the pan began (the 10 pt hysteresis,
            // crossed at the second move of 6.7 pt), over endCardHeight 480.
            #expect(abs(held - (160 - 160.0 / 24 * 2) / 480) < 1e-6, "\(held)")
            s = try shown(controller)
            #expect(abs(cardFraction(s) - held) < 1e-6, "\(s)")
            #expect(abs(s.corner - 12 * held) < 1e-6, "\(s)")
            #expect(abs(s.blur - Self.darkRadius * held) < 1e-6, "\(s)")
            // Back a little (the last move, before the lift at 1.0 s from the pan's start).
            stage.run(until: 2.4 - 1.0 / 60)
            let back = Double(controller.lastFraction)
            #expect(back < held - 0.05)
            let scrubbed = try shown(controller)
            #expect(abs(cardFraction(scrubbed) - back) < 1e-6 && abs(scrubbed.blur - Self.darkRadius * back) < 1e-6, "\(scrubbed)")
            // The lift's turn delivers the finger's last point (a last change), then the release
            // continues both animators from exactly there: no jump, then upwards, the blur still
            // following the card, the corner on its own linear run.
            stage.run(until: 2.4)
            let last = Double(controller.lastFraction)
            // (the lift carries no change: the last move, 1/60 s before it, is 40 × 11/12 pt back)
            #expect(abs(last - (160 - 160.0 / 24 * 2 - 40.0 * 11 / 12) / 480) < 1e-6, "\(last)")
            let released = try shown(controller)
            #expect(abs(cardFraction(released) - last) < 1e-6 && abs(released.blur - Self.darkRadius * last) < 1e-6
                    && abs(released.corner - 12 * last) < 1e-6, "\(released) at \(last)")
            #expect(controller.runningAnimations.allSatisfy { $0.isRunning })
            stage.run(until: 2.4 + 2.0 / 60)
            s = try shown(controller)
            #expect(s.y < released.y && released.y - s.y < 60, "\(s)")
            #expect(abs(s.blur / Self.darkRadius - cardFraction(s)) < 1e-6, "\(s)")
            #expect(s.corner > released.corner, "\(s)")
            stage.run(until: 3.0)
            s = try shown(controller)
            #expect(controller.cardVisible && controller.runningAnimations.isEmpty)
            #expect(s.y == Self.expandedY && s.corner == 12 && s.blur == Self.darkRadius, "\(s)")
        }
    }

    @Test("grabbing the card mid-flight: the seed scrubs both animators from the corner animator's fraction, so the card (and blur) snap to it at the first pan change")
    func grabMidFlight() throws {
        let (stage, controller) = setUp()
        try stage.withClock {
            stage.turn(to: 0)
            stage.tap(at: CGPoint(x: 150, y: Self.collapsedY + 20))
            stage.run(until: 0.1)
            #expect(controller.runningAnimations.count == 2)
            // The finger goes down on the handle at 0.35 s, where the card is shown (an active
            // animator's views are hit-tested at their onscreen position unless
            // isManualHitTestingEnabled), moves down 60 pt over 0.3 s, holds and lifts (the card
            // is expanding, so a downward pan counts against it). By 0.35 s the spring has slowed
            // to a few points a frame, so the handle is still under the finger when it lands.
            stage.run(until: 0.35)
            let handleY = try shown(controller).y + 20
            stage.perform(TouchScript([
                TouchScript.Finger(at: CGPoint(x: 150, y: handleY)).move(to: CGPoint(x: 150, y: handleY + 60), at: 0.3)
                    .hold(until: 0.5).lift(),
            ]))
            // Frame by frame until the pan begins (past its 10 pt hysteresis): before, the spring
            // runs ahead of the linear corner animator.
            var beforeGrab = try shown(controller)
            while controller.runningAnimations.first?.isRunning == true, stage.time < 0.85 {
                beforeGrab = try shown(controller)
                stage.run(until: stage.time + 1.0 / 60)
            }
            let springAhead = cardFraction(beforeGrab) - beforeGrab.corner / 12
            #expect(springAhead > 0.05, "\(beforeGrab)")
            // Began: both paused where they were; the one stored progress is the corner animator's.
            let frame = controller.runningAnimations[0], corner = controller.runningAnimations[1]
            #expect(frame.state == .active && !frame.isRunning && corner.state == .active && !corner.isRunning)
            let stored = Double(controller.animationProgressWhenInterrupted)
            #expect(abs(stored - Double(corner.fractionComplete)) < 1e-9)
            #expect(Double(frame.fractionComplete) - stored > 0.05, "the frame animator was further on")
            let atGrab = try shown(controller)
            // The first change: both set to stored − translation/480 (the card is not yet
            // visible, so a downward pan subtracts): the card and its blur snap back to the
            // corner animator's fraction.
            stage.run(until: stage.time + 1.0 / 60)
            let f = Double(controller.lastFraction) + stored
            let s = try shown(controller)
            #expect(abs(cardFraction(s) - f) < 1e-6 && abs(s.corner - 12 * f) < 1e-6 && abs(s.blur - Self.darkRadius * f) < 1e-6, "\(s)")
            #expect(Double(frame.fractionComplete) == Double(corner.fractionComplete))
            // The jump the seed's code makes, in points (what it looks like on screen): the card
            // drops back by the spring's lead, more than the finger's few points explain.
            let jump = s.y - atGrab.y
            #expect(jump > 10, "jump \(jump) pt")
            // Released: both continue forwards and the card ends expanded with its blur.
            stage.run(until: 2.0)
            #expect(controller.cardVisible && controller.runningAnimations.isEmpty)
            let end = try shown(controller)
            #expect(end.y == Self.expandedY && end.corner == 12 && end.blur == Self.darkRadius, "\(end)")
        }
    }
}
