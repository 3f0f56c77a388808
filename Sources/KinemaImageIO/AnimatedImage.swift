// AnimatedImage: the frames of an animation, each the full canvas as displayed.

/// A decoded animation: every frame is the whole canvas as a viewer displays it at that point
/// (previous frames, disposal and transparency already composited), with how long it stays.
///
/// ```swift
/// let gif = try GIFDecoder.decode(data)
/// let images = gif.frames.map(\.image)                 // for UIImage.animatedImage(with:duration:)
/// let duration = gif.frames.reduce(0) { $0 + $1.playbackDelay }
/// ```
///
/// Cost: `frames.count × width × height × 4` bytes, bounded by `ImageDecodingLimits`.
public struct AnimatedImage: Sendable, Hashable {
    /// One displayed state of the canvas.
    public struct Frame: Sendable, Hashable {
        /// The full canvas after this frame is drawn (premultiplied RGBA8, canvas-sized).
        public var image: DecodedImage
        /// How long the frame stays, in seconds, exactly as the file says (a GIF's centiseconds
        /// / 100; 0 when the file gives none).
        public var delay: Double

        public init(image: DecodedImage, delay: Double) {
            self.image = image
            self.delay = delay
        }

        /// The delay browsers actually use: delays of 0.01 s or less (GIF's 0 and 1 cs) play as
        /// 0.1 s, as Chrome, Firefox and Safari do, because many files written for old viewers say
        /// 0 and mean "default". Use `delay` to get the file's value.
        public var playbackDelay: Double { delay <= Self.browserMinimumDelay ? Self.browserDefaultDelay : delay }

        /// Delays at or below this (1 cs) are replaced in playback.
        static let browserMinimumDelay = 0.01
        /// What browsers play such delays as (10 cs).
        static let browserDefaultDelay = 0.1
    }

    /// Canvas width in pixels (a GIF's logical screen width).
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// The frames in display order; never empty for a decoded file.
    public var frames: [Frame]
    /// How many times the animation plays, as the file says: nil when the file has no loop
    /// extension (play once), 0 for forever, n for the NETSCAPE2.0 value n. This is the
    /// convention of Apple's `kCGImagePropertyGIFLoopCount` (0 = loop forever). Viewers differ
    /// on whether n ≥ 1 counts the first play or the repeats after it; that is left to the player.
    public var loopCount: Int?

    public init(width: Int, height: Int, frames: [Frame], loopCount: Int?) {
        self.width = width
        self.height = height
        self.frames = frames
        self.loopCount = loopCount
    }

    /// The sum of the frames' `playbackDelay`s: one play of the animation as browsers time it.
    public var duration: Double { frames.reduce(0) { $0 + $1.playbackDelay } }
}
