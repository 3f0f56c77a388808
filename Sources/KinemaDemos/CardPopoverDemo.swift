// card-popover: seed 003's popover card — a card at the bottom of the screen that a tap on its
// handle expands (with a dark blur fading in behind it and its corners rounding) and a pan scrubs,
// driven by UIViewPropertyAnimator — played by scripted taps and pans.
//
// Audited against: seed 003 "SWIFT - Cách tạo Popover Card View Animation sử dụng
//   UIPropertyAnimator" (CardViewController with its handleArea outlet; MainViewController's
//   CardState, nextState, startCardHeight / endCardHeight at 30 % / 80 % of the screen,
//   runningAnimations, animationProgressWhenInterrupted, setupCard, handleCardTap, handleCardPan,
//   animateTransitionIfNeeded (a dampingRatio-1 frame animator that also sets the blur and a
//   linear corner-radius animator, 0.5 s), startInteractiveTransition,
//   updateInteractiveTransition, continueInteractiveTransition); UIViewPropertyAnimator,
//   UIVisualEffectView and UIPanGestureRecognizer docs.
// Edits to the article's code, all of docs/UIKIT.md "Porting iOS code"'s kind: `import UIKit`
//   → `import Kinema`; `@objc` / `@IBOutlet` dropped; `#selector(handleCardTap(recognzier:))` /
//   `#selector(handleCardPan(recognizer:))` → `MainViewController.handleCardTap` /
//   `.handleCardPan` (the article's selector labels do not match its `_` parameters; a method
//   reference has no labels); the xib is made in code (`CardViewController.loadView`, which makes
//   the handleArea outlet), so the controller is made with `nibName: nil` (Kinema has no nibs and
//   says so for a name); the article's typo `awidth` (twice, in setupCard) is `width`. The
//   article's `recognzier` spelling is kept. Not shown in the article, so written here: the
//   controllers' views (loadView), the call of setupCard (viewDidLoad), the card's contents and
//   the background picture (a map drawn at run time).
// Status: complete. The seed's pan keeps one `animationProgressWhenInterrupted` for both
//   animators (the last one's) and continues with `durationFactor: 0` and no timing parameters,
//   so a release continues at the curve's own pace, not with the finger's speed; reproduced as
//   written. Its pan moves the card by (0.5 / 0.8) of the finger's travel (fraction = translation
//   / endCardHeight over a travel of endCardHeight − startCardHeight).

import Foundation
import Kinema

extension Demo {
    /// Seed 003's popover card, tapped and panned over a blurred map.
    public static let cardPopover = Demo(
        name: "card-popover",
        summary: "seed 003's popover card: UIViewPropertyAnimator expands it on a tap and scrubs it with a pan, a dark blur fading in behind it and its corners rounding",
        source: "seed 003 — UIViewPropertyAnimator, UIVisualEffectView, tap and pan gestures",
        size: CardPopoverDemo.size, duration: CardPopoverDemo.duration, fps: 30, body: CardPopoverDemo.build)
}

/// The numbers of the card-popover demo and its script of touches.
public enum CardPopoverDemo {
    /// An iPhone SE-sized screen, in points.
    public static let size = CGSize(width: 320, height: 568)
    /// One loop.
    public static let duration = 8.8
    /// Taps on the handle (demo time): expand, collapse; after the first pan, collapse; after the
    /// second, collapse (so the demo loops).
    public static let taps = [0.5, 1.7, 5.2, 7.6]
    /// The first pan: touches down at `firstPanAt`, moves up `firstPanRise` points in 0.6 s, holds
    /// 0.5 s, moves back down `firstPanBack` points in 0.3 s and lifts.
    public static let firstPanAt = 2.8, firstPanRise: CGFloat = 237, firstPanBack: CGFloat = 60
    /// The first pan's key times, from its start: up, hold, back (the lift).
    public static let firstPanKeys = (up: 0.6, hold: 1.1, back: 1.4)
    /// The second pan: from the handle to 20 pt below the top of the screen in 0.7 s, then lifts.
    public static let secondPanAt = 6.3, secondPanDuration = 0.7, secondPanTop: CGFloat = 20
    /// Where the finger touches the handle, in the handle area's coordinates.
    public static let handlePoint = CGPoint(x: 160, y: 28)

    /// Holds the seed's controller (gesture targets are held weakly, as in UIKit) and shows its view.
    @MainActor
    final class Host: UIView {
        let controller = MainViewController()
    }

