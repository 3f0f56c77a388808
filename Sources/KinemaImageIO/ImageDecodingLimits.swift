// ImageDecodingLimits: how large a file may claim to be, and how much work it may ask for,
// before decoding refuses it.
//
// Audited against: issue 19 (hostile input); the work figures below were measured on the
// project's 2-core development machine. Status: complete for PNG, JPEG and GIF.

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
///
/// Work budgets: decompression can make a small file ask for much work that never becomes a
/// pixel (zlib data past a PNG's last row, GIF frames that fall outside the canvas), so two
/// budgets bound it, and exceeding either throws `ImageIOError.workBudgetExceeded`:
/// `maxInflatedBytes` (PNG: bytes zlib must produce for the image's rows) and `maxLZWIndices`
/// (GIF: colour indices LZW-decoded over all frames, visible or not). Every limit is compared
/// with saturating arithmetic, so `.max` means "no limit" and never traps.
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
    /// Largest number of bytes a PNG's image data may inflate to (default 2^31 + 2^28, 2.25 GiB:
    /// any image within the default `maxPixels`, even 16-bit RGBA with its filter bytes). The
    /// need is computed from the header before decoding; zlib data after the last row is never
    /// inflated. libpng inflated about 0.5 GB/s of CPU time in a measurement here (1 GB from
    /// 1 MB of surplus data: 2.1 s), so the default is a few seconds.
    public var maxInflatedBytes: Int
    /// Largest number of colour indices a GIF's LZW data may decode to, over all frames and
    /// including pixels outside the canvas (default 2^30). Issue 19 measured about 3.5 s per MB
    /// of maximally compressed frame data (some 2,700 indices a byte), about 1.3 ns an index, so
    /// the default is about 1.4 s; frames inside the canvas need at most `maxAnimationPixels`.
    public var maxLZWIndices: Int

    public init(maxWidth: Int = 32768, maxHeight: Int = 32768, maxPixels: Int = 1 << 28,
                maxFrames: Int = 100_000, maxAnimationPixels: Int = 1 << 28,
                maxInflatedBytes: Int = (1 << 31) + (1 << 28), maxLZWIndices: Int = 1 << 30) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFrames = maxFrames
        self.maxAnimationPixels = maxAnimationPixels
        self.maxInflatedBytes = maxInflatedBytes
        self.maxLZWIndices = maxLZWIndices
    }

    /// 32768 × 32768 at most, 2^28 pixels, 100 000 frames, 2^28 animation pixels, 2.25 GiB
    /// inflated, 2^30 LZW indices.
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

/// Saturating arithmetic for sizes and budgets: a product or sum that would overflow is
/// `Int.max`, which every limit comparison then refuses (or, for a limit of `.max`, accepts
/// without trapping).
enum Saturating {
    static func multiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? (a < 0) != (b < 0) ? .min : .max : product
    }

    static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? b < 0 ? .min : .max : sum
    }
}
