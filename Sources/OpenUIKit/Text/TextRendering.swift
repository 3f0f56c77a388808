// TextRendering: the glue between UIKit's text API (string drawing, UILabel, UIButton titles) and
// KinemaText — how a drawing call's size and options become a TextContainer, and how a laid-out
// text is painted into a CGContext with the context's own state.
//
// Rules (docs/UIKIT.md, "Text", says where each comes from):
// - A size dimension of 0 (or less) is no constraint, as TextKit's containers and AppKit's
//   string drawing take it; NaN is reported and also means no constraint; ±infinity and
//   .greatestFiniteMagnitude are no constraint.
// - Without `.usesLineFragmentOrigin` the text is one line set on a baseline at the origin
//   (line terminators count as spaces); with it, lines are set from the rect's top and wrap at
//   its width; `.truncatesLastVisibleLine` (only with `.usesLineFragmentOrigin`) truncates the
//   last line that fits the height with "…".
// - Painting: run backgrounds, then each run's glyphs and bars, each in its colour, each with
//   the run's NSShadow set on the context for it (and the context's state restored after);
//   a shadow already set on the context applies to everything, as on iOS.

import Foundation
import KinemaGeometry
import KinemaSupport
import KinemaText
import OpenCoreGraphics

package enum TextRendering {
    /// Sizes beyond this many points are no constraint (`CGFloat.greatestFiniteMagnitude` and
    /// friends, which code passes to mean "unbounded").
    static let unboundedLimit: CGFloat = 1e7

    /// A width or height as a container takes it: 0, negative, huge or non-finite → unbounded;
    /// NaN with a diagnostic.
    package static func dimension(_ value: CGFloat, api: String) -> Double {
        if value.isNaN {
            KinemaDiagnostics.emit("UIKit text", "\(api): size component NaN; treated as no constraint")
            return .infinity
        }
        if value <= 0 || value >= unboundedLimit { return .infinity }
        return Double(value)
    }

    /// `text` laid out as string drawing does for `size` and `options`.
    package static func layout(_ text: StyledText, size: CGSize, options: NSStringDrawingOptions, api: String) -> TextLayout {
        if !options.contains(.usesLineFragmentOrigin) {
            // Single-line, baseline mode: no wrapping, no height limit, terminators as spaces.
            var single = text
            for i in single.utf16.indices where isLineTerminator(single.utf16[i]) { single.utf16[i] = 0x20 }
            return TextLayoutEngine.layout(single, in: TextContainer())
        }
        let width = dimension(size.width, api: api)
        let height = dimension(size.height, api: api)
        let truncates = options.contains(.truncatesLastVisibleLine) && height.isFinite
        let container = TextContainer(width: width, height: height, maximumNumberOfLines: 0,
                                      lineBreakMode: truncates ? .truncatingTail : nil, wrapsTruncatingLines: truncates)
        return TextLayoutEngine.layout(text, in: container)
    }

    static func isLineTerminator(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }

    /// The rectangle `boundingRect` reports for `layout` (not rounded, as Apple's): with
    /// `.usesLineFragmentOrigin` from the origin, the used size; without, relative to the
    /// baseline: y is minus the first line's ascent (the baseline's depth in its line box).
    package static func boundingRect(of layout: TextLayout, options: NSStringDrawingOptions) -> CGRect {
        if options.contains(.usesLineFragmentOrigin) {
            return CGRect(origin: .zero, size: layout.size)
        }
        let top = layout.lines.first?.top ?? 0
        return CGRect(x: 0, y: -(layout.firstBaseline - top), width: layout.size.width, height: layout.size.height)
    }

    /// The current UIKit context, or nil with a diagnostic (iOS logs "invalid context" and draws
    /// nothing).
    package static func currentContext(api: String) -> CGContext? {
        guard let context = UIGraphicsGetCurrentContext() else {
            KinemaDiagnostics.emit("UIKit text", "\(api): no current graphics context; nothing drawn")
            return nil
        }
        return context
    }

    // MARK: Painting

    /// How a drawing changes the text's colours: a colour for every glyph and bar (a label's
    /// highlighted text colour) and an alpha factor for everything (a disabled label's dimming).
    package struct ColorAdjustment {
        package var foreground: TextColor?
        package var alpha: Double = 1

        package init(foreground: TextColor? = nil, alpha: Double = 1) {
            self.foreground = foreground
            self.alpha = alpha
        }

        func apply(_ color: TextColor, isForeground: Bool) -> TextColor {
            var result = isForeground ? (foreground ?? color) : color
            result.alpha *= alpha
            return result
        }
    }

    /// Paints `layout` into `context` with the layout's origin at `origin` (user space, y down as
    /// in every UIKit context), under the context's state.
    package static func draw(_ layout: TextLayout, at origin: CGPoint, in context: CGContext, adjustment: ColorAdjustment = ColorAdjustment()) {
        guard origin.x.isFinite, origin.y.isFinite else {
            KinemaDiagnostics.emit("UIKit text", "drawing origin \(origin) is not finite; nothing drawn")
            return
        }
        // Glyph masks straight into the bitmap when the context allows it (CGContext+Text.swift)
        // and nothing here needs a path: no colour override, no shadow.
        if adjustment.foreground == nil, !layout.lines.contains(where: { $0.runs.contains { $0.style.shadow != nil } }) {
            let drawn = context.withGlyphTarget { region, scale, userOrigin, alpha in
                let at = CGPoint(x: origin.x + userOrigin.x / scale, y: origin.y + userOrigin.y / scale)
                layout.draw(into: &region, at: at, scale: scale, alpha: alpha * Float(adjustment.alpha), cache: GlyphCache.shared)
            }
            if drawn { return }
        }
        var visible = layout
        if let bounds = context.userSpaceDrawingBounds {
            if bounds.isEmpty { return }
            visible = culled(layout, origin: origin, to: bounds)
        }
        for item in visible.paintItems(at: origin) {
            switch item {
            case .background(let rect, let color):
                var path = Path()
                path.addRect(rect)
                context.fill(userSpacePath: path, color: cgColor(adjustment.apply(color, isForeground: false)))
            case .glyphs(let path, let color, let shadow):
                fill(path, color: adjustment.apply(color, isForeground: true), shadow: shadow, adjustment: adjustment, in: context)
            case .bar(let rect, let color, let shadow):
                var path = Path()
                path.addRect(rect)
                fill(path, color: adjustment.apply(color, isForeground: true), shadow: shadow, adjustment: adjustment, in: context)
            }
        }
    }

    private static func fill(_ path: Path, color: TextColor, shadow: TextShadow?, adjustment: ColorAdjustment, in context: CGContext) {
        guard let shadow else {
            context.fill(userSpacePath: path, color: cgColor(color))
            return
        }
        context.saveGState()
        context.setShadow(offset: shadow.offset, blur: CGFloat(shadow.blurRadius),
                          color: cgColor(adjustment.apply(shadow.color, isForeground: false)))
        context.fill(userSpacePath: path, color: cgColor(color))
        context.restoreGState()
    }

    static func cgColor(_ color: TextColor) -> CGColor {
        CGColor(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha))
    }

    /// `layout` without the lines and glyphs that cannot reach `bounds` (user space) when drawn
    /// at `origin`: a 10⁶-character line costs the outlines of what shows, not of every glyph.
    /// Runs keep their extents, so backgrounds and bars are unchanged.
    static func culled(_ layout: TextLayout, origin: CGPoint, to bounds: CGRect) -> TextLayout {
        var result = layout
        // Collected apart and set once: each change of a layout's lines makes its storage anew.
        var kept: [TextLine] = []
        for var line in layout.lines {
            let top = origin.y + line.top
            let margin = line.height
            if top + line.height + margin < bounds.minY || top - margin > bounds.maxY { continue }
            for r in line.runs.indices {
                let run = line.runs[r]
                // A glyph reaches at most a couple of ems from its origin (marks, swashes).
                let reach = run.font.size * 2 + 1
                let low = bounds.minX - origin.x - reach, high = bounds.maxX - origin.x + reach
                if run.minX >= low && run.maxX <= high { continue }
                var glyphs: [UInt32] = [], positions: [CGPoint] = [], clusters: [Int] = []
                for i in run.glyphs.indices where run.positions[i].x >= low && run.positions[i].x <= high {
                    glyphs.append(run.glyphs[i])
                    positions.append(run.positions[i])
                    clusters.append(run.clusters[i])
                }
                line.runs[r].glyphs = glyphs
                line.runs[r].positions = positions
                line.runs[r].clusters = clusters
            }
            kept.append(line)
        }
        result.lines = kept
        return result
    }
}
