// FuzzCorpusTests: the committed seed corpora of the paths and layers fuzz targets run through the
// targets' bodies in the normal suite, and the inputs the fuzzers found to fail, each kept as a
// regression test (issue 19, "keep it so").
//
// Audited against: Scripts/fuzz.sh, Tests/Fuzz/corpus/{paths,layers}/. Status: complete.

import Foundation
import KinemaFuzzing
import KinemaSupport
import Testing

@Suite("Fuzz corpora") @MainActor
struct FuzzCorpusTests {
    /// Tests/Fuzz/corpus/<target>/, found from this file's place in the source tree.
    static func corpus(_ target: String, sourceFile: String = #filePath) throws -> [(String, [UInt8])] {
        let folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/\(target)")
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
