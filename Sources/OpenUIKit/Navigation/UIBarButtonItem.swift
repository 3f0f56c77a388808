// UIBarButtonItem: a button for a navigation bar (and UIBarItem, its base), and the control a
// bar shows for one.
//
// Audited against: UIBarItem docs — title, image, isEnabled, tag. UIBarButtonItem docs —
//   init(title:style:target:action:), init(image:style:target:action:),
//   init(barButtonSystemItem:target:action:), init(customView:), init(title:image:primaryAction:menu:),
//   init(systemItem:primaryAction:menu:), style (UIBarButtonItem.Style: plain 0, bordered 1
//   (deprecated), done 2 — "the style for a done button … for example, a button that completes
//   some task and returns to the previous view"), SystemItem raw values (done 0 … close 24),
//   tintColor, customView, width, target ("the object that receives an action"), primaryAction
//   ("if set, it takes precedence over target and action"). Target-action as UIControl's in this
//   codebase (docs/UIKIT.md "Target-action without Objective-C"): the action is an unapplied
//   method reference taking the item (or a superclass, or nothing); the target is held weakly.
// Status: titles, images (drawn in the tint unless `.alwaysOriginal`), custom views, widths,
//   tint, enabled, done style (semibold). System items: done, cancel, edit, save, undo, redo show
//   their English titles; add draws a plus; flexible and fixed space are spacers; the other
//   system icons are not drawn — they show their name as a title, with a diagnostic. No menus
//   (UIMenu does not exist here), no `action` selector property, no `possibleTitles`, no
//   responder-chain dispatch for a nil target (a diagnostic says the action is never called).

import Foundation
import KinemaSupport

/// The base of bar items: a title, an image, an enabled flag and a tag.
@MainActor
open class UIBarItem {
    /// The item's title. Default nil.
    open var title: String? { didSet { itemDidChange() } }
    /// The item's image. Default nil.
    open var image: UIImage? { didSet { itemDidChange() } }
    /// Whether the item takes taps; a disabled item is drawn gray. Default true.
    open var isEnabled = true { didSet { itemDidChange() } }
    /// A number to identify the item by. Default 0.
    open var tag = 0

    /// An item with nothing set.
    public init() {}

    /// Called after a property that the bar shows changed.
    func itemDidChange() {}
}

/// A button in a navigation bar: a title, an image, a system item or a view of your own, with
/// a target and action or a `UIAction`.
///
/// ```swift
/// navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Save", style: .done,
///                                                     target: self, action: EditorController.save)
/// navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: self,
///                                                    action: EditorController.cancel)
/// ```
///
/// **Semantics.** The bar lays the item out at 16 pt from its edge: a title in the tint colour
/// (17 pt, semibold with `.done`), an image at its size, a custom view at its size, `width` when
/// above 0. A tap runs `primaryAction` when set, else the target's action with the item as sender.
@MainActor
open class UIBarButtonItem: UIBarItem {
    /// How a bar button item's title is drawn (raw values as UIKit's).
    public enum Style: Int, Sendable {
        /// Regular weight.
        case plain = 0
        /// Deprecated in iOS 8; drawn as `.plain`.
        case bordered = 1
        /// Semibold: the button that completes a task.
        case done = 2
    }

    /// The system's standard items (raw values as UIKit's).
    public enum SystemItem: Int, Sendable {
        /// The system items: each stands for a title or symbol UIKit draws.
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action,
             organize, bookmarks, search, refresh, stop, camera, trash, play, pause, rewind,
             fastForward, undo, redo, pageCurl, close

        /// The English title UIKit shows for a text item; nil for icons and spaces.
        var systemTitle: String? {
            switch self {
            case .done: return "Done"
            case .cancel: return "Cancel"
            case .edit: return "Edit"
            case .save: return "Save"
            case .undo: return "Undo"
            case .redo: return "Redo"
            default: return nil
            }
        }

        /// Whether Kinema draws the item as UIKit does (a title, the plus, or a space).
        var isDrawn: Bool { systemTitle != nil || self == .add || self == .flexibleSpace || self == .fixedSpace }
    }

