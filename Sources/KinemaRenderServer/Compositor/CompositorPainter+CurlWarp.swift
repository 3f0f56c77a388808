// CompositorPainter+CurlWarp: the per-pixel work of the "pageCurl" / "pageUnCurl" transitions —
// for each device pixel, the page points that land there (flat, folded back, on the roll) read
// from the textures and shaded, in 8-bit fixed point. The geometry and the rules are
// CompositorPainter+Curl.swift's and docs/COMPOSITOR.md's ("Curl").
//
// Performance (docs/COMPOSITOR.md, Performance; `kinema bench --filter curl`): a 1280 × 720 frame
// at 50 % takes about 17 ms on one thread, over its 8 ms target; the roll (three bilinear reads
// a pixel) is most of it. What was tried and measured is in the commit history: Float SIMD4
// arithmetic 28 ms (libm floor and unspecialized SIMD conversions called per sample), divisions
// and the scalar square root (a libm call) a few ms each.

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

    /// Every channel × k / 256, k in 0 … 256.
    @inline(__always)
    static func scale(_ c: UInt32, _ k: UInt32) -> UInt32 {
        ((((c & low) &* k &+ half) >> 8) & low) | ((((c >> 8) & low) &* k &+ half) & high)
    }

    /// Red, green and blue × k / 256, alpha unchanged.
    @inline(__always)
    static func scaleColor(_ c: UInt32, _ k: UInt32) -> UInt32 {
        (scale(c, k) & 0x00FF_FFFF) | (c & 0xFF00_0000)
    }

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

    /// The page's back: colour × k1 / 256 + alpha × k2 / 256, alpha × kAlpha / 256
    /// (k1 + k2 ≤ 256, kAlpha ≤ 256).
    @inline(__always)
    static func back(_ c: UInt32, _ k1: UInt32, _ k2: UInt32, _ kAlpha: UInt32) -> UInt32 {
        let a = c >> 24
        let rb = (((c & low) &* k1 &+ (a | a << 16) &* k2 &+ half) >> 8) & low
        let g = ((((c >> 8) & 0xFF) &* k1 &+ a &* k2 &+ 128) >> 8) << 8
        return rb | g | (((a &* kAlpha &+ 128) >> 8) << 24)
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

    /// The alpha (0 … 255) of `sample(u, v)`, in the same arithmetic, one channel.
    @inline(__always)
    func alpha(_ u: Double, _ v: Double) -> Double {
        guard let (i, j, wx, wy) = Self.cell(u, v, width, height) else { return 0 }
        @inline(__always) func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 { (a &* (256 &- w) &+ b &* w &+ 128) >> 8 }
        let top = mix(raw(i, j) >> 24, raw(i &+ 1, j) >> 24, wx), bottom = mix(raw(i, j &+ 1) >> 24, raw(i &+ 1, j &+ 1) >> 24, wx)
        return Double(mix(top, bottom, wy))
    }

    /// The texels left of and above (u − ½, v − ½) and the weights of the next ones, in 1/256:
    /// the point rounded to 1/256 texel and split, one conversion per axis. Nil when the point
    /// is a texel or more outside the texture (or not a number).
    @inline(__always)
    static func cell(_ u: Double, _ v: Double, _ width: Int, _ height: Int) -> (Int, Int, UInt32, UInt32)? {
        let x = u - 0.5, y = v - 0.5
        guard x > -1, y > -1, x < Double(width), y < Double(height) else { return nil }
        // (x + 1) · 256 is positive and below 2^40: its rounded value splits into texel and weight.
        let fx = Int((x + 1) * 256 + 0.5), fy = Int((y + 1) * 256 + 0.5)
        return ((fx >> 8) &- 1, (fy >> 8) &- 1, UInt32(truncatingIfNeeded: fx & 0xFF), UInt32(truncatingIfNeeded: fy & 0xFF))
    }

    /// The texture at texel-space point (u, v) (texel (i, j) covers [i, i + 1) × [j, j + 1)),
    /// bilinear with weights in 1/256: exactly the texel at a texel centre.
    @inline(__always)
    func sample(_ u: Double, _ v: Double) -> UInt32 {
        guard let (i, j, wx, wy) = Self.cell(u, v, width, height) else { return 0 }
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
            return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: mixed), to: UInt32.self)
        }
        let top = Lanes.mix(raw(i, j), raw(i &+ 1, j), wx)
        let bottom = Lanes.mix(raw(i, j &+ 1), raw(i &+ 1, j &+ 1), wx)
        return Lanes.mix(top, bottom, wy)
    }
}

/// asin on [0, 1] within 2·10⁻⁸ (Abramowitz & Stegun, Handbook of Mathematical Functions,
/// 4.4.46): a square root and a polynomial instead of a libm call per pixel of the roll.
@inline(__always)
private func arcsine(_ x: Double) -> Double {
    var p = -0.0012624911
    p = p * x + 0.0066700901
    p = p * x - 0.0170881256
    p = p * x + 0.0308918810
    p = p * x - 0.0501743046
    p = p * x + 0.0889789874
    p = p * x - 0.2145988016
    p = p * x + 1.5707963050
    // The vector square root is one instruction; the scalar one was a libm call here.
    return Double.pi / 2 - SIMD2(repeating: 1 - x).squareRoot().x * p
}

