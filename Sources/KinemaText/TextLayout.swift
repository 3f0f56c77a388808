// TextLayout: styled text set into lines inside a container — paragraphs at hard breaks, lines at
// UAX #14's opportunities (or between grapheme clusters for character wrapping and for a word
// longer than the line), alignment, spacing, indents, truncation and a line limit. Coordinates
// are UIKit's: origin at the top left, y down, points.
//
// The rules follow TextKit as UIKit code sees it (docs/TEXT.md has each with its source):
// a line's natural height is ascent + descent + the font's leading; a line-height multiple
// scales it and minimum/maximum clamp it, the extra going above the baseline; line spacing goes
// between lines, paragraph spacing between paragraphs; trailing white space hangs past the
// margin; justified lines stretch their spaces except a paragraph's last line.

import Foundation
import KinemaSupport

/// Where text is set.
package struct TextContainer: Sendable, Hashable {
    /// Line width in points; `.infinity` for unbounded (one line per paragraph).
    package var width: Double
    /// Lines that do not fit this height are not set (`.infinity`: no limit).
    package var height: Double
    /// 0: no limit.
    package var maximumNumberOfLines: Int
    /// Overrides every paragraph's line-break mode (UILabel's `lineBreakMode`); nil keeps them.
    package var lineBreakMode: TextLineBreakMode?
    /// With a truncating mode: true wraps lines by word and truncates the last line that fits
    /// (UILabel, a wrapped CATextLayer); false sets each paragraph on one truncated line (string
    /// drawing, as TextKit does).
    package var wrapsTruncatingLines: Bool

    package init(width: Double = .infinity, height: Double = .infinity, maximumNumberOfLines: Int = 0,
                 lineBreakMode: TextLineBreakMode? = nil, wrapsTruncatingLines: Bool = false) {
        self.width = width
        self.height = height
        self.maximumNumberOfLines = max(0, maximumNumberOfLines)
        self.lineBreakMode = lineBreakMode
        self.wrapsTruncatingLines = wrapsTruncatingLines
    }
}

/// Glyphs of one style and font on one line, positioned in layout coordinates.
package struct LineGlyphRun: Sendable, Hashable {
    package var style: TextStyle
    package var font: TextFont
    package var glyphs: [UInt32]
    /// Each glyph's origin on the baseline, layout coordinates (y down).
    package var positions: [CGPoint]
    /// Each glyph's cluster (UTF-16 offset into the text; the ellipsis reports the offset it replaces).
    package var clusters: [Int]
    /// The run's extent along the line: x from … to, in layout coordinates.
    package var minX: Double
    package var maxX: Double
}

package struct TextLine: Sendable, Hashable {
    /// The UTF-16 range the line shows (before truncation).
    package var range: Range<Int>
    /// The line box: top and height in layout coordinates.
    package var top: Double
    package var height: Double
    package var baseline: Double
    package var ascent: Double
    package var descent: Double
    /// The drawn extent, trailing white space excluded.
    package var minX: Double
    package var width: Double
    package var runs: [LineGlyphRun]
    package var isTruncated: Bool
}

