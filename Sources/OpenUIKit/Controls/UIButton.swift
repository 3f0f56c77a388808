// UIButton: a control that runs an action when tapped.
//
// Audited against: UIButton docs — init(type:) (UIButton.ButtonType: custom 0, system 1,
//   detailDisclosure 2, infoLight 3, infoDark 4, contactAdd 5, close 7; roundedRect = system),
//   init(frame:) (a custom button), buttonType, setTitle(_:for:) / title(for:) ("if a title is
//   not specified for a state, the default is to use the title associated with the normal
//   state"), currentTitle, setTitleColor(_:for:) / titleColor(for:), currentTitleColor,
//   UIControl's primaryActionTriggered (sent with touchUpInside), draw(_:) in subclasses.
//   setImage(_:for:) / image(for:) / currentImage, setBackgroundImage(_:for:) /
//   backgroundImage(for:) / currentBackgroundImage, imageView ("the button's image view", centred
//   at the image's size), the same fallback to the normal state for images.
// Titles: setTitle(_:for:) / title(for:), setAttributedTitle(_:for:) / attributedTitle(for:) /
//   currentAttributedTitle ("an attributed title … takes precedence"), titleLabel ("a view that
//   displays the value of the currentTitle property"), contentEdgeInsets / titleEdgeInsets
//   (deprecated in iOS 15, kept for the code that uses them), intrinsicContentSize.
// Status: titles are drawn by a UILabel subview (`titleLabel`, made when first needed), laid out
//   centred in the bounds inset by contentEdgeInsets then titleEdgeInsets, beside the image when
//   there is one (image first, the pair centred). A state without its own title, attributed title
//   or title colour uses the normal state's. Default title colours: a custom button's white; a
//   system button's its tint colour, at 0.2 alpha while highlighted and systemGray when
//   disabled (Kinema's choice: Apple documents the tint, not the dimmed values). The title font
//   is the system font at 15 pt (Interface Builder's "System 15.0"); titles truncate in the
//   middle. The background image fills the bounds (resizable images by their caps); the image
//   sits centred at its size; an animated image plays by itself (seed 001's red circles).
//   No configurations, menus or pointer interactions.

import Foundation

/// A control that sends `.touchUpInside` and `.primaryActionTriggered` when tapped.
///
/// ```swift
/// let button = UIButton(type: .system)
/// button.setTitle("Play", for: .normal)
/// button.addTarget(self, action: PlayerController.play, for: .touchUpInside)
/// ```
///
/// A subclass that overrides `draw(_:)` draws its own face (the seed's `PushButton`).
@MainActor
open class UIButton: UIControl {
    /// The kinds of button (UIButton.ButtonType; raw values as UIKit's).
    public enum ButtonType: Int, Sendable {
        /// No style: the button shows what you give it.
        case custom = 0
        /// The system style (tinted title).
        case system = 1
        /// A detail-disclosure button.
        case detailDisclosure = 2
        /// An information button on a light background.
        case infoLight = 3
        /// An information button on a dark background.
        case infoDark = 4
        /// A contact-add button.
        case contactAdd = 5
        /// A close button.
        case close = 7

        /// The old name of `.system`.
        public static var roundedRect: ButtonType { .system }
    }

    /// The button's type (set when made).
    public private(set) var buttonType: ButtonType = .custom

    private var titles = StateValues<String>()
    private var attributedTitles = StateValues<NSAttributedString>()
    private var titleColors = StateValues<UIColor>()
    private var titleLabelStorage: ButtonTitleLabel?
    /// The attributed title last handed to the label (compared by identity).
    private var shownAttributedTitle: NSAttributedString?
    private var images = StateValues<UIImage>()
    private var backgroundImages = StateValues<UIImage>()
    private var imageViewStorage: UIImageView?
    private var backgroundImageView: UIImageView?

    /// The view showing the button's current image (nil until the button has an image).
    open var imageView: UIImageView? { imageViewStorage }

