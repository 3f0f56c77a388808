// PNGSequenceWriter: a FrameSink writing one PNG file per frame into a directory, with a JSON
// manifest of the durations.

import Foundation
import KinemaRaster

/// Records frames as `DIRECTORY/frame_00000.png`, `frame_00001.png`, … and, at `finish()`,
/// `DIRECTORY/frames.json` with each file's duration.
///
/// ```swift
/// let sink = try PNGSequenceWriter(directory: URL(filePath: "out/frames/"))
/// try sink.append(frame, duration: 1.0 / 60)
/// try sink.finish()   // out/frames/frame_00000.png, out/frames/frames.json
/// ```
///
/// **Semantics.** One file per appended frame, identical frames included (a sequence is meant
/// for other tools, which expect one file per step). Names count from 0, zero-padded to five
/// digits (a 100 001st frame is `frame_100000.png`). Files are `PNGEncoder`'s (lossless; RGB when
/// opaque). The directory is created if missing; files of an earlier run with the same names are
/// replaced, others are left alone. The manifest:
/// ```json
/// {"format": "kinema-frame-sequence", "version": 1, "width": 64, "height": 48,
///  "total_duration": 0.5, "frames": [{"file": "frame_00000.png", "duration": 0.25}, …]}
/// ```
/// Durations are written with Swift's shortest round-tripping decimal form. A shard of a longer
/// recording (`FrameSinkOptions.shard`) numbers its files from the shard's first frame
/// (`frame_01200.png` …) and its manifest has `"first_frame": 1200, "recording_frames": 2400`
/// after `"total_duration"`; `FrameShardMerge` joins such folders.
///
/// **What is kept on failure.** Frames are encoded into a hidden staging folder inside the
/// directory (`.kinema-partial-XXXXXXXX/`). Only when `finish()` has written every frame and the
/// manifest, and checked that no file to be replaced is read-only (or a directory, device…), are
/// they moved into the directory, one rename(2) each, the manifest last. So a recording that fails
/// or is dropped before that point changes nothing in the directory (the staging folder is
/// removed, and a directory this writer created is removed again if left empty); the move itself
/// is not one atomic step: a reader listing the directory during it can see new frames beside the
/// old manifest, and the manifest always describes complete files. A symlink in place of a frame
/// file is written through, as for single files.
///
/// **Cost.** One libpng encode per frame, on the background queue; the move is one rename per
/// file (no copy).
public final class PNGSequenceWriter: FrameSink, Sendable {
    /// The manifest's file name.
    public static let manifestName = "frames.json"

    private let pipeline: FramePipeline

    /// A writer into `directory` (created now if missing; its staging folder too).
    public init(directory: URL, options: FrameSinkOptions = FrameSinkOptions()) throws(EncodingError) {
        try options.validate()
        let core = try Self.makeCore(directory: directory, options: options)
        pipeline = try FramePipeline(core: core, label: "png-sequence", depth: options.framesInFlight)
    }

    /// The encoder behind a writer into `directory` (created now if missing; its staging folder
    /// too); `FrameShardMerge` stages copied files through it.
    static func makeCore(directory: URL, options: FrameSinkOptions) throws(EncodingError) -> PNGSequenceCore {
        guard !directory.path.isEmpty else { throw .invalidArgument("the output path is empty") }
        var isDirectory: ObjCBool = false
        var created = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .unwritable(path: directory.path, reason: "a file of that name exists (a directory is needed)")
            }
        } else {
            do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
                throw .unwritable(path: directory.path, reason: "the directory could not be created: \(error.localizedDescription)")
            }
            created = true
        }
        return try PNGSequenceCore(directory: directory, created: created, level: options.compressionLevel,
                                   shard: options.shard)
    }

    public func append(_ frame: Pixmap, duration: Double) throws(EncodingError) {
        try pipeline.append(frame, duration: duration)
    }

    public func finish() throws(EncodingError) { try pipeline.finish() }

    /// The file name of frame `index`.
    public static func fileName(index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }
}

final class PNGSequenceCore: FrameEncoderCore {
    let directory: URL
    /// Where frames and the manifest are written until `finish()` moves them into `directory`.
    let staging: URL
    /// Whether the writer created `directory` (removed again, if empty, when nothing is kept).
    let created: Bool
    let level: Int
    /// The shard recorded, if any: file numbers start at its first frame.
    let shard: FrameShard?
    var entries: [(file: String, duration: Double)] = []
    var size = (width: 0, height: 0)
    private var open = true

