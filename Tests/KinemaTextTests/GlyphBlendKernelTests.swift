// The glyph run kernel (CKinemaGlyphBlend.c, AVX2) against the Swift blend it stands in for, and
// both against blending one pixel at a time with PackedPixel's arithmetic: runs of overlapping
// random masks, in opaque and translucent colours, inside the region (the kernel's loop over each
// mask's steps) and across each of its edges (its span loop), must give the same bytes.
import CKinemaRasterSupport
import Foundation
import KinemaRaster
@testable import KinemaText
import Testing

@Suite struct GlyphBlendKernelTests {
    /// Draws `glyphs` over `under` (a `width` × `height` picture) by `path`.
    private func draw(_ glyphs: [PlacedGlyph], color: PaintColor, over under: [UInt32], width: Int, height: Int,
                      path: GlyphBlendPath) throws -> [UInt32] {
        var pixmap = try Pixmap(width: width, height: height)
        var out = [UInt32](repeating: 0, count: width * height)
        pixmap.withMutableRegion { region in
            for y in 0..<height { for x in 0..<width { region.row(y)[x] = under[y * width + x] } }
            GlyphPlacements.blend(glyphs, glyphs.indices, color: color, alpha: 1, into: region, path: path)
            for y in 0..<height { for x in 0..<width { out[y * width + x] = region.row(y)[x] } }
        }
        return out
    }

    @Test func runKernelEqualsSwiftBlendAndOnePixelReference() throws {
        var random = GlyphPlacementTests.Bytes(state: 0x6C79_7068)
        let width = 61, height = 37
        var stepped = 0, clipped = 0, singleRowSingleStep = 0
        for trial in 0..<200 {
            // A run: 1–12 masks left to right with overlaps, like a label's glyphs.
            var masks: [GlyphMask] = []
            var glyphs: [PlacedGlyph] = []
            var penX = Int(random.next() % UInt64(width + 20)) - 14
            let baseline = Int(random.next() % UInt64(height + 16)) - 8
            for _ in 0..<(1 + Int(random.next() % 12)) {
                let w = 1 + Int(random.next() % 18), h = 1 + Int(random.next() % 16)
                let coverage = random.coverage(w * h)
                guard let mask = GlyphMask(left: Int(random.next() % 3) - 1, top: -h, width: w, height: h, coverage: coverage) else { continue }
                masks.append(mask)
                glyphs.append(PlacedGlyph(mask: mask, x: penX, y: baseline))
                let x = Int(glyphs[glyphs.count - 1].x), y = Int(glyphs[glyphs.count - 1].y)
                let reach = Int(mask.header.pointee.reach)
                if x >= 0, y >= 0, x + reach <= width, y + mask.height <= height { stepped += 1 } else { clipped += 1 }
                penX += max(1, w - Int(random.next() % 3))
            }
            let color = PaintColor(red: Float(random.byte()) / 255, green: Float(random.byte()) / 255, blue: Float(random.byte()) / 255,
                                   alpha: trial % 3 == 0 ? Float(random.byte()) / 255 : 1)
            var under = [UInt32](repeating: 0, count: width * height)
            for i in under.indices { under[i] = random.pixel() }

            // The reference: each glyph in turn, one pixel at a time.
            let expected = Self.onePixelReference(glyphs, masks: masks, color: color, over: under, width: width, height: height)
            let portable = try draw(glyphs, color: color, over: under, width: width, height: height, path: .portable)
            let portableMismatches = zip(portable, expected).count(where: { $0 != $1 })
            #expect(portableMismatches == 0, "trial \(trial): the Swift blend differs from the one-pixel reference")
            // Every kernel this processor runs (AVX2; AVX-512's pairs of steps).
            for level in 1...max(1, GlyphBlendPath.kernelLevel) where level <= GlyphBlendPath.kernelLevel {
                let kernel = try draw(glyphs, color: color, over: under, width: width, height: height, path: .kernel(Int32(level)))
                let kernelMismatches = zip(kernel, expected).count(where: { $0 != $1 })
                #expect(kernelMismatches == 0, "trial \(trial): kernel level \(level) differs from the one-pixel reference")
            }
            let fastest = try draw(glyphs, color: color, over: under, width: width, height: height, path: .fastest)
            let fastestMismatches = zip(fastest, portable).count(where: { $0 != $1 })
            #expect(fastestMismatches == 0, "trial \(trial): the fastest path differs from the Swift blend")
            for mask in masks where mask.header.pointee.step_count == 1 && mask.height == 1 { singleRowSingleStep += 1 }
            withExtendedLifetime(masks) {}
        }
        // Both of the kernels' loops were exercised, and the padding step's rarest case (a mask of
        // one step on one row: the padding goes beside it, past its reach).
        #expect(stepped > 200 && clipped > 200, "stepped glyphs \(stepped), clipped \(clipped)")
        #expect(singleRowSingleStep > 5, "masks of one step on one row: \(singleRowSingleStep)")
    }

