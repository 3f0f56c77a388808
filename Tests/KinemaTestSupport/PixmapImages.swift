// Pixmaps to and from image files, through KinemaImageIO's codecs (premultiplied RGBA8 on both
// sides: the PNG encoder un-premultiplies, the decoder premultiplies).
import Foundation
import KinemaImageIO
import KinemaRaster

extension Pixmap {
    /// The pixels of a decoded image.
    public init(_ image: DecodedImage) throws {
        try self.init(width: image.width, height: image.height, premultipliedBytes: image.pixels)
    }

    /// The pixels of PNG `data`.
    public init(pngData data: Data) throws {
        try self.init(PNGDecoder.decode(data))
    }

    /// The pixels of the PNG file at `url`.
    public init(pngFile url: URL) throws {
        try self.init(pngData: Data(contentsOf: url))
    }

    /// The pixels as a `DecodedImage`, for the encoders.
    public var decodedImage: DecodedImage {
        DecodedImage(width: width, height: height, pixels: premultipliedBytes)
    }

    /// PNG bytes of the pixels (straight alpha, as PNG stores it).
    public func pngData() throws -> Data {
        try PNGEncoder.encode(decodedImage)
    }
}
