// GIF decoding against Pillow's composited frames (exact: GIF is lossless).
import Foundation
import KinemaImageIO
import KinemaSupport
import Testing

@Suite("GIFDecoder")
struct GIFDecoderTests {
    /// GIF89a §20–23 and Appendix E, composited as browsers display: every frame of every
    /// fixture equals the reference canvas exactly; delays and the NETSCAPE2.0 loop count match.
    @Test("frames, delays and loop count match the reference",
          arguments: Fixture.names(format: "gif", kind: "animation"))
    func decodesAsReference(_ name: String) throws {
        let fixture = Fixture.named(name)
        let gif = try GIFDecoder.decode(fixture.data)
        let expectedFrames = try #require(fixture.frames)
        #expect(gif.width == fixture.width && gif.height == fixture.height)
        #expect(gif.loopCount == fixture.loopCount)
        try #require(gif.frames.count == expectedFrames.count)
        let expected = fixture.expectedPixels
        let frameBytes = gif.width * gif.height * 4
        for (n, frame) in gif.frames.enumerated() {
            #expect(frame.delay == expectedFrames[n].delay, "frame \(n) delay")
            #expect(frame.image.width == gif.width && frame.image.height == gif.height)
            #expect(frame.image.pixels == Array(expected[(n * frameBytes)..<((n + 1) * frameBytes)]),
                    "\(name) frame \(n): \(fixture.description)")
        }
    }

    @Test("browsers play delays of 0 and 1 cs as 0.1 s; the file's value stays in delay")
    func playbackDelay() throws {
        let gif = try GIFDecoder.decode(Fixture.named("gif_animated").data)
        #expect(gif.frames.map(\.delay) == [0.1, 0, 0.01, 0.25, 0.07])
        #expect(gif.frames.map(\.playbackDelay) == [0.1, 0.1, 0.1, 0.25, 0.07])
        #expect(abs(gif.duration - 0.62) < 1e-12)
    }

    @Test("the first frame alone, through GIFDecoder and the sniffing entry point")
    func firstFrame() throws {
        let fixture = Fixture.named("gif_animated")
        let all = try GIFDecoder.decode(fixture.data)
        #expect(try GIFDecoder.decodeFirstFrame(fixture.data) == all.frames[0].image)
        #expect(ImageFormat(sniffing: fixture.data) == .gif)
        #expect(try ImageDecoder.decode(fixture.data) == all.frames[0].image)
    }

    @Test("a file without its trailer keeps its frames")
    func missingTrailer() throws {
        let data = Fixture.named("gif_animated").data.dropLast()
        #expect(data.last != 0x3B)
        let (gif, diagnostics) = try KinemaDiagnostics.collecting { try GIFDecoder.decode(data) }
        #expect(gif.frames.count == 5)
        #expect(diagnostics.map(\.domain) == ["GIFDecoder"])
    }

    @Test("animation limits: frame count and total canvas pixels")
    func animationLimits() throws {
        let data = Fixture.named("gif_animated").data    // 5 frames of 20 × 16
        var limits = ImageDecodingLimits.default
        limits.maxFrames = 4
        #expect(throws: ImageIOError.animationTooLarge(frames: 5, width: 20, height: 16)) {
            try GIFDecoder.decode(data, limits: limits)
        }
        limits = .default
        limits.maxAnimationPixels = 20 * 16 * 3
        #expect(throws: ImageIOError.animationTooLarge(frames: 4, width: 20, height: 16)) {
            try GIFDecoder.decode(data, limits: limits)
        }
        #expect(try GIFDecoder.decodeFirstFrame(data, limits: limits).width == 20)
    }
}
