// The fast text draw against what it replaced: the four-pixel mask blend must equal blending one
// pixel at a time with PackedPixel's arithmetic, byte for byte; a trimmed mask must keep every
// coverage byte; a layout drawn again the same way must reuse the masks it kept (no glyph-cache
// look-up, counted) and give the same pixels, and must resolve again when it moves, when the
// cache drops masks, or when its lines change.
import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaTestSupport
@testable import KinemaText
import Testing

@Suite struct GlyphPlacementTests {
    /// A deterministic byte source (SplitMix64).
    struct Bytes {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
        /// `count` coverage bytes: a quarter zero, a quarter full, the rest anything (zero runs,
        /// full runs and ramps, as glyph edges have).
        mutating func coverage(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in
                switch next() % 4 {
                case 0: 0
                case 1: 255
                default: byte()
                }
            }
        }
        /// A valid premultiplied pixel (every channel ≤ alpha).
        mutating func pixel() -> UInt32 {
            let a = UInt32(byte())
            let channel = { (v: UInt8) in UInt32(v) * a / 255 }
            return channel(byte()) | channel(byte()) << 8 | channel(byte()) << 16 | a << 24
        }
    }

    /// Random masks (zero runs, full runs, ramps) in opaque and translucent colours over random
    /// pixels, at positions clipped by every edge of the region: the four-pixel blend equals the
    /// one-pixel reference everywhere, and leaves every pixel outside the mask untouched.
    @Test func fourPixelBlendEqualsOnePixelAtATime() throws {
        var random = Bytes(state: 0x7E47)
        let regionWidth = 23, regionHeight = 17
        for trial in 0..<300 {
            let width = 1 + Int(random.next() % 19), height = 1 + Int(random.next() % 13)
            let coverage = random.coverage(width * height)
            guard let mask = GlyphMask(left: 0, top: 0, width: width, height: height, coverage: coverage) else { continue }
            let color = trial % 3 == 0 ? random.pixel() : random.pixel() | 0xFF00_0000
            let x = Int(random.next() % UInt64(regionWidth + 16)) - 12, y = Int(random.next() % UInt64(regionHeight + 12)) - 8
            var under = [UInt32](repeating: 0, count: regionWidth * regionHeight)
            for i in under.indices { under[i] = random.pixel() }
            var pixmap = try Pixmap(width: regionWidth, height: regionHeight)
            pixmap.withMutableRegion { region in
                for py in 0..<regionHeight { for px in 0..<regionWidth { region.row(py)[px] = under[py * regionWidth + px] } }
                mask.blend(into: region, x: x, y: y, color: color)
            }
            var mismatches = 0
            pixmap.withMutableRegion { region in
                for py in 0..<regionHeight {
                    for px in 0..<regionWidth {
                        let c = mask.coverage(x: px - x - mask.left, y: py - y - mask.top)
                        let before = under[py * regionWidth + px]
                        let expected = c == 0 ? before : PackedPixel.sourceOver(color, coverage: UInt32(c), under: before)
                        if region.row(py)[px] != expected { mismatches += 1 }
                    }
                }
            }
            #expect(mismatches == 0, "trial \(trial): \(width)×\(height) at (\(x), \(y)), colour \(String(color, radix: 16))")
        }
    }

    /// Rows and columns without coverage are cut off; every covered byte keeps its place.
    @Test func masksAreTrimmedWithoutLosingCoverage() throws {
        let width = 9, height = 7
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage[2 * width + 3] = 40
        coverage[4 * width + 6] = 255
        coverage[5 * width + 4] = 7
        let mask = try #require(GlyphMask(left: -2, top: -10, width: width, height: height, coverage: coverage))
        #expect(mask.left == 1 && mask.top == -8 && mask.width == 4 && mask.height == 4)
        for y in 0..<height {
            for x in 0..<width {
                #expect(mask.coverage(x: x - 3, y: y - 2) == coverage[y * width + x], "(\(x), \(y))")
            }
        }
        #expect(GlyphMask(left: 0, top: 0, width: 3, height: 3, coverage: [UInt8](repeating: 0, count: 9)) == nil)
    }

    static func layout(_ text: String = "Hiệu ứng chuyển động AVATAR office", size: Double = 13,
                       edit: (inout TextStyle) -> Void = { _ in }) throws -> TextLayout {
        var style = TextStyle(font: try bundledFont(size: size))
        style.foregroundColor = TextColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)
        edit(&style)
        return TextLayoutEngine.layout(StyledText(text, style: style), in: TextContainer(width: 300))
    }

    static func draw(_ layout: TextLayout, at origin: CGPoint, alpha: Float = 1, cache: GlyphCache) throws -> [UInt8] {
        try GlyphCacheTests.draw(layout, at: origin, alpha: alpha, cache: cache, width: 320, height: 60).premultipliedBytes
    }

    /// Drawn again at the same place: no look-up, the same pixels. Moved: resolved again, and
    /// the pixels of a layout that never kept anything.
    @Test func aSecondDrawReusesTheKeptMasks() throws {
        let cache = GlyphCache(byteLimit: 8 << 20)
        let layout = try Self.layout()
        #expect(layout.glyphPlacements.isEmpty)
        let first = try Self.draw(layout, at: CGPoint(x: 3.3, y: 2), cache: cache)
        let lookups = cache.runLookups
        #expect(lookups > 0)
        #expect(!layout.glyphPlacements.isEmpty)
        // One run of masks: its glyphs are kept in the layout's own storage for the C kernel.
        #expect(layout.glyphPlacements.keepsGlyphsInRoom == GlyphBlendPath.kernelAvailable)
        #expect(try Self.draw(layout, at: CGPoint(x: 3.3, y: 2), cache: cache) == first)
        #expect(try Self.draw(layout, at: CGPoint(x: 3.3, y: 2), alpha: 0.5, cache: cache)
            == (try Self.draw(try Self.layout(), at: CGPoint(x: 3.3, y: 2), alpha: 0.5, cache: GlyphCache(byteLimit: 8 << 20))))
        #expect(cache.runLookups == lookups)
        // A copy shares what was kept.
        let copy = layout
        #expect(try Self.draw(copy, at: CGPoint(x: 3.3, y: 2), cache: cache) == first)
        #expect(cache.runLookups == lookups)

        let moved = try Self.draw(layout, at: CGPoint(x: 5.6, y: 2.25), cache: cache)
        #expect(cache.runLookups > lookups)
        #expect(moved == (try Self.draw(try Self.layout(), at: CGPoint(x: 5.6, y: 2.25), cache: GlyphCache(byteLimit: 8 << 20))))
    }

    /// The kept masks belong to one cache generation: after the cache drops its masks the next
    /// draw looks them up again, with the same pixels.
    @Test func droppedMasksAreResolvedAgain() throws {
        let cache = GlyphCache(byteLimit: 8 << 20)
        let layout = try Self.layout()
        let first = try Self.draw(layout, at: CGPoint(x: 1, y: 1), cache: cache)
        let lookups = cache.runLookups
        let generation = cache.generation
        cache.removeAll()
        #expect(cache.generation != generation)
        #expect(try Self.draw(layout, at: CGPoint(x: 1, y: 1), cache: cache) == first)
        #expect(cache.runLookups > lookups)
        #expect(cache.byteCount > 0)
    }

    /// New lines forget the kept masks.
    @Test func changingTheLinesForgetsTheKeptMasks() throws {
        var layout = try Self.layout()
        _ = try Self.draw(layout, at: CGPoint(x: 1, y: 1), cache: GlyphCache(byteLimit: 8 << 20))
        #expect(!layout.glyphPlacements.isEmpty)
        layout.lines = try Self.layout("other words").lines
        #expect(layout.glyphPlacements.isEmpty)
        // Changed in place (the lines' `_modify`): forgotten too.
        _ = try Self.draw(layout, at: CGPoint(x: 1, y: 1), cache: GlyphCache(byteLimit: 8 << 20))
        #expect(!layout.glyphPlacements.isEmpty)
        layout.lines[0].width += 0
        #expect(layout.glyphPlacements.isEmpty)
        #expect(try Self.draw(layout, at: CGPoint(x: 1, y: 1), cache: GlyphCache(byteLimit: 8 << 20))
            == (try Self.draw(try Self.layout("other words"), at: CGPoint(x: 1, y: 1), cache: GlyphCache(byteLimit: 8 << 20))))
    }

    /// Two colours make two runs: not kept in the layout's room, drawn from the kept placements,
    /// the same pixels as a fresh layout's.
    @Test func severalRunsAreKeptOutsideTheRoom() throws {
        func make() throws -> TextLayout {
            var red = TextStyle(font: try bundledFont(size: 13))
            red.foregroundColor = TextColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
            var blue = red
            blue.foregroundColor = TextColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
            let utf16 = Array("Hiệu ứng chuyển động".utf16)
            let text = StyledText(utf16: utf16, runs: [.init(range: 0..<9, style: red), .init(range: 9..<utf16.count, style: blue)],
                                  defaultStyle: red)
            return TextLayoutEngine.layout(text, in: TextContainer(width: 300))
        }
        let layout = try make()
        let cache = GlyphCache(byteLimit: 8 << 20)
        let first = try Self.draw(layout, at: CGPoint(x: 4, y: 5), cache: cache)
        #expect(!layout.glyphPlacements.isEmpty && !layout.glyphPlacements.keepsGlyphsInRoom)
        let lookups = cache.runLookups
        #expect(try Self.draw(layout, at: CGPoint(x: 4, y: 5), cache: cache) == first)
        #expect(cache.runLookups == lookups)
        #expect(first == (try Self.draw(try make(), at: CGPoint(x: 4, y: 5), cache: GlyphCache(byteLimit: 8 << 20))))
    }

    /// A long text gets no room in its memo (past `maximumRoomGlyphs`): drawn again from the kept
    /// placements, the same pixels.
    @Test func longTextsKeepTheirGlyphsOutsideTheRoom() throws {
        let text = String(repeating: "chuyển động ", count: 200)
        let layout = try Self.layout(text)
        let cache = GlyphCache(byteLimit: 8 << 20)
        let first = try Self.draw(layout, at: CGPoint(x: 2, y: -3.5), cache: cache)
        #expect(!layout.glyphPlacements.isEmpty && !layout.glyphPlacements.keepsGlyphsInRoom)
        let lookups = cache.runLookups
        #expect(try Self.draw(layout, at: CGPoint(x: 2, y: -3.5), cache: cache) == first)
        #expect(cache.runLookups == lookups)
    }

    /// Backgrounds, underlines and a draw at alpha 0 first: the kept masks are blended in their
    /// place among the other items, in every alpha.
    @Test func keptMasksAmongOtherItemsAndAlphas() throws {
        let layout = try Self.layout { style in
            style.backgroundColor = TextColor(red: 1, green: 0.9, blue: 0.2, alpha: 0.6)
            style.underline = 1
        }
        let cache = GlyphCache(byteLimit: 8 << 20)
        _ = try Self.draw(layout, at: CGPoint(x: 2, y: 3), alpha: 0, cache: cache)
        let lookups = cache.runLookups
        for alpha: Float in [1, 0.5, 0.2] {
            let kept = try Self.draw(layout, at: CGPoint(x: 2, y: 3), alpha: alpha, cache: cache)
            let fresh = try Self.draw(try Self.layout { style in
                style.backgroundColor = TextColor(red: 1, green: 0.9, blue: 0.2, alpha: 0.6)
                style.underline = 1
            }, at: CGPoint(x: 2, y: 3), alpha: alpha, cache: GlyphCache(byteLimit: 8 << 20))
            #expect(kept == fresh, "alpha \(alpha)")
        }
        #expect(cache.runLookups == lookups)
    }
}