    @MainActor
    static func build(_ scene: DemoScene) {
        let host = Host(frame: scene.view.bounds)
        scene.view.addSubview(host)
        host.addSubview(host.controller.view)
        let controller = host.controller
        // Window coordinates of the handle now (the card moves, so computed when each touch
        // starts). The seed adds the card's controller as a child, which is how it is found here.
        func handle() -> CGPoint {
            guard let card = controller.children.first as? CardViewController, let handleArea = card.handleArea else { return .zero }
            return handleArea.convert(handlePoint, to: nil)
        }
        func window(_ point: CGPoint) -> CGPoint { host.convert(point, to: nil) }
        for t in taps {
            scene.at(t) { scene.stage.tap(at: handle()) }
        }
        scene.at(firstPanAt) {
            let start = handle()
            let local = host.convert(start, from: nil)
            let top = window(CGPoint(x: local.x, y: local.y - firstPanRise))
            let back = window(CGPoint(x: local.x, y: local.y - firstPanRise + firstPanBack))
            scene.stage.perform(TouchScript([
                TouchScript.Finger(at: start).move(to: top, at: firstPanKeys.up).hold(until: firstPanKeys.hold)
                    .move(to: back, at: firstPanKeys.back).lift(),
            ]))
        }
        scene.at(secondPanAt) {
            let start = handle()
            let local = host.convert(start, from: nil)
            scene.stage.drag(from: start, to: window(CGPoint(x: local.x, y: secondPanTop)), duration: secondPanDuration)
        }
    }

    /// The background: a street map (blocks, parks, a river, roads, pins and names), drawn with
    /// UIKit drawing so the blur has detail and colour to soften.
    @MainActor
    static func mapPicture(size: CGSize) -> UIImage {
        UIGraphicsImageRenderer(size: size).image { _ in
            UIColor(red: 0.95, green: 0.93, blue: 0.89, alpha: 1).setFill()
            UIBezierPath(rect: CGRect(origin: .zero, size: size)).fill()
            // Blocks between the streets, a few of them parks.
            let parks: Set<Int> = [3, 8, 17, 22, 31]
            var index = 0
            for row in stride(from: CGFloat(0), to: size.height, by: 64) {
                for column in stride(from: CGFloat(0), to: size.width, by: 72) {
                    let block = CGRect(x: column + 6, y: row + 6, width: 60, height: 52)
                    let color = parks.contains(index)
                        ? UIColor(red: 0.55, green: 0.80, blue: 0.45, alpha: 1)
                        : UIColor(red: 0.88, green: 0.85, blue: 0.80, alpha: 1)
                    color.setFill()
                    UIBezierPath(roundedRect: block, cornerRadius: 4).fill()
                    index += 1
                }
            }
            // The river, across the map.
            let river = UIBezierPath()
            river.move(to: CGPoint(x: -20, y: size.height * 0.22))
            river.addCurve(to: CGPoint(x: size.width + 20, y: size.height * 0.55),
                           controlPoint1: CGPoint(x: size.width * 0.45, y: size.height * 0.05),
                           controlPoint2: CGPoint(x: size.width * 0.35, y: size.height * 0.75))
            river.lineWidth = 34
            UIColor(red: 0.45, green: 0.70, blue: 0.95, alpha: 1).setStroke()
            river.stroke()
            // Main roads.
            let roads = UIBezierPath()
            roads.move(to: CGPoint(x: 0, y: size.height * 0.68))
            roads.addLine(to: CGPoint(x: size.width, y: size.height * 0.40))
            roads.move(to: CGPoint(x: size.width * 0.62, y: 0))
            roads.addLine(to: CGPoint(x: size.width * 0.48, y: size.height))
            roads.lineWidth = 9
            UIColor(red: 0.98, green: 0.80, blue: 0.30, alpha: 1).setStroke()
            roads.stroke()
            // Pins with names.
            let pins: [(CGPoint, UIColor, String)] = [
                (CGPoint(x: 70, y: 120), UIColor(red: 0.96, green: 0.26, blue: 0.21, alpha: 1), "Hồ Gươm"),
                (CGPoint(x: 230, y: 250), UIColor(red: 0.35, green: 0.34, blue: 0.84, alpha: 1), "Nhà hát"),
                (CGPoint(x: 110, y: 380), UIColor(red: 1.00, green: 0.58, blue: 0.00, alpha: 1), "Chợ"),
                (CGPoint(x: 250, y: 470), UIColor(red: 0.69, green: 0.32, blue: 0.87, alpha: 1), "Ga"),
            ]
            for (point, color, name) in pins {
                color.setFill()
                UIBezierPath(ovalIn: CGRect(x: point.x - 11, y: point.y - 11, width: 22, height: 22)).fill()
                UIColor.white.setFill()
                UIBezierPath(ovalIn: CGRect(x: point.x - 4, y: point.y - 4, width: 8, height: 8)).fill()
                (name as NSString).draw(at: CGPoint(x: point.x + 14, y: point.y - 9), withAttributes: [
                    .font: UIFont.boldSystemFont(ofSize: 14), .foregroundColor: UIColor(white: 0.15, alpha: 1),
                ])
            }
        }
    }
}

