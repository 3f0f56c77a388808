// CGContext drawing against references drawn by Skia (Scripts/references/cg_references.py). (The
// seed drawings' regression images are in KinemaDemosTests, with the drawings.)
import Foundation
import KinemaRaster
import KinemaTestSupport
import Testing
@testable import OpenCoreGraphics

@Suite("Golden images")
struct GoldenTests {
    @Test("CGContext matches Skia", arguments: GoldenCase.all)
    func skiaReference(_ testCase: GoldenCase) throws {
        let context = try Golden.whiteContext()
        testCase.draw(context)
        let ours = try #require(context.makeImage()).pixmap
        let reference = try Golden.folder.pixmap(testCase.name + ".png")
        Golden.folder.expect(ours, matches: reference, named: testCase.name, within: testCase.tolerance)
    }

    @Test("every file in Golden/ is used by a case")
    func noUnusedGoldens() throws {
        try Golden.folder.expectInventory(Set(GoldenCase.all.map { $0.name + ".png" }))
    }

    @Test("the Golden folder stays under 2 MB")
    func goldenFolderSize() throws {
        let directory = try #require(Golden.folder.bundled)
        let total = try Golden.folder.fileNames().reduce(0) { sum, file in
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(file).path)
            return sum + ((attributes[.size] as? Int) ?? 0)
        }
        #expect(total < 2_000_000)
    }
}
