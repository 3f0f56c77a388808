// A small APNG reader for the tests: checks the chunk structure strictly (CRCs, sequence numbers,
// acTL count, fcTL regions) and composites the frames by the APNG rules, decoding each frame's
// zlib data with the project's PNGDecoder (rewrapped as a plain PNG). Written from the APNG
// specification, independently of APNGWriter.
import Foundation
@testable import KinemaImageIO

struct APNGReader {
    struct Frame {
        var x, y, width, height: Int
        var delay: Double
        var numerator, denominator: Int
        var dispose, blend: Int
    }

    var width = 0
    var height = 0
    var frameCountDeclared = 0
    var plays = 0
    var controls: [Frame] = []
    /// Premultiplied RGBA8 canvases after each frame.
    var composited: [[UInt8]] = []
    /// Chunk types in file order.
    var chunkTypes: [String] = []

    enum Failure: Error, CustomStringConvertible {
        case bad(String)
        var description: String { switch self { case .bad(let s): s } }
    }

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Failure.bad("signature")
        }
        func u32(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
        var offset = 8
        var ihdr: [UInt8] = []
        var expectedSequence = 0
        var frameData: [[UInt8]] = []
        var sawIDAT = false
        var defaultIsFrame = false
        while offset + 12 <= bytes.count {
            let length = u32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let crc = body.withUnsafeBufferPointer { CRC32.of($0) }
            guard crc == UInt32(u32(offset + 8 + length)) else { throw Failure.bad("CRC of \(type)") }
            let chunk = Array(body.dropFirst(4))
            chunkTypes.append(type)
            switch type {
            case "IHDR":
                ihdr = chunk
                width = Int(chunk[0]) << 24 | Int(chunk[1]) << 16 | Int(chunk[2]) << 8 | Int(chunk[3])
                height = Int(chunk[4]) << 24 | Int(chunk[5]) << 16 | Int(chunk[6]) << 8 | Int(chunk[7])
            case "acTL":
                guard !sawIDAT else { throw Failure.bad("acTL after IDAT") }
                frameCountDeclared = u32(offset + 8)
                plays = u32(offset + 12)
            case "fcTL":
                guard u32(offset + 8) == expectedSequence else { throw Failure.bad("fcTL sequence") }
                expectedSequence += 1
                let o = offset + 12
                let numerator = Int(bytes[o + 16]) << 8 | Int(bytes[o + 17])
                let denominator = Int(bytes[o + 18]) << 8 | Int(bytes[o + 19])
                let frame = Frame(x: u32(o + 8), y: u32(o + 12), width: u32(o), height: u32(o + 4),
                                  delay: Double(numerator) / Double(denominator == 0 ? 100 : denominator),
                                  numerator: numerator, denominator: denominator,
                                  dispose: Int(bytes[o + 20]), blend: Int(bytes[o + 21]))
                guard frame.width > 0, frame.height > 0, frame.x + frame.width <= width,
                      frame.y + frame.height <= height else { throw Failure.bad("fcTL region outside the canvas") }
                if !sawIDAT { defaultIsFrame = true }
                controls.append(frame)
                frameData.append([])
            case "IDAT":
                sawIDAT = true
                if defaultIsFrame, controls.count == 1 { frameData[0] += chunk }
            case "fdAT":
                guard u32(offset + 8) == expectedSequence else { throw Failure.bad("fdAT sequence") }
                expectedSequence += 1
                guard !frameData.isEmpty else { throw Failure.bad("fdAT before fcTL") }
                frameData[frameData.count - 1] += chunk.dropFirst(4)
            default: break
            }
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard offset == bytes.count, chunkTypes.last == "IEND" else { throw Failure.bad("data after IEND or no IEND") }
        guard defaultIsFrame, controls.count == frameCountDeclared else { throw Failure.bad("acTL frame count") }

        // Composite (straight RGBA canvas, then premultiplied copies).
        var canvas = [Double](repeating: 0, count: width * height * 4)
        for (frame, data) in zip(controls, frameData) {
            var header = ihdr
            header.replaceSubrange(0..<8, with: APNGEncoderCore.be32(UInt32(frame.width)) + APNGEncoderCore.be32(UInt32(frame.height)))
            let png = APNGEncoderCore.signature + APNGEncoderCore.chunk("IHDR", header) + APNGEncoderCore.chunk("IDAT", data)
                + APNGEncoderCore.chunk("IEND", [])
            let image = try PNGDecoder.decode(Data(png))
            let before = canvas
            for row in 0..<frame.height {
                for column in 0..<frame.width {
                    let s = (row * frame.width + column) * 4
                    let a = Double(image.pixels[s + 3]) / 255
                    let src = (0..<3).map { a > 0 ? Double(image.pixels[s + $0]) / 255 / a : 0 }
                    let d = ((frame.y + row) * width + frame.x + column) * 4
                    if frame.blend == 0 || a == 1 {
                        for c in 0..<3 { canvas[d + c] = src[c] }
                        canvas[d + 3] = a
                    } else if a > 0 {
                        let da = canvas[d + 3]
                        let outA = a + da * (1 - a)
                        for c in 0..<3 { canvas[d + c] = (src[c] * a + canvas[d + c] * da * (1 - a)) / outA }
                        canvas[d + 3] = outA
                    }
                }
            }
            composited.append(canvas.indices.map { i -> UInt8 in
                let a = canvas[i - i % 4 + 3]
                return UInt8(((i % 4 == 3 ? a : canvas[i] * a) * 255).rounded())
            })
            switch frame.dispose {
            case 1:
                for row in 0..<frame.height {
                    for column in 0..<frame.width {
                        let d = ((frame.y + row) * width + frame.x + column) * 4
                        for c in 0..<4 { canvas[d + c] = 0 }
                    }
                }
            case 2: canvas = before
            default: break
            }
        }
    }
}

/// CRC-32 (PNG's polynomial 0xEDB88320), bitwise, independent of the C one.
enum CRC32 {
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
