// VideoWriter: a FrameSink piping raw RGBA frames into an ffmpeg process (MP4 / MOV with x264,
// WebM with VP9), at a constant frame rate.

import Foundation
import KinemaRaster

/// Records frames into a video file through the `ffmpeg` command-line tool.
///
/// ```swift
/// let video = try VideoWriter(url: URL(filePath: "demo.mp4"), fps: 60)
/// for i in 0..<120 { try video.append(render(Double(i) / 60), duration: 1.0 / 60) }
/// try video.finish()   // waits for ffmpeg to write the file
/// ```
///
/// **Semantics.**
/// - *Container and codec* by extension: `.mp4`, `.m4v`, `.mov` → H.264 (libx264, `-crf 18`,
///   preset medium, `+faststart`); `.webm` → VP9 (libvpx-vp9, `-crf 30 -b:v 0`); `.mkv` → H.264.
///   Pixels are yuv420p (what players expect); ffmpeg converts from RGB with its defaults.
/// - *No alpha*: each frame is composited over `options.background` (opaque; default black).
/// - *Even size*: yuv420p needs even dimensions, so an odd width or height gets one column or row
///   of background on the right or bottom.
/// - *Output*: ffmpeg writes a hidden temporary file beside `url` (same extension), which
///   replaces `url` only when ffmpeg exits successfully; on failure it is removed and an existing
///   file at `url` is kept (see `OutputFile`: symlinks written through, read-only files refused).
/// - *Constant frame rate* `fps`: frame k covers [T_k, T_k + duration) on the timeline and is
///   repeated `round(fps × T_{k+1}) − round(fps × T_k)` times — durations longer than 1/fps
///   duplicate frames, shorter ones may drop a frame, and the total stays exact to one frame.
///   At least one frame is written.
/// - *ffmpeg*: found on `PATH` (or at `options.ffmpegPath`) when the writer is made; missing →
///   `EncodingError.ffmpegMissing`, whose message names `apt-get install ffmpeg`. The process
///   starts with the first frame; its error output goes to a temporary file and is reported
///   (trimmed) if it fails. Writing to a process that died would raise SIGPIPE, so making a
///   `VideoWriter` sets SIGPIPE to be ignored for the process (writes then fail with an error).
///
/// **Cost.** One composite copy per frame, then a pipe write per output frame; encoding runs in
/// ffmpeg, in parallel with the caller.
public final class VideoWriter: FrameSink, Sendable {
    /// The extensions the writer knows, and their codec arguments.
    static func codecArguments(forExtension ext: String, quality: Int?) -> [String]? {
        switch ext.lowercased() {
        case "mp4", "m4v", "mov", "mkv":
            ["-c:v", "libx264", "-preset", "medium", "-crf", String(quality ?? 18), "-pix_fmt", "yuv420p"]
                + (ext.lowercased() == "mkv" ? [] : ["-movflags", "+faststart"])
        case "webm":
            ["-c:v", "libvpx-vp9", "-crf", String(quality ?? 30), "-b:v", "0", "-pix_fmt", "yuv420p"]
        default: nil
        }
    }

    private let pipeline: FramePipeline

    /// A writer of `url` at `fps` frames a second (0 < fps ≤ 1000).
    public init(url: URL, fps: Double, options: FrameSinkOptions = FrameSinkOptions()) throws(EncodingError) {
        try options.validate()
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw .invalidArgument("fps \(fps) is outside (0, 1000]") }
        guard var codec = Self.codecArguments(forExtension: url.pathExtension, quality: options.videoQuality) else {
            throw .invalidArgument("video extension '.\(url.pathExtension)' is not one of mp4, m4v, mov, mkv, webm")
        }
        // A shard notes its frames in the container's comment tag, where `FrameShardMerge`
        // reads them (ffprobe) to order the segments and refuse gaps.
        if let shard = options.shard { codec += ["-metadata", "comment=\(FrameShardMerge.videoNotePrefix)\(shard)"] }
        let ffmpeg = try Self.locateFFmpeg(options.ffmpegPath)
        // ffmpeg writes a temporary file beside the target, renamed over it only when ffmpeg
        // succeeded (OutputFile); the checks (read-only file, missing folder…) run now.
        let output = try OutputFile(url: url, external: true)
        signal(SIGPIPE, SIG_IGN)
        let core = VideoCore(ffmpeg: ffmpeg, output: output, fps: fps, codec: codec, background: options.background)
        pipeline = try FramePipeline(core: core, label: "video", depth: options.framesInFlight, maxSide: 16_384)
    }

    public func append(_ frame: Pixmap, duration: Double) throws(EncodingError) {
        try pipeline.append(frame, duration: duration)
    }

    public func finish() throws(EncodingError) { try pipeline.finish() }

    /// The ffmpeg executable: `explicit` if given (it must be executable), else the first
    /// `ffmpeg` on `PATH`.
    public static func locateFFmpeg(_ explicit: String? = nil) throws(EncodingError) -> String {
        if let explicit {
            guard FileManager.default.isExecutableFile(atPath: explicit) else { throw .ffmpegMissing(searched: explicit) }
            return explicit
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: String(candidate)) { return String(candidate) }
        }
        throw .ffmpegMissing(searched: "PATH=\(path)")
    }
}

