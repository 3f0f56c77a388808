// DecodedImage: the pixels every codec reads and writes.

/// A decoded raster image: premultiplied RGBA, 8 bits a channel, sRGB.
///
/// Layout: `pixels` holds `width × height × 4` bytes, row-major, top row first, rows tightly
/// packed (`bytesPerRow == width × 4`), channels in the order R, G, B, A. Colour channels are
/// premultiplied by alpha: each is `round(c × a / 255)` of the straight value `c`, so every
/// channel is ≤ its pixel's alpha. This is exactly the layout of KinemaRaster's `Pixmap`
/// (DESIGN.md §5); when both modules meet, converting is one line each way:
///
/// ```swift
/// let pixmap = Pixmap(width: image.width, height: image.height, premultipliedRGBA: image.pixels)
/// ```
///
/// ```swift
/// let image = try ImageDecoder.decode(Data(contentsOf: url))
/// let (r, g, b, a) = image[x: 0, y: 0]
/// let png = try PNGEncoder.encode(image)
/// ```
///
/// Cost: one array of `width × height × 4` bytes; copies are copy-on-write.
public struct DecodedImage: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Premultiplied RGBA8, row-major, top row first, `width × 4` bytes a row.
    public var pixels: [UInt8]

    /// Wraps pixels in the documented layout. Encoders check that `pixels.count` is
    /// `width × height × 4` and throw `ImageIOError.invalidArgument` if it is not.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A fully transparent image.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height,
                  pixels: [UInt8](repeating: 0, count: max(0, width) * max(0, height) * 4))
    }

    /// Bytes from one row to the next: always `width × 4`.
    public var bytesPerRow: Int { width * 4 }

    /// Whether `pixels.count` matches the dimensions.
    public var hasValidLayout: Bool {
        width >= 0 && height >= 0 && pixels.count == width * height * 4
    }

    /// The premultiplied (r, g, b, a) at column `x`, row `y` (row 0 is the top). Traps when out
    /// of bounds, like an array subscript.
    public subscript(x x: Int, y y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
