// `kinema bench scene`: the reference compositing scene (Scripts/bench/scene/README.md) as a layer tree,
// timed frame by frame, single-threaded and on all cores, and drawn through CGContext
// (BenchSceneContext.swift, one thread), beside the peer renderers run in the same process tree on
// the same scene.
//
// Timing: one untimed warm-up frame, then `--frames` frames; each frame sets the layers'
// properties in a transaction (BenchScene.apply) and renders (BenchSceneRenderer.renderFrame).
// The per-frame numbers are computed before timing, as the peers do. Figures: milliseconds per
// frame, mean over the frames, as wall time and as CPU time (the thread's for one thread, the
// process's for all cores, so CPU above wall shows the parallel work). Only release builds give
// meaningful figures (`swift run -c release kinema bench scene`).
import ArgumentParser
import Foundation
import Kinema
import KinemaRaster

struct BenchSceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Time the reference compositing scene (200 layers, 20 shape layers, 30 bitmaps) beside the peer renderers.",
        discussion: """
            Examples:
              kinema bench scene
              kinema bench scene --frames 30 --no-shadows --out scene-frames/
              kinema bench scene --pipeline cgcontext
            """
    )

    @Option(help: "Frames timed after the warm-up frame.")
    var frames: Int = 120

    @Flag(help: "Leave out the 50 shadows.")
    var noShadows = false

    @Option(help: "Which Kinema rows to time: layers (the layer tree through the compositor), cgcontext (drawn through CGContext) or both.")
    var pipeline: Pipeline = .both

    enum Pipeline: String, ExpressibleByArgument, CaseIterable {
        case both, layers, cgcontext
    }

    @Option(help: "Write frame 60 (Kinema's and each peer's) as PNG into this folder.")
    var out: String?

    @Option(help: "The folder of the peers' scripts (bench_skia.py …); default Scripts/bench/scene in the package.")
    var peersDir: String?

    @OptionGroup var peers: BenchPeerOptions

    /// The frame written as PNG (the README's).
    static let savedFrame = 60

    func validate() throws {
        guard (1 ... 100_000).contains(frames) else { throw ValidationError("--frames must be between 1 and 100000") }
    }

    func run() throws {
        try MainActor.assumeIsolated { try runOnMain() }
    }

    @MainActor
    private func runOnMain() throws {
        let (file, bitmap) = try BenchScene.loadFile()
        let scene = BenchScene(file: file, bitmap: bitmap, shadows: !noShadows)
        let timeline = (0 ... max(frames, Self.savedFrame)).map { scene.frame($0) }
        print(BenchMachine.current.header.replacingOccurrences(of: ", one thread", with: ""))
        print("scene: \(file.width)×\(file.height), \(file.rects.count) layers (\(noShadows ? "no" : "\(file.rects.filter(\.shadow).count)") shadows), "
              + "\(file.paths.count) shape layers, \(file.bitmap.instances.count) bitmap layers; \(frames) frames after one warm-up")
        let outFolder = out.map { URL(fileURLWithPath: $0) }
        if let outFolder { try FileManager.default.createDirectory(at: outFolder, withIntermediateDirectories: true) }

        var results: [(name: String, timing: SceneTiming)] = []
        let cores = ProcessInfo.processInfo.activeProcessorCount
        for threads in pipeline == .cgcontext ? [] : Set([1, cores]).sorted() {
            let renderer = try BenchSceneRenderer(width: file.width, height: file.height, threads: threads)
            let timing = Self.measure(scene: scene, renderer: renderer, timeline: timeline, frames: frames, threads: threads)
            let name = threads == 1 ? "kinema 1 thread" : "kinema \(threads) threads"
            results.append((name, timing))
            print(timing.line(name: name))
            if threads == 1, let outFolder {
                scene.apply(timeline[Self.savedFrame])
                let url = outFolder.appendingPathComponent("kinema_frame\(Self.savedFrame).png")
                try RasterWorkload.writePNG(renderer.renderFrame(scene.root), to: url)
                print("  wrote \(url.path)")
            }
        }
        if pipeline != .layers {
            let renderer = try BenchSceneContextRenderer(file: file, bitmap: bitmap, shadows: !noShadows)
            let timing = BenchSceneContextRenderer.measure(renderer, timeline: timeline, frames: frames)
            results.append(("kinema CGContext", timing))
            print(timing.line(name: "kinema CGContext"))
            if let outFolder {
                renderer.draw(timeline[Self.savedFrame])
                let url = outFolder.appendingPathComponent("kinema_cgcontext_frame\(Self.savedFrame).png")
                if let pixmap = renderer.pixmap() { try RasterWorkload.writePNG(pixmap, to: url) }
                print("  wrote \(url.path)")
            }
        }
        guard !peers.noPeers else { return }
        print("")
        guard let peersFolder = BenchScenePeers.folder(option: peersDir) else {
            print("peers: no peers folder (looked for Scripts/bench/scene in the package; pass --peers-dir); skipped")
            return
        }
        let peers = BenchScenePeers.run(folder: peersFolder, frames: frames, noShadows: noShadows, out: outFolder)
        for note in peers.notes { print("peers: \(note)") }
        // Each one-thread Kinema row as a ratio to each peer's time.
        let kinemaRows = results.filter { $0.timing.threads == 1 }
        guard !kinemaRows.isEmpty else { return }
        for figure in peers.figures {
            var line = "\(figure.name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(String(format: "%8.2f", figure.milliseconds)) ms/frame wall"
            line += "   " + kinemaRows.map { row in
                let label = row.name == "kinema CGContext" ? "Kinema CGContext" : "Kinema layers 1 thread"
                return String(format: "%@ is %.2f× its time", label, row.timing.wallMilliseconds / figure.milliseconds)
            }.joined(separator: ", ")
            if figure.shadowsOff && !noShadows { line += " (the peer draws no shadows: compare with --no-shadows)" }
            print(line)
        }
    }

    struct SceneTiming {
        var wallMilliseconds: Double
        var cpuMilliseconds: Double
        var updateMilliseconds: Double
        var threads: Int

        func line(name: String) -> String {
            String(format: "%@ %8.2f ms/frame wall  %8.2f ms/frame CPU (%@)  of which property updates %.2f ms",
                   name.padding(toLength: 18, withPad: " ", startingAt: 0), wallMilliseconds, cpuMilliseconds,
                   threads == 1 ? "thread" : "process", updateMilliseconds)
        }
    }

    @MainActor
    static func measure(scene: BenchScene, renderer: BenchSceneRenderer, timeline: [BenchSceneFrame], frames: Int,
                        threads: Int) -> SceneTiming {
        let cpu = threads == 1 ? threadCPUSeconds : processCPUSeconds
        scene.apply(timeline[0])
        var checksum = checksumOf(renderer.renderFrame(scene.root))   // warm-up
        var update = 0.0
        let wallStart = wallSeconds(), cpuStart = cpu()
        for t in 0 ..< frames {
            let u = wallSeconds()
            scene.apply(timeline[t])
            update += wallSeconds() - u
            checksum &+= checksumOf(renderer.renderFrame(scene.root))
        }
        let wall = wallSeconds() - wallStart, used = cpu() - cpuStart
        blackHole(Double(checksum))
        let n = Double(frames)
        return SceneTiming(wallMilliseconds: wall * 1000 / n, cpuMilliseconds: used * 1000 / n,
                           updateMilliseconds: update * 1000 / n, threads: threads)
    }

    /// One pixel of the frame, so the work that made it stays.
    private static func checksumOf(_ pixmap: Pixmap) -> Int {
        Int(pixmap.storage.first ?? 0)
    }
}

/// CPU seconds consumed by the whole process (all threads).
func processCPUSeconds() -> Double {
    var spec = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec) == 0 else { return 0 }
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}
