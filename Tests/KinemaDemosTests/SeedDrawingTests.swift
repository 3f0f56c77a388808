// The seed drawings (`kinema draw`, KinemaDemos' SeedDrawings) against their regression images,
// Golden/seed-<name>.png: rendered by this code at scale 2 and looked at when committed, so they
// guard against change, they do not prove the drawing right (KINEMA_UPDATE_GOLDEN=1 swift test
// --filter SeedDrawingTests rewrites them).

import Foundation
import Kinema
import KinemaDemos
import KinemaTestSupport
import Testing

@Suite("Seed drawings")
struct SeedDrawingTests {
    /// The Golden/ files these tests read.
    static var goldenFiles: Set<String> { Set(SeedDrawings.all.map { "seed-\($0.name).png" }) }

    /// PNG keeps straight alpha: edge pixels of these transparent-background drawings come back
    /// within a level of the premultiplied values; anything more is a change in drawing.
    static let folder = GoldenFolder("Golden", in: .module)

    static let seedTolerance = GoldenTolerance(maximum: 1, mean: 1, reason: "straight-alpha PNG round trip of translucent edge pixels")

    @Test("seed drawings match their regression images (self-rendered: a guard, not proof)",
          arguments: SeedDrawings.all.map(\.name))
    func seedRegression(_ name: String) throws {
        let image = try #require(SeedDrawings.render(name, scale: 2))
        try Self.folder.expect(image.pixmap, matchesFile: "seed-\(name).png", within: Self.seedTolerance)
    }
}
