// JPEGEncoder: premultiplied RGBA8 to JPEG, through libjpeg-turbo.

import CKinemaCodecs
import Foundation

/// Writes JPEG files.
///
/// ```swift
/// let data = try JPEGEncoder.encode(image, quality: 85)
/// ```
///
/// Semantics: baseline JFIF, YCbCr with 4:2:0 chroma subsampling (libjpeg's default), the IJG
/// quality scale (`jpeg_set_quality`, baseline-limited tables; 0 is treated as 1 by libjpeg),
/// optimised Huffman tables, no EXIF. JPEG has no alpha: the premultiplied colour channels are
/// written as they are, which is the image composited over black — what
/// `UIImageJPEGRepresentation` gives for a transparent image.
///
/// Cost: libjpeg-turbo's SIMD encode straight from the pixels, no copy.
public enum JPEGEncoder {
    /// Largest side libjpeg accepts.
    static let maxDimension = 65500

    /// Encodes `image` as JPEG at `quality` 0…100 (75 is libjpeg's default; 90 is visually
    /// lossless for most photographs).
    public static func encode(_ image: DecodedImage, quality: Int = 90) throws(ImageIOError) -> Data {
        guard (0...100).contains(quality) else {
            throw .invalidArgument("JPEG quality \(quality) is outside 0…100")
        }
        try checkEncodable(image, maxDimension: maxDimension)
        var message = [CChar](repeating: 0, count: 256)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { src in
            kc_jpeg_write(src.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                          Int32(quality), &out, &size, &message, message.count)
        }
        return try takeEncoded(status: status, out: out, size: size, message: message)
    }
}
