// FrameSinkOptions: the settings every frame sink reads (each sink uses the ones of its format).

import KinemaRaster

/// Settings for the frame sinks. Each sink reads the fields of its format and ignores the rest.
///
/// ```swift
/// var options = FrameSinkOptions()
/// options.loopCount = 3          // GIF / APNG: play 3 times (0 = forever, nil = no loop block)
/// options.dithering = false      // GIF: flat colours, smaller files
/// options.background = .white    // video: what transparent pixels are composited over
/// let sink = try makeFrameSink(for: url, fps: 30, options: options)
/// ```
public struct FrameSinkOptions: Sendable, Hashable {
    /// The longest duration one frame may have, in seconds (one day); longer is an error.
    public static let maximumFrameDuration: Double = 86_400

    /// GIF and APNG: how many times the animation plays. 0 loops forever (the default). For GIF
    /// a value n ≥ 1 is written as NETSCAPE2.0's n, which most viewers read as "n repeats after
    /// the first play"; APNG's `num_plays` n means n plays. nil writes no loop block for GIF
    /// (play once) and `num_plays` 1 for APNG. Range 0…65 535.
    public var loopCount: Int? = 0
    /// GIF: Floyd–Steinberg error diffusion when a frame needs more than 256 colours.
    public var dithering = true
    /// GIF: colours per frame palette, 2…256 (one is given up for transparency when a frame
    /// needs it).
    public var maxColors = 256
    /// How many frames may wait for or be in the background encoder before `append` blocks (1…16).
    public var framesInFlight = 3
    /// APNG and PNG sequence: zlib level 0…9.
    public var compressionLevel = 6
    /// Video: the opaque colour frames are composited over (video has no alpha). Its alpha is
    /// ignored (taken as 255).
    public var background: PremultipliedColor = .black
    /// Video: x264 / VP9 constant-rate factor (lower is better and larger); nil uses 18 for MP4
    /// and 30 for WebM.
    public var videoQuality: Int?
    /// Video: the ffmpeg executable; nil searches `PATH`.
    public var ffmpegPath: String?
    /// Set when the sink records one shard of a longer recording (`FrameShard`): a PNG sequence
    /// numbers its files from the shard's first frame and notes the shard in `frames.json`, a
    /// video notes it in its comment tag, so `FrameShardMerge` can join the shards. GIF and APNG
    /// ignore it. nil (the default): a whole recording.
    public var shard: FrameShard?

    /// The default options (every field at its documented default).
    public init() {}

    func validate() throws(EncodingError) {
        if let loopCount, !(0...65_535).contains(loopCount) {
            throw .invalidArgument("loopCount \(loopCount) is outside 0…65535")
        }
        guard (2...256).contains(maxColors) else { throw .invalidArgument("maxColors \(maxColors) is outside 2…256") }
        guard (1...16).contains(framesInFlight) else {
            throw .invalidArgument("framesInFlight \(framesInFlight) is outside 1…16")
        }
        guard (0...9).contains(compressionLevel) else {
            throw .invalidArgument("compressionLevel \(compressionLevel) is outside 0…9")
        }
        if let videoQuality, !(0...63).contains(videoQuality) {
            throw .invalidArgument("videoQuality \(videoQuality) is outside 0…63")
        }
    }
}
