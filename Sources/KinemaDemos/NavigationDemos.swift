// navigation-bottom and interactive-pop: UINavigationController's transitions — seed 002's custom
// bottom-to-top push and top-to-bottom pop next to UIKit's standard slide, and the left-edge
// swipe that pops, let go once before the line (it springs back) and once past it (it pops).
//
// Audited against: seed 002 "Custom navigation trainsition iOS" (TracDV: the
//   NavigationTransitionStyle enum, CustomNavigationAnimationTransition with transitionDuration
//   0.5, animateTransition and animatePop, and the delegate method that sets popStyle and returns
//   the animator); UINavigationController and UINavigationControllerDelegate docs; UIKIT_SEMANTICS
//   §4.1 (the standard slide and the swipe's release rules, measured on iOS).
// Edits to the article's code: `import UIKit` → `import Kinema`; the extension's conformance
//   `UIViewControllerTransitioningDelegate` → `UINavigationControllerDelegate` (the method it holds
//   is UINavigationControllerDelegate's: as written UIKit would never call it). Not shown in the
//   article, so written here: the `ViewController` class around its two statements (in viewDidLoad), the
//   screens' contents, and the comparison with the standard slide (the delegate is taken away
//   for it and given back at the end, so the demo loops).
// Status: complete.

import Foundation
import Kinema

extension Demo {
    /// Seed 002's bottom push and pop, then UIKit's standard push and pop.
    public static let navigationBottom = Demo(
        name: "navigation-bottom",
        summary: "seed 002's custom navigation transition: a screen pushed from the bottom and popped back down, then UIKit's standard slide for comparison",
        source: "seed 002 — UIViewControllerAnimatedTransitioning through UINavigationControllerDelegate",
        size: NavigationDemos.size, duration: NavigationDemos.bottomDuration, fps: 30, body: NavigationDemos.buildBottom)

    /// The left-edge swipe that pops: let go before the line, then past it.
    public static let interactivePop = Demo(
        name: "interactive-pop",
        summary: "UINavigationController's edge-swipe pop: released before the line it springs back, released past it the screen pops",
        source: "UINavigationController.interactivePopGestureRecognizer (measured iOS rules)",
        size: NavigationDemos.size, duration: NavigationDemos.popDuration, fps: 30, body: NavigationDemos.buildInteractivePop)
}

// MARK: The article's code

enum NavigationTransitionStyle {
    case nomal
    case bottom
}

class CustomNavigationAnimationTransition: NSObject, UIViewControllerAnimatedTransitioning {
    var popStyle: Bool = false
       var navigationStyle: NavigationTransitionStyle = .nomal