extension CompositorPainter {
    /// The curl's picture for the pixels of `area` (device), written at `result`'s origin.
    ///
    /// Cost: per pixel, s and the texel points are a few multiply-adds; most pixels then take a
    /// fast path — uncovered (the rendering beneath), or flat with no back above (the page) —
    /// which, when the textures lie on the device grid (an unrotated layer at a whole-pixel
    /// position), is one texel read. The roll, its shadow and the flat back sample and shade in
    /// 8-bit fixed point, two channels per lane (`Lanes`); in Float they took 40 ns a pixel.
    ///
    /// The pixel (x, y) of `area` is written at `origin` + (x − area.x, y − area.y) of `target`:
    /// stored, or with `blend` composited source-over what is there.
    static func curlPixels(_ curl: CurlTransition.Geometry, page: TransitionTexture, under: TransitionTexture,
                                   deviceToLayer m: PathTransform, area: PixelRect, into target: inout PixmapRegion,
                                   at origin: (x: Int, y: Int), blend: Bool) {
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
        @inline(__always) func backFactors(light: Double) -> (UInt32, UInt32) {
            (UInt32(weight * light * opacity * 256 + 0.5), UInt32(grey * (1 - weight) * light * opacity * 256 + 0.5))
        }
        let (flatK1, flatK2) = backFactors(light: 1)
        let kOpacity = UInt32(opacity * 256 + 0.5)
        // Beyond this s nothing of the page is seen: no roll (coverage 0), no shadow.
        let uncovered = max(r + shadowWidth, r + ramp / 2)
        // The page's points exist within one texel of the texture (beyond, sampling is clear).
        let uLimit = Double(page.width) + 1, vLimit = Double(page.height) + 1

        page.image.storage.withUnsafeBufferPointer { pageBuffer in
            under.image.storage.withUnsafeBufferPointer { underBuffer in
                guard let pageBase = pageBuffer.baseAddress, let underBase = underBuffer.baseAddress else { return }
                let pageReader = TexelReader(base: pageBase, stride: page.image.width, width: page.width, height: page.height)
                let underReader = TexelReader(base: underBase, stride: under.image.width, width: under.width, height: under.height)
                for row in 0 ..< area.height {
                    let out = target.row(origin.y + row) + origin.x
                    @inline(__always) func store(_ column: Int, _ color: UInt32) {
                        out[column] = blend && color >> 24 != 255 ? Lanes.over(color, out[column]) : color
                    }
                    let y = area.y + row
                    let py = Double(y) + 0.5
                    let s0 = sb * py + sc, u0 = ub * py + uc, v0 = vb * py + vc
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
                        for column in open { store(column, underReader.raw(area.x + column + shiftU, j)) }
                    } else {
                        for column in open {
                            let px = Double(area.x + column) + 0.5
                            store(column, underReader.sample(ua * px + u0, va * px + v0))
                        }
                    }
                    // Flat: the page over the rendering beneath, and the flat back on top — the
                    // page point πR − s past the axis.
                    for column in flat {
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
                            color = Lanes.over(Lanes.back(pageReader.sample(bu, bv), flatK1, flatK2, kOpacity), color)
                        }
                        store(column, color)
                    }
                    // The roll and its shadow.
                    for column in middle {
                        let x = area.x + column
                        let px = Double(x) + 0.5
                        let s = sa * px + s0
                        let u = ua * px + u0, v = va * px + v0
                        var color = aligned ? underReader.raw(x + shiftU, y + shiftV) : underReader.sample(u, v)
                        if s > r, s < r + shadowWidth {
                            let crest = pi * r / 2 - s
                            let a = pageReader.alpha(u + nu * crest, v + nv * crest)
                            let fall = 1 - (s - r) * perShadowWidth
                            color = Lanes.scaleColor(color, UInt32((1 - shadowPerAlpha * fall * fall * a) * 256 + 0.5))
                        }
                        let coverage = min(max((r - s) * perRamp + 0.5, 0), 1)
                        if coverage > 0 {
                            let sine = min(min(s, r) * perRadius, 1)
                            let angle = arcsine(sine)
                            let k = UInt32(coverage * 256 + 0.5)
                            // Lower half (front side, seen inside the roll), then the upper half (back side).
                            let lower = r * angle - s, upper = r * (pi - angle) - s
                            let front = pageReader.sample(u + nu * lower, v + nv * lower)
                            color = Lanes.over(Lanes.scale(Lanes.scaleColor(front, UInt32((1 - frontShade * sine) * 256 + 0.5)), k), color)
                            let (k1, k2) = backFactors(light: 1 - backShade * sine)
                            let back = Lanes.back(pageReader.sample(u + nu * upper, v + nv * upper), k1, k2, kOpacity)
                            color = Lanes.over(Lanes.scale(back, k), color)
                        }
                        store(column, color)
                    }
                }
            }
        }
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
