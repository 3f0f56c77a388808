// How UIKit's attribute values become KinemaText's styles: UIColor and CGColor colours, UIFont
// fonts, and the defaults UIKit uses where a string says nothing (the system font at 12 pt for
// string drawing, black).

import Foundation
import KinemaRenderServer
import KinemaText
import OpenCoreGraphics

extension UIColor: TextColorConvertible {
    package var textColor: TextColor? { TextLayerColors.textColor(cgColor) }
}

package enum TextAttributes {
    /// A colour attribute's value: UIColor, CGColor; anything else is nil (not drawn). The same
    /// resolution CATextLayer's attributed strings use (`TextLayerColors`).
    package static func color(_ value: Any) -> TextColor? {
        TextLayerColors.color(value)
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
