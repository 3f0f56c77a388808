// Golden-image tests of the Core Animation compositor: each scene of CompositorGolden/scenes.json
// is built as a CALayer tree, drawn by `Compositor`, and compared with the picture that
// Scripts/references/compositor_goldens.py drew for it with Skia, following Core Animation's
// documented rules on its own (that script's header lists them, with Apple's documents).
//
// Each scene states its tolerance and the reason for it (anti-aliasing of edges drawn by two
// rasterizers, blur kernels, resampling). On failure the message names the worst pixel, and
// Kinema's picture, the reference and an amplified difference are written to
// $TMPDIR/kinema-compositor-golden/ for looking at (or to $KINEMA_TEST_OUTPUT when set).
// A PNG in the folder that no scene uses, or a scene without its PNG, fails the inventory test.
import Foundation
import KinemaImageIO
import KinemaRaster
@testable import KinemaRenderServer
@testable import OpenQuartzCore
import Testing

enum CompositorGolden {
    static var directory: URL? { Bundle.module.url(forResource: "CompositorGolden", withExtension: nil) }

    static func load() throws -> [GoldenScene] {
        guard let url = directory?.appendingPathComponent("scenes.json") else { throw GoldenSceneError.missing("scenes.json") }
        return try JSONDecoder().decode(GoldenSceneFile.self, from: Data(contentsOf: url)).scenes
    }

    /// The scenes, read once (empty when the file does not decode; the inventory test then fails).
    static let scenes: [GoldenScene] = (try? load()) ?? []
    static var sceneNames: [String] { scenes.map(\.name) }

    static func pixmap(_ file: String) throws -> Pixmap {
        guard let url = directory?.appendingPathComponent(file), FileManager.default.fileExists(atPath: url.path) else {
            throw GoldenSceneError.missing(file)
        }
        let image = try PNGDecoder.decode(Data(contentsOf: url))
        return try Pixmap(width: image.width, height: image.height, premultipliedBytes: image.pixels)
    }

    static func png(_ pixmap: Pixmap) throws -> Data {
        try PNGEncoder.encode(DecodedImage(width: pixmap.width, height: pixmap.height, pixels: pixmap.premultipliedBytes))
    }

    /// Where failing scenes' pictures go.
    static var outputFolder: URL {
        if let folder = ProcessInfo.processInfo.environment["KINEMA_TEST_OUTPUT"], !folder.isEmpty {
            return URL(fileURLWithPath: folder).appendingPathComponent("compositor-golden")
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("kinema-compositor-golden")
    }

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

/// Per-channel differences between two pixmaps of one size, with the worst pixel's place.
struct CompositorDifference: CustomStringConvertible {
    var maximum = 0
    var mean = 0.0
    var worst = (x: 0, y: 0, ours: [UInt8](), reference: [UInt8]())
    /// How many pixels differ by more than 16 in some channel.
    var pixelsOver16 = 0
    var diffImage: [UInt8] = []

    init(_ ours: Pixmap, _ reference: Pixmap) {
        let a = ours.premultipliedBytes, b = reference.premultipliedBytes
        var total = 0
        diffImage = [UInt8](repeating: 255, count: a.count)
        for i in stride(from: 0, to: min(a.count, b.count), by: 4) {
            var pixelWorst = 0
            for k in 0 ..< 4 {
                let d = abs(Int(a[i + k]) - Int(b[i + k]))
                total += d
                pixelWorst = max(pixelWorst, d)
            }
            if pixelWorst > 16 { pixelsOver16 += 1 }
            // The difference image: white where equal, darker red the larger the difference (× 4).
            let shade = UInt8(max(0, 255 - min(255, pixelWorst * 4)))
            diffImage[i] = 255
            diffImage[i + 1] = shade
            diffImage[i + 2] = shade
            if pixelWorst > maximum {
                maximum = pixelWorst
                let p = i / 4
                worst = (p % ours.width, p / ours.width, Array(a[i ..< i + 4]), Array(b[i ..< i + 4]))
            }
        }
        mean = Double(total) / Double(max(a.count, 1))
    }

    var description: String {
        "max \(maximum) at (\(worst.x), \(worst.y)) Kinema \(worst.ours) reference \(worst.reference), "
            + "mean \(String(format: "%.3f", mean)), \(pixelsOver16) pixels differ by more than 16"
    }
}

@Suite("Compositor goldens (Skia references drawn by Core Animation's documented rules)")
struct CompositorGoldenTests {
    @Test("scenes.json decodes, every scene has its reference PNG and every PNG in the folder is used")
    func inventory() throws {
        let scenes = try CompositorGolden.load()
        #expect(scenes.count >= 16)
        #expect(Set(scenes.map(\.name)).count == scenes.count, "scene names are unique")
        guard let directory = CompositorGolden.directory else { throw GoldenSceneError.missing("") }
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        let contents = scenes.reduce(into: Set<String>()) { $0.formUnion($1.root.contentsFiles) }
        let expected = Set(scenes.map { $0.name + ".png" }).union(contents).union(["scenes.json"])
        let missing = expected.subtracting(files)
        let unused = files.subtracting(expected)
        #expect(missing.isEmpty, "missing from CompositorGolden: \(missing.sorted())")
        #expect(unused.isEmpty, "in CompositorGolden but used by no scene: \(unused.sorted())")
    }

    @MainActor
    @Test("the compositor's picture matches the reference within the scene's tolerance", arguments: CompositorGolden.sceneNames)
    func scene(_ name: String) throws {
        let scene = try #require(CompositorGolden.scenes.first { $0.name == name })
        let reference = try CompositorGolden.pixmap(name + ".png")
        let ours = try CompositorGolden.render(scene)
        try #require(ours.width == reference.width && ours.height == reference.height,
                     "\(name): Kinema drew \(ours.width)×\(ours.height), the reference is \(reference.width)×\(reference.height)")
        let difference = CompositorDifference(ours, reference)
        let passed = difference.maximum <= scene.tolerance.max && difference.mean <= scene.tolerance.mean
        if !passed || ProcessInfo.processInfo.environment["KINEMA_TEST_OUTPUT"] != nil {
            let folder = CompositorGolden.outputFolder
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? CompositorGolden.png(ours).write(to: folder.appendingPathComponent("\(name)-kinema.png"))
            try? CompositorGolden.png(reference).write(to: folder.appendingPathComponent("\(name)-reference.png"))
            if let diff = try? Pixmap(width: ours.width, height: ours.height, premultipliedBytes: difference.diffImage) {
                try? CompositorGolden.png(diff).write(to: folder.appendingPathComponent("\(name)-diff.png"))
            }
        }
        #expect(passed, """
            \(name): \(difference); tolerance max \(scene.tolerance.max), mean \(scene.tolerance.mean) \
            (\(scene.tolerance.reason)). Pictures in \(CompositorGolden.outputFolder.path)
            """)
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
        let difference = CompositorDifference(three, one)
        #expect(difference.maximum == 0, "\(name): three bands against one: \(difference)")
    }
}
