// The shadow row kernel (CKinemaShadowRow.c, AVX2 when the processor has it, and portable C)
// against the Swift formula it replaced — coverage = trunc(clamp(value × 255 + 0.5, 0, 255)),
// then PackedPixel.sourceOver — pixel for pixel on random rows: values at, between and beyond
// the coverage steps, destination pixels premultiplied or any bytes, every row length to 40 so
// both the 8-wide loop and its tail run.
import CKinemaRasterSupport
import Foundation
import KinemaSupport
import Testing
@testable import KinemaRaster

@Suite("Shadow row kernel")
struct ShadowRowKernelTests {
    /// The Swift formula ShadowMask.paint used before the kernel.
    static func reference(_ values: [Float], _ pixels: [UInt32], color: UInt32) -> [UInt32] {
        var out = pixels
        for i in values.indices {
            let coverage = UInt32(min(max(values[i] * 255 + 0.5, 0), 255))
            guard coverage > 0 else { continue }
            out[i] = PackedPixel.sourceOver(color, coverage: coverage, under: out[i])
        }
        return out
    }

    static func randomValue(_ rng: inout SplitMix64) -> Float {
        switch Int.random(in: 0 ..< 6, using: &rng) {
        case 0: return 0
        case 1: return 1
        // Exactly on a rounding step: (k − 0.5) / 255.
        case 2: return (Float(Int.random(in: 0 ... 256, using: &rng)) - 0.5) / 255
        case 3: return Float.random(in: -0.5 ... 1.5, using: &rng)
        case 4: return Float.random(in: 0 ... 0.004, using: &rng)
        default: return Float.random(in: 0 ... 1, using: &rng)
        }
    }

    static func randomPixel(_ rng: inout SplitMix64, anyBytes: Bool) -> UInt32 {
        if anyBytes { return UInt32.random(in: 0 ... .max, using: &rng) }
        let alpha = UInt32.random(in: 0 ... 255, using: &rng)
        var pixel = alpha << 24
        for channel in 0 ..< 3 { pixel |= UInt32.random(in: 0 ... alpha, using: &rng) << (8 * channel) }
        return pixel
    }

    @Test("AVX2 and portable C paint every row exactly as the Swift formula", arguments: 0 ..< 8)
    func kernelsMatchSwift(seed: UInt64) {
        var rng = SplitMix64(state: seed &* 0x9E37_79B9 &+ 17)
        var checked = 0
        for _ in 0 ..< 300 {
            let count = Int.random(in: 0 ... 40, using: &rng)
            let anyBytes = Bool.random(using: &rng)
            let values = (0 ..< count).map { _ in Self.randomValue(&rng) }
            let pixels = (0 ..< count).map { _ in Self.randomPixel(&rng, anyBytes: anyBytes) }
            let color = Self.randomPixel(&rng, anyBytes: Int.random(in: 0 ..< 4, using: &rng) == 0)
            let expected = Self.reference(values, pixels, color: color)
            var dispatched = pixels, portable = pixels
            values.withUnsafeBufferPointer { v in
                dispatched.withUnsafeMutableBufferPointer { p in
                    if let vb = v.baseAddress, let pb = p.baseAddress { kinema_shadow_row_paint(vb, pb, Int64(count), color) }
                }
                portable.withUnsafeMutableBufferPointer { p in
                    if let vb = v.baseAddress, let pb = p.baseAddress {
                        kinema_shadow_row_paint_portable(vb, pb, Int64(count), color)
                    }
                }
            }
            #expect(dispatched == expected, "row of \(count), colour \(String(color, radix: 16))")
            #expect(portable == expected, "row of \(count), colour \(String(color, radix: 16))")
            checked += count
        }
        #expect(checked > 3000)
    }

    @Test("the row shift and mix give the Swift formulas' floats, bit for bit", arguments: 0 ..< 4)
    func shiftAndMixMatchSwift(seed: UInt64) {
        var rng = SplitMix64(state: seed &+ 0x51AD)
        for _ in 0 ..< 300 {
            let count = Int.random(in: 0 ... 40, using: &rng)
            // One float before the row, read when the row has a left neighbour.
            let line = (0 ... count).map { _ in Self.randomValue(&rng) }
            let above = (0 ..< count).map { _ in Self.randomValue(&rng) }
            let fraction = Float.random(in: 0.001 ..< 1, using: &rng)
            for hasLeft in [false, true] {
                var expected = [Float](repeating: 0, count: count)
                for i in 0 ..< count {
                    expected[i] = i == 0 && !hasLeft ? line[1] * (1 - fraction)
                        : line[i + 1] * (1 - fraction) + line[i] * fraction
                }
                var shifted = [Float](repeating: -1, count: count)
                line.withUnsafeBufferPointer { l in
                    shifted.withUnsafeMutableBufferPointer { o in
                        if let lb = l.baseAddress, let ob = o.baseAddress {
                            kinema_shadow_row_shift(lb + 1, ob, Int64(count), fraction, hasLeft ? 1 : 0)
                        }
                    }
                }
                #expect(shifted.map(\.bitPattern) == expected.map(\.bitPattern), "shift, \(count), left \(hasLeft)")
            }
            let row = Array(line.dropFirst())
            for withAbove in [false, true] {
                let expected = (0 ..< count).map { i in
                    withAbove ? row[i] * (1 - fraction) + above[i] * fraction : row[i] * (1 - fraction)
                }
                var mixed = [Float](repeating: -1, count: count)
                row.withUnsafeBufferPointer { r in
                    above.withUnsafeBufferPointer { a in
                        mixed.withUnsafeMutableBufferPointer { o in
                            if let rb = r.baseAddress, let ab = a.baseAddress, let ob = o.baseAddress {
                                kinema_shadow_row_mix(rb, withAbove ? ab : nil, ob, Int64(count), fraction)
                            }
                        }
                    }
                }
                #expect(mixed.map(\.bitPattern) == expected.map(\.bitPattern), "mix, \(count), above \(withAbove)")
            }
        }
    }

    @Test("the machine's kernel is the AVX2 one where the processor has AVX2")
    func avx2Chosen() {
        #if arch(x86_64)
        // This project's machines (and CI) have AVX2; the test says so rather than passing
        // silently through the portable path everywhere.
        #expect(kinema_image_span_has_avx2() != 0)
        #endif
    }
}
