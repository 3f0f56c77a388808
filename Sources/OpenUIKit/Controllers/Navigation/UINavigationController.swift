// UINavigationController: a stack of view controllers, the top one's view on screen, changed by
// push, pop and set — each a view-controller transition (UINavigationController+Transition.swift)
// with UIKit's default slide (NavigationTransitionAnimator.swift) or the delegate's animator, and
// the left-edge swipe that pops interactively (UINavigationController+InteractivePop.swift).
//
// Audited against: UINavigationController docs — init(rootViewController:), init(nibName:bundle:),
//   viewControllers ("the root view controller is at index 0 … the top at n-1"; setting it "without
//   animating the changes"), topViewController, visibleViewController ("the view controller at the
//   top of the navigation stack or a view controller that was presented modally on top of the
//   navigation controller itself"), pushViewController(_:animated:) ("the object in the
//   viewController parameter becomes the top view controller"; pushing a navigation controller
//   "is not supported"), popViewController(animated:) ("the view controller that was popped";
//   "this method removes the top view controller"), popToRootViewController(animated:) ("an array
//   of view controllers representing the items that were popped"), popToViewController(_:animated:)
//   ("the view controller that you want to be at the top of the stack. This view controller must
//   currently be on the navigation stack"), setViewControllers(_:animated:) ("if animations are
//   enabled, this method decides which type of transition to perform based on whether the last
//   item in the items array is already in the navigation stack … a push … if it is, a pop"),
//   isNavigationBarHidden, setNavigationBarHidden(_:animated:), delegate, interactivePopGestureRecognizer,
//   UINavigationController.Operation (none 0, push 1, pop 2), hideShowBarDuration;
//   UINavigationControllerDelegate docs (willShow / didShow "just before / just after the
//   navigation controller displays a view controller's view and navigation item properties";
//   animationControllerFor "return nil to use the standard navigation transition";
//   interactionControllerFor); UIViewController.navigationController ("the nearest ancestor in the
//   view controller hierarchy that is a navigation controller"); UIKIT_SEMANTICS §4.1.
// Choices (UNCONFIRMED on iOS; listed in UINavigationController+Transition.swift's header).
// Status: the stack, its transitions, the delegate, the interactive pop. Missing: the toolbar
//   (`toolbarItems`, `isToolbarHidden`), `hidesBarsOnSwipe` and its kin, `show(_:sender:)`,
//   large titles, state restoration. The bar's look and motion: Sources/OpenUIKit/Navigation/.

import Foundation
import KinemaSupport
import OpenQuartzCore

/// The object told when a navigation controller shows a controller, and asked for the animator
/// and interaction controller of its transitions. Every method is optional (defaults below).
@MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// Called just before `viewController`'s view is shown (the transition coordinator is set).
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// Called just after `viewController`'s view was shown (not when an interactive pop is cancelled).
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    /// The animator of an animated push or pop; nil for the standard slide.
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    /// The interaction controller for `animationController` (asked only for the delegate's own
    /// animators); nil for none.
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

/// The sizes of the navigation controller's own views.
enum NavigationControllerMetrics {
    /// The navigation bar's height on a phone in portrait, points (iOS 7 and later).
    static let barHeight: CGFloat = 44
}

/// A container that shows a stack of view controllers, one screen at a time: push one on, pop
/// it off, and the screens slide as on iOS.
///
/// ```swift
/// let navigation = UINavigationController(rootViewController: InboxController())
/// stage.window.rootViewController = navigation
/// stage.window.makeKeyAndVisible()
/// navigation.pushViewController(MessageController(), animated: true)   // slides in from the right
/// ```
///
/// **Semantics.** The stack is the controller's children, root first. Only the top controller's
/// view is in the hierarchy (inside a content view that fills the controller's view below the
/// bar) except while a transition runs. Every change — push, pop, set, animated or not — is a
/// view-controller transition of kind navigation with the appearance callbacks, containment
/// calls and delegate messages in one order (docs/UIKIT.md, "Navigation"). `viewControllers`
/// changes when the transition begins; a cancelled interactive pop puts it back. One transition
/// at a time: a change asked for while one runs is a diagnostic and is ignored.
///
/// **Cost.** Two views of its own (the view and the content view), one gesture recognizer; a
/// transition makes one property animator and a dimming view.
@MainActor
open class UINavigationController: UIViewController {
    /// The kind of change a navigation transition makes (raw values as UIKit's).
    public enum Operation: Int, Sendable {
        /// No change of top controller.
        case none = 0
        /// A controller was pushed.
        case push = 1
        /// A controller was popped.
        case pop = 2
    }