// MARK: - The seed's code

// Enum for card states
enum CardState {
    case collapsed
    case expanded
}

final class CardViewController: UIViewController {
    weak var handleArea: UIView!

    override func viewDidLoad() {
        super.viewDidLoad()

    }

    /// What the article's CardViewController.xib holds: a card with a white handle area at the
    /// top (a grabber and a title) and some rows below it.
    override func loadView() {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: CardPopoverDemo.size.width, height: CardPopoverDemo.size.height * 0.8))
        card.backgroundColor = UIColor(red: 0.94, green: 0.94, blue: 0.96, alpha: 1)
        let handle = UIView(frame: CGRect(x: 0, y: 0, width: card.bounds.width, height: 56))
        handle.backgroundColor = .white
        handle.autoresizingMask = [.flexibleWidth]
        let grabber = UIView(frame: CGRect(x: card.bounds.width / 2 - 20, y: 8, width: 40, height: 5))
        grabber.backgroundColor = UIColor(white: 0.78, alpha: 1)
        grabber.layer.cornerRadius = 2.5
        handle.addSubview(grabber)
        let title = UILabel(frame: CGRect(x: 20, y: 20, width: card.bounds.width - 40, height: 28))
        title.text = "Địa điểm gần đây"
        title.font = .boldSystemFont(ofSize: 20)
        title.textColor = UIColor(white: 0.1, alpha: 1)
        handle.addSubview(title)
        card.addSubview(handle)
        let colors: [UIColor] = [
            UIColor(red: 0.96, green: 0.26, blue: 0.21, alpha: 1), UIColor(red: 0.35, green: 0.34, blue: 0.84, alpha: 1),
            UIColor(red: 1.00, green: 0.58, blue: 0.00, alpha: 1), UIColor(red: 0.69, green: 0.32, blue: 0.87, alpha: 1),
            UIColor(red: 0.20, green: 0.78, blue: 0.35, alpha: 1),
        ]
        for (k, color) in colors.enumerated() {
            let row = UIView(frame: CGRect(x: 16, y: 68 + CGFloat(k) * 64, width: card.bounds.width - 32, height: 56))
            row.backgroundColor = .white
            row.layer.cornerRadius = 10
            let dot = UIView(frame: CGRect(x: 12, y: 12, width: 32, height: 32))
            dot.backgroundColor = color
            dot.layer.cornerRadius = 16
            row.addSubview(dot)
            for (line, width) in [(0, 150.0), (1, 96.0)] {
                let bar = UIView(frame: CGRect(x: 56, y: 16 + CGFloat(line) * 16, width: width, height: 8))
                bar.backgroundColor = UIColor(white: line == 0 ? 0.3 : 0.7, alpha: 1)
                bar.layer.cornerRadius = 4
                row.addSubview(bar)
            }
            card.addSubview(row)
        }
        view = card
        handleArea = handle
    }
}

final class MainViewController: UIViewController {
    // Variable determines the next state of the card expressing that the card starts and collapased
    private var nextState: CardState {
        return cardVisible ? .collapsed : .expanded
    }

    // Variable for card view controller
    private var cardViewController: CardViewController!

    // Variable for effects visual effect view
    private var visualEffectView: UIVisualEffectView!

    // Starting and end card heights will be determined later
    private var startCardHeight: CGFloat = 0
    private var endCardHeight: CGFloat = 0


    // Current visible state of the card
    var cardVisible = false

    // Empty property animator array
    var runningAnimations = [UIViewPropertyAnimator]()
    var animationProgressWhenInterrupted: CGFloat = 0

    /// The screen: the map (not in the article, which leaves the background to the app).
    override func loadView() {
        let screen = UIView(frame: CGRect(origin: .zero, size: CardPopoverDemo.size))
        screen.addSubview(UIImageView(image: CardPopoverDemo.mapPicture(size: CardPopoverDemo.size)))
        view = screen
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        setupCard()
    }

