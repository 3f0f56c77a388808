// How UIKit's attribute values become KinemaText's styles: UIColor and CGColor colours, UIFont
// fonts, and the defaults UIKit uses where a string says nothing (the system font at 12 pt for
// string drawing, black).

import Foundation
import KinemaText
import OpenCoreGraphics

extension UIColor: TextColorConvertible {
    package var textColor: TextColor? { TextAttributes.color(cgColor) }
}

package enum TextAttributes {
    /// A colour attribute's value: UIColor, CGColor; anything else is nil (not drawn).
    package static func color(_ value: Any) -> TextColor? {
        if let color = value as? any TextColorConvertible { return color.textColor }
        if let cg = value as? CGColor {
            let paint = cg.paintColor
            return TextColor(red: Double(paint.red), green: Double(paint.green), blue: Double(paint.blue), alpha: Double(paint.alpha))
        }
        return nil
    }

    /// String drawing's default font: the system font at 12 pt (NSAttributedString's documented
    /// default is Helvetica 12).
    package static var defaultFont: UIFont { UIFont.systemFont(ofSize: 12) }

    /// The style `attributes` give over `base` (default: 12 pt system font, black).
    package static func style(_ attributes: [NSAttributedString.Key: Any]?, base: TextStyle? = nil) -> TextStyle {
        let start = base ?? TextStyle(font: defaultFont.textFont)
        return start.applying(attributes ?? [:], color: color)
    }

    /// `attributed` over `base`.
    package static func styledText(_ attributed: NSAttributedString, base: TextStyle? = nil) -> StyledText {
        StyledText(attributed, base: base ?? TextStyle(font: defaultFont.textFont), color: color)
    }
}
