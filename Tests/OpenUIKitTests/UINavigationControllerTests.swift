// UINavigationController: the stack after each change, the order of the callbacks for push, pop,
// interactive cancel and finish, the standard animator's curve and geometry, the edge swipe's
// rules, and bad input.
//
// Audited against: UINavigationController docs; UIKIT_SEMANTICS §4.1 (the measured row). The
//   expected orders are the ones docs/UIKIT.md "Navigation" states.

import Foundation
import Kinema
import Testing

/// A log the screens and the delegate write into.
@MainActor
final class NavigationLog {
    var entries: [String] = []
}

/// A screen that logs its appearance and containment callbacks, with its moving flags.
@MainActor
final class LoggingScreen: UIViewController {
    let name: String
    let log: NavigationLog

    init(_ name: String, log: NavigationLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    private func flags() -> String {
        (isMovingToParent ? " +parent" : "") + (isMovingFromParent ? " -parent" : "")
    }
    override func viewWillAppear(_ animated: Bool) { log.entries.append("\(name).willAppear\(flags())") }
    override func viewDidAppear(_ animated: Bool) { log.entries.append("\(name).didAppear\(flags())") }
    override func viewWillDisappear(_ animated: Bool) { log.entries.append("\(name).willDisappear\(flags())") }
    override func viewDidDisappear(_ animated: Bool) { log.entries.append("\(name).didDisappear\(flags())") }
    override func willMove(toParent parent: UIViewController?) {
        log.entries.append("\(name).willMove(\(parent == nil ? "nil" : "nav"))")
    }
    override func didMove(toParent parent: UIViewController?) {
        log.entries.append("\(name).didMove(\(parent == nil ? "nil" : "nav"))")
    }
}

/// A delegate logging willShow / didShow.
@MainActor
final class LoggingNavigationDelegate: UINavigationControllerDelegate {
    let log: NavigationLog
    init(log: NavigationLog) { self.log = log }
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        log.entries.append("willShow \((viewController as? LoggingScreen)?.name ?? "?")")
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        log.entries.append("didShow \((viewController as? LoggingScreen)?.name ?? "?")")
    }
}

/// What the screen shows of a view: its presentation frame (the model frame when not animating).
@MainActor
func shownFrame(_ view: UIView) -> CGRect {
    view.layer.presentation()?.frame ?? view.frame
}

@MainActor
@Suite("UINavigationController")
struct UINavigationControllerTests {
    static let size = CGSize(width: 320, height: 568)
    /// The content view's size: the screen below the 44 pt bar.
    static let content = CGSize(width: 320, height: 524)

    struct Fixture {
        let stage: Stage
        let navigation: UINavigationController
        let a: LoggingScreen
        let b: LoggingScreen
        let log: NavigationLog
        let delegate: LoggingNavigationDelegate
    }

    /// A navigation controller showing A in a window, with a logging delegate; the log is empty.
    func fixture() -> Fixture {
        let stage = Stage(size: Self.size, scale: 1, threads: 1)
        let log = NavigationLog()
        let a = LoggingScreen("A", log: log)
        let b = LoggingScreen("B", log: log)
        let delegate = LoggingNavigationDelegate(log: log)
        let navigation = UINavigationController(rootViewController: a)
        navigation.delegate = delegate
        stage.withClock {
            stage.window.rootViewController = navigation
            stage.window.makeKeyAndVisible()
            stage.turn(to: 0)
        }
        log.entries.removeAll()
        return Fixture(stage: stage, navigation: navigation, a: a, b: b, log: log, delegate: delegate)
    }

    /// The veil the standard animator puts over the covered screen: the container's subview that
    /// is neither screen and has a background (the page's shadow view has none).
    func veil(in container: UIView, screens: [UIView]) -> UIView? {
        container.subviews.first { view in !screens.contains { $0 === view } && view.backgroundColor != nil }
    }

    @Test("the root controller is the only child and its view fills the content view")
    func root() {
        let f = fixture()
        #expect(f.navigation.viewControllers.map { ($0 as? LoggingScreen)?.name } == ["A"])
        #expect(f.navigation.children.count == 1)
        #expect(f.a.navigationController === f.navigation)
        #expect(f.a.view.window === f.stage.window)
        #expect(f.a.view.convert(f.a.view.bounds, to: nil) == CGRect(x: 0, y: 44, width: 320, height: 524))
        #expect(f.navigation.navigationBar.frame == CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(f.navigation.navigationBar.window === f.stage.window)
        #expect(f.navigation.topViewController === f.a)
        #expect(f.navigation.visibleViewController === f.a)
    }