    /// How the title is drawn. Default `.plain`.
    open var style: Style = .plain { didSet { itemDidChange() } }
    /// The item's width; 0 (the default) fits the content.
    open var width: CGFloat = 0 {
        didSet {
            if !(width.isFinite && width >= 0) {
                KinemaDiagnostics.emit("UIBarButtonItem", "width \(width) must be finite and ≥ 0; using 0 (fit the content)")
                width = 0
            }
            itemDidChange()
        }
    }
    /// A view shown instead of the title and image. Default nil.
    open var customView: UIView? { didSet { itemDidChange() } }
    /// The colour of the title and image; nil (the default) takes the bar's tint.
    open var tintColor: UIColor? { didSet { itemDidChange() } }
    /// The action a tap runs; when set it takes precedence over the target and action.
    open var primaryAction: UIAction? { didSet { adoptActionTitle() } }
    /// The object the action is sent to (held weakly); nil when there is none or it is gone.
    public var target: AnyObject? { targetAction?.target }
    /// The system item the item was made as; nil for others (Kinema API: UIKit keeps it private).
    public private(set) var systemItem: SystemItem?

    private var targetAction: TargetAction?
    /// The navigation item showing this item (the last one it was given to).
    weak var owner: UINavigationItem?

    /// An empty plain item.
    public override init() { super.init() }

    // MARK: Title

    /// An item showing `title` that calls `action` on `target` with the item:
    /// `UIBarButtonItem(title: "Next", style: .plain, target: self, action: Wizard.next)` for
    /// `func next(_ sender: UIBarButtonItem)`.
    public convenience init<T: AnyObject, Sender>(title: String?, style: Style, target: T?,
                                                  action: @escaping @MainActor (T) -> (Sender) -> Void) {
        self.init()
        self.title = title
        self.style = style
        setTarget(target, action: action)
    }

    /// An item showing `title` that calls `action`, a method taking nothing, on `target`.
    public convenience init<T: AnyObject>(title: String?, style: Style, target: T?,
                                          action: @escaping @MainActor (T) -> () -> Void) {
        self.init()
        self.title = title
        self.style = style
        setTarget(target, action: action)
    }

    /// An item showing `title` with no action (`target: nil, action: nil`).
    public convenience init(title: String?, style: Style, target: AnyObject?, action: Never?) {
        self.init()
        self.title = title
        self.style = style
    }

    // MARK: Image

    /// An item showing `image` (in the tint colour unless its rendering mode is
    /// `.alwaysOriginal`) that calls `action` on `target` with the item.
    public convenience init<T: AnyObject, Sender>(image: UIImage?, style: Style, target: T?,
                                                  action: @escaping @MainActor (T) -> (Sender) -> Void) {
        self.init()
        self.image = image
        self.style = style
        setTarget(target, action: action)
    }

    /// An item showing `image` that calls `action`, a method taking nothing, on `target`.
    public convenience init<T: AnyObject>(image: UIImage?, style: Style, target: T?,
                                          action: @escaping @MainActor (T) -> () -> Void) {
        self.init()
        self.image = image
        self.style = style
        setTarget(target, action: action)
    }

    /// An item showing `image` with no action.
    public convenience init(image: UIImage?, style: Style, target: AnyObject?, action: Never?) {
        self.init()
        self.image = image
        self.style = style
    }

    // MARK: System items

    /// A system item that calls `action` on `target` with the item.
    public convenience init<T: AnyObject, Sender>(barButtonSystemItem systemItem: SystemItem, target: T?,
                                                  action: @escaping @MainActor (T) -> (Sender) -> Void) {
        self.init(systemItem: systemItem)
        setTarget(target, action: action)
    }

