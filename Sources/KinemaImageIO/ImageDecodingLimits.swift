// ImageDecodingLimits: how large a file may claim to be before decoding refuses it.

/// Caps checked against a file's header before any pixel buffer is allocated.
///
/// A hostile file can claim any size in a few bytes (and a PNG or GIF can expand a few kilobytes
/// into gigabytes), so decoders compare the claim with these limits first and throw
/// `ImageIOError.tooLarge` (or `.animationTooLarge`) instead of allocating.
///
/// ```swift
/// var limits = ImageDecodingLimits.default
/// limits.maxPixels = 4096 * 4096
/// let image = try ImageDecoder.decode(data, limits: limits)
/// ```
///
/// Cost of the defaults: one image of at most 2^28 pixels is 1 GiB of RGBA8.
public struct ImageDecodingLimits: Sendable, Hashable {
    /// Largest width accepted, in pixels (default 32768).
    public var maxWidth: Int
    /// Largest height accepted, in pixels (default 32768).
    public var maxHeight: Int
    /// Largest width × height accepted (default 2^28).
    public var maxPixels: Int
    /// Largest number of frames an animation may decode to (default 100 000).
    public var maxFrames: Int
    /// Largest sum over an animation's frames of the canvas's pixels (default 2^28): every
    /// decoded frame is a full canvas, so this bounds the memory of `AnimatedImage`.
    public var maxAnimationPixels: Int

    public init(maxWidth: Int = 32768, maxHeight: Int = 32768, maxPixels: Int = 1 << 28,
                maxFrames: Int = 100_000, maxAnimationPixels: Int = 1 << 28) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFrames = maxFrames
        self.maxAnimationPixels = maxAnimationPixels
    }

    /// 32768 × 32768 at most, 2^28 pixels, 100 000 frames, 2^28 animation pixels.
    public static let `default` = ImageDecodingLimits()

    /// Throws `.tooLarge` unless `width × height` fits (both must also be positive, or the
    /// file is `.malformed`).
    func check(width: Int, height: Int) throws(ImageIOError) {
        guard width > 0, height > 0 else {
            throw .malformed("image dimensions \(width)×\(height) are not positive")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width <= maxWidth, height <= maxHeight, !overflow, pixels <= maxPixels else {
            throw .tooLarge(width: width, height: height)
        }
    }
}
