// EXIFOrientation: the EXIF Orientation tag, read from a JPEG and applied to pixels.
//
// Audited against: EXIF 2.32 (CIPA DC-008) §4.6.4 A "Orientation" (tag 0x0112, SHORT, values
// 1–8) and §4.5.2 (APP1 "Exif\0\0" + TIFF header); TIFF 6.0 §2 (byte order, IFD layout);
// JPEG T.81 Annex B (marker segments). Apple's `CGImagePropertyOrientation` uses the same eight
// values and names. Status: complete for IFD0's Orientation.

/// How a stored image must be transformed to be displayed upright: the EXIF Orientation values,
/// named as Apple's `CGImagePropertyOrientation` names them.
///
/// | value | case | to display, the stored image is |
/// |---|---|---|
/// | 1 | up | shown as is |
/// | 2 | upMirrored | mirrored left–right |
/// | 3 | down | rotated 180° |
/// | 4 | downMirrored | mirrored top–bottom |
/// | 5 | leftMirrored | transposed (mirrored along the main diagonal) |
/// | 6 | right | rotated 90° clockwise |
/// | 7 | rightMirrored | transversed (mirrored along the anti-diagonal) |
/// | 8 | left | rotated 90° counter-clockwise |
public enum EXIFOrientation: Int, Sendable, Hashable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Whether displaying swaps width and height (values 5–8).
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The stored image transformed to display upright.
    ///
    /// Cost: one copy of the pixels; `.up` returns the image itself.
    public func applied(to image: DecodedImage) -> DecodedImage {
        guard self != .up, image.hasValidLayout else { return image }
        let w = image.width, h = image.height
        let (ow, oh) = swapsDimensions ? (h, w) : (w, h)
        // For output (dx, dy): source = origin + dx × stepX + dy × stepY, in source pixel offsets.
        let (origin, stepX, stepY): (Int, Int, Int) = switch self {
        case .up: (0, 1, w)
        case .upMirrored: (w - 1, -1, w)
        case .down: ((h - 1) * w + w - 1, -1, -w)
        case .downMirrored: ((h - 1) * w, 1, -w)
        case .leftMirrored: (0, w, 1)                       // dst(dx, dy) = src(dy, dx)
        case .right: ((h - 1) * w, -w, 1)                   // dst(dx, dy) = src(dy, h − 1 − dx)
        case .rightMirrored: ((h - 1) * w + w - 1, -w, -1)  // dst(dx, dy) = src(w − 1 − dy, h − 1 − dx)
        case .left: (w - 1, w, -1)                          // dst(dx, dy) = src(w − 1 − dy, dx)
        }
        // Whole pixels move as 4-byte words, read and written through raw (untyped) pointers.
        var pixels = [UInt8](repeating: 0, count: ow * oh * 4)
        image.pixels.withUnsafeBytes { src in
            pixels.withUnsafeMutableBytes { dst in
                var i = 0
                for dy in 0..<oh {
                    var s = origin + dy * stepY
                    for _ in 0..<ow {
                        dst.storeBytes(of: src.loadUnaligned(fromByteOffset: s * 4, as: UInt32.self),
                                       toByteOffset: i * 4, as: UInt32.self)
                        s += stepX
                        i += 1
                    }
                }
            }
        }
        return DecodedImage(width: ow, height: oh, pixels: pixels)
    }

    /// The orientation in the first APP1 Exif segment before the first scan, or nil when there is
    /// none, the segment is malformed, or the value is outside 1…8. Every read is bounds-checked;
    /// offsets in the TIFF structure are taken relative to its header and never trusted.
    static func parse(jpeg bytes: UnsafeBufferPointer<UInt8>) -> EXIFOrientation? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }                 // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }          // first scan, or end
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let start = offset + 4, end = offset + 2 + length
            if marker == 0xE1, end - start >= 6,
               Array(bytes[start..<(start + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {   // "Exif\0\0"
                return parseTIFF(UnsafeBufferPointer(rebasing: bytes[(start + 6)..<end]))
            }
            offset = end
        }
        return nil
    }

    /// Tag number of Orientation in IFD0.
    static let orientationTag = 0x0112

    static func parseTIFF(_ tiff: UnsafeBufferPointer<UInt8>) -> EXIFOrientation? {
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true     // "II"
        case (0x4D, 0x4D): littleEndian = false    // "MM"
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let a = Int(tiff[at]), b = Int(tiff[at + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let lo = u16(littleEndian ? at : at + 2), let hi = u16(littleEndian ? at + 2 : at) else { return nil }
            return hi << 16 | lo
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let e = ifd + 2 + entry * 12
            guard let tag = u16(e), let type = u16(e + 2), let n = u32(e + 4) else { return nil }
            guard tag == orientationTag else { continue }
            // SHORT as the standard says; LONG from a few writers. The value sits in the entry.
            let value: Int?
            switch type {
            case 3 where n >= 1: value = u16(e + 8)
            case 4 where n >= 1: value = u32(e + 8)
            default: value = nil
            }
            return value.flatMap(EXIFOrientation.init(rawValue:))
        }
        return nil
    }
}
