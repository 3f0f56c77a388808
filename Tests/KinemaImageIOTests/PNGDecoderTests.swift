// PNG decoding against Pillow's decodes (exact: PNG is lossless).
import Foundation
import KinemaImageIO
import Testing

@Suite("PNGDecoder")
struct PNGDecoderTests {
    /// PNG spec §7 (colour types, bit depths), §8.2 (Adam7), §11.3.2 (tRNS): every fixture
    /// decodes to exactly the pixels Pillow decodes (or, where Pillow is known to differ, the
    /// pixels the file was made from; see the sidecar's reference_note).
    @Test("decodes exactly as the reference", arguments: Fixture.names(format: "png", kind: "still"))
    func decodesAsReference(_ name: String) throws {
        let fixture = Fixture.named(name)
        let image = try PNGDecoder.decode(fixture.data)
        #expect(image.width == fixture.width)
        #expect(image.height == fixture.height)
        #expect(image.hasValidLayout)
        #expect(image.pixels == fixture.expectedPixels, "\(fixture.description)")
    }

    @Test("the sniffing entry point picks PNG")
    func sniffed() throws {
        let fixture = Fixture.named("png_rgba8_interlaced")
        #expect(ImageFormat(sniffing: fixture.data) == .png)
        #expect(try ImageDecoder.decode(fixture.data) == fixture.expectedImage)
    }

    @Test("premultiplied output never has a channel above its alpha")
    func premultiplied() throws {
        let image = try PNGDecoder.decode(Fixture.named("png_palette8_trns").data)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = image.pixels[i + 3]
            #expect(image.pixels[i] <= a && image.pixels[i + 1] <= a && image.pixels[i + 2] <= a)
        }
    }

    @Test("limits are applied from the header, before decoding")
    func customLimits() throws {
        let data = Fixture.named("png_rgb8").data   // 13 × 11
        var limits = ImageDecodingLimits.default
        limits.maxWidth = 12
        #expect(throws: ImageIOError.tooLarge(width: 13, height: 11)) { try PNGDecoder.decode(data, limits: limits) }
        limits = .default
        limits.maxPixels = 142
        #expect(throws: ImageIOError.tooLarge(width: 13, height: 11)) { try PNGDecoder.decode(data, limits: limits) }
        limits.maxPixels = 143
        #expect(try PNGDecoder.decode(data, limits: limits).width == 13)
    }

    @Test("a Data slice with a non-zero start index decodes")
    func dataSlice() throws {
        let fixture = Fixture.named("png_rgba8")
        let padded = Data([1, 2, 3]) + fixture.data
        let slice = padded[3...]
        #expect(try PNGDecoder.decode(slice) == fixture.expectedImage)
    }
}
