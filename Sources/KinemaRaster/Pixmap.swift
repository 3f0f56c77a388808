// Pixmap: the bitmap every drawing lands in, premultiplied RGBA8 in sRGB.
import KinemaGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a `Pixmap` (or a `ClipMask`) could not be made.
public enum PixmapError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A dimension below 1 or above `Pixmap.maximumDimension`.
    case invalidSize(width: Int, height: Int)
    /// More than `Pixmap.maximumPixelCount` pixels in all.
    case tooManyPixels(width: Int, height: Int)
    /// Supplied bytes whose count is not `width × height × 4`.
    case byteCountMismatch(expected: Int, actual: Int)
    /// The pixel memory could not be allocated (the system refused `width × height × 4` bytes).
    case outOfMemory(width: Int, height: Int)

    public var description: String {
        switch self {
        case let .invalidSize(width, height):
            "pixmap size \(width)×\(height) is outside 1 ... \(Pixmap.maximumDimension) per side"
        case let .tooManyPixels(width, height):
            "pixmap size \(width)×\(height) exceeds \(Pixmap.maximumPixelCount) pixels"
        case let .byteCountMismatch(expected, actual):
            "pixmap needs \(expected) bytes, got \(actual)"
        case let .outOfMemory(width, height):
            "pixmap size \(width)×\(height): the system refused \(width * height * 4) bytes"
        }
    }
}

/// A bitmap of premultiplied RGBA8 pixels in sRGB, rows top to bottom.
///
/// ```swift
/// var pixmap = try Pixmap(width: 64, height: 48)   // transparent black
/// pixmap.fill(PaintColor(red: 1, green: 1, blue: 1).premultiplied)
/// pixmap.withMutableRegion(PixelRect(x: 8, y: 8, width: 16, height: 16)) { $0.clear() }
/// pixmap.pixel(x: 10, y: 10)  // .transparent
/// ```
///
/// Layout: pixel `(x, y)` is the 32-bit word at index `y × rowStride + x`; its bytes in memory are
/// R, G, B, A (`PremultipliedColor.packed`, little-endian). Rows are packed: `rowStride == width`
/// pixels, `bytesPerRow == width × 4`. A `PixmapRegion` of a pixmap keeps the pixmap's stride.
///
/// Semantics: a value type. Copies share storage until one of them is written (copy-on-write),
/// so passing a pixmap around costs nothing and writing to a shared one costs one copy.
///
/// Cost: `width × height × 4` bytes. Sizes are checked before anything is allocated: each side
/// `1 ... maximumDimension`, at most `maximumPixelCount` pixels (1 GiB); memory the system
/// refuses is `PixmapError.outOfMemory`, not a trap (see `PixelMemory`).
public struct Pixmap: Hashable, Sendable {
    /// The largest width or height accepted (2^15).
    public static let maximumDimension = 32_768
    /// The most pixels one pixmap may hold (2^28, which is 1 GiB of RGBA8).
    public static let maximumPixelCount = 1 << 28

    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The pixels, row after row, each a packed `PremultipliedColor`.
    package var storage: [UInt32]

    /// A transparent-black pixmap of the given size.
    public init(width: Int, height: Int) throws(PixmapError) {
        try Self.validate(width: width, height: height)
        guard PixelMemory.canAllocate(bytes: width * height * 4) else {
            throw .outOfMemory(width: width, height: height)
        }
        self.width = width
        self.height = height
        storage = [UInt32](repeating: 0, count: width * height)
    }

    /// One transparent pixel: a pixmap that needs no checks, for callers that must return some
    /// frame when a size was refused.
    public static let onePixel = Pixmap(uncheckedWidth: 1, height: 1)

    private init(uncheckedWidth width: Int, height: Int) {
        self.width = width
        self.height = height
        storage = [UInt32](repeating: 0, count: width * height)
    }

