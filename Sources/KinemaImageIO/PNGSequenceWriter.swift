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
/// Durations are written with Swift's shortest round-tripping decimal form.
///
/// **Cost.** One libpng encode per frame, on the background queue.
public final class PNGSequenceWriter: FrameSink, Sendable {
    /// The manifest's file name.
    public static let manifestName = "frames.json"

    private let pipeline: FramePipeline

    /// A writer into `directory` (created now if missing).
    public init(directory: URL, options: FrameSinkOptions = FrameSinkOptions()) throws(EncodingError) {
        try options.validate()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .unwritable(path: directory.path, reason: "a file of that name exists (a directory is needed)")
            }
        } else {
            do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
                throw .unwritable(path: directory.path, reason: "the directory could not be created: \(error.localizedDescription)")
            }
        }
        pipeline = try FramePipeline(core: PNGSequenceCore(directory: directory, level: options.compressionLevel),
                                     label: "png-sequence", depth: options.framesInFlight)
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
    let level: Int
    var entries: [(file: String, duration: Double)] = []
    var size = (width: 0, height: 0)

    init(directory: URL, level: Int) {
        self.directory = directory
        self.level = level
    }

    func consume(_ frame: Pixmap, duration: Double, index: Int) throws(EncodingError) {
        size = (frame.width, frame.height)
        let image = DecodedImage(width: frame.width, height: frame.height, pixels: frame.premultipliedBytes)
        let data: Data
        do { data = try PNGEncoder.encode(image, compressionLevel: level) } catch { throw .codec(error) }
        let name = PNGSequenceWriter.fileName(index: index)
        try write(data, to: name)
        entries.append((name, duration))
    }

    func finish() throws(EncodingError) {
        var json = "{\"format\": \"kinema-frame-sequence\", \"version\": 1, "
        json += "\"width\": \(size.width), \"height\": \(size.height), "
        json += "\"total_duration\": \(entries.reduce(0) { $0 + $1.duration }), \"frames\": [\n"
        json += entries.map { "  {\"file\": \"\($0.file)\", \"duration\": \($0.duration)}" }.joined(separator: ",\n")
        json += "\n]}\n"
        try write(Data(json.utf8), to: PNGSequenceWriter.manifestName)
    }

    func abandon() {}

    private func write(_ data: Data, to name: String) throws(EncodingError) {
        let url = directory.appendingPathComponent(name)
        do { try data.write(to: url) } catch {
            throw .unwritable(path: url.path, reason: error.localizedDescription)
        }
    }
}
