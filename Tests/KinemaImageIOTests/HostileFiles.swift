// HostileFiles: small generators of hostile PNG, JPEG and GIF files for HostileDecodingTests.
//
// Audited against: RFC 1950/1951 (zlib framing, fixed-Huffman deflate blocks: literal/length
// codes 0–143 in 8 bits from 0x30, 256–279 in 7 bits from 0, 280–287 in 8 bits from 0xC0;
// length 258 is code 285; distance 1 is distance code 0 in 5 bits), PNG §5.3 (chunks), ITU-T
// T.81 B.2.2 (SOF: height then width, 16 bits each), GIF89a §18, §20, §22 and Appendix F (LZW).
// Status: enough to build the cases of issue 19, not general encoders.

import Foundation
@_spi(Testing) import KinemaImageIO

enum HostileFiles {
    // MARK: - PNG

    /// One PNG chunk with its CRC.
    static func chunk(_ type: [UInt8], _ data: [UInt8]) -> [UInt8] {
        var out = bigEndian(UInt32(data.count))
        let body = type + data
        out += body
        out += bigEndian(body.withUnsafeBufferPointer { CRC32.of($0) })
        return out
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
         UInt8(truncatingIfNeeded: value)]
    }

    /// An 8-bit RGBA PNG `width × height` whose zlib stream holds the rows (every pixel
    /// `pixel`, filter 0) and then `surplusMatches` more matches of 258 bytes: data after the
    /// image that inflates to 258 bytes for every 13 bits (a 159:1 ratio). The stream has no
    /// end and no checksum: a decoder that stops after the last row never needs them.
    static func pngWithSurplus(width: Int, height: Int, pixel: [UInt8], surplusMatches: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)        // BFINAL
        bits.write(1, count: 2)        // BTYPE 01: fixed Huffman
        for _ in 0..<height {
            bits.literal(0)            // filter type None
            for _ in 0..<width { for byte in pixel { bits.literal(byte) } }
        }
        for _ in 0..<surplusMatches {
            bits.huffman(0xC5, count: 8)   // length code 285: 258 bytes
            bits.huffman(0, count: 5)      // distance code 0: distance 1
        }
        let zlib = [0x78, 0x01] + bits.bytes
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk(Array("IHDR".utf8), bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
        var offset = 0
        while offset < zlib.count {   // IDAT chunks of 64 KiB, as encoders split them
            let end = min(zlib.count, offset + 65536)
            png += chunk(Array("IDAT".utf8), Array(zlib[offset..<end]))
            offset = end
        }
        png += chunk(Array("IEND".utf8), [])
        return png
    }

    /// A PNG whose header claims `width × height` (8-bit RGBA) with one small IDAT: enough for
    /// every check before the pixel buffer is allocated.
    static func pngClaiming(width: UInt32, height: UInt32) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk(Array("IHDR".utf8), bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
        png += chunk(Array("IDAT".utf8), [0x78, 0x01, 0x03, 0x00])
        png += chunk(Array("IEND".utf8), [])
        return png
    }

    /// Deflate's bit order: values LSB first, Huffman codes MSB first.
    struct BitWriter {
        var bytes: [UInt8] = []
        var buffer = 0
        var filled = 0

        mutating func write(_ value: Int, count: Int) {
            buffer |= value << filled
            filled += count
            while filled >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                filled -= 8
            }
        }

        mutating func huffman(_ code: Int, count: Int) {
            var reversed = 0
            for i in 0..<count where code & (1 << i) != 0 { reversed |= 1 << (count - 1 - i) }
            write(reversed, count: count)
        }

        /// A literal byte in the fixed code.
        mutating func literal(_ byte: UInt8) {
            if byte < 144 { huffman(0x30 + Int(byte), count: 8) } else { huffman(0x190 + Int(byte) - 144, count: 9) }
        }
    }

    // MARK: - JPEG

    /// A baseline JPEG of `size × size` noisy pixels (so its scan is long enough to cut).
    static func noisyJPEG(size: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: size * size * 4)
        var seed: UInt32 = 12345
        for i in 0..<(size * size) {
            for c in 0..<3 {
                seed = seed &* 1_103_515_245 &+ 12345
                pixels[i * 4 + c] = UInt8(truncatingIfNeeded: seed >> 16)
            }
        }
        return [UInt8](try JPEGEncoder.encode(DecodedImage(width: size, height: size, pixels: pixels), quality: 90))
    }

    /// `jpeg` with its frame header (SOF0/SOF2) claiming `width × height`.
    static func jpeg(_ jpeg: [UInt8], claiming width: Int, _ height: Int) -> [UInt8] {
        var out = jpeg
        var i = 2
        while i + 9 < out.count, out[i] == 0xFF {
            let marker = out[i + 1]
            let length = Int(out[i + 2]) << 8 | Int(out[i + 3])
            if marker == 0xC0 || marker == 0xC2 {
                out[i + 5] = UInt8(height >> 8); out[i + 6] = UInt8(height & 0xFF)
                out[i + 7] = UInt8(width >> 8); out[i + 8] = UInt8(width & 0xFF)
                return out
            }
            i += 2 + length
        }
        return out
    }

    /// The offset of the first byte after the SOS segment (the start of the entropy-coded data).
    static func scanStart(_ jpeg: [UInt8]) -> Int {
        var i = 2
        while i + 3 < jpeg.count, jpeg[i] == 0xFF {
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if jpeg[i + 1] == 0xDA { return i + 2 + length }
            i += 2 + length
        }
        return jpeg.count
    }

    // MARK: - GIF

    /// GIF LZW data (minimum code size 2) for `count` indices of colour 0: pairs of literals,
    /// each pair after a Clear, so that the code size stays 3 bits.
    static func lzwZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        var left = count
        while left > 0 {
            bits.write(4, count: 3)   // Clear
            bits.write(0, count: 3)
            left -= 1
            if left > 0 { bits.write(0, count: 3); left -= 1 }
        }
        bits.write(5, count: 3)       // End of Information
        bits.write(0, count: 7)       // flush
        return bits.bytes
    }

    /// A GIF89a with a 4-colour global table, a `width × height` screen and one image per
    /// element of `frames` (x, y, width, height), each filled with colour 0 (or, with
    /// `indicesPerFrame`, given only that many indices: data that ends early).
    static func gif(width: Int, height: Int, frames: [(Int, Int, Int, Int)], indicesPerFrame: Int? = nil) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        var out = Array("GIF89a".utf8) + u16(width) + u16(height) + [0x81, 0, 0]
        out += [255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0]
        for (x, y, w, h) in frames {
            out += [0x2C] + u16(x) + u16(y) + u16(w) + u16(h) + [0, 2]
            let data = lzwZeros(count: indicesPerFrame ?? w * h)
            var offset = 0
            while offset < data.count {
                let end = min(data.count, offset + 255)
                out += [UInt8(end - offset)] + data[offset..<end]
                offset = end
            }
            out += [0]
        }
        return out + [0x3B]
    }
}