package struct TextLayout: Sendable, Hashable {
    /// The lines and the masks the last draw kept, in one object: a copy of the layout (which
    /// every call on a layout read from an array or a property makes) retains one reference, the
    /// one the draw reads anyway (docs/BENCHMARKS.md, Text: two references cost ~1 ms of the
    /// text benchmark's frame in retains of cold objects).
    private var storage: GlyphPlacementMemoReference

    package var lines: [TextLine] {
        get { storage.memo.lines }
        // New lines, new glyphs: the masks kept for the old ones do not apply.
        // (Each change makes the storage anew, with room for the glyphs: change lines in bulk.)
        set { storage = GlyphPlacementMemoReference(lines: newValue) }
        _modify {
            var lines = storage.memo.lines
            // The old storage dropped first, so lines held by this layout alone change in place.
            storage = .placeholder
            defer { storage = GlyphPlacementMemoReference(lines: lines) }
            yield &lines
        }
    }
    /// The used size: the widest line × the height of the set lines (UIKit's `boundingRect`
    /// size before rounding).
    package var size: CGSize
    /// Whether text was cut: truncated with an ellipsis, or lines past the limit left out.
    package var isTruncated: Bool
    /// The first line's baseline (from the top); the ascent of the default font when empty.
    package var firstBaseline: Double
    package var lastBaseline: Double
    /// The x of the used rect's left edge (not 0 when lines are centred or right-aligned in a
    /// bounded width).
    package var usedMinX: Double
    /// The glyph masks the last draw resolved, reused by a draw at the same place and scale
    /// (TextLayout+GlyphPlacements.swift). Not part of the value: layouts with equal lines are
    /// equal whatever their memos hold.
    var glyphPlacements: GlyphPlacementMemo { storage.memo }

    package init(lines: [TextLine], size: CGSize, isTruncated: Bool, firstBaseline: Double, lastBaseline: Double, usedMinX: Double) {
        storage = GlyphPlacementMemoReference(lines: lines)
        self.size = size
        self.isTruncated = isTruncated
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.usedMinX = usedMinX
    }

    package var usedRect: CGRect { CGRect(x: usedMinX, y: 0, width: size.width, height: size.height) }
}

package enum TextLayoutEngine {
    /// Sets `text` in `container`.
    package static func layout(_ text: StyledText, in container: TextContainer) -> TextLayout {
        var setter = LineSetter(text: text, container: container)
        return setter.run()
    }
}

/// The state of one layout pass.
private struct LineSetter {
    let text: StyledText
    let container: TextContainer
    let width: Double
    var lines: [TextLine] = []
    var isTruncated = false
    var cursorY = 0.0
    var stopped = false
    lazy var opportunities: [LineBreakOpportunity] = LineBreaker.opportunities(in: text.utf16)
    var opportunityIndex = 0

    init(text: StyledText, container: TextContainer) {
        self.text = text
        var container = container
        if container.width.isNaN || container.width < 0 {
            KinemaDiagnostics.emit("KinemaText", "layout width \(container.width) is not a width; using 0")
            container.width = 0
        }
        if container.height.isNaN || container.height < 0 {
            KinemaDiagnostics.emit("KinemaText", "layout height \(container.height) is not a height; using 0")
            container.height = 0
        }
        self.container = container
        width = container.width
    }

    mutating func run() -> TextLayout {
        let paragraphs = Self.paragraphs(of: text.utf16)
        for (index, paragraph) in paragraphs.enumerated() {
            guard !stopped else { isTruncated = true; break }
            // A line limit reached exactly at the end of a paragraph leaves the next ones out.
            if container.maximumNumberOfLines > 0 && lines.count >= container.maximumNumberOfLines { isTruncated = true; break }
            let style = text.style(at: paragraph.lowerBound).paragraph
            if index > 0 { cursorY += sanitized(style.paragraphSpacingBefore) }
            setParagraph(paragraph, style: style, isLastParagraph: index == paragraphs.count - 1)
            if index < paragraphs.count - 1 { cursorY += sanitized(style.paragraphSpacing) }
        }
        // Unbounded width: align within the widest line.
        if !width.isFinite {
            let widest = lines.map(\.width).max() ?? 0
            for i in lines.indices {
                let style = text.style(at: lines[i].range.lowerBound).paragraph
                let shift = alignmentShift(style.alignment, free: widest - lines[i].width, line: lines[i])
                if shift != 0 { shiftLine(&lines[i], by: shift) }
            }
        }
        let minX = lines.map(\.minX).min() ?? 0
        let maxX = lines.map { $0.minX + $0.width }.max() ?? 0
        let height = lines.last.map { $0.top + $0.height } ?? 0
        let fallbackAscent = text.defaultStyle.font.ascender
        return TextLayout(
            lines: lines,
            size: CGSize(width: max(0, maxX - minX), height: height),
            isTruncated: isTruncated,
            firstBaseline: lines.first?.baseline ?? fallbackAscent,
            lastBaseline: lines.last?.baseline ?? fallbackAscent,
            usedMinX: lines.isEmpty ? 0 : minX
        )
    }

