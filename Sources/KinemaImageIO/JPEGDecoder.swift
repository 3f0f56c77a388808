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
/// A file cut short is `.truncated` whether or not an EOI marker was appended after the cut
/// (except inside arithmetic-coded scans, where libjpeg cannot tell). A size over libjpeg's
/// 65500 pixels a side is `.tooLarge`, as a size over the limits is.
///
/// Cost: libjpeg-turbo's SIMD decode into the output buffer; progressive files also hold one
/// coefficient buffer (2 bytes a sample). Orientations other than `.up` cost one extra copy.
/// Memory follows the data: a single-scan file whose header claims more output than its size
/// makes plausible (`plausibleOutputBytesPerInputByte`) is decoded into a growing buffer and
/// copied once at the end, so a tiny file claiming a huge size costs only the rows it fills.
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

    /// Output bytes per input byte up to which a sequential (single-scan) file's buffer is
    /// allocated whole before decoding. Measured: the project's fixtures give 4–6, smooth
    /// synthetic 512 × 512 gradients 22 (quality 90) to 54 (quality 50), so ordinary files stay
    /// well below it (256 is 0.125 bit a pixel); past it (flat graphics, or a header claiming a size its data cannot
    /// fill) rows are decoded into a buffer that grows as they arrive, so a 187-byte file that
    /// claims 16384 × 16384 costs the rows its data fills (about 1 MiB), not 1 GiB. The price of
    /// that path is one copy of the output at the end.
    static let plausibleOutputBytesPerInputByte = 256
    /// Output sizes up to this are allocated whole whatever the input size.
    static let plausibleOutputFloor = 1 << 20

    static func plausibleOutputBytes(inputBytes: Int) -> Int {
        Saturating.add(Saturating.multiply(inputBytes, plausibleOutputBytesPerInputByte), plausibleOutputFloor)
    }

    /// Decodes every row straight into the result's storage (multi-scan files, whose data was
    /// all read by `kc_jpeg_start`, and sizes plausible for the input).
    private static func decodeAllRows(_ reader: OpaquePointer, width: Int, height: Int,
                                      failure: (kc_status) -> ImageIOError) throws(ImageIOError) -> [UInt8] {
        let count = try DecodeMemory.reserve(width * height, bytesEach: 4, for: "JPEG pixels \(width)×\(height)")
        var status = KC_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var rows: UInt32 = 0
            if let base = buffer.baseAddress {
                status = kc_jpeg_read_rows(reader, base, width * 4, UInt32(height), &rows)
            } else {
                status = KC_ERR_OUT_OF_MEMORY
            }
            initialized = status == KC_OK && Int(rows) == height ? count : 0
        }
        guard status == KC_OK else { throw failure(status) }
        guard pixels.count == count else { throw .decoderMessage("libjpeg stopped before the last row") }
        return pixels
    }

    /// Decodes rows into a buffer that doubles as rows arrive, then copies it into the result:
    /// memory follows the data actually decoded, not the header's claim.
    private static func decodeInBands(_ reader: OpaquePointer, width: Int, height: Int,
                                      failure: (kc_status) -> ImageIOError) throws(ImageIOError) -> [UInt8] {
        let rowBytes = width * 4
        var buffer = GrowableBuffer()
        defer { buffer.release() }
        var rows = 0
        while rows < height {
            let target = min(height, max(rows * 2, 16, plausibleOutputFloor / rowBytes))
            try buffer.grow(to: target * rowBytes, for: "JPEG rows \(width)×\(target)")
            guard let base = buffer.base else { throw .outOfMemory("JPEG rows") }
            var read: UInt32 = 0
            let status = kc_jpeg_read_rows(reader, base + rows * rowBytes, rowBytes, UInt32(target - rows), &read)
            guard status == KC_OK else { throw failure(status) }
            guard read > 0 else { throw .decoderMessage("libjpeg stopped before the last row") }
            rows += Int(read)
        }
        let count = try DecodeMemory.reserve(width * height, bytesEach: 4, for: "JPEG pixels \(width)×\(height)")
        guard let base = buffer.base else { throw .outOfMemory("JPEG rows") }
        return [UInt8](UnsafeBufferPointer(start: base, count: count))
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
            let message = LogSafe.escaped(cString: kc_jpeg_reader_message(reader))
            return switch status {
            case KC_ERR_TRUNCATED: .truncated(message)
            case KC_ERR_UNSUPPORTED: .unsupported(message)
            case KC_ERR_OUT_OF_MEMORY: .outOfMemory(message)
            default: .decoderMessage(message)
            }
        }

        var info = kc_jpeg_info()
        let headerStatus = kc_jpeg_read_header(reader, &info)
        if headerStatus == KC_ERR_TOO_LARGE {   // over libjpeg's 65500 a side: the same kind as over the limits
            throw .tooLarge(width: Int(info.width), height: Int(info.height))
        }
        guard headerStatus == KC_OK else { throw failure(headerStatus) }
        let width = Int(info.width)
        let height = Int(info.height)
        try limits.check(width: width, height: height)

        // libjpeg's own allocations: a progressive file's coefficients (2 bytes a sample, up to
        // 4 components at full resolution: 8 bytes a pixel) plus working rows. Beyond this cap
        // libjpeg fails cleanly (`.outOfMemory`) instead of allocating. Saturating: the limits
        // may be `.max`.
        let memoryCap = Saturating.add(Saturating.multiply(8, limits.maxPixels), 64 << 20)
        var inputComplete: Int32 = 0
        let startStatus = kc_jpeg_start(reader, memoryCap, Int32(maxScans), &inputComplete)
        guard startStatus == KC_OK else { throw failure(startStatus) }

        let rowBytes = width * 4   // width ≤ 65500 (libjpeg's limit)
        let pixels: [UInt8]
        if inputComplete != 0 || Saturating.multiply(rowBytes, height) <= plausibleOutputBytes(inputBytes: bytes.count) {
            pixels = try decodeAllRows(reader, width: width, height: height, failure: failure)
        } else {
            pixels = try decodeInBands(reader, width: width, height: height, failure: failure)
        }
        let warnings = Int(kc_jpeg_reader_warning_count(reader))
        if warnings > 0 {
            let first = LogSafe.escaped(cString: kc_jpeg_reader_first_warning(reader))
            ImageIODiagnostics.report("JPEGDecoder",
                                      "recovered from \(warnings) corrupt-data warning(s), first: \(first)")
        }

        let image = DecodedImage(width: width, height: height, pixels: pixels)
        guard applyingOrientation, let orientation = EXIFOrientation.parse(jpeg: bytes), orientation != .up else {
            return image
        }
        try DecodeMemory.reserve(width * height, bytesEach: 4, for: "JPEG orientation \(orientation)")
        return orientation.applied(to: image)
    }
}
