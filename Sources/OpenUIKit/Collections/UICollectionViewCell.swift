// UICollectionReusableView and UICollectionViewCell: the views a collection view shows its
// elements in, recycled through reuse identifiers.
//
// Audited against: UICollectionReusableView docs — reuseIdentifier, prepareForReuse() ("performs
//   any clean up necessary to prepare the view for use again"), apply(_:),
//   preferredLayoutAttributesFitting(_:) ("the default implementation … returns the attributes
//   unchanged" for reusable views; cells size through Auto Layout on iOS),
//   willTransition(from:to:), didTransition(from:to:); UICollectionViewCell docs — contentView
//   ("add your custom subviews to the cell's content view"), backgroundView ("placed behind all
//   other content"), selectedBackgroundView ("placed above the background view and below the
//   content view when the cell is selected" — and while highlighted), isSelected, isHighlighted.
// Status: complete except Auto Layout self-sizing (no Auto Layout in Kinema: the default
//   preferredLayoutAttributesFitting returns the attributes unchanged; a self-sizing cell
//   overrides it), configuration states and background configurations. Deviation: `init(frame:)` is `required` (the collection view makes
//   registered classes through their type, which Swift allows only with a required
//   initializer): a subclass overriding it writes `required override init(frame:)` — Swift's
//   fix-it adds `required`.

import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A view a collection view shows a supplementary or decoration element in (and the base of
/// cells). The collection view makes it from its registered class and recycles it.
///
/// **Semantics.** A view leaving the visible area goes to a pool of its reuse identifier;
/// `prepareForReuse()` is called when it is handed out again by a dequeue. `apply(_:)` is called
/// after the collection view set the view's center, bounds, transform, alpha and hidden state
/// from the attributes. **Cost.** A plain view.
@MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the view was registered and dequeued under (nil if made by hand).
    public internal(set) var reuseIdentifier: String?
    /// Whether a dequeue made or recycled the view (a data source must hand out dequeued views).
    var wasDequeued = false

    /// A view with `frame`. Required: the collection view makes registered classes through
    /// their type.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// No archives in Kinema: a zero frame and a diagnostic (UIView's).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Called before a recycled view is handed out again. Default: nothing.
    open func prepareForReuse() {}

    /// Called after the collection view applied `layoutAttributes`' geometry; override for
    /// attributes of a subclass. Default: nothing.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The attributes the view would like (self-sizing). Default: the attributes unchanged.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        layoutAttributes
    }

    /// The collection view's layout is about to change from `oldLayout` to `newLayout`.
    open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
    /// The collection view's layout changed from `oldLayout` to `newLayout`.
    open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
}

/// A collection view's cell: a content view for your subviews over optional background and
/// selected-background views.
///
/// ```swift
/// final class PhotoCell: UICollectionViewCell {
///     let imageView = UIImageView(image: nil)
///     required init(frame: CGRect) {
///         super.init(frame: frame)
///         contentView.addSubview(imageView)
///     }
///     required init?(coder: NSCoder) { nil }
///     override func layoutSubviews() {
///         super.layoutSubviews()
///         imageView.frame = contentView.bounds
///     }
/// }
/// ```
///
/// **Semantics.** The content view, background view and selected background view fill the
/// cell's bounds (laid out in `layoutSubviews`). The selected background view shows while the
/// cell is selected or highlighted. **Cost.** Three views more than a plain view.
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// The view your content goes in (fills the cell).
    public let contentView = UIView(frame: .zero)

    public required init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// A view behind everything else (fills the cell).
    open var backgroundView: UIView? {
        didSet {
            guard oldValue !== backgroundView else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView {
                backgroundView.frame = bounds
                insertSubview(backgroundView, at: 0)
            }
        }
    }

    /// A view between the background view and the content view while the cell is selected or
    /// highlighted (fills the cell).
    open var selectedBackgroundView: UIView? {
        didSet {
            guard oldValue !== selectedBackgroundView else { return }
            oldValue?.removeFromSuperview()
            updateSelectedBackground()
        }
    }

    /// Whether the cell is selected (the collection view sets it).
    open var isSelected = false {
        didSet { if oldValue != isSelected { updateSelectedBackground() } }
    }

    /// Whether the cell is highlighted: a finger is down on it (the collection view sets it).
    open var isHighlighted = false {
        didSet { if oldValue != isHighlighted { updateSelectedBackground() } }
    }

    /// The selected background view shows while selected or highlighted.
    private func updateSelectedBackground() {
        guard let selectedBackgroundView else { return }
        if isSelected || isHighlighted {
            if selectedBackgroundView.superview !== self {
                selectedBackgroundView.frame = bounds
                insertSubview(selectedBackgroundView, belowSubview: contentView)
            }
        } else {
            selectedBackgroundView.removeFromSuperview()
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }

    /// Clears selection and highlight; subclasses call super.
    open override func prepareForReuse() {
        super.prepareForReuse()
    }
}
