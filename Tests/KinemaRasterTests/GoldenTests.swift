// Rendering against references from independent renderers (Skia for fills and clips, NumPy's
// exact convolution for blurs), replaying the geometry recorded beside each reference.
import Foundation
import Testing
@testable import KinemaRaster

/// One golden comparison and the tolerance it is allowed, with the reason.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// Largest difference of any channel, in levels of 255 (except `outliers` pixels).
    var maximum: Int
    /// Mean difference over every channel of every pixel.
    var mean: Double
    /// Pixels allowed beyond `maximum`: those where two edges of one path cross.
    var outliers = 0
    var reason: String

    var testDescription: String { name }

    /// Skia's CPU anti-aliasing samples coverage (4 rows a pixel, finer across), so its own edge
    /// pixels are off the exact area by up to 28 levels on the `triangle` case (measured against
    /// the script's exact areas; ours is within 1 there: `exact_triangle`). Interiors agree to
    /// a level (8-bit blend rounding).
    static let skia = "Skia's supersampled edges are up to ~30 levels off exact area; interiors agree to 1"
    /// Area accumulation averages the winding over a pixel before the fill rule applies, so a
    /// pixel where two edges of one path cross gets the rule applied to the average, not the
    /// area of the covered part (FreeType and font-rs do the same); Skia samples the rule.
    static let crossings = "; the outliers are the pixels where the star's edges cross, where area accumulation applies the rule to the mean winding"
    /// Three boxes make a piecewise-quadratic kernel with the Gaussian's variance but lighter
    /// tails and a flatter top; on hard edges that is a few levels at most.
    static let blur = "three extended boxes of variance σ²/3 each vs the exact sampled Gaussian"
    static let exact = "exact areas in double precision: ours rounds vertices to 1/256 px and coverage to 1/255, so at most 1 level"

    static let all: [GoldenCase] = [
        GoldenCase(name: "triangle", maximum: 32, mean: 0.3, reason: skia),
        GoldenCase(name: "triangle_alpha_on_white", maximum: 32, mean: 0.2, reason: skia),
        GoldenCase(name: "global_alpha", maximum: 4, mean: 0.1, reason: skia + "; alpha 0.315 shrinks edge differences"),
        GoldenCase(name: "star_nonzero", maximum: 32, mean: 0.25, outliers: 3, reason: skia + crossings),
        GoldenCase(name: "star_evenodd", maximum: 34, mean: 0.3, outliers: 3, reason: skia + crossings),
        GoldenCase(name: "circle_polygon", maximum: 10, mean: 0.05, reason: skia + "; short edges at 0.6 alpha"),
        GoldenCase(name: "holes_nonzero", maximum: 2, mean: 0.02, reason: "axis-aligned edges at quarter pixels, which Skia samples exactly"),
        GoldenCase(name: "holes_evenodd", maximum: 2, mean: 0.03, reason: "axis-aligned edges at quarter pixels, which Skia samples exactly"),
        GoldenCase(name: "offscreen_all_sides", maximum: 12, mean: 0.2, reason: skia),
        GoldenCase(name: "large_coordinates", maximum: 2, mean: 0.02, reason: skia + "; the visible edges are nearly diagonal"),
        GoldenCase(name: "thin_slivers", maximum: 32, mean: 1.8, reason: skia + "; slivers thinner than Skia's sample spacing, so every pixel is an edge pixel"),
        GoldenCase(name: "tiny_shapes", maximum: 16, mean: 0.05, reason: skia + "; sub-pixel shapes"),
        GoldenCase(name: "overlap_alpha", maximum: 24, mean: 0.25, reason: skia),
        GoldenCase(name: "exact_triangle", maximum: 1, mean: 0.02, reason: exact),
        GoldenCase(name: "exact_concave", maximum: 1, mean: 0.02, reason: exact),
        GoldenCase(name: "exact_slivers", maximum: 1, mean: 0.06, reason: exact),
        GoldenCase(name: "exact_offscreen", maximum: 1, mean: 0.02, reason: exact),
        GoldenCase(name: "exact_large_coordinates", maximum: 1, mean: 0.02, reason: exact),
        GoldenCase(name: "clip_rect", maximum: 32, mean: 0.1, outliers: 2, reason: skia + crossings),
        GoldenCase(name: "clip_mask_circle", maximum: 40, mean: 0.25, reason: skia + "; its clip mask is sampled too, and the two errors multiply"),
        GoldenCase(name: "clip_mask_intersection", maximum: 24, mean: 0.2, reason: skia + "; its clip masks are sampled too"),
        GoldenCase(name: "blur_sigma_0_5", maximum: 3, mean: 0.15, reason: blur + "; at σ 0.5 the sampled kernel is 0.107, 0.786, 0.107"),
        GoldenCase(name: "blur_sigma_3", maximum: 4, mean: 0.35, reason: blur),
        GoldenCase(name: "blur_sigma_12", maximum: 4, mean: 0.55, reason: blur),
        GoldenCase(name: "blur_sigma_100", maximum: 3, mean: 0.75, reason: blur + "; the box kernel's shorter tails move 6% of the mass that the Gaussian keeps in this 1.6σ-wide region"),
    ]
}

@Suite("Golden images")
struct GoldenTests {
    @Test("matches the independent reference", arguments: GoldenCase.all)
    func golden(_ testCase: GoldenCase) throws {
        let golden = try GoldenImage(named: testCase.name)
        let ours = try golden.render()
        let difference = PixelDifference(ours, golden.reference)
        PNGWriter.writeIfRequested(ours, name: testCase.name + ".ours")
        PNGWriter.writeIfRequested(golden.reference, name: testCase.name + ".reference")
        print("golden \(testCase.name): \(difference)")
        #expect(difference.pixels(over: testCase.maximum) <= testCase.outliers, "\(testCase.name): \(difference) (\(testCase.reason))")
        #expect(difference.mean <= testCase.mean, "\(testCase.name): \(difference) (\(testCase.reason))")
    }

    @Test("every reference in Golden/ is used by a case, and every case has its reference")
    func noUnusedGoldens() throws {
        let files = try GoldenImage.allNames()
        let cases = Set(GoldenCase.all.map(\.name))
        #expect(files.subtracting(cases).isEmpty, "references no test uses: \(files.subtracting(cases).sorted())")
        #expect(cases.subtracting(files).isEmpty, "cases without a reference: \(cases.subtracting(files).sorted())")
    }
}
