// UIViewController: owns a view, loads it lazily, and hears when it appears and lays out.
//
// Audited against: UIViewController docs — init(nibName:bundle:), view ("if you access this
//   property when its value is nil, the view controller automatically calls loadView() and
//   returns the resulting view"), loadView() ("if the view controller does not have an
//   associated nib file, this method creates a plain UIView object instead"), viewIfLoaded,
//   isViewLoaded, loadViewIfNeeded(), viewDidLoad(), viewWillAppear(_:), viewDidAppear(_:),
//   viewWillDisappear(_:), viewDidDisappear(_:), viewWillLayoutSubviews(),
//   viewDidLayoutSubviews(), beginAppearanceTransition(_:animated:) / endAppearanceTransition(),
//   children, parent, addChild(_:) ("calls willMove(toParent:) automatically"),
//   removeFromParent() ("calls didMove(toParent: nil)"), willMove(toParent:), didMove(toParent:),
//   title.
// Status: what hosting a screen needs (issue 13 §1); presentation, navigation and transitions
//   come with the view-controller issue. There are no nibs: a nib name logs a diagnostic and
//   the view comes from loadView().

import Foundation
import KinemaSupport
import OpenQuartzCore

/// An object that manages a view: loads it when first asked, and is told when it appears,
/// disappears and lays out.
@MainActor
open class UIViewController: UIResponder {
    /// Presents `viewControllerToPresent` modally (UIViewController+Presentation.swift).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        performPresentation(of: viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presented, or this one when it was presented
    /// (UIViewController+Presentation.swift).
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismissal(animated: flag, completion: completion)
    }

    /// The nib the controller was made with (never loaded: there are no nibs here).
    public let nibName: String?
    /// The bundle given with the nib name.
    public let nibBundle: Bundle?
    /// The controller's title (also its navigation item's title, as in UIKit).
    open var title: String? {
        didSet { navigationItemStorage?.title = title }
    }

    /// The item a navigation bar shows for this controller, made on first use with the
    /// controller's title.
    open var navigationItem: UINavigationItem {
        if let navigationItemStorage { return navigationItemStorage }
        let item = UINavigationItem(title: title ?? "")
        if title == nil { item.title = nil }
        navigationItemStorage = item
        return item
    }
    private var navigationItemStorage: UINavigationItem?
    /// The child view controllers, in the order they were added.
    public private(set) var children: [UIViewController] = []
    /// The parent view controller.
    public private(set) weak var parent: UIViewController?

    private var loadedView: UIView?
    private var appearance: Appearance = .disappeared

    private enum Appearance { case disappeared, appearing, appeared, disappearing }
    private var appearanceAnimated = false

    /// Whether the view is in a window (appeared or appearing).
    var isShowing: Bool { appearance == .appeared || appearance == .appearing }

    // MARK: Presentation state (UIViewController+Presentation.swift)

    /// How the controller is shown when presented. Default `.automatic` (a page sheet, or full
    /// screen for a custom animator: `UIViewController+Presentation.swift`).
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// The default animation when the controller is presented. Default `.coverVertical`.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// The object asked for the animator, interaction controller and presentation controller
    /// when the controller is presented or dismissed. Held weakly, as in UIKit.
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    /// Whether a presentation from this controller covers only its own view's area (stored;
    /// Kinema presents over the window).
    open var definesPresentationContext = false
    /// Whether the presentation can be dismissed interactively (stored; sheets here are
    /// dismissed by code).
    open var isModalInPresentation = false
    /// The controller this one presented (strong, as in UIKit).
    var presentedStorage: UIViewController?
    /// The controller that presented this one.
    weak var presentingStorage: UIViewController?
    /// This controller's current presentation: its container, presentation controller and
    /// where the presenter's view was.
    var presentationRecord: PresentationRecord?
    /// Set while a transition moves this controller: read by isBeingPresented and its kin.
    var transitionRole = TransitionRole()

    struct TransitionRole {
        var beingPresented = false
        var beingDismissed = false
        var movingToParent = false
        var movingFromParent = false
    }

    /// The children whose appearance callbacks follow this controller's (default all; a
    /// container showing one child at a time answers that child).
    var childrenForAppearance: [UIViewController] { children }

    // MARK: Properties with no effect here (stored for source compatibility)

    /// The status bar style the controller prefers (no status bar is drawn).
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the controller prefers the status bar hidden (no status bar is drawn).
    open var prefersStatusBarHidden: Bool { false }
    /// The home indicator preference (no home indicator is drawn).
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// Asks the system to read the status bar preferences again (nothing to update here).
    open func setNeedsStatusBarAppearanceUpdate() {}
    /// The size the controller would like when presented in a popover or form sheet (stored).
    open var preferredContentSize: CGSize = .zero
    /// Extended layout edges (stored; views are laid out full screen).
    open var edgesForExtendedLayout: UIRectEdge = .all
    /// Whether the hidesBottomBarWhenPushed preference is set (stored; there are no tab bars).
    open var hidesBottomBarWhenPushed = false

    /// A view controller with a nib name (no nib is loaded: a diagnostic, and `loadView()`
    /// makes the view) and bundle.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// A view controller without a nib.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Archives are not decoded here: a controller without a nib, with a diagnostic. Declared so
    /// subclasses written for UIKit compile.
    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init()
        KinemaDiagnostics.emit("UIViewController", "init(coder:): Kinema has no archives or storyboards; made \(type(of: self)) without one")
    }

    // MARK: The view

    /// The controller's view, loaded (`loadView()`, then `viewDidLoad()`) the first time it is read.
    open var view: UIView! {
        get {
            if let loadedView { return loadedView }
            loadViewIfNeeded()
            return loadedView ?? makeFallbackView()
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    /// The view if it is loaded, else nil (never loads it).
    public var viewIfLoaded: UIView? { loadedView }

    /// Whether the view is loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        if let nibName {
            KinemaDiagnostics.emit("UIViewController", "nib \"\(nibName)\" cannot be loaded (Kinema has no nibs); the view comes from loadView()")
        }
        loadView()
        if loadedView == nil {
            KinemaDiagnostics.emit("UIViewController", "loadView() of \(type(of: self)) set no view; made a plain view")
            _ = makeFallbackView()
        }
        viewDidLoad()
    }

    /// Makes the view. Default: a plain `UIView` the size of the main screen.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    private func makeFallbackView() -> UIView {
        let fallback = UIView(frame: UIScreen.main.bounds)
        view = fallback
        return fallback
    }

    // MARK: Callbacks (override points; the defaults do nothing)

    /// Called after the view was loaded.
    open func viewDidLoad() {}
    /// Called before the view is added to a window.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view was added to a window.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view is removed from a window.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view was removed from a window.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the view lays out its subviews.
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Starts an appearance change: `viewWillAppear` (appearing) or `viewWillDisappear`, passed
    /// on to the children.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool = false) {
        appearanceAnimated = animated
        if isAppearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            appearance = .appearing
            viewWillAppear(animated)
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            viewWillDisappear(animated)
        }
        for child in childrenForAppearance { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends the appearance change begun last: `viewDidAppear` or `viewDidDisappear` (with the
    /// `animated` flag the change began with).
    public func endAppearanceTransition() {
        switch appearance {
        case .appearing:
            appearance = .appeared
            viewDidAppear(appearanceAnimated)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(appearanceAnimated)
        default:
            return
        }
        for child in childrenForAppearance { child.endAppearanceTransition() }
    }

    // MARK: Containment

    /// Adds `childController` as a child (calls its `willMove(toParent:)`; the caller adds its
    /// view and then calls `didMove(toParent:)`).
    open func addChild(_ childController: UIViewController) {
        guard childController !== self else {
            KinemaDiagnostics.emit("UIViewController", "addChild: a view controller cannot be its own child; nothing changed")
            return
        }
        if childController.parent === self { return }
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes the controller from its parent (calls `didMove(toParent: nil)`).
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to or removed from a parent. Default: nothing.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the controller was added to or removed from a parent. Default: nothing.
    open func didMove(toParent parent: UIViewController?) {}

    /// The view's superview; a controller's next responder.
    open override var next: UIResponder? {
        loadedView?.superview ?? parent
    }
}
