// CompositorPainter+CurlWarp: the per-pixel work of the "pageCurl" / "pageUnCurl" transitions —
// for each device pixel, the page points that land there (flat, folded back, on the roll) read
// from the textures and shaded, in 8-bit fixed point. The geometry and the rules are
// CompositorPainter+Curl.swift's and docs/COMPOSITOR.md's ("Curl").
//
// Performance (docs/COMPOSITOR.md, Performance; `kinema bench --filter curl`): a 1280 × 720 frame
// at 50 % takes about 6.7 ms on one thread, under its 8 ms target, since the flat back and the
// roll of rows on the device grid moved to C, four pixels a step (CKinemaCurlRow.c; 11.3 ms with
// the Swift loops below, 17.3 ms before their SIMD reads, row spans and two-pass roll). The
// Swift loops still draw every curl off the grid (rotated, scaled off whole texels, at a
// fractional position). What was tried and measured is in the commit history: Float SIMD4 arithmetic
// 28 ms (libm floor and unspecialized SIMD conversions called per sample — generic SIMD
// float-to-integer conversions still are calls, hence `truncatedPositive`), divisions and the
// scalar square root (a libm call) a few ms each. Check the generated code for calls in the
// loops (`objdump -d`): a local function that was not inlined cost 0.8 ms.

import CKinemaRasterSupport
import Foundation
import KinemaGeometry
import KinemaRaster

/// Packed premultiplied RGBA8 (`PremultipliedColor.packed`: R, G, B, A from the low byte)
/// arithmetic two channels at a time: red and blue, then green and alpha, each in a 16-bit lane
/// of a UInt32 (255 × 256 + 128 fits a lane). Every product rounds to nearest.
private enum Lanes {
    static let low: UInt32 = 0x00FF_00FF
    static let high: UInt32 = 0xFF00_FF00
    static let half: UInt32 = 0x0080_0080

    /// a × (256 − w) / 256 + b × w / 256, w in 0 … 256.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let v = 256 &- w
        let rb = (((a & low) &* v &+ (b & low) &* w &+ half) >> 8) & low
        let ga = (((a >> 8) & low) &* v &+ ((b >> 8) & low) &* w &+ half) & high
        return rb | ga
    }

    /// Source-over: top + bottom × (255 − top's alpha) / 255.
    @inline(__always)
    static func over(_ top: UInt32, _ bottom: UInt32) -> UInt32 {
        let k = 255 &- (top >> 24)
        if k == 0 { return top }
        // x × k / 255 rounded: t = x·k + 128, (t + t / 256) / 256.
        let trb = (bottom & low) &* k &+ half, tga = ((bottom >> 8) & low) &* k &+ half
        let rb = ((trb &+ ((trb >> 8) & low)) >> 8) & low
        let ga = (tga &+ ((tga >> 8) & low)) & high
        return top &+ (rb | ga)
    }
}

/// The arithmetic of `Lanes` on one pixel's four channels (R, G, B, A) in the 16-bit lanes of
/// one SSE register, for the roll and the flat back, where a pixel goes through several steps:
/// each step is a few vector instructions instead of a dozen scalar ones, and every channel is
/// rounded as `Lanes` would round it (the products fit 16 bits: 255 × 256 + 128).
private enum Wide {
    typealias Color = SIMD4<UInt16>

    @inline(__always)
    static func unpack(_ c: UInt32) -> Color { Color(truncatingIfNeeded: unsafeBitCast(c, to: SIMD4<UInt8>.self)) }

