// UINavigationBar: the bar at the top of a navigation interface — a stack of navigation items,
// the top one's title and buttons, a back button to the one below.
//
// Audited against: UINavigationBar docs — items, topItem, backItem ("the navigation item that is
//   immediately below the topmost item"), setItems(_:animated:) ("if animated … simulates a push
//   or pop depending on whether the new top item was previously in the stack"),
//   pushItem(_:animated:), popItem(animated:) (returns the popped item), delegate
//   (UINavigationBarDelegate: navigationBar(_:shouldPush:) / didPush / shouldPop / didPop, all
//   optional), barTintColor, tintColor ("the tint color to apply to the navigation items and bar
//   button items"), titleTextAttributes, isTranslucent (default true), barStyle (UIBarStyle raw
//   values default 0, black 1, blackTranslucent 2), prefersLargeTitles, shadowImage. Back title
//   rules (UINavigationItem docs): backBarButtonItem's title, else backButtonTitle, else the back
//   item's title; "Back" when that does not fit; only the chevron when nothing fits.
// Status: the look is iOS 7–14's standard bar, with Kinema's numbers in `NavigationBarMetrics`:
//   44 pt of content at the bottom of the bounds, white at 0.94 alpha when translucent (opaque
//   white when not; `barTintColor` replaces it, made opaque when not translucent), no blur, a
//   1-pixel hairline of black at 0.3 alpha along the bottom row inside the bounds (iOS hangs it
//   just below). `barStyle`, `prefersLargeTitles` and `shadowImage` are stored with no effect (no
//   dark style, no large titles, the hairline is always drawn). No prompt line, no
//   UIBarPositioning, no appearance proxies (UINavigationBarAppearance). A bar outside a window
//   changes its items at once even when asked to animate. Transitions: UINavigationBar+Transition.swift.

import Foundation
import KinemaSupport

/// A bar's style (raw values as UIKit's; stored by the navigation bar, with no effect here).
public enum UIBarStyle: Int, Sendable {
    /// The default bar appearance.
    case `default` = 0
    /// A dark bar.
    case black = 1
    /// Deprecated: `.black` with `isTranslucent = true`.
    case blackTranslucent = 2
    /// Deprecated: `.black`.
    public static var blackOpaque: UIBarStyle { .black }
}

/// What a navigation bar asks and tells about pushes and pops it makes itself (not those a
/// navigation controller makes). Every method is optional: the defaults allow and do nothing.
@MainActor
public protocol UINavigationBarDelegate: AnyObject {
    /// Whether `item` may be pushed. Default true.
    func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool
    /// `item` was pushed (after the animation, if any).
    func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem)
    /// Whether the top item may be popped (asked by `popItem(animated:)` and the back button).
    /// Default true.
    func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool
    /// `item` was popped (after the animation, if any).
    func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem)
}

extension UINavigationBarDelegate {
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool { true }
    public func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem) {}
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool { true }
    public func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem) {}
}

