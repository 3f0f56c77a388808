// Apple's text value types that both UIKit code and CATextLayer use: the attribute keys UIKit
// adds to NSAttributedString.Key, NSParagraphStyle / NSMutableParagraphStyle, NSShadow,
// NSTextAlignment, NSLineBreakMode, NSUnderlineStyle, NSStringDrawingOptions and
// NSStringDrawingContext. Declared here, below OpenQuartzCore and OpenUIKit, because both carry
// them (as CATransform3D lives in KinemaGeometry); OpenQuartzCore, OpenUIKit and Kinema re-export
// them by name. Raw values are Apple's (UIKit's NSText.h, NSParagraphStyle.h,
// NSAttributedString.h, NSStringDrawing.h).

import Foundation

extension NSAttributedString.Key {
    /// A UIFont. Default: Helvetica 12 pt on iOS; here the system font at 12 pt.
    public static let font = NSAttributedString.Key("NSFont")
    /// A UIColor (or CGColor). Default black.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A UIColor behind the characters. Default none.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// Extra points after each character (a number).
    public static let kern = NSAttributedString.Key("NSKern")
    /// Like kern, in points, applied between characters (iOS 14).
    public static let tracking = NSAttributedString.Key("NSTracking")
    /// An NSParagraphStyle.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// An NSUnderlineStyle raw value (a number).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// An NSUnderlineStyle raw value (a number).
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// An NSShadow.
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// Points the baseline is raised (a number).
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// Ligatures (a number: 0 none, 1 default). Stored; HarfBuzz's default ligatures are used.
    public static let ligature = NSAttributedString.Key("NSLigature")
    /// A URL or string. Stored; not drawn differently.
    public static let link = NSAttributedString.Key("NSLink")
}

/// Horizontal text alignment (UIKit's raw values).
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}

/// What happens to text that does not fit a line (UIKit's raw values).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping = 1
    case byClipping = 2
    case byTruncatingHead = 3
    case byTruncatingTail = 4
    case byTruncatingMiddle = 5
}

/// Underline and strikethrough styles (UIKit's raw values). Patterns and `byWord` are kept but
/// drawn as solid lines under every character.
public struct NSUnderlineStyle: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// Options of `boundingRect(with:options:attributes:context:)` and `draw(with:options:…)`.
public struct NSStringDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lay out lines from the rect's top (multi-line); without it the text is one line set on a
    /// baseline at the origin.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Use the font's leading for line heights (Kinema always includes it; kept).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Glyph image bounds instead of typographic ones (kept; typographic bounds are returned).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Truncate the last line that fits, with "…".
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Scale-to-fit settings and results for string drawing.
open class NSStringDrawingContext: NSObject {
    /// The smallest scale the text may shrink to so it fits (0: no shrinking).
    open var minimumScaleFactor: CGFloat = 0
    /// The scale actually used by the last drawing or measurement.
    open internal(set) var actualScaleFactor: CGFloat = 1
    /// The bounds of the last drawing or measurement.
    open internal(set) var totalBounds: CGRect = .zero

    public override init() {}

    /// Records a measurement (for the Open modules, which do the drawing).
    package func record(scale: CGFloat, bounds: CGRect) {
        actualScaleFactor = scale
        totalBounds = bounds
    }
}

/// A paragraph's layout settings. Immutable; `NSMutableParagraphStyle` is the mutable one.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    package var values = TextParagraphStyle()
    package var baseDirection = NSWritingDirection.natural

    public override init() {}

    package init(values: TextParagraphStyle) {
        self.values = values
    }

    /// A fresh default style (natural alignment, word wrapping, no spacing).
    public class var `default`: NSParagraphStyle { NSParagraphStyle() }

    open var alignment: NSTextAlignment { NSTextAlignment(rawValue: Self.appleAlignment(values.alignment)) ?? .natural }
    open var lineSpacing: CGFloat { values.lineSpacing }
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    open var headIndent: CGFloat { values.headIndent }
    open var tailIndent: CGFloat { values.tailIndent }
    open var lineBreakMode: NSLineBreakMode { NSLineBreakMode(rawValue: values.lineBreakMode.rawValue) ?? .byWordWrapping }
    open var baseWritingDirection: NSWritingDirection { baseDirection }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle(values: values)
        copy.baseDirection = baseDirection
        return copy
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle(values: values)
        copy.baseDirection = baseDirection
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return values == other.values && baseDirection == other.baseDirection
    }

    open override var hash: Int { values.hashValue }

    static func appleAlignment(_ mode: TextAlignmentMode) -> Int {
        switch mode {
        case .left: return 0
        case .center: return 1
        case .right: return 2
        case .justified: return 3
        case .natural: return 4
        }
    }

    package static func textAlignment(_ alignment: NSTextAlignment) -> TextAlignmentMode {
        switch alignment {
        case .left: return .left
        case .center: return .center
        case .right: return .right
        case .justified: return .justified
        case .natural: return .natural
        }
    }
}