    /// Long runs (33–92 glyphs) piled into one corner, so many glyphs overlap many others: the
    /// kernels work each glyph's walk out while the one before it blends, and the order of the
    /// blends is what decides an overlapped pixel. Some runs hold a large glyph (30 × 20) or one at
    /// the region's edge among the small ones. Every kernel and the Swift loop must give the
    /// one-pixel reference's bytes.
    @Test func longRunsAcrossSchedules() throws {
        var random = GlyphPlacementTests.Bytes(state: 0x5363_6864)
        let width = 64, height = 48
        for trial in 0..<40 {
            var masks: [GlyphMask] = []
            var glyphs: [PlacedGlyph] = []
            let large = trial % 4 == 1, edge = trial % 4 == 2
            for k in 0..<(33 + Int(random.next() % 60)) {
                let big = large && k == 40
                let w = big ? 30 : 1 + Int(random.next() % 8), h = big ? 20 : 1 + Int(random.next() % 8)
                guard let mask = GlyphMask(left: 0, top: 0, width: w, height: h, coverage: random.coverage(w * h)) else { continue }
                let x = edge && k == 50 ? width - 2 : Int(random.next() % UInt64(width - 40))
                let y = Int(random.next() % UInt64(height - 24))
                masks.append(mask)
                glyphs.append(PlacedGlyph(mask: mask, x: x, y: y))
            }
            let color = PaintColor(red: Float(random.byte()) / 255, green: Float(random.byte()) / 255, blue: Float(random.byte()) / 255,
                                   alpha: trial % 3 == 0 ? Float(random.byte()) / 255 : 1)
            var under = [UInt32](repeating: 0, count: width * height)
            for i in under.indices { under[i] = random.pixel() }
            let expected = Self.onePixelReference(glyphs, masks: masks, color: color, over: under, width: width, height: height)
            for level in 1...max(1, GlyphBlendPath.kernelLevel) where level <= GlyphBlendPath.kernelLevel {
                let kernel = try draw(glyphs, color: color, over: under, width: width, height: height, path: .kernel(Int32(level)))
                let mismatches = zip(kernel, expected).count(where: { $0 != $1 })
                #expect(mismatches == 0, "trial \(trial): kernel level \(level) differs from the one-pixel reference")
            }
            let portable = try draw(glyphs, color: color, over: under, width: width, height: height, path: .portable)
            #expect(zip(portable, expected).count(where: { $0 != $1 }) == 0, "trial \(trial): the Swift blend differs")
            withExtendedLifetime(masks) {}
        }
    }

    /// `glyphs` (their masks in `masks`) blended over `under` one pixel at a time with PackedPixel's
    /// arithmetic, clipped to the picture.
    static func onePixelReference(_ glyphs: [PlacedGlyph], masks: [GlyphMask], color: PaintColor, over under: [UInt32],
                                  width: Int, height: Int) -> [UInt32] {
        var expected = under
        let source = color.premultiplied.packed
        for (glyph, mask) in zip(glyphs, masks) {
            for my in 0..<mask.height {
                for mx in 0..<mask.width {
                    let px = Int(glyph.x) + mx, py = Int(glyph.y) + my
                    let c = mask.coverage(x: mx, y: my)
                    guard px >= 0, py >= 0, px < width, py < height, c != 0 else { continue }
                    expected[py * width + px] = PackedPixel.sourceOver(source, coverage: UInt32(c), under: expected[py * width + px])
                }
            }
        }
        return expected
    }

    /// A mask's steps (what the kernel blends inside the region) cover every pixel with coverage
    /// once and nothing else: each step's four bytes are the coverage of its four pixels, no step
    /// is all zero, no two overlap, and `reach` is one past the last column a step touches.
    @Test func stepsCoverEveryCoveredPixelOnce() throws {
        var random = GlyphPlacementTests.Bytes(state: 0x5374_6570)
        var checked = 0, padded = 0
        for _ in 0..<300 {
            let w = 1 + Int(random.next() % 24), h = 1 + Int(random.next() % 20)
            let coverage = random.coverage(w * h)
            guard let mask = GlyphMask(left: 0, top: 0, width: w, height: h, coverage: coverage) else { continue }
            var hits = [Int](repeating: 0, count: mask.width * mask.height)
            var reach = 0
            for step in mask.steps {
                let row = Int(step.row), column = Int(step.column)
                #expect(row < mask.height && column < mask.width)
                #expect(step.coverage != 0, "an all-zero step at row \(row), column \(column)")
                for k in 0..<4 {
                    let c = UInt8(truncatingIfNeeded: step.coverage >> (8 * k))
                    #expect(c == mask.coverage(x: column + k, y: row))
                    if column + k < mask.width { hits[row * mask.width + column + k] += 1 }
                }
                reach = max(reach, column + 4)
            }
            for y in 0..<mask.height {
                for x in 0..<mask.width {
                    let expected = mask.coverage(x: x, y: y) != 0 ? 1 : 0
                    #expect(hits[y * mask.width + x] >= expected && hits[y * mask.width + x] <= 1, "pixel \(x), \(y)")
                }
            }
            #expect(Int(mask.header.pointee.reach) == reach)
            // An odd count is followed by a padding step for the pair kernel: no coverage, inside
            // the mask's rows and `pair_reach`, and not overlapping the last step.
            let header = mask.header.pointee
            if header.step_count % 2 == 1, let last = mask.steps.last {
                let padding = kinema_glyph_mask_steps(mask.header)[Int(header.step_count)]
                #expect(padding.coverage == 0)
                #expect(Int(padding.row) < mask.height && Int(padding.column) + 4 <= Int(header.pair_reach))
                #expect(padding.row != last.row || abs(Int(padding.column) - Int(last.column)) >= 4,
                        "the padding step overlaps the last step")
                padded += 1
            } else {
                #expect(header.pair_reach == header.reach)
            }
            checked += 1
        }
        #expect(checked > 250 && padded > 50, "checked \(checked), padded \(padded)")
    }

    /// Where the processor has AVX2 the fast path is the kernel (so the test above compared it);
    /// recorded, not required, so that the suite passes on any x86_64 or arm64 machine.
    @Test func kernelAvailabilityIsKnown() {
        #if arch(x86_64)
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        if cpuinfo.contains(" avx2") { #expect(GlyphBlendPath.kernelAvailable) }
        #else
        #expect(!GlyphBlendPath.kernelAvailable)
        #endif
    }
}
