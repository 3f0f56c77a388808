// FuzzCorpusTests: the committed seed corpora of the paths and layers fuzz targets run through the
// targets' bodies in the normal suite, and the inputs the fuzzers found to fail, each kept as a
// regression test (issue 19, "keep it so").
//
// Audited against: Scripts/fuzz.sh, Tests/Fuzz/corpus/{paths,layers}/, Tests/Fuzz/regressions/.
// Status: complete.

import Foundation
import KinemaFuzzing
import OpenCoreGraphics
import KinemaSupport
import Testing

@Suite("Fuzz corpora") @MainActor
struct FuzzCorpusTests {
    /// Tests/Fuzz/corpus/<target>/, found from this file's place in the source tree.
    static func corpus(_ target: String, folder kind: String = "corpus", sourceFile: String = #filePath) throws -> [(String, [UInt8])] {
        let folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/\(kind)/\(target)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { ($0, [UInt8](try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    @Test("every paths seed builds a path and paints the canvas, the same way twice")
    func pathSeeds() throws {
        let seeds = try Self.corpus("paths")
        #expect(seeds.count >= 5)
        for (name, bytes) in seeds {
            let (summary, _) = KinemaDiagnostics.collecting { PathsFuzz.run(bytes) }
            let again = KinemaDiagnostics.collecting { PathsFuzz.run(bytes) }.0
            #expect(summary == again, "\(name)")
            #expect(!summary.contains("elements 0,"), "\(name): \(summary)")
            if name != "extremes" { #expect(!summary.hasSuffix("painted 0 px"), "\(name): \(summary)") }
        }
    }

    @Test("the paths fuzzer's slow inputs: the whole-path copies are skipped over the chord budget, and the canvas still painted")
    func pathRegressions() throws {
        // Each took 10–16 s and 1 GB in a debug build (150 s under the fuzzer's sanitizers): 61–62
        // arcs of radius up to 10^9 whose flattened copy had a million points and whose stroke
        // outline (replacePathWithStrokedPath) had 9–16 million elements.
        // The fourth (paths-oom-…, 2026-11-29) stroked a dashed copy of 62 k curves through a
        // transform scaling x by 10^9 (so a pen of 4·10^9 px reaching the 48 × 48 canvas from
        // anywhere): billions of chords at 2.5·10^-10 user units, 3.4 GB and 35 s; the stroke's
        // chord budget (Path.maxStrokeCurveChords) makes it 0.3 GB and under 4 s.
        let inputs = try Self.corpus("paths", folder: "regressions")
        #expect(inputs.count == 4)
        for (name, bytes) in inputs {
            let (summary, _) = KinemaDiagnostics.collecting { PathsFuzz.run(bytes) }
            #expect(summary.hasPrefix("ops "), "\(name)")
            #expect(!summary.hasSuffix("painted 0 px"), "\(name): \(summary)")
        }
    }

    @Test("the chord estimate that budgets the copies follows the flattened size")
    func chordEstimate() {
        let circle = CGMutablePath()
        circle.addEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 40))
        let flattened = circle.flattened(threshold: 0.25)
        var chords = 0
        flattened.applyWithBlock { element in if element.pointee.type != .moveToPoint { chords += 1 } }
        let estimate = PathsFuzz.estimatedChords(circle)
        // Four quarter arcs of radius 20: a few dozen chords, the estimate within a factor of 2.
        #expect(chords >= 8 && estimate >= chords / 2 && estimate <= chords * 2, "estimate \(estimate), flattened \(chords)")
        let huge = CGMutablePath()
        huge.addRelativeArc(center: .zero, radius: 1e9, startAngle: 0, delta: 2 * .pi)
        #expect(PathsFuzz.estimatedChords(huge) > PathsFuzz.maximumChordsForCopies)
        // A second difference that overflows to infinity counts the per-curve cap.
        let overflowing = CGMutablePath()
        overflowing.move(to: .zero)
        overflowing.addCurve(to: CGPoint(x: 1, y: 1), control1: CGPoint(x: 1e308, y: 1e308), control2: .zero)
        #expect(PathsFuzz.estimatedChords(overflowing) == 16_384)
    }

    @Test("every layers seed makes layers and renders frames, the same way twice")
    func layerSeeds() throws {
        let seeds = try Self.corpus("layers")
        #expect(seeds.count >= 5)
        for (name, bytes) in seeds {
            let (summary, _) = KinemaDiagnostics.collecting { LayersFuzz.run(bytes) }
            let again = KinemaDiagnostics.collecting { LayersFuzz.run(bytes) }.0
            #expect(summary == again, "\(name)")
            #expect(!summary.contains("layers 1,"), "\(name): \(summary)")
            #expect(!summary.hasSuffix("painted 0 px"), "\(name): \(summary)")
        }
    }

    @Test("empty and all-0xFF inputs are complete programs")
    func degenerateInputs() {
        let paths = KinemaDiagnostics.collecting { PathsFuzz.run([]) }.0
        #expect(paths.hasPrefix("ops 0,"))
        let layers = KinemaDiagnostics.collecting { LayersFuzz.run([UInt8](repeating: 0xFF, count: 200)) }.0
        #expect(layers.hasPrefix("ops "))
    }
}
