// FrameShardMerge: joins the shards of a recording split by frame range (`kinema demo --frames`,
// `Stage.record(…, frames:)`) into one output — PNG sequences by copying their files, GIF, APNG
// and video by re-encoding the shards' lossless frames with one writer, video segments through
// ffmpeg's concat demuxer without re-encoding.
//
// Audited against: ffmpeg's concat demuxer (ffmpeg-formats(1), "concat": `file 'PATH'` lines,
//   single quotes escaped as '\'', `-safe 0` for absolute paths; streams must share codec and
//   parameters; `-c copy` copies packets); ffprobe's `-show_entries` / `-of default` output.
// Status: complete for PNG-sequence shards (into any format, byte-identical to a run that was not
//   split) and video shards (into a video of the same container). Left out: GIF shards (quantised
//   — their original frames are gone) and APNG shards (no APNG frame reader yet) as inputs:
//   refused, with the way to record shards that can be merged.

import Foundation
import KinemaRaster

/// Why `FrameShardMerge.merge` refused its shards or could not write the output. The output is
/// never touched when this is thrown.
public enum FrameMergeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No shard was given.
    case noShards
    /// A shard is missing or could not be read (the string says why).
    case unreadable(path: String, reason: String)
    /// A shard of a kind that cannot be merged (GIF, APNG), or that carries no shard note.
    case unsupported(path: String, reason: String)
    /// Shards of different kinds, or an output of a kind the shards cannot become.
    case mixedInputs(String)
    /// Shards whose frames differ in size, codec or rate.
    case mismatch(String)
    /// Shards that leave frames out, overlap, or do not cover their recording.
    case frames(String)
    /// Writing the output failed.
    case encoding(EncodingError)

    /// A sentence saying what went wrong.
    public var reason: String {
        switch self {
        case .noShards: "no shards were given"
        case let .unreadable(path, reason): "cannot read the shard \(path): \(reason)"
        case let .unsupported(path, reason): "cannot merge \(path): \(reason)"
        case let .mixedInputs(message), let .mismatch(message), let .frames(message): message
        case let .encoding(error): error.reason
        }
    }

    public var description: String { "FrameMergeError: \(reason)" }
}

/// Joins the shards of one recording into one output.
///
/// ```swift
/// // frames 0..<600 and 600..<1200, recorded by two processes as PNG folders
/// let report = try FrameShardMerge.merge([URL(filePath: "a/"), URL(filePath: "b/")],
///                                        into: URL(filePath: "whole.gif"))
/// ```
///
/// **Semantics.**
/// - *PNG-sequence shards* (folders with `frames.json`; their frame numbers come from the file
///   names) merge into any format. Into a PNG sequence their files are hard-linked (copied
///   across file systems) as they are and one manifest is written; into a GIF, APNG or video
///   every frame is decoded (PNG is lossless) and appended, with its recorded duration, to one
///   writer. Either way the output is byte for byte the file one unsplit recording makes (same
///   options), because the writers see the same frames and durations in the same order.
/// - *Video shards* (files recorded with `FrameSinkOptions.shard`, which notes the frames in the
///   comment tag) merge into a video of the same extension through ffmpeg's concat demuxer
///   without re-encoding. Each segment starts with a key frame and was rate-controlled on its
///   own, so the frames are not those of an unsplit recording's file (they differ by the codec's
///   loss) — merge PNG shards into the video when they must be.
/// - *Checks* before the output is touched: every shard exists and is readable; all are PNG
///   sequences or all are videos of one extension; all frames have one size (videos: one codec
///   and rate too); sorted by first frame, each shard starts where the one before ends (gaps and
///   overlaps are named); together they hold the whole recording, from frame 0 to the length
///   the shards note (a missing first or last shard is named too).
/// - The output goes through the writers' temporary file: a failed merge leaves an existing
///   output as it was.
///
/// **Cost.** PNG into PNG: one hard link (or file copy) per frame. Into GIF / APNG / video: a PNG decode per
/// frame plus the writer's encode (no rendering). Video segments: one ffmpeg packet copy.
public enum FrameShardMerge {
    /// What a merge wrote.
    public struct Report: Sendable, Hashable {
        /// The frames of the recording the output holds: all of them, from 0.
        public var frames: Range<Int>
        /// The frame size in pixels.
        public var width: Int
        /// The frame height in pixels.
        public var height: Int
        /// How many shards were joined.
        public var shards: Int
    }

