// PNG and JPEG writing: round trips through Kinema's own decoders, parameters, bad input.
import Foundation
import KinemaImageIO
import Testing

@Suite("Encoders")
struct EncoderTests {
    /// A premultiplied test image: gradients, a hard edge, every alpha from 0 to 255.
    static func sample(width: Int = 41, height: Int = 23, opaque: Bool = false) -> DecodedImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let a = opaque ? 255 : (x * 37 + y * 11) % 256
                let straight = [(x * 255) / max(1, width - 1), (y * 255) / max(1, height - 1), x < width / 2 ? 30 : 220]
                pixels += straight.map { UInt8(($0 * a + 127) / 255) } + [UInt8(a)]
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    @Test("PNG round trip is exact at every compression level", arguments: 0...9)
    func pngRoundTrip(_ level: Int) throws {
        let image = Self.sample()
        let data = try PNGEncoder.encode(image, compressionLevel: level)
        #expect(ImageFormat(sniffing: data) == .png)
        #expect(try PNGDecoder.decode(data) == image)
    }

    @Test("higher PNG levels do not grow the file; level 0 stores")
    func pngLevels() throws {
        let image = Self.sample(width: 128, height: 64, opaque: true)
        let stored = try PNGEncoder.encode(image, compressionLevel: 0)
        let best = try PNGEncoder.encode(image, compressionLevel: 9)
        #expect(stored.count > 128 * 64 * 3)   // RGB rows, uncompressed
        #expect(best.count < stored.count / 4)
    }

    @Test("an opaque image is written as RGB, a translucent one as RGBA")
    func pngColorType() throws {
        // IHDR's colour type byte: signature 8 + length 4 + type 4 + width 4 + height 4 + depth 1.
        #expect(try PNGEncoder.encode(Self.sample(opaque: true))[25] == 2)
        #expect(try PNGEncoder.encode(Self.sample())[25] == 6)
    }

    @Test("PNG round trip of every fixture that decodes is exact",
          arguments: Fixture.names(format: "png", kind: "still"))
    func pngFixtureRoundTrip(_ name: String) throws {
        let image = try PNGDecoder.decode(Fixture.named(name).data)
        #expect(try PNGDecoder.decode(PNGEncoder.encode(image)) == image)
    }

    /// JPEG is lossy: a smooth opaque image at quality 95 comes back within 8 per channel
    /// (libjpeg 4:2:0 chroma subsampling dominates; measured 5), at quality 50 within 32.
    @Test("JPEG round trip is within tolerance", arguments: [(95, 8), (50, 32)])
    func jpegRoundTrip(_ quality: Int, _ tolerance: Int) throws {
        var image = Self.sample(width: 64, height: 48, opaque: true)
        // Smooth: no hard edge, which chroma subsampling would smear by more.
        for i in stride(from: 2, to: image.pixels.count, by: 4) { image.pixels[i] = 128 }
        let data = try JPEGEncoder.encode(image, quality: quality)
        #expect(ImageFormat(sniffing: data) == .jpeg)
        let back = try JPEGDecoder.decode(data)
        #expect(back.width == 64 && back.height == 48)
        let difference = maxChannelDifference(back.pixels, image.pixels)
        #expect(difference <= tolerance, "JPEG round trip at quality \(quality): largest channel difference \(difference)")
    }

    @Test("JPEG quality orders file size")
    func jpegQualitySize() throws {
        let image = Self.sample(width: 96, height: 64, opaque: true)
        let sizes = try [0, 25, 75, 100].map { try JPEGEncoder.encode(image, quality: $0).count }
        #expect(sizes == sizes.sorted())
    }

    @Test("JPEG of a translucent image is the image over black")
    func jpegOverBlack() throws {
        let image = DecodedImage(width: 16, height: 16,
                                 pixels: Array(repeating: [100, 50, 0, 128] as [UInt8], count: 256).flatMap { $0 })
        let back = try JPEGDecoder.decode(JPEGEncoder.encode(image, quality: 100))
        let p = back[x: 8, y: 8]
        #expect(abs(Int(p.r) - 100) <= 2 && abs(Int(p.g) - 50) <= 2 && Int(p.b) <= 2 && p.a == 255)
    }

    @Test("bad arguments throw invalidArgument")
    func badArguments() {
        let image = Self.sample()
        func isInvalid(_ body: () throws -> Data) -> Bool {
            do {
                _ = try body()
                return false
            } catch {
                if case .invalidArgument = error as? ImageIOError { return true }
                return false
            }
        }
        #expect(isInvalid { try PNGEncoder.encode(image, compressionLevel: 10) })
        #expect(isInvalid { try PNGEncoder.encode(image, compressionLevel: -1) })
        #expect(isInvalid { try JPEGEncoder.encode(image, quality: 101) })
        #expect(isInvalid { try JPEGEncoder.encode(image, quality: -5) })
        #expect(isInvalid { try PNGEncoder.encode(DecodedImage(width: 0, height: 5)) })
        #expect(isInvalid { try JPEGEncoder.encode(DecodedImage(width: 70000, height: 1, pixels: [])) })
        #expect(isInvalid { try PNGEncoder.encode(DecodedImage(width: 4, height: 4, pixels: [1, 2, 3])) })
        #expect(isInvalid { try JPEGEncoder.encode(DecodedImage(width: 4, height: 4, pixels: [1, 2, 3])) })
    }

    @Test("un-premultiply then premultiply is the identity on valid pixels (all 32 896 pairs c ≤ a)")
    func premultiplyRoundTrip() throws {
        var pixels: [UInt8] = []
        for a in 0...255 { for c in 0...a { pixels += [UInt8(c), UInt8(a - c), UInt8(c / 2), UInt8(a)] } }
        let image = DecodedImage(width: 257, height: 128, pixels: pixels)   // 257 × 128 = 32 896
        #expect(try PNGDecoder.decode(PNGEncoder.encode(image, compressionLevel: 1)) == image)
    }
}