    @inline(__always)
    static func pack(_ c: Color) -> UInt32 { unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: c), to: UInt32.self) }

    /// Channel by channel × k / 256 (k ≤ 256).
    @inline(__always)
    static func scale(_ c: Color, _ k: Color) -> Color { (c &* k &+ 128) &>> 8 }

    /// Red, green and blue × k / 256, alpha unchanged.
    @inline(__always)
    static func scaleColor(_ c: Color, _ k: UInt16) -> Color { scale(c, Color(k, k, k, 256)) }

    /// `Lanes.over` (with no branch: a top of alpha 255 adds 0).
    @inline(__always)
    static func over(_ top: Color, _ bottom: Color) -> Color {
        let t = bottom &* (255 &- top.w) &+ 128
        return top &+ ((t &+ (t &>> 8)) &>> 8)
    }

    /// The page's back: colour × k1 / 256 + alpha × k2 / 256, alpha × kAlpha / 256
    /// (k1 + k2 ≤ 256, kAlpha ≤ 256).
    @inline(__always)
    static func back(_ c: Color, _ k1: UInt16, _ k2: UInt16, _ kAlpha: UInt16) -> Color {
        (c &* Color(k1, k1, k1, 0) &+ Color(repeating: c.w) &* Color(k2, k2, k2, kAlpha) &+ 128) &>> 8
    }
}

/// Reads of a transition texture, clear outside it.
private struct TexelReader {
    let base: UnsafePointer<UInt32>
    let stride: Int
    let width: Int
    let height: Int

    /// The packed texel (i, j).
    @inline(__always)
    func raw(_ i: Int, _ j: Int) -> UInt32 {
        guard i >= 0, j >= 0, i < width, j < height else { return 0 }
        return base[j &* stride &+ i]
    }

    /// The columns of `span` whose texel (column + `shift`, `row`) is in the texture (all or
    /// none when `row` is outside it; a range of `span` either way).
    @inline(__always)
    func columns(_ span: Range<Int>, shift: Int, row: Int) -> Range<Int> {
        guard row >= 0, row < height else { return span.lowerBound ..< span.lowerBound }
        let low = min(max(span.lowerBound, -shift), span.upperBound)
        return low ..< max(min(span.upperBound, width - shift), low)
    }

    /// The texel (i, j)'s address, when it is in the texture.
    @inline(__always)
    func texels(_ i: Int, _ j: Int) -> UnsafePointer<UInt32>? {
        guard i >= 0, j >= 0, i < width, j < height else { return nil }
        return base + (j &* stride &+ i)
    }

    /// Whether `count` texels from `source` are all opaque (a loop the compiler vectorizes).
    @inline(__always)
    static func allOpaque(_ source: UnsafePointer<UInt32>, count: Int) -> Bool {
        var all: UInt32 = 0xFF00_0000
        for k in 0 ..< count { all &= source[k] }
        return all >> 24 == 255
    }

    /// Where a bilinear read of the point (u, v) falls: (u − ½ + 1, v − ½ + 1) in 1/256 texel,
    /// rounded — the texel left of and above (u − ½, v − ½), plus one, in the high bits and the
    /// next texels' weights in the low 8 (`cell` splits it) — or x = −1 when the point is a texel
    /// or more outside the texture (or not a number): a clear read. The roll computes its taps
    /// in a pass of their own (see `curlPixels`).
    typealias Tap = SIMD2<Int32>

    @inline(__always)
    func tap(_ u: Double, _ v: Double) -> Tap {
        let x = u - 0.5, y = v - 0.5
        guard x > -1, y > -1, x < Double(width), y < Double(height) else { return Tap(-1, -1) }
        // (x + 1) · 256 is positive and below 2^21 (a texture is at most 4096 texels a side).
        return Tap(truncatedPositive((x + 1) * 256 + 0.5), truncatedPositive((y + 1) * 256 + 0.5))
    }

    /// `tap`'s texel and weights: nil for a clear read.
    @inline(__always)
    static func cell(_ tap: Tap) -> (Int, Int, UInt32, UInt32)? {
        guard tap.x >= 0 else { return nil }
        let fx = Int(tap.x), fy = Int(tap.y)
        return ((fx >> 8) &- 1, (fy >> 8) &- 1, UInt32(truncatingIfNeeded: fx & 0xFF), UInt32(truncatingIfNeeded: fy & 0xFF))
    }


