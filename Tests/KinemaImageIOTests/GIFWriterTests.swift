// GIFWriter: round trips through the project's GIFDecoder (frames, delays, loop, transparency,
// delta frames), the LZW encoder against the decoder, timing policy, bad input.
import Foundation
@testable import KinemaImageIO
import KinemaRaster
import Testing

@Suite("GIF writer")
struct GIFWriterTests {
    static func encode(_ frames: [Pixmap], durations: [Double], options: FrameSinkOptions = FrameSinkOptions()) throws -> Data {
        let writer = try GIFWriter(options: options)
        for (frame, duration) in zip(frames, durations) { try writer.append(frame, duration: duration) }
        try writer.finish()
        return try #require(writer.data)
    }

    /// Few colours: every frame decodes exactly to the source (alpha thresholded at 128), the
    /// repeated frame 3 merges into frame 2's delay, pixels that turn transparent again do.
    @Test("flat-colour animation round-trips exactly through GIFDecoder")
    func flatRoundTrip() throws {
        let frames = (0..<8).map { EncoderScenes.flat($0) }
        let data = try Self.encode(frames, durations: Array(repeating: 0.1, count: 8))
        let gif = try GIFDecoder.decode(data)
        #expect(gif.width == 48 && gif.height == 32)
        #expect(gif.loopCount == 0)
        #expect(gif.frames.count == 7)
        #expect(gif.frames.map(\.delay) == [0.1, 0.1, 0.2, 0.1, 0.1, 0.1, 0.1])
        let shown = [0, 1, 2, 4, 5, 6, 7]
        for (decoded, source) in zip(gif.frames, shown) {
            #expect(decoded.image.pixels == EncoderScenes.gifVisible(frames[source]), "frame \(source)")
        }
    }

    @Test("delta frames: a still background costs nothing after the first frame")
    func deltaFramesAreSmall() throws {
        let first = EncoderScenes.gradient(0, width: 160, height: 120)
        var second = first
        second.setPixel(x: 80, y: 60, to: .white)
        let one = try Self.encode([first], durations: [1])
        let two = try Self.encode([first, second], durations: [1, 1])
        // The second frame is 1×1: descriptor, extension, a 2-colour table and a few LZW bytes.
        #expect(two.count - one.count < 40)
        let gif = try GIFDecoder.decode(two)
        #expect(gif.frames[1].image.pixels == gif.frames[0].image.pixels.enumerated().map { i, v in
            i / 4 == 60 * 160 + 80 ? 255 : v })
    }
}