    @Test("an animated push: order of the callbacks, the stack, and the hierarchy during and after")
    func pushOrder() {
        let f = fixture()
        f.stage.withClock {
            f.navigation.pushViewController(f.b, animated: true)
            // The stack changes when the transition begins; both views are in the container.
            #expect(f.navigation.viewControllers.count == 2)
            #expect(f.navigation.topViewController === f.b)
            #expect(f.a.view.superview != nil && f.b.view.superview === f.a.view.superview)
            #expect(f.b.transitionCoordinator != nil)
            f.stage.turn(to: 0)
            f.stage.turn(to: 0.2)
            #expect(!f.log.entries.contains("B.didAppear +parent"))
            f.stage.turn(to: 0.45)
        }
        #expect(f.log.entries == [
            "B.willMove(nav)", "willShow B", "A.willDisappear", "B.willAppear +parent",
            "A.didDisappear", "B.didAppear +parent", "B.didMove(nav)", "didShow B",
        ])
        #expect(f.navigation.children.count == 2)
        #expect(f.a.view.superview == nil)
        #expect(f.b.view.frame == CGRect(origin: .zero, size: Self.content))
        #expect(f.b.navigationController === f.navigation)
        #expect(f.b.transitionCoordinator == nil)
        #expect(!f.b.isMovingToParent)
    }

    @Test("an animated pop: order of the callbacks, the popped controller returned and released from the stack")
    func popOrder() {
        let f = fixture()
        var popped: UIViewController?
        f.stage.withClock {
            f.navigation.pushViewController(f.b, animated: false)
            f.log.entries.removeAll()
            popped = f.navigation.popViewController(animated: true)
            #expect(f.navigation.viewControllers.count == 1)
            f.stage.turn(to: 0)
            f.stage.turn(to: 0.45)
        }
        #expect(popped === f.b)
        #expect(f.log.entries == [
            "B.willMove(nil)", "willShow A", "B.willDisappear -parent", "A.willAppear",
            "B.didDisappear -parent", "A.didAppear", "B.didMove(nil)", "didShow A",
        ])
        #expect(f.navigation.children.count == 1)
        #expect(f.b.parent == nil)
        #expect(f.b.view.superview == nil)
        #expect(f.a.view.frame == CGRect(origin: .zero, size: Self.content))
    }

    @Test("a push without animation runs the same order at once")
    func pushNotAnimated() {
        let f = fixture()
        f.stage.withClock { f.navigation.pushViewController(f.b, animated: false) }
        #expect(f.log.entries == [
            "B.willMove(nav)", "willShow B", "A.willDisappear", "B.willAppear +parent",
            "A.didDisappear", "B.didAppear +parent", "B.didMove(nav)", "didShow B",
        ])
        #expect(f.a.view.superview == nil)
        #expect(f.b.view.superview != nil)
    }

    @Test("the standard push: the new screen slides in on the fitted 61 ms decay, the old one drifts 0.29 left under a 0.115 veil")
    func standardCurve() throws {
        let f = fixture()
        let w = Self.size.width
        // f(t) = (1 − e^(−t/τ)) / (1 − e^(−T/τ)); the fitted cubic is within 0.0012 of it.
        func decay(_ t: Double) -> Double { (1 - exp(-t / 0.061)) / (1 - exp(-0.4 / 0.061)) }
        let tolerance = 0.0012 * Double(w) + 0.01
        var samples: [(t: Double, b: Double, a: Double, veil: Double)] = []
        try f.stage.withClock {
            f.navigation.pushViewController(f.b, animated: true)
            let container = try #require(f.b.view.superview)
            let veilView = try #require(veil(in: container, screens: [f.a.view, f.b.view]))
            f.stage.turn(to: 0)
            for t in [0.0, 0.030, 0.061, 0.122, 0.2] {
                f.stage.turn(to: t)
                let alpha = Double(veilView.layer.presentation()?.opacity ?? -1)
                samples.append((t, Double(shownFrame(f.b.view).minX), Double(shownFrame(f.a.view).minX), alpha))
            }
        }
        for s in samples {
            let p = decay(s.t)
            #expect(abs(s.b - Double(w) * (1 - p)) < tolerance, "B at t = \(s.t): \(s.b)")
            #expect(abs(s.a + 0.29 * Double(w) * p) < tolerance, "A at t = \(s.t): \(s.a)")
            #expect(abs(s.veil - 0.115 * p) < 0.002, "veil at t = \(s.t): \(s.veil)")
        }
        // At t = τ the page has covered 1 − 1/e of the way (normalised: 0.6330).
        let atTau = try #require(samples.first { $0.t == 0.061 })
        #expect(abs((Double(w) - atTau.b) / Double(w) - (1 - exp(-1.0)) / (1 - exp(-0.4 / 0.061))) < 0.0013)
    }

    @Test("pixels of the standard push at τ: the covered screen under the 0.115 × 0.633 veil, darker still in the page's shadow by its edge")
    func pushPixels() throws {
        let f = fixture()
        f.a.view.backgroundColor = .white
        f.b.view.backgroundColor = .white
        var frame: Pixmap?
        var edge: CGFloat = 0
        f.stage.withClock {
            f.navigation.pushViewController(f.b, animated: true)
            f.stage.turn(to: 0)
            frame = f.stage.step(to: 0.061)
            edge = shownFrame(f.b.view).minX
        }
        let pixels = try #require(frame)
        let x = Int(edge.rounded(.down))
        func red(_ x: Int) throws -> Int { Int(try #require(pixels.pixel(x: x, y: 300)).red) }
        // The veil: white × (1 − 0.115 × 0.6337) = 236.4, away from the shadow.
        #expect(abs(try red(x - 40) - 236) <= 1)
        // The shadow darkens the last points before the page's edge; the page is white.
        #expect(try red(x - 2) < 233)
        #expect(try red(x - 2) < red(x - 6))
        #expect(try red(x + 2) == 255)
    }

    @Test("the standard pop: the top screen slides right off, the one under it comes from −0.29 width; done at 400 ms")
    func standardPop() throws {
        let f = fixture()
        let w = Double(Self.size.width)
        var mid: (a: Double, b: Double) = (0, 0)
        f.stage.withClock {
            f.navigation.pushViewController(f.b, animated: false)
            f.navigation.popViewController(animated: true)
            f.stage.turn(to: 0)
            f.stage.turn(to: 0.061)
            mid = (Double(shownFrame(f.a.view).minX), Double(shownFrame(f.b.view).minX))
            f.stage.turn(to: 0.39)
            #expect(f.navigation.children.count == 2)
            f.stage.turn(to: 0.4)
        }
        let p = 0.6330
        #expect(abs(mid.b - w * p) < 0.5)
        #expect(abs(mid.a + 0.29 * w * (1 - p)) < 0.5)
        #expect(f.navigation.children.count == 1)
        #expect(f.b.view.superview == nil)
        #expect(f.a.view.frame.minX == 0)
    }

    @Test("popToRoot and popToViewController return the popped controllers; set animated pushes a new top")
    func popToAndSet() {
        let f = fixture()
        let c = LoggingScreen("C", log: f.log)
        let d = LoggingScreen("D", log: f.log)
        f.stage.withClock {
            f.navigation.setViewControllers([f.a, f.b, c], animated: false)
            #expect(f.navigation.viewControllers.map { ($0 as? LoggingScreen)?.name } == ["A", "B", "C"])
            #expect(c.view.superview != nil)
            #expect(f.b.viewIfLoaded?.superview == nil)
            let popped = f.navigation.popToViewController(f.b, animated: false)
            #expect(popped?.map { ($0 as? LoggingScreen)?.name } == ["C"])
            f.navigation.pushViewController(c, animated: false)
            let all = f.navigation.popToRootViewController(animated: false)
            #expect(all?.map { ($0 as? LoggingScreen)?.name } == ["B", "C"])
            #expect(f.navigation.popToRootViewController(animated: false)?.isEmpty == true)
            f.log.entries.removeAll()
            f.navigation.setViewControllers([f.a, d], animated: true)
            f.stage.turn(to: 0)
            f.stage.turn(to: 0.5)
        }
        #expect(f.log.entries.first == "D.willMove(nav)")
        #expect(f.log.entries.contains("D.didAppear +parent"))
        #expect(f.navigation.viewControllers.map { ($0 as? LoggingScreen)?.name } == ["A", "D"])
        #expect(f.navigation.children.count == 2)
        #expect(c.parent == nil && f.b.parent == nil)
    }

    @Test("bad input: a diagnostic and nothing changes")
    func badInput() {
        let f = fixture()
        let other = UINavigationController(rootViewController: UIViewController())
        let stranger = UIViewController()
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            f.stage.withClock {
                f.navigation.pushViewController(f.a, animated: true)           // already in the stack
                f.navigation.pushViewController(other, animated: true)         // a navigation controller
                #expect(f.navigation.popViewController(animated: true) == nil) // the root: silently nil
                #expect(f.navigation.popToViewController(stranger, animated: true) == nil)
                f.navigation.setViewControllers([], animated: true)
                f.navigation.setViewControllers([f.a, f.a], animated: false)
                f.navigation.pushViewController(f.b, animated: true)
                f.navigation.pushViewController(stranger, animated: true)      // a transition runs
                #expect(f.navigation.popViewController(animated: true) == nil)
                f.stage.turn(to: 0)
                f.stage.turn(to: 0.5)
            }
        }
        let messages = diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("more than once") })
        #expect(messages.contains { $0.contains("pushing a navigation controller") })
        #expect(messages.contains { $0.contains("not in the navigation stack") })
        #expect(messages.contains { $0.contains("empty stack") })
        #expect(messages.contains { $0.contains("appears more than once") })
        #expect(messages.filter { $0.contains("in progress") }.count == 2)
        #expect(diagnostics.count == 7)
        #expect(f.navigation.viewControllers.count == 2)
        #expect(f.navigation.topViewController === f.b)
        #expect(stranger.parent == nil)
    }

    @Test("the bar shows the stack's navigation items; its back button pops; a cancelled swipe puts its items back")
    func bar() {
        let f = fixture()
        f.a.title = "Inbox"
        f.b.title = "Message"
        let bar = f.navigation.navigationBar
        f.stage.withClock {
            #expect(bar.items?.count == 1 && bar.topItem === f.a.navigationItem)
            f.navigation.pushViewController(f.b, animated: true)
            // The bar's items change when the transition begins, as the stack does.
            #expect(bar.items?.count == 2 && bar.topItem === f.b.navigationItem && bar.backItem === f.a.navigationItem)
            f.stage.turn(to: 0)
            f.stage.run(until: 0.5)
            swipe(f, distance: 100, duration: 0.3, liftAt: 0.6)
            f.stage.run(until: 0.7)
            #expect(bar.items?.count == 1)
            // Lifted at 1.1 s; the release spring settles within 0.45 s.
            f.stage.run(until: 1.6)
            #expect(f.navigation.viewControllers.count == 2)
            #expect(bar.items?.count == 2 && bar.topItem === f.b.navigationItem)
            // The back button: the chevron at the bar's left.
            f.stage.tap(at: CGPoint(x: 16, y: 22))
            f.stage.run(until: 2.3)
        }
        #expect(f.navigation.viewControllers.count == 1)
        #expect(bar.items?.count == 1 && bar.topItem === f.a.navigationItem)
    }

    @Test("hiding the bar gives the content the whole view")
    func barHidden() {
        let f = fixture()
        f.stage.withClock {
            f.navigation.setNavigationBarHidden(true, animated: false)
            f.stage.turn(to: 0)
        }
        #expect(f.navigation.isNavigationBarHidden)
        #expect(f.a.view.convert(f.a.view.bounds, to: nil) == CGRect(origin: .zero, size: Self.size))
        #expect(f.navigation.navigationBar.isHidden)
    }

    @Test("visibleViewController is a controller presented over the stack, else the top")
    func visible() {
        let f = fixture()
        let sheet = UIViewController()
        f.stage.withClock {
            f.navigation.pushViewController(f.b, animated: false)
            #expect(f.navigation.visibleViewController === f.b)
            f.b.present(sheet, animated: false)
            f.stage.turn(to: 0)
        }
        #expect(f.navigation.visibleViewController === sheet)
        #expect(f.navigation.topViewController === f.b)
    }

    @Test("a popped controller is released: nothing of an animated push, pop or swipe keeps it")
    func releasesPopped() {
        let f = fixture()
        weak var pushed: LoggingScreen?
        weak var swiped: LoggingScreen?
        f.stage.withClock {
            var c: LoggingScreen? = LoggingScreen("C", log: f.log)
            var d: LoggingScreen? = LoggingScreen("D", log: f.log)
            pushed = c
            swiped = d
            if let c { f.navigation.pushViewController(c, animated: true) }
            c = nil
            f.stage.turn(to: 0)
            f.stage.run(until: 0.5)
            #expect(pushed != nil && f.navigation.topViewController === pushed)
            f.navigation.popViewController(animated: true)
            f.stage.run(until: 1.0)
            if let d { f.navigation.pushViewController(d, animated: true) }
            d = nil
            f.stage.run(until: 1.5)
            #expect(swiped != nil && f.navigation.topViewController === swiped)
            swipe(f, distance: 250, duration: 0.3, liftAt: 0.5)
            f.stage.run(until: 3.0)
        }
        #expect(f.navigation.viewControllers.count == 1)
        #expect(pushed == nil)
        #expect(swiped == nil)
    }

    // MARK: The edge swipe

    /// A finger from x = 4 moving right by `distance` in `duration`, then holding still until
    /// `liftAt` (so the release velocity is `lifted` or the move's).
    func swipe(_ f: Fixture, distance: CGFloat, duration: Double, liftAt: Double) {
        let y: CGFloat = 300
        f.stage.perform(TouchScript([
            TouchScript.Finger(at: CGPoint(x: 4, y: y)).move(to: CGPoint(x: 4 + distance, y: y), at: duration)
                .hold(until: liftAt).lift(),
        ]))
    }

    @Test("an edge swipe released before the line at rest cancels: the page springs back, the stack is unchanged")
    func interactiveCancel() {
        let f = fixture()
        let w = Self.size.width
        var during: CGFloat = -1
        f.stage.withClock {
            f.navigation.pushViewController(f.b, animated: false)
            f.log.entries.removeAll()
            swipe(f, distance: 12 + 0.4 * w, duration: 0.3, liftAt: 0.6)
            f.stage.run(until: 0.2)
            // The finger is at 4 + (2/3)(12 + 0.4 w); the page lags it by 12 pt from the touch.
            during = shownFrame(f.b.view).minX
            #expect(f.navigation.viewControllers.count == 1)
            f.stage.run(until: 1.4)
        }
        let expected = (12 + 0.4 * w) * 2 / 3 - 12
        #expect(abs(during - expected) < 0.01)
        #expect(f.log.entries == [
            "B.willMove(nil)", "willShow A", "B.willDisappear -parent", "A.willAppear",
            "A.willDisappear", "A.didDisappear", "B.willAppear", "B.didAppear", "B.didMove(nav)",
        ])
        #expect(f.navigation.viewControllers.count == 2)
        #expect(f.navigation.topViewController === f.b)
        #expect(f.a.view.superview == nil)
        #expect(f.b.view.frame == CGRect(origin: .zero, size: Self.content))
        #expect(shownFrame(f.b.view).minX == 0)
    }

    @Test("an edge swipe released past 53 % at rest finishes the pop")
    func interactiveFinish() {
        let f = fixture()
        let w = Self.size.width
        f.stage.withClock {
            f.navigation.pushViewController(f.b, animated: false)
            f.log.entries.removeAll()
            swipe(f, distance: 12 + 0.6 * w, duration: 0.3, liftAt: 0.6)
            f.stage.run(until: 1.4)
        }
        #expect(f.log.entries == [
            "B.willMove(nil)", "willShow A", "B.willDisappear -parent", "A.willAppear",
            "B.didDisappear -parent", "A.didAppear", "B.didMove(nil)", "didShow A",
        ])
        #expect(f.navigation.viewControllers.count == 1)
        #expect(f.b.view.superview == nil)
        #expect(f.a.view.frame == CGRect(origin: .zero, size: Self.content))
    }

    @Test("the release projects 0.12 s ahead: a quick flick at 35 % pops, a slow one at 35 % does not")
    func projection() {
        for (duration, pops) in [(0.1, true), (1.2, false)] {
            let f = fixture()
            let w = Self.size.width
            f.stage.withClock {
                f.navigation.pushViewController(f.b, animated: false)
                // Lifted while moving: the release velocity is the move's.
                swipe(f, distance: 12 + 0.35 * w, duration: duration, liftAt: duration)
                f.stage.run(until: duration + 1)
            }
            #expect(f.navigation.viewControllers.count == (pops ? 1 : 2), "swipe over \(duration) s")
        }
    }

    @Test("the swipe needs two controllers and a touch at the left edge")
    func swipeRules() {
        let f = fixture()
        f.stage.withClock {
            // Only the root: nothing happens.
            swipe(f, distance: 250, duration: 0.3, liftAt: 0.3)
            f.stage.run(until: 0.5)
            #expect(f.log.entries.isEmpty)
            f.navigation.pushViewController(f.b, animated: false)
            f.log.entries.removeAll()
            // Away from the edge: nothing happens.
            f.stage.drag(from: CGPoint(x: 60, y: 300), to: CGPoint(x: 310, y: 300), duration: 0.3)
            f.stage.run(until: 1.0)
            #expect(f.log.entries.isEmpty)
            #expect(f.navigation.viewControllers.count == 2)
        }
    }

    @Test("the delegate's interaction controller wins: the swipe starts the pop, the delegate's driver moves it")
    func delegateInteraction() {
        let f = fixture()
        let delegate = DrivingDelegate()
        f.navigation.delegate = delegate
        var afterSwipe: CGFloat = -1
        var driven: CGFloat = -1
        f.stage.withClock {
            f.navigation.pushViewController(f.b, animated: false)
            swipe(f, distance: 200, duration: 0.3, liftAt: 0.4)
            f.stage.run(until: 0.5)
            afterSwipe = shownFrame(f.b.view).minX
            delegate.driver.update(0.25)
            f.stage.run(until: 0.55)
            driven = shownFrame(f.b.view).minX
            delegate.driver.finish()
            f.stage.run(until: 1.5)
        }
        #expect(delegate.asked == 1)
        // The swipe's 200 pt did not move the page; the delegate's 25 % did (a linear fade-and-slide).
        #expect(afterSwipe == 0)
        #expect(abs(driven - 80) < 0.01)
        #expect(f.navigation.viewControllers.count == 1)
    }
}

