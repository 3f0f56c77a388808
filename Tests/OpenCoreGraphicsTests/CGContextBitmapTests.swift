// Bitmap contexts: orientation, pixel layouts, the caller's memory, bad parameters.
import KinemaSupport
import Foundation
import KinemaRaster
import Testing
@testable import OpenCoreGraphics

/// A context over `bytes` (the caller's memory) in the given layout; nil when rejected.
private func withContext<R>(width: Int = 4, height: Int = 4, bitmapInfo: UInt32, bytesPerRow: Int = 16,
                            _ body: (CGContext?, UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
    var bytes = [UInt8](repeating: 0, count: bytesPerRow * height)
    return try bytes.withUnsafeMutableBytes { buffer in
        let context = CGContext(data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8,
                                bytesPerRow: bytesPerRow, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo)
        return try body(context, buffer)
    }
}

private func pixel(_ buffer: UnsafeMutableRawBufferPointer, x: Int, y: Int, bytesPerRow: Int = 16) -> [UInt8] {
    Array(buffer[(y * bytesPerRow + x * 4) ..< (y * bytesPerRow + x * 4 + 4)])
}

@Suite("CGContext bitmap memory")
struct CGContextBitmapTests {
    static let rgba = CGImageAlphaInfo.premultipliedLast.rawValue
    static let bgra = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
    static let argb = CGImageAlphaInfo.premultipliedFirst.rawValue
    static let abgr = CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
    static let rgbx = CGImageAlphaInfo.noneSkipLast.rawValue
    static let xrgb = CGImageAlphaInfo.noneSkipFirst.rawValue

    @Test("origin at the bottom-left, y up; the first row of data is the top row (Quartz 2D guide, bitmap contexts)")
    func orientation() throws {
        try withContext(bitmapInfo: Self.rgba) { context, buffer in
            let context = try #require(context)
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
            #expect(pixel(buffer, x: 0, y: 3) == [255, 0, 0, 255], "y = 0 is the last row in memory")
            #expect(pixel(buffer, x: 3, y: 3) == [255, 0, 0, 255])
            for row in 0 ..< 3 { #expect(pixel(buffer, x: 1, y: row) == [0, 0, 0, 0]) }
            let image = try #require(context.makeImage())
            #expect(image.pixmap.pixel(x: 2, y: 3) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
            #expect(image.pixmap.pixel(x: 2, y: 0) == .transparent)
        }
    }

    @Test("byte order: premultipliedLast is R G B A, premultipliedFirst | byteOrder32Little is B G R A (CGBitmapInfo, CGImageAlphaInfo)",
          arguments: [
              (rgba, [UInt8]([128, 0, 64, 128])), (bgra, [64, 0, 128, 128]), (argb, [128, 128, 0, 64]), (abgr, [128, 64, 0, 128]),
          ])
    func byteOrder(_ info: UInt32, _ expected: [UInt8]) throws {
        try withContext(bitmapInfo: info) { context, buffer in
            let context = try #require(context)
            // Straight (1, 0, 0.5) at alpha 128/255: premultiplied 128, 0, 64, 128.
            context.setFillColor(red: 1, green: 0, blue: 0.5, alpha: 128.0 / 255)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            #expect(pixel(buffer, x: 1, y: 1) == expected)
            let image = try #require(context.makeImage())
            #expect(image.pixmap.pixel(x: 1, y: 1) == PremultipliedColor(red: 128, green: 0, blue: 64, alpha: 128),
                    "images are premultiplied RGBA whatever the context's layout")
        }
    }

    @Test("noneSkipLast / noneSkipFirst are opaque: the skipped byte is written 255, colours are over black",
          arguments: [(rgbx, [UInt8]([128, 0, 64, 255])), (xrgb, [255, 128, 0, 64])])
    func skippedAlpha(_ info: UInt32, _ expected: [UInt8]) throws {
        try withContext(bitmapInfo: info) { context, buffer in
            let context = try #require(context)
            context.setFillColor(red: 1, green: 0, blue: 0.5, alpha: 128.0 / 255)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            #expect(pixel(buffer, x: 2, y: 2) == expected)
            #expect(context.makeImage()?.alphaInfo == .noneSkipLast)
        }
    }

    @Test("the caller's data is read before each operation: pixels written between calls are drawn over (BGRA mirror)")
    func callerWritesBetweenOperations() throws {
        try withContext(bitmapInfo: Self.bgra) { context, buffer in
            let context = try #require(context)
            for i in stride(from: 0, to: buffer.count, by: 4) {   // opaque blue, B G R A
                buffer[i] = 255; buffer[i + 1] = 0; buffer[i + 2] = 0; buffer[i + 3] = 255
            }
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
            // Half red over blue: B 127 or 128, R 127 or 128, opaque.
            let mixed = pixel(buffer, x: 0, y: 0)
            #expect(abs(Int(mixed[0]) - 128) <= 1 && abs(Int(mixed[2]) - 128) <= 1 && mixed[3] == 255)
            #expect(pixel(buffer, x: 3, y: 0) == [255, 0, 0, 255], "pixels outside the fill are left as the caller wrote them")
        }
    }

    @Test("the caller's data sees drawing immediately in the direct RGBA layout, with padded rows")
    func paddedRows() throws {
        try withContext(width: 3, height: 2, bitmapInfo: Self.rgba, bytesPerRow: 20) { context, buffer in
            let context = try #require(context)
            #expect(context.bytesPerRow == 20)
            context.setFillColor(gray: 1, alpha: 1)
            context.fill(CGRect(x: 0, y: 1, width: 3, height: 1))
            #expect(pixel(buffer, x: 2, y: 0, bytesPerRow: 20) == [255, 255, 255, 255])
            #expect(Array(buffer[12 ..< 20]) == [0, 0, 0, 0, 0, 0, 0, 0], "row padding is never written")
            #expect(pixel(buffer, x: 0, y: 1, bytesPerRow: 20) == [0, 0, 0, 0])
        }
    }

    @Test("data nil: the context allocates zeroed memory of bytesPerRow × height; bytesPerRow 0 means width × 4")
    func allocatedData() throws {
        let context = try #require(CGContext(data: nil, width: 5, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba))
        #expect(context.width == 5 && context.height == 3 && context.bytesPerRow == 20)
        #expect(context.bitsPerComponent == 8 && context.bitsPerPixel == 32 && context.alphaInfo == .premultipliedLast)
        let data = try #require(context.data)
        #expect((0 ..< 60).allSatisfy { data.load(fromByteOffset: $0, as: UInt8.self) == 0 })
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.fill(CGRect(x: 4, y: 2, width: 1, height: 1))
        #expect(data.load(fromByteOffset: 4 * 4 + 1, as: UInt8.self) == 255, "(4, 2) in user space is the top-right pixel")
    }

    @Test("the CGBitmapInfo overload of the initializer takes the same layouts")
    func bitmapInfoOverload() {
        let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little)
        let context = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)
        #expect(context?.bitmapInfo == info)
    }

    @Test("unsupported or invalid parameters give nil and a diagnostic, never a trap (CGBitmapContextCreate returns NULL)")
    func badParameters() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let cases: [(String, () -> CGContext?)] = [
            ("zero width", { CGContext(data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: Self.rgba) }),
            ("negative height", { CGContext(data: nil, width: 4, height: -1, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: Self.rgba) }),
            ("huge", { CGContext(data: nil, width: 1 << 40, height: 1 << 40, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: Self.rgba) }),
            ("16 bits", { CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0, space: rgb, bitmapInfo: Self.rgba) }),
            ("rows too short", { CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8, space: rgb, bitmapInfo: Self.rgba) }),
            ("unpremultiplied", { CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: CGImageAlphaInfo.last.rawValue) }),
            ("gray", { CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceGray(), bitmapInfo: 0) }),
            ("float", { CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: Self.rgba | CGBitmapInfo.floatComponents.rawValue) }),
            ("huge rows", { CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 1 << 40, space: rgb, bitmapInfo: Self.rgba) }),
            ("16-bit order", { CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: Self.rgba | CGBitmapInfo.byteOrder16Little.rawValue) }),
        ]
        for (label, make) in cases {
            let (context, diagnostics) = KinemaDiagnostics.collecting { make() }
            #expect(context == nil, "\(label)")
            #expect(diagnostics.contains { $0.domain == "CGBitmapContextCreate" }, "\(label)")
        }
    }

    @Test("a UIKit-flipped context: origin top-left, y down, in points × scale; ctm reports the flip")
    func flipped() throws {
        let context = try #require(CGContext.makeFlipped(width: 3, height: 2, scale: 2))
        #expect(context.width == 6 && context.height == 4)
        #expect(context.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 4))
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let pixmap = try #require(context.makeImage()).pixmap
        #expect(pixmap.pixel(x: 1, y: 1) == PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255), "top-left 2 × 2 pixels")
        #expect(pixmap.pixel(x: 2, y: 2) == .transparent)
        let (bad, diagnostics) = KinemaDiagnostics.collecting { CGContext.makeFlipped(width: .nan, height: 1, scale: 1) }
        #expect(bad == nil && !diagnostics.isEmpty)
    }
}
