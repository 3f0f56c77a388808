// TexelSource: an image read at fixed-point coordinates, nearest or bilinear, in integer SIMD,
// for the affine image fast path (AffineImageBlitter).

/// Image coordinates walked along a span in 32.32 fixed point: an `Int64` holding the image
/// coordinate × 2^32, so `value >> 32` is the texel index (floor, also for negative values) and
/// the low 32 bits the fraction. Holds any coordinate within ±`limit` texels (2^30) with room to
/// step; one step's rounding (≤ 2^-33 texel) accumulates over at most 2^15 pixels of a span to
/// under 2^-17 texel.
enum TexelFixedPoint {
    static let fractionBits = 32
    static let one = Double(1 << fractionBits)
    /// The largest coordinate magnitude (texels) a span may reach on the fast path; beyond it
    /// (or for non-finite values) the span goes through the general shader.
    static let limit = Double(1 << 30)
    /// Bilinear weights start from this many fraction bits of each coordinate.
    static let weightBits = 12
    /// Half a weight step (2^-13 texel) in 32.32, added to a span's start so that truncating the
    /// fraction to `weightBits` rounds it to nearest.
    static let weightRounding = Int64(1) << (fractionBits - weightBits - 1)

    /// `value` (|value| < 2^31) in 32.32, rounded to nearest.
    @inline(__always)
    static func fixed(_ value: Double) -> Int64 {
        let scaled = value * one
        return Int64(scaled < 0 ? scaled - 0.5 : scaled + 0.5)
    }
}

/// A premultiplied colour, channels R, G, B, A in `Int32` lanes, each 0 ... 255 × 2^14 in
/// units of 2^-14 level: a filtered colour before its one rounding to 8 bits. Σ texel × weight
/// with weights summing to 2^14 lands here exactly, and so does a colour times a factor in
/// 0 ... 2^14 (after dropping 7 bits, a 0.008-level truncation).
typealias FineColor = SIMD4<Int32>

enum FineColorFormat {
    static let fractionBits: Int32 = 14
    static let one: Int32 = 1 << fractionBits
    static let half: Int32 = 1 << (fractionBits - 1)
    /// Alpha of an opaque colour.
    static let opaque: Int32 = 255 << fractionBits
}

/// An image's texels as the fast path reads them: nearest or bilinear at 32.32 coordinates,
/// tiled beyond the edges (as `ImageShader` tiles them).
struct TexelSource {
    /// `width × height` packed rows.
    let texels: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    let tiling: ImageTiling

    /// The texel whose square holds `(u, v)` (32.32), after tiling.
    @inline(__always)
    func nearest(_ u: Int64, _ v: Int64) -> FineColor {
        let i = Int(truncatingIfNeeded: u >> TexelFixedPoint.fractionBits)
        let j = Int(truncatingIfNeeded: v >> TexelFixedPoint.fractionBits)
        let texel: UInt32
        // Unsigned comparisons: negative indices fail too. Inside, 0 ≤ j × width + i < width ×
        // height (at most 2^28, so the wrapping arithmetic never wraps).
        if UInt(bitPattern: i) < UInt(bitPattern: width), UInt(bitPattern: j) < UInt(bitPattern: height) {
            texel = texels[j &* width &+ i]
        } else {
            texel = tiled(i, j)
        }
        return FineColor(truncatingIfNeeded: unsafeBitCast(texel, to: SIMD4<UInt8>.self)) &<< FineColorFormat.fractionBits
    }