    init(directory: URL, created: Bool, level: Int, shard: FrameShard? = nil) throws(EncodingError) {
        self.directory = directory
        self.created = created
        self.level = level
        self.shard = shard
        var made: URL?
        for _ in 0..<16 where made == nil {
            let candidate = directory.appendingPathComponent(".kinema-partial-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))")
            if mkdir(candidate.path, 0o700) == 0 { made = candidate } else if errno != EEXIST { break }
        }
        guard let made else {
            let reason = OutputFile.errorText(errno)
            if created { rmdir(directory.path) }
            throw .unwritable(path: directory.path, reason: "the staging folder could not be created in it: \(reason)")
        }
        staging = made
    }

    deinit { abandon() }

    func consume(_ frame: Pixmap, duration: Double, index: Int) throws(EncodingError) {
        size = (frame.width, frame.height)
        let image = DecodedImage(width: frame.width, height: frame.height, pixels: frame.premultipliedBytes)
        let data: Data
        do { data = try PNGEncoder.encode(image, compressionLevel: level) } catch { throw .codec(error) }
        let name = PNGSequenceWriter.fileName(index: index + (shard?.frames.lowerBound ?? 0))
        try stage(data, as: name)
        entries.append((name, duration))
    }

    /// Stages the PNG file at `source` as frame `number` (the merge goes through here): a hard
    /// link when the file system allows one (no bytes copied; the writers never change a file in
    /// place, so the shard and the merge cannot disturb each other), else a copy.
    func consumeFile(_ source: URL, duration: Double, number: Int) throws(EncodingError) {
        let name = PNGSequenceWriter.fileName(index: number)
        if link(source.path, staging.appendingPathComponent(name).path) != 0 {
            guard let png = FileManager.default.contents(atPath: source.path) else {
                throw .unwritable(path: directory.path, reason: "the frame \(source.path) could not be read")
            }
            try stage(png, as: name)
        }
        entries.append((name, duration))
    }

    func finish() throws(EncodingError) {
        var json = "{\"format\": \"kinema-frame-sequence\", \"version\": 1, "
        json += "\"width\": \(size.width), \"height\": \(size.height), "
        json += "\"total_duration\": \(entries.reduce(0) { $0 + $1.duration }), "
        if let shard {
            json += "\"first_frame\": \(shard.frames.lowerBound), \"recording_frames\": \(shard.totalFrames), "
        }
        json += "\"frames\": [\n"
        json += entries.map { "  {\"file\": \"\($0.file)\", \"duration\": \($0.duration)}" }.joined(separator: ",\n")
        json += "\n]}\n"
        try stage(Data(json.utf8), as: PNGSequenceWriter.manifestName)
        // Check every destination before moving anything, so a refusal changes nothing.
        let names = entries.map(\.file) + [PNGSequenceWriter.manifestName]
        var destinations: [String] = []
        destinations.reserveCapacity(names.count)
        for name in names {
            let resolved = try OutputFile.resolve(directory.appendingPathComponent(name).path)
            if let existing = resolved.existing, !OutputFile.isRegular(existing.st_mode) {
                throw .unwritable(path: resolved.path, reason: "it is not a regular file; not replacing it")
            }
            destinations.append(resolved.path)
        }
        for (name, destination) in zip(names, destinations) {
            guard rename(staging.appendingPathComponent(name).path, destination) == 0 else {
                throw .unwritable(path: destination, reason: OutputFile.errorText(errno))
            }
        }
        open = false
        try? FileManager.default.removeItem(at: staging)
    }

    /// Removes the staging folder (and the directory, if this writer made it and it is empty).
    func abandon() {
        guard open else { return }
        open = false
        try? FileManager.default.removeItem(at: staging)
        if created { rmdir(directory.path) }
    }

    private func stage(_ data: Data, as name: String) throws(EncodingError) {
        let url = staging.appendingPathComponent(name)
        do { try data.write(to: url) } catch {
            throw .unwritable(path: directory.appendingPathComponent(name).path, reason: error.localizedDescription)
        }
    }
}
