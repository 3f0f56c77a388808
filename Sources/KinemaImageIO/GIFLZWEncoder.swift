// GIFLZWEncoder: colour indices to GIF's variable-length-code LZW, in sub-blocks.
//
// Audited against: GIF89a specification §22 (table-based image data: LZW minimum code size, then
// sub-blocks of at most 255 bytes ending with a zero-length block) and Appendix F (codes packed
// least-significant bit first; the code size starts at minimum + 1 and grows by one bit when the
// decoder's next free table slot reaches 2^size, at most 12 bits; Clear, End of Information).
// Status: complete. The table is reset with a Clear code as soon as it fills (4096 codes).

/// Compresses colour indices for a GIF image.
///
/// ```swift
/// let blocks = GIFLZWEncoder.encode(indices, minCodeSize: 8)   // the LZW size byte, then sub-blocks
/// ```
///
/// Semantics: the output starts with the minimum code size byte and a Clear code, and ends with
/// End of Information and the block terminator. The encoder mirrors the decoder's table state to
/// pick each code's width: the decoder adds an entry one code later than the encoder, so the
/// width grows when the *decoder's* next slot reaches 2^size. Indices must be below
/// 2^minCodeSize (callers pass at least the palette's bit depth; larger values are masked).
///
/// Cost: O(indices); a 16 K-slot hash table of (prefix, index) → code, cleared at each reset.
package enum GIFLZWEncoder {
    static let maxCodes = 4096
    static let hashSlots = 1 << 14

    package static func encode(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize requested: Int) -> [UInt8] {
        let minCodeSize = max(2, min(8, requested))
        let clear = 1 << minCodeSize
        let endOfInformation = clear + 1
        let mask = UInt8(truncatingIfNeeded: (1 << minCodeSize) - 1)
        var writer = BitWriter(capacity: indices.count / 2 + 64)
        writer.out.append(UInt8(minCodeSize))

        var keys = [Int32](repeating: -1, count: hashSlots)
        var values = [UInt16](repeating: 0, count: hashSlots)
        var codeSize = minCodeSize + 1
        var encoderNext = clear + 2     // the next code the encoder assigns
        var decoderNext = clear + 2     // the decoder's next free slot when it reads the next code
        var decoderHasPrevious = false  // the decoder adds entries only from its second code on

        func emit(_ code: Int) {
            writer.write(code, bits: codeSize)
            if decoderHasPrevious, decoderNext < maxCodes {
                decoderNext += 1
                if decoderNext == 1 << codeSize, codeSize < 12 { codeSize += 1 }
            }
            decoderHasPrevious = true
        }
        func resetTable() {
            keys.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
            codeSize = minCodeSize + 1
            encoderNext = clear + 2
            decoderNext = clear + 2
            decoderHasPrevious = false
        }

        writer.write(clear, bits: codeSize)
        guard let first = indices.first else {
            writer.write(endOfInformation, bits: codeSize)
            return writer.finishSubBlocks()
        }
        var prefix = Int(first & mask)
        for position in 1..<indices.count {
            let next = Int(indices[position] & mask)
            let key = Int32(prefix << 8 | next)
            var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 18) & (hashSlots - 1)
            var found = -1
            while keys[slot] != -1 {
                if keys[slot] == key { found = Int(values[slot]); break }
                slot = (slot + 1) & (hashSlots - 1)
            }
            if found >= 0 {
                prefix = found
                continue
            }
            emit(prefix)
            keys[slot] = key
            values[slot] = UInt16(encoderNext)
            encoderNext += 1
            if encoderNext == maxCodes {
                // The decoder's table fills with the next code it reads; start afresh instead.
                writer.write(clear, bits: codeSize)
                resetTable()
            }
            prefix = next
        }
        emit(prefix)
        writer.write(endOfInformation, bits: codeSize)
        return writer.finishSubBlocks()
    }

    /// Packs codes least-significant bit first, then cuts the bytes into sub-blocks.
    struct BitWriter {
        var out: [UInt8] = []
        var data: [UInt8] = []
        var buffer: UInt64 = 0
        var count = 0

        init(capacity: Int) { data.reserveCapacity(capacity) }

        @inline(__always)
        mutating func write(_ code: Int, bits: Int) {
            buffer |= UInt64(code) << UInt64(count)
            count += bits
            while count >= 8 {
                data.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }

        mutating func finishSubBlocks() -> [UInt8] {
            if count > 0 { data.append(UInt8(truncatingIfNeeded: buffer)) }
            out.reserveCapacity(out.count + data.count + data.count / 255 + 2)
            var start = 0
            while start < data.count {
                let length = min(255, data.count - start)
                out.append(UInt8(length))
                out.append(contentsOf: data[start..<(start + length)])
                start += length
            }
            out.append(0)
            return out
        }
    }
}