    /// The start of a video shard's comment tag (`kinema-shard A..<B of N`).
    static let videoNotePrefix = "kinema-shard "

    /// One shard, read and checked.
    struct Shard {
        enum Kind: Equatable { case pngSequence, video(String) }
        var url: URL
        var kind: Kind
        var frames: Range<Int>
        var totalFrames: Int?
        var width: Int
        var height: Int
        /// PNG sequences: each frame's file and duration.
        var entries: [(file: URL, duration: Double)] = []
        /// Videos: codec name and frame rate as ffprobe gives them.
        var stream = ""
    }

    /// Merges `shards` (in any order) into `output`, in `format` (inferred from the path when
    /// nil). `options` are the output writer's (a PNG sequence's compression level does not
    /// apply: files are linked or copied). `ffmpegPath`, for video, is `options.ffmpegPath`. `progress` is
    /// called with (frames done, frames in all) for PNG-sequence shards.
    @discardableResult
    public static func merge(_ shards: [URL], into output: URL, format: FrameSinkFormat? = nil,
                             options: FrameSinkOptions = FrameSinkOptions(),
                             progress: ((Int, Int) -> Void)? = nil) throws(FrameMergeError) -> Report {
        guard !shards.isEmpty else { throw .noShards }
        guard let format = format ?? FrameSinkFormat.inferred(from: output) else {
            throw .mixedInputs("cannot tell the output's format from \(output.path): use .gif, .apng/.png, .mp4/.m4v/.mov/.mkv/.webm, or a folder ending in '/'")
        }
        var ffmpeg: String?
        var read: [Shard] = []
        for url in shards {
            let shard = try readShard(url, ffmpeg: &ffmpeg, options: options)
            read.append(shard)
        }
        let first = read[0]
        for shard in read.dropFirst() {
            guard shard.kind == first.kind else {
                throw .mixedInputs("\(first.url.path) and \(shard.url.path) are different kinds of shard (\(Self.name(first.kind)), \(Self.name(shard.kind))); all must be PNG folders, or all videos of one kind")
            }
            guard shard.width == first.width, shard.height == first.height else {
                throw .mismatch("\(shard.url.path) has \(shard.width)×\(shard.height) frames but \(first.url.path) has \(first.width)×\(first.height)")
            }
            guard shard.stream == first.stream else {
                throw .mismatch("\(shard.url.path) is \(shard.stream) but \(first.url.path) is \(first.stream); video shards must share codec and frame rate")
            }
        }
        let ordered = read.sorted { $0.frames.lowerBound < $1.frames.lowerBound }
        let covered = try checkCoverage(ordered)
        var outputOptions = options
        outputOptions.shard = nil
        try checkOutput(output, format: format, isNot: ordered)

        switch first.kind {
        case .pngSequence:
            if format == .pngSequence {
                try copySequence(ordered, into: output, options: outputOptions, progress: progress)
            } else {
                try reencode(ordered, into: output, format: format, options: outputOptions, progress: progress)
            }
        case .video(let ext):
            guard format == .video, output.pathExtension.lowercased() == ext else {
                throw .mixedInputs("video shards (.\(ext)) merge into a .\(ext) video, not \(output.lastPathComponent): the segments are joined without re-encoding")
            }
            try concatenate(ordered, into: output, ffmpeg: ffmpeg ?? "ffmpeg")
        }
        return Report(frames: covered, width: first.width, height: first.height, shards: ordered.count)
    }

    static func name(_ kind: Shard.Kind) -> String {
        switch kind {
        case .pngSequence: "PNG folder"
        case .video(let ext): ".\(ext) video"
        }
    }

    // MARK: Reading shards

