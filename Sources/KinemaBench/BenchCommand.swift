// `kinema bench`: measures the hot paths, one line per figure.
//
// Timing maths: operations per second on one core (single thread), the best of several timed
// rounds after a warm-up round (thread CPU time). Pixels: milliseconds per run of a fixed piece
// of drawing work (Benchmark+Pixels.swift), then the same work done by the peer renderers in the
// same run (BenchPeers+Python.swift) with the ratios and the memcpy floor. Only release builds
// give meaningful figures (`swift run -c release kinema bench`); a debug build says so in its header.
// Module KinemaBench: the `kinema` executable registers this command; nothing else is public.
import ArgumentParser
import Foundation
import KinemaRaster

public struct BenchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Kinema's hot paths (timing maths: operations per second; pixels: ms per run, beside peer renderers).",
        discussion: """
            Examples:
              kinema bench                                  (everything; a few minutes)
              kinema bench --filter raster.blur --runs 3
              kinema bench --no-peers --write-images pictures/
              kinema bench scene --frames 60
            """,
        subcommands: [BenchSceneCommand.self]
    )

    @Option(help: "Only run benchmarks whose name contains this text.")
    var filter: String?

    @Option(help: "Timed rounds per timing-maths benchmark; the best round is reported.")
    var rounds: Int = 5

    @Option(help: "Minimum seconds per timed round (timing maths).")
    var seconds: Double = 0.2

    @Option(help: "Timed runs per pixel benchmark, Kinema's and each peer's; the best run is reported.")
    var runs: Int = 9

    @OptionGroup var peers: BenchPeerOptions

    @Option(help: "Write the pixel benchmarks' work (workload.json, image.png, blur-source.png) into this folder and exit.")
    var exportWorkload: String?

    @Option(help: "Write each pixel benchmark's picture as PNG into this folder (the peers' too).")
    var writeImages: String?

    public init() {}

    public func validate() throws {
        guard rounds >= 1 else { throw ValidationError("--rounds must be at least 1") }
        guard seconds.isFinite, seconds > 0 else { throw ValidationError("--seconds must be a positive number") }
        guard (1 ... 1000).contains(runs) else { throw ValidationError("--runs must be between 1 and 1000") }
    }

    public func run() throws {
        if let exportWorkload {
            let folder = URL(fileURLWithPath: exportWorkload)
            try RasterWorkload.standard.export(to: folder, blurSource: BenchSuite.blurSource)
            print("wrote workload.json, image.png and blur-source.png to \(folder.path)")
            return
        }
        print(BenchMachine.current.header)
        let matches = { (name: String) in filter.map { name.contains($0) } ?? true }
        let timing = BenchSuite.all.filter { matches($0.name) }
        let pixels = BenchSuite.pixels.filter { matches($0.name) }
        if timing.isEmpty && pixels.isEmpty {
            let known = (BenchSuite.all.map(\.name) + BenchSuite.pixels.map(\.name)).joined(separator: ", ")
            print("no benchmark matches \"\(filter ?? "")\"; known: \(known)")
            throw ExitCode(1)
        }
        let nameWidth = timing.map(\.name.count).max() ?? 0
        for benchmark in timing {
            let result = benchmark.measure(rounds: rounds, minimumSeconds: seconds)
            print(result.line(nameWidth: nameWidth, machine: BenchMachine.current.short))
            for note in benchmark.notes?() ?? [] { print("    " + note) }
        }
        if !pixels.isEmpty { try runPixels(pixels) }
    }

    private func runPixels(_ pixels: [PixelBenchmark]) throws {
        if !BenchSuite.all.filter({ filter.map($0.name.contains) ?? true }).isEmpty { print("") }
        print(PixelReport.header(runs: runs))
        let images = writeImages.map { URL(fileURLWithPath: $0) }
        if let images { try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true) }
        let nameWidth = pixels.map(\.name.count).max() ?? 0
        var ours: [(name: String, timing: PixelBenchmark.Timing)] = []
        for benchmark in pixels {
            let timing = benchmark.measure(runs: runs)
            ours.append((benchmark.name, timing))
            print(PixelReport.line(name: benchmark.name, summary: benchmark.summary, timing: timing, nameWidth: nameWidth))
            if let images {
                try RasterWorkload.writePNG(benchmark.picture(), to: images.appendingPathComponent("kinema-\(benchmark.name).png"))
            }
        }
        let floor = MemcpyFloor.measure(runs: runs)
        print(PixelReport.line(name: "memcpy floor".padding(toLength: nameWidth, withPad: " ", startingAt: 0),
                               summary: "one 1280×720×4-byte copy", timing: floor, nameWidth: nameWidth))
        print("")
        if !peers.noPeers, ours.contains(where: { $0.name.hasPrefix("text.") }) {
            TextBenchPeer.report(ours: ours, runs: runs, images: images).forEach { print($0) }
            print("")
        }
        guard !peers.noPeers, pixels.contains(where: \.hasPeers) else { return }
        let workload = FileManager.default.temporaryDirectory
            .appendingPathComponent("kinema-bench-workload-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: workload) }
        do {
            try RasterWorkload.standard.export(to: workload, blurSource: BenchSuite.blurSource)
        } catch {
            print("peers: could not write the workload to \(workload.path): \(error)")
            return
        }
        guard let peers = BenchPeers.run(workload: workload, benchmarks: pixels.filter(\.hasPeers).map(\.name), runs: runs, imagesDirectory: images) else {
            PixelReport.peersMissing(home: BenchPeers.home).forEach { print($0) }
            return
        }
        PixelReport.table(ours: ours, peers: peers, floor: floor).forEach { print($0) }
    }
}

/// `--no-peers`, shared by `bench` and `bench scene`. One declaration included in both through
/// `@OptionGroup`: with a flag of the same name declared in each, the parent command took it and
/// `bench scene --no-peers` still ran the peers.
public struct BenchPeerOptions: ParsableArguments, Sendable {
    @Flag(help: "Do not run the peer renderers.")
    var noPeers = false

    public init() {}
}