    /// The texture at texel-space point (u, v) (texel (i, j) covers [i, i + 1) × [j, j + 1)),
    /// bilinear with weights in 1/256: exactly the texel at a texel centre.
    @inline(__always)
    func sample(_ u: Double, _ v: Double) -> UInt32 { Wide.pack(sampleWide(u, v)) }

    /// `sample(u, v)` unpacked (`Wide`).
    @inline(__always)
    func sampleWide(_ u: Double, _ v: Double) -> Wide.Color { sampleWide(tap(u, v)) }

    /// The read at `tap`, unpacked.
    @inline(__always)
    func sampleWide(_ tap: Tap) -> Wide.Color {
        guard let (i, j, wx, wy) = Self.cell(tap) else { return .zero }
        if i >= 0, j >= 0, i &+ 1 < width, j &+ 1 < height {
            // Inside: the four texels without a check each, two 8-byte loads, all four channels
            // of two texels at once in 16-bit vector lanes (SSE2: a third of the scalar lanes'
            // instructions), rounded exactly as `Lanes.mix` rounds — horizontally, then vertically.
            let p = UnsafeRawPointer(base + (j &* stride &+ i))
            let top = SIMD8<UInt16>(truncatingIfNeeded: p.loadUnaligned(as: SIMD8<UInt8>.self))
            let bottom = SIMD8<UInt16>(truncatingIfNeeded: (p + 4 &* stride).loadUnaligned(as: SIMD8<UInt8>.self))
            let left = SIMD8(lowHalf: top.lowHalf, highHalf: bottom.lowHalf)
            let right = SIMD8(lowHalf: top.highHalf, highHalf: bottom.highHalf)
            let kx = UInt16(truncatingIfNeeded: wx), ky = UInt16(truncatingIfNeeded: wy)
            let rows = (left &* (256 &- kx) &+ right &* kx &+ 128) &>> 8
            let mixed = (rows.lowHalf &* (256 &- ky) &+ rows.highHalf &* ky &+ 128) &>> 8
            return mixed
        }
        let top = Lanes.mix(raw(i, j), raw(i &+ 1, j), wx)
        let bottom = Lanes.mix(raw(i, j &+ 1), raw(i &+ 1, j &+ 1), wx)
        return Wide.unpack(Lanes.mix(top, bottom, wy))
    }
}

/// asin on [0, 1] within 2·10⁻⁸ (Abramowitz & Stegun, Handbook of Mathematical Functions,
/// 4.4.46): a square root and a polynomial instead of a libm call per pixel of the roll. Two
/// pixels at once, one in each lane of an SSE register (lane by lane the same operations as
/// one at a time, so the same results): the square root and the eight dependent steps of the
/// polynomial were a chain of 70 cycles a pixel that the CPU could not overlap enough.
@inline(__always)
private func arcsine(_ x: SIMD2<Double>) -> SIMD2<Double> {
    var p = SIMD2<Double>(repeating: -0.0012624911)
    p = p * x + 0.0066700901
    p = p * x - 0.0170881256
    p = p * x + 0.0308918810
    p = p * x - 0.0501743046
    p = p * x + 0.0889789874
    p = p * x - 0.2145988016
    p = p * x + 1.5707963050
    return Double.pi / 2 - (1 - x).squareRoot() * p
}

/// x truncated (⌊x⌋), for 0 ≤ x < 2^31 (the callers' bounds), without `Int(x)`'s range checks
/// (a handful of compares and branches each, ten conversions a pixel of the roll): x + 1.5 · 2^52
/// holds x rounded to the nearest integer in its low mantissa bits; one less when that rounded up.
/// Gives the same value as `Int32(x)` in that range.
@inline(__always)
private func truncatedPositive(_ x: Double) -> Int32 {
    let magic = 6_755_399_441_055_744.0
    let shifted = x + magic
    let rounded = Int32(truncatingIfNeeded: Int64(bitPattern: shifted.bitPattern))
    return shifted - magic > x ? rounded &- 1 : rounded
}

