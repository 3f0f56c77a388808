// `kinema demo`: records one of the Core Animation demos (module KinemaDemos) to a GIF, APNG,
// PNG sequence or video, or writes one frame of it as a PNG. On a terminal it shows a progress
// line; Ctrl-C finishes the output with the frames made so far (Recording.swift).
import ArgumentParser
import Foundation
import Kinema
import KinemaDemos
import KinemaImageIO

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Record a Core Animation demo (the seed articles' samples) to a GIF, APNG, PNG frames or video.",
        discussion: """
            The output format follows the extension: .gif, .apng or .png (animated PNG), .mp4 / .mov / .mkv / .webm \
            (needs ffmpeg), or a directory path ending in "/" (one PNG per frame). Without -o the demo is written \
            to NAME.gif. With --time T, the single frame at T seconds is written as a PNG (NAME.png by default). \
            `kinema demo --list` names the demos; docs/DEMOS.md describes them.

            On a terminal a progress line shows frames done, the rate and the time left (-q hides it). \
            Ctrl-C stops the recording and finishes the output with the frames made so far (a shorter GIF, \
            APNG, video or PNG sequence; exit status 130); a second Ctrl-C stops at once and removes the \
            unfinished file.

            --frames A..B records only frames A to B of the recording, B included (A..<B leaves B out; A.. runs \
            to the end; frames count from 0, at --fps): a shard, bit-identical to the same frames of a whole run. \
            Shards recorded as PNG frames (-o DIR/, files keep their frame numbers) or videos are joined by \
            `kinema merge`; docs/SCALING.md shows a recording split over cores or machines.

            Examples:
              kinema demo --list
              kinema demo basic-animations            (writes basic-animations.gif)
              kinema demo transitions -o transitions.mp4 --fps 60 --scale 2
              kinema demo shapes --size 210x90 --duration 1 -o shapes.apng
              kinema demo button --time 2.5 -o button.png   (one frame)
              kinema demo spinner -o frames/                (frames/frame_00000.png …)
              kinema demo spinner --frames 30..59 -o part2/  (frames 30 to 59 only)
            """
    )

    @Argument(help: "The demo to record (see --list).")
    var name: String?

    @Option(name: .shortAndLong, help: "Output file (.gif, .png, .apng, .mp4, .mov, .webm) or directory ending in '/'.")
    var output: String?

    @Option(help: "Frames per second, in (0, 1000] (default: the demo's, usually 30).")
    var fps: Double?

    @Option(help: "Pixels per point, in (0, 16].")
    var scale: Double = 1

    @Option(help: "Stage size in points, WxH (default: the demo's); the demo is scaled to fit, centred.")
    var size: String?

    @Option(help: "Seconds to record, in (0, 3600] (default: the demo's loop).")
    var duration: Double?

    @Option(help: "Write only the frame at this time (seconds) as a PNG.")
    var time: Double?

    @Option(help: "Record only these frames (a shard): A..B (B included), A..<B (B excluded) or A.. (to the end); from 0.")
    var frames: String?

    @Option(help: "Compositor threads per frame, 1…64 (default: one per core; 1 suits shards run one per core).")
    var threads: Int?

    @Flag(help: "Draw every frame whole, not only the bands that changed (the pixels are the same; for comparing costs).")
    var wholeFrames = false

    @Flag(help: "List the demos and exit.")
    var list = false

    @Flag(name: .shortAndLong, help: "No progress line on standard error (it is drawn only on a terminal anyway).")
    var quiet = false

    func run() throws {
        if list {
            printList(toStandardError: false)
            return
        }
        guard let name else { throw fail("name a demo, or pass --list to see them") }
        if output?.isEmpty == true {
            throw fail("the output path (-o) is empty: give a file name, or a folder ending in '/' for PNG frames")
        }
        guard let demo = Demo.named(name) else {
            Console.err("kinema demo: unknown demo \"\(name)\"; the demos and scenes are:\n")
            printList(toStandardError: true)
            throw ExitCode(1)
        }
        // The limits are KinemaDemos' (DemoLimits), the same `kinema play` checks.
        let stageSize: CGSize, fps: Double, duration: Double, pixels: (Int, Int)
        do throws(DemoLimitError) {
            stageSize = try size.map(DemoLimits.size) ?? demo.size
            _ = try DemoLimits.scale(scale)
            fps = try DemoLimits.fps(self.fps ?? demo.fps)
            duration = try DemoLimits.duration(self.duration ?? demo.duration, option: "--duration")
            pixels = try DemoLimits.pixels(size: stageSize, scale: scale, remedy: "lower --size or --scale")
            if let time { _ = try DemoLimits.time(time, option: "--time") }
        } catch {
            throw fail(error.description)
        }

        let threads = self.threads ?? ProcessInfo.processInfo.activeProcessorCount
        guard (1...64).contains(threads) else { throw fail("--threads \(threads) is outside 1…64") }
        // The recording's frame count at the checked rate, and the shard of it, if asked for.
        var shard: FrameShard?
        if let frames {
            guard time == nil else { throw fail("--frames records part of a recording; --time writes one frame: give one of them") }
            do {
                let count = try Stage.recordedFrameCount(duration: duration, fps: fps)
                let range = try FrameShard.parseRange(frames, frameCount: count)
                if range != 0..<count { shard = try FrameShard(frames: range, totalFrames: count) }
            } catch let error as EncodingError {
                throw fail("--frames: \(error.reason.replacingOccurrences(of: "invalid argument: ", with: ""))")
            } catch {
                throw fail("--frames: \(error)")
            }
        }

        if let time {
            let path = output ?? "\(demo.name).png"
            guard path.lowercased().hasSuffix(".png") else { throw fail("--time writes a PNG: give -o FILE.png, not \(path)") }
            try checkWritable(path)
            try MainActor.assumeIsolated {
                let started = Date()
                let stage = Stage(size: stageSize, scale: CGFloat(scale), fps: fps, threads: threads)
                stage.redrawsOnlyDamage = !wholeFrames
                demo.build(on: stage)
                do {
                    try stage.writeFrame(at: time, to: URL(fileURLWithPath: path))
                } catch {
                    throw fail("cannot write \(path): \(error)")
                }
                report(path: path, frames: 1, pixels: pixels, what: "\(demo.name) at t = \(time) s", started: started)
            }
            return
        }

        let path = output ?? "\(demo.name).gif"
        let url = URL(fileURLWithPath: path, isDirectory: path.hasSuffix("/"))
        guard FrameSinkFormat.inferred(from: url) != nil else {
            throw fail("cannot tell the format of \(path): use .gif, .png, .apng, .mp4, .mov, .mkv, .webm, or a directory ending in '/'")
        }
        try checkWritable(path)
        Interrupt.install()
        try MainActor.assumeIsolated {
            let started = Date()
            let stage = Stage(size: stageSize, scale: CGFloat(scale), fps: fps, threads: threads)
            stage.redrawsOnlyDamage = !wholeFrames
            demo.build(on: stage)
            // The writer's hidden temporary file (or staging folder) is noted, so that a second
            // Ctrl-C can remove it on the way out.
            let sequence = FrameSinkFormat.inferred(from: url) == .pngSequence
            let before = Interrupt.temporaryEntries(for: path, sequence: sequence)
            let sink: InterruptibleSink
            do {
                var options = FrameSinkOptions()
                options.shard = shard
                sink = InterruptibleSink(try makeFrameSink(for: url, fps: fps, options: options))
            } catch {
                throw fail("\(error)")
            }
            Interrupt.remember(Array(Interrupt.temporaryEntries(for: path, sequence: sequence).subtracting(before)))
            defer { Interrupt.forget() }
            let progress = ProgressLine(label: demo.name, quiet: quiet)
            var total = 0
            do {
                try stage.record(duration: duration, fps: fps, frames: shard?.frames, into: sink) { done, all in
                    total = all
                    progress.update(done, of: all)
                }
            } catch {
                progress.end()
                guard sink.stopped else { throw fail("\(error)") }
                try finishInterrupted(sink, path: path, total: total)
            }
            progress.end()
            let part = shard.map { ", frames \($0.frames.lowerBound)..<\($0.frames.upperBound) of \($0.totalFrames)" } ?? ""
            report(path: path, frames: sink.appended, pixels: pixels,
                   what: "\(demo.name), \(formatted(duration)) s at \(formatted(fps)) fps\(part)", started: started)
        }
    }

    /// After Ctrl-C: finishes the output with the frames made so far (a shorter GIF, APNG, video
    /// or PNG sequence), or leaves it untouched when there are none, and ends with status 130.
    private func finishInterrupted(_ sink: InterruptibleSink, path: String, total: Int) throws -> Never {
        let frames = sink.appended
        guard frames > 0 else {
            // The writer, dropped unfinished, removes its temporary file.
            Console.err("interrupted before the first frame: nothing written, \(path) left as it was\n")
            throw ExitCode(Interrupt.status)
        }
        do {
            try sink.finish()
        } catch {
            Console.err("interrupted; finishing \(path) with the \(frames) frames made failed (\(error)): it was left as it was\n")
            throw ExitCode(Interrupt.status)
        }
        Console.err("interrupted: wrote \(frames) of \(total) frames to \(path)\n")
        throw ExitCode(Interrupt.status)
    }

    /// Fails early, with the reason, when the output cannot be written: a missing or unwritable
    /// folder, a read-only file, a directory in place of a file, a dangling symlink (the checks
    /// the writers make, `OutputFile.resolve`, run before the demo is built).
    private func checkWritable(_ path: String) throws {
        let url = URL(fileURLWithPath: path, isDirectory: path.hasSuffix("/"))
        guard FrameSinkFormat.inferred(from: url) == .pngSequence else {
            do { _ = try OutputFile.resolve(url.path) } catch { throw fail(error.reason) }
            return
        }
        // For "DIR/" the sink creates DIR, so its parent must exist.
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path) || (FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue) else {
            throw fail("cannot write \(path): the folder \(folder.path) does not exist")
        }
    }

    private func printList(toStandardError: Bool) {
        let width = Demo.catalogue.map(\.name.count).max() ?? 0
        for demo in Demo.catalogue {
            let padded = demo.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let line = "\(padded)  \(Int(demo.size.width))×\(Int(demo.size.height)) pt, \(formatted(demo.duration)) s  \(demo.summary)\n"
            if toStandardError { Console.err(line) } else { Console.out(line) }
        }
    }

    /// Prints what was written: path, frames, pixel size, bytes and wall time.
    private func report(path: String, frames: Int, pixels: (Int, Int), what: String, started: Date) {
        let seconds = Date().timeIntervalSince(started)
        let bytes = Self.bytes(at: path)
        Console.out("wrote \(path): \(frames) frame\(frames == 1 ? "" : "s"), \(pixels.0)×\(pixels.1) px, "
                    + "\(Self.formattedBytes(bytes)) (\(what)) in \(String(format: "%.2f", seconds)) s\n")
    }

    /// A file's size, or the total of a directory's files.
    static func bytes(at path: String) -> Int {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { return 0 }
        if !isDirectory.boolValue {
            // stat(2) follows a symlink (attributesOfItem would give the link's own size).
            var info = stat()
            return stat(path, &info) == 0 ? Int(info.st_size) : 0
        }
        let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
        return names.reduce(0) { total, name in
            total + ((try? manager.attributesOfItem(atPath: (path as NSString).appendingPathComponent(name))[.size] as? Int) ?? 0)
        }
    }

    static func formattedBytes(_ bytes: Int) -> String {
        if bytes >= 1 << 20 { return String(format: "%.2f MB", Double(bytes) / Double(1 << 20)) }
        if bytes >= 1 << 10 { return String(format: "%.1f KB", Double(bytes) / Double(1 << 10)) }
        return "\(bytes) bytes"
    }

    private func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    /// Prints `message` to standard error and returns the failure exit code.
    private func fail(_ message: String) -> ExitCode {
        Console.err("kinema demo: \(message)\n")
        return ExitCode(1)
    }
}