    /// A pixmap holding a copy of `bytes`: premultiplied R, G, B, A, rows packed top to bottom.
    ///
    /// Colour bytes above their pixel's alpha (not valid premultiplied data) are kept as given;
    /// drawing over them gives defined but meaningless colours, never a trap.
    public init(width: Int, height: Int, premultipliedBytes bytes: [UInt8]) throws(PixmapError) {
        try Self.validate(width: width, height: height)
        guard bytes.count == width * height * 4 else {
            throw .byteCountMismatch(expected: width * height * 4, actual: bytes.count)
        }
        guard PixelMemory.canAllocate(bytes: width * height * 4) else {
            throw .outOfMemory(width: width, height: height)
        }
        self.width = width
        self.height = height
        storage = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            bytes.withUnsafeBytes { source in
                for i in 0 ..< width * height {
                    buffer[i] = source.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self).littleEndian
                }
            }
            count = width * height
        }
    }

    /// Checks a size against the limits; shared with `ClipMask`.
    static func validate(width: Int, height: Int) throws(PixmapError) {
        guard width >= 1, height >= 1, width <= maximumDimension, height <= maximumDimension else {
            throw .invalidSize(width: width, height: height)
        }
        guard width * height <= maximumPixelCount else { throw .tooManyPixels(width: width, height: height) }
    }

    /// The pixels between one row's start and the next's (equal to `width`).
    public var rowStride: Int { width }
    /// The bytes between one row's start and the next's (`width × 4`).
    public var bytesPerRow: Int { width * 4 }
    /// The whole pixmap as a rectangle at the origin.
    public var bounds: PixelRect { PixelRect(width: width, height: height) }

    /// The pixel at `(x, y)`, or nil outside the pixmap.
    public func pixel(x: Int, y: Int) -> PremultipliedColor? {
        guard bounds.contains(x: x, y: y) else { return nil }
        return PremultipliedColor(packed: storage[y * width + x])
    }

    /// Sets the pixel at `(x, y)`; a position outside the pixmap is ignored.
    public mutating func setPixel(x: Int, y: Int, to color: PremultipliedColor) {
        guard bounds.contains(x: x, y: y) else { return }
        storage[y * width + x] = color.packed
    }

    /// Sets every pixel to `color`.
    public mutating func fill(_ color: PremultipliedColor) {
        let value = color.packed
        storage.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
    }

    /// Sets every pixel to transparent black.
    public mutating func clear() { fill(.transparent) }

    /// Puts `color` behind every pixel (source-over with the pixmap on top): what a window's
    /// background does to the layers drawn in it. Exact in 8 bits: each channel is
    /// `pixel + color × (255 − alpha) / 255`, rounded.
    public mutating func composite(over color: PremultipliedColor) {
        composite(over: color, in: PixelRect(width: width, height: height))
    }

    /// `composite(over:)` for the pixels inside `rect` only (cut to the pixmap); the same value
    /// for each pixel it touches.
    package mutating func composite(over color: PremultipliedColor, in rect: PixelRect) {
        let (r, g, b, a) = (UInt32(color.red), UInt32(color.green), UInt32(color.blue), UInt32(color.alpha))
        let area = rect.intersection(PixelRect(width: width, height: height))
        guard a > 0, !area.isEmpty else { return }
        let stride = width
        storage.withUnsafeMutableBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for y in area.minY ..< area.maxY {
                let row = base + y * stride
                var x = area.minX
                while x < area.maxX {
                    // Eight opaque pixels in a row (the common case: an opaque scene) are left
                    // as they are with one comparison.
                    if x + 8 <= area.maxX {
                        let words = UnsafeRawPointer(row + x)
                        let alphas: UInt64 = 0xFF00_0000_FF00_0000
                        let both = words.loadUnaligned(as: UInt64.self) & words.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                            & words.loadUnaligned(fromByteOffset: 16, as: UInt64.self) & words.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                        if both & alphas == alphas {
                            x += 8
                            continue
                        }
                    }
                    defer { x += 1 }
                    let pixel = row[x]
                    let alpha = pixel >> 24
                    if alpha == 255 { continue }
                    let rest = 255 - alpha
                    func channel(_ shift: UInt32, _ under: UInt32) -> UInt32 {
                        let over = (pixel >> shift) & 0xFF
                        let product = under * rest + 128
                        return min(255, over + (product + (product >> 8)) >> 8) << shift
                    }
                    row[x] = channel(0, r) | channel(8, g) | channel(16, b) | channel(24, a)
                }
            }
        }
    }

    /// The pixels as bytes R, G, B, A, rows packed top to bottom.
    public var premultipliedBytes: [UInt8] {
        storage.withUnsafeBytes { Array($0) }
    }

    /// A new pixmap holding the pixels of `rect` (clipped to this pixmap); nil when nothing is left.
    public func copy(_ rect: PixelRect) -> Pixmap? {
        let area = rect.intersection(bounds)
        guard !area.isEmpty, var result = try? Pixmap(width: area.width, height: area.height) else { return nil }
        result.storage.withUnsafeMutableBufferPointer { target in
            storage.withUnsafeBufferPointer { source in
                for row in 0 ..< area.height {
                    let from = (area.y + row) * width + area.x
                    for column in 0 ..< area.width { target[row * area.width + column] = source[from + column] }
                }
            }
        }
        return result
    }

    /// Runs `body` with a mutable view of the pixels in `rect` (clipped to the pixmap).
    ///
    /// The region borrows this pixmap's storage for the duration of the call only: it must not be
    /// kept or used after `body` returns. Writing through it makes the storage unique first, so
    /// copies of this pixmap made earlier are unaffected.
    public mutating func withMutableRegion<R>(_ rect: PixelRect, _ body: (inout PixmapRegion) throws -> R) rethrows -> R {
        let area = rect.intersection(bounds)
        let frame = area.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : area
        let stride = width
        return try storage.withUnsafeMutableBufferPointer { buffer in
            // The buffer is never empty (width, height >= 1), so it has a base address.
            guard let base = buffer.baseAddress else { preconditionFailure("Pixmap storage is never empty") }
            var region = PixmapRegion(base: base + (frame.y * stride + frame.x), frame: frame, rowStride: stride)
            return try body(&region)
        }
    }

    /// Runs `body` with a mutable view of the whole pixmap.
    public mutating func withMutableRegion<R>(_ body: (inout PixmapRegion) throws -> R) rethrows -> R {
        try withMutableRegion(bounds, body)
    }
}

