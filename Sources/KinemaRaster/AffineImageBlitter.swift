// AffineImageBlitter: the fast path for an image pattern under an affine transform, drawn
// source-over: fixed-point span walking, integer bilinear filtering and blending, each span
// composited by the C kernel (CKinemaImageSpan.c: AVX2 where available) or the Swift walk below.
import CKinemaRasterSupport

/// Composites an affinely transformed image source-over, the common case of drawing an image
/// (CGContext.draw, a layer's contents). The general path (`ShadedBlitter<ImageShader>`) spends
/// about 490 instructions a pixel on a Double inverse mapping and Float filtering and blending;
/// the Swift walk below about 60, the AVX2 kernel about 20 (see the module notes in
/// KinemaRaster.swift for the measured figures).
///
/// Per span: the centre of its first pixel is mapped back to image coordinates once in
/// `Double`, then each pixel steps by the transform's constant `(du, dv)` in 32.32 fixed point
/// (`TexelFixedPoint`). The image is read by `TexelSource` (bilinear: two 8-byte reads where all
/// four texels lie inside the image, weights summing to 2^14 in one multiply-add) into a
/// `FineColor`, kept unrounded through blending: coverage × global alpha (a factor in units of
/// 2^-14 per span) scales it, source-over adds the backdrop times `1 − α` in the same units, and
/// the result is rounded to 8 bits once, colours limited to alpha — the order of the general
/// path's Float arithmetic. An opaque colour under full coverage is a plain store.
///
/// Each span is composited by one of three kernels computing the same integers
/// (`AffineImageKernel`): C with AVX2, 8 pixels a step (chosen at run time where the processor
/// has it), C one pixel at a time (elsewhere), or the Swift walk of this file, kept as the
/// reference the C kernels are tested against byte for byte (`ImageSpanKernelTests`). So pixels
/// are the same on every machine, whichever kernel draws them.
///
/// Tolerance against the general path (checked on random transforms by `ImageFastPathTests`):
/// every intermediate is within 0.1 level of the Float value, so results differ only where the
/// Float value lies within that of a rounding boundary, and then by one level. (Nearest
/// sampling: a pixel centre within 2^-17 texel of a texel's edge may take its neighbour, as
/// either path's rounding decides.)
struct AffineImageBlitter: CoverageSink {
    let base: UnsafeMutablePointer<UInt32>
    let rowStride: Int
    let image: TexelSource
    let sampling: ImageSampling
    /// Image coordinate of a device point `(px, py)`: `u = ux·px + uy·py + u0` (and `v` alike),
    /// already shifted by −½ texel for bilinear sampling (texel centres at integers).
    let ux, uy, u0: Double
    let vx, vy, v0: Double
    /// One device pixel to the right, in 32.32.
    let du, dv: Int64
    let alpha: Float
    /// Spans whose coordinates leave the fixed-point range go through the general path.
    let fallback: ShadedBlitter<ImageShader>
    let kernel: AffineImageKernel
    /// `image.tiling` as the C kernel names it.
    let tilingCode: Int32

    /// Nil unless the pattern's inverse is affine (`m31 = m32 = 0`, `m33 > 0`, all finite) and
    /// its steps fit the fixed point; the caller then uses the general path.
    init?(fallback: ShadedBlitter<ImageShader>, alpha: Float, kernel: AffineImageKernel = .automatic) {
        let shader = fallback.shader, t = shader.inverse
        guard t.m31 == 0, t.m32 == 0, t.m33 > 0, t.m33.isFinite else { return nil }
        let s = 1 / t.m33
        let shift = shader.sampling == .bilinear ? -0.5 : 0
        (ux, uy, u0) = (t.m11 * s, t.m12 * s, t.m13 * s + shift)
        (vx, vy, v0) = (t.m21 * s, t.m22 * s, t.m23 * s + shift)
        // NaN fails the comparisons too; the other four are checked per span.
        guard abs(ux) < TexelFixedPoint.limit, abs(vx) < TexelFixedPoint.limit else { return nil }
        du = TexelFixedPoint.fixed(ux)
        dv = TexelFixedPoint.fixed(vx)
        base = fallback.base
        rowStride = fallback.rowStride
        image = TexelSource(texels: shader.pixels, width: shader.width, height: shader.height, tiling: shader.tiling)
        sampling = shader.sampling
        self.alpha = alpha
        self.fallback = fallback
        self.kernel = kernel
        switch shader.tiling {
        case .decal: tilingCode = KINEMA_TILING_DECAL
        case .clamp: tilingCode = KINEMA_TILING_CLAMP
        case .repeating: tilingCode = KINEMA_TILING_REPEAT
        }
    }

    @inline(__always)
    func prefetch(y: Int, x: Int, count: Int) { Prefetch.forWriting(base + y * rowStride, x: x, count: count) }

