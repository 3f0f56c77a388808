// NSStringDrawing: UIKit's string drawing and measurement on String, NSString and
// NSAttributedString, drawn into the current UIKit context (`UIGraphicsGetCurrentContext()`,
// inside `draw(_:)` or a `UIGraphicsImageRenderer` block).
//
// Audited against: NSString docs — draw(at:withAttributes:), draw(in:withAttributes:) ("draws as
//   much of the string as it can inside the specified rectangle, wrapping the string text as
//   needed … renders as much as possible and clips the rest"), draw(with:options:attributes:
//   context:) ("single-line, baseline rendering configuration by default … the rect argument's
//   origin … is interpreted as the baseline origin"), size(withAttributes:),
//   boundingRect(with:options:attributes:context:) ("returns fractional sizes … raise its value
//   to the nearest higher integer using the ceil function"; "uses the baseline origin by
//   default, so it behaves as a single line"; "the actual bounding rectangle … can be larger
//   than the constraints"); NSAttributedString docs — draw(at:) ("If newline characters are
//   present … subsequent text … on the next line underneath the starting point"), draw(in:),
//   draw(with:options:context:), size(), boundingRect(with:options:context:); NSStringDrawingOptions
//   (truncatesLastVisibleLine: "Ignored if usesLineFragmentOrigin is not also set").
// Status: complete for these; the rules are in TextRendering.swift and docs/UIKIT.md ("Text").
//   NSStringDrawingContext's minimumScaleFactor is honoured (the text shrinks until it fits);
//   its actualScaleFactor and totalBounds are filled in.

import Foundation
import KinemaSupport
import KinemaText
import OpenCoreGraphics

// MARK: Plain strings

extension NSString {
    /// Draws the string with its top-left corner at `point`, one line per paragraph (no wrapping).
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(at: point, text: StringDrawing.styled(self as String, attrs), api: "draw(at:withAttributes:)")
    }

    /// Draws the string inside `rect`, wrapping at its width; lines past its height are left out.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(with: rect, options: .usesLineFragmentOrigin, text: StringDrawing.styled(self as String, attrs),
                           context: nil, api: "draw(in:withAttributes:)")
    }

    /// Draws the string in `rect` as `options` say (baseline origin unless `.usesLineFragmentOrigin`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        StringDrawing.draw(with: rect, options: options, text: StringDrawing.styled(self as String, attributes),
                           context: context, api: "draw(with:options:attributes:context:)")
    }

    /// The size the string takes drawn with `draw(at:withAttributes:)` (not rounded).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextLayoutEngine.layout(StringDrawing.styled(self as String, attrs), in: TextContainer()).size
    }

    /// The rectangle the string takes drawn in `size` with `options` (not rounded; see the file
    /// header and docs/UIKIT.md for the origin).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        StringDrawing.boundingRect(StringDrawing.styled(self as String, attributes), size: size, options: options, context: context,
                                   api: "boundingRect(with:options:attributes:context:)")
    }
}

extension StringProtocol {
    /// Draws the string with its top-left corner at `point`, one line per paragraph (no wrapping).
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSString(string: String(self)).draw(at: point, withAttributes: attrs)
    }

    /// Draws the string inside `rect`, wrapping at its width; lines past its height are left out.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSString(string: String(self)).draw(in: rect, withAttributes: attrs)
    }

    /// Draws the string in `rect` as `options` say (baseline origin unless `.usesLineFragmentOrigin`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        NSString(string: String(self)).draw(with: rect, options: options, attributes: attributes, context: context)
    }

    /// The size the string takes drawn with `draw(at:withAttributes:)` (not rounded).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSString(string: String(self)).size(withAttributes: attrs)
    }

    /// The rectangle the string takes drawn in `size` with `options` (not rounded).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        NSString(string: String(self)).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}

// MARK: Attributed strings

extension NSAttributedString {
    /// Draws the string with its top-left corner at `point`, one line per paragraph (no wrapping).
    public func draw(at point: CGPoint) {
        StringDrawing.draw(at: point, text: TextAttributes.styledText(self), api: "NSAttributedString.draw(at:)")
    }

    /// Draws the string inside `rect`, wrapping at its width; lines past its height are left out.
    public func draw(in rect: CGRect) {
        StringDrawing.draw(with: rect, options: .usesLineFragmentOrigin, text: TextAttributes.styledText(self), context: nil,
                           api: "NSAttributedString.draw(in:)")
    }

    /// Draws the string in `rect` as `options` say (baseline origin unless `.usesLineFragmentOrigin`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        StringDrawing.draw(with: rect, options: options, text: TextAttributes.styledText(self), context: context,
                           api: "NSAttributedString.draw(with:options:context:)")
    }

    /// The size the string takes drawn with `draw(at:)` (not rounded).
    public func size() -> CGSize {
        TextLayoutEngine.layout(TextAttributes.styledText(self), in: TextContainer()).size
    }

    /// The rectangle the string takes drawn in `size` with `options` (not rounded).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        StringDrawing.boundingRect(TextAttributes.styledText(self), size: size, options: options, context: context,
                                   api: "NSAttributedString.boundingRect(with:options:context:)")
    }
}