    /// A system item that calls `action`, a method taking nothing, on `target`.
    public convenience init<T: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: T?,
                                          action: @escaping @MainActor (T) -> () -> Void) {
        self.init(systemItem: systemItem)
        setTarget(target, action: action)
    }

    /// A system item with no action (spaces: `UIBarButtonItem(barButtonSystemItem: .flexibleSpace,
    /// target: nil, action: nil)`).
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Never?) {
        self.init(systemItem: systemItem)
    }

    /// A system item running `primaryAction` when tapped.
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.init()
        self.systemItem = systemItem
        if systemItem == .done || systemItem == .save { style = .done }
        if !systemItem.isDrawn {
            KinemaDiagnostics.emit("UIBarButtonItem", "system item .\(systemItem) has no drawing in Kinema; it shows the title \"\(Self.fallbackTitle(systemItem))\" instead")
        }
        self.primaryAction = primaryAction
    }

    // MARK: Custom views and closures

    /// An item showing `customView` at its size (taps go to the view; the item sends no action).
    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// An item showing `title` and/or `image` that runs `primaryAction` when tapped (the
    /// action's title is the item's when `title` is nil). UIKit's `menu:` is not available.
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        self.init()
        self.title = title
        self.image = image
        self.primaryAction = primaryAction
        adoptActionTitle()
    }

    /// The action's title becomes the item's when the item has none (UIKit: "the action's title
    /// … used for the item's title").
    private func adoptActionTitle() {
        if let primaryAction, title == nil, systemItem == nil, !primaryAction.title.isEmpty { title = primaryAction.title }
    }

    // MARK: Sending the action

    private func setTarget<T: AnyObject, Sender>(_ target: T?, action: @escaping @MainActor (T) -> (Sender) -> Void) {
        if !(self is Sender) {
            KinemaDiagnostics.emit("UIBarButtonItem", "init: the action takes a \(Sender.self), never a \(type(of: self)); it will not be called")
        }
        guard let target else { return noTarget() }
        targetAction = .method(target, action, api: "UIBarButtonItem")
    }

    private func setTarget<T: AnyObject>(_ target: T?, action: @escaping @MainActor (T) -> () -> Void) {
        guard let target else { return noTarget() }
        targetAction = .method(target, action)
    }

    private func noTarget() {
        KinemaDiagnostics.emit("UIBarButtonItem", "init: an action with a nil target is sent up the responder chain on iOS; Kinema has no selectors, so it will not be called")
    }

    /// Runs what a tap runs: `primaryAction`, else the target's action (skipped when the target
    /// is gone). Nothing for a disabled item.
    func sendAction() {
        guard isEnabled else { return }
        if let primaryAction {
            primaryAction.perform(from: self)
        } else {
            targetAction?.send(from: self)
        }
    }

    // MARK: What the bar shows

    override func itemDidChange() {
        owner?.contentDidChange()
    }

    /// The title shown: the system item's, else the title.
    var shownTitle: String? {
        if let systemItem {
            if let title = systemItem.systemTitle { return title }
            return systemItem.isDrawn ? nil : Self.fallbackTitle(systemItem)
        }
        return title
    }

    /// What an undrawn system icon shows: its name, capitalised ("fastForward" → "FastForward").
    static func fallbackTitle(_ item: SystemItem) -> String {
        let name = "\(item)"
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The title font: 17 pt, semibold for `.done`.
    var titleFont: UIFont {
        UIFont.systemFont(ofSize: NavigationBarMetrics.itemFontSize, weight: style == .done ? .semibold : .regular)
    }
}

// MARK: - The views a bar makes

/// A path drawn by a shape layer in its owner's colour: the back chevron or the add item's plus.
@MainActor
final class NavigationBarGlyph: UIView {
    enum Shape { case chevron, plus }

    override class var layerClass: AnyClass { CAShapeLayer.self }

    let shape: Shape

    init(_ shape: Shape) {
        self.shape = shape
        let size = shape == .chevron ? NavigationBarMetrics.chevronSize : NavigationBarMetrics.plusSize
        super.init(frame: CGRect(origin: .zero, size: size))
        isUserInteractionEnabled = false
        guard let layer = layer as? CAShapeLayer else { return }
        let path = CGMutablePath()
        let inset = (shape == .chevron ? NavigationBarMetrics.chevronLineWidth : NavigationBarMetrics.plusLineWidth) / 2
        switch shape {
        case .chevron:
            // "‹": from the top right to the middle of the left edge to the bottom right.
            path.move(to: CGPoint(x: size.width - inset, y: inset))
            path.addLine(to: CGPoint(x: inset, y: size.height / 2))
            path.addLine(to: CGPoint(x: size.width - inset, y: size.height - inset))
            layer.lineWidth = NavigationBarMetrics.chevronLineWidth
        case .plus:
            path.move(to: CGPoint(x: inset, y: size.height / 2))
            path.addLine(to: CGPoint(x: size.width - inset, y: size.height / 2))
            path.move(to: CGPoint(x: size.width / 2, y: inset))
            path.addLine(to: CGPoint(x: size.width / 2, y: size.height - inset))
            layer.lineWidth = NavigationBarMetrics.plusLineWidth
        }
        layer.path = path
        layer.fillColor = nil
        layer.lineCap = .round
        layer.lineJoin = .round
    }

