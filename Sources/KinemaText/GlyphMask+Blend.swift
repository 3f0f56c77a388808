// GlyphMask+Blend: a coverage mask blended in one colour into a pixmap region, four pixels a step.
// Where the processor has AVX2, runs of glyphs are blended by the C kernel instead
// (CKinemaGlyphBlend.c, through `GlyphPlacements.blend`); this loop is the path everywhere else
// and the kernel's reference (GlyphBlendKernelTests).
//
// Audited against: PackedPixel's source-over arithmetic (KinemaRaster/PackedPixel.swift), which
// the path fill uses. Status: bit for bit that arithmetic for every pixel; the picture is the
// same as blending one pixel at a time (GlyphPlacementTests, GlyphCacheTests).
//
// Per pixel, with premultiplied 8-bit channels and coverage c:
//   source = round(colour × c / 255) per channel; result = source + round(pixel × (255 − source.alpha) / 255)
// Every intermediate fits 16 bits, so a step works on four pixels as two SIMD8<UInt16> halves
// (two pixels each: one SSE register). The source's alpha is round(colour alpha × c / 255), worked
// out from the coverage in every lane instead of spread from the source's alpha lane; with an
// opaque colour it is c itself (round(255 × c / 255) = c). Coverage 0 leaves a pixel
// as it was (round(p × 255 / 255) = p), so a step may run past a span's end inside the region:
// the mask's rows carry three zero bytes of padding for that.

import CKinemaRasterSupport
import KinemaRaster

extension GlyphMask {
    /// Blends the mask in `color` (premultiplied, packed) into `region` with its origin's whole
    /// pixel at (`x`, `y`), clipped to the region.
    func blend(into region: PixmapRegion, x: Int, y: Int, color: UInt32) {
        blend(into: region, maskX: x &+ left, maskY: y &+ top, color: color)
    }

    /// `blend(into:x:y:color:)` with the mask's top-left pixel at (`maskX`, `maskY`).
    func blend(into region: PixmapRegion, maskX: Int, maskY: Int, color: UInt32) {
        Self.blend(header, into: region, maskX: maskX, maskY: maskY, color: color)
    }

    /// The mask whose storage starts at `mask` (a `GlyphMask.header`, its owner alive), blended
    /// with its top-left pixel at (`maskX`, `maskY`).
    static func blend(_ mask: UnsafePointer<kinema_glyph_mask>, into region: PixmapRegion, maskX: Int, maskY: Int,
                      color: UInt32) {
        if color >> 24 == 255 {
            blend(mask, into: region, x0: maskX, y0: maskY, color: color, opaque: true)
        } else {
            blend(mask, into: region, x0: maskX, y0: maskY, color: color, opaque: false)
        }
    }

