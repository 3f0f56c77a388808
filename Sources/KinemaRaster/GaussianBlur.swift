// GaussianBlur: an approximate Gaussian blur whose cost per pixel does not grow with sigma.
import KinemaSupport
import KinemaGeometry

/// The parameters of the blur: three identical extended box filters per axis.
///
/// An extended box of integer radius `r` and end weight `α` (0 ≤ α < 1) averages the `2r + 1`
/// samples around a pixel plus `α` times the two samples just beyond, normalized by `2r + 1 + 2α`.
/// Its variance is `(r(r+1)(2r+1)/3 + 2α(r+1)²) / (2r+1+2α)`; `r` and `α` are chosen so that it is
/// exactly σ²/3, so three passes have exactly the Gaussian's variance σ² (plain integer boxes
/// can only approximate it, which shows at small σ). Each pass is a difference of prefix sums,
/// O(1) per sample for any radius.
struct ExtendedBox: Equatable {
    var radius: Int
    var endWeight: Double

    init(sigma: Double) {
        let variance = sigma * sigma / 3
        // The largest r whose plain box variance r(r+1)/3 does not exceed the target.
        var r = Int(((1 + 12 * variance).squareRoot() - 1) / 2)
        while Double(r * (r + 1)) / 3 > variance, r > 0 { r -= 1 }
        while Double((r + 1) * (r + 2)) / 3 <= variance { r += 1 }
        let rr = Double(r)
        let alpha = (2 * rr + 1) * (rr * (rr + 1) / 3 - variance) / (2 * (variance - (rr + 1) * (rr + 1)))
        radius = r
        endWeight = min(max(alpha, 0), 1)
    }

    var normalization: Double { Double(2 * radius + 1) + 2 * endWeight }
}

extension PixmapRegion {
    /// The largest σ accepted; larger values are lowered to it (with a diagnostic).
    public static let maximumBlurSigma = 2048.0

    /// Blurs the region in place with a Gaussian of standard deviation `sigma` pixels, all four
    /// premultiplied channels alike; pixels outside the region count as transparent, and what the
    /// blur spreads beyond the region is cut off (leave a margin of 3σ to keep it).
    ///
    /// ```swift
    /// pixmap.withMutableRegion(shadowRect) { $0.gaussianBlur(sigma: 12) }
    /// ```
    /// Method: three extended box filters per axis (`ExtendedBox`), horizontal then vertical, in
    /// `Float` between passes and rounded to 8 bits once at the end; their variance is exactly σ².
    ///
    /// Tolerance, measured against the exact convolution with the sampled Gaussian (NumPy,
    /// `Scripts/references/raster_references.py`) on hard-edged blocks: at most 3 levels of 255 at
    /// σ = 0.5, 4 at σ = 3 and 12, 3 at σ = 100; mean 0.12, 0.29, 0.50 and 0.70 levels (the
    /// `blur_sigma_*` golden tests). The three-box kernel has the Gaussian's variance exactly but
    /// a flatter top and lighter tails (nothing beyond 3(r+1) ≈ 3σ).
    ///
    /// Cost: each of the six passes is a running difference of prefix sums, O(1) per sample for
    /// any σ (no loop over the kernel). Each line is padded by 3(r+1) ≈ 3σ samples at both ends so
    /// that what one pass spreads out of the region comes back in the next exactly, so a line of
    /// n pixels costs O(n + 6σ): constant per pixel while σ is small next to the region, as for
    /// shadows and backdrops. Memory: a `Float` copy of the region (16 bytes a pixel) up to
    /// `blurFloatCopyLimit` pixels; beyond, one line (rounding to 8 bits between the axes).
    /// σ ≤ 0.01 leaves the region unchanged; NaN, infinite or negative σ is reported and ignored.
    public mutating func gaussianBlur(sigma: Double) {
        guard sigma.isFinite, sigma >= 0 else {
            KinemaDiagnostics.emit("KinemaRaster", "gaussianBlur sigma \(sigma) is not a finite non-negative number; nothing was blurred")
            return
        }
        var sigma = sigma
        if sigma > Self.maximumBlurSigma {
            KinemaDiagnostics.emit("KinemaRaster", "gaussianBlur sigma \(sigma) exceeds \(Self.maximumBlurSigma); it was lowered to that")
            sigma = Self.maximumBlurSigma
        }
        blur(sigma: sigma, floatCopyLimit: Self.blurFloatCopyLimit)
    }

    /// The largest region (in pixels, 2^22: 64 MiB of Float) blurred through a `Float` copy;
    /// larger ones round to 8 bits between the horizontal and vertical passes instead, so memory
    /// stays one line whatever the size (at most half a level more error).
    package static let blurFloatCopyLimit = 1 << 22