/// A borrowed, mutable view of a rectangle of a `Pixmap`'s pixels, for drawing into part of it
/// (a tile, a layer's bounds) with coordinates local to the rectangle.
///
/// ```swift
/// pixmap.withMutableRegion(PixelRect(x: 32, y: 32, width: 16, height: 16)) { region in
///     region.fill(.white)   // pixels (32...47, 32...47) of the pixmap
///     region.pixel(x: 0, y: 0)  // the pixmap's (32, 32)
/// }
/// ```
/// Only `Pixmap.withMutableRegion` makes one, and it is valid only inside that call. Coordinates
/// are local: `(0, 0)` is the region's top-left pixel; `frame` says where it lies in the pixmap.
/// Row stride (in pixels) is the pixmap's, not the region's width.
public struct PixmapRegion {
    /// The region's top-left pixel.
    package let base: UnsafeMutablePointer<UInt32>
    /// Where the region lies in its pixmap.
    public let frame: PixelRect
    /// Pixels from one row's start to the next's, the pixmap's width.
    public let rowStride: Int
    /// When set (region coordinates), fills and `ShadowMask.paint` change only the pixels inside
    /// it, and each of those exactly as without it: what is drawn — geometry, runs, the values
    /// the blitters compute — does not depend on the window (`WindowedSink`). Damage-only frames
    /// (FrameDamage.swift) redraw a rectangle of the frame through it.
    package var writeWindow: PixelRect?

    package init(base: UnsafeMutablePointer<UInt32>, frame: PixelRect, rowStride: Int) {
        self.base = base
        self.frame = frame
        self.rowStride = rowStride
    }

    public var width: Int { frame.width }
    public var height: Int { frame.height }
    /// The region in its own coordinates: origin zero, the region's size.
    public var bounds: PixelRect { PixelRect(width: frame.width, height: frame.height) }

    /// The first pixel of local row `y` (which must be in `0 ..< height`).
    @inline(__always)
    package func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { base + y * rowStride }

