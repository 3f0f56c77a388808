// ImageComparison: how two snapshots' pixels are compared — exactly, or within a perceptual
// tolerance (CIE76 ΔE in CIELAB) — and the difference image a failure writes.
//
// Audited against: swift-snapshot-testing 1.19's documented precision semantics (`precision`: "the
//   percentage of pixels that must match"; `perceptualPrecision`: "the percentage a pixel must
//   match the source pixel to be considered a match. 98–99% mimics the precision of the human
//   eye", a pixel matching when its ΔE is at most (1 − perceptualPrecision) × 100); IEC 61966-2-1
//   (the sRGB transfer function and its D65 RGB → XYZ matrix); CIE 15 (CIELAB, and ΔE*ab 1976 as
//   the Euclidean distance in it).
// Status: complete. Chosen: ΔE 1976 (CIE76), not Core Image's ΔE (which iOS's SnapshotTesting
//   uses): the plain distance is easy to reason about in a failure message. CIE76 weighs
//   differences in saturated colours more than ΔE 1994/2000 do, so a perceptual tolerance tuned
//   on iOS can need loosening slightly for strongly coloured views. Alpha counts: each pixel
//   is compared composited over white and over black and the larger ΔE is taken, so a pixel that
//   only changed its transparency differs. `precision` counts pixels (iOS's exact mode counts
//   bytes; pixels are what a reader of the message can picture).

import Foundation
import Kinema

/// How two images of the same size differ.
struct ImageDifference: Sendable {
    /// Pixels that did not match (under the perceptual tolerance when one is set).
    var differingPixels = 0
    /// Pixels whose bytes differ but that the perceptual tolerance accepted.
    var toleratedPixels = 0
    /// All pixels compared.
    var totalPixels = 0
    /// The largest difference of one channel (premultiplied RGBA, 0…255) over all pixels.
    var maximumChannelDifference = 0
    /// The largest CIE76 ΔE over all pixels (0 when the images are identical).
    var maximumDeltaE = 0.0
    /// The picture of the difference: the reference ghosted in light grey, differing pixels red,
    /// tolerated ones orange.
    var image: Pixmap?
}

/// The rules a comparison applies (`precision` and `perceptualPrecision`, as SnapshotTesting names them).
struct ComparisonRule: Sendable, CustomStringConvertible {
    /// The fraction of pixels that must match, 0…1.
    var precision: Double
    /// How close a pixel must be to count as matching, 0…1: 1 means identical bytes; below 1 a
    /// pixel matches when its ΔE is at most (1 − perceptualPrecision) × 100.
    var perceptualPrecision: Double

    /// The rule for the given values; values outside 0…1 (or NaN) are clamped (NaN: 1).
    init(precision: Float, perceptualPrecision: Float) {
        // Through the Float's shortest decimal form, so 0.99 is 0.99 and not 0.9900000095….
        func clamp(_ value: Float) -> Double {
            value.isNaN ? 1 : Double("\(min(max(value, 0), 1))") ?? Double(min(max(value, 0), 1))
        }
        self.precision = clamp(precision)
        self.perceptualPrecision = clamp(perceptualPrecision)
    }

    /// The largest ΔE a matching pixel may have; nil when pixels must be identical.
    var deltaEThreshold: Double? { perceptualPrecision >= 1 ? nil : (1 - perceptualPrecision) * 100 }

    /// How many pixels out of `total` may differ.
    func allowedDifferingPixels(of total: Int) -> Int {
        // The small allowance keeps a decimal's binary rounding (1 − 0.99 = 0.0099999…) from
        // costing a whole pixel.
        Int(((1 - precision) * Double(total) + 1e-6).rounded(.down))
    }

    var description: String {
        "precision \(precision), perceptualPrecision \(perceptualPrecision)"
    }
}