    /// The blur, with the copy limit as a parameter so tests can take both paths.
    package mutating func blur(sigma: Double, floatCopyLimit: Int) {
        guard sigma > 0.01, width > 0, height > 0 else { return }
        let box = ExtendedBox(sigma: sigma)
        let (w, h) = (width, height)
        var blurrer = LineBlurrer(box: box, longestLine: max(w, h))
        var line = [SIMD4<Float>](repeating: .zero, count: max(w, h))
        if w * h > floatCopyLimit {
            line.withUnsafeMutableBufferPointer { line in
                for y in 0 ..< h {
                    let pixels = row(y)
                    for x in 0 ..< w { line[x] = Self.unpacked(pixels[x]) }
                    blurrer.blur(line, count: w)
                    for x in 0 ..< w { pixels[x] = Self.packed(line[x]) }
                }
                for x in 0 ..< w {
                    for y in 0 ..< h { line[y] = Self.unpacked(row(y)[x]) }
                    blurrer.blur(line, count: h)
                    for y in 0 ..< h { row(y)[x] = Self.packed(line[y]) }
                }
            }
            return
        }
        // Horizontal passes, stored transposed so the vertical passes read contiguous columns.
        var transposed = [SIMD4<Float>](repeating: .zero, count: w * h)
        transposed.withUnsafeMutableBufferPointer { columns in
            line.withUnsafeMutableBufferPointer { line in
                for y in 0 ..< h {
                    let pixels = row(y)
                    for x in 0 ..< w { line[x] = Self.unpacked(pixels[x]) }
                    blurrer.blur(line, count: w)
                    for x in 0 ..< w { columns[x * h + y] = line[x] }
                }
                for x in 0 ..< w {
                    let column = UnsafeMutableBufferPointer(rebasing: columns[x * h ..< (x + 1) * h])
                    blurrer.blur(column, count: h)
                    for y in 0 ..< h { row(y)[x] = Self.packed(column[y]) }
                }
            }
        }
    }

    @inline(__always)
    private static func unpacked(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24))
    }

    /// Rounds a Float pixel to premultiplied RGBA8, colour channels no higher than alpha.
    @inline(__always)
    private static func packed(_ value: SIMD4<Float>) -> UInt32 {
        let rounded = (value + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        let a = UInt32(rounded[3])
        let r = min(UInt32(rounded[0]), a), g = min(UInt32(rounded[1]), a), b = min(UInt32(rounded[2]), a)
        return r | g << 8 | b << 16 | a << 24
    }
}

extension Pixmap {
    /// Blurs `rect` (default: the whole pixmap); see `PixmapRegion.gaussianBlur(sigma:)`.
    public mutating func gaussianBlur(sigma: Double, in rect: PixelRect? = nil) {
        withMutableRegion(rect ?? bounds) { $0.gaussianBlur(sigma: sigma) }
    }
}

/// Runs the three extended-box passes over one line, with scratch buffers kept between lines.
private struct LineBlurrer {
    let box: ExtendedBox
    let padding: Int
    var a: [SIMD4<Float>]
    var b: [SIMD4<Float>]
    var prefix: [SIMD4<Double>]

    init(box: ExtendedBox, longestLine: Int) {
        self.box = box
        padding = 3 * (box.radius + 1)
        let length = longestLine + 2 * padding
        a = [SIMD4<Float>](repeating: .zero, count: length)
        b = a
        prefix = [SIMD4<Double>](repeating: .zero, count: length + 1)
    }

    /// Blurs `line[0 ..< count]` in place, as if the line went on with zeros both ways.
    mutating func blur(_ line: UnsafeMutableBufferPointer<SIMD4<Float>>, count: Int) {
        let length = count + 2 * padding
        let pad = padding
        let (r, weight, scale) = (box.radius, Float(box.endWeight), 1 / box.normalization)
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in
                prefix.withUnsafeMutableBufferPointer { prefix in
                    for i in 0 ..< length { a[i] = .zero }
                    for i in 0 ..< count { a[pad + i] = line[i] }
                    Self.pass(from: a, to: b, length: length, prefix: prefix, r, weight, scale)
                    Self.pass(from: b, to: a, length: length, prefix: prefix, r, weight, scale)
                    Self.pass(from: a, to: b, length: length, prefix: prefix, r, weight, scale)
                    for i in 0 ..< count { line[i] = b[pad + i] }
                }
            }
        }
    }

    /// One extended box over `source[0 ..< length]` (zero beyond) into `target`.
    private static func pass(from source: UnsafeMutableBufferPointer<SIMD4<Float>>, to target: UnsafeMutableBufferPointer<SIMD4<Float>>,
                             length: Int, prefix: UnsafeMutableBufferPointer<SIMD4<Double>>,
                             _ r: Int, _ weight: Float, _ scale: Double) {
        var sum = SIMD4<Double>.zero
        prefix[0] = sum
        for i in 0 ..< length {
            let v = source[i]
            sum += SIMD4(Double(v[0]), Double(v[1]), Double(v[2]), Double(v[3]))
            prefix[i + 1] = sum
        }
        for i in 0 ..< length {
            let low = max(0, i - r), high = min(length, i + r + 1)
            let window = prefix[high] - prefix[low]
            var ends = SIMD4<Float>.zero
            if i - r - 1 >= 0 { ends += source[i - r - 1] }
            if i + r + 1 < length { ends += source[i + r + 1] }
            let value = window * scale
            target[i] = SIMD4(Float(value[0]), Float(value[1]), Float(value[2]), Float(value[3])) + ends * (weight * Float(scale))
        }
    }
}
