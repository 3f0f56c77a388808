// APNGWriter: structure (acTL count, fcTL/fdAT sequence numbers, CRCs, regions), exact round trip
// through an independent APNG compositor (APNGReader), delta frames and blend ops, delays.
import Foundation
@testable import KinemaImageIO
import KinemaRaster
import Testing

@Suite("APNG writer")
struct APNGWriterTests {
    static func encode(_ frames: [Pixmap], durations: [Double], options: FrameSinkOptions = FrameSinkOptions()) throws -> Data {
        let writer = try APNGWriter(options: options)
        for (frame, duration) in zip(frames, durations) { try writer.append(frame, duration: duration) }
        try writer.finish()
        return try #require(writer.data)
    }

    /// Translucent pixels too: a gradient whose alpha varies, with a moving opaque bar.
    static func translucent(_ index: Int) -> Pixmap {
        var p = try! Pixmap(width: 32, height: 24)
        for y in 0..<24 {
            for x in 0..<32 {
                let a = (x * 8 + y * 3 + index * 40) % 256
                let straight = [x * 255 / 31, y * 255 / 23, 128].map { UInt8(($0 * a + 127) / 255) }
                p.setPixel(x: x, y: y, to: PremultipliedColor(red: straight[0], green: straight[1], blue: straight[2],
                                                              alpha: UInt8(a)))
            }
        }
        for y in 4..<8 { for x in (index * 4)..<(index * 4 + 6) { p.setPixel(x: x, y: y, to: .white) } }
        return p
    }

    @Test("frames round-trip exactly; identical frames merge; the structure is valid")
    func roundTrip() throws {
        let frames = (0..<8).map { EncoderScenes.flat($0) }
        var options = FrameSinkOptions()
        options.loopCount = nil
        let data = try Self.encode(frames, durations: Array(repeating: 0.1, count: 8), options: options)
        let apng = try APNGReader(data)
        #expect(apng.width == 48 && apng.height == 32)
        #expect(apng.plays == 1)
        #expect(apng.controls.count == 7)
        #expect(apng.controls.map { "\($0.numerator)/\($0.denominator)" } == ["1/10", "1/10", "1/5", "1/10", "1/10", "1/10", "1/10"])
        #expect(Array(apng.chunkTypes.prefix(4)) == ["IHDR", "acTL", "fcTL", "IDAT"])
        let shown = [0, 1, 2, 4, 5, 6, 7]
        for (canvas, source) in zip(apng.composited, shown) {
            #expect(canvas == frames[source].premultipliedBytes, "frame \(source)")
        }
        // Delta frames: after the first, each covers only the square's old and new place, with
        // OVER while the square moves over opaque bands and SOURCE where it uncovers transparency.
        #expect(apng.controls.dropFirst().allSatisfy { $0.width <= 12 && $0.height == 6 })
        #expect(apng.controls.map(\.blend) == [0, 0, 0, 0, 0, 1, 1])
        #expect(apng.controls.allSatisfy { $0.dispose == 0 })
    }

    @Test("translucent frames round-trip exactly")
    func translucentRoundTrip() throws {
        let frames = (0..<4).map(Self.translucent)
        let data = try Self.encode(frames, durations: [1.0 / 60, 1.0 / 30, 0.04, 2.5])
        let apng = try APNGReader(data)
        #expect(apng.plays == 0)
        #expect(apng.controls.map { "\($0.numerator)/\($0.denominator)" } == ["1/60", "1/30", "1/25", "5/2"])
        for (canvas, frame) in zip(apng.composited, frames) { #expect(canvas == frame.premultipliedBytes) }
    }

    /// Best approximation with denominators ≤ N = 65 535: |x − p/q| < 1/(q·N) (Dirichlet).
    @Test("nearest fractions: exact for simple rates, within 1/(q·65535) otherwise")
    func fractions() {
        #expect(APNGEncoderCore.fraction(1.0 / 60) == (1, 60))
        #expect(APNGEncoderCore.fraction(1001.0 / 30000) == (1001, 30000))
        #expect(APNGEncoderCore.fraction(65_535) == (65_535, 1))
        let (p, q) = APNGEncoderCore.fraction(0.123456789)
        #expect(abs(Double(p) / Double(q) - 0.123456789) < 1 / (Double(q) * 65_535))
    }

    @Test("a delay beyond 65 535 s continues on a frame that changes nothing")
    func longDelay() throws {
        let data = try Self.encode([EncoderScenes.flat(0)], durations: [70_000])
        let apng = try APNGReader(data)
        #expect(apng.controls.map(\.numerator) == [65_535, 4_465])
        #expect(apng.composited[1] == apng.composited[0])
    }
}
