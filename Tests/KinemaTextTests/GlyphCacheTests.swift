// The glyph cache against filling the outlines: the same layout drawn both ways must agree
// within a stated tolerance, at whole-pixel, quarter-pixel and arbitrary positions; the cache
// must stay within its byte limit and give the same pixels when drawn from many threads.
import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaTestSupport
@testable import KinemaText
import Testing

@Suite struct GlyphCacheTests {
    /// Cached masks vs the path fill. Two things differ: each glyph's origin is quantized to a
    /// quarter pixel on each axis (it moves by at most 1/8 px: an edge pixel's coverage changes by
    /// up to about 1/8 of the range, more where two edges of one glyph meet), and each glyph's
    /// mask is composited on its own where the path fill fills a run's outlines as one shape
    /// (overlapping glyphs' soft edges blend twice). Measured over 9–40 pt, four origins: max
    /// 72 levels, mean 0.12–1.09 (growing with the size: more edge pixels), no pixel over 96.
    static let tolerance = GoldenTolerance(maximum: 96, mean: 1.5,
                                           reason: "glyph origins quantized to 1/4 px (≤ 1/8 px moved); per-glyph compositing of overlaps")

    static func draw(_ layout: TextLayout, at origin: CGPoint, scale: Double = 1, alpha: Float = 1, cache: GlyphCache?,
                     width: Int = 420, height: Int = 120) throws -> Pixmap {
        var pixmap = try Pixmap(width: width, height: height)
        pixmap.withMutableRegion { region in
            region.fill(.white)
            layout.draw(into: &region, at: origin, scale: scale, alpha: alpha, cache: cache)
        }
        return pixmap
    }

    static func layout(size: Double, text: String = "Hiệu ứng chuyển động AVATAR office ệ ở ữ ặ", color: TextColor = .black) throws -> TextLayout {
        var style = TextStyle(font: try bundledFont(size: size))
        style.foregroundColor = color
        return TextLayoutEngine.layout(StyledText(text, style: style), in: TextContainer(width: 400))
    }

    @Test(arguments: [9.0, 12, 17, 24, 40])
    func cachedDrawMatchesPathFill(size: Double) throws {
        let layout = try Self.layout(size: size)
        let cache = GlyphCache(byteLimit: 8 << 20)
        let folder = GoldenFolder("References", in: .module)
        for origin in [CGPoint(x: 3, y: 2), CGPoint(x: 3.25, y: 2.75), CGPoint(x: 3.37, y: 2.61), CGPoint(x: 2.9, y: 1.13)] {
            let filled = try Self.draw(layout, at: origin, cache: nil)
            let cached = try Self.draw(layout, at: origin, cache: cache)
            let difference = folder.expect(cached, matches: filled, named: "cache-\(Int(size))-\(origin.x)", within: Self.tolerance)
            if let difference { print("glyph cache \(size) pt at \(origin): \(difference)") }
            // Drawn again from the warm cache: the same pixels.
            #expect(try Self.draw(layout, at: origin, cache: cache).premultipliedBytes == cached.premultipliedBytes)
        }
    }