final class VideoCore: FrameEncoderCore {
    let ffmpeg: String
    let output: OutputFile
    let fps: Double
    let codec: [String]
    let background: PremultipliedColor
    var process: Process?
    var input: FileHandle?
    var errorLog: URL?
    var outputWidth = 0
    var outputHeight = 0
    var elapsed: Double = 0
    var written = 0
    var last: [UInt8] = []

    init(ffmpeg: String, output: OutputFile, fps: Double, codec: [String], background: PremultipliedColor) {
        self.ffmpeg = ffmpeg
        self.output = output
        self.fps = fps
        self.codec = codec
        self.background = background
    }

    func consume(_ frame: Pixmap, duration: Double, index: Int) throws(EncodingError) {
        if index == 0 { try start(width: frame.width, height: frame.height) }
        last = composite(frame)
        elapsed += duration
        let due = Int((elapsed * fps).rounded())
        while written < due { try send(last) }
    }

    func finish() throws(EncodingError) {
        if written == 0 { try send(last) }
        try? input?.close()
        input = nil
        guard let process else { output.discard(); return }
        process.waitUntilExit()
        let status = process.terminationStatus
        let message = readErrorLog()
        self.process = nil
        guard status == 0 else {
            output.discard()
            throw .ffmpegFailed(status: status, message: message)
        }
        try output.commit()
    }

    func abandon() {
        try? input?.close()
        input = nil
        if let process {
            process.waitUntilExit()
            self.process = nil
        }
        _ = readErrorLog()
        output.discard()
    }

    private func start(width: Int, height: Int) throws(EncodingError) {
        outputWidth = width + width % 2
        outputHeight = height + height % 2
        let (numerator, denominator) = APNGEncoderCore.fraction(fps)
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-ffmpeg-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        errorLog = log
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                             "-s", "\(outputWidth)x\(outputHeight)", "-r", "\(numerator)/\(denominator)", "-i", "-",
                             "-an"] + codec + [output.writingPath]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log.path)
        do { try process.run() } catch {
            throw .ffmpegFailed(status: -1, message: "could not start \(ffmpeg): \(error.localizedDescription)")
        }
        self.process = process
        input = pipe.fileHandleForWriting
    }

    /// The frame over the background, padded to even dimensions, as RGBA bytes.
    private func composite(_ frame: Pixmap) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: outputWidth * outputHeight * 4)
        let back = (Int(background.red), Int(background.green), Int(background.blue))
        for i in 0..<(outputWidth * outputHeight) {
            bytes[i * 4] = UInt8(back.0); bytes[i * 4 + 1] = UInt8(back.1); bytes[i * 4 + 2] = UInt8(back.2)
            bytes[i * 4 + 3] = 255
        }
        frame.storage.withUnsafeBufferPointer { pixels in
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let p = pixels[y * frame.width + x]
                    let a = Int(p >> 24)
                    let o = (y * outputWidth + x) * 4
                    bytes[o] = UInt8(min(255, Int(p & 0xFF) + (back.0 * (255 - a) + 127) / 255))
                    bytes[o + 1] = UInt8(min(255, Int(p >> 8 & 0xFF) + (back.1 * (255 - a) + 127) / 255))
                    bytes[o + 2] = UInt8(min(255, Int(p >> 16 & 0xFF) + (back.2 * (255 - a) + 127) / 255))
                }
            }
        }
        return bytes
    }

    private func send(_ bytes: [UInt8]) throws(EncodingError) {
        guard let input else { return }
        do { try input.write(contentsOf: Data(bytes)) } catch {
            try? input.close()
            self.input = nil
            process?.waitUntilExit()
            let status = process?.terminationStatus ?? -1
            process = nil
            throw .ffmpegFailed(status: status, message: readErrorLog().isEmpty ? "\(error)" : readErrorLog())
        }
        written += 1
    }

    private func readErrorLog() -> String {
        guard let errorLog else { return "" }
        let text = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        return String(text.trimmingCharacters(in: .whitespacesAndNewlines).suffix(2000))
    }

    deinit {
        if let errorLog { try? FileManager.default.removeItem(at: errorLog) }
    }
}