    required init?(coder: NSCoder) {
        self.shape = .chevron
        super.init(coder: coder)
    }

    /// Strokes the path in `color`.
    func setColor(_ color: UIColor) {
        (layer as? CAShapeLayer)?.strokeColor = color.cgColor
    }
}

/// The control a navigation bar shows for a bar button item or its back button: a title, an
/// image or a glyph in the tint colour (dimmed while highlighted, gray when disabled), calling
/// `onTap` on touch-up inside.
@MainActor
final class NavigationBarButton: UIControl {
    /// The title label, when there is a title.
    let label: UILabel?
    /// The glyph (the back chevron, the add plus), when there is one.
    let glyph: NavigationBarGlyph?
    /// The image view, when there is an image.
    let imageView: UIImageView?
    /// Whether the bar places the parts itself (the back button); else they are centred.
    let isBackButton: Bool
    /// The item's fixed width (0: fit the content).
    var fixedWidth: CGFloat = 0
    /// What a tap does.
    var onTap: (() -> Void)?
    private let image: UIImage?

    init(title: String?, font: UIFont, image: UIImage? = nil, glyph: NavigationBarGlyph.Shape? = nil, isBackButton: Bool = false) {
        self.isBackButton = isBackButton
        self.image = image
        if let title, !title.isEmpty || isBackButton {
            let label = UILabel(frame: .zero)
            label.font = font
            label.text = title
            self.label = label
        } else {
            label = nil
        }
        self.glyph = glyph.map(NavigationBarGlyph.init)
        self.imageView = image.map { UIImageView(image: $0) }
        super.init(frame: .zero)
        isOpaque = false
        for part in [self.glyph as UIView?, imageView, label].compactMap({ $0 }) { addSubview(part) }
        if let label { label.frame.size = label.sizeThatFits(.zero) }
        addAction(UIAction { [weak self] _ in self?.onTap?() }, for: .touchUpInside)
        updateColors()
    }

    required init?(coder: NSCoder) {
        label = nil; glyph = nil; imageView = nil; image = nil; isBackButton = false
        super.init(coder: coder)
    }

    /// The colour the parts are drawn in for the current state.
    var currentColor: UIColor {
        if !isEnabled { return .systemGray }
        let tint: UIColor = tintColor
        return isHighlighted ? tint.withAlphaComponent(UIButton.systemHighlightAlpha) : tint
    }

    func updateColors() {
        let color = currentColor
        UIView.performWithoutAnimation {
            if let label, label.textColor != color { label.textColor = color }
            glyph?.setColor(color)
            if let imageView, let image {
                imageView.image = image.renderingMode == .alwaysOriginal ? image : image.withTintColor(color)
            }
        }
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    override func controlStateDidChange() {
        updateColors()
    }

    /// The content's size: the title's, the image's or the glyph's; `fixedWidth` when above 0.
    var contentSize: CGSize {
        var size = CGSize.zero
        if let label { size = label.sizeThatFits(.zero) }
        if let image { size = image.size }
        if let glyph { size = glyph.bounds.size }
        if fixedWidth > 0 { size.width = fixedWidth }
        return size
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: contentSize.width, height: NavigationBarMetrics.contentHeight)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard !isBackButton else { return }
        // An item: its part centred (the label at its fitting size, no wider than the bounds).
        for part in [glyph as UIView?, imageView, label].compactMap({ $0 }) {
            var size = part === label ? (label?.sizeThatFits(.zero) ?? .zero) : part.bounds.size
            size.width = min(size.width, bounds.width)
            let frame = CGRect(x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2,
                               width: size.width, height: size.height)
            if part.frame != frame { part.frame = frame }
        }
    }
}
