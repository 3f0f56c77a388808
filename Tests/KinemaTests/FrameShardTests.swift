// Frame-range shards (issue 18, "Many machines"): a recording split by frame range gives, frame
// for frame, the pixels of the whole recording; PNG-folder shards merged by FrameShardMerge give
// byte for byte the whole recording's PNG folder, GIF and APNG; the text forms of a range; and the
// merge's refusals (gaps, overlaps, missing shards, mixed kinds and sizes), which leave the output
// untouched. docs/SCALING.md describes the workflow.

import Foundation
import Kinema
import KinemaImageIO
import KinemaRaster
import Testing

/// A sink keeping every frame in memory.
final class ShardCollectingSink: FrameSink {
    var frames: [(pixels: [UInt32], duration: Double)] = []
    var finished = false

    func append(_ frame: Pixmap, duration: Double) throws(EncodingError) {
        frames.append((Array(frame.storage), duration))
    }

    func finish() throws(EncodingError) { finished = true }
}

@Suite("Frame-range shards")
@MainActor
struct FrameShardTests {
    static let fps = 30.0
    static let duration = 0.6   // 18 frames
    static let frameCount = 18

    /// A small scene whose frames depend on everything that happens between frames: an implicit
    /// animation started by a scheduled closure, an explicit animation whose completion block
    /// starts another change, a layer drawing an animated key in draw(in:), and a closure that
    /// counts the turns it has seen (so a shard that skipped turns would show a different count).
    static func makeStage() -> Stage {
        let stage = Stage(size: CGSize(width: 40, height: 30), scale: 1, fps: fps, threads: 1)
        let dot = CALayer(), bar = CALayer(), counter = CALayer()
        let ring = ProgressRingLayer()
        stage.withClock {
            dot.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            dot.position = CGPoint(x: 6, y: 6)
            dot.backgroundColor = CGColor(red: 1, green: 0.3, blue: 0.2, alpha: 1)
            bar.bounds = CGRect(x: 0, y: 0, width: 30, height: 4)
            bar.position = CGPoint(x: 20, y: 26)
            bar.backgroundColor = CGColor(red: 0.1, green: 0.5, blue: 0.9, alpha: 0.7)
            counter.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
            ring.frame = CGRect(x: -20, y: -25, width: 80, height: 80)
            ring.opacity = 0.3
            ring.progress = 0.25   // the model value, drawn after the animation ends
            for layer in [ring, dot, bar, counter] { stage.rootLayer.addSublayer(layer) }
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                bar.backgroundColor = CGColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 1)   // implicit, 0.25 s
            }
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 5
            slide.toValue = 35
            slide.duration = 0.2
            bar.add(slide, forKey: "slide")
            CATransaction.commit()
            let fill = CABasicAnimation(keyPath: "progress")
            fill.fromValue = 0
            fill.toValue = 1
            fill.duration = 0.5
            ring.add(fill, forKey: "fill")
        }
        stage.at(0.1) { dot.position = CGPoint(x: 34, y: 20) }
        var turns = 0
        func tick() {
            turns += 1
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            counter.backgroundColor = CGColor(red: CGFloat(turns % 7) / 6, green: 0, blue: 0, alpha: 1)
            CATransaction.commit()
            stage.at(stage.time + 1 / fps) { tick() }
        }
        stage.at(0) { tick() }
        return stage
    }

    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-shards-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func record(frames: Range<Int>?, to url: URL) throws {
        let stage = makeStage()
        try stage.withClock { try stage.record(duration: duration, frames: frames, to: url) }
    }

    static func bytes(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

    @Test("each shard's frames are the whole recording's, bit for bit, with the same durations")
    func shardsMatchTheWholeRecording() throws {
        let whole = ShardCollectingSink()
        let stage = Self.makeStage()
        try stage.withClock { try stage.record(duration: Self.duration, into: whole) }
        #expect(whole.frames.count == Self.frameCount)
        // Neighbouring frames differ, so a shard off by one frame would fail.
        let neighboursDiffer = whole.frames[5].pixels != whole.frames[6].pixels
        #expect(neighboursDiffer)
        for range in [0..<1, 0..<7, 7..<8, 7..<13, 13..<18, 17..<18] {
            let part = ShardCollectingSink()
            let shardStage = Self.makeStage()
            var reported: [(Int, Int)] = []
            try shardStage.withClock {
                try shardStage.record(duration: Self.duration, frames: range, into: part) { reported.append(($0, $1)) }
            }
            #expect(part.finished)
            #expect(part.frames.count == range.count, "\(range)")
            for (offset, frame) in part.frames.enumerated() {
                let same = frame.pixels == whole.frames[range.lowerBound + offset].pixels
                #expect(same, "frame \(range.lowerBound + offset) of shard \(range)")
                #expect(frame.duration == whole.frames[range.lowerBound + offset].duration)
            }
            #expect(reported.last.map { $0 == (range.count, range.count) } == true, "progress counts the shard's frames")
        }
    }

    @Test("frames outside the recording are refused before any frame or file is made",
          arguments: [0..<0, 5..<5, 0..<19, 18..<19, -1..<3])
    func badFramesAreRefused(_ range: Range<Int>) throws {
        let folder = try Self.folder("refused-\(range.lowerBound)-\(range.upperBound)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sink = ShardCollectingSink()
        let stage = Self.makeStage()
        #expect(throws: StageError.self) {
            try stage.withClock { try stage.record(duration: Self.duration, frames: range, into: sink) }
        }
        #expect(sink.frames.isEmpty && !sink.finished)
        #expect(stage.time == 0, "no turn ran")
        #expect(throws: StageError.self) {
            try stage.withClock { try stage.record(duration: Self.duration, frames: range, to: folder.appendingPathComponent("x.gif")) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("PNG-folder shards keep their frame numbers and merge into the whole recording's PNG folder, GIF and APNG, byte for byte")
    func mergedFilesEqualTheWholeRecording() throws {
        let folder = try Self.folder("merge")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ranges = [0..<5, 5..<11, 11..<18]
        let shards = ranges.map { folder.appendingPathComponent("shard-\($0.lowerBound)/") }
        for (range, url) in zip(ranges, shards) { try Self.record(frames: range, to: url) }
        let second = try FileManager.default.contentsOfDirectory(atPath: shards[1].path).sorted()
        #expect(second == (5..<11).map { PNGSequenceWriter.fileName(index: $0) } + ["frames.json"])
        let manifest = String(decoding: Self.bytes(shards[1].appendingPathComponent("frames.json")) ?? Data(), as: UTF8.self)
        #expect(manifest.contains("\"first_frame\": 5, \"recording_frames\": 18,"), "\(manifest)")

        for name in ["whole/", "whole.gif", "whole.apng"] {
            let whole = folder.appendingPathComponent(name)
            try Self.record(frames: nil, to: whole)
            let merged = folder.appendingPathComponent("merged-" + name)
            // Shards in any order.
            let report = try FrameShardMerge.merge([shards[2], shards[0], shards[1]], into: merged)
            #expect(report.frames == 0..<18 && report.shards == 3 && report.width == 40 && report.height == 30)
            if name.hasSuffix("/") {
                let names = try FileManager.default.contentsOfDirectory(atPath: whole.path).sorted()
                #expect(try FileManager.default.contentsOfDirectory(atPath: merged.path).sorted() == names)
                #expect(names.count == Self.frameCount + 1)
                for file in names {
                    #expect(Self.bytes(merged.appendingPathComponent(file)) == Self.bytes(whole.appendingPathComponent(file)), "\(file)")
                }
            } else {
                let expected = try #require(Self.bytes(whole))
                #expect(Self.bytes(merged) == expected, "\(name): \(Self.bytes(merged)?.count ?? 0) bytes, the whole recording \(expected.count)")
            }
        }
        // A whole recording's folder (no shard note) is a one-shard merge of itself.
        let again = folder.appendingPathComponent("again.gif")
        try FrameShardMerge.merge([folder.appendingPathComponent("whole/")], into: again)
        #expect(Self.bytes(again) == Self.bytes(folder.appendingPathComponent("whole.gif")))
    }

    @Test("frame ranges as text: A..B includes B, A..<B excludes it, A.. runs to the end")
    func rangeText() throws {
        #expect(try FrameShard.parseRange("0..9", frameCount: 60) == 0..<10)
        #expect(try FrameShard.parseRange("0...9", frameCount: 60) == 0..<10)
        #expect(try FrameShard.parseRange("0..<10", frameCount: 60) == 0..<10)
        #expect(try FrameShard.parseRange("1200..1799", frameCount: 2400) == 1200..<1800)
        #expect(try FrameShard.parseRange("10..", frameCount: 60) == 10..<60)
        #expect(try FrameShard.parseRange("59..59", frameCount: 60) == 59..<60)
        for bad in ["", "3", "abc", "a..b", "-1..3", "5..<5", "9..3", "0..60", "0..<61", "60..", "3..<", "3...", "1..2..3", " 1..2"] {
            #expect(throws: EncodingError.self, "\"\(bad)\"") { try FrameShard.parseRange(bad, frameCount: 60) }
        }
        do {
            _ = try FrameShard.parseRange("0..60", frameCount: 60)
            Issue.record("0..60 of 60 frames was accepted")
        } catch {
            #expect(error.reason.contains("last frame, 59"), "\(error.reason)")
        }
        #expect(throws: EncodingError.self) { try FrameShard(frames: 3..<3, totalFrames: 10) }
        #expect(throws: EncodingError.self) { try FrameShard(frames: 3..<11, totalFrames: 10) }
        #expect(try FrameShard(frames: 3..<7, totalFrames: 10).description == "3..<7 of 10")
    }

    @Test("merge refuses gaps, overlaps, missing shards, mixed kinds and sizes; the output is untouched")
    func mergeErrors() throws {
        let folder = try Self.folder("errors")
        defer { try? FileManager.default.removeItem(at: folder) }
        func shard(_ range: Range<Int>, size: CGSize = CGSize(width: 40, height: 30)) throws -> URL {
            let url = folder.appendingPathComponent("s\(range.lowerBound)-\(range.upperBound)-\(Int(size.width))/")
            if !FileManager.default.fileExists(atPath: url.path) {
                let stage = Stage(size: size, scale: 1, fps: Self.fps, threads: 1)
                try stage.withClock { try stage.record(duration: Self.duration, frames: range, to: url) }
            }
            return url
        }
        let output = folder.appendingPathComponent("out.gif")
        let old = Data("not touched".utf8)
        try old.write(to: output)
        func refused(_ shards: [URL], _ expected: (FrameMergeError) -> Bool, _ words: String) {
            do {
                try FrameShardMerge.merge(shards, into: output)
                Issue.record("merged \(shards.map(\.lastPathComponent))")
            } catch {
                #expect(expected(error), "\(error)")
                #expect(error.reason.contains(words), "\(error.reason)")
            }
            #expect(Self.bytes(output) == old, "the output is untouched")
            let hidden = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasPrefix(".out.gif") } ?? []
            #expect(hidden.isEmpty, "no temporary file is left: \(hidden)")
        }
        func isFrames(_ error: FrameMergeError) -> Bool { if case .frames = error { true } else { false } }
        refused([try shard(0..<6), try shard(9..<18)], isFrames, "frames 6..<9 are in no shard")
        refused([try shard(0..<6), try shard(4..<18)], isFrames, "overlap")
        refused([try shard(0..<6), try shard(6..<9)], isFrames, "frames 9..<18 are missing")
        refused([try shard(6..<9), try shard(9..<18)], isFrames, "frames 0..<6 are missing")
        refused([try shard(0..<6), try shard(0..<6), try shard(6..<18)], isFrames, "overlap")
        refused([try shard(0..<6), try shard(6..<18, size: CGSize(width: 20, height: 30))],
                { if case .mismatch = $0 { true } else { false } }, "20×30")
        refused([], { $0 == .noShards }, "no shards")
        refused([folder.appendingPathComponent("nowhere/")], { if case .unreadable = $0 { true } else { false } }, "no such file")
        let gif = folder.appendingPathComponent("part.gif")
        try Self.record(frames: 6..<18, to: gif)
        refused([try shard(0..<6), gif], { if case .unsupported = $0 { true } else { false } }, "PNG frames")
        // A shard whose frame file went missing.
        let broken = try Self.folder("errors-broken")
        defer { try? FileManager.default.removeItem(at: broken) }
        let partial = broken.appendingPathComponent("p/")
        try Self.record(frames: 6..<18, to: partial)
        try FileManager.default.removeItem(at: partial.appendingPathComponent(PNGSequenceWriter.fileName(index: 8)))
        refused([try shard(0..<6), partial], { if case .unreadable = $0 { true } else { false } }, "frame_00008.png is missing")
        // The output may not be one of the shards.
        let first = try shard(0..<6), rest = try shard(6..<18)
        do {
            try FrameShardMerge.merge([first, rest], into: first)
            Issue.record("merged into a shard")
        } catch {
            #expect(error.reason.contains("is one of the shards"), "\(error.reason)")
        }
    }

    nonisolated static let hasFFmpeg = (try? VideoWriter.locateFFmpeg()) != nil

    @Test("video shards are joined by ffmpeg's concat (every frame kept, the shard note dropped); PNG shards into MP4 equal the whole recording's MP4",
          .enabled(if: hasFFmpeg, "needs ffmpeg"))
    func videoShards() throws {
        let folder = try Self.folder("video")
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = [0..<7, 7..<18].map { range in (range, folder.appendingPathComponent("part-\(range.lowerBound).mp4")) }
        for (range, url) in parts { try Self.record(frames: range, to: url) }
        let merged = folder.appendingPathComponent("merged.mp4")
        let report = try FrameShardMerge.merge([parts[1].1, parts[0].1], into: merged)
        #expect(report.frames == 0..<18 && report.shards == 2)
        let ffprobe = URL(fileURLWithPath: try VideoWriter.locateFFmpeg()).deletingLastPathComponent().appendingPathComponent("ffprobe").path
        func probe(_ url: URL) -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ffprobe)
            process.arguments = ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames:format_tags=comment",
                                 "-of", "default=noprint_wrappers=1", url.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            guard (try? process.run()) != nil else { return "ffprobe did not start" }
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        #expect(probe(parts[1].1).contains("TAG:comment=kinema-shard 7..<18 of 18"), "\(probe(parts[1].1))")
        let mergedProbe = probe(merged)
        #expect(mergedProbe.contains("nb_read_frames=18") && !mergedProbe.contains("kinema-shard"), "\(mergedProbe)")
        // A video shard cannot become a GIF, nor join PNG folders.
        #expect(throws: FrameMergeError.self) { try FrameShardMerge.merge(parts.map(\.1), into: folder.appendingPathComponent("x.gif")) }

        let pngParts = [0..<7, 7..<18].map { folder.appendingPathComponent("png-\($0.lowerBound)/") }
        for (range, url) in zip([0..<7, 7..<18], pngParts) { try Self.record(frames: range, to: url) }
        let whole = folder.appendingPathComponent("whole.mp4")
        try Self.record(frames: nil, to: whole)
        let fromPNG = folder.appendingPathComponent("from-png.mp4")
        try FrameShardMerge.merge(pngParts, into: fromPNG)
        #expect(Self.bytes(fromPNG) == Self.bytes(whole), "x264 is deterministic: the same frames give the same file")
    }

    @Test("kinema demo --frames and kinema merge: shards merged into a GIF equal the whole recording's GIF")
    func commandLine() throws {
        let folder = try Self.folder("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let demo = ["demo", "shuttle", "--size", "40x25", "--duration", "0.5", "--fps", "20", "-q"]
        #expect(try CommandLineTests.run(demo + ["-o", "whole.gif"], in: folder).status == 0)
        // One compositor thread or several: the same pixels, so shards may use --threads 1.
        #expect(try CommandLineTests.run(demo + ["--frames", "4..", "--threads", "1", "-o", "b/"], in: folder).status == 0)
        #expect(try CommandLineTests.run(demo + ["--frames", "0..3", "-o", "a/"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b/frame_00004.png").path))
        let merge = try CommandLineTests.run(["merge", "merged.gif", "b/", "a/"], in: folder)
        #expect(merge.status == 0, "\(merge.standardError)")
        let whole = try #require(Self.bytes(folder.appendingPathComponent("whole.gif")))
        #expect(Self.bytes(folder.appendingPathComponent("merged.gif")) == whole)
        let bad = try CommandLineTests.run(demo + ["--frames", "5..2", "-o", "c/"], in: folder)
        #expect(bad.status == 1 && bad.standardError.contains("is empty"), "\(bad.standardError)")
        let threads = try CommandLineTests.run(demo + ["--threads", "0", "-o", "d/"], in: folder)
        #expect(threads.status == 1 && threads.standardError.contains("--threads 0 is outside 1…64"), "\(threads.standardError)")
        let gap = try CommandLineTests.run(["merge", "gap.gif", "b/"], in: folder)
        #expect(gap.status == 1 && gap.standardError.contains("frames 0..<4 are missing"), "\(gap.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("gap.gif").path))
    }
}
