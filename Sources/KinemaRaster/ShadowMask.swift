// ShadowMask: the one shadow pipeline of CGContext and the compositor. A shadow is one colour, so
// only its alpha needs blurring: alpha plane → one-channel blur → mask blit in the shadow colour.
//
// Audited against: nothing of Apple's itself — the callers' headers say which documentation they
// follow (ContextRenderer.swift for CGContext.setShadow, CompositorPainter+Effects.swift for the
// CALayer shadow properties). Status: complete.
//
// Why one channel: `PixmapRegion.gaussianBlur` blurs four premultiplied channels, which a shadow
// does not need (every channel is the colour times the alpha). Measured on the reference scene
// drawn through CGContext (`kinema bench scene`, callgrind, per frame): its 50 shadows took 590 M
// instructions through a tinted pixmap, the four-channel blur and a bilinear composite, and take
// 76 M here; in CPU time (a loaded 2-core machine) 35 → 7 ms. The compositor's alpha shadows,
// which already blurred one channel but copied the plane before each pass, went from 222 M to
// about 100 M instructions a frame.
//
// The pipeline, each stage one pass over the plane:
//   1. `loadAlpha`: the alpha of a pixmap area as Floats 0…1.
//   2. `blur`: three extended-box passes per axis (`ShadowKernel`: variance σ²/3 each, σ² in all),
//      each a window slid down the rows with one running sum per column, eight columns at a time.
//      The rows are blurred as columns of the transposed plane (4 × 4 blocks through SIMD
//      registers). The passes ping-pong between the plane and two scratch planes, so no pass
//      copies its input first.
//   3. `paint`: the sub-pixel part of the offset, a linear interpolation per axis, is folded into
//      the blit (two rows of the plane interpolated into one, no pass of its own); coverage is
//      rounded to 8 bits and the colour blended source-over under it. Row by row in C
//      (CKinemaShadowRow.c: `kinema_shadow_row_shift`, `_mix`, `_paint`; AVX2, 8 pixels a step,
//      where the processor has it), with the same Float operations and PackedPixel.sourceOver's
//      integers exactly (ShadowRowKernelTests).
// The arithmetic — the order of every Float operation — is the compositor's before this file
// existed, so its shadows stay byte-identical.

import CKinemaRasterSupport
import KinemaSupport

/// One pass's kernel: a box of `radius` plus two end taps of weight `endWeight` (0 ≤ e ≤ 1).
///
/// A box of radius r has variance r(r+1)/3; with end weight e the variance is
/// (r(r+1)(2r+1)/3 + 2e(r+1)²) / (2r+1+2e). `init(sigma:)` takes the largest r not above σ²/3
/// and solves for e, so three passes have exactly the Gaussian's variance σ².
package struct ShadowKernel: Equatable, Sendable {
    package var radius: Int
    package var endWeight: Float

    /// The kernel whose variance is `sigma² / 3`.
    package init(sigma: Double) {
        let v = sigma * sigma / 3
        var r = max(Int(((1 + 12 * v).squareRoot() - 1) / 2), 0)
        while r > 0, Double(r * (r + 1)) / 3 > v { r -= 1 }
        while Double((r + 1) * (r + 2)) / 3 <= v { r += 1 }
        let rr = Double(r)
        let e = (v * (2 * rr + 1) - rr * (rr + 1) * (2 * rr + 1) / 3) / (2 * (rr + 1) * (rr + 1) - 2 * v)
        radius = r
        endWeight = Float(min(max(e, 0), 1))
    }
}

