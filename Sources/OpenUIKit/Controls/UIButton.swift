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
// Status: titles and title colours are STORED ONLY: text is drawn by the text work (UILabel is
//   not here), so a button shows its background, its images, its layer and what a subclass draws
//   in draw(_:). The background image fills the bounds (resizable images by their caps); the
//   image sits centred at its size; an animated image plays by itself (seed 001's red circles).
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
    private var titleColors = StateValues<UIColor>()
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
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutImages()
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
        if let view = imageViewStorage, let image = view.image {
            let size = image.size
            view.frame = CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                                width: size.width, height: size.height)
        }
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

    /// Sets the title for `state` (stored; not drawn — see the file header).
    open func setTitle(_ title: String?, for state: State) {
        titles[state] = title
    }

    /// The title for `state`, else the normal state's.
    open func title(for state: State) -> String? {
        titles.value(for: state)
    }

    /// The title for the current state.
    open var currentTitle: String? { title(for: state) }

    /// Sets the title colour for `state` (stored).
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state] = color
    }

    /// The title colour for `state`, else the normal state's; a system button's default is its
    /// tint colour.
    open func titleColor(for state: State) -> UIColor? {
        titleColors.value(for: state) ?? (buttonType == .system ? tintColor : .white)
    }

    /// The title colour for the current state.
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }

    override var primaryEvents: Event { .primaryActionTriggered }
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
