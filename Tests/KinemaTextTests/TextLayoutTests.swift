import Foundation
import KinemaGeometry
import KinemaImageIO
import KinemaRaster
import KinemaSupport
import KinemaTestSupport
@testable import KinemaText
import Testing

@Suite struct TextSmokeTests {
    @Test func vietnameseTitlesDraw() throws {
        let font = TextFont.system(size: 24)
        var style = TextStyle(font: font)
        style.foregroundColor = .black
        let titles = ["Tùy chỉnh viewcontroller transition", "Bài viết hôm nay", "Hiệu ứng chuyển động", "ệ ở ữ ặ"]
        var pixmap = try Pixmap(width: 480, height: 180)
        pixmap.withMutableRegion { $0.fill(.white) }
        var y = 4.0
        for title in titles {
            let layout = TextLayoutEngine.layout(StyledText(title, style: style), in: TextContainer())
            #expect(layout.lines.count == 1)
            pixmap.withMutableRegion { region in layout.draw(into: &region, at: CGPoint(x: 8, y: y)) }
            y += layout.size.height + 4
        }
        TestEnvironment.keep(try pixmap.pngData(), as: "titles.png", in: "KinemaTextTests")
    }
}

@Suite struct FontFallbackTests {
    /// A machine without fonts: a fontconfig configuration naming no font folder still lays out
    /// and draws, in the bundled DejaVu Sans, and says so.
    @Test func noFontsAtAllDrawsTheBundledFace() throws {
        let database = try #require(FontDatabase(fontconfigXML: "<?xml version=\"1.0\"?><fontconfig></fontconfig>"))
        let (face, diagnostics) = KinemaDiagnostics.collecting { database.face(for: FontRequest(family: "sans-serif")) }
        let bundled = try #require(FontDatabase.shared.bundledFace)
        #expect(face.path == bundled.path)
        #expect(diagnostics.contains { $0.message.contains("bundled DejaVu Sans") })
        #expect(database.isAvailable(name: "DejaVu Sans") == false)
        #expect(database.isAvailable(name: "Helvetica"), "an iOS family is always available through the generic family")
    }

    @Test func aCharacterTheFaceLacksFallsBack() throws {
        // U+4E2D (中): DejaVu Sans has no CJK; the machine may have a CJK face or not — either a
        // fallback that has the glyph, or the primary face's .notdef, never a trap.
        let font = TextFont.system(size: 20)
        let text = StyledText("a中b", style: TextStyle(font: font))
        let runs = Shaper.shape(text, range: 0..<3)
        #expect(runs.reduce(0) { $0 + $1.glyphs.count } == 3)
        if let fallback = FontDatabase.shared.fallback(for: "中", weight: 400, italic: false) {
            #expect(fallback.covers("中"))
            #expect(runs.count == 3, "the CJK character is shaped in its own face")
        }
    }
}