// MARK: Shared

enum StringDrawing {
    /// A plain string in one style: `attributes` over string drawing's defaults.
    static func styled(_ string: String, _ attributes: [NSAttributedString.Key: Any]?) -> StyledText {
        StyledText(string, style: TextAttributes.style(attributes))
    }

    static func draw(at point: CGPoint, text: StyledText, api: String) {
        guard let context = TextRendering.currentContext(api: api) else { return }
        let layout = TextLayoutEngine.layout(text, in: TextContainer())
        TextRendering.draw(layout, at: point, in: context)
    }

    static func draw(with rect: CGRect, options: NSStringDrawingOptions, text: StyledText, context drawingContext: NSStringDrawingContext?, api: String) {
        guard let context = TextRendering.currentContext(api: api) else { return }
        guard rect.origin.x.isFinite, rect.origin.y.isFinite else {
            KinemaDiagnostics.emit("UIKit text", "\(api): rect \(rect) is not finite; nothing drawn")
            return
        }
        let (layout, scale) = fitted(text, size: rect.size, options: options, minimumScale: drawingContext?.minimumScaleFactor ?? 0, api: api)
        let bounds = TextRendering.boundingRect(of: layout, options: options)
        drawingContext?.record(scale: scale, bounds: bounds.offsetBy(dx: rect.minX, dy: rect.minY))
        // Baseline mode: the rect's origin is the first baseline's; the layout's origin is its line top.
        let origin = options.contains(.usesLineFragmentOrigin)
            ? rect.origin
            : CGPoint(x: rect.minX, y: rect.minY - (layout.firstBaseline - (layout.lines.first?.top ?? 0)))
        TextRendering.draw(layout, at: origin, in: context)
    }

    static func boundingRect(_ text: StyledText, size: CGSize, options: NSStringDrawingOptions, context: NSStringDrawingContext?, api: String) -> CGRect {
        let (layout, scale) = fitted(text, size: size, options: options, minimumScale: context?.minimumScaleFactor ?? 0, api: api)
        let rect = TextRendering.boundingRect(of: layout, options: options)
        context?.record(scale: scale, bounds: rect)
        return rect
    }

    /// The layout, shrunk (down to `minimumScale`) until nothing is cut when a drawing context
    /// asks for it, and the scale used.
    static func fitted(_ text: StyledText, size: CGSize, options: NSStringDrawingOptions, minimumScale: CGFloat, api: String) -> (TextLayout, CGFloat) {
        let layout = TextRendering.layout(text, size: size, options: options, api: api)
        let minimum = minimumScale.isFinite ? min(max(Double(minimumScale), 0), 1) : 0
        guard minimum > 0, minimum < 1 else { return (layout, 1) }
        let width = TextRendering.dimension(size.width, api: api)
        func fits(_ candidate: TextLayout) -> Bool {
            !candidate.isTruncated && (!width.isFinite || candidate.size.width <= width + 1e-9)
        }
        if fits(layout) { return (layout, 1) }
        let result = TextFitting.largestScale(minimum: minimum) { scale in
            let candidate = TextRendering.layout(text.scaled(by: scale), size: size, options: options, api: api)
            return (candidate, fits(candidate))
        }
        return (result.layout ?? layout, CGFloat(result.scale))
    }
}

/// Shrinking text to fit (NSStringDrawingContext's and UILabel's minimum scale factor).
enum TextFitting {
    /// The largest scale in [minimum, 1] whose layout fits, found by bisection to 1/256 (and
    /// the layout at it); the minimum's layout when nothing fits.
    static func largestScale(minimum: Double, layout: (Double) -> (TextLayout, Bool)) -> (scale: Double, layout: TextLayout?) {
        var low = minimum, high = 1.0
        var best: (Double, TextLayout)?
        let (atMinimum, minimumFits) = layout(minimum)
        guard minimumFits else { return (minimum, atMinimum) }
        best = (minimum, atMinimum)
        for _ in 0..<8 {
            let mid = (low + high) / 2
            let (candidate, fits) = layout(mid)
            if fits {
                low = mid
                best = (mid, candidate)
            } else {
                high = mid
            }
        }
        return (best?.0 ?? minimum, best?.1)
    }
}

extension StyledText {
    /// The text with every font (runs and default) scaled by `scale`.
    func scaled(by scale: Double) -> StyledText {
        var copy = self
        for i in copy.runs.indices {
            copy.runs[i].style.font = copy.runs[i].style.font.withSize(copy.runs[i].style.font.size * scale)
        }
        copy.defaultStyle.font = copy.defaultStyle.font.withSize(copy.defaultStyle.font.size * scale)
        return copy
    }
}