/// The stages of a one-colour shadow, on a row-major `Float` plane of alpha (0…1).
///
/// ```swift
/// var mask = ShadowMask()
/// guard mask.load(alphaOf: scratch, area: scratch.bounds), mask.blur(sigma: 4) else { return }
/// target.withMutableRegion { mask.paint(color: black30, at: 10.5, 20, into: $0, clip: $0.bounds) }
/// ```
/// Holds its plane and scratch between shadows, so drawing many allocates once.
/// Cost: O(1) a pixel of the plane for any σ (six running-sum passes, two transposes, one blit);
/// the blit and the blur take about half each (figures in the file header).
package struct ShadowMask {
    package private(set) var width = 0
    package private(set) var height = 0
    private var plane: [Float] = []
    private var scratch: [Float] = []

    package init() {}

    /// Makes the plane `area.width × area.height` from the alpha of `area` of `pixmap`; false
    /// (the mask left empty) when the memory for it cannot be had (`PixelMemory`).
    package mutating func load(alphaOf pixmap: Pixmap, area: PixelRect) -> Bool {
        let area = area.intersection(pixmap.bounds)
        let (w, h, stride) = (area.width, area.height, pixmap.width)
        width = 0
        height = 0
        if plane.count < w * h {
            guard PixelMemory.canAllocate(bytes: w * h * MemoryLayout<Float>.stride) else { return false }
            plane = [Float](repeating: 0, count: w * h)
        }
        width = w
        height = h
        pixmap.storage.withUnsafeBufferPointer { pixels in
            plane.withUnsafeMutableBufferPointer { out in
                guard let source = pixels.baseAddress, let target = out.baseAddress else { return }
                Self.loadAlpha(source + area.y * stride + area.x, rowStride: stride, width: w, height: h, into: target)
            }
        }
        return true
    }

    /// Blurs the plane by a Gaussian of `sigma` pixels (zero beyond its edges; what spreads out
    /// is cut off, so leave a margin of 3σ + 2). σ ≤ 0.01 leaves it unchanged. False (the plane
    /// unblurred) when the memory for the scratch planes cannot be had (`PixelMemory`).
    package mutating func blur(sigma: Double) -> Bool {
        guard sigma > 0.01, width > 0, height > 0 else { return true }
        let needed = Self.scratchCount(width: width, height: height)
        if scratch.count < needed {
            guard PixelMemory.canAllocate(bytes: needed * MemoryLayout<Float>.stride) else { return false }
            scratch = [Float](repeating: 0, count: needed)
        }
        let (w, h) = (width, height)
        plane.withUnsafeMutableBufferPointer { p in
            scratch.withUnsafeMutableBufferPointer { s in
                guard let plane = p.baseAddress, let scratch = s.baseAddress else { return }
                Self.blur(plane, width: w, height: h, sigma: sigma, scratch: scratch)
            }
        }
        return true
    }

    /// Blends `color` (premultiplied, packed) source-over into `region`, scaled by the plane,
    /// the plane's (0, 0) at region point (x, y) — see `ShadowMask.paint(_:…)`.
    package func paint(color: UInt32, at x: Double, _ y: Double, into region: PixmapRegion, clip: PixelRect) {
        guard width > 0, height > 0, plane.count >= width * height else { return }
        plane.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            Self.paint(base, width: width, height: height, color: color, at: x, y, into: region, clip: clip)
        }
    }
}

extension ShadowMask {
    /// The scratch `blur(_:…)` needs for a `width × height` plane, in `Float`s.
    package static func scratchCount(width: Int, height: Int) -> Int {
        2 * width * height + 2 * (max(width, height) + 8)
    }

    /// `plane[y · width + x] = alpha / 255` of `pixels[y · rowStride + x]`.
    package static func loadAlpha(_ pixels: UnsafePointer<UInt32>, rowStride: Int, width: Int, height: Int,
                                  into plane: UnsafeMutablePointer<Float>) {
        let scale: Float = 1 / 255
        for y in 0 ..< height {
            let row = pixels + y * rowStride, out = plane + y * width
            for x in 0 ..< width { out[x] = Float(row[x] >> 24) * scale }
        }
    }

    /// Blurs `plane` (`width × height`) in place by a Gaussian of `sigma` pixels, zero beyond its
    /// edges; `scratch` holds `scratchCount(width:height:)` Floats.
    ///
    /// Tolerance: within a few levels of 255 of the exact Gaussian (the three-box kernel has its
    /// variance exactly but a flatter top and no tail beyond 3(r+1) ≈ 3σ); tested against the
    /// closed form in CompositorShadowTests and ShadowMaskTests.
    package static func blur(_ plane: UnsafeMutablePointer<Float>, width: Int, height: Int, sigma: Double,
                             scratch: UnsafeMutablePointer<Float>) {
        guard sigma > 0.01, width > 0, height > 0 else { return }
        let kernel = ShadowKernel(sigma: sigma)
        let count = width * height
        let line = max(width, height) + 8
        let first = scratch, second = scratch + count, sums = scratch + 2 * count, zeros = sums + line
        zeros.update(repeating: 0, count: line)
        // Down the columns: plane → first → second → first.
        columnPass(from: plane, to: first, width: width, height: height, kernel, sums: sums, zeros: zeros)
        columnPass(from: first, to: second, width: width, height: height, kernel, sums: sums, zeros: zeros)
        columnPass(from: second, to: first, width: width, height: height, kernel, sums: sums, zeros: zeros)
        // Along the rows, as the columns of the transpose: first → second, then
        // second → plane → first → second, and back.
        transpose(first, width: width, height: height, into: second)
        columnPass(from: second, to: plane, width: height, height: width, kernel, sums: sums, zeros: zeros)
        columnPass(from: plane, to: first, width: height, height: width, kernel, sums: sums, zeros: zeros)
        columnPass(from: first, to: second, width: height, height: width, kernel, sums: sums, zeros: zeros)
        transpose(second, width: height, height: width, into: plane)
    }

