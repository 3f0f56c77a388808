// BitmapStorage: the bytes a bitmap CGContext draws into, in the caller's pixel layout.
//
// Audited against: CGBitmapContextCreate ("data: A pointer to the destination in memory where
// the drawing is to be rendered … If you pass NULL, this function allocates memory"; bytesPerRow
// 0 "causes the value to be calculated automatically"; "Supported Pixel Formats" in the Quartz 2D
// Programming Guide: for 8-bit RGB, 32 bits a pixel with premultiplied or skipped alpha, first or
// last). Status: RGB, 8 bits a component, 32 bits a pixel, alpha premultipliedLast,
// premultipliedFirst, noneSkipLast or noneSkipFirst, byte order default, 32Big or 32Little —
// which covers RGBA, ARGB, BGRA (`premultipliedFirst | byteOrder32Little`) and ABGR. Remaining:
// gray, alpha-only, 16-bit and float formats (rejected with a diagnostic).
//
// Two ways of drawing, chosen once per context:
//   • Direct: the layout is premultiplied R, G, B, A in memory (premultipliedLast with the
//     default or big-endian order), the buffer is 4-byte aligned and rows a whole number of
//     pixels: the engine draws straight into the caller's memory. No copy at all.
//   • Mirrored: any other layout. The engine draws into a premultiplied RGBA `Pixmap` the size of
//     the bitmap; each drawing operation first reads the caller's bytes of the rectangle it
//     touches into the mirror (so changes made to `data` between operations are seen), draws,
//     then writes that rectangle back in the caller's layout. Cost: two conversions of the
//     touched rectangle per operation (a few ns a pixel), plus the mirror's memory
//     (width × height × 4 bytes). Skip-alpha layouts read alpha as 255 and write 255.

import KinemaSupport
import Foundation
import KinemaRaster

/// The validated layout of a bitmap context's memory.
struct BitmapLayout {
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let alphaInfo: CGImageAlphaInfo
    let bitmapInfo: CGBitmapInfo
    /// Byte offsets of red, green, blue and alpha within a pixel's four bytes.
    let red: Int, green: Int, blue: Int, alpha: Int
    /// Alpha is not stored (noneSkip…): the bitmap is opaque.
    let skipsAlpha: Bool

    /// Whether memory order is exactly the engine's: premultiplied R, G, B, A.
    var isEngineOrder: Bool { red == 0 && green == 1 && blue == 2 && alpha == 3 && !skipsAlpha }

    /// The layout, or nil with a diagnostic naming what is unsupported.
    static func make(width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, space: CGColorSpace?,
                     bitmapInfo: CGBitmapInfo) -> BitmapLayout? {
        func reject(_ why: String) -> BitmapLayout? {
            KinemaDiagnostics.emit("CGBitmapContextCreate", "\(why); returned nil")
            return nil
        }
        guard width >= 1, height >= 1 else { return reject("invalid size \(width) × \(height)") }
        guard width <= Pixmap.maximumDimension, height <= Pixmap.maximumDimension,
              width * height <= Pixmap.maximumPixelCount else {
            return reject("size \(width) × \(height) exceeds Kinema's bitmap limits (\(Pixmap.maximumDimension) a side, \(Pixmap.maximumPixelCount) pixels)")
        }
        guard bitsPerComponent == 8 else { return reject("\(bitsPerComponent) bits per component is not supported (only 8)") }
        guard let space, space.model == .rgb else {
            return reject("colour space \(space.map { "\($0)" } ?? "nil") is not supported (only RGB)")
        }
        guard !bitmapInfo.contains(.floatComponents) else { return reject("float components are not supported") }
        guard let alphaInfo = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) else {
            return reject("unknown alpha info \(bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue)")
        }
        let last: Bool, skips: Bool
        switch alphaInfo {
        case .premultipliedLast: (last, skips) = (true, false)
        case .premultipliedFirst: (last, skips) = (false, false)
        case .noneSkipLast: (last, skips) = (true, true)
        case .noneSkipFirst: (last, skips) = (false, true)
        default: return reject("alpha info \(alphaInfo) is not a supported combination with 8-bit RGB (use premultiplied or noneSkip, first or last)")
        }
        let order = bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue
        let little: Bool
        switch order {
        case 0, CGBitmapInfo.byteOrder32Big.rawValue: little = false
        case CGBitmapInfo.byteOrder32Little.rawValue: little = true
        default: return reject("byte order 0x\(String(order, radix: 16)) is not supported with 32-bit pixels")
        }
        let minimumRow = width * 4
        let rowBytes = bytesPerRow == 0 ? minimumRow : bytesPerRow
        guard rowBytes >= minimumRow else { return reject("bytesPerRow \(bytesPerRow) is less than width × 4 = \(minimumRow)") }
        guard rowBytes.multipliedReportingOverflow(by: height).overflow == false else {
            return reject("bytesPerRow \(bytesPerRow) × height \(height) overflows")
        }
        // Logical order of the 32-bit word, most significant byte first.
        var logical = last ? [0, 1, 2, 3] : [3, 0, 1, 2]   // channel index (r 0, g 1, b 2, a 3) at each byte
        if little { logical.reverse() }
        guard let r = logical.firstIndex(of: 0), let g = logical.firstIndex(of: 1), let b = logical.firstIndex(of: 2),
              let a = logical.firstIndex(of: 3) else { return reject("internal layout error") }
        return BitmapLayout(width: width, height: height, bytesPerRow: rowBytes, alphaInfo: alphaInfo, bitmapInfo: bitmapInfo,
                            red: r, green: g, blue: b, alpha: a, skipsAlpha: skips)
    }
}

