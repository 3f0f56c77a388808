// A minimal PNG writer for looking at test output: zlib stored (uncompressed) blocks, no library.
import Foundation
import KinemaRaster

enum PNGWriter {
    /// RGBA8 PNG bytes of `pixmap`, un-premultiplied (PNG stores straight alpha).
    static func data(for pixmap: Pixmap) -> Data {
        var raw = [UInt8]()
        raw.reserveCapacity((pixmap.width * 4 + 1) * pixmap.height)
        for y in 0 ..< pixmap.height {
            raw.append(0)  // filter: none
            for x in 0 ..< pixmap.width {
                let p = pixmap.pixel(x: x, y: y) ?? .transparent
                let a = Int(p.alpha)
                func straight(_ c: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + a / 2) / a)) }
                raw += [straight(p.red), straight(p.green), straight(p.blue), p.alpha]
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let final: UInt8 = offset + count == raw.count ? 1 : 0
            zlib += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset ..< offset + count]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        zlib += bigEndian((b << 16) | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(pixmap.width)) + bigEndian(UInt32(pixmap.height)) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    /// Writes `pixmap` as `<directory>/<name>.png` when KINEMA_RASTER_PNG_DIR names a directory.
    static func writeIfRequested(_ pixmap: Pixmap, name: String) {
        guard let directory = ProcessInfo.processInfo.environment["KINEMA_RASTER_PNG_DIR"] else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? data(for: pixmap).write(to: URL(fileURLWithPath: directory).appendingPathComponent(name + ".png"))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in typed {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return bigEndian(UInt32(body.count)) + typed + bigEndian(~crc)
    }
}
