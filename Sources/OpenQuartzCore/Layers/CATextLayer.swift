// CATextLayer: a layer that lays out and draws a string.
//
// Audited against: CATextLayer docs ("The first line is aligned to the top of the layer") and
//   its properties' pages (string: NSString or NSAttributedString; font: a CTFont, a CGFont or a
//   string naming the font, default Helvetica, "only used when the string property is not an
//   NSAttributedString", a font object's own size ignored; fontSize default 36, animatable;
//   foregroundColor default opaque white, animatable; wrapped default false; truncationMode
//   default none; alignmentMode default natural; allowsFontSubpixelQuantization default false);
//   the constants are in CATextLayer+Constants.swift.
// Status: complete for what Kinema has. The properties are set here, on the client side (an
//   attributed string becomes KinemaText's styled text as it is set); the render server draws
//   the text from the presentation state every frame (CompositorPainter+Text.swift), so
//   animations of fontSize and foregroundColor show. CTFont and CGFont do not exist here: `font`
//   takes a name or a font object adopting KinemaText's `TextFontConvertible` (UIFont). The
//   layout rules are in docs/LAYERS.md.

import Foundation
import KinemaRenderServer
import KinemaSupport
import KinemaText

/// A layer that provides simple text layout and rendering of a string.
///
/// ```swift
/// let label = CATextLayer()
/// label.string = "Hello"
/// label.fontSize = 17
/// label.foregroundColor = CGColor(gray: 0, alpha: 1)
/// label.alignmentMode = .center
/// ```
///
/// **Semantics.** The text is laid out from the top of the bounds (no vertical centring). Not
/// wrapped (the default), each paragraph is one line, clipped at the bounds or, with a
/// truncation mode, truncated with "…" to the bounds' width; wrapped, lines break at the bounds'
/// width, and a truncation mode truncates the last line that fits the bounds' height. The text
/// is drawn into the layer's backing store at `contentsScale` pixels per point (default 1, as on
/// iOS: set it to the screen's scale for sharp text) and clipped to the bounds.
@MainActor
open class CATextLayer: CALayer {
    override package class var stateClass: LayerClass { .text }

    /// The text: a `String` (or `NSString`), or an `NSAttributedString` drawn with its own
    /// attributes (then `font`, `fontSize` and `foregroundColor` are not used). Reads back a
    /// `String` or the attributed string set. Default nil.
    open var string: Any? {
        get {
            switch state.textState.text {
            case .plain(let string): string
            case .attributed(let attributed): attributed.attributedString
            case nil: nil
            }
        }
        set {
            if let attributed = flattened(newValue) as? NSAttributedString {
                write("string", .attributedText(AttributedTextValue(attributed)))
            } else {
                writeBoxed("string", newValue)
            }
        }
    }

    /// The font: a name (`"Courier"`, or `"Courier" as CFTypeRef`), or a font object (UIFont,
    /// whose size is ignored: `fontSize` applies, as Apple documents for a CTFont); nil means
    /// Helvetica. Other values are refused with a diagnostic, and Helvetica is used. Reads back
    /// the name (a font object's PostScript name). Default Helvetica.
    open var font: CFTypeRef? {
        get { state.textState.fontName as NSString }
        set {
            let value = flattened(newValue)
            if value == nil {
                write("font", .string("Helvetica"))
            } else if let font = value as? any TextFontConvertible {
                write("font", .font(TextLayerFont(name: font.textFont.face.postScriptName, font: font.textFont)))
            } else if let name = value as? String {
                write("font", .string(name))
            } else if let name = value as? NSString {
                write("font", .string(name as String))
            } else {
                KinemaDiagnostics.emit("CATextLayer", "font takes a font name or a UIFont, not \(describe(value)); using Helvetica")
                write("font", .string("Helvetica"))
            }
        }
    }

    /// The size the text needs: its lines laid out without a width limit (wrapped: in the
    /// bounds' width), rounded up to whole points; zero without text. (Apple's documentation
    /// says only that CALayer's returns the bounds size; iOS code sizes text layers with this.)
    open override func preferredFrameSize() -> CGSize {
        TextLayerLayout.preferredSize(state.textState, bounds: state.bounds.size)
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
