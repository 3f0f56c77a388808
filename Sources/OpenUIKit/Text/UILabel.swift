// UILabel: a view that draws read-only text, on KinemaText.
//
// Audited against: UILabel docs — text, attributedText, font ("the default value is the system
//   font at 17 points"), textColor, textAlignment, numberOfLines ("default 1; 0 means as many
//   lines as needed"), lineBreakMode ("default byTruncatingTail"), adjustsFontSizeToFitWidth,
//   minimumScaleFactor ("If you specify 0 … the current font size is used as the smallest font
//   size"), isEnabled ("Disabled text is dimmed"), isHighlighted, highlightedTextColor,
//   shadowColor (default nil), shadowOffset (default (0, −1)), preferredMaxLayoutWidth,
//   textRect(forBounds:limitedToNumberOfLines:), drawText(in:) ("By the time this method is
//   called, the current graphics context is already configured with the default environment and
//   text color"); the Overview's "The default content mode of the UILabel class is
//   UIView.ContentMode.redraw"; font/textColor/textAlignment/lineBreakMode/shadow "applies … to
//   the entirety of the string in the attributedText property"; isUserInteractionEnabled
//   (default false for labels).
// Choices, each in docs/UIKIT.md ("Text"): text is centred vertically in the bounds and its top
//   snapped to the pixel grid; sizes are rounded up to whole pixels of the label's scale; a
//   disabled label draws its text at half alpha (Apple says only "dimmed"); the shadow is drawn
//   unblurred, as UILabel's.
// Redrawing: a change of content or appearance calls setNeedsDisplay; bounds changes redraw
//   through contentMode .redraw (needsDisplayOnBoundsChange), so a frame animated in a block is
//   drawn once for the final bounds and its contents stretch meanwhile, as on iOS.

import Foundation
import KinemaSupport
import KinemaText
import OpenCoreGraphics
import OpenQuartzCore

/// A view that shows one or more lines of read-only text.
///
/// ```swift
/// let label = UILabel(frame: CGRect(x: 20, y: 40, width: 200, height: 44))
/// label.text = "Bài viết hôm nay"
/// label.font = .boldSystemFont(ofSize: 20)
/// label.textAlignment = .center
/// ```
@MainActor
open class UILabel: UIView {
    /// What was set: a plain string, or an attributed one (its own attributes over the label's).
    private enum Content {
        case plain(String)
        case attributed(NSAttributedString)
    }

    private var content: Content?
    private var storedFont: UIFont?
    private var storedTextColor: UIColor?
    /// The laid-out text, kept until the content, an appearance or the size changes.
    private var layoutCache: [LayoutKey: (layout: TextLayout, scale: Double)] = [:]

    private struct LayoutKey: Hashable {
        var width: Double
        var height: Double
        var lines: Int
        var fitting: Bool
    }

