// CATextLayer: a layer that lays out and draws a string.
//
// Audited against: CATextLayer docs and CATextLayer.h comments (defaults: string nil, font
//   Helvetica, fontSize 36, foregroundColor opaque white, isWrapped false, truncationMode none,
//   alignmentMode natural, allowsFontSubpixelQuantization false); the constants are in
//   CATextLayer+Constants.swift.
// Status: properties only; laying out and drawing text is the text issue's. `string` keeps the
//   characters of an attributed string (its attributes need the text engine, with a
//   diagnostic); `font` takes a font name (CTFont and CGFont come with the text engine).

import Foundation
import KinemaRenderServer
import KinemaSupport

/// A layer that provides simple text layout and rendering of a string.
///
/// ```swift
/// let label = CATextLayer()
/// label.string = "Hello"
/// label.fontSize = 17
/// label.foregroundColor = CGColor(gray: 0, alpha: 1)
/// label.alignmentMode = .center
/// ```
@MainActor
open class CATextLayer: CALayer {
    override package class var stateClass: LayerClass { .text }

    /// The text: a `String` (or `NSString`), or an `NSAttributedString` whose characters are
    /// kept (its attributes are not yet drawn; a diagnostic says so). Reads back a `String`.
    /// Default nil.
    open var string: Any? {
        get { state.textState.string }
        set {
            if let attributed = newValue as? NSAttributedString {
                KinemaDiagnostics.emit("CATextLayer", "string: attributed strings keep only their characters until Kinema draws text; attributes ignored")
                write("string", .string(attributed.string))
            } else {
                writeBoxed("string", newValue)
            }
        }
    }

    /// The font, by name (`"Courier"`, or `"Courier" as CFTypeRef`); nil means Helvetica. Other
    /// font objects are refused with a diagnostic until Kinema has a text engine. Reads back the
    /// name. Default Helvetica.
    open var font: CFTypeRef? {
        get { state.textState.fontName as NSString }
        set { newValue == nil ? write("font", .string("Helvetica")) : writeBoxed("font", newValue) }
    }

    /// The font size, in points. Animatable. Default 36.
    open var fontSize: CGFloat {
        get { state.textState.fontSize }
        set { write("fontSize", .number(Double(newValue))) }
    }

    /// The text colour. Animatable. Default opaque white.
    open var foregroundColor: CGColor? {
        get { state.textState.foregroundColor }
        set { write("foregroundColor", newValue.map { .color($0) } ?? .none) }
    }

    /// Whether the text wraps to the bounds. Default false. Key-value coding key: `"wrapped"`.
    open var isWrapped: Bool {
        get { state.textState.isWrapped }
        set { write("wrapped", .bool(newValue)) }
    }

    /// How text that does not fit is truncated. Default `.none`.
    open var truncationMode: CATextLayerTruncationMode {
        get { state.textState.truncationMode }
        set { write("truncationMode", .string(newValue.rawValue)) }
    }

    /// How lines are aligned. Default `.natural`.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { state.textState.alignmentMode }
        set { write("alignmentMode", .string(newValue.rawValue)) }
    }

    /// Whether glyph positions may be quantized to whole pixels. Default false.
    open var allowsFontSubpixelQuantization: Bool {
        get { state.textState.allowsFontSubpixelQuantization }
        set { write("allowsFontSubpixelQuantization", .bool(newValue)) }
    }
}