/// A shading factor in 1/256 (`x` = factor · 256 + ½, the factor in 0 … 1), truncated as
/// `UInt16(x)` would be; a value outside 0 … 256 (only from a factor outside 0 … 1) is clamped.
@inline(__always)
private func fraction256(_ x: Double) -> UInt16 {
    UInt16(truncatingIfNeeded: min(max(truncatedPositive(max(x, 0)), 0), 256))
}

/// Which code draws the flat back and the roll of a curl row on the device grid: the C kernels
/// (CKinemaCurlRow.c) with AVX2 where the processor has it (`fastest`, what the compositor
/// uses) or with the baseline instructions (`portable`), or the Swift loops (`swift`, which
/// every other case takes). All three give the same bytes (CurlKernelTests).
enum CurlRowPath: CaseIterable {
    case fastest, portable, swift
}

/// One pixel of the roll and its shadow, between `curlPixels`' two passes: where its three reads
/// fall and its shading factors (in 1/256).
private struct RollTap {
    /// The page at the cylinder's crest (the shadow's strength); clear outside the shadow.
    var crest = TexelReader.Tap(-1, -1)
    /// The shadow's strength per unit of the crest's alpha (0: none).
    var shadow = 0.0
    /// Whether the pixel shows the roll (coverage > 0) — the fields below are set then.
    var onRoll = false
    var coverage: UInt16 = 0
    /// The front side (the cylinder's lower half) and its light.
    var front = TexelReader.Tap(-1, -1)
    var frontLight: UInt16 = 0
    /// The back side (the upper half) and its factors (`Wide.back`'s k1, k2).
    var back = TexelReader.Tap(-1, -1)
    var backColor: UInt16 = 0
    var backAlpha: UInt16 = 0
}

