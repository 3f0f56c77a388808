// Text drawn by Kinema against the same text drawn by Pillow (FreeType's rasterizer, libraqm's
// HarfBuzz layout), References/golden-*.png from Scripts/references/text_references.py: the
// bundled DejaVu Sans, black on white, the string's left end and baseline where goldens.json says.
//
// The two cannot agree pixel for pixel, and the tolerance says by how much and why:
//   - Pillow puts every glyph's origin on a whole pixel (its 26.6 pen position rounded up);
//     Kinema draws each glyph at its exact position. A stem can move by up to a pixel.
//   - Pillow loads glyphs hinted (FT_LOAD_DEFAULT; FreeType's v40 TrueType interpreter hints
//     vertically: heights and horizontal stems snap to the pixel grid); Kinema's outlines are
//     unhinted. Edges move by up to half a pixel vertically.
// So edge pixels may differ by nearly the whole range, and stems that hinting snaps onto whole
// pixels are darker in Pillow's picture (its ink is up to 9 % more, or less where a stem snaps
// thinner). What must agree is the rest: the mean difference, the share of pixels that differ
// much, and where the ink begins and ends on both axes (within a pixel), which checks the
// baseline, the advances, the scale and the marks independently of the edge rounding. (The
// ink's centroid is not a usable check: hinting darkens some stems and not others, which moves
// it by up to 2.7 px at 48 px with every glyph where it should be.)
//
// Measured (mean difference, pixels over 96 levels, ink): 12 px 8.4–9.0, 3.6–4.3 %, −5…−6.5 %;
// 17 px 7.5–7.8, 2.9–3.7 %, +8…+10 %; 24 px 6.0–6.5, 2.2–2.6 %, −0.4…−3 %; 48 px 3.1–3.4,
// 0.9–1.6 %, −1.9 %. The bounds below are those plus a margin.
import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaTestSupport
@testable import KinemaText
import Testing

struct GoldenManifest: Decodable {
    struct Entry: Decodable {
        var file: String
        var text: String
        var size: Double
        var x: Double
        var baseline: Double
        var width: Int
        var height: Int
    }

    var generator: String
    var images: [Entry]
}

@Suite struct PillowGoldenTests {
    static let folder = GoldenFolder("References", in: .module)

    /// Pillow vs Kinema at `size` px (the reasons and the measured figures above): any channel
    /// may differ fully at an edge; the mean and the share of pixels off by more than 96 levels
    /// are bounded, tighter as glyphs grow and hinting and whole-pixel origins matter less.
    static func tolerance(size: Double) -> GoldenTolerance {
        let (mean, fraction): (Double, Double) = size <= 12 ? (10, 0.05) : size <= 17 ? (9, 0.045) : size <= 24 ? (7.5, 0.032) : (4, 0.02)
        return GoldenTolerance(maximum: 96, mean: mean, outlierFraction: fraction,
                               reason: "Pillow hints (FreeType v40, vertical) and puts glyph origins on whole pixels; Kinema draws unhinted outlines at exact positions")
    }

    @Test func kinemaDrawsWhatPillowDraws() throws {
        let manifest = try loadReference("goldens", as: GoldenManifest.self, in: .module)
        #expect(manifest.images.count == 8)
        for entry in manifest.images {
            let reference = try Self.folder.pixmap(entry.file)
            let ours = try Self.render(entry)
            let name = (entry.file as NSString).deletingPathExtension
            let difference = Self.folder.expect(ours, matches: reference, named: name, within: Self.tolerance(size: entry.size))
            TestEnvironment.keep(try ours.pngData(), as: name + ".kinema.png", in: "KinemaTextTests")
            let a = Self.ink(ours), b = Self.ink(reference)
            #expect(abs(a.minX - b.minX) <= 1 && abs(a.maxX - b.maxX) <= 1 && abs(a.minY - b.minY) <= 1 && abs(a.maxY - b.maxY) <= 1,
                    "\(name): ink spans x \(a.minX)…\(a.maxX), y \(a.minY)…\(a.maxY); Pillow's x \(b.minX)…\(b.maxX), y \(b.minY)…\(b.maxY)")
            #expect(abs(a.total - b.total) / b.total < 0.11, "\(name): ink Kinema \(a.total), Pillow \(b.total)")
            if let difference {
                print("golden \(name): \(difference); over 96: \(difference.pixels(over: 96)) of \(difference.pixelCount); "
                    + String(format: "ink %.2f %%", 100 * (a.total - b.total) / b.total))
            }
        }
    }

    @Test func everyReferenceFileIsUsed() throws {
        let manifest = try loadReference("goldens", as: GoldenManifest.self, in: .module)
        try Self.folder.expectInventory(Set(manifest.images.map(\.file)).union(["goldens.json", "shaping.json"]))
    }

    static func render(_ entry: GoldenManifest.Entry) throws -> Pixmap {
        var style = TextStyle(font: try bundledFont(size: entry.size))
        style.foregroundColor = .black
        let layout = TextLayoutEngine.layout(StyledText(entry.text, style: style), in: TextContainer())
        var pixmap = try Pixmap(width: entry.width, height: entry.height)
        pixmap.withMutableRegion { region in
            region.fill(.white)
            layout.draw(into: &region, at: CGPoint(x: entry.x, y: entry.baseline - layout.firstBaseline))
        }
        return pixmap
    }

    /// The ink (255 − the red channel, on white) of `pixmap`: its total, and the first and last
    /// column and row holding at least a tenth of a pixel's worth of it.
    static func ink(_ pixmap: Pixmap) -> (total: Double, minX: Int, maxX: Int, minY: Int, maxY: Int) {
        let bytes = pixmap.premultipliedBytes
        var columns = [Double](repeating: 0, count: pixmap.width), rows = [Double](repeating: 0, count: pixmap.height)
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                let ink = Double(255 - Int(bytes[(y * pixmap.width + x) * 4])) / 255
                columns[x] += ink
                rows[y] += ink
            }
        }
        let threshold = 0.1
        return (columns.reduce(0, +) * 255,
                columns.firstIndex { $0 >= threshold } ?? -1, columns.lastIndex { $0 >= threshold } ?? -1,
                rows.firstIndex { $0 >= threshold } ?? -1, rows.lastIndex { $0 >= threshold } ?? -1)
    }
}