    private func sanitized(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }

    /// Paragraph ranges without their terminators (CR, LF, CRLF, NEL, U+2029). Text ending in a
    /// terminator has no empty last paragraph.
    static func paragraphs(of utf16: [UInt16]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < utf16.count {
            let unit = utf16[i]
            if unit == 0x0A || unit == 0x0D || unit == 0x85 || unit == 0x2029 {
                result.append(start..<i)
                if unit == 0x0D, i + 1 < utf16.count, utf16[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        if start < utf16.count { result.append(start..<utf16.count) }
        return result
    }

    // MARK: One paragraph

    private mutating func setParagraph(_ range: Range<Int>, style: TextParagraphStyle, isLastParagraph: Bool) {
        let mode = container.lineBreakMode ?? style.lineBreakMode
        currentParagraphStart = range.lowerBound
        let runs = Shaper.shape(text, range: range)
        let advances = clusterAdvances(runs, range: range)
        if range.isEmpty {
            appendLine(range: range, runs: runs, advances: advances, paragraph: style, isFirstLine: true, endsParagraph: true, truncation: nil)
            return
        }
        let singleLine = mode.truncates && !container.wrapsTruncatingLines
        var start = range.lowerBound
        var isFirst = true
        while start < range.upperBound && !stopped {
            let available = lineWidth(style, isFirstLine: isFirst)
            let isLastAllowed = isLastAllowedLine(style: style, runs: runs, range: start..<range.upperBound)
            var end: Int
            if singleLine || !available.isFinite {
                end = range.upperBound
                // A line separator (U+2028) still breaks.
                if let forced = mandatoryBreak(in: start..<range.upperBound) { end = forced }
            } else {
                end = lineEnd(from: start, limit: range.upperBound, available: available, advances: advances, mode: mode)
            }
            let overflows = end < range.upperBound || (singleLine && contentWidth(start..<end, advances) > available + 1e-9)
            var truncation: TextLineBreakMode?
            if mode.truncates && overflows && (singleLine || isLastAllowed) {
                truncation = mode
                end = range.upperBound
            } else if mode == .clipping && overflows && isLastAllowed {
                isTruncated = true
            }
            appendLine(range: start..<end, runs: runs, advances: advances, paragraph: style, isFirstLine: isFirst,
                       endsParagraph: end >= range.upperBound, truncation: truncation)
            if truncation != nil || (isLastAllowed && end < range.upperBound) {
                if end < range.upperBound { isTruncated = true }
                if !isLastParagraph || end < range.upperBound { stopped = true }
                if truncation != nil && !isLastParagraph { isTruncated = true }
                return
            }
            start = end
            isFirst = false
        }
    }

    /// Whether the next line is the last one the container takes (line limit or height).
    private func isLastAllowedLine(style: TextParagraphStyle, runs: [ShapedRun], range: Range<Int>) -> Bool {
        if container.maximumNumberOfLines > 0 && lines.count + 1 >= container.maximumNumberOfLines { return true }
        if container.height.isFinite {
            // The line after the next would not fit.
            let height = naturalLineHeight(runs: runs, paragraph: style, range: range)
            let spacing = sanitized(style.lineSpacing)
            return cursorY + (lines.isEmpty ? 0 : spacing) + 2 * height + spacing > container.height + 1e-9
        }
        return false
    }

    private func lineWidth(_ style: TextParagraphStyle, isFirstLine: Bool) -> Double {
        guard width.isFinite else { return .infinity }
        let head = sanitized(isFirstLine ? style.firstLineHeadIndent : style.headIndent)
        let tail = style.tailIndent.isFinite ? style.tailIndent : 0
        let right = tail > 0 ? tail : width + tail
        return max(0, min(width, right) - head)
    }

    /// Per UTF-16 offset of the paragraph, the advance of the cluster starting there.
    private func clusterAdvances(_ runs: [ShapedRun], range: Range<Int>) -> [Double] {
        var advances = [Double](repeating: 0, count: range.count + 1)
        for run in runs {
            for glyph in run.glyphs {
                let i = glyph.cluster - range.lowerBound
                if i >= 0 && i < range.count { advances[i] += glyph.advance }
            }
        }
        return advances
    }

    /// The width of `range`'s content, trailing white space excluded (it hangs).
    private func contentWidth(_ range: Range<Int>, _ advances: [Double]) -> Double {
        var total = 0.0
        var end = range.upperBound
        while end > range.lowerBound && isWhitespace(text.utf16[end - 1]) { end -= 1 }
        for i in range.lowerBound..<end { total += advances[i - currentParagraphStart] }
        return total
    }

    /// The first offset of the paragraph being set (`advances` is indexed from it).
    private var currentParagraphStart = 0

    private func isWhitespace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x3000 || unit == 0x2028 || unit == 0x1680 || (unit >= 0x2000 && unit <= 0x200A) || unit == 0x205F
    }

    private mutating func mandatoryBreak(in range: Range<Int>) -> Int? {
        for i in range where text.utf16[i] == 0x2028 && i + 1 < range.upperBound { return i + 1 }
        return nil
    }

    /// Where a line starting at `start` ends: the furthest break opportunity whose content fits,
    /// else (a word longer than the line, or character wrapping) the furthest grapheme boundary
    /// that fits — at least one grapheme, so every line makes progress.
    private mutating func lineEnd(from start: Int, limit: Int, available: Double, advances: [Double], mode: TextLineBreakMode) -> Int {
        if mode == .charWrapping {
            return graphemeEnd(from: start, limit: limit, available: available, advances: advances)
        }
        let opportunities = self.opportunities
        // Opportunities are in order; skip those at or before `start`.
        while opportunityIndex < opportunities.count && opportunities[opportunityIndex].offset <= start { opportunityIndex += 1 }
        var best: Int?
        var width = 0.0
        var trailing = 0.0 // white space at the end of the candidate (hangs)
        var position = start
        var k = opportunityIndex
        while k < opportunities.count {
            let offset = min(opportunities[k].offset, limit)
            // Stops as soon as the content is too wide: the opportunity cannot be taken, and a
            // long unbreakable stretch is then not summed to its end for every line.
            while position < offset && width <= available + 1e-9 {
                let advance = advances[position - currentParagraphStart]
                if isWhitespace(text.utf16[position]) { trailing += advance } else { width += trailing + advance; trailing = 0 }
                position += 1
            }
            if width > available + 1e-9 { break }
            best = offset
            if offset >= limit || opportunities[k].isMandatory && offset < limit { break }
            k += 1
        }
        if let best, best > start {
            return best
        }
        return graphemeEnd(from: start, limit: limit, available: available, advances: advances)
    }

    private func graphemeEnd(from start: Int, limit: Int, available: Double, advances: [Double]) -> Int {
        var width = 0.0
        var position = start
        var best = start
        // Grapheme clusters are read from a window that starts small and doubles while the line
        // still fits, so a line costs what it holds (a fixed 4,096-unit window decoded for every
        // line of a long unbreakable word was quadratic in practice). The window's last cluster
        // may be cut by the window's end, so it is only used once the window reaches `limit`.
        var windowSize = 64
        scan: while true {
            let windowEnd = min(limit, position + windowSize)
            let string = String(decoding: text.utf16[position..<windowEnd], as: UTF16.self)
            var characters = string.makeIterator()
            var next = characters.next()
            while let character = next {
                next = characters.next()
                if next == nil && windowEnd < limit { break } // possibly cut: read it in the next window
                let length = character.utf16.count
                var advance = 0.0
                for i in position..<min(position + length, limit) { advance += advances[i - currentParagraphStart] }
                let isSpace = character.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
                if !isSpace && width + advance > available + 1e-9 && best > start { break scan }
                width += advance
                position += length
                best = min(position, limit)
                if position >= limit { break scan }
            }
            if windowEnd >= limit { break }
            windowSize *= 2
        }
        return max(best, min(start + 1, limit))
    }

    private func naturalLineHeight(runs: [ShapedRun], paragraph: TextParagraphStyle, range: Range<Int>) -> Double {
        let metrics = lineMetrics(runs: runs, range: range)
        return adjustedHeight(metrics.ascent + metrics.descent + metrics.leading, paragraph)
    }

    private func adjustedHeight(_ natural: Double, _ paragraph: TextParagraphStyle) -> Double {
        var height = natural
        if paragraph.lineHeightMultiple.isFinite && paragraph.lineHeightMultiple > 0 { height *= paragraph.lineHeightMultiple }
        if paragraph.minimumLineHeight.isFinite && paragraph.minimumLineHeight > 0 { height = max(height, paragraph.minimumLineHeight) }
        if paragraph.maximumLineHeight.isFinite && paragraph.maximumLineHeight > 0 { height = min(height, paragraph.maximumLineHeight) }
        return height
    }

    private func lineMetrics(runs: [ShapedRun], range: Range<Int>) -> (ascent: Double, descent: Double, leading: Double) {
        var ascent = 0.0, descent = 0.0, leading = 0.0
        var any = false
        for run in runs where run.range.overlaps(range) || (range.isEmpty && run.range.contains(range.lowerBound)) {
            let offset = run.style.baselineOffset.isFinite ? run.style.baselineOffset : 0
            ascent = max(ascent, run.font.ascender + offset)
            descent = max(descent, -run.font.descender - offset)
            leading = max(leading, run.font.leading)
            any = true
        }
        if !any {
            let font = text.style(at: range.lowerBound).font
            ascent = font.ascender
            descent = -font.descender
            leading = font.leading
        }
        return (ascent, descent, leading)
    }

    // MARK: Lines

    private mutating func appendLine(range: Range<Int>, runs: [ShapedRun], advances: [Double], paragraph: TextParagraphStyle,
                                     isFirstLine: Bool, endsParagraph: Bool, truncation: TextLineBreakMode?) {
        let metrics = lineMetrics(runs: runs, range: range)
        let natural = metrics.ascent + metrics.descent + metrics.leading
        let height = adjustedHeight(natural, paragraph)
        let spacing = lines.isEmpty ? 0 : sanitized(paragraph.lineSpacing)
        let top = cursorY + spacing
        if container.height.isFinite && top + height > container.height + 1e-9 && !lines.isEmpty {
            stopped = true
            isTruncated = true
            return
        }
        let baseline = top + height - metrics.descent - metrics.leading
        let indent = width.isFinite ? sanitized(isFirstLine ? paragraph.firstLineHeadIndent : paragraph.headIndent) : 0
        let available = lineWidth(paragraph, isFirstLine: isFirstLine)
        var lineRuns: [LineGlyphRun]
        var truncated = false
        if let truncation, available.isFinite {
            lineRuns = truncatedRuns(range: range, runs: runs, advances: advances, available: available, mode: truncation, baseline: baseline, x: indent)
            truncated = true
            isTruncated = true
        } else {
            lineRuns = place(runs: runs, in: range, x: indent, baseline: baseline)
        }
        var line = TextLine(range: range, top: top, height: height, baseline: baseline, ascent: metrics.ascent, descent: metrics.descent,
                            minX: indent, width: 0, runs: lineRuns, isTruncated: truncated)
        line.width = drawnWidth(of: line)
        if width.isFinite {
            let free = available - line.width
            if paragraph.alignment == .justified && !endsParagraph && truncation == nil && free > 0 {
                justify(&line, free: free)
            } else {
                let shift = alignmentShift(paragraph.alignment, free: free, line: line)
                if shift != 0 { shiftLine(&line, by: shift) }
            }
        }
        lines.append(line)
        cursorY = top + height
    }

    /// The line's drawn width: from its start to the end of its last non-white-space glyph.
    private func drawnWidth(of line: TextLine) -> Double {
        var maxX = line.minX
        for run in line.runs {
            for (i, cluster) in run.clusters.enumerated() where cluster >= text.utf16.count || !isWhitespace(text.utf16[cluster]) {
                let next = i + 1 < run.positions.count ? run.positions[i + 1].x : run.maxX
                maxX = max(maxX, max(next, run.positions[i].x))
            }
        }
        return maxX - line.minX
    }

    private func alignmentShift(_ alignment: TextAlignmentMode, free: Double, line: TextLine) -> Double {
        guard free.isFinite, free > 0 else { return 0 }
        switch alignment {
        case .left, .justified: return 0
        case .center: return free / 2
        case .right: return free
        case .natural: return line.runs.first?.style.font != nil && isRightToLeftLine(line) ? free : 0
        }
    }

    private func isRightToLeftLine(_ line: TextLine) -> Bool {
        // A paragraph whose first strong character is right-to-left.
        for i in line.range {
            let (scalar, _) = Shaper.decode(text.utf16, at: i)
            if TextDirection.isRightToLeft(scalar) { return true }
            if scalar.properties.isAlphabetic { return false }
        }
        return false
    }

    private func shiftLine(_ line: inout TextLine, by shift: Double) {
        line.minX += shift
        for r in line.runs.indices {
            line.runs[r].minX += shift
            line.runs[r].maxX += shift
            for g in line.runs[r].positions.indices { line.runs[r].positions[g].x += shift }
        }
    }

    private func justify(_ line: inout TextLine, free: Double) {
        var spaces = 0
        var end = line.range.upperBound
        while end > line.range.lowerBound && isWhitespace(text.utf16[end - 1]) { end -= 1 }
        for i in line.range.lowerBound..<end where text.utf16[i] == 0x20 { spaces += 1 }
        guard spaces > 0 else { return }
        let extra = free / Double(spaces)
        var added = 0.0
        for r in line.runs.indices {
            line.runs[r].minX += added
            var lastCluster = -1
            for g in line.runs[r].positions.indices {
                let cluster = line.runs[r].clusters[g]
                line.runs[r].positions[g].x += added
                if cluster != lastCluster, cluster < end, text.utf16[cluster] == 0x20 { added += extra }
                lastCluster = cluster
            }
            line.runs[r].maxX += added
        }
        line.width += free
    }

    /// Glyphs of `runs` whose clusters lie in `range`, placed from `x` on the baseline.
    private func place(runs: [ShapedRun], in range: Range<Int>, x: Double, baseline: Double) -> [LineGlyphRun] {
        var result: [LineGlyphRun] = []
        var pen = x
        for run in runs where run.range.overlaps(range) {
            var glyphs: [UInt32] = []
            var positions: [CGPoint] = []
            var clusters: [Int] = []
            let offset = run.style.baselineOffset.isFinite ? run.style.baselineOffset : 0
            let start = pen
            // A left-to-right run's clusters never decrease: its glyphs in `range` are one slice,
            // found by binary search (a scan of the whole run for every line was quadratic in
            // the paragraph's length). A right-to-left run is scanned whole.
            var slice = run.glyphs.indices
            if !run.isRightToLeft {
                var low = 0, high = run.glyphs.count
                while low < high {
                    let mid = (low + high) / 2
                    if run.glyphs[mid].cluster < range.lowerBound { low = mid + 1 } else { high = mid }
                }
                var end = low
                while end < run.glyphs.count && run.glyphs[end].cluster < range.upperBound { end += 1 }
                slice = low..<end
            }
            for glyph in run.glyphs[slice] where range.contains(glyph.cluster) {
                glyphs.append(glyph.glyph)
                positions.append(CGPoint(x: pen + glyph.xOffset, y: baseline - glyph.yOffset - offset))
                clusters.append(glyph.cluster)
                pen += glyph.advance
            }
            if !glyphs.isEmpty {
                result.append(LineGlyphRun(style: run.style, font: run.font, glyphs: glyphs, positions: positions,
                                           clusters: clusters, minX: start, maxX: pen))
            }
        }
        return result
    }

    // MARK: Truncation

    /// The line's runs with "…" standing for what does not fit `available`.
    private func truncatedRuns(range: Range<Int>, runs: [ShapedRun], advances: [Double], available: Double,
                               mode: TextLineBreakMode, baseline: Double, x: Double) -> [LineGlyphRun] {
        let graphemes = graphemeBoundaries(range)
        func width(_ r: Range<Int>) -> Double {
            var total = 0.0
            for i in r { total += advances[i - currentParagraphStart] }
            return total
        }
        // Everything fits: no ellipsis.
        var trimmedEnd = range.upperBound
        while trimmedEnd > range.lowerBound && isWhitespace(text.utf16[trimmedEnd - 1]) { trimmedEnd -= 1 }
        if width(range.lowerBound..<trimmedEnd) <= available + 1e-9 {
            return place(runs: runs, in: range, x: x, baseline: baseline)
        }
        let anchor: Int
        switch mode {
        case .truncatingHead: anchor = range.upperBound - 1
        case .truncatingMiddle: anchor = range.lowerBound + range.count / 2
        default: anchor = range.lowerBound
        }
        let ellipsis = ellipsisRun(style: text.style(at: max(range.lowerBound, min(anchor, range.upperBound - 1))))
        let room = max(0, available - ellipsis.advance)
        var head = range.lowerBound..<range.lowerBound
        var tail = range.upperBound..<range.upperBound
        switch mode {
        case .truncatingHead:
            var start = range.upperBound
            for boundary in graphemes.reversed() where boundary < range.upperBound {
                if width(boundary..<range.upperBound) > room + 1e-9 { break }
                start = boundary
            }
            tail = start..<range.upperBound
        case .truncatingMiddle:
            var end = range.lowerBound
            for boundary in graphemes where boundary > range.lowerBound {
                if width(range.lowerBound..<boundary) > room / 2 + 1e-9 { break }
                end = boundary
            }
            head = range.lowerBound..<end
            var start = range.upperBound
            for boundary in graphemes.reversed() where boundary < range.upperBound && boundary >= end {
                if width(boundary..<range.upperBound) > room - width(head) + 1e-9 { break }
                start = boundary
            }
            tail = start..<range.upperBound
        default:
            var end = range.lowerBound
            for boundary in graphemes where boundary > range.lowerBound {
                var visible = boundary
                while visible > range.lowerBound && isWhitespace(text.utf16[visible - 1]) { visible -= 1 }
                if width(range.lowerBound..<visible) > room + 1e-9 { break }
                end = boundary
            }
            while end > range.lowerBound && isWhitespace(text.utf16[end - 1]) { end -= 1 }
            head = range.lowerBound..<end
        }
        var result = place(runs: runs, in: head, x: x, baseline: baseline)
        var pen = result.last?.maxX ?? x
        var placedEllipsis = place(runs: [ellipsis], in: ellipsis.range, x: pen, baseline: baseline)
        for r in placedEllipsis.indices { placedEllipsis[r].clusters = placedEllipsis[r].clusters.map { _ in head.upperBound } }
        pen = placedEllipsis.last?.maxX ?? pen
        result += placedEllipsis
        result += place(runs: runs, in: tail, x: pen, baseline: baseline)
        return result
    }

    /// "…" shaped in `style` (its own text, so its clusters are 0; callers renumber them).
    private func ellipsisRun(style: TextStyle) -> ShapedRun {
        let ellipsisText = StyledText("\u{2026}", style: style)
        return Shaper.shape(ellipsisText, range: 0..<ellipsisText.utf16.count).first
            ?? ShapedRun(range: 0..<1, style: style, font: style.font, glyphs: [], isRightToLeft: false)
    }

    /// The grapheme-cluster boundaries inside `range` (both ends included).
    private func graphemeBoundaries(_ range: Range<Int>) -> [Int] {
        var result = [range.lowerBound]
        var position = range.lowerBound
        for character in String(decoding: text.utf16[range], as: UTF16.self) {
            position += character.utf16.count
            result.append(min(position, range.upperBound))
        }
        return result
    }
}
