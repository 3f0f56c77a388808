// ImageIOError: why a file could not be read or an image could not be written.

/// Why a file could not be decoded or an image could not be encoded.
///
/// Every codec throws only this type (typed throws), whatever the input: malformed, truncated and
/// hostile files never trap. `reason` is a sentence for logs and diagnostics.
public enum ImageIOError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data ends before the image does (what was cut is in the string).
    case truncated(String)
    /// The data does not start with the signature of the format asked for (or of any known
    /// format, for `ImageDecoder`).
    case badSignature
    /// A critical PNG chunk's CRC does not match its contents.
    case badCRC(chunk: String)
    /// A valid file using something these codecs do not handle (the string says what).
    case unsupported(String)
    /// The image's dimensions exceed `ImageDecodingLimits`; checked before allocating.
    case tooLarge(width: Int, height: Int)
    /// An animation whose decoded frames would exceed `ImageDecodingLimits` (frame count or
    /// total canvas pixels over all frames).
    case animationTooLarge(frames: Int, width: Int, height: Int)
    /// The file's structure is invalid in a way Kinema's own parsers detect.
    case malformed(String)
    /// libpng or libjpeg reported an error (while reading or writing); their message, with
    /// bytes outside printable ASCII escaped as `\xNN`.
    case decoderMessage(String)
    /// Memory could not be allocated, or a library's memory cap was hit.
    case outOfMemory(String)
    /// An encoder was given an image or parameter it cannot encode.
    case invalidArgument(String)
    /// Decoding would exceed a work budget of `ImageDecodingLimits` (`maxInflatedBytes`,
    /// `maxLZWIndices`); the string says which and by how much.
    case workBudgetExceeded(String)

    /// A sentence saying what went wrong.
    public var reason: String {
        switch self {
        case .truncated(let what): "the data is truncated: \(what)"
        case .badSignature: "the data does not start with a known image signature"
        case .badCRC(let chunk): "PNG chunk \(chunk) fails its CRC check"
        case .unsupported(let what): "unsupported: \(what)"
        case .tooLarge(let width, let height): "the image is too large (\(width)×\(height))"
        case .animationTooLarge(let frames, let width, let height):
            "the animation is too large (\(frames) frames of \(width)×\(height))"
        case .malformed(let what): "the file is malformed: \(what)"
        case .decoderMessage(let message): "the decoder reported: \(message)"
        case .outOfMemory(let what): "out of memory: \(what)"
        case .invalidArgument(let what): "invalid argument: \(what)"
        case .workBudgetExceeded(let what): "the decoding work budget is exceeded: \(what)"
        }
    }

    public var description: String { "ImageIOError: \(reason)" }
}