enum ImageComparison {
    /// Compares `reference` with `new` (same size: the caller checks) under `rule`, returning the
    /// difference, or nil when the images match under the rule. The difference image is made
    /// only for a mismatch.
    ///
    /// Cost: one pass over the pixels when they are identical (a byte comparison); otherwise one
    /// Lab conversion per differing pixel (a table lookup, a 3 × 3 matrix, three cube roots).
    static func compare(_ reference: Pixmap, _ new: Pixmap, rule: ComparisonRule) -> ImageDifference? {
        let old = reference.premultipliedBytes, now = new.premultipliedBytes
        if old == now { return nil }
        var difference = ImageDifference()
        difference.totalPixels = reference.width * reference.height
        let threshold = rule.deltaEThreshold
        var kinds = [UInt8](repeating: 0, count: difference.totalPixels)   // 0 same, 1 tolerated, 2 differs
        for pixel in 0..<difference.totalPixels {
            let i = pixel * 4
            guard old[i] != now[i] || old[i + 1] != now[i + 1] || old[i + 2] != now[i + 2] || old[i + 3] != now[i + 3] else {
                continue
            }
            var channel = 0
            for c in 0..<4 { channel = max(channel, abs(Int(old[i + c]) - Int(now[i + c]))) }
            difference.maximumChannelDifference = max(difference.maximumChannelDifference, channel)
            let deltaE = Self.deltaE(old, now, at: i)
            difference.maximumDeltaE = max(difference.maximumDeltaE, deltaE)
            if let threshold, deltaE <= threshold {
                difference.toleratedPixels += 1
                kinds[pixel] = 1
            } else {
                difference.differingPixels += 1
                kinds[pixel] = 2
            }
        }
        guard difference.differingPixels > rule.allowedDifferingPixels(of: difference.totalPixels) else { return nil }
        difference.image = differenceImage(reference: reference, kinds: kinds)
        return difference
    }

    /// The ghosted reference with the differing pixels marked (see `ImageDifference.image`).
    static func differenceImage(reference: Pixmap, kinds: [UInt8]) -> Pixmap? {
        let bytes = reference.premultipliedBytes
        var out = [UInt8](repeating: 255, count: bytes.count)
        for pixel in 0..<kinds.count {
            let i = pixel * 4
            switch kinds[pixel] {
            case 2:
                out[i] = 230; out[i + 1] = 0; out[i + 2] = 0
            case 1:
                out[i] = 255; out[i + 1] = 165; out[i + 2] = 0
            default:
                // The reference over white, its luminance pulled three quarters of the way to white.
                let a = 255 - Int(bytes[i + 3])
                let luma = (299 * (Int(bytes[i]) + a) + 587 * (Int(bytes[i + 1]) + a) + 114 * (Int(bytes[i + 2]) + a)) / 1000
                let ghost = UInt8(min(255, 255 - (255 - luma) / 4))
                out[i] = ghost; out[i + 1] = ghost; out[i + 2] = ghost
            }
            out[i + 3] = 255
        }
        return try? Pixmap(width: reference.width, height: reference.height, premultipliedBytes: out)
    }

    /// The CIE76 ΔE between the pixels at byte offset `i` of two premultiplied RGBA8 buffers: the
    /// larger of the distances composited over white and over black.
    static func deltaE(_ a: [UInt8], _ b: [UInt8], at i: Int) -> Double {
        let overBlackA = lab(Int(a[i]), Int(a[i + 1]), Int(a[i + 2]))
        let overBlackB = lab(Int(b[i]), Int(b[i + 1]), Int(b[i + 2]))
        let clearA = 255 - Int(a[i + 3]), clearB = 255 - Int(b[i + 3])
        let overWhiteA = lab(min(255, Int(a[i]) + clearA), min(255, Int(a[i + 1]) + clearA), min(255, Int(a[i + 2]) + clearA))
        let overWhiteB = lab(min(255, Int(b[i]) + clearB), min(255, Int(b[i + 1]) + clearB), min(255, Int(b[i + 2]) + clearB))
        return max(distance(overBlackA, overBlackB), distance(overWhiteA, overWhiteB))
    }

    static func distance(_ p: (Double, Double, Double), _ q: (Double, Double, Double)) -> Double {
        let dl = p.0 - q.0, da = p.1 - q.1, db = p.2 - q.2
        return (dl * dl + da * da + db * db).squareRoot()
    }

    /// sRGB code values (0…255) to linear light, IEC 61966-2-1.
    static let linear: [Double] = (0...255).map { code in
        let c = Double(code) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// An sRGB colour (code values 0…255) in CIELAB (D65 white).
    static func lab(_ r: Int, _ g: Int, _ b: Int) -> (Double, Double, Double) {
        let rl = linear[r], gl = linear[g], bl = linear[b]
        // sRGB's D65 RGB → XYZ, each row divided by the white point's X, Y, Z.
        let x = (0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * rl + 0.7151522 * gl + 0.0721750 * bl
        let z = (0.0193339 * rl + 0.1191920 * gl + 0.9503041 * bl) / 1.08883
        func f(_ t: Double) -> Double {
            // CIE's cube root with its linear part below (6/29)³.
            t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
        }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}
