// The engine's description of styled text: what each character looks like (`TextStyle`), how its
// paragraph is set (`TextParagraphStyle`), and the text with its runs (`StyledText`). The Open
// modules convert Apple's attributes (`NSAttributedString.Key.font` …) into these; the layout
// and the render server see only these Sendable values.

import Foundation

/// A straight (not premultiplied) RGBA colour, components 0…1.
package struct TextColor: Sendable, Hashable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    package static let black = TextColor(red: 0, green: 0, blue: 0, alpha: 1)
    package static let clear = TextColor(red: 0, green: 0, blue: 0, alpha: 0)
}

/// Horizontal alignment of a paragraph's lines (NSTextAlignment's cases).
package enum TextAlignmentMode: Int, Sendable, Hashable {
    case left, center, right, justified, natural
}

/// What happens at the end of a line that does not fit (NSLineBreakMode's cases, same order).
package enum TextLineBreakMode: Int, Sendable, Hashable {
    case wordWrapping, charWrapping, clipping, truncatingHead, truncatingTail, truncatingMiddle

    package var truncates: Bool { self == .truncatingHead || self == .truncatingTail || self == .truncatingMiddle }
}

/// A paragraph's settings (NSParagraphStyle's, in points).
package struct TextParagraphStyle: Sendable, Hashable {
    package var alignment: TextAlignmentMode = .natural
    package var lineSpacing: Double = 0
    package var lineHeightMultiple: Double = 0
    package var minimumLineHeight: Double = 0
    package var maximumLineHeight: Double = 0
    package var paragraphSpacing: Double = 0
    package var paragraphSpacingBefore: Double = 0
    package var firstLineHeadIndent: Double = 0
    package var headIndent: Double = 0
    /// Positive: from the leading margin; zero or negative: from the trailing margin.
    package var tailIndent: Double = 0
    package var lineBreakMode: TextLineBreakMode = .wordWrapping

    package init() {}
    package static let standard = TextParagraphStyle()
}

/// A shadow under the text (NSShadow's, in points; offset y down, as UIKit draws).
package struct TextShadow: Sendable, Hashable {
    package var offset: CGSize
    package var blurRadius: Double
    package var color: TextColor

    package init(offset: CGSize, blurRadius: Double, color: TextColor) {
        self.offset = offset
        self.blurRadius = blurRadius
        self.color = color
    }
}

/// How a character is drawn.
package struct TextStyle: Sendable, Hashable {
    package var font: TextFont
    /// nil: not drawn (a clear foreground).
    package var foregroundColor: TextColor? = .black
    package var backgroundColor: TextColor?
    /// Extra space after each character, in points (NSAttributedString.Key.kern).
    package var kern: Double = 0
    /// NSUnderlineStyle's raw value (0 none; 1 single, 2 thick, 9 double; pattern bits ignored).
    package var underline: Int = 0
    package var underlineColor: TextColor?
    package var strikethrough: Int = 0
    package var strikethroughColor: TextColor?
    package var shadow: TextShadow?
    /// Points the baseline moves up.
    package var baselineOffset: Double = 0
    package var paragraph: TextParagraphStyle = .standard

    package init(font: TextFont) {
        self.font = font
    }
}

/// Text and its styles: UTF-16 code units (NSString's indexing, which NSRange and HarfBuzz's
/// clusters use) and runs that cover them in order.
package struct StyledText: Sendable, Hashable {
    package var utf16: [UInt16]
    package var runs: [Run]

    package struct Run: Sendable, Hashable {
        package var range: Range<Int>
        package var style: TextStyle

        package init(range: Range<Int>, style: TextStyle) {
            self.range = range
            self.style = style
        }
    }

    /// `string` in one style.
    package init(_ string: String, style: TextStyle) {
        utf16 = Array(string.utf16)
        runs = utf16.isEmpty ? [] : [Run(range: 0..<utf16.count, style: style)]
        defaultStyle = style
    }

    /// Text with runs; the runs are normalised so they cover 0..<count in order (gaps take the
    /// style before them, or `defaultStyle`).
    package init(utf16: [UInt16], runs: [Run], defaultStyle: TextStyle) {
        self.utf16 = utf16
        self.defaultStyle = defaultStyle
        var normalized: [Run] = []
        var position = 0
        for run in runs.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let lower = max(position, min(run.range.lowerBound, utf16.count))
            let upper = min(max(lower, run.range.upperBound), utf16.count)
            if lower > position {
                normalized.append(Run(range: position..<lower, style: normalized.last?.style ?? defaultStyle))
            }
            if upper > lower {
                if let last = normalized.last, last.style == run.style, last.range.upperBound == lower {
                    normalized[normalized.count - 1].range = last.range.lowerBound..<upper
                } else {
                    normalized.append(Run(range: lower..<upper, style: run.style))
                }
                position = upper
            }
        }
        if position < utf16.count {
            normalized.append(Run(range: position..<utf16.count, style: normalized.last?.style ?? defaultStyle))
        }
        self.runs = normalized
    }

    /// The style where no run says otherwise (and of empty text: its line height).
    package var defaultStyle: TextStyle

    package var isEmpty: Bool { utf16.isEmpty }
    package var string: String { String(decoding: utf16, as: UTF16.self) }

    /// The style at UTF-16 offset `index` (the default style past the end).
    package func style(at index: Int) -> TextStyle {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].range.upperBound <= index { low = mid + 1 } else { high = mid }
        }
        return low < runs.count && runs[low].range.contains(index) ? runs[low].style : defaultStyle
    }
}