    /// Sets the image shown for `state`.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state] = image
        updateImages()
    }

    /// The image for `state`, else the normal state's.
    open func image(for state: State) -> UIImage? {
        images.value(for: state)
    }

    /// The image for the current state.
    open var currentImage: UIImage? { image(for: state) }

    /// Sets the background image for `state` (it fills the bounds).
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state] = image
        updateImages()
    }

    /// The background image for `state`, else the normal state's.
    open func backgroundImage(for state: State) -> UIImage? {
        backgroundImages.value(for: state)
    }

    /// The background image for the current state.
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    override func controlStateDidChange() {
        updateImages()
        updateTitle()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutImages()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if buttonType == .system { updateTitle() }
    }

    /// Puts the current images in their views (made when first needed), without animation.
    private func updateImages() {
        UIView.performWithoutAnimation {
            if let background = currentBackgroundImage {
                let view = backgroundImageView ?? makeImageView(below: true)
                backgroundImageView = view
                if view.image !== background { view.image = background }
            } else {
                backgroundImageView?.image = nil
            }
            if let image = currentImage {
                let view = imageViewStorage ?? makeImageView(below: false)
                imageViewStorage = view
                if view.image !== image { view.image = image }
            } else {
                imageViewStorage?.image = nil
            }
            layOutImages()
        }
    }

    private func makeImageView(below: Bool) -> UIImageView {
        let view = UIImageView(frame: bounds)
        if below { insertSubview(view, at: 0) } else { addSubview(view) }
        return view
    }

    private func layOutImages() {
        backgroundImageView?.frame = bounds
        let content = bounds.inset(by: contentEdgeInsets)
        let titleSize = shownTitleSize(in: content)
        let imageSize = imageViewStorage?.image?.size ?? .zero
        // The image and the title side by side (image first), the pair centred in the content.
        let groupWidth = imageSize.width + titleSize.width
        let left = content.midX - groupWidth / 2
        if let view = imageViewStorage, view.image != nil {
            view.frame = CGRect(x: left, y: content.midY - imageSize.height / 2, width: imageSize.width, height: imageSize.height)
        }
        if let label = titleLabelStorage, !label.isHidden {
            let area = content.inset(by: titleEdgeInsets)
            let x = imageSize.width > 0 ? left + imageSize.width + titleEdgeInsets.left - titleEdgeInsets.right
                                        : area.midX - titleSize.width / 2
            let frame = CGRect(x: x, y: area.midY - titleSize.height / 2, width: titleSize.width, height: titleSize.height)
            // Inside an animation block (layoutIfNeeded() in one) the title moves with it, as on iOS.
            if UIView.isFinite(frame), label.frame != frame { label.frame = frame }
        }
    }

    /// The title label's size in `content`: its fitting size, no wider than the room left.
    private func shownTitleSize(in content: CGRect) -> CGSize {
        guard let label = titleLabelStorage, !label.isHidden else { return .zero }
        let fitting = label.sizeThatFits(CGSize(width: 0, height: 0))
        let imageWidth = imageViewStorage?.image?.size.width ?? 0
        let room = max(0, content.inset(by: titleEdgeInsets).width - imageWidth)
        return CGSize(width: min(fitting.width, room), height: fitting.height)
    }

    /// A custom button with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    /// A button of `buttonType` with a zero frame.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// Buttons are not decoded from archives (see UIView.init(coder:)).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Sets the title for `state` (states without a title of their own show the normal state's).
    open func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        updateTitle()
    }

    /// The title for `state`, else the normal state's.
    open func title(for state: State) -> String? {
        titles.value(for: state)
    }

    /// The title for the current state (the attributed title's characters when there is one).
    open var currentTitle: String? { currentAttributedTitle?.string ?? title(for: state) }

    /// Sets the styled title for `state`; it takes precedence over the plain title.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state] = title
        updateTitle()
    }

    /// The styled title for `state`, else the normal state's.
    open func attributedTitle(for state: State) -> NSAttributedString? {
        attributedTitles.value(for: state)
    }

    /// The styled title for the current state.
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    /// Sets the title colour for `state`.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state] = color
        updateTitle()
    }

    /// The title colour for `state`, else the normal state's, else the button's default: white
    /// for a custom button; for a system button its tint colour (dimmed while highlighted,
    /// gray when disabled).
    open func titleColor(for state: State) -> UIColor? {
        titleColors.value(for: state) ?? defaultTitleColor(for: state)
    }

    private func defaultTitleColor(for state: State) -> UIColor {
        guard buttonType == .system else { return .white }
        if state.contains(.disabled) { return .systemGray }
        let tint: UIColor = tintColor ?? .systemBlue
        return state.contains(.highlighted) ? tint.withAlphaComponent(UIButton.systemHighlightAlpha) : tint
    }

    /// A system button's title alpha while highlighted (Kinema's value; Apple documents none).
    static let systemHighlightAlpha: CGFloat = 0.2

    /// The title colour for the current state.
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }

    /// The label showing the current title (made when first asked for or when a title is set).
    open var titleLabel: UILabel? { makeTitleLabel() }

    /// Insets of the content (image and title) from the bounds. Default zero.
    open var contentEdgeInsets: UIEdgeInsets = .zero {
        didSet { setNeedsLayout(); layOutImages() }
    }

    /// Insets of the title from the content rectangle. Default zero.
    open var titleEdgeInsets: UIEdgeInsets = .zero {
        didSet { setNeedsLayout(); layOutImages() }
    }

    /// The title's and the image's sizes side by side, plus the content insets.
    open override var intrinsicContentSize: CGSize {
        let title = titleLabelStorage.map { $0.isHidden ? .zero : $0.sizeThatFits(.zero) } ?? .zero
        let image = currentImage?.size ?? .zero
        let background = currentBackgroundImage?.size ?? .zero
        var size = CGSize(width: title.width + image.width, height: max(title.height, image.height))
        size.width += contentEdgeInsets.left + contentEdgeInsets.right
        size.height += contentEdgeInsets.top + contentEdgeInsets.bottom
        return CGSize(width: max(size.width, background.width), height: max(size.height, background.height))
    }

    /// The intrinsic size (the view's size when nothing is shown).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let intrinsic = intrinsicContentSize
        return intrinsic == .zero ? bounds.size : intrinsic
    }

    private func makeTitleLabel() -> ButtonTitleLabel {
        if let label = titleLabelStorage { return label }
        let label = ButtonTitleLabel(frame: .zero)
        label.font = UIFont.systemFont(ofSize: UIButton.titleFontSize)
        label.lineBreakMode = .byTruncatingMiddle
        label.textAlignment = .center
        label.isHidden = true
        titleLabelStorage = label
        UIView.performWithoutAnimation { addSubview(label) }
        updateTitle()
        return label
    }

    /// The default title font size (Interface Builder's "System 15.0").
    static let titleFontSize: CGFloat = 15

    /// Puts the current title and colour in the title label, without animation.
    private func updateTitle() {
        let attributed = currentAttributedTitle
        let plain = title(for: state)
        if titleLabelStorage == nil && attributed == nil && plain == nil { return }
        let label = makeTitleLabel()
        UIView.performWithoutAnimation {
            let color = currentTitleColor
            let colorChanged = label.textColor != color
            // Setting the label's colour applies to all of its text, so an attributed title is
            // set again after it.
            if colorChanged { label.textColor = color }
            if let attributed {
                if colorChanged || shownAttributedTitle !== attributed {
                    label.attributedText = attributed
                    shownAttributedTitle = attributed
                }
            } else {
                shownAttributedTitle = nil
                if label.text != plain || !label.hasPlainText { label.text = plain }
            }
            let hidden = (label.text ?? "").isEmpty
            if label.isHidden != hidden { label.isHidden = hidden }
            layOutImages()
        }
    }

    override var primaryEvents: Event { .primaryActionTriggered }
}

/// A button's title label: when its size may have changed, the button lays it out again.
@MainActor
final class ButtonTitleLabel: UILabel {
    override func invalidateIntrinsicContentSize() {
        super.invalidateIntrinsicContentSize()
        superview?.setNeedsLayout()
    }
}

/// Values per control state with UIKit's fallback to the normal state's.
struct StateValues<Value> {
    private var values: [UInt: Value] = [:]

    /// The value set for exactly `state`.
    subscript(state: UIControl.State) -> Value? {
        get { values[state.rawValue] }
        set { values[state.rawValue] = newValue }
    }

    /// The value for `state`, else for the normal state.
    func value(for state: UIControl.State) -> Value? {
        values[state.rawValue] ?? values[UIControl.State.normal.rawValue]
    }
}
