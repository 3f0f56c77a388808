// Blitting: source-over arithmetic, global alpha, regions, rectangle clips and clip masks.
import KinemaSupport
import KinemaGeometry
import Testing
@testable import KinemaRaster

@Suite("Blitting and clipping")
struct BlitterTests {
    @Test("packed arithmetic equals rounded per-channel maths for every byte pair")
    func packedScale() {
        for x in 0 ... 255 {
            for f in stride(from: 0, through: 255, by: 3) {
                let expected = UInt32((Double(x * f) / 255).rounded())
                let pixel = UInt32(x) * 0x0101_0101
                #expect(PackedPixel.scale(pixel, by: UInt32(f)) == expected * 0x0101_0101)
            }
        }
    }

    @Test("the four-pixel source-over span equals the scalar packed arithmetic bit for bit")
    func spanSourceOver() {
        var state: UInt64 = 0x5EED
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        for count in 0 ... 13 {
            for alpha in [0, 1, 2, 127, 128, 204, 254] as [UInt32] {
                // A valid premultiplied source of that alpha; any backdrop bytes, valid or not.
                let source = PremultipliedColor(red: UInt8(next() % (alpha + 1)), green: UInt8(next() % (alpha + 1)),
                                                blue: UInt8(next() % (alpha + 1)), alpha: UInt8(alpha)).packed
                let backdrop = (0 ..< count).map { _ in next() }
                var pixels = backdrop
                pixels.withUnsafeMutableBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    PackedPixel.sourceOver(source, remaining: 255 - alpha, into: base, count: count)
                }
                #expect(pixels == backdrop.map { PackedPixel.sourceOver(source, $0) }, "count \(count), alpha \(alpha)")
            }
        }
    }

    @Test("the one-pixel source-over under coverage equals the scalar packed arithmetic bit for bit")
    func pixelSourceOver() {
        var state: UInt64 = 0xC0FFEE
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        for coverage in 0 ... 255 as ClosedRange<UInt32> {
            for _ in 0 ..< 16 {
                let alpha = next() % 256
                let color = PremultipliedColor(red: UInt8(next() % (alpha + 1)), green: UInt8(next() % (alpha + 1)),
                                               blue: UInt8(next() % (alpha + 1)), alpha: UInt8(alpha)).packed
                let pixel = next()  // any bytes, valid or not
                let expected = PackedPixel.sourceOver(PackedPixel.scale(color, by: coverage), pixel)
                #expect(PackedPixel.sourceOver(color, coverage: coverage, under: pixel) == expected)
            }
        }
    }

    @Test("source-over: opaque replaces, translucent blends, transparent is a no-op")
    func sourceOver() throws {
        var pixmap = try Pixmap(width: 4, height: 1)
        pixmap.fill(PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
        var square = RasterPath()
        square.addRect(x: 0, y: 0, width: 1, height: 1)
        pixmap.fill(square, color: PaintColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(pixmap.pixel(x: 0, y: 0) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        var second = RasterPath()
        second.addRect(x: 1, y: 0, width: 1, height: 1)
        pixmap.fill(second, color: PaintColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        // 128 + 255 × (1 − 128/255) = 128 + 127
        #expect(pixmap.pixel(x: 1, y: 0) == PremultipliedColor(red: 128, green: 0, blue: 127, alpha: 255))
        var third = RasterPath()
        third.addRect(x: 2, y: 0, width: 1, height: 1)
        pixmap.fill(third, color: .white, alpha: 0)
        #expect(pixmap.pixel(x: 2, y: 0) == PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
        let (_, diagnostics) = KinemaDiagnostics.collecting { pixmap.fill(third, color: .white, alpha: .nan) }
        #expect(diagnostics.count == 1)
        #expect(pixmap.pixel(x: 2, y: 0) == PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test("global alpha multiplies the colour's alpha")
    func globalAlpha() throws {
        var pixmap = try Pixmap(width: 2, height: 2)
        var path = RasterPath()
        path.addRect(x: 0, y: 0, width: 2, height: 2)
        pixmap.fill(path, color: PaintColor(red: 1, green: 1, blue: 1, alpha: 0.5), alpha: 0.5)
        #expect(pixmap.pixel(x: 1, y: 1) == PremultipliedColor(red: 64, green: 64, blue: 64, alpha: 64))
    }

    @Test("a fill into a region uses local coordinates and stays inside it")
    func regionFill() throws {
        var pixmap = try Pixmap(width: 16, height: 16)
        var path = RasterPath()
        path.addRect(x: -5, y: -5, width: 100, height: 100)
        var converter = ScanConverter()
        pixmap.withMutableRegion(PixelRect(x: 4, y: 6, width: 3, height: 2)) { region in
            region.fill(path, color: .white, using: &converter)
        }
        var covered = 0
        for y in 0 ..< 16 {
            for x in 0 ..< 16 where pixmap.pixel(x: x, y: y) == .white { covered += 1 }
        }
        #expect(covered == 6)
        #expect(pixmap.pixel(x: 4, y: 6) == .white && pixmap.pixel(x: 6, y: 7) == .white)
    }

    @Test("a rectangle clip keeps exactly its pixels")
    func rectClip() throws {
        var pixmap = try Pixmap(width: 16, height: 16)
        var path = RasterPath()
        path.addRect(x: 0, y: 0, width: 16, height: 16)
        pixmap.fill(path, color: .white, clip: .rect(PixelRect(x: 3, y: 4, width: 5, height: 6)))
        let count = pixmap.storage.filter { $0 == PremultipliedColor.white.packed }.count
        #expect(count == 30)
        #expect(pixmap.pixel(x: 3, y: 4) == .white && pixmap.pixel(x: 8, y: 4) == .transparent)
        pixmap.fill(path, color: .black, clip: .rect(PixelRect(x: 100, y: 0, width: 5, height: 5)))
        #expect(!pixmap.storage.contains(PremultipliedColor.black.packed))
    }

    @Test("mask intersections multiply coverage and track bounds")
    func maskIntersection() throws {
        var mask = try ClipMask(width: 16, height: 16)
        #expect(mask.bounds == PixelRect(width: 16, height: 16))
        var converter = ScanConverter()
        var left = RasterPath()
        left.addRect(x: 2, y: 2, width: 8.5, height: 10)
        mask.intersect(left, using: &converter)
        #expect(mask.bounds == PixelRect(x: 2, y: 2, width: 9, height: 10))
        #expect(mask.coverage(x: 10, y: 5) == 128)
        #expect(mask.coverage(x: 1, y: 5) == 0 && mask.coverage(x: 5, y: 12) == 0)
        var right = RasterPath()
        right.addRect(x: 10, y: 0, width: 6, height: 16)
        mask.intersect(right, using: &converter)
        #expect(mask.bounds == PixelRect(x: 10, y: 2, width: 1, height: 10))
        #expect(mask.coverage(x: 10, y: 5) == 128)
        #expect(mask.coverage(x: 9, y: 5) == 0)
        mask.intersect(PixelRect(x: 0, y: 0, width: 16, height: 4))
        #expect(mask.bounds == PixelRect(x: 10, y: 2, width: 1, height: 2))
        #expect(mask.coverage(x: 10, y: 5) == 0)
        var far = RasterPath()
        far.addRect(x: 100, y: 100, width: 3, height: 3)
        mask.intersect(far, using: &converter)
        #expect(mask.isEmpty)
        #expect(mask.coverage(x: 10, y: 2) == 0)
        #expect(throws: PixmapError.invalidSize(width: 0, height: 4)) { try ClipMask(width: 0, height: 4) }
    }

    @Test("a fill under a mask scales each pixel by the mask's coverage")
    func maskedFill() throws {
        var mask = try ClipMask(width: 8, height: 1)
        var converter = ScanConverter()
        var half = RasterPath()
        half.addRect(x: 0, y: 0, width: 4.5, height: 1)
        mask.intersect(half, using: &converter)
        var pixmap = try Pixmap(width: 8, height: 1)
        var all = RasterPath()
        all.addRect(x: 0, y: 0, width: 8, height: 1)
        pixmap.fill(all, color: .white, clip: .mask(mask), using: &converter)
        #expect(pixmap.pixel(x: 3, y: 0) == .white)
        #expect(pixmap.pixel(x: 4, y: 0)?.alpha == 128)
        #expect(pixmap.pixel(x: 5, y: 0) == .transparent)
    }
}