    /// `target` (width rows of height) = the transpose of `source` (height rows of width), in
    /// 4 × 4 blocks: four rows loaded as SIMD4, rearranged in registers, stored as four rows.
    package static func transpose(_ source: UnsafePointer<Float>, width: Int, height: Int,
                                  into target: UnsafeMutablePointer<Float>) {
        let input = UnsafeRawPointer(source), output = UnsafeMutableRawPointer(target)
        var y = 0
        while y + 4 <= height {
            var x = 0
            while x + 4 <= width {
                @inline(__always) func load(_ row: Int) -> SIMD4<Float> {
                    input.loadUnaligned(fromByteOffset: ((y + row) * width + x) * 4, as: SIMD4<Float>.self)
                }
                let r0 = load(0), r1 = load(1), r2 = load(2), r3 = load(3)
                // Interleave pairs of rows, then pairs of pairs (the classic 4 × 4 transpose).
                let t0 = SIMD4(r0[0], r1[0], r0[1], r1[1]), t1 = SIMD4(r2[0], r3[0], r2[1], r3[1])
                let t2 = SIMD4(r0[2], r1[2], r0[3], r1[3]), t3 = SIMD4(r2[2], r3[2], r2[3], r3[3])
                let c0 = SIMD4(lowHalf: t0.lowHalf, highHalf: t1.lowHalf), c1 = SIMD4(lowHalf: t0.highHalf, highHalf: t1.highHalf)
                let c2 = SIMD4(lowHalf: t2.lowHalf, highHalf: t3.lowHalf), c3 = SIMD4(lowHalf: t2.highHalf, highHalf: t3.highHalf)
                output.storeBytes(of: c0, toByteOffset: (x * height + y) * 4, as: SIMD4<Float>.self)
                output.storeBytes(of: c1, toByteOffset: ((x + 1) * height + y) * 4, as: SIMD4<Float>.self)
                output.storeBytes(of: c2, toByteOffset: ((x + 2) * height + y) * 4, as: SIMD4<Float>.self)
                output.storeBytes(of: c3, toByteOffset: ((x + 3) * height + y) * 4, as: SIMD4<Float>.self)
                x += 4
            }
            for column in x ..< width {
                for row in y ..< y + 4 { target[column * height + row] = source[row * width + column] }
            }
            y += 4
        }
        for row in y ..< height {
            for x in 0 ..< width { target[x * height + row] = source[row * width + x] }
        }
    }

    /// One extended-box pass down every column of `source` (zero beyond the first and last
    /// row) into `target`; `sums` and `zeros` (all 0) hold `width + 8` Floats.
    ///
    /// Per row, one sweep: out = (sums + e · before + e · after) · norm, then sums += after,
    /// sums −= leaving — the running sum's additions in the order of a plain sliding window. A tap
    /// beyond the plane reads `zeros` (adding 0 changes no sum, so this is the arithmetic of
    /// skipping it, without a branch per tap).
    private static func columnPass(from source: UnsafePointer<Float>, to target: UnsafeMutablePointer<Float>, width: Int,
                                   height: Int, _ k: ShadowKernel, sums: UnsafeMutablePointer<Float>,
                                   zeros: UnsafePointer<Float>) {
        let r = k.radius, e = k.endWeight
        let norm = 1 / (Float(2 * r + 1) + 2 * e)
        sums.update(repeating: 0, count: width)
        for j in 0 ... min(r, height - 1) { step(nil, sums: sums, source + j * width, zeros, zeros, zeros, e: 0, norm: 1, count: width) }
        for y in 0 ..< height {
            let before = y - r - 1, after = y + r + 1, leaving = y - r
            let a = before >= 0 ? source + before * width : zeros
            let b = after < height ? source + after * width : zeros
            let gone = leaving >= 0 ? source + leaving * width : zeros
            step(target + y * width, sums: sums, b, gone, a, b, e: e, norm: norm, count: width)
        }
    }