    static func readShard(_ url: URL, ffmpeg: inout String?, options: FrameSinkOptions) throws(FrameMergeError) -> Shard {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .unreadable(path: url.path, reason: "no such file or folder")
        }
        if isDirectory.boolValue { return try readSequence(url) }
        switch url.pathExtension.lowercased() {
        case "gif":
            throw .unsupported(path: url.path, reason: "a GIF shard holds quantised colours, not the frames it was made from, so no merge of GIF shards can equal one recording; record the shards as PNG frames (-o DIR/) and merge those into the .gif")
        case "apng", "png":
            throw .unsupported(path: url.path, reason: "APNG shards cannot be read back (Kinema has no APNG frame reader yet); record the shards as PNG frames (-o DIR/) and merge those into the .apng")
        case "mp4", "m4v", "mov", "mkv", "webm":
            if ffmpeg == nil {
                do { ffmpeg = try VideoWriter.locateFFmpeg(options.ffmpegPath) } catch { throw .encoding(error) }
            }
            return try readVideo(url, ffmpeg: ffmpeg ?? "ffmpeg")
        default:
            throw .unsupported(path: url.path, reason: "not a shard: give PNG folders (with frames.json) or video files")
        }
    }

    /// A PNG folder's manifest: size, files, durations, and the shard note if any.
    static func readSequence(_ url: URL) throws(FrameMergeError) -> Shard {
        let manifest = url.appendingPathComponent(PNGSequenceWriter.manifestName)
        guard let data = FileManager.default.contents(atPath: manifest.path) else {
            throw .unreadable(path: url.path, reason: "it has no readable \(PNGSequenceWriter.manifestName) (is it a PNG sequence written by Kinema?)")
        }
        guard let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              json["format"] as? String == "kinema-frame-sequence",
              let width = json["width"] as? Int, let height = json["height"] as? Int, width > 0, height > 0,
              let list = json["frames"] as? [[String: Any]], !list.isEmpty else {
            throw .unreadable(path: manifest.path, reason: "not a Kinema frame-sequence manifest with at least one frame")
        }
        var entries: [(file: URL, duration: Double)] = []
        var numbers: [Int] = []
        for item in list {
            guard let file = item["file"] as? String, let duration = (item["duration"] as? NSNumber)?.doubleValue,
                  let number = frameNumber(file) else {
                throw .unreadable(path: manifest.path, reason: "a frame entry is not {\"file\": \"frame_NNNNN.png\", \"duration\": seconds}")
            }
            let path = url.appendingPathComponent(file)
            guard FileManager.default.isReadableFile(atPath: path.path) else {
                throw .unreadable(path: url.path, reason: "its frame file \(file) is missing")
            }
            entries.append((path, duration))
            numbers.append(number)
        }
        for (offset, number) in numbers.enumerated() where number != numbers[0] + offset {
            throw .frames("\(url.path) lists \(PNGSequenceWriter.fileName(index: number)) where frame \(numbers[0] + offset) belongs: its frames are not consecutive")
        }
        var total: Int?
        if let recording = json["recording_frames"] as? Int {
            guard numbers[numbers.count - 1] < recording else {
                throw .frames("\(url.path) holds frame \(numbers[numbers.count - 1]), past its recording's \(recording) frames")
            }
            total = recording
        }
        return Shard(url: url, kind: .pngSequence, frames: numbers[0]..<(numbers[0] + numbers.count), totalFrames: total,
                     width: width, height: height, entries: entries)
    }

    /// The number in `frame_NNNNN.png`.
    static func frameNumber(_ file: String) -> Int? {
        guard file.hasPrefix("frame_"), file.hasSuffix(".png") else { return nil }
        let digits = file.dropFirst(6).dropLast(4)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0 else { return nil }
        return number
    }

    /// A video's size, codec, rate and shard note, through ffprobe (beside ffmpeg).
    static func readVideo(_ url: URL, ffmpeg: String) throws(FrameMergeError) -> Shard {
        let ffprobe = URL(fileURLWithPath: ffmpeg).deletingLastPathComponent().appendingPathComponent("ffprobe").path
        guard FileManager.default.isExecutableFile(atPath: ffprobe) else {
            throw .unreadable(path: url.path, reason: "ffprobe (which reads video shards) is not beside \(ffmpeg)")
        }
        let (status, text) = run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                           "stream=width,height,codec_name,r_frame_rate:format_tags=comment",
                                           "-of", "default=noprint_wrappers=1", url.path])
        guard status == 0 else {
            throw .unreadable(path: url.path, reason: "ffprobe could not read it: \(text.trimmingCharacters(in: .whitespacesAndNewlines).suffix(500))")
        }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let width = fields["width"].flatMap({ Int($0) }), let height = fields["height"].flatMap({ Int($0) }) else {
            throw .unreadable(path: url.path, reason: "it has no video stream")
        }
        guard let comment = fields["TAG:comment"], comment.hasPrefix(videoNotePrefix),
              let shard = FrameShard.parseNote(comment.dropFirst(videoNotePrefix.count)) else {
            throw .unsupported(path: url.path, reason: "it carries no shard note (its comment tag is not \"\(videoNotePrefix)A..<B of N\"): record shards with --frames")
        }
        return Shard(url: url, kind: .video(url.pathExtension.lowercased()), frames: shard.frames,
                     totalFrames: shard.totalFrames, width: width, height: height,
                     stream: "\(fields["codec_name"] ?? "?") at \(fields["r_frame_rate"] ?? "?") frames/s")
    }

    // MARK: Checks

    /// The frames `ordered` (sorted by first frame) cover, or the gap, overlap or missing end.
    static func checkCoverage(_ ordered: [Shard]) throws(FrameMergeError) -> Range<Int> {
        let totals = Set(ordered.compactMap(\.totalFrames))
        guard totals.count <= 1 else {
            throw .frames("the shards come from recordings of different lengths (\(totals.sorted().map(String.init).joined(separator: ", ")) frames)")
        }
        for (before, after) in zip(ordered, ordered.dropFirst()) {
            let end = before.frames.upperBound, next = after.frames.lowerBound
            if next > end {
                throw .frames("frames \(end)..<\(next) are in no shard (\(before.url.path) ends at \(end - 1), \(after.url.path) starts at \(next)): a shard is missing")
            }
            if next < end {
                throw .frames("\(before.url.path) (frames \(before.frames.lowerBound)..<\(end)) and \(after.url.path) (frames \(next)..<\(after.frames.upperBound)) overlap")
            }
        }
        let covered = ordered[0].frames.lowerBound..<ordered[ordered.count - 1].frames.upperBound
        // A merge is of a whole recording: one that starts late or ends early misses a shard.
        let total = totals.first ?? covered.upperBound
        if covered != 0..<total {
            let missing = covered.lowerBound > 0 ? "0..<\(covered.lowerBound)" : "\(covered.upperBound)..<\(total)"
            throw .frames("the shards hold frames \(covered.lowerBound)..<\(covered.upperBound) of a \(total)-frame recording: frames \(missing) are missing")
        }
        return covered
    }

    /// Refuses an output that is one of the shards.
    static func checkOutput(_ output: URL, format: FrameSinkFormat, isNot shards: [Shard]) throws(FrameMergeError) {
        let target = output.standardizedFileURL.resolvingSymlinksInPath().path
        for shard in shards where shard.url.standardizedFileURL.resolvingSymlinksInPath().path == target {
            throw .mixedInputs("the output \(output.path) is one of the shards; write the merge somewhere else")
        }
    }

    // MARK: Writing

    /// PNG shards into a PNG folder: the files linked or copied (they are what one recording
    /// writes).
    static func copySequence(_ shards: [Shard], into output: URL, options: FrameSinkOptions,
                             progress: ((Int, Int) -> Void)?) throws(FrameMergeError) {
        let all = shards.reduce(0) { $0 + $1.entries.count }
        let core: PNGSequenceCore
        do { core = try PNGSequenceWriter.makeCore(directory: output, options: options) } catch { throw .encoding(error) }
        core.size = (shards[0].width, shards[0].height)
        var done = 0
        do throws(EncodingError) {
            for shard in shards {
                for (offset, entry) in shard.entries.enumerated() {
                    try core.consumeFile(entry.file, duration: entry.duration, number: shard.frames.lowerBound + offset)
                    done += 1
                    progress?(done, all)
                }
            }
            try core.finish()
        } catch {
            core.abandon()
            throw .encoding(error)
        }
    }

    /// PNG shards into a GIF, APNG or video: every frame decoded and appended to one writer.
    static func reencode(_ shards: [Shard], into output: URL, format: FrameSinkFormat, options: FrameSinkOptions,
                         progress: ((Int, Int) -> Void)?) throws(FrameMergeError) {
        let all = shards.reduce(0) { $0 + $1.entries.count }
        let firstDuration = shards[0].entries[0].duration
        // Stage recordings give every frame 1 / fps: the rate back, snapped to a whole number
        // when it is one to within rounding (1 / (1 / 30) is not exactly 30 in binary).
        var fps = 1 / firstDuration
        if abs(fps - fps.rounded()) < 1e-9 * fps { fps = fps.rounded() }
        let sink: any FrameSink
        do { sink = try makeFrameSink(for: output, format: format, fps: min(1000, fps), options: options) } catch {
            throw .encoding(error)
        }
        var done = 0
        do throws(EncodingError) {
            for shard in shards {
                for entry in shard.entries {
                    guard let bytes = FileManager.default.contents(atPath: entry.file.path) else {
                        throw .unwritable(path: output.path, reason: "the shard frame \(entry.file.path) could not be read")
                    }
                    let image: DecodedImage
                    do { image = try PNGDecoder.decode(bytes) } catch {
                        throw .unwritable(path: output.path, reason: "the shard frame \(entry.file.path) is not a readable PNG: \(error.reason)")
                    }
                    guard image.width == shard.width, image.height == shard.height else {
                        throw .sizeMismatch(frame: done, expectedWidth: shard.width, expectedHeight: shard.height,
                                            width: image.width, height: image.height)
                    }
                    let frame: Pixmap
                    do { frame = try Pixmap(width: image.width, height: image.height, premultipliedBytes: image.pixels) } catch {
                        throw .invalidArgument("the shard frame \(entry.file.path): \(error)")
                    }
                    try sink.append(frame, duration: entry.duration)
                    done += 1
                    progress?(done, all)
                }
            }
            try sink.finish()
        } catch {
            // The writer, dropped unfinished, removes its temporary file.
            throw .encoding(error)
        }
    }

    /// Video segments joined by ffmpeg's concat demuxer, packets copied.
    static func concatenate(_ shards: [Shard], into output: URL, ffmpeg: String) throws(FrameMergeError) {
        let file: OutputFile
        do { file = try OutputFile(url: output, external: true) } catch { throw .encoding(error) }
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-concat-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: list) }
        let lines = shards.map { shard in
            "file '" + shard.url.standardizedFileURL.path.replacingOccurrences(of: "'", with: "'\\''") + "'\n"
        }
        guard FileManager.default.createFile(atPath: list.path, contents: Data(lines.joined().utf8)) else {
            file.discard()
            throw .encoding(.unwritable(path: list.path, reason: "the concat list could not be written"))
        }
        var arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list.path,
                         "-c", "copy", "-metadata", "comment="]
        if ["mp4", "m4v", "mov"].contains(output.pathExtension.lowercased()) { arguments += ["-movflags", "+faststart"] }
        let (status, text) = run(ffmpeg, arguments + [file.writingPath])
        guard status == 0 else {
            file.discard()
            throw .encoding(.ffmpegFailed(status: status, message: String(text.trimmingCharacters(in: .whitespacesAndNewlines).suffix(2000))))
        }
        do { try file.commit() } catch { throw .encoding(error) }
    }

    /// Runs `executable` and returns its status and its standard output and error, together.
    static func run(_ executable: String, _ arguments: [String]) -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "could not start \(executable): \(error.localizedDescription)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
