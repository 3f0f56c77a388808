// CompositorPainter+ShadowPlane: a shadow cast from a layer's rendered alpha — the alpha as one Float
// channel, blurred by a Gaussian, painted in the shadow colour at an offset.
//
// Audited against: CALayer.shadowPath's discussion (without a path "the layer's composited
//   alpha channel" makes the shadow), shadowRadius, shadowOffset. Status: complete.
//
// Why its own blur: a shadow is one colour, so only its alpha needs blurring — one channel
// instead of the four `PixmapRegion.gaussianBlur` blurs. The kernel is the same kind: three
// passes per axis of an "extended box" (a box of radius r whose two end taps have a weight
// 0 ≤ e ≤ 1), r and e chosen so each pass has variance σ²/3 and the three together exactly σ²,
// so the result is within a few levels of the true Gaussian (tested against the closed form in
// CompositorShadowTests). In the benchmark scene of docs/COMPOSITOR.md this halved the
// shadowed layers' cost.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaTiming
import OpenCoreGraphics

/// One pass's kernel: a box of `radius` plus end taps of weight `endWeight`.
struct ShadowKernel: Equatable {
    var radius: Int
    var endWeight: Float

    /// The kernel whose variance is `sigma² / 3`.
    init(sigma: Double) {
        let v = sigma * sigma / 3
        // Box of radius r has variance r(r+1)/3; take the largest r not above v.
        var r = max(Int(((1 + 12 * v).squareRoot() - 1) / 2), 0)
        while r > 0, Double(r * (r + 1)) / 3 > v { r -= 1 }
        while Double((r + 1) * (r + 2)) / 3 <= v { r += 1 }
        // With end weight e: variance = (r(r+1)(2r+1)/3 + 2e(r+1)²) / (2r+1+2e); solve for e.
        let rr = Double(r)
        let e = (v * (2 * rr + 1) - rr * (rr + 1) * (2 * rr + 1) / 3) / (2 * (rr + 1) * (rr + 1) - 2 * v)
        radius = r
        endWeight = Float(min(max(e, 0), 1))
    }
}

extension CompositorPainter {
    /// Fills `plane` (row-major, `width` × `height`) with the alpha of `area` of `pixmap`, 0…1.
    static func alphaPlane(_ pixmap: Pixmap, area: PixelRect, into plane: inout [Float]) {
        let count = area.width * area.height
        if plane.count < count { plane = [Float](repeating: 0, count: count) }
        let stride = pixmap.width
        pixmap.storage.withUnsafeBufferPointer { pixels in
            plane.withUnsafeMutableBufferPointer { out in
                for y in 0 ..< area.height {
                    let row = (area.y + y) * stride + area.x
                    for x in 0 ..< area.width {
                        out[y * area.width + x] = Float(pixels[row + x] >> 24) * (1 / 255)
                    }
                }
            }
        }
    }

    /// Blurs `plane` in place with a Gaussian of `sigma` pixels (zero outside).
    ///
    /// Both axes run as column passes — the window slid down the rows with one accumulator per
    /// column, eight columns at a time — the rows by transposing the plane before and after, so
    /// every inner loop runs along contiguous memory.
    func blurPlane(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        guard sigma > 0.01, width > 0, height > 0 else { return }
        let kernel = ShadowKernel(sigma: sigma)
        let count = width * height
        let needed = 2 * count + max(width, height) + 8
        if lineScratch.count < needed { lineScratch = [Float](repeating: 0, count: needed) }
        plane.withUnsafeMutableBufferPointer { p in
            lineScratch.withUnsafeMutableBufferPointer { scratch in
                guard let base = p.baseAddress, let s = scratch.baseAddress else { return }
                let copy = s, transposed = s + count, sums = s + 2 * count
                for _ in 0 ..< 3 { Self.columnPass(base, width: width, height: height, kernel, copy: copy, sums: sums) }
                Self.transpose(base, width: width, height: height, into: transposed)
                for _ in 0 ..< 3 { Self.columnPass(transposed, width: height, height: width, kernel, copy: copy, sums: sums) }
                Self.transpose(transposed, width: height, height: width, into: base)
            }
        }
    }

    /// `target` (height × width) = the transpose of `source` (width × height).
    private static func transpose(_ source: UnsafeMutablePointer<Float>, width: Int, height: Int,
                                  into target: UnsafeMutablePointer<Float>) {
        let block = 16
        var y0 = 0
        while y0 < height {
            var x0 = 0
            while x0 < width {
                for y in y0 ..< min(y0 + block, height) {
                    for x in x0 ..< min(x0 + block, width) { target[x * height + y] = source[y * width + x] }
                }
                x0 += block
            }
            y0 += block
        }
    }