    /// For each x: out[x] = (sums[x] + before[x] · e + after[x] · e) · norm (when `out` is given),
    /// then sums[x] = sums[x] + entering[x] − leaving[x]; eight at a time.
    @inline(__always)
    private static func step(_ out: UnsafeMutablePointer<Float>?, sums: UnsafeMutablePointer<Float>, _ entering: UnsafePointer<Float>,
                             _ leaving: UnsafePointer<Float>, _ before: UnsafePointer<Float>, _ after: UnsafePointer<Float>,
                             e: Float, norm: Float, count: Int) {
        let s = UnsafeMutableRawPointer(sums), o = out.map(UnsafeMutableRawPointer.init)
        let inRaw = UnsafeRawPointer(entering), outRaw = UnsafeRawPointer(leaving)
        let aRaw = UnsafeRawPointer(before), bRaw = UnsafeRawPointer(after)
        var x = 0
        while x + 8 <= count {
            let offset = x * 4
            let sum = s.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            if let o {
                var v = sum
                v += aRaw.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * e
                v += bRaw.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * e
                o.storeBytes(of: v * norm, toByteOffset: offset, as: SIMD8<Float>.self)
            }
            let added = sum + inRaw.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            s.storeBytes(of: added - outRaw.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self), toByteOffset: offset,
                         as: SIMD8<Float>.self)
            x += 8
        }
        while x < count {
            let sum = sums[x]
            if let out {
                var v = sum
                v += before[x] * e
                v += after[x] * e
                out[x] = v * norm
            }
            sums[x] = sum + entering[x] - leaving[x]
            x += 1
        }
    }

    /// Blends `color` (premultiplied, packed) source-over into `region`, scaled by `plane`
    /// (`width × height`) whose (0, 0) lies at region point (x, y), only inside `clip` (region
    /// coordinates).
    ///
    /// A fractional (x, y) moves the plane by linear interpolation — along x, then along y, each
    /// sample the mix of itself and its left (upper) neighbour — computed row by row as it is
    /// blitted; what would spill past the plane's last column and row is dropped (keep a margin).
    /// Coverage is the value × 255 rounded to 8 bits; zero coverage leaves a pixel untouched.
    package static func paint(_ plane: UnsafePointer<Float>, width: Int, height: Int, color: UInt32, at x: Double, _ y: Double,
                              into region: PixmapRegion, clip: PixelRect) {
        // Beyond ±2³⁰ pixels the plane cannot touch the region (and Int(x) would trap at 1e300).
        guard color >> 24 > 0, x.isFinite, y.isFinite, abs(x) < 0x1p30, abs(y) < 0x1p30, width > 0, height > 0 else { return }
        let ix = Int(x.rounded(.down)), iy = Int(y.rounded(.down))
        let fx = Float(x - Double(ix)), fy = Float(y - Double(iy))
        // Each pixel's value depends on its own position only, so the write window just cuts.
        let target = PixelRect(x: ix, y: iy, width: width, height: height).intersection(clip)
            .intersection(region.writeWindow ?? region.bounds).intersection(region.bounds)
        guard !target.isEmpty else { return }
        let x0 = target.minX - ix, span = target.width
        // Rows of the x-shifted plane (two, alternating: this one and the one above, for the y
        // shift) and the y-shifted row; without a fraction a row is the plane's own.
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * span) { rows in
            guard let rowBase = rows.baseAddress else { return }
            let mixed = rowBase + 2 * span
            @inline(__always) func shiftedRow(_ ly: Int, into out: UnsafeMutablePointer<Float>) -> UnsafePointer<Float> {
                let line = plane + ly * width
                guard fx > 0 else { return line + x0 }
                // out[i] = line[x0 + i] × (1 − fx) + line[x0 + i − 1] × fx; the plane's first
                // column has nothing to its left.
                kinema_shadow_row_shift(line + x0, out, Int64(span), fx, x0 > 0 ? 1 : 0)
                return UnsafePointer(out)
            }
            let firstRow = target.minY - iy
            var useFirst = true
            var above: UnsafePointer<Float>? = fy > 0 && firstRow > 0 ? shiftedRow(firstRow - 1, into: rowBase + span) : nil
            for py in target.minY ..< target.maxY {
                let ly = py - iy
                let row = shiftedRow(ly, into: useFirst ? rowBase : rowBase + span)
                var values = row
                if fy > 0 {
                    // mixed[i] = row[i] × (1 − fy) + above[i] × fy (row[i] × (1 − fy) alone at
                    // the plane's top).
                    kinema_shadow_row_mix(row, above, mixed, Int64(span), fy)
                    values = UnsafePointer(mixed)
                }
                kinema_shadow_row_paint(values, region.row(py) + target.minX, Int64(span), color)
                above = row
                useFirst.toggle()
            }
        }
    }
}