/// The navigation bar's numbers, in points and seconds. iOS's own are not published; these are
/// measured off iOS 7–14 screenshots (sizes) or chosen (motion), and named here in one place.
enum NavigationBarMetrics {
    /// The height of the bar's content (the bar's own height; a navigation controller adds the
    /// status bar above).
    static let contentHeight: CGFloat = 44
    /// Bar button items sit this far from the bar's edges.
    static let sideMargin: CGFloat = 16
    /// Between two bar button items on one side.
    static let interItemSpacing: CGFloat = 8
    /// The least room between the title and the items beside it.
    static let titleGap: CGFloat = 8
    /// The back chevron's left edge from the bar's left edge.
    static let chevronInset: CGFloat = 8
    /// The back chevron's box: a "‹" stroked 3 pt wide with round caps.
    static let chevronSize = CGSize(width: 12, height: 21)
    static let chevronLineWidth: CGFloat = 3
    /// From the chevron's right edge to the back title.
    static let chevronToBackTitle: CGFloat = 6
    /// The add item's plus: 2 pt strokes in a 17 pt box.
    static let plusSize = CGSize(width: 17, height: 17)
    static let plusLineWidth: CGFloat = 2
    /// The title's font size (semibold) and the items' and back title's (regular; `.done` semibold).
    static let titleFontSize: CGFloat = 17
    static let itemFontSize: CGFloat = 17
    /// The back title used when the back item's own does not fit.
    static let genericBackTitle = "Back"
    /// The translucent background: white at this alpha.
    static let translucentBackgroundAlpha: CGFloat = 0.94
    /// The hairline: black at this alpha, one pixel tall.
    static let hairlineAlpha: CGFloat = 0.3
    /// The duration of a push or pop the bar animates itself (`pushItem(_:animated: true)` …),
    /// ease in-out: UIKit's duration is unconfirmed (UIKIT_SEMANTICS §4.1); 0.35 s is the common
    /// reimplementations' figure.
    static let transitionDuration: TimeInterval = 0.35
    /// The cross-fade of an animated item change (`setRightBarButton(_:animated: true)` …).
    static let itemChangeDuration: TimeInterval = 0.2
    /// How far right of its place a pushed title starts (and a popped title ends), as a fraction
    /// of the bar's width.
    static let titleTravelFraction: CGFloat = 0.4
    /// Where the back title starts: chevron inset + chevron width + gap (26 pt).
    static var backTitleX: CGFloat { chevronInset + chevronSize.width + chevronToBackTitle }
}

/// A bar showing the top item of a stack of navigation items: its title in the middle, its
/// bar button items at the sides, and a back button to the item below.
///
/// ```swift
/// let bar = UINavigationBar(frame: CGRect(x: 0, y: 20, width: 320, height: 44))
/// bar.setItems([UINavigationItem(title: "Mail"), UINavigationItem(title: "Inbox")], animated: false)
/// bar.pushItem(UINavigationItem(title: "Message"), animated: true)   // back button: "‹ Inbox"
/// ```
///
/// **Semantics.** The items are the model: `items`, `topItem` and `backItem` change at once, the
/// animation only moves the views. The back button pops (`popItem(animated: true)`, after asking
/// the delegate) unless a navigation controller handles it. Cost: a change of the shown items
/// rebuilds the few views the bar shows.
@MainActor
open class UINavigationBar: UIView {
    /// The bar's delegate (held weakly). A navigation controller's bar has none of yours.
    open weak var delegate: (any UINavigationBarDelegate)?

    /// The background colour of the bar; nil (the default) shows white (at 0.94 alpha when
    /// translucent).
    open var barTintColor: UIColor? { didSet { updateBackground() } }
    /// Attributes of the title (`.font`, `.foregroundColor` …) over the defaults: the system
    /// font at 17 pt semibold, black.
    open var titleTextAttributes: [NSAttributedString.Key: Any]? { didSet { navigationContentDidChange() } }
    /// Whether the background lets what is below show through a little. Default true.
    open var isTranslucent = true { didSet { updateBackground() } }
    /// The bar's style (stored; no effect here: no dark style).
    open var barStyle: UIBarStyle = .default
    /// Whether large titles are shown (stored; no effect: Kinema's bar has no large titles).
    open var prefersLargeTitles = false
    /// The image of the bottom hairline (stored; no effect: the hairline is always drawn).
    open var shadowImage: UIImage?

    /// What the back button does; nil pops the top item. A navigation controller sets it.
    var onBack: (() -> Void)?

    /// The stack, bottom first.
    private(set) var stack: [UINavigationItem] = []
    /// The views showing the top item (and the back button to the item below).
    var content = NavigationBarContent()
    /// The transition in progress (from its `prepare()` to its `finish(completed:)`).
    var activeTransition: NavigationBarTransition?
    /// Whether an item shown changed during a transition (the content is rebuilt at its end).
    var needsContentReload = false

    private let backgroundView = UIView(frame: .zero)
    private let hairlineView = UIView(frame: .zero)

