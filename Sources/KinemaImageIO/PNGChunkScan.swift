// PNGChunkScan: the structural check of a PNG file that runs before libpng.
//
// Audited against: PNG Specification (Third Edition) §5.3 (chunk layout: length, type, data,
// CRC over type and data), §5.4 (critical chunks: the type's first letter is upper case),
// §11.2.1 (IHDR first, 13 bytes). Status: complete for what it checks.

import CKinemaCodecs

/// Walks a PNG's chunks without decoding them, so that libpng only runs on a structurally whole
/// file and typed errors say what is wrong.
enum PNGChunkScan {
    /// Largest chunk length the specification allows (2^31 − 1).
    static let maxChunkLength = 0x7FFF_FFFF

    struct Header: Equatable {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var interlaced: Bool

        /// Bytes zlib must produce for this image: every row of every pass with its filter byte
        /// (PNG §7.2, §8.2). Saturates at `Int.max`; 0 for an invalid colour type.
        var inflatedBytes: Int {
            let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 0
            let bitsPerPixel = channels * bitDepth
            func bytes(columns: Int, rows: Int) -> Int {
                guard columns > 0, rows > 0 else { return 0 }
                let rowBytes = (Saturating.multiply(columns, bitsPerPixel) - 1) / 8 + 2   // + filter byte
                return Saturating.multiply(rowBytes, rows)
            }
            guard interlaced else { return bytes(columns: width, rows: height) }
            // Adam7: (first column, first row, column step, row step) of each pass.
            let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            return passes.reduce(0) { total, pass in
                let columns = width > pass.0 ? (width - pass.0 + pass.2 - 1) / pass.2 : 0
                let rows = height > pass.1 ? (height - pass.1 + pass.3 - 1) / pass.3 : 0
                return Saturating.add(total, bytes(columns: columns, rows: rows))
            }
        }
    }

    /// Checks signature, chunk framing, critical CRCs, IHDR placement and dimensions, and that
    /// the file reaches IEND. Returns the IHDR fields.
    static func validate(_ raw: UnsafeRawBufferPointer, limits: ImageDecodingLimits) throws(ImageIOError) -> Header {
        let bytes = raw.bindMemory(to: UInt8.self)
        let signature = PNGDecoder.signature
        for i in 0..<min(bytes.count, signature.count) where bytes[i] != signature[i] {
            throw .badSignature
        }
        guard bytes.count >= signature.count, let base = bytes.baseAddress else { throw .truncated("PNG signature") }

        func u32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        var offset = signature.count
        var header: Header?
        var sawImageData = false
        while true {
            guard bytes.count - offset >= 8 else {
                throw .truncated(header == nil ? "PNG IHDR chunk" : "PNG chunk header at byte \(offset) (no IEND)")
            }
            let length = u32(offset)
            let typeBytes = Array(bytes[(offset + 4)..<(offset + 8)])
            // Escaped: the type goes into error messages and logs before it is known to be letters.
            let type = LogSafe.escaped(typeBytes)
            guard length <= maxChunkLength else { throw .malformed("PNG chunk \(type) claims \(length) bytes") }
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .malformed("PNG chunk type \(type) (bytes \(typeBytes)) at byte \(offset) is not letters")
            }
            guard bytes.count - offset - 12 >= length else { throw .truncated("PNG chunk \(type) at byte \(offset)") }
            let stored = UInt32(u32(offset + 8 + length))
            let computed = kc_crc32(base + offset + 4, length + 4)
            let critical = typeBytes[0] & 0x20 == 0
            if stored != computed, critical { throw .badCRC(chunk: type) }

            if header == nil {
                guard type == "IHDR", length == 13 else {
                    throw .malformed("PNG does not start with a 13-byte IHDR chunk")
                }
                let d = offset + 8
                let parsed = Header(width: u32(d), height: u32(d + 4), bitDepth: Int(bytes[d + 8]),
                                    colorType: Int(bytes[d + 9]), interlaced: bytes[d + 12] == 1)
                try limits.check(width: parsed.width, height: parsed.height)
                header = parsed
            } else if type == "IHDR" {
                throw .malformed("PNG has a second IHDR chunk")
            }
            if type == "IDAT" { sawImageData = true }
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard sawImageData, let header else { throw .malformed("PNG has no IDAT chunk") }
        return header
    }
}
