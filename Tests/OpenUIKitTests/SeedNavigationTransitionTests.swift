// Seed 002's custom navigation transition ("Custom navigation trainsition iOS", TracDV): its
// CustomNavigationAnimationTransition pushes a screen from the bottom and pops it back down,
// through a UINavigationController's delegate — the frames at 0, 50 and 100 % of each.
//
// Audited against: seed 002 (the article's enum, animator class and delegate extension, as
//   written); UINavigationControllerDelegate docs; UIView.animate(withDuration:animations:
//   completion:) (ease-in-out by default).
// Edits to the article's code: `import UIKit` → `import Kinema`; the extension's conformance
//   `UIViewControllerTransitioningDelegate` → `UINavigationControllerDelegate` (the method it
//   holds is UINavigationControllerDelegate's: as written, UIKit would never call it). Not shown
//   existential types are spelled `any …` (`(any UIViewControllerAnimatedTransitioning)?`), which the
//   package's ExistentialAny setting requires. Not shown in the article, so written here: the `ViewController` class around the article's two
//   statements (in viewDidLoad) and the pushed screen.

import Foundation
import Kinema
import Testing

// MARK: The article's code

enum NavigationTransitionStyle {
    case nomal
    case bottom
}

class CustomNavigationAnimationTransition: NSObject, UIViewControllerAnimatedTransitioning {
    var popStyle: Bool = false
       var navigationStyle: NavigationTransitionStyle = .nomal

    func transitionDuration( using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.5
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        if popStyle {
            animatePop(using: transitionContext)
            return
        }
        let fromView = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from)!
        let toView = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to)!
        let frameTransition = transitionContext.finalFrame(for: toView)
        var frameOffset = frameTransition.offsetBy(dx: 0, dy: frameTransition.height)
        if navigationStyle == .nomal {
             frameOffset = frameTransition.offsetBy(dx: frameTransition.width, dy: 0)
        }
        toView.view.frame = frameOffset
        transitionContext.containerView.insertSubview(toView.view, aboveSubview: fromView.view)
        UIView.animate( withDuration: transitionDuration(using: transitionContext),
                        animations: {
                            toView.view.frame = frameTransition
                        },
                        completion: {_ in
                            transitionContext.completeTransition(true)
                        })
    }

    func animatePop(using transitionContext: any UIViewControllerContextTransitioning) {

            let fromView = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.from)!
            let toView = transitionContext.viewController(forKey: UITransitionContextViewControllerKey.to)!

            let frameTransition = transitionContext.initialFrame(for: fromView)
            var frameOffset = frameTransition.offsetBy(dx: 0, dy: frameTransition.height)
            if navigationStyle == .nomal {
                frameOffset = frameTransition.offsetBy(dx: frameTransition.width, dy: 0)
            }
            transitionContext.containerView.insertSubview(toView.view, belowSubview: fromView.view)

            UIView.animate( withDuration: transitionDuration(using: transitionContext),
                            animations: {
                                fromView.view.frame = frameOffset
                            },
                            completion: {_ in
                                transitionContext.completeTransition(true)
                            })
    }
}

/// The article's view controller (its class is not shown; its two statements are).
class ViewController: UIViewController {
    private let navigationAnimationTransition = CustomNavigationAnimationTransition()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        navigationAnimationTransition.navigationStyle = .bottom
        navigationController?.delegate = self
    }
}

extension ViewController: UINavigationControllerDelegate {
    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController,
        to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        navigationAnimationTransition.popStyle = (operation == .pop)
        return navigationAnimationTransition

    }
}

// MARK: Tests

@MainActor
@Suite("Seed 002 navigation transition")
struct SeedNavigationTransitionTests {
    static let size = CGSize(width: 320, height: 568)

    @Test("push from the bottom: the pushed view's minY goes 524 → 262 → 0 (the content below the bar) over 0.5 s (ease-in-out), pop goes back down")
    func bottomPushAndPop() throws {
        let stage = Stage(size: Self.size, scale: 1, threads: 1)
        let root = ViewController()
        let navigation = UINavigationController(rootViewController: root)
        let pushed = UIViewController()
        pushed.view.backgroundColor = .systemBlue
        var push: [CGFloat] = []
        var pop: [CGFloat] = []
        var rootDuringPush: CGFloat = -1
        stage.withClock {
            stage.window.rootViewController = navigation
            stage.window.makeKeyAndVisible()
            stage.turn(to: 0)
            #expect(navigation.delegate === root)
            navigation.pushViewController(pushed, animated: true)
            stage.turn(to: 0)
            for t in [0, 0.25, 0.5] {
                stage.turn(to: t)
                push.append(shownFrame(pushed.view).minY)
                if t == 0.25 { rootDuringPush = shownFrame(root.view).minY }
            }
            stage.turn(to: 0.55)
            #expect(navigation.topViewController === pushed)
            #expect(root.view.superview == nil)
            navigation.popViewController(animated: true)
            stage.turn(to: 1)
            for t in [1, 1.25, 1.5] {
                stage.turn(to: t)
                pop.append(shownFrame(pushed.view).minY)
            }
            stage.turn(to: 1.55)
        }
        #expect(push.count == 3 && pop.count == 3)
        for (shown, expected) in zip(push, [524.0, 262, 0]) { #expect(abs(shown - expected) < 0.01, "push: \(push)") }
        for (shown, expected) in zip(pop, [0.0, 262, 524]) { #expect(abs(shown - expected) < 0.01, "pop: \(pop)") }
        // The covered screen stays where it is (the article moves only the top one).
        #expect(rootDuringPush == 0)
        #expect(navigation.viewControllers.count == 1)
        #expect(pushed.view.superview == nil)
        #expect(root.view.frame == CGRect(x: 0, y: 0, width: 320, height: 524))
    }

    @Test("an edge swipe scrubs seed 002's pop (the percent-driven pop drives its UIView animation by layer time) and a release past the line finishes it")
    func swipeScrubsSeedPop() throws {
        let stage = Stage(size: Self.size, scale: 1, threads: 1)
        let root = ViewController()
        let navigation = UINavigationController(rootViewController: root)
        let pushed = UIViewController()
        var scrubbed: CGFloat = -1
        stage.withClock {
            stage.window.rootViewController = navigation
            stage.window.makeKeyAndVisible()
            navigation.pushViewController(pushed, animated: false)
            stage.turn(to: 0)
            // From x = 4, 12 pt of dead zone then half the width: the pop at 50 %.
            stage.perform(TouchScript([
                TouchScript.Finger(at: CGPoint(x: 4, y: 300)).move(to: CGPoint(x: 4 + 12 + 160, y: 300), at: 0.3)
                    .hold(until: 0.5).move(to: CGPoint(x: 4 + 12 + 240, y: 300), at: 0.6).hold(until: 0.8).lift(),
            ]))
            stage.run(until: 0.45)
            scrubbed = shownFrame(pushed.view).minY
            stage.run(until: 1.6)
        }
        // The article's pop moves the page down by the content's height with UIView.animate's
        // ease-in-out, which is 0.5 at half time.
        #expect(abs(scrubbed - 262) < 0.5, "\(scrubbed)")
        #expect(navigation.viewControllers.count == 1)
        #expect(pushed.view.superview == nil)
        #expect(root.view.superview != nil)
    }
}