/// The memory a bitmap context draws into, and the engine's view of it.
final class BitmapStorage {
    let layout: BitmapLayout
    /// The caller's memory, or the context's own once something needs it (see `data`).
    private var storedData: UnsafeMutableRawPointer?
    private let ownsData: Bool
    /// The engine-layout copy for mirrored layouts (see the file header); nil when drawing directly.
    private var mirror: Pixmap?

    /// Whether drawing writes the bitmap's memory directly (engine pixel order, aligned): no
    /// mirror to import into and export from.
    var drawsDirectly: Bool { mirror == nil }

    /// The most memory a context allocates for itself (2 GiB): beyond it, `data: nil` fails.
    static let maximumAllocation = 1 << 31

    init?(layout: BitmapLayout, data: UnsafeMutableRawPointer?) {
        self.layout = layout
        if data == nil, layout.bytesPerRow > Self.maximumAllocation / layout.height {
            KinemaDiagnostics.emit("CGBitmapContextCreate", "bytesPerRow \(layout.bytesPerRow) × height \(layout.height) is more memory than Kinema allocates for a context (\(Self.maximumAllocation) bytes); returned nil")
            return nil
        }
        // The context's own memory is allocated (cleared) when first drawn into or read, so a
        // context nothing draws into costs no bitmap (UIView's first display of a view that
        // does not draw, for one).
        storedData = data
        ownsData = data == nil
        let aligned = data.map { Int(bitPattern: $0) % 4 == 0 } ?? true
        if !(layout.isEngineOrder && aligned && layout.bytesPerRow % 4 == 0) {
            guard let pixmap = try? Pixmap(width: layout.width, height: layout.height) else { return nil }
            mirror = pixmap
        }
    }

    deinit {
        if ownsData { storedData?.deallocate() }
    }

    /// The bitmap's memory: the caller's, or the context's own, allocated and cleared on first use.
    var data: UnsafeMutableRawPointer {
        if let storedData { return storedData }
        let count = layout.bytesPerRow * layout.height
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        storedData = memory
        return memory
    }

    /// Whether the context's own memory was never needed: nothing drew into the bitmap, read it
    /// or asked for its address (so every pixel is still clear).
    var isUntouched: Bool { ownsData && storedData == nil }

    var bounds: PixelRect { PixelRect(width: layout.width, height: layout.height) }

    /// Runs `body` on a region covering the whole bitmap (coordinates = device pixels, y down);
    /// `body` must write only inside `dirty`.
    func withRegion<R>(dirty: PixelRect, _ body: (inout PixmapRegion) -> R) -> R {
        let area = dirty.intersection(bounds)
        guard var pixmap = mirror else {
            let stride = layout.bytesPerRow / 4
            return data.withMemoryRebound(to: UInt32.self, capacity: stride * layout.height) { base in
                var region = PixmapRegion(base: base, frame: bounds, rowStride: stride)
                return body(&region)
            }
        }
        mirror = nil   // keep the pixmap's storage unique while it is written
        defer { mirror = pixmap }
        if !area.isEmpty { importPixels(area, into: &pixmap) }
        let result = pixmap.withMutableRegion { body(&$0) }
        if !area.isEmpty { exportPixels(area, from: pixmap) }
        return result
    }

    /// The whole bitmap as an engine pixmap (a copy).
    func snapshot() -> Pixmap? {
        if isUntouched { return try? Pixmap(width: layout.width, height: layout.height) }
        guard var pixmap = mirror ?? (try? Pixmap(width: layout.width, height: layout.height)) else { return nil }
        if mirror == nil, layout.isEngineOrder {
            // Direct layout: copy rows as words.
            let stride = layout.bytesPerRow
            let width = layout.width
            pixmap.storage.withUnsafeMutableBufferPointer { target in
                for y in 0 ..< layout.height {
                    let row = data + y * stride
                    for x in 0 ..< width { target[y * width + x] = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self).littleEndian }
                }
            }
            return pixmap
        }
        importPixels(bounds, into: &pixmap)
        return pixmap
    }

    /// Reads the caller's bytes of `area` into the engine pixmap.
    private func importPixels(_ area: PixelRect, into pixmap: inout Pixmap) {
        let l = layout
        let width = l.width
        pixmap.storage.withUnsafeMutableBufferPointer { target in
            for y in area.minY ..< area.maxY {
                let row = data + y * l.bytesPerRow
                for x in area.minX ..< area.maxX {
                    // Raw byte loads: the caller's memory may be bound to any type.
                    let p = row + x * 4
                    func byte(_ offset: Int) -> UInt32 { UInt32(p.load(fromByteOffset: offset, as: UInt8.self)) }
                    let a: UInt32 = l.skipsAlpha ? 255 : byte(l.alpha)
                    target[y * width + x] = byte(l.red) | byte(l.green) << 8 | byte(l.blue) << 16 | a << 24
                }
            }
        }
    }

    /// Writes `area` of the engine pixmap into the caller's bytes, in the caller's layout.
    private func exportPixels(_ area: PixelRect, from pixmap: Pixmap) {
        let l = layout
        let width = l.width
        pixmap.storage.withUnsafeBufferPointer { source in
            for y in area.minY ..< area.maxY {
                let row = data + y * l.bytesPerRow
                for x in area.minX ..< area.maxX {
                    let v = source[y * width + x]
                    let p = row + x * 4
                    p.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: l.red, as: UInt8.self)
                    p.storeBytes(of: UInt8(truncatingIfNeeded: v >> 8), toByteOffset: l.green, as: UInt8.self)
                    p.storeBytes(of: UInt8(truncatingIfNeeded: v >> 16), toByteOffset: l.blue, as: UInt8.self)
                    p.storeBytes(of: l.skipsAlpha ? 255 : UInt8(truncatingIfNeeded: v >> 24), toByteOffset: l.alpha, as: UInt8.self)
                }
            }
        }
    }
}
