// TextLayerValues: CATextLayer's `string` and `font` as the render side carries them — plain
// characters or an attributed string converted to KinemaText's `StyledText`, and a font name or a
// font object's face — made on the client side when the property is set.
//
// Audited against: CATextLayer.string ("can be either an NSString or an NSAttributedString"),
//   CATextLayer.font ("may be either a CTFont, a CGFont, an instance of NSFont (macOS only), or a
//   string naming the font … Defaults to Helvetica. The font property is only used when the
//   string property is not an NSAttributedString. If the font property is a CTFontRef, a
//   CGFontRef, or an instance of NSFont, the font size of the property is ignored"), fontSize and
//   foregroundColor (only used when `string` is not an NSAttributedString).
// Status: complete for what Kinema has: CTFont and CGFont do not exist here, so a font object is
//   anything that adopts `TextFontConvertible` (UIFont, whose size is ignored, as a CTFont's is).
//   The attributes of an attributed string are converted with NSAttributedString's documented
//   defaults where a run says nothing (Helvetica 12 pt, black); docs/LAYERS.md lists the rules.

import Foundation
import KinemaSupport
import KinemaText
import OpenCoreGraphics

/// CATextLayer's `string`, as the layer state carries it.
package enum TextLayerText: Sendable, Hashable {
    /// A `String` or `NSString`: drawn in the layer's font, fontSize and foregroundColor.
    case plain(String)
    /// An `NSAttributedString`: drawn with its own attributes.
    case attributed(AttributedTextValue)
}

/// An attributed string set on a text layer: its styled text (what the render side draws) and
/// the object that was set (an immutable copy, what the property reads back).
///
/// **Semantics.** Equal when the styled texts are equal: two attributed strings with the same
/// characters and attributes are the same value, whichever objects they came from.
package struct AttributedTextValue: Sendable, Hashable {
    package let styled: StyledText
    private let source: SourceBox

    /// `attributed` converted: each run's attributes over NSAttributedString's defaults
    /// (Helvetica 12 pt, black); colours may be CGColor or any `TextColorConvertible` (UIColor),
    /// fonts any `TextFontConvertible` (UIFont); values of other types are ignored.
    package init(_ attributed: NSAttributedString) {
        let copy = (attributed.copy() as? NSAttributedString) ?? attributed
        styled = StyledText(copy, base: Self.baseStyle, color: TextLayerColors.color)
        source = SourceBox(value: copy)
    }

    /// The attributed string that was set.
    package var attributedString: NSAttributedString { source.value }

    /// What a run of an attributed string uses where its attributes say nothing: Core Text's
    /// defaults, Helvetica 12 pt in black.
    package static let baseStyle = TextStyle(font: TextFont(request: FontNames.request(forName: "Helvetica"), size: 12))

    package static func == (lhs: AttributedTextValue, rhs: AttributedTextValue) -> Bool {
        lhs.styled == rhs.styled
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(styled)
    }

    /// The object set, immutable (a copy), so it can travel with the state.
    private final class SourceBox: @unchecked Sendable {
        let value: NSAttributedString
        init(value: NSAttributedString) { self.value = value }
    }
}

/// CATextLayer's `font`: the name it reads back and the request the face is looked up by.
package struct TextLayerFont: Sendable, Hashable {
    /// The name `font` reads back: the name set, or a font object's name.
    package let name: String
    /// What fontconfig is asked for.
    package let request: FontRequest
    /// Whether a font object (UIFont) was set rather than a name.
    package let isObject: Bool

    /// The font named `name` (an iOS name maps to the closest family here, `FontNames`).
    package init(name: String) {
        self.name = name
        request = FontNames.request(forName: name)
        isObject = false
    }

    /// A font object's face; its size is ignored (fontSize applies), as Apple documents for a
    /// CTFont.
    package init(name: String, font: TextFont) {
        self.name = name
        request = font.request
        isObject = true
    }
}

/// Text colours from attribute values.
package enum TextLayerColors {
    /// A colour attribute's value: a `TextColorConvertible` (UIColor) or a CGColor; anything
    /// else is nil (the run is not drawn, as a colour Core Text cannot read).
    package static func color(_ value: Any) -> TextColor? {
        if let color = value as? any TextColorConvertible { return color.textColor }
        if let color = flattened(value) as? CGColor { return textColor(color) }
        return nil
    }

    /// A CGColor as a text colour (straight sRGB).
    package static func textColor(_ color: CGColor) -> TextColor {
        let paint = color.paintColor
        return TextColor(red: Double(paint.red), green: Double(paint.green), blue: Double(paint.blue), alpha: Double(paint.alpha))
    }
}