    /// How long the bar takes to hide or show when animated, seconds (UNCONFIRMED: the value
    /// reimplementations report, UIKIT_SEMANTICS §4.1).
    public static let hideShowBarDuration: CGFloat = 0.2

    /// The stack, root first.
    var stack: [UIViewController] = []
    /// The transition running now, if any.
    var activeTransition: ViewControllerTransition?
    /// The view that holds the children's views (the transitions' container).
    var contentView: UIView?
    /// The percent-driven interaction of an edge-swipe pop in progress.
    var popInteraction: NavigationPopInteraction?
    private var barHidden = false

    /// The delegate (held weakly).
    open weak var delegate: (any UINavigationControllerDelegate)?

    /// The left-edge swipe that pops the top controller (a `UIScreenEdgePanGestureRecognizer`
    /// on the controller's view). It begins only when the stack holds two controllers or more
    /// and no transition runs.
    public let interactivePopGestureRecognizer: UIGestureRecognizer?

    /// The bar at the top of the controller's view (44 pt, full width), showing the stack's
    /// navigation items; its back button pops.
    public let navigationBar: UINavigationBar

    /// A navigation controller with `rootViewController` at the bottom of its stack.
    public convenience init(rootViewController: UIViewController) {
        self.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    /// An empty navigation controller (a nib name is a diagnostic: there are no nibs).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        let recognizer = UIScreenEdgePanGestureRecognizer()
        recognizer.edges = .left
        recognizer.name = "interactivePopGestureRecognizer"
        interactivePopGestureRecognizer = recognizer
        navigationBar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: NavigationControllerMetrics.barHeight))
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        connect(recognizer)
    }

    /// Archives are not decoded here: an empty navigation controller, with a diagnostic.
    public required init?(coder: NSCoder) {
        let recognizer = UIScreenEdgePanGestureRecognizer()
        recognizer.edges = .left
        interactivePopGestureRecognizer = recognizer
        navigationBar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: NavigationControllerMetrics.barHeight))
        super.init(coder: coder)
        connect(recognizer)
    }

    /// Wires the edge swipe and the bar's back button to the controller.
    private func connect(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        recognizer.addTarget(self, action: UINavigationController.handlePopGesture)
        recognizer.delegate = popGate
        navigationBar.autoresizingMask = [.flexibleWidth]
        navigationBar.onBack = { [weak self] in
            guard let self else { return }
            self.popViewController(animated: true)
        }
    }

    /// Decides whether the edge swipe may begin (the recognizer's delegate until the app sets
    /// its own).
    private lazy var popGate = NavigationPopGate(navigationController: self)

    // MARK: The stack

    /// The stack, root first. Setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Pushes `viewController` onto the stack and shows it (sliding in from the right when
    /// animated). A controller already in the stack, a navigation controller, or a push while a
    /// transition runs: a diagnostic, nothing happens.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        performPush(viewController, animated: animated)
    }

    /// Pops the top controller and returns it; nil when only the root is left (nothing happens)
    /// or a transition runs (a diagnostic).
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        performPop(animated: animated)
    }

    /// Pops every controller above the root; returns them (bottom first), [] when only the root
    /// is there, nil while a transition runs (a diagnostic).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        performPopToRoot(animated: animated)
    }

    /// Pops until `viewController` is at the top; returns the popped controllers (bottom first).
    /// One not in the stack, or a transition running: a diagnostic and nil.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        performPop(to: viewController, animated: animated)
    }

    /// Replaces the stack. Animated, a new top is pushed (or popped to, when it was in the stack).
    /// An empty array, duplicates or navigation controllers, or a transition running: a
    /// diagnostic, nothing changes.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        performSet(viewControllers, animated: animated)
    }

    /// The controller at the top of the stack.
    open var topViewController: UIViewController? { stack.last }

    /// The controller presented over the navigation controller (or its top controller), else the
    /// top controller.
    open var visibleViewController: UIViewController? {
        if let presented = presentedStorage ?? topViewController?.presentedStorage {
            var top = presented
            while let next = top.presentedStorage { top = next }
            return top
        }
        return topViewController
    }

    /// Only the top controller hears of the navigation controller's own appearance.
    override var childrenForAppearance: [UIViewController] {
        if activeTransition != nil { return [] }
        return topViewController.map { [$0] } ?? []
    }

    // MARK: The bar

    /// Whether the navigation bar is hidden (the content then fills the whole view).
    open var isNavigationBarHidden: Bool {
        get { barHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    /// Hides or shows the navigation bar (it slides up off the top; the content follows its
    /// bottom edge), animated over `hideShowBarDuration` when asked.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != barHidden else { return }
        barHidden = hidden
        guard isViewLoaded, let contentView else { return }
        let content = contentFrame
        let bar = barFrame
        let topBar = navigationBar
        if !hidden { topBar.isHidden = false }
        let change = {
            contentView.frame = content
            topBar.frame = bar
        }
        if animated, view.window != nil {
            UIView.animate(withDuration: TimeInterval(Self.hideShowBarDuration), animations: change) { [weak self] _ in
                guard let self else { return }
                topBar.isHidden = self.barHidden
            }
        } else {
            UIView.performWithoutAnimation(change)
            topBar.isHidden = hidden
        }
    }

    /// The height of the bar shown above the content.
    var shownBarHeight: CGFloat { NavigationControllerMetrics.barHeight }

    /// The bar's frame: the top 44 pt of the view, or just above it when hidden.
    var barFrame: CGRect {
        let bounds = viewIfLoaded?.bounds ?? .zero
        let height = NavigationControllerMetrics.barHeight
        return CGRect(x: bounds.minX, y: barHidden ? bounds.minY - height : bounds.minY, width: bounds.width, height: height)
    }

    /// The content view's frame: the view's bounds below the bar.
    var contentFrame: CGRect {
        let bounds = viewIfLoaded?.bounds ?? .zero
        let top = barHidden ? 0 : min(shownBarHeight, bounds.height)
        return CGRect(x: bounds.minX, y: bounds.minY + top, width: bounds.width, height: bounds.height - top)
    }

    // MARK: The view

    /// Makes the view: a plain view the size of the main screen holding the content view and the
    /// bar above it, with the edge-swipe recognizer.
    open override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        view = root
        let content = UIView(frame: contentFrame)
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.clipsToBounds = true
        root.addSubview(content)
        contentView = content
        UIView.performWithoutAnimation {
            navigationBar.frame = barFrame
            navigationBar.isHidden = barHidden
        }
        root.addSubview(navigationBar)
        if let interactivePopGestureRecognizer { root.addGestureRecognizer(interactivePopGestureRecognizer) }
        if let top = topViewController { install(top.view, in: content) }
    }

    /// Puts `childView` in the content view, filling it.
    func install(_ childView: UIView, in content: UIView) {
        UIView.performWithoutAnimation {
            childView.frame = content.bounds
            childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if childView.superview !== content { content.addSubview(childView) }
        }
    }
}

extension UIViewController {
    /// The nearest ancestor that is a navigation controller, or nil.
    public var navigationController: UINavigationController? {
        var candidate = parent
        while let current = candidate {
            if let navigation = current as? UINavigationController { return navigation }
            candidate = current.parent
        }
        return nil
    }
}