    @inline(__always)
    private static func blend(_ mask: UnsafePointer<kinema_glyph_mask>, into region: PixmapRegion, x0: Int, y0: Int,
                              color: UInt32, opaque: Bool) {
        let width = Int(mask.pointee.width), height = Int(mask.pointee.height), stride = Int(mask.pointee.stride)
        let rowStart = max(0, -y0), rowEnd = min(height, region.height &- y0)
        guard rowStart < rowEnd else { return }
        let clipLeft = -x0, clipRight = region.width &- x0
        guard clipLeft < width, clipRight > 0 else { return }
        let lanes = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(color, to: SIMD4<UInt8>.self))
        let colorPair = SIMD8<UInt16>(lowHalf: lanes, highHalf: lanes)
        let alpha = SIMD8<UInt16>(repeating: lanes[3])
        let spans = kinema_glyph_mask_spans(mask), rows = kinema_glyph_mask_rows(mask)
        // (PixmapRegion.row is not inlined across modules: the address is worked out here.)
        let base = region.base, rowStride = region.rowStride
        // Four-pixel steps start before this column, so they end inside the region.
        let wideLimit = clipRight &- 3
        for row in rowStart..<rowEnd {
            let start = max(Int(spans[row &* 2]), clipLeft), end = min(Int(spans[row &* 2 &+ 1]), clipRight)
            guard start < end else { continue }
            let pixels = base + (y0 &+ row) &* rowStride + x0
            let line = rows + row &* stride
            var i = start
            let wideEnd = min(end, wideLimit)
            while i < wideEnd {
                let word = UnsafeRawPointer(line + i).loadUnaligned(as: UInt32.self)
                if word == 0 {
                    i &+= 4
                    continue
                }
                if opaque && word == .max {
                    (pixels + i).update(repeating: color, count: 4)
                    i &+= 4
                    continue
                }
                Self.blendFour(UnsafeMutableRawPointer(pixels + i), coverage: word, color: colorPair, alpha: alpha, opaque: opaque)
                i &+= 4
            }
            while i < end {
                let c = UInt16(line[i])
                if c != 0 { pixels[i] = Self.blendOne(pixels[i], coverage: c, color: lanes) }
                i &+= 1
            }
        }
    }

    /// Asks for the cache lines the mask's rows cover in `region` with its top-left pixel at
    /// (`x`, `y`) — a hint, issued a glyph ahead of its blend: labels land anywhere in the
    /// frame, so their rows are seldom in the core's own caches, and the blend stalled on them.
    static func prefetch(_ mask: UnsafePointer<kinema_glyph_mask>, in region: PixmapRegion, maskX x: Int, maskY y: Int) {
        let width = Int(mask.pointee.width), height = Int(mask.pointee.height)
        let x1 = min(region.width, x &+ width) &- 1
        let rowStart = max(0, y), rowEnd = min(region.height, y &+ height)
        guard max(0, x) <= x1, rowStart < rowEnd else { return }
        // The right edge only: glyphs go left to right, so the lines under a glyph's left edge are
        // mostly the previous glyph's, already fetched.
        var pixels = region.base + rowStart &* region.rowStride + x1
        for _ in rowStart..<rowEnd {
            kinema_prefetch_for_writing(pixels)
            pixels += region.rowStride
        }
    }

    /// `(v + v >> 8) >> 8` for `v = x × f + 128` (x, f ≤ 255): PackedPixel's rounded division by
    /// 255, written as the high half of `v × 257` (equal for every v below 2^16: adding the
    /// fraction `v / 256` instead of its floor cannot cross a multiple of 256), which SSE2 does in
    /// one instruction (`pmulhuw`).
    @inline(__always)
    static func divide255(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: v) &* 257) &>> 16)
    }

    /// Each of four coverage bytes (the first in the low byte) repeated over its pixel's four channels.
    @inline(__always)
    static func spread(_ coverage: UInt32) -> SIMD16<UInt8> {
        let b = unsafeBitCast(coverage, to: SIMD4<UInt8>.self)
        return SIMD16(b[0], b[0], b[0], b[0], b[1], b[1], b[1], b[1], b[2], b[2], b[2], b[2], b[3], b[3], b[3], b[3])
    }

    /// Four pixels at `address` under `coverage` (one byte a pixel, the first in the low byte).
    /// `alpha` is the colour's alpha in every lane (used when not `opaque`).
    @inline(__always)
    static func blendFour(_ address: UnsafeMutableRawPointer, coverage: UInt32, color: SIMD8<UInt16>, alpha: SIMD8<UInt16>,
                          opaque: Bool) {
        let factor = spread(coverage)
        let under = address.loadUnaligned(as: SIMD16<UInt8>.self)
        let low = blendTwo(under.lowHalf, factor: factor.lowHalf, color: color, alpha: alpha, opaque: opaque)
        let high = blendTwo(under.highHalf, factor: factor.highHalf, color: color, alpha: alpha, opaque: opaque)
        address.storeBytes(of: SIMD16(lowHalf: low, highHalf: high), as: SIMD16<UInt8>.self)
    }

    /// Two pixels' channels under their coverage (each byte spread over its pixel's four lanes).
    @inline(__always)
    static func blendTwo(_ under: SIMD8<UInt8>, factor: SIMD8<UInt8>, color: SIMD8<UInt16>, alpha: SIMD8<UInt16>,
                         opaque: Bool) -> SIMD8<UInt8> {
        let f = SIMD8<UInt16>(truncatingIfNeeded: factor)
        let source = divide255(color &* f &+ 128)
        // 255 − the source's alpha: with an opaque colour that alpha is the coverage itself.
        let remaining = opaque ? SIMD8<UInt16>(truncatingIfNeeded: ~factor) : 255 &- divide255(alpha &* f &+ 128)
        let rest = divide255(SIMD8<UInt16>(truncatingIfNeeded: under) &* remaining &+ 128)
        return SIMD8<UInt8>(truncatingIfNeeded: source &+ rest)
    }

    /// One pixel: the same arithmetic in four lanes.
    @inline(__always)
    static func blendOne(_ pixel: UInt32, coverage: UInt16, color: SIMD4<UInt16>) -> UInt32 {
        var v = color &* coverage &+ 128
        let source = (v &+ (v &>> 8)) &>> 8
        v = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self)) &* (255 &- source[3]) &+ 128
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: source &+ ((v &+ (v &>> 8)) &>> 8)), to: UInt32.self)
    }
}
