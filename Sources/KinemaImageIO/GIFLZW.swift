// GIFLZW: the variable-length-code LZW decompressor of GIF image data.
//
// Audited against: GIF89a specification §22 (table-based image data) and Appendix F (variable-
// length-code LZW): codes are read least-significant bit first; the code size starts at
// minimum code size + 1 and grows by one bit when the next free table slot needs it, up to 12
// bits; Clear resets the table; End of Information stops; a full table is not reset unless the
// encoder sends Clear ("deferred clear"). Status: complete.

/// Decodes GIF LZW data into colour indices, streaming them out in runs.
///
/// Safety: the table has exactly 4096 slots and a code is only followed once it is defined (or
/// is the one slot being defined, the KwKwK case); any other code throws. Output is cut at
/// `pixelCount`, so whatever the codes say nothing is written past the frame.
///
/// Cost: O(pixels) time, 20 KiB of tables.
enum GIFLZW {
    /// Codes are at most 12 bits, so the table holds 4096 strings.
    static let tableSize = 4096
    static let maxCodeSize = 12

    /// Decodes `data` (the image's sub-blocks, concatenated) with `minCodeSize` (2…8), calling
    /// `emit` with consecutive runs of colour indices until `pixelCount` indices were produced,
    /// End of Information is read, or the data runs out. Returns how many indices were emitted.
    static func decode(_ data: UnsafeBufferPointer<UInt8>, minCodeSize: Int, pixelCount: Int,
                       emit: (UnsafeBufferPointer<UInt8>) -> Void) throws(ImageIOError) -> Int {
        guard (2...8).contains(minCodeSize) else {
            throw .malformed("GIF LZW minimum code size \(minCodeSize) is outside 2…8")
        }
        // prefix: the string's code without its last index; suffix: its last index;
        // first: its first index; length: its length (1…4096). Scratch holds one string.
        typealias Shorts = UnsafeMutableBufferPointer<UInt16>
        typealias Bytes = UnsafeMutableBufferPointer<UInt8>
        return try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 2 * tableSize) {
            (shorts: Shorts) throws(ImageIOError) -> Int in
            try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * tableSize) {
                (bytes: Bytes) throws(ImageIOError) -> Int in
                let prefix = UnsafeMutableBufferPointer(rebasing: shorts[0..<tableSize])
                let length = UnsafeMutableBufferPointer(rebasing: shorts[tableSize..<(2 * tableSize)])
                let suffix = UnsafeMutableBufferPointer(rebasing: bytes[0..<tableSize])
                let first = UnsafeMutableBufferPointer(rebasing: bytes[tableSize..<(2 * tableSize)])
                let scratch = UnsafeMutableBufferPointer(rebasing: bytes[(2 * tableSize)..<(3 * tableSize)])
                return try run(data, minCodeSize: minCodeSize, pixelCount: pixelCount, prefix: prefix,
                               length: length, suffix: suffix, first: first, scratch: scratch, emit: emit)
            }
        }
    }

    /// The decoding loop over caller-provided tables of `tableSize` entries each.
    private static func run(_ data: UnsafeBufferPointer<UInt8>, minCodeSize: Int, pixelCount: Int,
                            prefix: UnsafeMutableBufferPointer<UInt16>, length: UnsafeMutableBufferPointer<UInt16>,
                            suffix: UnsafeMutableBufferPointer<UInt8>, first: UnsafeMutableBufferPointer<UInt8>,
                            scratch: UnsafeMutableBufferPointer<UInt8>,
                            emit: (UnsafeBufferPointer<UInt8>) -> Void) throws(ImageIOError) -> Int {
        let clear = 1 << minCodeSize
        let endOfInformation = clear + 1
        for code in 0..<clear {
            prefix[code] = 0
            suffix[code] = UInt8(code)
            first[code] = UInt8(code)
            length[code] = 1
        }

        var codeSize = minCodeSize + 1
        var nextCode = clear + 2
        var previous = -1
        var bitBuffer = 0
        var bitCount = 0
        var position = 0
        var written = 0
        while written < pixelCount {
            while bitCount < codeSize {
                guard position < data.count else { return written }
                bitBuffer |= Int(data[position]) << bitCount
                position += 1
                bitCount += 8
            }
            let code = bitBuffer & ((1 << codeSize) - 1)
            bitBuffer >>= codeSize
            bitCount -= codeSize

            if code == clear {
                codeSize = minCodeSize + 1
                nextCode = clear + 2
                previous = -1
                continue
            }
            if code == endOfInformation { return written }
            if previous < 0 {
                guard code < clear else {
                    throw .malformed("GIF LZW data starts with code \(code), not a colour index")
                }
            } else if code < nextCode || (code == nextCode && nextCode < tableSize) {
                if nextCode < tableSize {
                    // The new string: previous + first index of `code` (of previous itself in
                    // the KwKwK case, where `code` is the slot being defined).
                    let head = code == nextCode ? first[previous] : first[code]
                    prefix[nextCode] = UInt16(previous)
                    suffix[nextCode] = head
                    first[nextCode] = first[previous]
                    length[nextCode] = length[previous] + 1
                    nextCode += 1
                    if nextCode == 1 << codeSize, codeSize < maxCodeSize { codeSize += 1 }
                }
            } else {
                throw .malformed("GIF LZW code \(code) is not defined yet (next free code \(nextCode))")
            }
            previous = code

            // Strings are stored backwards (last index first, following prefixes).
            let count = Int(length[code])
            var c = code
            var i = count - 1
            while i >= 0 {
                scratch[i] = suffix[c]
                c = Int(prefix[c])
                i -= 1
            }
            let take = min(count, pixelCount - written)
            emit(UnsafeBufferPointer(rebasing: scratch[0..<take]))
            written += take
        }
        return written
    }
}
