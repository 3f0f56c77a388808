// Pixmap, PixmapRegion and the colour types: storage, value semantics, size limits.
import KinemaSupport
import KinemaGeometry
import Testing
@testable import KinemaRaster

@Suite("Pixmap")
struct PixmapTests {
    @Test("a new pixmap is transparent black with packed rows")
    func newPixmap() throws {
        let pixmap = try Pixmap(width: 3, height: 2)
        #expect(pixmap.rowStride == 3)
        #expect(pixmap.bytesPerRow == 12)
        #expect(pixmap.premultipliedBytes == [UInt8](repeating: 0, count: 24))
        #expect(pixmap.pixel(x: 2, y: 1) == .transparent)
        #expect(pixmap.pixel(x: 3, y: 0) == nil)
        #expect(pixmap.pixel(x: -1, y: 0) == nil)
    }

    @Test("bytes are R, G, B, A in memory order")
    func byteOrder() throws {
        var pixmap = try Pixmap(width: 2, height: 1)
        pixmap.setPixel(x: 1, y: 0, to: PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 40))
        #expect(pixmap.premultipliedBytes == [0, 0, 0, 0, 10, 20, 30, 40])
        let copy = try Pixmap(width: 2, height: 1, premultipliedBytes: pixmap.premultipliedBytes)
        #expect(copy == pixmap)
    }

    @Test("bad sizes throw before allocating", arguments: [
        (0, 10), (10, 0), (-5, 5), (32_769, 1), (1, Int.max), (Int.min, 1),
    ])
    func badSizes(width: Int, height: Int) {
        #expect(throws: PixmapError.invalidSize(width: width, height: height)) {
            try Pixmap(width: width, height: height)
        }
    }

    @Test("more than 2^28 pixels throws")
    func tooManyPixels() {
        #expect(throws: PixmapError.tooManyPixels(width: 32_768, height: 8193)) {
            try Pixmap(width: 32_768, height: 8193)
        }
        #expect(throws: PixmapError.byteCountMismatch(expected: 16, actual: 3)) {
            try Pixmap(width: 2, height: 2, premultipliedBytes: [1, 2, 3])
        }
    }

    @Test("copies are independent (copy-on-write)")
    func valueSemantics() throws {
        var a = try Pixmap(width: 4, height: 4)
        a.fill(.white)
        var b = a
        b.setPixel(x: 0, y: 0, to: .black)
        #expect(a.pixel(x: 0, y: 0) == .white)
        #expect(b.pixel(x: 0, y: 0) == .black)
        let c = a
        a.withMutableRegion { $0.clear() }
        #expect(c.pixel(x: 3, y: 3) == .white)
        #expect(a.pixel(x: 3, y: 3) == .transparent)
    }

    @Test("a region has local coordinates, the pixmap's stride, and is clipped to the pixmap")
    func region() throws {
        var pixmap = try Pixmap(width: 8, height: 6)
        pixmap.withMutableRegion(PixelRect(x: 5, y: 4, width: 10, height: 10)) { region in
            #expect(region.frame == PixelRect(x: 5, y: 4, width: 3, height: 2))
            #expect(region.rowStride == 8)
            region.fill(.white)
            region.setPixel(x: 0, y: 0, to: .black)
            region.setPixel(x: 3, y: 0, to: .black)  // outside: ignored
            #expect(region.pixel(x: 0, y: 0) == .black)
            #expect(region.pixel(x: 3, y: 0) == nil)
        }
        #expect(pixmap.pixel(x: 5, y: 4) == .black)
        #expect(pixmap.pixel(x: 7, y: 5) == .white)
        #expect(pixmap.pixel(x: 4, y: 4) == .transparent)
        #expect(pixmap.pixel(x: 5, y: 3) == .transparent)
        // An empty region (outside the pixmap) runs the body with nothing to touch.
        let size = pixmap.withMutableRegion(PixelRect(x: 100, y: 0, width: 5, height: 5)) { region in
            region.fill(.black)
            return region.width * region.height
        }
        #expect(size == 0)
    }

    @Test("copy of a rectangle and a region's copy(from:)")
    func copyRect() throws {
        var pixmap = try Pixmap(width: 4, height: 4)
        for y in 0 ..< 4 {
            for x in 0 ..< 4 { pixmap.setPixel(x: x, y: y, to: PremultipliedColor(red: UInt8(x), green: UInt8(y), blue: 0, alpha: 255)) }
        }
        let part = try #require(pixmap.copy(PixelRect(x: 2, y: 1, width: 5, height: 2)))
        #expect(part.width == 2 && part.height == 2)
        #expect(part.pixel(x: 1, y: 1) == PremultipliedColor(red: 3, green: 2, blue: 0, alpha: 255))
        #expect(pixmap.copy(PixelRect(x: 9, y: 9, width: 2, height: 2)) == nil)
        var target = try Pixmap(width: 3, height: 3)
        target.withMutableRegion { $0.copy(from: part, toX: 2, y: -1) }
        #expect(target.pixel(x: 2, y: 0) == PremultipliedColor(red: 2, green: 2, blue: 0, alpha: 255))
        #expect(target.pixel(x: 1, y: 0) == .transparent)
        let out = target.withMutableRegion(PixelRect(x: 2, y: 0, width: 1, height: 1)) { $0.makePixmap() }
        #expect(out?.pixel(x: 0, y: 0) == PremultipliedColor(red: 2, green: 2, blue: 0, alpha: 255))
    }

    @Test("PaintColor premultiplies with rounding and clamps bad components")
    func paintColor() {
        #expect(PaintColor(red: 1, green: 0.5, blue: 0, alpha: 0.8).premultiplied
            == PremultipliedColor(red: 204, green: 102, blue: 0, alpha: 204))
        #expect(PaintColor(red: 2, green: -1, blue: 0.5, alpha: 1).premultiplied
            == PremultipliedColor(red: 255, green: 0, blue: 128, alpha: 255))
        let (color, diagnostics) = KinemaDiagnostics.collecting {
            PaintColor(red: .nan, green: 1, blue: 1, alpha: 1).premultiplied
        }
        #expect(color == PremultipliedColor(red: 0, green: 255, blue: 255, alpha: 255))
        #expect(diagnostics.count == 1)
        // The premultiplied invariant holds whatever the initializer is given.
        #expect(PremultipliedColor(red: 200, green: 9, blue: 0, alpha: 100).red == 100)
        #expect(PremultipliedColor(red: 128, green: 0, blue: 0, alpha: 128).packed == 0x8000_0080)
    }

    @Test("a background composited under a rectangle: each pixel by the 8-bit formula (opaque runs skipped), outside untouched")
    func compositeOverInRect() throws {
        var random = SplitMix64(state: 7)
        var pixmap = try Pixmap(width: 37, height: 5)
        for y in 0 ..< 5 {
            for x in 0 ..< 37 {
                // Runs of opaque pixels (the skipped case) between translucent and clear ones.
                let alpha: UInt8 = x % 11 < 9 ? 255 : UInt8(truncatingIfNeeded: random.next() % 255)
                pixmap.setPixel(x: x, y: y, to: PremultipliedColor(red: UInt8(truncatingIfNeeded: random.next()) , green: 9,
                                                                   blue: UInt8(truncatingIfNeeded: random.next()), alpha: alpha))
            }
        }
        let before = pixmap
        let background = PremultipliedColor(red: 200, green: 100, blue: 50, alpha: 255)
        let rect = PixelRect(x: 3, y: 1, width: 30, height: 3)
        pixmap.composite(over: background, in: rect)
        func expected(_ p: PremultipliedColor) -> PremultipliedColor {
            let rest = 255 - Int(p.alpha)
            func channel(_ over: UInt8, _ under: UInt8) -> UInt8 {
                let product = Int(under) * rest + 128
                return UInt8(min(255, Int(over) + (product + (product >> 8)) >> 8))
            }
            return PremultipliedColor(red: channel(p.red, background.red), green: channel(p.green, background.green),
                                      blue: channel(p.blue, background.blue), alpha: channel(p.alpha, background.alpha))
        }
        for y in 0 ..< 5 {
            for x in 0 ..< 37 {
                let old = try #require(before.pixel(x: x, y: y))
                let want = rect.contains(x: x, y: y) ? expected(old) : old
                #expect(pixmap.pixel(x: x, y: y) == want, "(\(x), \(y))")
            }
        }
        // The whole-pixmap form is the same over every pixel.
        var whole = before
        whole.composite(over: background)
        var inRect = before
        inRect.composite(over: background, in: PixelRect(width: 37, height: 5))
        #expect(whole == inRect)
    }
}