    /// A bar with `frame` and no items.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    /// Bars are not decoded from archives (there are no nibs); this makes an empty bar.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        for view in [backgroundView, hairlineView] {
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
        hairlineView.backgroundColor = UIColor(white: 0, alpha: NavigationBarMetrics.hairlineAlpha)
        updateBackground()
        layOutBackground()
    }

    // MARK: The item stack

    /// The items, bottom first; setting them changes the bar without animation.
    open var items: [UINavigationItem]? {
        get { stack }
        set { setItems(newValue, animated: false) }
    }

    /// The item shown: the last of `items`.
    open var topItem: UINavigationItem? { stack.last }

    /// The item below the top one, whose title the back button shows.
    open var backItem: UINavigationItem? { stack.count > 1 ? stack[stack.count - 2] : nil }

    /// Replaces the stack. Animated, it looks like a pop when the new top item was in the stack
    /// below the top, like a push when the old top item stays in the new stack below the new top,
    /// else a cross-fade. An item listed twice is kept once, with a diagnostic.
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        let new = unique(items ?? [], api: "setItems(_:animated:)")
        let old = stack
        var operation = NavigationBarOperation.set
        if let newTop = new.last, let index = old.firstIndex(where: { $0 === newTop }), index < old.count - 1 {
            operation = .pop
        } else if let oldTop = old.last, let index = new.firstIndex(where: { $0 === oldTop }), index < new.count - 1 {
            operation = .push
        }
        change(to: new, operation: operation, animated: animated, completion: nil)
    }

    /// Pushes `item` on the stack and shows it (animated: the title comes in from the right, the
    /// old title becomes the back button). An item already in the stack is not pushed again
    /// (a diagnostic). The delegate may refuse.
    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        if stack.contains(where: { $0 === item }) {
            KinemaDiagnostics.emit("UINavigationBar", "pushItem(_:animated:): the item is already in the stack; not pushed again")
            return
        }
        if let delegate, !delegate.navigationBar(self, shouldPush: item) { return }
        change(to: stack + [item], operation: .push, animated: animated) { [weak self] in
            guard let self else { return }
            self.delegate?.navigationBar(self, didPush: item)
        }
    }

    /// Pops the top item and returns it (nil when the stack is empty or the delegate refuses).
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let top = stack.last else {
            KinemaDiagnostics.emit("UINavigationBar", "popItem(animated:): the stack is empty; nothing popped")
            return nil
        }
        if let delegate, !delegate.navigationBar(self, shouldPop: top) { return nil }
        change(to: Array(stack.dropLast()), operation: .pop, animated: animated) { [weak self] in
            guard let self else { return }
            self.delegate?.navigationBar(self, didPop: top)
        }
        return top
    }

    /// The back button was tapped: the navigation controller's handler, else a pop.
    func backButtonTapped() {
        if let onBack {
            onBack()
        } else {
            popItem(animated: true)
        }
    }

    /// Whether `item` is shown (as the top item or as the back button's).
    func isShowing(_ item: UINavigationItem) -> Bool {
        item === topItem || item === backItem
    }

    private func unique(_ items: [UINavigationItem], api: String) -> [UINavigationItem] {
        var result: [UINavigationItem] = []
        for item in items where !result.contains(where: { $0 === item }) { result.append(item) }
        if result.count != items.count {
            KinemaDiagnostics.emit("UINavigationBar", "\(api): an item is listed more than once; kept its first place")
        }
        return result
    }

    /// Changes the stack to `items`: animated through a transition when asked and in a window,
    /// else at once; then `completion`.
    private func change(to items: [UINavigationItem], operation: NavigationBarOperation, animated: Bool,
                        completion: (() -> Void)?) {
        guard animated, window != nil else {
            activeTransition?.finish(completed: true)
            replaceStack(items)
            reloadContent()
            completion?()
            return
        }
        let transition = makeTransition(to: items, operation: operation)
        transition.prepare()
        UIView.animate(withDuration: NavigationBarMetrics.transitionDuration, animations: {
            transition.animate()
        }, completion: { _ in
            transition.finish(completed: true)
            completion?()
        })
    }

    /// Makes `items` the stack, linking the items to this bar.
    func replaceStack(_ items: [UINavigationItem]) {
        for item in stack where item.navigationBar === self && !items.contains(where: { $0 === item }) {
            item.navigationBar = nil
        }
        for item in items { item.navigationBar = self }
        stack = items
    }

    // MARK: Appearance

    private func updateBackground() {
        let color: UIColor
        if let barTintColor {
            color = isTranslucent ? barTintColor : barTintColor.withAlphaComponent(1)
        } else {
            color = UIColor(white: 1, alpha: isTranslucent ? NavigationBarMetrics.translucentBackgroundAlpha : 1)
        }
        backgroundView.backgroundColor = color
    }

    /// The pixel size (points) at the bar's scale (its screen's in a window, else its own
    /// `contentScaleFactor`, 1 by default, so a bar outside a window lays out the same whatever
    /// screen was made last).
    var pixel: CGFloat {
        let scale = contentScaleFactor
        return scale > 0 && scale.isFinite ? 1 / scale : 1
    }

    private func layOutBackground() {
        backgroundView.frame = bounds
        hairlineView.frame = CGRect(x: 0, y: bounds.height - pixel, width: bounds.width, height: pixel)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutBackground()
        if activeTransition == nil { layOut(content) }
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        setNeedsLayout()
    }

    /// The bar's width at its content height (44 pt).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: NavigationBarMetrics.contentHeight)
    }

    /// No intrinsic width; 44 pt tall.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: NavigationBarMetrics.contentHeight)
    }

    // MARK: Content

    /// An item shown changed: rebuild what the bar shows (after the transition, if one runs).
    func navigationItemDidChange(_ item: UINavigationItem) {
        guard isShowing(item) else { return }
        navigationContentDidChange()
    }

    private func navigationContentDidChange() {
        if activeTransition != nil {
            needsContentReload = true
        } else {
            reloadContent()
        }
    }

    /// Replaces the shown views with new ones for the top and back items, laid out.
    func reloadContent() {
        needsContentReload = false
        UIView.performWithoutAnimation {
            for view in content.views where view.superview === self { view.removeFromSuperview() }
            content = makeContent(top: topItem, back: backItem)
            for view in content.views { addSubview(view) }
            layOut(content)
        }
    }

    /// The views for `top` with a back button to `back` (not yet added to the bar).
    func makeContent(top: UINavigationItem?, back: UINavigationItem?) -> NavigationBarContent {
        var content = NavigationBarContent()
        guard let top else { return content }
        content.title = top.titleView ?? makeTitleLabel(top.title)
        let leftItems = top.leftBarButtonItems ?? []
        if let back, !top.hidesBackButton, leftItems.isEmpty || top.leftItemsSupplementBackButton {
            let candidates = back.backTitleCandidates
            let button = NavigationBarButton(title: candidates.first ?? "",
                                             font: UIFont.systemFont(ofSize: NavigationBarMetrics.itemFontSize),
                                             glyph: .chevron, isBackButton: true)
            button.onTap = { [weak self] in self?.backButtonTapped() }
            content.back = button
            content.backTitles = candidates
        }
        content.left = leftItems.map(makeView)
        content.right = (top.rightBarButtonItems ?? []).map(makeView)
        return content
    }

    private func makeTitleLabel(_ title: String?) -> UILabel? {
        guard let title, !title.isEmpty else { return nil }
        var attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.systemFont(ofSize: NavigationBarMetrics.titleFontSize, weight: .semibold),
            .foregroundColor: UIColor.black,
        ]
        attributes.merge(titleTextAttributes ?? [:]) { $1 }
        let label = NavigationBarTitleLabel(frame: .zero)
        label.attributedText = NSAttributedString(string: title, attributes: attributes)
        return label
    }

    private func makeView(for item: UIBarButtonItem) -> UIView {
        if let custom = item.customView { return custom }
        if item.systemItem == .flexibleSpace || item.systemItem == .fixedSpace {
            let spacer = UIView(frame: CGRect(x: 0, y: 0, width: max(0, item.width), height: 0))
            spacer.isUserInteractionEnabled = false
            return spacer
        }
        let image = item.systemItem == nil ? item.image : nil
        let button = NavigationBarButton(title: image == nil ? item.shownTitle : nil, font: item.titleFont, image: image,
                                         glyph: item.systemItem == .add ? .plus : nil)
        if item.width.isFinite, item.width > 0 { button.fixedWidth = item.width }
        button.tintColor = item.tintColor
        button.isEnabled = item.isEnabled
        button.onTap = { [weak item] in item?.sendAction() }
        return button
    }
}