    /// A label with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    /// Labels are not decoded from archives (see UIView.init(coder:)).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        contentMode = .redraw
        isOpaque = false
        isUserInteractionEnabled = false
    }

    // MARK: Content

    /// The text shown; setting it replaces `attributedText` by this text in the label's
    /// attributes. Default nil.
    open var text: String? {
        get {
            switch content {
            case .plain(let string): return string
            case .attributed(let attributed): return attributed.string
            case nil: return nil
            }
        }
        set {
            if case .plain(let old) = content, old == newValue { return }
            content = newValue.map(Content.plain)
            contentDidChange()
        }
    }

    /// Whether the content was set as plain text.
    var hasPlainText: Bool {
        if case .plain = content { return true }
        return false
    }

    /// The styled text shown: for plain text, the text with the label's font, colour, paragraph
    /// style and shadow; setting it sets `text` to its characters. Default nil.
    open var attributedText: NSAttributedString? {
        get {
            switch content {
            case .plain(let string): return NSAttributedString(string: string, attributes: labelAttributes)
            case .attributed(let attributed):
                let result = NSMutableAttributedString(string: attributed.string, attributes: labelAttributes)
                attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) { attributes, range, _ in
                    result.addAttributes(attributes, range: range)
                }
                return result
            case nil: return nil
            }
        }
        set {
            content = newValue.map { Content.attributed(NSAttributedString(attributedString: $0)) }
            contentDidChange()
        }
    }

    /// The label's attributes as an attributed string of its plain text carries them.
    private var labelAttributes: [NSAttributedString.Key: Any] {
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = textAlignment
        paragraph.lineBreakMode = lineBreakMode
        var attributes: [NSAttributedString.Key: Any] = [.font: font as Any, .foregroundColor: textColor as Any, .paragraphStyle: paragraph]
        if let shadowColor {
            let shadow = NSShadow()
            shadow.shadowColor = shadowColor
            shadow.shadowOffset = shadowOffset
            attributes[.shadow] = shadow
        }
        return attributes
    }

    /// The font of the text. Default: the system font at 17 points; nil resets it.
    open var font: UIFont! {
        get { storedFont ?? UIFont.systemFont(ofSize: UIFont.labelFontSize) }
        set {
            storedFont = newValue
            removeAttribute(.font)
            appearanceDidChange()
        }
    }

    /// The colour of the text. Default black; nil resets it.
    open var textColor: UIColor! {
        get { storedTextColor ?? .black }
        set {
            storedTextColor = newValue
            removeAttribute(.foregroundColor)
            appearanceDidChange()
        }
    }

    /// How lines are aligned. Default `.natural`.
    open var textAlignment: NSTextAlignment = .natural {
        didSet {
            guard oldValue != textAlignment else { return }
            removeAttribute(.paragraphStyle)
            appearanceDidChange()
        }
    }

    /// How the text breaks and what happens to what does not fit. Default `.byTruncatingTail`.
    /// With more than one line, lines wrap by word and the last one is truncated.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet { if oldValue != lineBreakMode { appearanceDidChange() } }
    }

    /// The most lines shown; 0 is no limit. Default 1. Negative values count as 0.
    open var numberOfLines: Int = 1 {
        didSet { if oldValue != numberOfLines { appearanceDidChange() } }
    }

    /// Whether the font shrinks (down to `minimumScaleFactor`) so the text fits. Default false.
    open var adjustsFontSizeToFitWidth = false {
        didSet { if oldValue != adjustsFontSizeToFitWidth { appearanceDidChange() } }
    }

    /// The smallest scale of the font when it shrinks to fit; 0 (the default) keeps the size.
    open var minimumScaleFactor: CGFloat = 0 {
        didSet { if oldValue != minimumScaleFactor { appearanceDidChange() } }
    }

    /// The width a multi-line label wraps at for its intrinsic size (0: none). Default 0.
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { if oldValue != preferredMaxLayoutWidth { appearanceDidChange() } }
    }

    /// Whether the font follows the content-size category (Dynamic Type). Stored: there are no
    /// content-size categories here, so fonts keep their sizes. Default false.
    open var adjustsFontForContentSizeCategory = false

    /// Whether the label tightens letter spacing before truncating. Stored: Kinema truncates
    /// without tightening. Default false.
    open var allowsDefaultTighteningForTruncation = false

    /// The colour of the text's shadow; nil (the default) draws none.
    open var shadowColor: UIColor? {
        didSet { appearanceDidChange() }
    }

    /// The shadow's offset in points (positive height down). Default (0, −1).
    open var shadowOffset = CGSize(width: 0, height: -1) {
        didSet { if oldValue != shadowOffset { appearanceDidChange() } }
    }

    /// Whether the text is drawn as enabled; disabled text is dimmed. Default true.
    open var isEnabled = true {
        didSet { if oldValue != isEnabled { setNeedsDisplay() } }
    }

    /// Whether the text is drawn in `highlightedTextColor`. Default false.
    open var isHighlighted = false {
        didSet { if oldValue != isHighlighted { setNeedsDisplay() } }
    }

    /// The text's colour while highlighted; nil (the default) keeps the colours.
    open var highlightedTextColor: UIColor? {
        didSet { if isHighlighted { setNeedsDisplay() } }
    }

    /// Setting a label-wide attribute applies it to all of the attributed text, as UIKit does.
    private func removeAttribute(_ key: NSAttributedString.Key) {
        guard case .attributed(let attributed) = content else { return }
        let copy = NSMutableAttributedString(attributedString: attributed)
        copy.removeAttribute(key, range: NSRange(location: 0, length: copy.length))
        content = .attributed(copy)
    }

    private func contentDidChange() {
        layoutCache.removeAll()
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    private func appearanceDidChange() {
        layoutCache.removeAll()
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    // MARK: Layout of the text

    /// The label's text in the engine's terms: its content over the label's font, colour,
    /// alignment and line-break mode.
    var styledText: StyledText {
        var base = TextStyle(font: font.textFont)
        base.foregroundColor = textColor.textColor
        base.paragraph.alignment = NSParagraphStyle.textAlignment(textAlignment)
        base.paragraph.lineBreakMode = TextLineBreakMode(rawValue: lineBreakMode.rawValue) ?? .truncatingTail
        switch content {
        case .plain(let string): return StyledText(string, style: base)
        case .attributed(let attributed): return TextAttributes.styledText(attributed, base: base)
        case nil: return StyledText("", style: base)
        }
    }

    /// The text laid out in `width` × `height` points (either may be `.infinity`) with at most
    /// `lines` lines, shrunk to fit when `fitting` and the label adjusts its font size.
    func textLayout(width: Double, height: Double, lines: Int, fitting: Bool) -> (layout: TextLayout, scale: Double) {
        let key = LayoutKey(width: width, height: height, lines: lines, fitting: fitting)
        if let cached = layoutCache[key] { return cached }
        let mode = TextLineBreakMode(rawValue: lineBreakMode.rawValue) ?? .truncatingTail
        let container = TextContainer(width: width, height: height, maximumNumberOfLines: max(0, lines),
                                      lineBreakMode: mode, wrapsTruncatingLines: true)
        let text = styledText
        var result = (layout: TextLayoutEngine.layout(text, in: container), scale: 1.0)
        let minimum = minimumScaleFactor.isFinite ? min(max(Double(minimumScaleFactor), 0), 1) : 0
        if fitting, adjustsFontSizeToFitWidth, minimum > 0, minimum < 1, !fits(result.layout, width: width) {
            let fitted = TextFitting.largestScale(minimum: minimum) { scale in
                let candidate = TextLayoutEngine.layout(text.scaled(by: scale), in: container)
                return (candidate, self.fits(candidate, width: width))
            }
            if let layout = fitted.layout { result = (layout, fitted.scale) }
        }
        if layoutCache.count > 8 { layoutCache.removeAll() }
        layoutCache[key] = result
        return result
    }

    /// Whether a layout shows all of the text: nothing truncated, no line wider than the width.
    private func fits(_ layout: TextLayout, width: Double) -> Bool {
        !layout.isTruncated && (!width.isFinite || layout.size.width <= width + 1e-9)
    }

    /// `value` rounded up to a whole pixel of the label's scale.
    private func ceilToPixel(_ value: Double) -> CGFloat {
        let scale = contentScaleFactor > 0 && contentScaleFactor.isFinite ? Double(contentScaleFactor) : 1
        return CGFloat((value * scale - 1e-9).rounded(.up) / scale)
    }

    private func roundToPixel(_ value: Double) -> CGFloat {
        let scale = contentScaleFactor > 0 && contentScaleFactor.isFinite ? Double(contentScaleFactor) : 1
        return CGFloat((value * scale).rounded() / scale)
    }

    /// The rectangle the text takes in `bounds` with at most `numberOfLines` lines (0: no
    /// limit): at the bounds' origin, its size the laid-out text's, rounded up to whole pixels.
    /// Lines past the bounds' height are left out; a zero or infinite bounds size is no limit.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard bounds.origin.x.isFinite, bounds.origin.y.isFinite, !bounds.width.isNaN, !bounds.height.isNaN else {
            KinemaDiagnostics.emit("UILabel", "textRect(forBounds:): bounds \(bounds) is not finite; .zero")
            return .zero
        }
        guard let text, !text.isEmpty else { return CGRect(origin: bounds.origin, size: .zero) }
        let width = TextRendering.dimension(bounds.width, api: "UILabel.textRect(forBounds:)")
        let height = TextRendering.dimension(bounds.height, api: "UILabel.textRect(forBounds:)")
        let layout = textLayout(width: width, height: height, lines: numberOfLines, fitting: false).layout
        return CGRect(x: bounds.minX, y: bounds.minY, width: ceilToPixel(Double(layout.size.width)), height: ceilToPixel(Double(layout.size.height)))
    }

    /// Draws the text in `rect`: centred vertically, lines aligned within the rect's width,
    /// with the label's shadow, dimmed when disabled, in `highlightedTextColor` when highlighted.
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let text, !text.isEmpty else { return }
        guard UIView.isFinite(rect), rect.width > 0, rect.height > 0 else { return }
        let (layout, _) = textLayout(width: Double(rect.width), height: Double(rect.height), lines: numberOfLines, fitting: true)
        let textHeight = ceilToPixel(Double(layout.size.height))
        let top = rect.minY + roundToPixel(Double(rect.height - textHeight) / 2)
        var adjustment = TextRendering.ColorAdjustment()
        if isHighlighted, let highlighted = highlightedTextColor?.textColor { adjustment.foreground = highlighted }
        if !isEnabled { adjustment.alpha = UILabel.disabledAlpha }
        context.saveGState()
        if let shadowColor, shadowOffset.width.isFinite, shadowOffset.height.isFinite {
            let color = TextRendering.cgColor(adjustment.apply(shadowColor.textColor ?? .clear, isForeground: false))
            context.setShadow(offset: shadowOffset, blur: 0, color: color)
        }
        TextRendering.draw(layout, at: CGPoint(x: rect.minX, y: top), in: context, adjustment: adjustment)
        context.restoreGState()
    }

    /// The alpha a disabled label's text is drawn at (Apple documents "dimmed", no figure).
    static let disabledAlpha = 0.5

    /// Draws the text (`drawText(in:)` with the bounds).
    open override func draw(_ rect: CGRect) {
        guard let text, !text.isEmpty else {
            // Nothing to draw: the view keeps no backing store (UIView+Drawing.swift).
            super.draw(rect)
            return
        }
        drawText(in: bounds)
    }

    /// The first baseline's y in the bounds where `drawText(in: bounds)` puts it (Kinema API, for
    /// tests and for laying out beside text).
    package var firstBaselineInBounds: CGFloat {
        let rect = bounds
        guard UIView.isFinite(rect), rect.width > 0, rect.height > 0 else { return 0 }
        let (layout, _) = textLayout(width: Double(rect.width), height: Double(rect.height), lines: numberOfLines, fitting: true)
        let textHeight = ceilToPixel(Double(layout.size.height))
        return rect.minY + roundToPixel(Double(rect.height - textHeight) / 2) + CGFloat(layout.firstBaseline)
    }

    // MARK: Sizing

    /// The size that fits the text: one line at its natural width when `numberOfLines` is 1,
    /// else the text wrapped at `size.width` (0 or infinite: no limit), rounded up to whole
    /// pixels. Empty text fits in `.zero`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        // NaN is no constraint here, as 0 and infinity are.
        let width = numberOfLines == 1 || size.width.isNaN ? CGFloat.infinity : size.width
        return textRect(forBounds: CGRect(x: 0, y: 0, width: width, height: .infinity), limitedToNumberOfLines: numberOfLines).size
    }

    /// The text's natural size: one line, or wrapped at `preferredMaxLayoutWidth` when set and
    /// the label has more than one line.
    open override var intrinsicContentSize: CGSize {
        let width = numberOfLines != 1 && preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : 0
        return sizeThatFits(CGSize(width: width, height: 0))
    }
}