    /// Bilinear interpolation of the four texels around `(u, v)` (32.32, texel centres at
    /// integers), unrounded.
    ///
    /// The weights (w00 + w10 + w01 + w11 = 2^14) come from 12-bit fractions: w11 is their
    /// product rounded and the others follow exactly from it, so none is negative and each is
    /// within 2^-15 of its exact share; the fractions themselves are within 2^-13 texel. So the
    /// result is within 0.05 level of exact bilinear interpolation (for neighbours 255 apart).
    @inline(__always)
    func bilinear(_ u: Int64, _ v: Int64) -> FineColor {
        let i = Int(truncatingIfNeeded: u >> TexelFixedPoint.fractionBits)
        let j = Int(truncatingIfNeeded: v >> TexelFixedPoint.fractionBits)
        let dropped = UInt32(TexelFixedPoint.fractionBits - TexelFixedPoint.weightBits)
        let wu = UInt32(truncatingIfNeeded: u) >> dropped, wv = UInt32(truncatingIfNeeded: v) >> dropped
        // Texels (i, j), (i + 1, j) as one 8-byte pair, (i, j + 1), (i + 1, j + 1) as another.
        let top: SIMD8<UInt8>, bottom: SIMD8<UInt8>
        // Unsigned comparisons: negative indices fail too. Inside, i + 1 < width and
        // j + 1 < height, so both 8-byte reads lie within the image's width × height pixels
        // (at most 2^28, so the wrapping arithmetic never wraps).
        if UInt(bitPattern: i) < UInt(bitPattern: width &- 1), UInt(bitPattern: j) < UInt(bitPattern: height &- 1) {
            let pair = UnsafeRawPointer(texels + (j &* width &+ i))
            top = pair.loadUnaligned(as: SIMD8<UInt8>.self)
            bottom = pair.loadUnaligned(fromByteOffset: width &* 4, as: SIMD8<UInt8>.self)
        } else {
            top = Self.pair(tiled(i, j), tiled(i + 1, j))
            bottom = Self.pair(tiled(i, j + 1), tiled(i + 1, j + 1))
        }
        let productBits = UInt32(2 * TexelFixedPoint.weightBits) - UInt32(FineColorFormat.fractionBits)
        let w11 = (wu &* wv &+ (1 << (productBits - 1))) >> productBits
        let scale = UInt32(FineColorFormat.fractionBits) - UInt32(TexelFixedPoint.weightBits)
        let w10 = (wu << scale) &- w11, w01 = (wv << scale) &- w11
        let w00 = UInt32(FineColorFormat.one) &- w10 &- w01 &- w11
        // The masks change nothing (every weight is ≤ 2^14); they show the optimizer that each
        // operand fits 16 signed bits, so the products pair up in SSE2's multiply-add.
        let topWeights = SIMD8<Int32>(lowHalf: SIMD4(repeating: Int32(truncatingIfNeeded: w00 & 0x7FFF)),
                                      highHalf: SIMD4(repeating: Int32(truncatingIfNeeded: w10 & 0x7FFF)))
        let bottomWeights = SIMD8<Int32>(lowHalf: SIMD4(repeating: Int32(truncatingIfNeeded: w01 & 0x7FFF)),
                                         highHalf: SIMD4(repeating: Int32(truncatingIfNeeded: w11 & 0x7FFF)))
        // Σ texel × weight per channel: at most 255 × 2^14, exact in Int32.
        let products = SIMD8<Int32>(truncatingIfNeeded: top) &* topWeights &+ SIMD8<Int32>(truncatingIfNeeded: bottom) &* bottomWeights
        return products.lowHalf &+ products.highHalf
    }

    @inline(__always)
    private static func pair(_ first: UInt32, _ second: UInt32) -> SIMD8<UInt8> {
        unsafeBitCast(UInt64(first) | UInt64(second) << 32, to: SIMD8<UInt8>.self)
    }

    /// The texel at `(i, j)` after tiling, zero outside the image for `.decal`
    /// (`|i|, |j| < 2^30 + 2`, so nothing here overflows). Out of line: only edge pixels come here.
    @inline(never)
    func tiled(_ i: Int, _ j: Int) -> UInt32 {
        var i = i, j = j
        switch tiling {
        case .decal:
            guard i >= 0, j >= 0, i < width, j < height else { return 0 }
        case .clamp:
            i = min(max(i, 0), width - 1); j = min(max(j, 0), height - 1)
        case .repeating:
            i %= width; if i < 0 { i += width }
            j %= height; if j < 0 { j += height }
        }
        return texels[j * width + i]
    }
}