    func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        // Coverage × global alpha in units of 2^-14, once per span.
        let one = FineColorFormat.one
        let factor = coverage == 255 && alpha == 1 ? one : Int32(Float(coverage) * alpha * (Float(one) / 255) + 0.5)
        guard factor > 0 else { return }
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let uStart = ux * px + uy * py + u0, vStart = vx * px + vy * py + v0
        let last = Double(count - 1)
        let uEnd = uStart + ux * last, vEnd = vStart + vx * last
        // The walk is linear, so both ends inside the range put every pixel between inside it.
        // (NaN fails these comparisons too.)
        let limit = TexelFixedPoint.limit
        guard abs(uStart) < limit, abs(vStart) < limit, abs(uEnd) < limit, abs(vEnd) < limit else {
            fallback.blendRun(y: y, x: x, count: count, coverage: coverage)
            return
        }
        var u = TexelFixedPoint.fixed(uStart), v = TexelFixedPoint.fixed(vStart)
        if sampling == .bilinear {
            u &+= TexelFixedPoint.weightRounding
            v &+= TexelFixedPoint.weightRounding
        }
        var span = kinema_image_span(destination: base + (y * rowStride + x), texels: image.texels, count: Int64(count),
                                     u: u, v: v, du: du, dv: dv, width: Int64(image.width), height: Int64(image.height),
                                     factor: factor, tiling: tilingCode, bilinear: sampling == .bilinear ? 1 : 0)
        switch kernel {
        case .avx2: _ = kinema_image_span_blend_avx2(&span)
        case .portableC: _ = kinema_image_span_blend_portable(&span)
        case .swift: Self.walk(span, image: image, sampling: sampling)
        }
    }

    /// The Swift kernel: composites `span` (its image is `image`) one pixel at a time.
    static func walk(_ span: kinema_image_span, image: TexelSource, sampling: ImageSampling) {
        let factor = span.factor
        let walk = Span(destination: span.destination, count: Int(span.count), u: span.u, v: span.v, du: span.du, dv: span.dv)
        switch (sampling, factor == FineColorFormat.one) {
        case (.bilinear, true): walk.walk(image.bilinear) { color, pixel in Self.composite(color, into: pixel) }
        case (.bilinear, false): walk.walk(image.bilinear) { color, pixel in Self.composite(color, factor: factor, into: pixel) }
        case (.nearest, true): walk.walk(image.nearest) { color, pixel in Self.composite(color, into: pixel) }
        case (.nearest, false): walk.walk(image.nearest) { color, pixel in Self.composite(color, factor: factor, into: pixel) }
        }
    }

    /// One span's pixels and its image coordinates in 32.32, copied out of the blitter so the
    /// loop keeps them in registers.
    private struct Span {
        let destination: UnsafeMutablePointer<UInt32>
        let count: Int
        let u, v, du, dv: Int64

        @inline(__always)
        func walk(_ sample: (Int64, Int64) -> FineColor, _ composite: (FineColor, UnsafeMutablePointer<UInt32>) -> Void) {
            var u = u, v = v
            for i in 0 ..< count {
                composite(sample(u, v), destination + i)
                u &+= du; v &+= dv
            }
        }
    }

    // MARK: Compositing

    /// Source-over of `color` at full coverage; an opaque colour is a plain store.
    @inline(__always)
    private static func composite(_ color: FineColor, into pixel: UnsafeMutablePointer<UInt32>) {
        if color.w == FineColorFormat.opaque {
            // Every channel ≤ 255 × 2^14, so rounded they are bytes, none above the alpha of 255.
            let rounded = (color &+ FineColorFormat.half) &>> FineColorFormat.fractionBits
            pixel.pointee = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: rounded), to: UInt32.self)
        } else {
            pixel.pointee = over(color, pixel.pointee)
        }
    }

    /// Source-over of `color` times `factor` (coverage × global alpha, 0 ... 2^14).
    @inline(__always)
    private static func composite(_ color: FineColor, factor: Int32, into pixel: UnsafeMutablePointer<UInt32>) {
        // 7 bits dropped first so the product fits: ≤ 255 × 2^7 × 2^14 < 2^29.
        let scaled = ((color &>> 7) &* factor &+ (1 << 6)) &>> 7
        pixel.pointee = over(scaled, pixel.pointee)
    }

    /// `color + backdrop × (1 − α)`, rounded once to a packed pixel, each colour lowered to the
    /// alpha (as the general path's `pack` does, and so that images or backdrops that break the
    /// premultiplied invariant still give bytes).
    @inline(__always)
    private static func over(_ color: FineColor, _ backdrop: UInt32) -> UInt32 {
        // 1 − α in units of 2^-14 (0 ... 2^14), within half a unit; masked to show the
        // optimizer it fits 16 bits (the mask changes nothing).
        let remaining = (FineColorFormat.one &- Int32(truncatingIfNeeded: (UInt32(truncatingIfNeeded: color.w) &+ 127) / 255)) & 0x7FFF
        let under = FineColor(truncatingIfNeeded: unsafeBitCast(backdrop, to: SIMD4<UInt8>.self))
        // Each lane ≤ 255 × 2^14 × 2 < 2^31.
        let result = (color &+ under &* remaining &+ FineColorFormat.half) &>> FineColorFormat.fractionBits
        let alpha = FineColor(repeating: result.w)
        let excess = result &- alpha  // > 0 only for a colour above alpha
        let limited = alpha &+ (excess & (excess &>> 31))
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: limited), to: UInt32.self)
    }
}

/// Which code composites the affine image fast path's spans. All three give the same integers
/// (`ImageSpanKernelTests` compares every byte on random drawings and spans), so the choice is
/// speed only.
enum AffineImageKernel: Sendable {
    /// C, 8 pixels a step in AVX2 (CKinemaImageSpan.c); the portable C kernel where the processor
    /// or the OS lacks AVX2.
    case avx2
    /// C, one pixel at a time.
    case portableC
    /// The Swift walk of AffineImageBlitter, one pixel at a time: the reference.
    case swift

    /// The fastest kernel: `.avx2`, which is the portable C kernel where AVX2 is missing (on this
    /// project's machine, raster.image.bilinear: AVX2 17.2 ms, portable C 30.1, the Swift walk
    /// 33.1, one run). The environment variable `KINEMA_IMAGE_KERNEL` (`swift`, `portable`,
    /// `avx2`), read once, overrides it, so one build can time each kernel.
    static let automatic: AffineImageKernel = {
        switch kinema_image_span_kernel_override() {
        case 1: return .swift
        case 2: return .portableC
        default: return .avx2
        }
    }()
}
