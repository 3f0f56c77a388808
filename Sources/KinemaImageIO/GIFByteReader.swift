// GIFByteReader: bounds-checked reading of a GIF's bytes and data sub-blocks.
//
// Audited against: GIF89a §15 (data sub-blocks: a size byte 1…255 then that many bytes; a zero
// size byte terminates). Status: complete.

/// A cursor over a GIF file that throws `.truncated` instead of reading past the end.
struct GIFByteReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte(_ what: String) throws(ImageIOError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated("GIF \(what)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A little-endian 16-bit field.
    mutating func u16(_ what: String) throws(ImageIOError) -> Int {
        let low = try byte(what)
        return Int(low) | Int(try byte(what)) << 8
    }

    mutating func bytes(_ count: Int, _ what: String) throws(ImageIOError) -> ArraySlice<UInt8> {
        guard count <= bytes.count - offset else { throw .truncated("GIF \(what)") }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    /// One data sub-block's bytes; empty for the terminator.
    mutating func subBlock(_ what: String) throws(ImageIOError) -> ArraySlice<UInt8> {
        let size = Int(try byte(what))
        return try bytes(size, what)
    }

    /// Skips sub-blocks up to and including the terminator.
    mutating func skipSubBlocks(_ what: String) throws(ImageIOError) {
        while try !subBlock(what).isEmpty {}
    }

    /// Appends the contents of sub-blocks up to the terminator (bounded by the file's size).
    mutating func appendSubBlocks(to out: inout [UInt8], _ what: String) throws(ImageIOError) {
        while true {
            let block = try subBlock(what)
            if block.isEmpty { return }
            out.append(contentsOf: block)
        }
    }
}
