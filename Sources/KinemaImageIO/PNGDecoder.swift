// PNGDecoder: PNG files to premultiplied RGBA8, through libpng.
//
// Audited against: PNG Specification (Third Edition), §5 (datastream structure), §7 (colour
// types and bit depths), §8.2 (Adam7 interlace), §11.3.2 (tRNS).
// Status: every colour type (gray, gray + alpha, RGB, RGBA, palette) at every legal bit depth
// (1, 2, 4, 8, 16), tRNS, interlaced. 16-bit samples keep their high byte. gAMA, cHRM, sRGB and
// iCCP are ignored: samples are sRGB as stored. APNG frames (acTL/fcTL/fdAT) are not read: the
// default image is.

import CKinemaCodecs
import Foundation

/// Reads PNG files.
///
/// ```swift
/// let image = try PNGDecoder.decode(Data(contentsOf: url))   // premultiplied RGBA8
/// ```
///
/// Before libpng sees the data, a scan of the chunk structure checks the signature, that every
/// chunk is whole (else `.truncated`), every critical chunk's CRC (else `.badCRC`; ancillary chunks
/// with bad CRCs are skipped, as libpng does) and the IHDR dimensions against the limits (else
/// `.tooLarge`) — so the pixel buffer is only allocated for a file that is structurally whole.
/// Anything libpng rejects after that (bad zlib data, too little image data) is
/// `.decoderMessage`.
///
/// Cost: one pass over the file for CRCs, then libpng's decode straight into the output buffer.
/// Work is bounded by the image, not the file: the bytes zlib must produce are computed from
/// IHDR and checked against `ImageDecodingLimits.maxInflatedBytes` (`.workBudgetExceeded`), and
/// decoding stops after the last row, so zlib data after it (which libpng would otherwise inflate
/// to the end: 25 s for an 8 MB file of a 16×16 image) is never inflated.
public enum PNGDecoder {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes a PNG file to premultiplied RGBA8.
    public static func decode(_ data: Data,
                              limits: ImageDecodingLimits = .default) throws(ImageIOError) -> DecodedImage {
        let result: Result<DecodedImage, ImageIOError> = data.withUnsafeBytes { raw in
            Result { () throws(ImageIOError) in try decode(raw, limits: limits) }
        }
        return try result.get()
    }

    static func decode(_ raw: UnsafeRawBufferPointer,
                       limits: ImageDecodingLimits) throws(ImageIOError) -> DecodedImage {
        let header = try PNGChunkScan.validate(raw, limits: limits)
        let inflated = header.inflatedBytes
        guard inflated <= limits.maxInflatedBytes else {
            throw .workBudgetExceeded("PNG image data of \(header.width)×\(header.height) inflates to \(inflated) bytes, "
                                      + "over maxInflatedBytes (\(limits.maxInflatedBytes))")
        }
        let bytes = raw.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress, let reader = kc_png_reader_create(base, bytes.count) else {
            throw .outOfMemory("PNG reader")
        }
        defer { kc_png_reader_destroy(reader) }
        func failure(_ status: kc_status) -> ImageIOError {
            let message = LogSafe.escaped(cString: kc_png_reader_message(reader))
            return switch status {
            case KC_ERR_OUT_OF_MEMORY: .outOfMemory(message)
            case KC_ERR_TRUNCATED: .truncated(message)
            default: .decoderMessage(message)
            }
        }

        var width: UInt32 = 0
        var height: UInt32 = 0
        let limitWidth = UInt32(clamping: limits.maxWidth)
        let limitHeight = UInt32(clamping: limits.maxHeight)
        let status = kc_png_read_header(reader, limitWidth, limitHeight, &width, &height)
        guard status == KC_OK else { throw failure(status) }
        guard Int(width) == header.width, Int(height) == header.height else {
            throw .decoderMessage("libpng read \(width)×\(height), IHDR says \(header.width)×\(header.height)")
        }
        try limits.check(width: Int(width), height: Int(height))

        let count = Int(width) * Int(height)
        try DecodeMemory.reserve(count, bytesEach: 4, for: "PNG pixels \(width)×\(height)")
        var pixelStatus = KC_OK
        // Uninitialised capacity: pages are only touched as libpng writes rows.
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            pixelStatus = kc_png_read_pixels(reader, buffer.baseAddress, Int(width) * 4)
            if pixelStatus == KC_OK {
                kc_premultiply_rgba(buffer.baseAddress, count)
                initialized = count * 4
            } else {
                initialized = 0
            }
        }
        DecodeWork.counters?.pngBytesRead += Int(clamping: kc_png_reader_bytes_read(reader))
        guard pixelStatus == KC_OK else { throw failure(pixelStatus) }
        return DecodedImage(width: Int(width), height: Int(height), pixels: pixels)
    }
}