    private func setupCard() {
        // Setup starting and ending card height
        endCardHeight = self.view.frame.height * 0.8
        startCardHeight = self.view.frame.height * 0.3

        // Add Visual Effects View
        visualEffectView = UIVisualEffectView()
        visualEffectView.frame = self.view.frame
        self.view.addSubview(visualEffectView)

        // Add CardViewController xib to the bottom of the screen, clipping bounds so that the corners can be rounded
        cardViewController = CardViewController(nibName: nil, bundle: nil)
        self.addChild(cardViewController)
        self.view.addSubview(cardViewController.view)
        cardViewController.view.frame = CGRect(x: 0, y: self.view.frame.height - startCardHeight, width: self.view.bounds.width, height: endCardHeight)
        cardViewController.view.clipsToBounds = true

        // Add tap and pan recognizers
        let tapGestureRecognizer = UITapGestureRecognizer(target: self, action: MainViewController.handleCardTap)
        let panGestureRecognizer = UIPanGestureRecognizer(target: self, action: MainViewController.handleCardPan)

        cardViewController.handleArea.addGestureRecognizer(tapGestureRecognizer)
        cardViewController.handleArea.addGestureRecognizer(panGestureRecognizer)
    }

    // Handle tap gesture recognizer
    private func handleCardTap(_ recognzier: UITapGestureRecognizer) {
        switch recognzier.state {
        // Animate card when tap finishes
        case .ended:
            animateTransitionIfNeeded(state: nextState, duration: 0.5)
        default:
            break
        }
    }

    // Handle pan gesture recognizer
    private func handleCardPan(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            // Start animation if pan begins
            startInteractiveTransition(state: nextState, duration: 0.5)
        case .changed:
            // Update the translation according to the percentage completed
            let translation = recognizer.translation(in: self.cardViewController.handleArea)
            var fractionComplete = translation.y / endCardHeight
            fractionComplete = cardVisible ? fractionComplete : -fractionComplete
            updateInteractiveTransition(fractionCompleted: fractionComplete)
        case .ended:
            // End animation when pan ends
            continueInteractiveTransition()
        default:
            break
        }
    }

    // Animate transistion function
    private func animateTransitionIfNeeded(state: CardState, duration: TimeInterval) {
        // Check if frame animator is empty
        if runningAnimations.isEmpty {
            // Create a UIViewPropertyAnimator depending on the state of the popover view
            // The damping ratio to apply to the initial acceleration and oscillation.
            let frameAnimator = UIViewPropertyAnimator(duration: duration, dampingRatio: 1) {
                switch state {
                case .expanded:
                    // If expanding set popover y to the ending height and blur background
                    self.cardViewController.view.frame.origin.y = self.view.frame.height - self.endCardHeight
                    self.visualEffectView.effect = UIBlurEffect(style: .dark)

                case .collapsed:
                    // If collapsed set popover y to the starting height and remove background blur
                    self.cardViewController.view.frame.origin.y = self.view.frame.height - self.startCardHeight
                    self.visualEffectView.effect = nil
                }
            }

            // Complete animation frame
            frameAnimator.addCompletion { _ in
                self.cardVisible = !self.cardVisible
                self.runningAnimations.removeAll()
            }

            // Start animation
            frameAnimator.startAnimation()

            // Append animation to running animations
            runningAnimations.append(frameAnimator)

            // Create UIViewPropertyAnimator to round the popover view corners depending on the state of the popover
            let cornerRadiusAnimator = UIViewPropertyAnimator(duration: duration, curve: .linear) {
                switch state {
                case .expanded:
                    // If the view is expanded set the corner radius to 12
                    self.cardViewController.view.layer.cornerRadius = 12

                case .collapsed:
                    // If the view is collapsed set the corner radius to 0
                    self.cardViewController.view.layer.cornerRadius = 0
                }
            }

            // Start the corner radius animation
            cornerRadiusAnimator.startAnimation()

            // Append animation to running animations
            runningAnimations.append(cornerRadiusAnimator)
        }
    }

    // Function to start interactive animations when view is dragged
    private func startInteractiveTransition(state: CardState, duration: TimeInterval) {
        // If animation is empty start new animation
        if runningAnimations.isEmpty {
            animateTransitionIfNeeded(state: state, duration: duration)
        }

        // For each animation in runningAnimations
        for animator in runningAnimations {
            // Pause animation and update the progress to the fraction complete percentage
            animator.pauseAnimation()
            animationProgressWhenInterrupted = animator.fractionComplete
        }
    }

    // Funtion to update transition when view is dragged
    private func updateInteractiveTransition(fractionCompleted: CGFloat) {
        // For each animation in runningAnimations
        for animator in runningAnimations {
            // Update the fraction complete value to the current progress
            animator.fractionComplete = fractionCompleted + animationProgressWhenInterrupted
        }
    }

    // Function to continue an interactive transisiton
    private func continueInteractiveTransition() {
        // For each animation in runningAnimations
        for animator in runningAnimations {
            // Continue the animation forwards or backwards
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        }
    }
}
