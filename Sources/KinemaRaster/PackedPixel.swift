// PackedPixel: 8-bit premultiplied arithmetic on whole pixels held in one UInt32.

/// Arithmetic on a pixel packed as `R | G << 8 | B << 16 | A << 24`, two channels per 32-bit
/// multiply: red and blue sit in the `0x00FF00FF` lanes, green and alpha (shifted down 8) in the
/// same lanes, each lane 16 bits wide so a product of two bytes never reaches the next lane.
///
/// Division by 255 is exact with rounding: for `v = x × f + 128` (x, f ≤ 255),
/// `(v + (v >> 8)) >> 8 == round(x × f / 255)`, and `v + (v >> 8)` stays below 2^16.
package enum PackedPixel {
    static let lanes: UInt32 = 0x00FF_00FF
    static let half: UInt32 = 0x0080_0080

    /// Every channel of `pixel` times `factor / 255`, rounded to nearest (`factor` 0 ... 255).
    @inline(__always)
    package static func scale(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
        var redBlue = (pixel & lanes) &* factor &+ half
        redBlue = ((redBlue &+ ((redBlue >> 8) & lanes)) >> 8) & lanes
        var greenAlpha = ((pixel >> 8) & lanes) &* factor &+ half
        greenAlpha = (greenAlpha &+ ((greenAlpha >> 8) & lanes)) & ~lanes
        return redBlue | greenAlpha
    }

    /// Porter-Duff source-over of premultiplied pixels: `source + destination × (1 − αs)`.
    @inline(__always)
    package static func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        source &+ scale(destination, by: 255 &- (source >> 24))
    }

    /// `a × b / 255` rounded, for coverage and alpha bytes.
    @inline(__always)
    package static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        let v = UInt32(a) &* UInt32(b) &+ 128
        return UInt8(truncatingIfNeeded: (v &+ (v >> 8)) >> 8)
    }
}

extension PackedPixel {
    /// `pixels[i] = source + scale(pixels[i], by: remaining)` for `count` pixels: source-over of
    /// one premultiplied colour whose alpha is `255 − remaining`. Bit for bit the same as the
    /// scalar `scale`, four pixels per step in 16-bit lanes (every intermediate of `scale` fits
    /// 16 bits: `x × f + 128 ≤ 65153`, plus its high byte ≤ 65407), so SSE2 multiplies eight
    /// channels at a time.
    @inline(__always)
    package static func sourceOver(_ source: UInt32, remaining: UInt32, into pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        let raw = UnsafeMutableRawPointer(pixels)
        let factor = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: remaining))
        let sourceBytes = unsafeBitCast(SIMD4<UInt32>(repeating: source), to: SIMD16<UInt8>.self)
        // (SIMD8 halves: the optimizer inlines their conversions, not SIMD16's.)
        @inline(__always)
        func scaled(_ channels: SIMD8<UInt8>) -> SIMD8<UInt8> {
            let v = SIMD8<UInt16>(truncatingIfNeeded: channels) &* factor &+ 128
            return SIMD8<UInt8>(truncatingIfNeeded: (v &+ (v &>> 8)) &>> 8)
        }
        var i = 0
        // Pixels i ..< i + 4 lie inside 0 ..< count.
        while i &+ 4 <= count {
            let offset = i &* 4
            let under = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            let result = SIMD16(lowHalf: scaled(under.lowHalf), highHalf: scaled(under.highHalf))
            // The sum of two bytes of a valid source-over stays ≤ 255 per channel, as in the
            // scalar path (a wrapping add, so no carry crosses channels).
            raw.storeBytes(of: result &+ sourceBytes, toByteOffset: offset, as: SIMD16<UInt8>.self)
            i &+= 4
        }
        // The last one to three pixels, one at a time in 16-bit lanes.
        let narrowFactor = SIMD4<UInt16>(repeating: UInt16(truncatingIfNeeded: remaining))
        let sourceLanes = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(source, to: SIMD4<UInt8>.self))
        while i < count {
            let v = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(pixels[i], to: SIMD4<UInt8>.self)) &* narrowFactor &+ 128
            let result = ((v &+ (v &>> 8)) &>> 8) &+ sourceLanes
            pixels[i] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: result), to: UInt32.self)
            i &+= 1
        }
    }
}

extension PackedPixel {
    /// `sourceOver(scale(color, by: coverage), pixel)` for one pixel — an edge pixel of a solid
    /// fill — in 16-bit lanes (a handful of SSE2 instructions instead of four packed multiply
    /// pairs); bit for bit the same, every intermediate fitting 16 bits as in the span version.
    /// Inlinable, so other modules' blitters (KinemaText's glyph masks) inline it too.
    @inlinable @inline(__always)
    package static func sourceOver(_ color: UInt32, coverage: UInt32, under pixel: UInt32) -> UInt32 {
        @inline(__always)
        func scaled(_ channels: UInt32, _ factor: SIMD4<UInt16>) -> SIMD4<UInt16> {
            let v = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(channels, to: SIMD4<UInt8>.self)) &* factor &+ 128
            return (v &+ (v &>> 8)) &>> 8
        }
        let source = scaled(color, SIMD4(repeating: UInt16(truncatingIfNeeded: coverage)))
        let under = scaled(pixel, SIMD4(repeating: 255 &- source.w))
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: source &+ under), to: UInt32.self)
    }
}
