// CGContext drawing against references drawn by Skia (Scripts/references/cg_references.py). (The
// seed drawings' regression images are in KinemaDemosTests, with the drawings.)
import Foundation
import KinemaRaster
import Testing
@testable import OpenCoreGraphics

@Suite("Golden images")
struct GoldenTests {
    @Test("CGContext matches Skia", arguments: GoldenCase.all)
    func skiaReference(_ testCase: GoldenCase) throws {
        let context = try Golden.whiteContext()
        testCase.draw(context)
        let ours = try #require(context.makeImage()).pixmap
        let reference = try Golden.load(testCase.name + ".png")
        #expect(ours.width == reference.width && ours.height == reference.height)
        let difference = PixelDifference(ours, reference)
        Golden.writeIfRequested(ours, name: testCase.name + ".ours")
        Golden.writeIfRequested(reference, name: testCase.name + ".skia")
        print("golden \(testCase.name): \(difference)")
        #expect(difference.pixels(over: testCase.maximum) <= testCase.outliers, "\(testCase.name): \(difference) (\(testCase.reason))")
        #expect(difference.mean <= testCase.mean, "\(testCase.name): \(difference) (\(testCase.reason))")
    }

    @Test("every file in Golden/ is used by a case")
    func noUnusedGoldens() throws {
        let used = Set(GoldenCase.all.map { $0.name + ".png" })
        let present = try Golden.fileNames()
        #expect(present.subtracting(used).isEmpty, "unused: \(present.subtracting(used).sorted())")
        #expect(used.subtracting(present).isEmpty, "missing: \(used.subtracting(present).sorted())")
    }

    @Test("the Golden folder stays under 2 MB")
    func goldenFolderSize() throws {
        let directory = try #require(Golden.directory)
        let total = try Golden.fileNames().reduce(0) { sum, file in
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(file).path)
            return sum + ((attributes[.size] as? Int) ?? 0)
        }
        #expect(total < 2_000_000)
    }
}
