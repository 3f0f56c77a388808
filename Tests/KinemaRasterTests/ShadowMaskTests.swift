// ShadowMask, the one-channel shadow pipeline: exactness against the compositor's pipeline as it was
// before it moved here (written out plainly below: a copy of the plane per pass, a scalar
// transpose, the sub-pixel shift as two in-place passes), closeness to the true Gaussian, the
// sub-pixel shift, the clip.
import Foundation
import Testing
@testable import KinemaRaster

/// The compositor's shadow pipeline as it stood before `ShadowMask` (CompositorPainter+ShadowPlane,
/// commit 7d0861d), scalar and with its copies: the reference the new one must match bit for bit.
private enum ReferencePipeline {
    static func blur(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        let k = ShadowKernel(sigma: sigma)
        for _ in 0 ..< 3 { columnPass(&plane, width: width, height: height, k) }
        var transposed = [Float](repeating: 0, count: width * height)
        for y in 0 ..< height { for x in 0 ..< width { transposed[x * height + y] = plane[y * width + x] } }
        for _ in 0 ..< 3 { columnPass(&transposed, width: height, height: width, k) }
        for y in 0 ..< height { for x in 0 ..< width { plane[y * width + x] = transposed[x * height + y] } }
    }

    static func columnPass(_ plane: inout [Float], width: Int, height: Int, _ k: ShadowKernel) {
        let copy = plane
        let r = k.radius, e = k.endWeight
        let norm = 1 / (Float(2 * r + 1) + 2 * e)
        var sums = [Float](repeating: 0, count: width)
        for j in 0 ... min(r, height - 1) { for x in 0 ..< width { sums[x] = sums[x] + copy[j * width + x] * 1 } }
        for y in 0 ..< height {
            let before = y - r - 1, after = y + r + 1, leaving = y - r
            for x in 0 ..< width {
                var v = sums[x]
                if e > 0 && before >= 0 { v += copy[before * width + x] * e }
                if e > 0 && after < height { v += copy[after * width + x] * e }
                plane[y * width + x] = v * norm
            }
            if after < height { for x in 0 ..< width { sums[x] = sums[x] + copy[after * width + x] * 1 } }
            if leaving >= 0 { for x in 0 ..< width { sums[x] = sums[x] + copy[leaving * width + x] * -1 } }
        }
    }

