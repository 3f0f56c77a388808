// The parts under GIFWriter: the LZW encoder against the project's decoder, the palette
// quantizer's quality (closed-form bounds on a gradient), the delay policy.
import Foundation
@testable import KinemaImageIO
import KinemaRaster
import Testing

@Suite("GIF encoding parts")
struct GIFEncodingPartsTests {
    /// Index streams that exercise every code width, table resets and the KwKwK case.
    static let streams: [(String, [UInt8], Int)] = [
        ("one index", [3], 2),
        ("long run (KwKwK, many resets)", [UInt8](repeating: 1, count: 200_000), 2),
        ("pseudo-random 8-bit", (0..<70_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }, 8),
        ("pseudo-random 4-bit", (0..<50_000).map { UInt8(truncatingIfNeeded: ($0 &* 40_503) >> 7) & 15 }, 4),
        ("stripes", (0..<30_000).map { UInt8(($0 / 7) % 5) }, 3),
    ]

    @Test("LZW output decodes back to the same indices with GIFLZW", arguments: 0..<5)
    func lzwRoundTrip(_ which: Int) throws {
        let (name, indices, minCodeSize) = Self.streams[which]
        let encoded = indices.withUnsafeBufferPointer { GIFLZWEncoder.encode($0, minCodeSize: minCodeSize) }
        #expect(Int(encoded[0]) == max(2, minCodeSize))
        // Undo the sub-blocks: each length byte (≤ 255) then its bytes, a zero length last.
        var data: [UInt8] = []
        var offset = 1
        while encoded[offset] != 0 {
            let length = Int(encoded[offset])
            data += encoded[(offset + 1)...(offset + length)]
            offset += length + 1
        }
        #expect(offset == encoded.count - 1, "\(name): data after the terminator")
        var decoded: [UInt8] = []
        let count = try data.withUnsafeBufferPointer {
            try GIFLZW.decode($0, minCodeSize: Int(encoded[0]), pixelCount: indices.count) { decoded += $0 }
        }
        #expect(count == indices.count, "\(name)")
        #expect(decoded == indices, "\(name)")
    }

    /// A horizontal 3-channel ramp with 1 024 distinct colours (more than a palette holds).
    static func ramp(width: Int = 1024, height: Int = 24) -> [UInt32] {
        (0..<(width * height)).map { i in
            let x = i % width
            let r = x / 4, g = (x * 3 / 4) % 256, b = 255 - x / 4
            return UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000
        }
    }

    /// Oklab distance of the ramp to its quantized form. A just-noticeable difference is ≈ 0.02
    /// Oklab units; with 255 entries for 1 024 colours the mean must stay below 0.006 and the
    /// worst below one JND (measured: mean 0.0030, worst 0.0099).
    @Test("median cut + k-means in Oklab keeps a gradient within a JND")
    func quantizerGradientError() {
        let samples = Self.ramp()
        let palette = samples.withUnsafeBufferPointer { PaletteQuantizer().makePalette(samples: $0, maxColors: 255) }
        #expect(!palette.isExact)
        #expect(palette.colors.count == 255)
        var total: Float = 0, worst: Float = 0
        for value in samples {
            let r = Int(value & 0xFF), g = Int(value >> 8 & 0xFF), b = Int(value >> 16 & 0xFF)
            let chosen = palette.colors[palette.index(r: r, g: g, b: b)]
            let d = OklabColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                .distanceSquared(to: OklabColor(red: chosen.r, green: chosen.g, blue: chosen.b)).squareRoot()
            total += d
            worst = max(worst, d)
        }
        #expect(total / Float(samples.count) < 0.006)
        #expect(worst < 0.02)
    }

    @Test("at most maxColors distinct colours give an exact palette")
    func exactPalette() {
        let samples: [UInt32] = (0..<1000).map { UInt32(($0 * 7) % 200) * 0x010203 & 0xFF_FFFF }
        let palette = samples.withUnsafeBufferPointer { PaletteQuantizer().makePalette(samples: $0, maxColors: 200) }
        #expect(palette.isExact)
        for value in samples {
            let c = palette.colors[palette.index(r: Int(value & 0xFF), g: Int(value >> 8 & 0xFF), b: Int(value >> 16 & 0xFF))]
            #expect(c.packed == value)
        }
    }

