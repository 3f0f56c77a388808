// Shaper: styled text → positioned glyphs, through HarfBuzz. The text is cut into items of one
// style and one face (a character the style's face lacks goes to a fallback face fontconfig
// finds); each item is shaped with a little context on both sides so joining and marks see their
// neighbours. HarfBuzz does the kerning, ligatures and mark positioning (GPOS): nothing here
// positions a glyph by hand.

import CHarfBuzz
import Foundation
import KinemaSupport

/// One glyph as shaped: its id in `font`'s face, the UTF-16 offset of the cluster it belongs to,
/// its advance and offset in points (x right, y up).
package struct ShapedGlyph: Sendable, Hashable {
    package var glyph: UInt32
    package var cluster: Int
    package var advance: Double
    package var xOffset: Double
    package var yOffset: Double
}

/// Consecutive glyphs of one style and face.
package struct ShapedRun: Sendable, Hashable {
    package var range: Range<Int>
    package var style: TextStyle
    /// The face that drew these glyphs (the style's, or a fallback) at the style's size.
    package var font: TextFont
    /// In visual order (for a right-to-left item HarfBuzz reverses them).
    package var glyphs: [ShapedGlyph]
    package var isRightToLeft: Bool

    package var advance: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

package enum Shaper {
    /// UTF-16 units of context handed to HarfBuzz on each side of an item.
    static let context = 32

    /// Shapes `range` of `text` (one paragraph or part of one) into runs.
    package static func shape(_ text: StyledText, range: Range<Int>) -> [ShapedRun] {
        guard !range.isEmpty else { return [] }
        var result: [ShapedRun] = []
        for item in items(of: text, in: range) {
            result.append(shapeItem(text, item))
        }
        return result
    }

    struct Item {
        var range: Range<Int>
        var style: TextStyle
        var font: TextFont
    }

    /// Cuts `range` into items of one style and one face.
    static func items(of text: StyledText, in range: Range<Int>) -> [Item] {
        var items: [Item] = []
        for run in text.runs where run.range.overlaps(range) {
            let lower = max(run.range.lowerBound, range.lowerBound)
            let upper = min(run.range.upperBound, range.upperBound)
            let primary = run.style.font
            var start = lower
            var current: TextFont = primary
            var index = lower
            while index < upper {
                let (scalar, width) = decode(text.utf16, at: index)
                var font = current
                if needsOwnFace(scalar) {
                    if primary.face.covers(scalar) {
                        font = primary
                    } else if current.face.covers(scalar) {
                        font = current
                    } else if let fallback = FontDatabase.shared.fallback(for: scalar, weight: primary.request.weight, italic: primary.request.italic) {
                        font = TextFont(face: fallback, size: primary.size, request: primary.request)
                    } else {
                        font = primary // HarfBuzz draws the face's .notdef box
                    }
                }
                if font.face != current.face {
                    if index > start { items.append(Item(range: start..<index, style: run.style, font: current)) }
                    start = index
                    current = font
                }
                index += width
            }
            if upper > start { items.append(Item(range: start..<upper, style: run.style, font: current)) }
        }
        return items
    }

    /// Whether a character picks its face (marks, joiners, selectors and controls stay with the
    /// character before them, so a base and its marks are shaped together).
    static func needsOwnFace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return !scalar.properties.isVariationSelector
        }
    }

    /// The scalar at `index` and how many UTF-16 units it takes (a lone surrogate reads as
    /// U+FFFD, one unit).
    static func decode(_ utf16: [UInt16], at index: Int) -> (Unicode.Scalar, Int) {
        let unit = utf16[index]
        if UTF16.isLeadSurrogate(unit), index + 1 < utf16.count, UTF16.isTrailSurrogate(utf16[index + 1]) {
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(utf16[index + 1]) - 0xDC00)
            return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
        }
        return (Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}", 1)
    }

    static func shapeItem(_ text: StyledText, _ item: Item) -> ShapedRun {
        let contextStart = max(0, item.range.lowerBound - context)
        let contextEnd = min(text.utf16.count, item.range.upperBound + context)
        guard let buffer = hb_buffer_create() else {
            return ShapedRun(range: item.range, style: item.style, font: item.font, glyphs: [], isRightToLeft: false)
        }
        defer { hb_buffer_destroy(buffer) }
        text.utf16.withUnsafeBufferPointer { units in
            guard let base = units.baseAddress else { return }
            hb_buffer_add_utf16(
                buffer, base + contextStart, Int32(contextEnd - contextStart),
                UInt32(item.range.lowerBound - contextStart), Int32(item.range.count)
            )
        }
        hb_buffer_guess_segment_properties(buffer)
        let isRightToLeft = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        if item.font.request.tabularNumbers {
            var feature = hb_feature_t(tag: hb_tag_from_string("tnum", 4), value: 1, start: 0, end: UInt32.max)
            hb_shape(item.font.face.hbFont, buffer, &feature, 1)
        } else {
            hb_shape(item.font.face.hbFont, buffer, nil, 0)
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return ShapedRun(range: item.range, style: item.style, font: item.font, glyphs: [], isRightToLeft: isRightToLeft)
        }
        let scale = item.font.scale
        let kern = item.style.kern.isFinite ? item.style.kern : 0
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let cluster = Int(infos[i].cluster) + contextStart
            var advance = Double(positions[i].x_advance) * scale
            // Kern: extra space after each character — after the last glyph of each cluster.
            if kern != 0 {
                let next = i + 1 < Int(count) ? Int(infos[i + 1].cluster) + contextStart : -1
                if next != cluster { advance += kern }
            }
            glyphs.append(ShapedGlyph(
                glyph: infos[i].codepoint,
                cluster: cluster,
                advance: advance,
                xOffset: Double(positions[i].x_offset) * scale,
                yOffset: Double(positions[i].y_offset) * scale
            ))
        }
        return ShapedRun(range: item.range, style: item.style, font: item.font, glyphs: glyphs, isRightToLeft: isRightToLeft)
    }
}