/// The writing direction of a paragraph (UIKit's raw values).
public enum NSWritingDirection: Int, Sendable {
    case natural = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// A paragraph style that can be changed.
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var alignment: NSTextAlignment {
        get { super.alignment }
        set { values.alignment = NSParagraphStyle.textAlignment(newValue) }
    }
    open override var lineSpacing: CGFloat {
        get { values.lineSpacing }
        set { values.lineSpacing = newValue }
    }
    open override var lineHeightMultiple: CGFloat {
        get { values.lineHeightMultiple }
        set { values.lineHeightMultiple = newValue }
    }
    open override var minimumLineHeight: CGFloat {
        get { values.minimumLineHeight }
        set { values.minimumLineHeight = newValue }
    }
    open override var maximumLineHeight: CGFloat {
        get { values.maximumLineHeight }
        set { values.maximumLineHeight = newValue }
    }
    open override var paragraphSpacing: CGFloat {
        get { values.paragraphSpacing }
        set { values.paragraphSpacing = newValue }
    }
    open override var paragraphSpacingBefore: CGFloat {
        get { values.paragraphSpacingBefore }
        set { values.paragraphSpacingBefore = newValue }
    }
    open override var firstLineHeadIndent: CGFloat {
        get { values.firstLineHeadIndent }
        set { values.firstLineHeadIndent = newValue }
    }
    open override var headIndent: CGFloat {
        get { values.headIndent }
        set { values.headIndent = newValue }
    }
    open override var tailIndent: CGFloat {
        get { values.tailIndent }
        set { values.tailIndent = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { values.lineBreakMode = TextLineBreakMode(rawValue: newValue.rawValue) ?? .wordWrapping }
    }
    open override var baseWritingDirection: NSWritingDirection {
        get { baseDirection }
        set { baseDirection = newValue }
    }

    /// Takes every setting of `other`.
    open func setParagraphStyle(_ other: NSParagraphStyle) {
        values = other.values
        baseDirection = other.baseDirection
    }
}

/// A shadow for text (`NSAttributedString.Key.shadow`).
open class NSShadow: NSObject, NSCopying {
    /// Offset in points; positive height is down in UIKit's drawing.
    open var shadowOffset: CGSize = .zero
    open var shadowBlurRadius: CGFloat = 0
    /// A UIColor or CGColor; nil means black at one-third alpha, as Apple documents.
    open var shadowColor: Any?

    public override init() {}

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSShadow()
        copy.shadowOffset = shadowOffset
        copy.shadowBlurRadius = shadowBlurRadius
        copy.shadowColor = shadowColor
        return copy
    }
}

// MARK: Attributes → the engine's styles

/// A font value the engine can use (UIFont adopts it in OpenUIKit).
package protocol TextFontConvertible {
    var textFont: TextFont { get }
}

/// A colour value the engine can use (UIColor adopts it; the Open modules resolve CGColor).
package protocol TextColorConvertible {
    var textColor: TextColor? { get }
}

extension TextStyle {
    /// This style with Apple's `attributes` applied over it. `color` turns an attribute's colour
    /// value (UIColor, CGColor) into a TextColor; values of the wrong type are ignored.
    package func applying(_ attributes: [NSAttributedString.Key: Any], color: (Any) -> TextColor?) -> TextStyle {
        var style = self
        for (key, value) in attributes {
            switch key {
            case .font:
                if let font = (value as? any TextFontConvertible)?.textFont { style.font = font }
            case .foregroundColor:
                style.foregroundColor = color(value)
            case .backgroundColor:
                style.backgroundColor = color(value)
            case .kern, .tracking:
                if let number = Self.number(value) { style.kern = number }
            case .paragraphStyle:
                if let paragraph = value as? NSParagraphStyle { style.paragraph = paragraph.values }
            case .underlineStyle:
                if let number = Self.number(value) { style.underline = Int(exactly: number.rounded()) ?? 0 }
            case .underlineColor:
                style.underlineColor = color(value)
            case .strikethroughStyle:
                if let number = Self.number(value) { style.strikethrough = Int(exactly: number.rounded()) ?? 0 }
            case .strikethroughColor:
                style.strikethroughColor = color(value)
            case .shadow:
                if let shadow = value as? NSShadow {
                    let shadowColor = shadow.shadowColor.flatMap(color) ?? TextColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0)
                    style.shadow = TextShadow(offset: shadow.shadowOffset, blurRadius: max(0, shadow.shadowBlurRadius.isFinite ? shadow.shadowBlurRadius : 0), color: shadowColor)
                }
            case .baselineOffset:
                if let number = Self.number(value) { style.baselineOffset = number }
            default:
                continue
            }
        }
        return style
    }

    /// A number attribute's value (NSNumber, Int, Double, CGFloat, Float), finite only.
    static func number(_ value: Any) -> Double? {
        let number: Double?
        switch value {
        case let v as Double: number = v
        case let v as CGFloat: number = Double(v)
        case let v as Float: number = Double(v)
        case let v as Int: number = Double(v)
        case let v as NSNumber: number = v.doubleValue
        case let v as NSUnderlineStyle: number = Double(v.rawValue)
        default: number = nil
        }
        guard let number, number.isFinite else { return nil }
        return number
    }
}

extension StyledText {
    /// `attributed`'s characters and attributes over `base` (what a program set outside the
    /// string: a label's font and colour).
    package init(_ attributed: NSAttributedString, base: TextStyle, color: (Any) -> TextColor?) {
        let string = attributed.string
        let utf16 = Array(string.utf16)
        var runs: [Run] = []
        var location = 0
        let length = attributed.length
        while location < length {
            var effective = NSRange(location: 0, length: 0)
            let attributes = attributed.attributes(at: location, effectiveRange: &effective)
            let end = max(location + 1, min(length, effective.location + effective.length))
            runs.append(Run(range: location..<end, style: base.applying(attributes, color: color)))
            location = end
        }
        self.init(utf16: utf16, runs: runs, defaultStyle: base)
    }
}
