// Bad input to the text engine: lone surrogates, empty text, a million characters, sizes that
// are not sizes, a container of no width, a family that does not exist. Nothing traps or hangs;
// what the engine had to change is reported as a diagnostic.
import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaTestSupport
@testable import KinemaText
import Testing

@Suite struct BadInputTests {
    static func style(size: Double = 17) throws -> TextStyle {
        var style = TextStyle(font: try bundledFont(size: size))
        style.foregroundColor = .black
        return style
    }

    /// Lays out and draws `text` into a small pixmap: must not trap.
    @discardableResult
    static func layoutAndDraw(_ text: StyledText, in container: TextContainer = TextContainer(width: 120)) throws -> TextLayout {
        let layout = TextLayoutEngine.layout(text, in: container)
        var pixmap = try Pixmap(width: 64, height: 64)
        pixmap.withMutableRegion { region in
            region.fill(.white)
            layout.draw(into: &region, at: CGPoint(x: 2, y: 2))
        }
        return layout
    }

    @Test func loneSurrogates() throws {
        let style = try Self.style()
        // A lead without its trail, a trail alone, both at the ends and in the middle, and a
        // reversed pair; built from code units (a Swift String cannot hold them).
        let cases: [[UInt16]] = [
            [0xD800], [0xDC00], [0x61, 0xD83D], [0xDE00, 0x61], [0x61, 0xDC00, 0xD800, 0x62],
            Array("ab ".utf16) + [0xD83D] + Array(" cd".utf16), [0xD83D, 0xD83D, 0xD83D],
        ]
        for units in cases {
            let text = StyledText(utf16: units, runs: [.init(range: 0..<units.count, style: style)], defaultStyle: style)
            let layout = try Self.layoutAndDraw(text)
            #expect(!layout.lines.isEmpty)
            // Every code unit is accounted for by some line, and every glyph's cluster is in the text.
            #expect(layout.lines.first?.range.lowerBound == 0)
            #expect(layout.lines.last?.range.upperBound == units.count)
            for run in layout.lines.flatMap(\.runs) { #expect(run.clusters.allSatisfy { $0 >= 0 && $0 < units.count }) }
            _ = LineBreaker.opportunities(in: units)
        }
        // Through NSString, as UIKit code would build one.
        let ns = NSString(characters: [0x48, 0xD800, 0x69], length: 3)
        let fromNS = StyledText(utf16: (0..<ns.length).map { ns.character(at: $0) }, runs: [.init(range: 0..<3, style: style)], defaultStyle: style)
        #expect(try Self.layoutAndDraw(fromNS).lines.count == 1)
    }

    @Test func emptyText() throws {
        let style = try Self.style()
        let layout = try Self.layoutAndDraw(StyledText("", style: style))
        #expect(layout.size.width == 0)
        #expect(layout.firstBaseline == style.font.ascender)
        #expect(LineBreaker.opportunities(in: []).isEmpty)
        #expect(Shaper.shape(StyledText("", style: style), range: 0..<0).isEmpty)
        // Paragraph terminators only.
        let breaks = try Self.layoutAndDraw(StyledText("\n\n\r\n", style: style))
        #expect(breaks.lines.count == 3)
    }

    /// A million characters in a bounded width: every line is set, in one pass, quickly.
    @Test func aMillionCharacters() throws {
        let style = try Self.style(size: 12)
        let words = ["lorem", "ipsum", "Tùy", "chỉnh", "viết", "động", "x", "transition"]
        var string = ""
        var units = 0
        var random = SplitMix64(state: 14)
        while units < 1_000_000 {
            let word = words[Int(random.next() % UInt64(words.count))]
            string += word
            string += " "
            units += word.utf16.count + 1
        }
        let text = StyledText(string, style: style)
        let start = Date()
        let layout = TextLayoutEngine.layout(text, in: TextContainer(width: 300))
        let seconds = Date().timeIntervalSince(start)
        print("layout of \(text.utf16.count) UTF-16 units in 300 pt: \(layout.lines.count) lines, \(String(format: "%.2f", seconds)) s")
        #expect(seconds < 30, "a million characters took \(seconds) s")
        #expect(layout.lines.count > 10_000)
        // The lines tile the text without gaps or overlaps, and each fits.
        var position = 0
        for line in layout.lines {
            #expect(line.range.lowerBound == position)
            position = line.range.upperBound
            if line.width > 300 + 1e-9 { Issue.record("line \(line.range) is \(line.width) wide"); break }
        }
        #expect(position == text.utf16.count)
        // The drawn glyphs are those of the text, in order.
        let glyphCount = layout.lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } }
        #expect(glyphCount == Shaper.shape(text, range: 0..<text.utf16.count).reduce(0) { $0 + $1.glyphs.count })
    }

    /// A million characters without a break opportunity: wrapped between grapheme clusters.
    @Test func aMillionCharacterWord() throws {
        let style = try Self.style(size: 12)
        let string = String(repeating: "ab\u{0301}c", count: 250_000)
        let text = StyledText(string, style: style)
        let start = Date()
        let layout = TextLayoutEngine.layout(text, in: TextContainer(width: 200))
        let seconds = Date().timeIntervalSince(start)
        print("layout of a \(text.utf16.count)-unit word in 200 pt: \(layout.lines.count) lines, \(String(format: "%.2f", seconds)) s")
        #expect(seconds < 30)
        var position = 0
        for line in layout.lines {
            #expect(line.range.lowerBound == position)
            // Never inside a grapheme cluster: b and its combining accent stay together.
            #expect(text.utf16[line.range.lowerBound] != 0x0301)
            position = line.range.upperBound
        }
        #expect(position == text.utf16.count)
    }

    @Test func sizesThatAreNotSizes() throws {
        for (size, expected) in [(0.0, 0.0), (-5, 0), (.nan, 0), (.infinity, 0), (1e5, TextFont.maximumSize)] {
            let (font, diagnostics) = KinemaDiagnostics.collecting { TextFont.system(size: size) }
            let made = font
            #expect(made.size == expected)
            #expect(size == 0 ? diagnostics.isEmpty : !diagnostics.isEmpty, "size \(size): \(diagnostics)")
            var style = TextStyle(font: made)
            style.foregroundColor = .black
            let layout = try Self.layoutAndDraw(StyledText("Hiệu ứng", style: style))
            #expect(layout.size.width.isFinite && layout.size.height.isFinite)
            if expected == 0 { #expect(layout.size.width == 0) }
        }
    }

    @Test func containersThatAreNotContainers() throws {
        let style = try Self.style()
        let text = StyledText("Bài viết hôm nay", style: style)
        // No width: one grapheme a line, every line still makes progress.
        let narrow = try Self.layoutAndDraw(text, in: TextContainer(width: 0))
        #expect(narrow.lines.count == text.string.filter { !$0.isWhitespace }.count)
        for (width, height) in [(Double.nan, 100.0), (-10, 100), (100, .nan), (100, -1), (.infinity, .infinity), (0, 0)] {
            let (layout, diagnostics) = try KinemaDiagnostics.collecting {
                try Self.layoutAndDraw(text, in: TextContainer(width: width, height: height))
            }
            #expect(layout.size.width.isFinite && layout.size.height.isFinite)
            if width.isNaN || width < 0 || height.isNaN || height < 0 { #expect(!diagnostics.isEmpty) }
        }
        // A negative line limit is no limit.
        #expect(TextContainer(maximumNumberOfLines: -3).maximumNumberOfLines == 0)
    }

    @Test func familyThatDoesNotExist() throws {
        let request = FontRequest(family: "No Such Family Kinema 7f3a")
        let font = TextFont(request: request, size: 17) // fontconfig's best match (or the bundled face) serves it
        #expect(font.size == 17)
        #expect(!FontDatabase.shared.isAvailable(name: "No Such Family Kinema 7f3a"))
        var style = TextStyle(font: font)
        style.foregroundColor = .black
        #expect(try Self.layoutAndDraw(StyledText("Hiệu ứng", style: style)).lines.count == 1)
    }

    /// Drawing with a scale or origin that is not finite draws nothing and does not trap.
    @Test func drawingWithBadGeometry() throws {
        let style = try Self.style()
        let layout = TextLayoutEngine.layout(StyledText("ệ ở ữ ặ", style: style), in: TextContainer())
        var pixmap = try Pixmap(width: 32, height: 32)
        let cases: [(CGPoint, Double)] = [(CGPoint(x: Double.nan, y: 0), 1.0), (CGPoint(x: 0, y: 0), Double.nan), (CGPoint(x: 1e12, y: -1e12), 1),
                                (CGPoint(x: 0, y: 0), 0), (CGPoint(x: 0, y: 0), -2), (CGPoint(x: 0, y: 0), 1e6)]
        for (origin, scale) in cases {
            pixmap.withMutableRegion { region in
                region.fill(.white)
                layout.draw(into: &region, at: origin, scale: scale)
            }
        }
    }
}