    /// Banding metric: mean |box-blur(quantized) − box-blur(source)| over 9×9 windows, in sRGB
    /// codes. A viewer's eye low-passes; dithering trades pixel error for a correct local average,
    /// so it must lower this metric (measured, 16 colours: 1.21 plain, 0.26 dithered) while a
    /// plain palette keeps each band's step. Bound: dithered < half of plain.
    @Test("Floyd–Steinberg dithering lowers banding")
    func ditheringLowersBanding() throws {
        let width = 256, height = 32
        var frame = try Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                frame.setPixel(x: x, y: y, to: PremultipliedColor(red: UInt8(x), green: UInt8(x / 2 + 40),
                                                                  blue: UInt8(200 - x / 3), alpha: 255))
            }
        }
        func banding(dithering: Bool) throws -> Double {
            var options = FrameSinkOptions()
            options.dithering = dithering
            options.maxColors = 16
            let data = try GIFWriterTests.encode([frame], durations: [1], options: options)
            let decoded = try GIFDecoder.decode(data).frames[0].image.pixels
            let source = frame.premultipliedBytes
            var total = 0.0, count = 0
            for y in stride(from: 4, to: height - 4, by: 3) {
                for x in stride(from: 4, to: width - 4, by: 3) {
                    for channel in 0..<3 {
                        var a = 0, b = 0
                        for dy in -4...4 {
                            for dx in -4...4 {
                                let i = ((y + dy) * width + x + dx) * 4 + channel
                                a += Int(decoded[i]); b += Int(source[i])
                            }
                        }
                        total += abs(Double(a - b)) / 81
                        count += 1
                    }
                }
            }
            return total / Double(count)
        }
        let plain = try banding(dithering: false)
        let dithered = try banding(dithering: true)
        #expect(dithered < plain / 2, "plain \(plain), dithered \(dithered)")
    }

    /// 60 fps: starts at round(100 k / 60) cs = 0, 2, 3, 5, 7, 8, 10 …. Frames 2, 3, 4 start
    /// 1 cs late (4, 6, 8), frame 5 (8 cs, no room) replaces frame 4's picture, frame 6 is on
    /// time: 5 frames of 2 cs per 6 source frames — 50 frames of 2 cs, 100 cs in all, frames
    /// 0, 1, 2, 3, 5, 6, 7, 8, 9, 11 … shown.
    @Test("60 fps is written at 50 fps with 2 cs delays and the exact total")
    func sixtyFPS() throws {
        let frames = (0..<60).map { i -> Pixmap in
            var p = try! Pixmap(width: 8, height: 8)
            p.setPixel(x: i % 8, y: i / 8 % 8, to: .white)
            return p
        }
        let data = try GIFWriterTests.encode(frames, durations: Array(repeating: 1.0 / 60, count: 60))
        let gif = try GIFDecoder.decode(data)
        let delays = gif.frames.map { Int(($0.delay * 100).rounded()) }
        #expect(delays == [Int](repeating: 2, count: 50))
        let shown = (0..<60).filter { $0 % 6 != 4 }
        for (decoded, source) in zip(gif.frames, shown) {
            #expect(decoded.image.pixels == frames[source].premultipliedBytes, "source frame \(source)")
        }
    }

    @Test("delays carry their rounding error: 3 × 1/3 s is 33 + 34 + 33 cs")
    func thirds() throws {
        let frames = (0..<3).map { i -> Pixmap in
            var p = try! Pixmap(width: 4, height: 4)
            p.setPixel(x: i, y: 0, to: .white)
            return p
        }
        let data = try GIFWriterTests.encode(frames, durations: [1.0 / 3, 1.0 / 3, 1.0 / 3])
        #expect(try GIFDecoder.decode(data).frames.map { Int(($0.delay * 100).rounded()) } == [33, 34, 33])
    }

    @Test("a delay beyond 65 535 cs is split over repeated frames")
    func longDelay() throws {
        let frame = EncoderScenes.flat(0, width: 6, height: 4)
        let data = try GIFWriterTests.encode([frame], durations: [1000])
        let gif = try GIFDecoder.decode(data)
        #expect(gif.frames.map(\.delay) == [500, 500])
        #expect(gif.frames[1].image == gif.frames[0].image)
    }
}
