// PNGEncoder: premultiplied RGBA8 to PNG, through libpng.

import CKinemaCodecs
import Foundation

/// Writes PNG files.
///
/// ```swift
/// let data = try PNGEncoder.encode(image, compressionLevel: 9)
/// ```
///
/// Semantics: pixels are un-premultiplied to PNG's straight alpha (`c = min(255, round(c × 255 / a))`,
/// colour dropped where a = 0). An image whose alpha is 255 everywhere is written as 8-bit RGB,
/// otherwise 8-bit RGBA; not interlaced; libpng's adaptive row filters; no gamma or colour chunks
/// (Kinema's pixels are sRGB by convention). For every valid premultiplied pixel (each channel ≤
/// alpha) reading the file back gives the same bytes: rounding both ways is exact.
///
/// Cost: one straight-alpha copy of the pixels, then zlib at `compressionLevel`.
public enum PNGEncoder {
    /// Encodes `image` as PNG. `compressionLevel` is zlib's: 0 stores, 9 compresses hardest,
    /// 6 is zlib's usual balance.
    public static func encode(_ image: DecodedImage, compressionLevel: Int = 6) throws(ImageIOError) -> Data {
        guard (0...9).contains(compressionLevel) else {
            throw .invalidArgument("PNG compression level \(compressionLevel) is outside 0…9")
        }
        try checkEncodable(image, maxDimension: 0x7FFF_FFFF)
        let count = image.width * image.height
        var straight = [UInt8](repeating: 0, count: count * 4)
        var opaque = true
        image.pixels.withUnsafeBufferPointer { src in
            straight.withUnsafeMutableBufferPointer { dst in
                kc_unpremultiply_rgba(src.baseAddress, dst.baseAddress, count)
            }
            var i = 3
            while i < src.count { if src[i] != 255 { opaque = false; break }; i += 4 }
        }
        var message = [CChar](repeating: 0, count: 256)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = straight.withUnsafeBufferPointer { src in
            kc_png_write(src.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4,
                         opaque ? 1 : 0, Int32(compressionLevel), &out, &size, &message, message.count)
        }
        return try takeEncoded(status: status, out: out, size: size, message: message)
    }
}

/// Throws `.invalidArgument` unless `image` has positive dimensions no larger than the format's
/// and pixels matching them.
func checkEncodable(_ image: DecodedImage, maxDimension: Int) throws(ImageIOError) {
    guard image.width > 0, image.height > 0, image.width <= maxDimension, image.height <= maxDimension else {
        throw .invalidArgument("cannot encode a \(image.width)×\(image.height) image (1…\(maxDimension) a side)")
    }
    guard image.hasValidLayout else {
        throw .invalidArgument("pixels hold \(image.pixels.count) bytes, \(image.width)×\(image.height)×4 expected")
    }
}

/// Moves a C writer's malloc'd output into `Data`, or turns its failure into an error.
func takeEncoded(status: kc_status, out: UnsafeMutablePointer<UInt8>?, size: Int,
                 message: [CChar]) throws(ImageIOError) -> Data {
    guard status == KC_OK, let out else {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if status == KC_ERR_OUT_OF_MEMORY { throw .outOfMemory(text) }
        throw .decoderMessage(text.isEmpty ? "encoder failed (status \(status.rawValue))" : text)
    }
    return Data(bytesNoCopy: out, count: size, deallocator: .custom { pointer, _ in kc_free(pointer) })
}
