// UIWindow: the root of a view hierarchy, shown on a screen; the Stage's root.
//
// Audited against: UIWindow docs — rootViewController ("the root view controller provides the
//   content view of the window. Assigning a view controller to this property … installs the
//   view controller's view as the content view of the window"; the view is sized to the
//   window), makeKeyAndVisible(), makeKey(), isKeyWindow, screen, windowLevel,
//   sendEvent(_:); UIView docs for a window's window (itself).
// Status: what hosting needs. One key window at a time.

import Foundation
import KinemaSupport
import OpenQuartzCore

/// The root of a view hierarchy on a screen. A Stage has one: `stage.window`.
@MainActor
open class UIWindow: UIView {
    /// The screen the window is on. Default `UIScreen.main`.
    open var screen: UIScreen = UIScreen.main
    /// The window's level (stored; one window is shown).
    open var windowLevel: UIWindow.Level = .normal

    /// The view controller whose view fills the window.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let oldValue, oldValue.isViewLoaded {
                let visible = isVisible
                if visible { oldValue.beginAppearanceTransition(false) }
                oldValue.view.removeFromSuperview()
                if visible { oldValue.endAppearanceTransition() }
            }
            if isVisible { installRootView() }
        }
    }

    /// Whether the window is the key window.
    public var isKeyWindow: Bool { UIWindow.keyWindow === self }

    private var isVisible = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Makes the window key and shows it: the root view controller's view is installed (its
    /// appearance callbacks run) and laid out.
    open func makeKeyAndVisible() {
        makeKey()
        isHidden = false
        if !isVisible {
            isVisible = true
            installRootView()
        }
    }

    /// Makes the window the key window.
    open func makeKey() {
        UIWindow.keyWindow = self
    }

    /// The window's window is itself.
    open override var next: UIResponder? { nil }

    /// Dispatches `event` to its touches' gesture recognizers, then to the views the touches
    /// belong to (Events/TouchEnvironment.swift). The Stage's scripted touches come through here.
    open func sendEvent(_ event: UIEvent) {
        touchEnvironment.dispatch(event)
    }

    /// The window's touches in progress and the gesture recognizers watching them.
    lazy var touchEnvironment = TouchEnvironment(window: self)

    private func installRootView() {
        guard let controller = rootViewController else { return }
        let view: UIView = controller.view
        controller.beginAppearanceTransition(true)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        view.frame = bounds
        if view.autoresizingMask.isEmpty { view.autoresizingMask = [.flexibleWidth, .flexibleHeight] }
        addSubview(view)
        CATransaction.commit()
        view.layoutIfNeeded()
        controller.endAppearanceTransition()
    }

    private static weak var keyWindow: UIWindow?

    /// A window's level (UIWindow.Level).
    public struct Level: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// The level of ordinary windows.
        public static let normal = Level(rawValue: 0)
        /// The status bar's level, above ordinary windows.
        public static let statusBar = Level(rawValue: 1000)
        /// The level of alerts, above the status bar.
        public static let alert = Level(rawValue: 2000)
    }
}
