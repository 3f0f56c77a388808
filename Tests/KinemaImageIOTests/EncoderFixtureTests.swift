// Encoder outputs pinned as committed fixtures and checked against Pillow.
//
// EncoderFixtures/NAME.gif|png are what GIFWriter / APNGWriter wrote for the deterministic inputs
// below; EncoderFixtures/NAME.pillow.json is what Pillow decoded from them (frame count,
// durations, loop, an FNV-1a 64 checksum of each composited frame as premultiplied RGBA8), made by
//     ~/.cache/kinema-peers/venv/bin/python Scripts/references/check_encoders.py
// Tests: (1) re-encoding gives the committed bytes (the encoders are deterministic; a deliberate
// change re-makes the fixtures with KINEMA_UPDATE_GOLDEN=1 swift test --filter
// EncoderFixtureTests, then the script); (2) the project's decoders agree with Pillow on every
// field and every frame's checksum; (3) the decoded frames match the source frames: exactly for
// few-colour and APNG cases, within a stated mean error for quantized gradients.
import Foundation
import KinemaTestSupport
@testable import KinemaImageIO
import KinemaRaster
import Testing

@Suite("Encoder fixtures")
struct EncoderFixtureTests {
    struct Case: Sendable {
        var name: String
        var file: String
        var frames: [Pixmap]
        var durations: [Double]
        var options: FrameSinkOptions
        /// Which source frame each written frame shows.
        var shown: [Int]
        /// Mean Euclidean RGB distance allowed between a decoded frame and its source (0: exact).
        var meanError: Double
        var isGIF: Bool { file.hasSuffix(".gif") }
    }

    static let cases: [Case] = {
        var dithered = FrameSinkOptions()
        dithered.loopCount = 3
        var plain = FrameSinkOptions()
        plain.loopCount = nil
        plain.dithering = false
        let flat = (0..<8).map { EncoderScenes.flat($0) }
        let gradient = (0..<4).map { EncoderScenes.gradient($0) }
        let translucent = (0..<4).map(APNGWriterTests.translucent)
        let tenths = [Double](repeating: 0.1, count: 8)
        // Gradient durations: frames 1 and 2 both start at 5 cs and frame 2 cannot be pushed to
        // 7 cs (more than 1 cs late), so its picture replaces frame 1's (GIF only).
        let uneven = [0.05, 0.004, 0.05, 0.2]
        return [
            // Few colours: exact.
            Case(name: "gif_flat", file: "gif_flat.gif", frames: flat, durations: tenths, options: FrameSinkOptions(),
                 shown: [0, 1, 2, 4, 5, 6, 7], meanError: 0),
            // 2 920 colours spread through the RGB cube in 255 entries (≈ 6 levels an axis, so
            // ≈ 40 codes apart): mean Euclidean RGB error measured 11.9 / 10.7 / 10.2 plain and
            // 13.4 / 12.0 / 11.5 dithered (dithering trades pixel error for local averages). For
            // scale, Pillow 13's MEDIANCUT on frame 0 (255 colours, no dither) gives 11.66 and
            // MAXCOVERAGE 10.97. Bounds: 12.5 plain, 14.5 dithered.
            Case(name: "gif_gradient_dithered", file: "gif_gradient_dithered.gif", frames: gradient, durations: uneven,
                 options: dithered, shown: [0, 2, 3], meanError: 14.5),
            Case(name: "gif_gradient_plain", file: "gif_gradient_plain.gif", frames: gradient, durations: uneven,
                 options: plain, shown: [0, 2, 3], meanError: 12.5),
            Case(name: "apng_flat", file: "apng_flat.png", frames: flat, durations: tenths, options: plain,
                 shown: [0, 1, 2, 4, 5, 6, 7], meanError: 0),
            Case(name: "apng_translucent", file: "apng_translucent.png", frames: translucent,
                 durations: [1.0 / 60, 1.0 / 30, 0.04, 2.5], options: FrameSinkOptions(), shown: [0, 1, 2, 3], meanError: 0),
        ]
    }()

    static let directory = Bundle.module.url(forResource: "EncoderFixtures", withExtension: nil)!
    static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("EncoderFixtures")

    static func encode(_ c: Case) throws -> Data {
        let sink: any FrameSink = c.isGIF ? try GIFWriter(options: c.options) : try APNGWriter(options: c.options)
        for (frame, duration) in zip(c.frames, c.durations) { try sink.append(frame, duration: duration) }
        try sink.finish()
        let data = c.isGIF ? (sink as? GIFWriter)?.data : (sink as? APNGWriter)?.data
        return try #require(data)
    }

    static func fnv1a64(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    struct PillowReport: Decodable {
        var frames: Int
        var width: Int
        var height: Int
        var durations_ms: [Double]
        var loop: Int?
        var fnv1a64: [String]
    }

    @Test("re-encoding gives the committed bytes", arguments: cases.map(\.name))
    func bytesMatchFixture(_ name: String) throws {
        let c = try #require(Self.cases.first { $0.name == name })
        let data = try Self.encode(c)
        if TestEnvironment.updatesGoldens {
            try data.write(to: Self.sourceDirectory.appendingPathComponent(c.file))
        }
        let committed = try Data(contentsOf: Self.directory.appendingPathComponent(c.file))
        #expect(data == committed, "\(c.file): \(data.count) bytes encoded, \(committed.count) committed")
        #expect(committed.count < 16_384, "fixtures stay small")
    }

    @Test("the project's decoders agree with Pillow, and frames match their sources", arguments: cases.map(\.name))
    func agreesWithPillow(_ name: String) throws {
        let c = try #require(Self.cases.first { $0.name == name })
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(c.file))
        let pillow = try JSONDecoder().decode(PillowReport.self, from: Data(
            contentsOf: Self.directory.appendingPathComponent(c.name + ".pillow.json")))
        var frames: [[UInt8]]
        var durations: [Double]
        var loop: Int?
        if c.isGIF {
            let gif = try GIFDecoder.decode(data)
            frames = gif.frames.map(\.image.pixels)
            durations = gif.frames.map { ($0.delay * 1000).rounded() }
            loop = gif.loopCount
            #expect(gif.width == pillow.width && gif.height == pillow.height)
        } else {
            let apng = try APNGReader(data)
            frames = apng.composited
            durations = apng.controls.map { $0.delay * 1000 }
            loop = apng.plays
            #expect(apng.width == pillow.width && apng.height == pillow.height)
        }
        #expect(frames.count == pillow.frames)
        #expect(zip(durations, pillow.durations_ms).allSatisfy { abs($0 - $1) < 1e-6 }, "\(durations) vs \(pillow.durations_ms)")
        #expect(loop == pillow.loop)
        #expect(frames.map(Self.fnv1a64) == pillow.fnv1a64)
        #expect(frames.count == c.shown.count)
        for (decoded, source) in zip(frames, c.shown) {
            let expected = c.isGIF ? EncoderScenes.gifVisible(c.frames[source]) : c.frames[source].premultipliedBytes
            if c.meanError == 0 {
                #expect(decoded == expected, "frame showing source \(source)")
            } else {
                let error = EncoderScenes.rgbError(decoded, expected)
                #expect(error.mean <= c.meanError, "frame showing source \(source): mean \(error.mean)")
            }
        }
    }

    @Test("every file in EncoderFixtures belongs to a case")
    func inventory() throws {
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.directory.path))
        let expected = Set(Self.cases.flatMap { [$0.file, $0.name + ".pillow.json"] })
        #expect(files == expected)
    }
}
