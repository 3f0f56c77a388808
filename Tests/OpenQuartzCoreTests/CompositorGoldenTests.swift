// Golden-image tests of the Core Animation compositor: each scene of CompositorGolden/scenes.json
// is built as a CALayer tree, drawn by `Compositor`, and compared with the picture that
// Scripts/references/compositor_goldens.py drew for it with Skia, following Core Animation's
// documented rules on its own (that script's header lists them, with Apple's documents).
//
// Each scene states its tolerance and the reason for it (anti-aliasing of edges drawn by two
// rasterizers, blur kernels, resampling). On failure the message names the worst pixel, and
// Kinema's picture, the reference and an amplified difference are written to
// $TMPDIR/kinema-tests/OpenQuartzCoreTests/CompositorGolden/ for looking at (KinemaTestSupport's
// golden harness). A PNG in the folder that no scene uses, or a scene without its PNG, fails the
// inventory test.
import Foundation
import KinemaImageIO
import KinemaRaster
@testable import KinemaRenderServer
import KinemaTestSupport
import Testing
@testable import OpenQuartzCore
import Testing

enum CompositorGolden {
    static let folder = GoldenFolder("CompositorGolden", in: .module)

    static func load() throws -> [GoldenScene] {
        try JSONDecoder().decode(GoldenSceneFile.self, from: Data(contentsOf: folder.url("scenes.json"))).scenes
    }

    /// The scenes, read once (empty when the file does not decode; the inventory test then fails).
    static let scenes: [GoldenScene] = (try? load()) ?? []
    static var sceneNames: [String] { scenes.map(\.name) }

    static func pixmap(_ file: String) throws -> Pixmap { try folder.pixmap(file) }

    /// Renders `scene` with Kinema's compositor.
    @MainActor
    static func render(_ scene: GoldenScene, threads: Int = 1) throws -> Pixmap {
        var images: [String: CGImage] = [:]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = try GoldenLayerBuilder.build(scene.root) { name in
            if let image = images[name] { return image }
            let image = CGImage(pixmap: try pixmap(name))
            images[name] = image
            return image
        }
        CATransaction.commit()
        var target = try Pixmap(width: scene.pixelWidth, height: scene.pixelHeight)
        Compositor(threads: threads).render(CompositeLayer(modelTree: root), into: &target, scale: CGFloat(scene.scale))
        return target
    }
}

@Suite("Compositor goldens (Skia references drawn by Core Animation's documented rules)")
struct CompositorGoldenTests {
    @Test("scenes.json decodes, every scene has its reference PNG and every PNG in the folder is used")
    func inventory() throws {
        let scenes = try CompositorGolden.load()
        #expect(scenes.count >= 16)
        #expect(Set(scenes.map(\.name)).count == scenes.count, "scene names are unique")
        let contents = scenes.reduce(into: Set<String>()) { $0.formUnion($1.root.contentsFiles) }
        try CompositorGolden.folder.expectInventory(Set(scenes.map { $0.name + ".png" }).union(contents).union(["scenes.json"])
            .union(FlipCurlScene.goldenFiles))
    }

    @MainActor
    @Test("the compositor's picture matches the reference within the scene's tolerance", arguments: CompositorGolden.sceneNames)
    func scene(_ name: String) throws {
        let scene = try #require(CompositorGolden.scenes.first { $0.name == name })
        let reference = try CompositorGolden.pixmap(name + ".png")
        let ours = try CompositorGolden.render(scene)
        let tolerance = GoldenTolerance(maximum: scene.tolerance.max, mean: scene.tolerance.mean, reason: scene.tolerance.reason)
        CompositorGolden.folder.expect(ours, matches: reference, named: name, within: tolerance)
    }

    /// The compositor splits a frame into bands, one per thread: the bands must meet without a
    /// trace, so the picture is the same, byte for byte, with one thread or three.
    @MainActor
    @Test("the picture is the same with one thread and with three (bands meet without seams)",
          arguments: CompositorGolden.sceneNames)
    func bands(_ name: String) throws {
        let scene = try #require(CompositorGolden.scenes.first { $0.name == name })
        let one = try CompositorGolden.render(scene, threads: 1)
        let three = try CompositorGolden.render(scene, threads: 3)
        let difference = try #require(GoldenDifference(three, one))
        #expect(difference.maximum == 0, "\(name): three bands against one: \(difference)")
    }
}
