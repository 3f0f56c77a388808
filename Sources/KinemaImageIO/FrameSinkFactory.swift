// FrameSinkFactory: one call that opens the right sink for an output path.

import Foundation

/// The kinds of output a `FrameSink` can write.
public enum FrameSinkFormat: String, Sendable, Hashable, CaseIterable {
    /// Animated GIF (`GIFWriter`).
    case gif
    /// Animated PNG (`APNGWriter`).
    case apng
    /// A directory of PNG files plus `frames.json` (`PNGSequenceWriter`).
    case pngSequence
    /// MP4 / MOV / MKV (H.264) or WebM (VP9) through ffmpeg (`VideoWriter`).
    case video

    /// The format an output path implies, or nil when it implies none.
    ///
    /// `.gif` → gif; `.apng` and `.png` → apng (a one-frame APNG is an ordinary PNG to every
    /// decoder: its animation chunks are ancillary); `.mp4`, `.m4v`, `.mov`, `.mkv`, `.webm` → video;
    /// a path ending in "/" or naming an existing directory → pngSequence. Case-insensitive.
    public static func inferred(from url: URL) -> FrameSinkFormat? {
        var isDirectory: ObjCBool = false
        if url.absoluteString.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            return .pngSequence
        }
        switch url.pathExtension.lowercased() {
        case "gif": return .gif
        case "apng", "png": return .apng
        case "mp4", "m4v", "mov", "mkv", "webm": return .video
        default: return nil
        }
    }
}

/// Opens a sink writing `url` in `format` (inferred from the path when nil, see
/// `FrameSinkFormat.inferred(from:)`).
///
/// ```swift
/// let sink = try makeFrameSink(for: URL(filePath: "out.gif"), fps: 30)
/// for frame in frames { try sink.append(frame, duration: 1.0 / 30) }
/// try sink.finish()
/// ```
///
/// `fps` (finite, 0 < fps ≤ 1000) is the video frame rate; GIF, APNG and PNG sequences keep each
/// appended frame's own duration and only check it. Throws `.invalidArgument` for a path whose
/// format cannot be inferred, and whatever the sink's initializer throws (an unwritable path,
/// ffmpeg missing).
public func makeFrameSink(for url: URL, format: FrameSinkFormat? = nil, fps: Double,
                          options: FrameSinkOptions = FrameSinkOptions()) throws(EncodingError) -> any FrameSink {
    guard fps.isFinite, fps > 0, fps <= 1000 else { throw .invalidArgument("fps \(fps) is outside (0, 1000]") }
    guard let format = format ?? FrameSinkFormat.inferred(from: url) else {
        throw .invalidArgument(
            "cannot tell the format of '\(url.lastPathComponent)': use .gif, .apng/.png, .mp4/.m4v/.mov/.mkv/.webm, a directory path ending in '/', or pass format:")
    }
    switch format {
    case .gif: return try GIFWriter(url: url, options: options)
    case .apng: return try APNGWriter(url: url, options: options)
    case .pngSequence: return try PNGSequenceWriter(directory: url, options: options)
    case .video: return try VideoWriter(url: url, fps: fps, options: options)
    }
}