    func transitionDuration( using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.5
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
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

    func animatePop(using transitionContext: UIViewControllerContextTransitioning) {

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

/// The article's view controller (its class is not shown; its two statements are, in viewDidLoad).
class ViewController: UIViewController {
    private let navigationAnimationTransition = CustomNavigationAnimationTransition()

    override func viewDidLoad() {
        super.viewDidLoad()
        NavigationDemos.decorate(view, title: "Trang chủ", subtitle: "seed 002 · push", color: UIColor(red: 0.94, green: 0.95, blue: 0.98, alpha: 1))
        navigationAnimationTransition.navigationStyle = .bottom
        navigationController?.delegate = self
    }
}

extension ViewController: UINavigationControllerDelegate {
    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController,
        to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        navigationAnimationTransition.popStyle = (operation == .pop)
        return navigationAnimationTransition

    }
}

// MARK: The scenes

/// The numbers of the navigation demos.
public enum NavigationDemos {
    /// An iPhone SE-sized screen, in points.
    public static let size = CGSize(width: 320, height: 568)

    /// navigation-bottom: seed 002's push and pop (0.5 s each), then the standard ones (0.4 s).
    public static let bottomDuration = 5.0
    public static let bottomPushAt = 0.4, bottomPopAt = 1.5, standardPushAt = 2.7, standardPopAt = 3.9

    /// interactive-pop: the first swipe (released before the line) and the second (past it), and
    /// the push that brings the screen back so the demo loops.
    public static let popDuration = 4.6
    public static let firstSwipeAt = 0.4, secondSwipeAt = 2.0, pushBackAt = 3.6
    /// Where the fingers go (fractions of the width past the 12 pt dead zone), how long they move,
    /// and how long they rest before lifting (a finger at rest releases with no velocity).
    public static let firstSwipeReach: CGFloat = 0.42, secondSwipeReach: CGFloat = 0.72
    public static let swipeMove = 0.5, swipeRest = 0.25
    /// The page stays still for the finger's first 12 pt (UIKIT_SEMANTICS §4.1).
    static let deadZone: CGFloat = 12

    /// A screen: a coloured background, a large title label and a line under it.
    @MainActor
    final class Screen: UIViewController {
        let heading: String
        let subtitle: String
        let color: UIColor

        init(title: String, subtitle: String, color: UIColor) {
            heading = title
            self.subtitle = subtitle
            self.color = color
            super.init(nibName: nil, bundle: nil)
            self.title = title
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            NavigationDemos.decorate(view, title: heading, subtitle: subtitle, color: color)
        }
    }

    /// Fills `view` with `color` and puts a title, a subtitle and a few content rows on it.
    @MainActor
    static func decorate(_ view: UIView, title: String, subtitle: String, color: UIColor) {
        view.backgroundColor = color
        let heading = UILabel(frame: CGRect(x: 20, y: 24, width: 280, height: 40))
        heading.text = title
        heading.font = UIFont.systemFont(ofSize: 30, weight: .bold)
        view.addSubview(heading)
        let line = UILabel(frame: CGRect(x: 20, y: 66, width: 280, height: 22))
        line.text = subtitle
        line.font = UIFont.systemFont(ofSize: 15)
        line.textColor = UIColor(white: 0.35, alpha: 1)
        view.addSubview(line)
        for index in 0..<4 {
            let row = UIView(frame: CGRect(x: 16, y: 110 + CGFloat(index) * 70, width: 288, height: 58))
            row.backgroundColor = UIColor(white: 1, alpha: 0.85)
            row.layer.cornerRadius = 10
            let bar = UIView(frame: CGRect(x: 14, y: 16, width: 150 - CGFloat(index) * 18, height: 10))
            bar.backgroundColor = UIColor(white: 0.8, alpha: 1)
            bar.layer.cornerRadius = 5
            row.addSubview(bar)
            let shortBar = UIView(frame: CGRect(x: 14, y: 34, width: 90 + CGFloat(index) * 22, height: 8))
            shortBar.backgroundColor = UIColor(white: 0.88, alpha: 1)
            shortBar.layer.cornerRadius = 4
            row.addSubview(shortBar)
            view.addSubview(row)
        }
    }

    /// Holds a navigation controller (delegates are held weakly) and shows its view.
    @MainActor
    final class Host: UIView {
        let navigation: UINavigationController

        init(frame: CGRect, navigation: UINavigationController) {
            self.navigation = navigation
            super.init(frame: frame)
            navigation.beginAppearanceTransition(true, animated: false)
            navigation.view.frame = bounds
            addSubview(navigation.view)
            navigation.endAppearanceTransition()
        }

        required init?(coder: NSCoder) { nil }
    }

    @MainActor
    static func buildBottom(_ scene: DemoScene) {
        let root = ViewController()
        let navigation = UINavigationController(rootViewController: root)
        root.title = "Trang chủ"
        let host = Host(frame: scene.view.bounds, navigation: navigation)
        scene.view.addSubview(host)
        let detail = Screen(title: "Chi tiết", subtitle: "pushed from the bottom", color: UIColor(red: 1.0, green: 0.80, blue: 0.55, alpha: 1))
        let standard = Screen(title: "Mặc định", subtitle: "UIKit's standard slide", color: UIColor(red: 0.62, green: 0.85, blue: 0.98, alpha: 1))
        scene.at(bottomPushAt) { navigation.pushViewController(detail, animated: true) }
        scene.at(bottomPopAt) { navigation.popViewController(animated: true) }
        scene.at(standardPushAt) {
            navigation.delegate = nil
            navigation.pushViewController(standard, animated: true)
        }
        scene.at(standardPopAt) { navigation.popViewController(animated: true) }
        scene.at(bottomDuration - 0.2) { navigation.delegate = root }
    }

    @MainActor
    static func buildInteractivePop(_ scene: DemoScene) {
        let inbox = Screen(title: "Hộp thư", subtitle: "the screen underneath", color: UIColor(red: 0.90, green: 0.96, blue: 0.90, alpha: 1))
        let message = Screen(title: "Tin nhắn", subtitle: "swipe from the left edge", color: UIColor(red: 0.98, green: 0.86, blue: 0.92, alpha: 1))
        let navigation = UINavigationController(rootViewController: inbox)
        navigation.pushViewController(message, animated: false)
        let host = Host(frame: scene.view.bounds, navigation: navigation)
        scene.view.addSubview(host)
        let y: CGFloat = 320
        func swipe(reach: CGFloat) {
            let start = host.convert(CGPoint(x: 4, y: y), to: nil)
            let end = host.convert(CGPoint(x: 4 + deadZone + reach * size.width, y: y), to: nil)
            scene.stage.perform(TouchScript([
                TouchScript.Finger(at: start).move(to: end, at: swipeMove).hold(until: swipeMove + swipeRest).lift(),
            ]))
        }
        scene.at(firstSwipeAt) { swipe(reach: firstSwipeReach) }
        scene.at(secondSwipeAt) { swipe(reach: secondSwipeReach) }
        scene.at(pushBackAt) { navigation.pushViewController(message, animated: true) }
    }
}
