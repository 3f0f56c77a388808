// JPEGDecoder: JPEG files to premultiplied RGBA8, through libjpeg-turbo.
//
// Audited against: ITU-T T.81 (JPEG) baseline and progressive DCT; JFIF 1.02; Adobe Technical
// Note 5116 (APP14 colour transform); EXIF 2.32 §4.6.4 (Orientation, tag 0x0112).
// Status: baseline and progressive, 8-bit; grayscale, YCbCr, RGB; CMYK and YCCK converted
// naively to RGB (no ICC profile); EXIF orientation applied. Not handled: 12-bit and lossless
// JPEG (libjpeg-turbo's 8-bit API rejects them: `.decoderMessage`), arithmetic coding only as far
// as the system libjpeg-turbo supports it, ICC profiles (ignored, samples taken as sRGB).

import CKinemaCodecs
import Foundation

/// Reads JPEG files.
///
/// ```swift
/// let photo = try JPEGDecoder.decode(data)                           // upright, as displayed
/// let stored = try JPEGDecoder.decode(data, applyingOrientation: false)
/// let orientation = JPEGDecoder.orientation(of: data)                // .right for a portrait photo
/// ```
///
/// Semantics: the result is opaque (alpha 255 everywhere). By default the EXIF orientation is
/// applied, so the image is upright as a viewer shows it (orientations 5–8 swap width and height).
/// A file that ends early is `.truncated` (libjpeg would pad it with gray and succeed); other
/// corrupt entropy-coded data that libjpeg resynchronises past is decoded as libjpeg does, and
/// reported once as a diagnostic (domain "JPEGDecoder").
///
/// Cost: libjpeg-turbo's SIMD decode into the output buffer; progressive files also hold one
/// coefficient buffer (2 bytes a sample). Orientations other than `.up` cost one extra copy.
public enum JPEGDecoder {
    /// A progressive file may not use more scans than this (libjpeg-turbo's djpeg uses the same
    /// guard against files that ask for endless work); real encoders use about ten.
    static let maxScans = 1000

    /// Decodes a JPEG file to RGBA8 (opaque), upright unless `applyingOrientation` is false.
    public static func decode(_ data: Data, applyingOrientation: Bool = true,
                              limits: ImageDecodingLimits = .default) throws(ImageIOError) -> DecodedImage {
        let result: Result<DecodedImage, ImageIOError> = data.withUnsafeBytes { raw in
            Result { () throws(ImageIOError) in
                try decode(raw, applyingOrientation: applyingOrientation, limits: limits)
            }
        }
        return try result.get()
    }

    /// The EXIF orientation in the file's first APP1 Exif segment, `.up` when there is none or
    /// it is not one of the eight defined values.
    public static func orientation(of data: Data) -> EXIFOrientation {
        data.withUnsafeBytes { raw in EXIFOrientation.parse(jpeg: raw.bindMemory(to: UInt8.self)) } ?? .up
    }

    static func decode(_ raw: UnsafeRawBufferPointer, applyingOrientation: Bool,
                       limits: ImageDecodingLimits) throws(ImageIOError) -> DecodedImage {
        let bytes = raw.bindMemory(to: UInt8.self)
        guard bytes.count >= 2 else {
            throw bytes.isEmpty || bytes[0] == 0xFF ? .truncated("JPEG signature") : .badSignature
        }
        guard bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw .badSignature }
        guard let reader = kc_jpeg_reader_create(bytes.baseAddress, bytes.count) else {
            throw .outOfMemory("JPEG reader")
        }
        defer { kc_jpeg_reader_destroy(reader) }
        func failure(_ status: kc_status) -> ImageIOError {
            let message = String(cString: kc_jpeg_reader_message(reader))
            return switch status {
            case KC_ERR_TRUNCATED: .truncated(message)
            case KC_ERR_UNSUPPORTED: .unsupported(message)
            case KC_ERR_OUT_OF_MEMORY: .outOfMemory(message)
            default: .decoderMessage(message)
            }
        }

        var info = kc_jpeg_info()
        let headerStatus = kc_jpeg_read_header(reader, &info)
        guard headerStatus == KC_OK else { throw failure(headerStatus) }
        let width = Int(info.width)
        let height = Int(info.height)
        try limits.check(width: width, height: height)

        // libjpeg's own allocations: a progressive file's coefficients (2 bytes a sample, up to
        // 4 components at full resolution: 8 bytes a pixel) plus working rows. Beyond this cap
        // libjpeg fails cleanly (`.outOfMemory`) instead of allocating.
        let memoryCap = 8 * limits.maxPixels + (64 << 20)
        let count = width * height
        var pixelStatus = KC_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            pixelStatus = kc_jpeg_read_pixels(reader, buffer.baseAddress, width * 4, memoryCap, Int32(maxScans))
            initialized = pixelStatus == KC_OK ? count * 4 : 0
        }
        guard pixelStatus == KC_OK else { throw failure(pixelStatus) }
        let warnings = Int(kc_jpeg_reader_warning_count(reader))
        if warnings > 0 {
            let first = String(cString: kc_jpeg_reader_first_warning(reader))
            ImageIODiagnostics.report("JPEGDecoder",
                                      "recovered from \(warnings) corrupt-data warning(s), first: \(first)")
        }

        let image = DecodedImage(width: width, height: height, pixels: pixels)
        guard applyingOrientation, let orientation = EXIFOrientation.parse(jpeg: bytes), orientation != .up else {
            return image
        }
        return orientation.applied(to: image)
    }
}
