// EncodingError: why a frame sink (GIF, APNG, PNG sequence, video) could not record.

/// Why a `FrameSink` refused a frame or could not finish its file.
///
/// Every sink throws only this type (typed throws). Bad input — a NaN duration, a frame of another
/// size, a call after `finish()` — is an error the caller can report; nothing traps, and a sink
/// that threw for one bad frame keeps the frames it had (the next good `append` goes on).
///
/// ```swift
/// do { try sink.append(frame, duration: .nan) }
/// catch { print(error.reason) }   // "frame 3 has duration nan s; durations must be finite and > 0"
/// ```
public enum EncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A frame whose size differs from the first frame's (every format here has one canvas size).
    case sizeMismatch(frame: Int, expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    /// A duration that is NaN, infinite, zero, negative or above
    /// `FrameSinkOptions.maximumFrameDuration` (one day).
    case invalidDuration(frame: Int, duration: Double)
    /// A frame larger than the format allows (GIF: 65 535 a side).
    case frameTooLarge(width: Int, height: Int, limit: Int)
    /// An option or parameter out of range (the string says which).
    case invalidArgument(String)
    /// `append` was called after `finish()`.
    case finished
    /// `finish()` was called before any frame was appended; formats need at least one frame.
    case noFrames
    /// The output file or directory could not be created or written.
    case unwritable(path: String, reason: String)
    /// The `ffmpeg` executable was not found on `PATH` (nor at the path given).
    case ffmpegMissing(searched: String)
    /// `ffmpeg` stopped early or exited with a failure; its own error output, trimmed.
    case ffmpegFailed(status: Int32, message: String)
    /// A codec underneath (libpng) failed.
    case codec(ImageIOError)

    /// A sentence saying what went wrong.
    public var reason: String {
        switch self {
        case let .sizeMismatch(frame, expectedWidth, expectedHeight, width, height):
            "frame \(frame) is \(width)×\(height) but the first frame is \(expectedWidth)×\(expectedHeight); every frame must have the first frame's size"
        case let .invalidDuration(frame, duration):
            "frame \(frame) has duration \(duration) s; durations must be finite, > 0 and at most \(FrameSinkOptions.maximumFrameDuration) s"
        case let .frameTooLarge(width, height, limit):
            "a \(width)×\(height) frame is larger than the format allows (\(limit) a side)"
        case let .invalidArgument(what): "invalid argument: \(what)"
        case .finished: "the sink is finished; append is not allowed after finish()"
        case .noFrames: "finish() was called before any frame was appended"
        case let .unwritable(path, reason): "cannot write \(path): \(reason)"
        case let .ffmpegMissing(searched):
            "ffmpeg was not found (searched \(searched)); install it with `apt-get install ffmpeg` (Debian/Ubuntu) or pass its path in FrameSinkOptions.ffmpegPath"
        case let .ffmpegFailed(status, message):
            "ffmpeg failed (exit status \(status)): \(message.isEmpty ? "no error output" : message)"
        case let .codec(error): error.reason
        }
    }

    public var description: String { "EncodingError: \(reason)" }
}
