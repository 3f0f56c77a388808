// UINavigationItem: what a navigation bar shows for one level of the stack — a title, bar
// button items, the back button's title.
//
// Audited against: UINavigationItem docs — init(title:), title, titleView ("a custom view …
//   displayed in the center of the navigation bar when the receiver is the top item"), prompt,
//   backButtonTitle (iOS 11), backBarButtonItem ("the bar button item to use when this item is
//   represented by a back button on the navigation bar"; when nil, "the navigation item uses the
//   value in its title property"), backButtonDisplayMode (iOS 14: default, generic, minimal;
//   raw values 0, 1, 2), leftBarButtonItem(s), rightBarButtonItem(s) (right items are laid out
//   from the right edge inward: "the first item in the array is the rightmost"),
//   hidesBackButton, setHidesBackButton(_:animated:), setLeftBarButton(_:animated:),
//   setRightBarButton(_:animated:), setLeftBarButtonItems(_:animated:),
//   setRightBarButtonItems(_:animated:), leftItemsSupplementBackButton ("Left items are
//   displayed to the right of the back button"; default false: the left items replace it),
//   largeTitleDisplayMode (raw values automatic 0, always 1, never 2).
// Status: complete for these members. `prompt` and `largeTitleDisplayMode` are stored with no
//   effect (no prompt line, no large titles). Animated setters cross-fade the bar (0.2 s).

import Foundation

/// What a navigation bar shows while this item is on top (or, for the back button, just below
/// the top).
///
/// ```swift
/// let item = UINavigationItem(title: "Inbox")
/// item.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .edit, target: self,
///                                           action: InboxController.edit)
/// bar.pushItem(item, animated: true)
/// ```
///
/// **Semantics.** Changing a property of an item that a bar shows (as its top or back item)
/// updates the bar at once, without animation unless an animated setter is used.
@MainActor
open class UINavigationItem {
    /// How the back button pointing to this item shows its title (raw values as UIKit's).
    public enum BackButtonDisplayMode: Int, Sendable {
        /// The back title, else "Back", else only the chevron, whichever fits.
        case `default` = 0
        /// "Back", or only the chevron.
        case generic = 1
        /// Only the chevron.
        case minimal = 2
    }

    /// When a large title would be shown (raw values as UIKit's; stored, no effect here).
    public enum LargeTitleDisplayMode: Int, Sendable {
        /// Whether the title is shown large: as the previous item does, always, or never.
        case automatic = 0, always, never
        /// iOS 17's inline large title.
        case inline = 3
    }

    /// The title shown in the middle of the bar (and, by default, on the back button of the
    /// item above). Default nil.
    open var title: String? { didSet { if title != oldValue { contentDidChange() } } }
    /// A view shown in the middle instead of the title, at its frame's size (its fitting size
    /// when that is zero). Default nil.
    open var titleView: UIView? { didSet { if titleView !== oldValue { contentDidChange() } } }
    /// A line of text above the title (stored; Kinema's bar draws no prompt).
    open var prompt: String?
    /// The title of the back button shown when this item is just below the top; nil uses the
    /// title. `backBarButtonItem`'s title wins over it.
    open var backButtonTitle: String? { didSet { if backButtonTitle != oldValue { contentDidChange() } } }
    /// The item whose title the back button shows when this item is just below the top.
    open var backBarButtonItem: UIBarButtonItem? {
        didSet {
            backBarButtonItem?.owner = self
            contentDidChange()
        }
    }
    /// How the back button pointing to this item shows its title. Default `.default`.
    open var backButtonDisplayMode: BackButtonDisplayMode = .default { didSet { contentDidChange() } }
    /// The items at the left, left to right (replacing the back button unless
    /// `leftItemsSupplementBackButton`). Default nil.
    open var leftBarButtonItems: [UIBarButtonItem]? {
        didSet {
            for item in leftBarButtonItems ?? [] { item.owner = self }
            contentDidChange()
        }
    }
    /// The items at the right, the first rightmost. Default nil.
    open var rightBarButtonItems: [UIBarButtonItem]? {
        didSet {
            for item in rightBarButtonItems ?? [] { item.owner = self }
            contentDidChange()
        }
    }
    /// The first left item; setting it replaces all left items.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// The first (rightmost) right item; setting it replaces all right items.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    /// Whether the back button is hidden while this item is on top. Default false.
    open var hidesBackButton = false { didSet { if hidesBackButton != oldValue { contentDidChange() } } }
    /// Whether the left items are shown after the back button rather than instead of it.
    /// Default false.
    open var leftItemsSupplementBackButton = false { didSet { if leftItemsSupplementBackButton != oldValue { contentDidChange() } } }
    /// When a large title would be shown (stored, no effect: Kinema's bar has no large titles).
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic

    /// The bar showing this item in its stack (set by the bar).
    weak var navigationBar: UINavigationBar?

    /// An item with no title.
    public init() {}

    /// An item with `title`.
    public convenience init(title: String) {
        self.init()
        self.title = title
    }

    /// Items are not decoded from archives (there are no nibs); this makes an empty item.
    public convenience init?(coder: NSCoder) {
        self.init()
    }

    /// Hides or shows the back button, cross-fading the bar when `animated`.
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {
        animateChange(animated) { self.hidesBackButton = hidesBackButton }
    }

    /// Sets the left item, cross-fading the bar when `animated`.
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) {
        animateChange(animated) { self.leftBarButtonItem = item }
    }

    /// Sets the right item, cross-fading the bar when `animated`.
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) {
        animateChange(animated) { self.rightBarButtonItem = item }
    }

    /// Sets the left items, cross-fading the bar when `animated`.
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        animateChange(animated) { self.leftBarButtonItems = items }
    }

    /// Sets the right items, cross-fading the bar when `animated`.
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        animateChange(animated) { self.rightBarButtonItems = items }
    }

    private func animateChange(_ animated: Bool, _ change: @escaping () -> Void) {
        guard animated, let bar = navigationBar, bar.isShowing(self) else { return change() }
        UIView.transition(with: bar, duration: NavigationBarMetrics.itemChangeDuration,
                          options: .transitionCrossDissolve, animations: change, completion: nil)
    }

    /// Tells the bar showing this item that what it shows changed.
    func contentDidChange() {
        navigationBar?.navigationItemDidChange(self)
    }

    // MARK: The back button's title

    /// The back button's title candidates for this item as the back item, longest first:
    /// the back title (`backBarButtonItem`'s title, else `backButtonTitle`, else `title`, else
    /// "Back"), then "Back"; none (only the chevron) for `.minimal` or an empty back title.
    var backTitleCandidates: [String] {
        switch backButtonDisplayMode {
        case .minimal: return []
        case .generic: return [NavigationBarMetrics.genericBackTitle]
        case .default:
            let full = backBarButtonItem?.title ?? backButtonTitle ?? title ?? NavigationBarMetrics.genericBackTitle
            // An empty back title (`backButtonTitle = ""`, a common idiom) leaves only the chevron.
            if full.isEmpty { return [] }
            return full == NavigationBarMetrics.genericBackTitle ? [full] : [full, NavigationBarMetrics.genericBackTitle]
        }
    }
}