    /// One extended-box pass down every column (zero beyond the first and last row); `copy`
    /// holds width × height floats, `sums` width + 8.
    private static func columnPass(_ plane: UnsafeMutablePointer<Float>, width: Int, height: Int, _ k: ShadowKernel,
                                   copy: UnsafeMutablePointer<Float>, sums: UnsafeMutablePointer<Float>) {
        copy.update(from: plane, count: width * height)
        let r = k.radius, e = k.endWeight
        let norm = 1 / (Float(2 * r + 1) + 2 * e)
        sums.update(repeating: 0, count: width)
        for j in 0 ... min(r, height - 1) { add(copy + j * width, into: sums, count: width, sign: 1) }
        for y in 0 ..< height {
            let before = y - r - 1, after = y + r + 1, leaving = y - r
            let a: UnsafeMutablePointer<Float>? = e > 0 && before >= 0 ? copy + before * width : nil
            let b: UnsafeMutablePointer<Float>? = e > 0 && after < height ? copy + after * width : nil
            emit(plane + y * width, sums: sums, a, b, e: e, norm: norm, count: width)
            if after < height { add(copy + after * width, into: sums, count: width, sign: 1) }
            if leaving >= 0 { add(copy + leaving * width, into: sums, count: width, sign: -1) }
        }
    }

    /// sums[x] += sign · row[x], eight at a time.
    @inline(__always)
    private static func add(_ row: UnsafeMutablePointer<Float>, into sums: UnsafeMutablePointer<Float>, count: Int, sign: Float) {
        let raw = UnsafeMutableRawPointer(sums), source = UnsafeRawPointer(row)
        var x = 0
        while x + 8 <= count {
            let s = raw.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
            let v = source.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
            raw.storeBytes(of: s + v * sign, toByteOffset: x * 4, as: SIMD8<Float>.self)
            x += 8
        }
        while x < count { sums[x] += row[x] * sign; x += 1 }
    }

    /// out[x] = (sums[x] + e · (a[x] + b[x])) · norm, a and b absent meaning zero rows.
    @inline(__always)
    private static func emit(_ out: UnsafeMutablePointer<Float>, sums: UnsafeMutablePointer<Float>, _ a: UnsafeMutablePointer<Float>?,
                             _ b: UnsafeMutablePointer<Float>?, e: Float, norm: Float, count: Int) {
        let o = UnsafeMutableRawPointer(out), s = UnsafeRawPointer(sums)
        var x = 0
        while x + 8 <= count {
            var v = s.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
            if let a { v += UnsafeRawPointer(a).loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self) * e }
            if let b { v += UnsafeRawPointer(b).loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self) * e }
            o.storeBytes(of: v * norm, toByteOffset: x * 4, as: SIMD8<Float>.self)
            x += 8
        }
        while x < count {
            var v = sums[x]
            if let a { v += a[x] * e }
            if let b { v += b[x] * e }
            out[x] = v * norm
            x += 1
        }
    }

    /// Paints `color` × plane × `alpha` source-over into the surface, the plane's (0, 0) at
    /// surface point (x, y). A fractional offset is applied to the plane first (a linear
    /// interpolation pass per axis, the last sample's spill into the margin dropped).
    func paintPlane(_ plane: inout [Float], width: Int, height: Int, at x: Double, _ y: Double, color: PaintColor,
                    alpha: Float, surface: inout CompositorSurface) {
        let c = color.clamped
        let a = c.alpha * min(max(alpha, 0), 1)
        // Beyond ±2³⁰ pixels the plane cannot touch the surface (and Int(x) would trap at 1e300).
        guard a > 0, abs(x) < 0x1p30, abs(y) < 0x1p30, width > 0, height > 0 else { return }
        let packed = PaintColor(red: c.red, green: c.green, blue: c.blue, alpha: a).premultiplied.packed
        let ix = Int(x.rounded(.down)), iy = Int(y.rounded(.down))
        let fx = Float(x - Double(ix)), fy = Float(y - Double(iy))
        plane.withUnsafeMutableBufferPointer { p in
            if fx > 0 {
                for row in 0 ..< height {
                    let line = row * width
                    var x = width - 1
                    while x > 0 {
                        p[line + x] = p[line + x] * (1 - fx) + p[line + x - 1] * fx
                        x -= 1
                    }
                    p[line] *= 1 - fx
                }
            }
            if fy > 0 {
                var row = height - 1
                while row > 0 {
                    for x in 0 ..< width { p[row * width + x] = p[row * width + x] * (1 - fy) + p[(row - 1) * width + x] * fy }
                    row -= 1
                }
                for x in 0 ..< width { p[x] *= 1 - fy }
            }
            let target = PixelRect(x: ix, y: iy, width: width, height: height).intersection(surface.clip)
            guard !target.isEmpty else { return }
            for py in target.minY ..< target.maxY {
                let pixels = surface.region.row(py)
                let line = (py - iy) * width - ix
                for px in target.minX ..< target.maxX {
                    let coverage = UInt32(min(max(p[line + px] * 255 + 0.5, 0), 255))
                    guard coverage > 0 else { continue }
                    pixels[px] = PackedPixel.sourceOver(packed, coverage: coverage, under: pixels[px])
                }
            }
        }
    }
}
