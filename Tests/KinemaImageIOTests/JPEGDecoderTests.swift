// JPEG decoding against Pillow's decodes, within each fixture's stated tolerance.
import Foundation
import KinemaImageIO
import Testing

@Suite("JPEGDecoder")
struct JPEGDecoderTests {
    /// T.81 baseline and progressive, gray, YCbCr at 4:2:0 / 4:2:2 / 4:4:4, restart markers,
    /// CMYK (Adobe, inverted), and EXIF 2.32 orientations 1–8: the decode matches Pillow's
    /// (libjpeg-turbo 3.x, EXIF applied by ImageOps.exif_transpose) within the sidecar's
    /// tolerance. A failure names the largest difference (the tolerances were measured so).
    @Test("decodes as the reference", arguments: Fixture.names(format: "jpeg", kind: "still"))
    func decodesAsReference(_ name: String) throws {
        let fixture = Fixture.named(name)
        let image = try JPEGDecoder.decode(fixture.data)
        #expect(image.width == fixture.width)
        #expect(image.height == fixture.height)
        try #require(image.pixels.count == fixture.expectedPixels.count)
        let difference = maxChannelDifference(image.pixels, fixture.expectedPixels)
        #expect(difference <= fixture.tolerance,
                "\(fixture.description): largest channel difference from Pillow \(difference) (tolerance \(fixture.tolerance))")
        for i in stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[i] != 255 {
            Issue.record("JPEG pixel \(i / 4) is not opaque")
            break
        }
    }

    /// EXIF 2.32 §4.6.4: orientations 1–8 all display the same upright 24 × 16 pattern.
    @Test("every EXIF orientation shows the pattern upright", arguments: 1...8)
    func orientation(_ value: Int) throws {
        let data = Fixture.named("jpeg_exif_orientation\(value)").data
        #expect(JPEGDecoder.orientation(of: data) == EXIFOrientation(rawValue: value))
        let image = try JPEGDecoder.decode(data)
        #expect(image.width == 24 && image.height == 16)
        // Quadrant centres and the white corner square, within JPEG error of the colours drawn.
        let probes: [(x: Int, y: Int, rgb: (Int, Int, Int))] = [
            (8, 5, (220, 30, 30)), (18, 4, (30, 200, 30)), (6, 12, (30, 30, 220)), (18, 12, (230, 220, 40)),
            (1, 1, (255, 255, 255)),
        ]
        for probe in probes {
            let p = image[x: probe.x, y: probe.y]
            let off = max(abs(Int(p.r) - probe.rgb.0), abs(Int(p.g) - probe.rgb.1), abs(Int(p.b) - probe.rgb.2))
            #expect(off <= 24, "orientation \(value) at (\(probe.x), \(probe.y)): \(p)")
        }
        let stored = try JPEGDecoder.decode(data, applyingOrientation: false)
        #expect(stored.width == (value >= 5 ? 16 : 24))
    }

    @Test("big-endian EXIF is read")
    func bigEndian() {
        #expect(JPEGDecoder.orientation(of: Fixture.named("jpeg_exif_orientation6_big_endian").data) == .right)
    }

    @Test("hostile EXIF offsets are ignored, not followed", arguments: ["jpeg_exif_bad_offset", "jpeg_exif_bad_count"])
    func hostileEXIF(_ name: String) throws {
        let data = Fixture.named(name).data
        #expect(JPEGDecoder.orientation(of: data) == .up)
    }

    @Test("orientation transforms compose as the EXIF table says")
    func orientationAlgebra() {
        // A 3 × 2 image whose pixels are numbered 0…5 in their red channel.
        let source = DecodedImage(width: 3, height: 2, pixels: (0..<6).flatMap { [UInt8($0), 0, 0, 255] })
        func reds(_ image: DecodedImage) -> [UInt8] {
            stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
        }
        // Stored: 0 1 2 / 3 4 5.
        #expect(reds(EXIFOrientation.up.applied(to: source)) == [0, 1, 2, 3, 4, 5])
        #expect(reds(EXIFOrientation.upMirrored.applied(to: source)) == [2, 1, 0, 5, 4, 3])
        #expect(reds(EXIFOrientation.down.applied(to: source)) == [5, 4, 3, 2, 1, 0])
        #expect(reds(EXIFOrientation.downMirrored.applied(to: source)) == [3, 4, 5, 0, 1, 2])
        #expect(reds(EXIFOrientation.leftMirrored.applied(to: source)) == [0, 3, 1, 4, 2, 5])    // transpose
        #expect(reds(EXIFOrientation.right.applied(to: source)) == [3, 0, 4, 1, 5, 2])           // 90° clockwise
        #expect(reds(EXIFOrientation.rightMirrored.applied(to: source)) == [5, 2, 4, 1, 3, 0])   // transverse
        #expect(reds(EXIFOrientation.left.applied(to: source)) == [2, 5, 1, 4, 0, 3])            // 90° anticlockwise
        #expect(EXIFOrientation.right.applied(to: source).width == 2)
    }

    @Test("the sniffing entry point picks JPEG and applies orientation")
    func sniffed() throws {
        let data = Fixture.named("jpeg_exif_orientation8").data
        #expect(ImageFormat(sniffing: data) == .jpeg)
        #expect(try ImageDecoder.decode(data).width == 24)
    }
}
