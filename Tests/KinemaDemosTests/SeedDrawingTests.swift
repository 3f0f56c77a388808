// The seed drawings (`kinema draw`, KinemaDemos' SeedDrawings) against their regression images,
// Golden/seed-<name>.png: rendered by this code at scale 2 and looked at when committed, so they
// guard against change, they do not prove the drawing right (KINEMA_UPDATE_GOLDEN=1 swift test
// --filter SeedDrawingTests rewrites them).

import Foundation
import Kinema
import KinemaDemos
import KinemaImageIO
import Testing

@Suite("Seed drawings")
struct SeedDrawingTests {
    /// The Golden/ files these tests read.
    static var goldenFiles: Set<String> { Set(SeedDrawings.all.map { "seed-\($0.name).png" }) }

    @Test("seed drawings match their regression images (self-rendered: a guard, not proof)",
          arguments: SeedDrawings.all.map(\.name))
    func seedRegression(_ name: String) throws {
        let image = try #require(SeedDrawings.render(name, scale: 2))
        let ours = Image(image.pixmap)
        let file = "seed-\(name).png"
        if ProcessInfo.processInfo.environment["KINEMA_UPDATE_GOLDEN"] == "1" {
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
            try ours.png().write(to: folder.appendingPathComponent(file))
            return
        }
        let url = try #require(Bundle.module.url(forResource: "Golden/\(file)", withExtension: nil), "missing golden \(file)")
        let reference = Image(try PNGDecoder.decode(Data(contentsOf: url)))
        // PNG keeps straight alpha: edge pixels of these transparent-background drawings come back
        // within a level of the premultiplied values; anything more is a change in drawing.
        let difference = try #require(ours.difference(from: reference, threshold: 1),
                                      "\(file): size \(ours.width)×\(ours.height) vs \(reference.width)×\(reference.height)")
        #expect(difference.farFraction == 0, "\(file): \(difference)")
    }
}