    static func paint(_ p: inout [Float], width: Int, height: Int, color: UInt32, at x: Double, _ y: Double, into pixmap: inout Pixmap) {
        let ix = Int(x.rounded(.down)), iy = Int(y.rounded(.down))
        let fx = Float(x - Double(ix)), fy = Float(y - Double(iy))
        if fx > 0 {
            for row in 0 ..< height {
                let line = row * width
                var x = width - 1
                while x > 0 { p[line + x] = p[line + x] * (1 - fx) + p[line + x - 1] * fx; x -= 1 }
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
        let target = PixelRect(x: ix, y: iy, width: width, height: height).intersection(pixmap.bounds)
        for py in target.minY ..< target.maxY {
            for px in target.minX ..< target.maxX {
                let coverage = UInt32(min(max(p[(py - iy) * width + px - ix] * 255 + 0.5, 0), 255))
                guard coverage > 0 else { continue }
                let i = py * pixmap.width + px
                pixmap.storage[i] = PackedPixel.sourceOver(color, coverage: coverage, under: pixmap.storage[i])
            }
        }
    }
}

/// A deterministic plane of alpha: a few blocks and a ramp, values 0…1 in 1/255 steps.
private func samplePixmap(width: Int, height: Int) throws -> Pixmap {
    var pixmap = try Pixmap(width: width, height: height)
    for y in 0 ..< height {
        for x in 0 ..< width {
            let inBlock = (x / 7 + y / 5) % 3 == 0 && x > 2 && y > 2 && x < width - 3 && y < height - 3
            let alpha = inBlock ? UInt32((x * 37 + y * 11) % 256) : 0
            pixmap.storage[y * width + x] = alpha << 24
        }
    }
    return pixmap
}

@Suite("Shadow mask")
struct ShadowMaskTests {
    @Test("blur and paint match the compositor's former pipeline bit for bit",
          arguments: [(33, 21, 4.0, 10.25, 7.5), (8, 8, 0.6, 0, 0), (45, 17, 2.5, 3.75, 0), (19, 40, 12, 0, 2.125),
                      (64, 48, 4, -5.5, -3.3)])
    func matchesFormerPipeline(width: Int, height: Int, sigma: Double, x: Double, y: Double) throws {
        let source = try samplePixmap(width: width, height: height)
        let background = PremultipliedColor(red: 40, green: 90, blue: 160, alpha: 255)
        let color = PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 77).packed

        var mask = ShadowMask()
        let made = mask.load(alphaOf: source, area: source.bounds) && mask.blur(sigma: sigma)
        #expect(made)
        var actual = try Pixmap(width: 80, height: 64)
        actual.fill(background)
        actual.withMutableRegion { mask.paint(color: color, at: x, y, into: $0, clip: $0.bounds) }

        var plane = source.storage.map { Float($0 >> 24) * (1 / 255) }
        ReferencePipeline.blur(&plane, width: width, height: height, sigma: sigma)
        var expected = try Pixmap(width: 80, height: 64)
        expected.fill(background)
        ReferencePipeline.paint(&plane, width: width, height: height, color: color, at: x, y, into: &expected)

        #expect(actual.storage == expected.storage)
        #expect(actual.storage.contains { $0 != background.packed }, "the shadow drew something")
    }

    @Test("the blur of a square is within 4 levels of the exact Gaussian's (closed form)")
    func closeToGaussian() throws {
        let size = 64, sigma = 4.0
        var source = try Pixmap(width: size, height: size)
        source.withMutableRegion(PixelRect(x: 20, y: 24, width: 20, height: 16)) { $0.fill(PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)) }
        var mask = ShadowMask()
        let made = mask.load(alphaOf: source, area: source.bounds) && mask.blur(sigma: sigma)
        #expect(made)
        var out = try Pixmap(width: size, height: size)
        out.withMutableRegion { mask.paint(color: 0xFF00_0000, at: 0, 0, into: $0, clip: $0.bounds) }
        func phi(_ t: Double) -> Double { 0.5 * (1 + erf(t / (sigma * 2.0.squareRoot()))) }
        func along(_ c: Double, _ lo: Double, _ hi: Double) -> Double { phi(hi - c) - phi(lo - c) }
        var worst = 0.0
        for y in 0 ..< size {
            for x in 0 ..< size {
                let exact = along(Double(x) + 0.5, 20, 40) * along(Double(y) + 0.5, 24, 40) * 255
                worst = max(worst, abs(Double(out.pixel(x: x, y: y)?.alpha ?? 0) - exact))
            }
        }
        #expect(worst <= 4, "largest difference \(worst) levels")
    }

    @Test("a fractional offset splits a sample between its two pixels; the clip stops the blit")
    func subPixelShiftAndClip() throws {
        var mask = ShadowMask()
        var source = try Pixmap(width: 4, height: 4)
        source.storage[1 * 4 + 1] = 0xFF00_0000
        let loaded = mask.load(alphaOf: source, area: source.bounds)
        #expect(loaded)
        var out = try Pixmap(width: 12, height: 12)
        out.withMutableRegion { mask.paint(color: 0xFF00_0000, at: 5.25, 3.5, into: $0, clip: $0.bounds) }
        // (1, 1) lands at (6.25, 4.5): x splits 0.75 / 0.25, y 0.5 / 0.5.
        #expect(out.pixel(x: 6, y: 4)?.alpha == 96)    // 0.375 × 255 = 95.6
        #expect(out.pixel(x: 7, y: 4)?.alpha == 32)    // 0.125 × 255 = 31.9
        #expect(out.pixel(x: 6, y: 5)?.alpha == 96)
        #expect(out.pixel(x: 7, y: 5)?.alpha == 32)
        #expect(out.storage.filter { $0 != 0 }.count == 4)
        var clipped = try Pixmap(width: 12, height: 12)
        clipped.withMutableRegion { mask.paint(color: 0xFF00_0000, at: 5.25, 3.5, into: $0, clip: PixelRect(x: 7, y: 0, width: 5, height: 12)) }
        #expect(clipped.pixel(x: 6, y: 4)?.alpha == 0 && clipped.pixel(x: 7, y: 4)?.alpha == 32)
    }

    @Test("the 4 × 4-block transpose is a transpose at every size, edges included",
          arguments: [(1, 1), (3, 7), (4, 4), (9, 13), (16, 5)])
    func transpose(width: Int, height: Int) {
        let source = (0 ..< width * height).map(Float.init)
        var target = [Float](repeating: -1, count: width * height)
        source.withUnsafeBufferPointer { s in
            target.withUnsafeMutableBufferPointer { t in
                ShadowMask.transpose(s.baseAddress!, width: width, height: height, into: t.baseAddress!)
            }
        }
        for y in 0 ..< height { for x in 0 ..< width { #expect(target[x * height + y] == source[y * width + x]) } }
    }
}