/// A delegate with its own animator (a linear slide to the right) and interaction controller.
@MainActor
final class DrivingDelegate: UINavigationControllerDelegate {
    let driver = UIPercentDrivenInteractiveTransition()
    let animator = LinearSlideAnimator()
    var asked = 0
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        animator
    }
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? {
        asked += 1
        return driver
    }
}

/// Pops by sliding the top view right by the container's width, linearly, over 0.4 s.
@MainActor
final class LinearSlideAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.4 }
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        guard let from = transitionContext.view(forKey: .from), let to = transitionContext.view(forKey: .to) else { return }
        transitionContext.containerView.insertSubview(to, belowSubview: from)
        let width = transitionContext.containerView.bounds.width
        UIView.animate(withDuration: 0.4, delay: 0, options: [.curveLinear], animations: { from.frame.origin.x = width }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

@MainActor
@Suite("UIScreenEdgePanGestureRecognizer")
struct UIScreenEdgePanGestureRecognizerTests {
    /// A 400 × 400 stage whose window carries an edge recognizer for `edges`, logging its states.
    func setUp(_ edges: UIRectEdge) -> (Stage, StateLog, UIScreenEdgePanGestureRecognizer) {
        let (stage, _) = touchStage()
        let log = StateLog()
        let recognizer = UIScreenEdgePanGestureRecognizer(target: log, action: StateLog.handle)
        recognizer.edges = edges
        stage.withClock { stage.window.addGestureRecognizer(recognizer) }
        return (stage, log, recognizer)
    }

    @Test("begins from within 20 pt of an accepted edge, moving away from it; translation counts from the began point")
    func fromTheEdge() {
        let (stage, log, recognizer) = setUp(.right)
        log.reference = stage.window
        stage.withClock {
            stage.drag(from: CGPoint(x: 385, y: 200), to: CGPoint(x: 285, y: 200), duration: 0.3)
            stage.run(until: 0.5)
        }
        #expect(log.sequence == [.began, .changed, .ended])
        #expect(recognizer.state == .possible)
        // 100 pt of travel, the first 10 (or a little more, at the first sample past 10) before began.
        let last = log.snapshots.last?.translation.x ?? 0
        #expect(last < -88 && last > -91, "\(last)")
    }

    @Test("fails from 20 pt or more inside, from an edge not accepted, and when it moves along or back to the edge")
    func fails() {
        for (edges, from, to) in [
            (UIRectEdge.left, CGPoint(x: 21, y: 200), CGPoint(x: 200, y: 200)),   // too far in
            (UIRectEdge.left, CGPoint(x: 395, y: 200), CGPoint(x: 200, y: 200)),  // the right edge is not accepted
            (UIRectEdge.left, CGPoint(x: 5, y: 100), CGPoint(x: 25, y: 300)),     // mostly along the edge
            (UIRectEdge.bottom, CGPoint(x: 200, y: 395), CGPoint(x: 200, y: 400)), // towards the edge, then nothing
        ] {
            let (stage, log, _) = setUp(edges)
            stage.withClock {
                stage.drag(from: from, to: to, duration: 0.3)
                stage.run(until: 0.5)
            }
            #expect(log.states.isEmpty, "\(edges.rawValue) \(from) → \(to): \(log.states)")
        }
    }
}