extension CompositorPainter {
    /// The curl's picture for the pixels of `area` (device), written at `result`'s origin.
    ///
    /// Cost: each row is split by bisection on s into its flat, roll-and-shadow and uncovered
    /// spans, each with its own loop. Uncovered pixels and flat ones with no back above are, when
    /// the textures lie on the device grid (an unrotated layer at a whole-pixel position), one
    /// texel read — a row copy where the texels are opaque. The flat back, the roll and its shadow sample bilinearly (two 8-byte loads,
    /// mixed in 16-bit SIMD lanes) and shade in 8-bit fixed point, four channels a register
    /// (`Wide`); the roll computes its geometry for the span first, then reads and blends. On the
    /// grid the flat back and the roll go to the C kernels instead (`path`, `CurlRowPath`): the
    /// same arithmetic, four pixels a step.
    ///
    /// The pixel (x, y) of `area` is written at `origin` + (x − area.x, y − area.y) of `target`:
    /// stored, or with `blend` composited source-over what is there.
    static func curlPixels(_ curl: CurlTransition.Geometry, page: TransitionTexture, under: TransitionTexture,
                                   deviceToLayer m: PathTransform, area: PixelRect, into target: inout PixmapRegion,
                                   at origin: (x: Int, y: Int), blend: Bool, path: CurlRowPath = .fastest) {
        let n = curl.normal, r = curl.radius, offset = curl.offset
        let pi = Double.pi
        // Device pixel centre → texel point (both textures share the grid) and → s.
        let sx = page.scaleX, sy = page.scaleY, minX = Double(page.bounds.minX), minY = Double(page.bounds.minY)
        let nu = n.x * sx, nv = n.y * sy
        let ua = m.a * sx, ub = m.c * sx, uc = (m.tx - minX) * sx
        let va = m.b * sy, vb = m.d * sy, vc = (m.ty - minY) * sy
        let sa = m.a * n.x + m.b * n.y, sb = m.c * n.x + m.d * n.y, sc = m.tx * n.x + m.ty * n.y - offset
        // On the grid: the pixel centre (x + ½, y + ½) samples texel (x + du, y + dv) exactly.
        let du = uc.rounded(), dv = vc.rounded()
        let aligned = abs(ua - 1) < 1e-12 && abs(ub) < 1e-12 && abs(va) < 1e-12 && abs(vb - 1) < 1e-12
            && abs(uc - du) < 1e-9 && abs(vc - dv) < 1e-9 && abs(du) < 1e9 && abs(dv) < 1e9
        let shiftU = aligned ? Int(du) : 0, shiftV = aligned ? Int(dv) : 0
        // The coverage ramp at the silhouette: one pixel wide, in layer units.
        let ramp = max(abs(sa) + abs(sb), 1e-12)
        // Reciprocals: four divisions a pixel were a third of the roll's time.
        let perRamp = 1 / ramp, perRadius = 1 / r
        let shadowWidth = curl.shadowWidth, perShadowWidth = 1 / curl.shadowWidth
        let shadowPerAlpha = CurlTransition.shadowStrength / 255
        let frontShade = CurlTransition.frontShade, backShade = CurlTransition.backShade
        // The back's colour: rgb × weight × light × opacity + alpha × grey × (1 − weight) × light × opacity.
        let weight = CurlTransition.backImageWeight, grey = CurlTransition.backGrey, opacity = CurlTransition.backOpacity
        @inline(__always) func backFactors(light: Double) -> (UInt16, UInt16) {
            (fraction256(weight * light * opacity * 256 + 0.5), fraction256(grey * (1 - weight) * light * opacity * 256 + 0.5))
        }
        let (flatK1, flatK2) = backFactors(light: 1)
        let kOpacity = UInt16(opacity * 256 + 0.5)
        // Beyond this s nothing of the page is seen: no roll (coverage 0), no shadow.
        let uncovered = max(r + shadowWidth, r + ramp / 2)
        // The page's points exist within one texel of the texture (beyond, sampling is clear).
        let uLimit = Double(page.width) + 1, vLimit = Double(page.height) + 1

        page.image.storage.withUnsafeBufferPointer { pageBuffer in
            under.image.storage.withUnsafeBufferPointer { underBuffer in
                guard let pageBase = pageBuffer.baseAddress, let underBase = underBuffer.baseAddress else { return }
                let pageReader = TexelReader(base: pageBase, stride: page.image.width, width: page.width, height: page.height)
                let underReader = TexelReader(base: underBase, stride: under.image.width, width: under.width, height: under.height)
                // On the grid, the back's span and the roll run in C (CKinemaCurlRow.c), the same
                // arithmetic four pixels a step; `path` .swift keeps them here (the tests compare).
                let useKernels = aligned && path != .swift
                var pageTexture = kinema_curl_texture(base: pageBase, stride: Int64(page.image.width), width: Int64(page.width),
                                                      height: Int64(page.height))
                var underTexture = kinema_curl_texture(base: underBase, stride: Int64(under.image.width), width: Int64(under.width),
                                                       height: Int64(under.height))
                var rowConstants = kinema_curl_row(
                    sa: sa, s0: 0, ua: ua, u0: 0, va: va, v0: 0, nu: nu, nv: nv, r: r, per_radius: perRadius, per_ramp: perRamp,
                    shadow_width: shadowWidth, per_shadow_width: perShadowWidth, shadow_per_alpha: shadowPerAlpha,
                    front_shade: frontShade, back_shade: backShade, weight: weight, grey: grey, opacity: opacity,
                    u_limit: uLimit, v_limit: vLimit, flat_k1: flatK1, flat_k2: flatK2, k_opacity: kOpacity,
                    first_x: Int64(area.x), y: 0, shift_u: Int64(shiftU), shift_v: Int64(shiftV), blend: blend ? 1 : 0,
                    portable: path == .portable ? 1 : 0)
                withUnsafeTemporaryAllocation(of: RollTap.self, capacity: max(area.width, 1)) { taps in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: max(area.width, 1) + 1) { sines in
                for row in 0 ..< area.height {
                    let out = target.row(origin.y + row) + origin.x
                    @inline(__always) func store(_ column: Int, _ color: UInt32) {
                        out[column] = blend && color >> 24 != 255 ? Lanes.over(color, out[column]) : color
                    }
                    let y = area.y + row
                    let py = Double(y) + 0.5
                    let s0 = sb * py + sc, u0 = ub * py + uc, v0 = vb * py + vc
                    rowConstants.s0 = s0
                    rowConstants.u0 = u0
                    rowConstants.v0 = v0
                    rowConstants.y = Int64(y)
                    // s is linear along the row, so the row splits into at most three spans —
                    // flat (s ≤ 0), the roll and its shadow, uncovered (s ≥ `uncovered`) — found
                    // by bisection on the same per-pixel s as below (a rounded linear function is
                    // monotone), so each span runs its own loop without the other parts' branches.
                    @inline(__always) func sAt(_ column: Int) -> Double { sa * (Double(area.x + column) + 0.5) + s0 }
                    let flat: Range<Int>, middle: Range<Int>, open: Range<Int>
                    if sa >= 0 {
                        let a = Self.partitionPoint(area.width) { sAt($0) <= 0 }
                        let b = max(a, Self.partitionPoint(area.width) { sAt($0) < uncovered })
                        (flat, middle, open) = (0 ..< a, a ..< b, b ..< area.width)
                    } else {
                        let b = Self.partitionPoint(area.width) { sAt($0) >= uncovered }
                        let a = max(b, Self.partitionPoint(area.width) { sAt($0) > 0 })
                        (open, middle, flat) = (0 ..< b, b ..< a, a ..< area.width)
                    }
                    // Uncovered: the rendering beneath.
                    if aligned {
                        let j = y + shiftV
                        // The columns whose texels are in the texture, copied a row at a time.
                        let inside = underReader.columns(open, shift: area.x + shiftU, row: j)
                        for column in open.lowerBound ..< inside.lowerBound { store(column, underReader.raw(area.x + column + shiftU, j)) }
                        if let source = underReader.texels(inside.lowerBound + area.x + shiftU, j) {
                            Self.copyTexels(source, to: out + inside.lowerBound, count: inside.count, blend: blend)
                        }
                        for column in inside.upperBound ..< open.upperBound { store(column, underReader.raw(area.x + column + shiftU, j)) }
                    } else {
                        for column in open {
                            let px = Double(area.x + column) + 0.5
                            store(column, underReader.sample(ua * px + u0, va * px + v0))
                        }
                    }
                    // Flat: the page over the rendering beneath, and the flat back on top — the
                    // page point πR − s past the axis. The back's read point is linear along the
                    // row too; only the columns where it may fall on the page (the interval where
                    // it does, found analytically, two columns wider than any rounding could
                    // move it) test for it; the others are the page alone.
                    let backColumns = Self.columns(where: (-1, uLimit), slope: ua - 2 * nu * sa, at: u0 + nu * (pi * r - 2 * s0),
                                                   and: (-1, vLimit), slope: va - 2 * nv * sa, at: v0 + nv * (pi * r - 2 * s0),
                                                   firstX: area.x, within: flat)
                    // (The loops are written out: a local function for the page's pixel was not
                    // inlined, and its call with seven arguments was most of a pixel's time.)
                    for part in 0 ..< 2 {
                        let span = part == 0 ? flat.lowerBound ..< backColumns.lowerBound : backColumns.upperBound ..< flat.upperBound
                        if aligned {
                            let j = y + shiftV
                            // An opaque page's row is copied (checked first: one vectorized pass).
                            let inside = pageReader.columns(span, shift: area.x + shiftU, row: j)
                            if inside == span, let source = pageReader.texels(span.lowerBound + area.x + shiftU, j),
                               TexelReader.allOpaque(source, count: span.count) {
                                Self.copyTexels(source, to: out + span.lowerBound, count: span.count, blend: false)
                                continue
                            }
                            for column in span {
                                let i = area.x + column + shiftU
                                let color = pageReader.raw(i, j)
                                store(column, color >> 24 == 255 ? color : Lanes.over(color, underReader.raw(i, j)))
                            }
                        } else {
                            for column in span {
                                let px = Double(area.x + column) + 0.5
                                let u = ua * px + u0, v = va * px + v0
                                let color = pageReader.sample(u, v)
                                store(column, color >> 24 == 255 ? color : Lanes.over(color, underReader.sample(u, v)))
                            }
                        }
                    }
                    if useKernels {
                        kinema_curl_flat_back(&rowConstants, &pageTexture, &underTexture, Int64(backColumns.lowerBound),
                                              Int64(backColumns.upperBound), out)
                        kinema_curl_roll(&rowConstants, &pageTexture, &underTexture, Int64(middle.lowerBound),
                                         Int64(middle.upperBound), out)
                        continue
                    }
                    for column in backColumns {
                        let x = area.x + column
                        let px = Double(x) + 0.5
                        let s = sa * px + s0
                        let u = ua * px + u0, v = va * px + v0
                        let shift = pi * r - 2 * s
                        let bu = u + nu * shift, bv = v + nv * shift
                        let hasBack = bu > -1 && bv > -1 && bu < uLimit && bv < vLimit
                        var color = aligned ? pageReader.raw(x + shiftU, y + shiftV) : pageReader.sample(u, v)
                        if color >> 24 != 255 {
                            let beneath = aligned ? underReader.raw(x + shiftU, y + shiftV) : underReader.sample(u, v)
                            color = Lanes.over(color, beneath)
                        }
                        if hasBack {
                            let back = Wide.back(pageReader.sampleWide(pageReader.tap(bu, bv)), flatK1, flatK2, kOpacity)
                            color = Wide.pack(Wide.over(back, Wide.unpack(color)))
                        }
                        store(column, color)
                    }
                    // The roll and its shadow, in two passes: the geometry of every pixel of the
                    // span (the arcsine, the shading factors, where the three reads fall), then
                    // the reads and the compositing. One pass was one long chain of dependent
                    // steps a pixel (square root, polynomial, conversions, loads, blends), too
                    // long for the CPU to overlap two pixels; two shorter loops overlap several.
                    // The roll's sines (s / R), then their arcsines two at a time (a last odd
                    // one beside a spare 1), in place.
                    for column in middle {
                        let s = sa * (Double(area.x + column) + 0.5) + s0
                        sines[column &- middle.lowerBound] = min(min(s, r) * perRadius, 1)
                    }
                    sines[middle.count] = 1
                    for index in stride(from: 0, to: middle.count, by: 2) {
                        let angles = arcsine(SIMD2(sines[index], sines[index &+ 1]))
                        sines[index] = angles.x
                        sines[index &+ 1] = angles.y
                    }
                    for column in middle {
                        let px = Double(area.x + column) + 0.5
                        let s = sa * px + s0
                        let u = ua * px + u0, v = va * px + v0
                        var tap = RollTap()
                        if s > r, s < r + shadowWidth {
                            let crest = pi * r / 2 - s
                            tap.crest = pageReader.tap(u + nu * crest, v + nv * crest)
                            let fall = 1 - (s - r) * perShadowWidth
                            tap.shadow = shadowPerAlpha * fall * fall
                        }
                        let coverage = min(max((r - s) * perRamp + 0.5, 0), 1)
                        if coverage > 0 {
                            let sine = min(min(s, r) * perRadius, 1)
                            let angle = sines[column &- middle.lowerBound]
                            tap.onRoll = true
                            tap.coverage = fraction256(coverage * 256 + 0.5)
                            // Lower half (front side, seen inside the roll), then the upper half (back side).
                            let lower = r * angle - s, upper = r * (pi - angle) - s
                            tap.front = pageReader.tap(u + nu * lower, v + nv * lower)
                            tap.frontLight = fraction256((1 - frontShade * sine) * 256 + 0.5)
                            (tap.backColor, tap.backAlpha) = backFactors(light: 1 - backShade * sine)
                            tap.back = pageReader.tap(u + nu * upper, v + nv * upper)
                        }
                        taps[column &- middle.lowerBound] = tap
                    }
                    for column in middle {
                        let tap = taps[column &- middle.lowerBound]
                        let x = area.x + column
                        var color: Wide.Color
                        if aligned {
                            color = Wide.unpack(underReader.raw(x + shiftU, y + shiftV))
                        } else {
                            let px = Double(x) + 0.5
                            color = Wide.unpack(underReader.sample(ua * px + u0, va * px + v0))
                        }
                        // The shadow (outside it, where `shadow` is 0, the factor would be 256/256).
                        if tap.shadow != 0 {
                            color = Wide.scaleColor(color, fraction256((1 - tap.shadow * Double(pageReader.sampleWide(tap.crest).w)) * 256 + 0.5))
                        }
                        if tap.onRoll {
                            let k = Wide.Color(repeating: tap.coverage)
                            let front = Wide.scaleColor(pageReader.sampleWide(tap.front), tap.frontLight)
                            color = Wide.over(Wide.scale(front, k), color)
                            let back = Wide.back(pageReader.sampleWide(tap.back), tap.backColor, tap.backAlpha, kOpacity)
                            color = Wide.over(Wide.scale(back, k), color)
                        }
                        store(column, Wide.pack(color))
                    }
                }
                }
                }
            }
        }
    }

    /// The columns of `span` (column c's centre at x = firstX + c + ½) where the point
    /// (slopeU · x + atU, slopeV · x + atV) can lie strictly inside (u.low, u.high) × (v.low,
    /// v.high), two columns wider on each side than exactly (so that rounding in the per-pixel
    /// arithmetic cannot put a pixel inside outside the result); all of `span` when a slope
    /// is too small to divide by.
    static func columns(where u: (low: Double, high: Double), slope slopeU: Double, at atU: Double,
                        and v: (low: Double, high: Double), slope slopeV: Double, at atV: Double,
                        firstX: Int, within span: Range<Int>) -> Range<Int> {
        var low = -Double.infinity, high = Double.infinity
        for (bounds, slope, at) in [(u, slopeU, atU), (v, slopeV, atV)] {
            guard abs(slope) > 1e-6 else {
                // Nearly constant along the row: inside (give or take) everywhere or nowhere.
                let margin = 1e-6 * Double(max(span.count, 1)) * 4096 + 1e-3
                if at <= bounds.low - margin || at >= bounds.high + margin { return span.lowerBound ..< span.lowerBound }
                continue
            }
            let a = (bounds.low - at) / slope, b = (bounds.high - at) / slope
            low = max(low, min(a, b))
            high = min(high, max(a, b))
        }
        guard low < high else { return span.lowerBound ..< span.lowerBound }
        // x → column, widened, clamped (in Double, before converting) to the span.
        let first = Double(span.lowerBound), last = Double(span.upperBound)
        let lowColumn = min(max((low - 0.5 - Double(firstX)).rounded(.down) - 2, first), last)
        let highColumn = min(max((high - 0.5 - Double(firstX)).rounded(.up) + 3, lowColumn), last)
        guard lowColumn.isFinite, highColumn.isFinite else { return span }
        return Int(lowColumn) ..< Int(highColumn)
    }

    /// `count` texels from `source` written to `destination`: stored, or with `blend` composited
    /// source-over what is there — a straight copy when none needs compositing (`store`'s rule).
    @inline(__always)
    static func copyTexels(_ source: UnsafePointer<UInt32>, to destination: UnsafeMutablePointer<UInt32>, count: Int, blend: Bool) {
        guard count > 0 else { return }
        if blend, !TexelReader.allOpaque(source, count: count) {
            for k in 0 ..< count {
                let color = source[k]
                destination[k] = color >> 24 != 255 ? Lanes.over(color, destination[k]) : color
            }
            return
        }
        destination.update(from: source, count: count)
    }

    /// The number of leading columns of `0 ..< count` for which `isBefore` holds, `isBefore`
    /// holding for a prefix of them (bisection: a dozen evaluations for a 720p row).
    @inline(__always)
    static func partitionPoint(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = low + (high - low) / 2
            if isBefore(mid) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