    /// The pixel at local `(x, y)`, or nil outside the region.
    public func pixel(x: Int, y: Int) -> PremultipliedColor? {
        guard bounds.contains(x: x, y: y) else { return nil }
        return PremultipliedColor(packed: row(y)[x])
    }

    /// Sets the pixel at local `(x, y)`; a position outside the region is ignored.
    public mutating func setPixel(x: Int, y: Int, to color: PremultipliedColor) {
        guard bounds.contains(x: x, y: y) else { return }
        row(y)[x] = color.packed
    }

    /// Sets every pixel of the region to `color`.
    public mutating func fill(_ color: PremultipliedColor) {
        let value = color.packed
        for y in 0 ..< height { row(y).update(repeating: value, count: width) }
    }

    /// Sets every pixel of the region to transparent black.
    public mutating func clear() { fill(.transparent) }

    /// Sets the pixels of `rect` (local coordinates, cut to the region) to transparent black.
    package mutating func clear(_ rect: PixelRect) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY ..< area.maxY { (row(y) + area.minX).update(repeating: 0, count: area.width) }
    }

    /// Copies `source`'s pixels into the region with the source's top-left at local `(x, y)`;
    /// what falls outside the region is left out.
    public mutating func copy(from source: Pixmap, toX x: Int = 0, y: Int = 0) {
        let target = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(bounds)
        guard !target.isEmpty else { return }
        source.storage.withUnsafeBufferPointer { pixels in
            guard let start = pixels.baseAddress else { return }
            for row in target.minY ..< target.maxY {
                let from = start + ((row - y) * source.width + (target.minX - x))
                (self.row(row) + target.minX).update(from: from, count: target.width)
            }
        }
    }

    /// A new pixmap holding a copy of the region's pixels, or nil for an empty region.
    public func makePixmap() -> Pixmap? {
        guard !bounds.isEmpty, var result = try? Pixmap(width: width, height: height) else { return nil }
        result.storage.withUnsafeMutableBufferPointer { target in
            guard let start = target.baseAddress else { return }
            for y in 0 ..< height { (start + y * width).update(from: row(y), count: width) }
        }
        return result
    }
}

/// The failable allocation check in front of every large pixel buffer (`Pixmap` here, the image
/// decoders' buffers in KinemaImageIO).
///
/// Swift arrays trap when `malloc` fails, so a buffer the system refuses (under `ulimit -v`, or
/// a size beyond the address space) would abort the process. Before allocating one, callers ask
/// `canAllocate(bytes:)`, which tries `malloc` itself and frees the block at once: a refusal
/// becomes an error the caller throws. The check and the real allocation are two calls, so
/// another thread can still take the memory in between; under an address-space limit this
/// closes the common case (one large request the limit cannot hold), not every race.
///
/// Tests install a `Probe` (task-local) to make requests above a size fail and to record what
/// was asked for, without touching the process's real limits.
package enum PixelMemory {
    /// What a test sees of the allocations on its task, and the size above which they fail.
    package final class Probe: @unchecked Sendable {
        /// Requests of more bytes than this fail as if `malloc` had returned nil.
        package var failAbove: Int?
        /// The largest single request, in bytes.
        package var largest = 0
        /// The sum of all requests, in bytes.
        package var total = 0
        /// How many requests were made.
        package var count = 0

        package init(failAbove: Int? = nil) { self.failAbove = failAbove }
    }

    @TaskLocal package static var probe: Probe?

    /// Whether `bytes` bytes can be allocated now. Negative sizes (an overflowed computation) are
    /// refused; sizes up to 64 KiB are taken as available without a probe.
    package static func canAllocate(bytes: Int) -> Bool {
        guard bytes >= 0 else { return false }
        if let probe {
            probe.count += 1
            probe.largest = max(probe.largest, bytes)
            probe.total = probe.total &+ bytes
            if let limit = probe.failAbove, bytes > limit { return false }
        }
        guard bytes > smallRequest else { return true }
        guard let block = malloc(bytes) else { return false }
        free(block)
        return true
    }

    /// Below this, a refused allocation means the process is failing anyway; not worth a probe.
    static let smallRequest = 64 << 10
}