    /// One glyph alone at a quarter-pixel position: no quantization, no overlap, so the mask's
    /// blend is the path fill's, byte for byte (the same scan converter, the same arithmetic).
    @Test(arguments: [9.0, 13, 17, 31])
    func aGlyphAloneAtAQuarterPixelIsExact(size: Double) throws {
        let cache = GlyphCache(byteLimit: 8 << 20)
        for character in ["A", "g", "ệ", "W", "ữ", "&", "@"] {
            var style = TextStyle(font: try bundledFont(size: size))
            style.foregroundColor = TextColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.9)
            let layout = TextLayoutEngine.layout(StyledText(character, style: style), in: TextContainer())
            let glyphs = layout.lines.flatMap(\.runs).flatMap(\.positions)
            guard glyphs.count == 1, let p = glyphs.first else { continue }
            // An origin putting the glyph's device position on a quarter pixel.
            let origin = CGPoint(x: 5.25 - p.x + (p.x * 4).rounded(.down) / 4, y: 3.5 - p.y + (p.y * 4).rounded(.down) / 4)
            let filled = try Self.draw(layout, at: origin, alpha: 0.8, cache: nil, width: 60, height: 60)
            let cached = try Self.draw(layout, at: origin, alpha: 0.8, cache: cache, width: 60, height: 60)
            #expect(cached.premultipliedBytes == filled.premultipliedBytes, "\(character) at \(size) pt")
        }
    }

    /// With alpha, a translucent colour and a scale, the cache still agrees with the fill.
    @Test func alphaColourAndScale() throws {
        let layout = try Self.layout(size: 11, color: TextColor(red: 0.8, green: 0.2, blue: 0.1, alpha: 0.7))
        let cache = GlyphCache(byteLimit: 8 << 20)
        for (scale, alpha) in [(2.0, Float(1)), (1, 0.5), (3, 0.25)] {
            let filled = try Self.draw(layout, at: CGPoint(x: 1, y: 1), scale: scale, alpha: alpha, cache: nil, width: 900, height: 240)
            let cached = try Self.draw(layout, at: CGPoint(x: 1, y: 1), scale: scale, alpha: alpha, cache: cache, width: 900, height: 240)
            let difference = try #require(GoldenDifference(cached, filled))
            #expect(Self.tolerance.excesses(difference).isEmpty, "scale \(scale) alpha \(alpha): \(difference)")
        }
    }

    /// Large glyphs are not cached; their draw is the path fill's, byte for byte.
    @Test func largeGlyphsFillTheirOutlines() throws {
        let layout = try Self.layout(size: 200, text: "Ẩn")
        let cache = GlyphCache(byteLimit: 8 << 20)
        let filled = try Self.draw(layout, at: CGPoint(x: 0.3, y: 0.3), cache: nil, width: 300, height: 300)
        let cached = try Self.draw(layout, at: CGPoint(x: 0.3, y: 0.3), cache: cache, width: 300, height: 300)
        #expect(cached.premultipliedBytes == filled.premultipliedBytes)
        #expect(cache.byteCount == 0)
    }

    /// Glyphs partly or wholly outside the region are clipped, as the fill clips them.
    @Test func clippedAtTheRegionsEdges() throws {
        let layout = try Self.layout(size: 17)
        let cache = GlyphCache(byteLimit: 8 << 20)
        for origin in [CGPoint(x: -50, y: -8), CGPoint(x: 300, y: 100), CGPoint(x: -1e6, y: 5), CGPoint(x: 4, y: 1e7)] {
            let filled = try Self.draw(layout, at: origin, cache: nil, width: 200, height: 40)
            let cached = try Self.draw(layout, at: origin, cache: cache, width: 200, height: 40)
            let difference = try #require(GoldenDifference(cached, filled))
            #expect(Self.tolerance.excesses(difference).isEmpty, "at \(origin): \(difference)")
        }
    }

    @Test func staysWithinItsByteLimit() throws {
        let limit = 64 << 10
        let cache = GlyphCache(byteLimit: limit)
        for size in stride(from: 8.0, through: 40, by: 1) {
            _ = try Self.draw(try Self.layout(size: size), at: CGPoint(x: 0.3, y: 0.6), cache: cache)
            #expect(cache.byteCount <= limit)
        }
        #expect(cache.strikeCount >= 1)
        // Evicted strikes are made again on demand: the draw is unchanged.
        let layout = try Self.layout(size: 8)
        #expect(try Self.draw(layout, at: .zero, cache: cache).premultipliedBytes
            == Self.draw(layout, at: .zero, cache: GlyphCache(byteLimit: 8 << 20)).premultipliedBytes)
    }

    /// Eight threads draw into their own pixmaps through one small cache (evicting all the
    /// while): every picture equals the one drawn alone.
    @Test func manyThreadsOneCache() async throws {
        let layouts = try [9.0, 12, 14, 17, 20, 24].map { try Self.layout(size: $0) }
        let expected = try layouts.map { try Self.draw($0, at: CGPoint(x: 1.3, y: 0.4), cache: GlyphCache(byteLimit: 8 << 20)).premultipliedBytes }
        let cache = GlyphCache(byteLimit: 48 << 10)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var bad = 0
                    for round in 0..<12 {
                        let k = (worker + round) % layouts.count
                        let bytes = try? Self.draw(layouts[k], at: CGPoint(x: 1.3, y: 0.4), cache: cache).premultipliedBytes
                        if bytes != expected[k] { bad += 1 }
                    }
                    return bad
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(cache.byteCount <= 48 << 10)
    }
}
