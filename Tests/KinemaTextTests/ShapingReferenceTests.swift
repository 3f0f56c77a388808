// KinemaText's shaping against HarfBuzz's own: References/shaping.json is made by
// Scripts/references/text_references.py with uharfbuzz (its own HarfBuzz build, not the one
// Kinema links) on the bundled DejaVu Sans at its design scale. Shaping through `Shaper` at
// size = units per em makes points equal font units, so glyphs, clusters, advances and offsets
// must be identical — not close.
import Foundation
import KinemaGeometry
import KinemaTestSupport
@testable import KinemaText
import Testing

struct ShapingReference: Decodable {
    struct Glyph: Decodable {
        var glyph: UInt32
        var cluster: Int
        var xAdvance: Int
        var yAdvance: Int
        var xOffset: Int
        var yOffset: Int
    }

    struct Case: Decodable {
        var name: String
        var text: String
        var glyphs: [Glyph]
    }

    var generator: String
    var unitsPerEm: Double
    var cases: [Case]
}

/// The bundled DejaVu Sans by its resource path (never fontconfig's choice), at `size`.
func bundledFont(size: Double) throws -> TextFont {
    let face = try #require(FontDatabase.shared.bundledFace, "the bundled DejaVu Sans is missing")
    return TextFont(face: face, size: size, request: FontRequest())
}

@Suite struct ShapingReferenceTests {
    let reference: ShapingReference

    init() throws {
        reference = try loadReference("shaping", as: ShapingReference.self, in: .module)
    }

    @Test func referenceCoversTheBriefsStrings() {
        let texts = Set(reference.cases.map(\.text))
        for title in ["AVATAR Wave To", "Tùy chỉnh viewcontroller transition", "Bài viết hôm nay", "Hiệu ứng chuyển động", "ệ ở ữ ặ"] {
            #expect(texts.contains(title.precomposedStringWithCanonicalMapping))
            #expect(texts.contains(title.decomposedStringWithCanonicalMapping))
        }
        // Marks positioned by GPOS (non-zero offsets) and ligatures (fewer glyphs than characters)
        // are both in the reference, so both code paths are compared.
        #expect(reference.cases.contains { $0.glyphs.contains { $0.xOffset != 0 || $0.yOffset != 0 } })
        #expect(reference.cases.contains { $0.name.hasPrefix("ligatures") && $0.glyphs.count < $0.text.utf16.count })
    }

    @Test func glyphsClustersAndAdvancesEqualHarfBuzz() throws {
        let font = try bundledFont(size: reference.unitsPerEm)
        #expect(font.face.metrics.unitsPerEm == reference.unitsPerEm)
        #expect(font.scale == 1)
        for testCase in reference.cases {
            let text = StyledText(testCase.text, style: TextStyle(font: font))
            let runs = Shaper.shape(text, range: 0..<text.utf16.count)
            // One face covers every character: one run, the bundled face.
            #expect(runs.count == 1, "\(testCase.name): \(runs.count) runs")
            #expect(runs.allSatisfy { $0.font.face === font.face }, "\(testCase.name): a fallback face was used")
            let glyphs = runs.flatMap(\.glyphs)
            #expect(glyphs.map(\.glyph) == testCase.glyphs.map(\.glyph), "\(testCase.name): glyph ids")
            #expect(glyphs.map(\.cluster) == testCase.glyphs.map(\.cluster), "\(testCase.name): clusters")
            #expect(glyphs.map(\.advance) == testCase.glyphs.map { Double($0.xAdvance) }, "\(testCase.name): advances")
            #expect(glyphs.map(\.xOffset) == testCase.glyphs.map { Double($0.xOffset) }, "\(testCase.name): x offsets")
            #expect(glyphs.map(\.yOffset) == testCase.glyphs.map { Double($0.yOffset) }, "\(testCase.name): y offsets")
            #expect(testCase.glyphs.allSatisfy { $0.yAdvance == 0 })
        }
    }

    /// The same through the line setter: a one-line layout places each glyph at the running sum
    /// of HarfBuzz's advances plus its offset (y down: the offset is subtracted).
    @Test func layoutPlacesGlyphsAtHarfBuzzPositions() throws {
        let font = try bundledFont(size: reference.unitsPerEm)
        for testCase in reference.cases {
            let layout = TextLayoutEngine.layout(StyledText(testCase.text, style: TextStyle(font: font)), in: TextContainer())
            #expect(layout.lines.count == 1)
            let line = try #require(layout.lines.first)
            let positions = line.runs.flatMap(\.positions)
            var pen = 0.0
            var expected: [CGPoint] = []
            for glyph in testCase.glyphs {
                expected.append(CGPoint(x: pen + Double(glyph.xOffset), y: line.baseline - Double(glyph.yOffset)))
                pen += Double(glyph.xAdvance)
            }
            #expect(positions == expected, "\(testCase.name)")
        }
    }
}
