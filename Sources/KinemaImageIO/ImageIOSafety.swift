// ImageIOSafety: the decoders' guards against hostile input that are not about one format:
// failable pixel-buffer allocation and log-safe text from file bytes.
//
// Audited against: issue 19 (hostile input: allocation failure, control bytes in messages).
// Status: complete.

import KinemaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Pixel buffers the decoders allocate go through here first, so that memory the system refuses
/// becomes `ImageIOError.outOfMemory` instead of the trap a Swift array's failed allocation is.
/// See `PixelMemory` (KinemaRaster) for the probe and its one caveat (a check, then the
/// allocation: another thread can take the memory in between).
enum DecodeMemory {
    /// Checks that `count` elements of `bytesEach` bytes can be allocated for `what`, and returns
    /// the byte count. An overflowing size or a refused probe throws `.outOfMemory`.
    @discardableResult
    static func reserve(_ count: Int, bytesEach: Int, for what: String) throws(ImageIOError) -> Int {
        let bytes = Saturating.multiply(count, bytesEach)
        guard bytes < Int.max, PixelMemory.canAllocate(bytes: bytes) else {
            throw .outOfMemory("\(what): the system refused \(bytes == Int.max ? "an overflowing size" : "\(bytes) bytes")")
        }
        return bytes
    }
}

/// A malloc'd byte buffer that grows with `realloc` (which on Linux remaps large blocks instead
/// of copying them); every growth is checked through `DecodeMemory` first and a refusal is
/// `.outOfMemory`. The owner calls `release()` (a struct, so that no class lifetime is involved).
struct GrowableBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>?
    private(set) var capacity = 0

    /// Makes room for at least `bytes` bytes, keeping the contents.
    mutating func grow(to bytes: Int, for what: String) throws(ImageIOError) {
        guard bytes > capacity else { return }
        try DecodeMemory.reserve(bytes, bytesEach: 1, for: what)
        guard let grown = realloc(base, bytes) else { throw .outOfMemory("\(what): realloc of \(bytes) bytes failed") }
        base = grown.assumingMemoryBound(to: UInt8.self)
        capacity = bytes
    }

    mutating func release() {
        free(base)
        base = nil
        capacity = 0
    }
}

/// Work counters the tests read (through `ImageIOTesting.measuring`); nil, and free, otherwise.
enum DecodeWork {
    final class Counters: @unchecked Sendable {
        /// Bytes of the file handed to libpng.
        var pngBytesRead = 0
        /// Colour indices GIF LZW decoding produced.
        var lzwIndices = 0
    }

    @TaskLocal static var counters: Counters?
}

/// Text made from a file's bytes, safe to put in an error message or a log line.
enum LogSafe {
    /// `bytes` as text: printable ASCII as itself, a backslash as `\\`, every other byte (control
    /// characters, DEL, anything non-ASCII) as `\xNN`. A file can therefore not put terminal
    /// escapes, newlines or invalid UTF-8 in a log through an error message.
    static func escaped<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out = ""
        for byte in bytes {
            switch byte {
            case 0x5C: out += "\\\\"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// A C string from libpng or libjpeg, escaped the same way (their messages can quote chunk
    /// names and marker bytes from the file).
    static func escaped(cString: UnsafePointer<CChar>) -> String {
        var bytes: [UInt8] = []
        var p = cString
        while p.pointee != 0 {
            bytes.append(UInt8(bitPattern: p.pointee))
            p += 1
        }
        return escaped(bytes)
    }
}
