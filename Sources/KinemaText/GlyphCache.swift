// GlyphCache: glyphs rasterized once into coverage masks, then blended in the text colour.
//
// `TextLayout.draw(into:)` is an axis-aligned draw; filling each glyph's outline through the scan
// converter every frame costs the outline's flattening and scan conversion for every glyph of
// every label. Here a glyph is scan-converted once per (face, glyph, size in device pixels,
// subpixel phase) by Kinema's own scan converter into an 8-bit coverage mask, and each draw
// blends the mask's coverage with the same packed source-over arithmetic the solid fill uses.
//
// Positions: a glyph's device origin is split into a whole pixel and a phase quantized to a
// quarter pixel on each axis (16 phases); the mask is rasterized at that phase. So a glyph lands
// at most 1/8 px from where the path fill puts it. Masks are per glyph: where two glyphs of one run
// overlap (a mark on its base, a tight kerning pair), their anti-aliased edges are composited one
// over the other instead of filled as one union. Both differences are bounded in
// GlyphCacheTests (cached draw vs path fill).
//
// Bounds: glyphs larger than `maximumGlyphPixels` on either axis are not cached (the caller
// fills their outlines). The cache holds at most `byteLimit` bytes of masks (16 MiB for the
// shared cache, about 150,000 masks of a 17 px glyph); past it, whole strikes (one face at one
// size) are evicted, least recently used first.
//
// Threads: one lock. A draw locks it once per glyph run to look up all the run's masks, and once
// more to insert the ones it rasterized (outside the lock, so a cold strike on one thread does
// not stall others). Masks are immutable once made and shared by reference.

import Foundation
import KinemaGeometry
import KinemaRaster

/// A glyph's coverage at one size and subpixel phase, placed relative to its whole-pixel origin.
package final class GlyphMask: Sendable {
    /// The mask's top-left pixel relative to the glyph origin's whole pixel.
    package let left: Int
    package let top: Int
    package let width: Int
    package let height: Int
    /// Coverage bytes, rows packed; 255 is full.
    package let coverage: [UInt8]
    /// Per row, the first and one past the last column with coverage (empty rows: 0, 0).
    package let spans: [(start: Int32, end: Int32)]

    init(left: Int, top: Int, width: Int, height: Int, coverage: [UInt8]) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.coverage = coverage
        var spans: [(Int32, Int32)] = []
        spans.reserveCapacity(height)
        for y in 0..<height {
            let row = y * width
            var start = 0, end = width
            while start < width && coverage[row + start] == 0 { start += 1 }
            while end > start && coverage[row + end - 1] == 0 { end -= 1 }
            spans.append(start < end ? (Int32(start), Int32(end)) : (0, 0))
        }
        self.spans = spans
    }

    var byteCount: Int { coverage.count + spans.count * 8 + 64 }
}

package final class GlyphCache: @unchecked Sendable {
    /// The process's cache (16 MiB of masks).
    package static let shared = GlyphCache(byteLimit: 16 << 20)

    /// Glyphs wider or taller than this many device pixels are filled as paths, not cached.
    package static let maximumGlyphPixels = 256.0
    /// Phases per pixel on each axis.
    package static let phases = 4

    package let byteLimit: Int

    private let lock = NSLock()
    private var strikes: [StrikeKey: Strike] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    private struct StrikeKey: Hashable {
        var face: ObjectIdentifier
        var pixelsPerUnit: UInt64
    }

    private final class Strike {
        /// Held so the face (and so its ObjectIdentifier) outlives the strike's masks.
        let face: FontFace
        let pixelsPerUnit: Double
        /// Masks by glyph id × 16 + phase, in pages of 4,096 entries made on first use.
        var pages: [[GlyphMask?]] = []
        var bytes = 0
        var lastUse: UInt64 = 0

        init(face: FontFace, pixelsPerUnit: Double) {
            self.face = face
            self.pixelsPerUnit = pixelsPerUnit
        }

        static let pageSize = 4096

        func mask(_ slot: Int) -> GlyphMask? {
            let page = slot / Self.pageSize
            guard page < pages.count, !pages[page].isEmpty else { return nil }
            return pages[page][slot % Self.pageSize]
        }

        func insert(_ mask: GlyphMask, at slot: Int) -> Int {
            let page = slot / Self.pageSize
            if page >= pages.count { pages += Array(repeating: [], count: page + 1 - pages.count) }
            if pages[page].isEmpty { pages[page] = Array(repeating: nil, count: Self.pageSize) }
            guard pages[page][slot % Self.pageSize] == nil else { return 0 }
            pages[page][slot % Self.pageSize] = mask
            bytes += mask.byteCount
            return mask.byteCount
        }
    }

    package init(byteLimit: Int) {
        self.byteLimit = max(0, byteLimit)
    }

    /// Bytes of masks held now.
    package var byteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }

    /// Strikes (face × size) held now.
    package var strikeCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return strikes.count
    }

    package func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        strikes.removeAll()
        bytes = 0
    }

    /// A request for one glyph: its id and its quantized phase (0 ..< 16).
    package struct Request {
        package var glyph: UInt32
        package var phase: Int
    }

    /// The masks of `requests` for `face` at `pixelsPerUnit` device pixels per font unit, in order
    /// (nil for a blank glyph). Masks not yet cached are rasterized (outside the lock) and kept.
    package func masks(face: FontFace, pixelsPerUnit: Double, requests: [Request], into result: inout [GlyphMask?],
                       converter: inout ScanConverter) {
        result.removeAll(keepingCapacity: true)
        let key = StrikeKey(face: ObjectIdentifier(face), pixelsPerUnit: pixelsPerUnit.bitPattern)
        var missing: [Int] = []
        lock.lock()
        clock &+= 1
        let strike: Strike
        if let existing = strikes[key] {
            strike = existing
        } else {
            strike = Strike(face: face, pixelsPerUnit: pixelsPerUnit)
            strikes[key] = strike
        }
        strike.lastUse = clock
        for (i, request) in requests.enumerated() {
            let mask = strike.mask(Int(request.glyph) &* 16 &+ request.phase)
            result.append(mask)
            if mask == nil { missing.append(i) }
        }
        lock.unlock()
        guard !missing.isEmpty else { return }
        var made: [(Int, GlyphMask)] = []
        for i in missing {
            let request = requests[i]
            // A glyph asked for twice in one run is rasterized once.
            if let earlier = made.first(where: { requests[$0.0].glyph == request.glyph && requests[$0.0].phase == request.phase }) {
                result[i] = earlier.1
                continue
            }
            guard let mask = Self.rasterize(face: face, glyph: request.glyph, pixelsPerUnit: pixelsPerUnit,
                                            phase: request.phase, converter: &converter) else { continue }
            result[i] = mask
            made.append((i, mask))
        }
        guard !made.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        // The strike may have been evicted meanwhile: insert into the one the table holds now.
        let current = strikes[key] ?? {
            let fresh = Strike(face: face, pixelsPerUnit: pixelsPerUnit)
            strikes[key] = fresh
            return fresh
        }()
        current.lastUse = clock
        for (i, mask) in made {
            bytes += current.insert(mask, at: Int(requests[i].glyph) &* 16 &+ requests[i].phase)
        }
        evict(keeping: key)
    }

    /// Drops least recently used strikes until the cache is within its limit; the strike just
    /// used goes last (emptied if it alone is over the limit).
    private func evict(keeping key: StrikeKey) {
        guard bytes > byteLimit else { return }
        let order = strikes.sorted { $0.value.lastUse < $1.value.lastUse }
        for (candidate, strike) in order where bytes > byteLimit {
            if candidate == key { continue }
            bytes -= strike.bytes
            strikes[candidate] = nil
        }
        if bytes > byteLimit, let strike = strikes[key] {
            bytes -= strike.bytes
            strikes[key] = nil
        }
    }

    /// The glyph's outline scan-converted at `pixelsPerUnit` with its origin at
    /// (phase % 4, phase / 4) quarter pixels; nil for a blank glyph.
    static func rasterize(face: FontFace, glyph: UInt32, pixelsPerUnit: Double, phase: Int,
                          converter: inout ScanConverter) -> GlyphMask? {
        let outline = face.outline(of: glyph)
        guard !outline.isEmpty else { return nil }
        let dx = Double(phase % phases) / Double(phases), dy = Double(phase / phases) / Double(phases)
        var path = Path()
        path.addPath(outline, transform: PathTransform(a: pixelsPerUnit, b: 0, c: 0, d: -pixelsPerUnit, tx: dx, ty: dy))
        let contours = path.flattened(tolerance: 0.1)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for contour in contours {
            for point in contour.points {
                minX = min(minX, point.x); maxX = max(maxX, point.x)
                minY = min(minY, point.y); maxY = max(maxY, point.y)
            }
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        let left = Int(minX.rounded(.down)), top = Int(minY.rounded(.down))
        let width = Int(maxX.rounded(.up)) - left + 1, height = Int(maxY.rounded(.up)) - top + 1
        guard width > 0, height > 0 else { return nil }
        var moved = RasterPath()
        for contour in contours {
            guard let first = contour.points.first else { continue }
            moved.move(to: DevicePoint(x: first.x - Double(left), y: first.y - Double(top)))
            for point in contour.points.dropFirst() { moved.addLine(to: DevicePoint(x: point.x - Double(left), y: point.y - Double(top))) }
            moved.closeContour()
        }
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var sink = MaskSink(base: base, width: width)
            converter.rasterize(moved, rule: .winding, clip: PixelRect(width: width, height: height), into: &sink)
        }
        return GlyphMask(left: left, top: top, width: width, height: height, coverage: coverage)
    }

    /// Writes coverage runs into a mask.
    private struct MaskSink: CoverageSink {
        let base: UnsafeMutablePointer<UInt8>
        let width: Int

        mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
            (base + (y * width + x)).update(repeating: coverage, count: count)
        }
    }
}

extension GlyphMask {
    /// Blends the mask in `color` (premultiplied, packed) into `region` with its origin's whole
    /// pixel at (`x`, `y`): per pixel the solid fill's source-over of the colour scaled by the
    /// coverage (`PackedPixel.sourceOver(_:coverage:under:)`, and its arithmetic two pixels a
    /// step), bit for bit what the path fill does with the same coverage.
    func blend(into region: PixmapRegion, x: Int, y: Int, color: UInt32) {
        let x0 = x + left, y0 = y + top
        let rowStart = max(0, -y0), rowEnd = min(height, region.height - y0)
        guard rowStart < rowEnd else { return }
        let clipLeft = -x0, clipRight = region.width - x0
        guard clipLeft < width, clipRight > 0 else { return }
        let opaque = color >> 24 == 255
        let colorLanes = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(color, to: SIMD4<UInt8>.self))
        let colorPair = SIMD8<UInt16>(lowHalf: colorLanes, highHalf: colorLanes)
        coverage.withUnsafeBufferPointer { bytes in
            spans.withUnsafeBufferPointer { spans in
                guard let cover = bytes.baseAddress else { return }
                for row in rowStart..<rowEnd {
                    let span = spans[row]
                    let start = max(Int(span.start), clipLeft), end = min(Int(span.end), clipRight)
                    guard start < end else { continue }
                    let pixels = region.row(y0 &+ row) + x0
                    let line = cover + row &* width
                    var i = start
                    // Two pixels a step in 16-bit lanes (SIMD8: one SSE register), each lane doing
                    // what the one-pixel code below does, so the result is the same bit for bit.
                    while i &+ 2 <= end {
                        let c0 = line[i], c1 = line[i &+ 1]
                        if c0 | c1 == 0 {
                            i &+= 2
                            continue
                        }
                        if c0 & c1 == 255 && opaque {
                            pixels[i] = color
                            pixels[i &+ 1] = color
                            i &+= 2
                            continue
                        }
                        let factor = SIMD8<UInt16>(lowHalf: SIMD4(repeating: UInt16(c0)), highHalf: SIMD4(repeating: UInt16(c1)))
                        var v = colorPair &* factor &+ 128
                        let source = (v &+ (v &>> 8)) &>> 8
                        let remaining = SIMD8<UInt16>(lowHalf: SIMD4(repeating: 255 &- source[3]), highHalf: SIMD4(repeating: 255 &- source[7]))
                        let address = UnsafeMutableRawPointer(pixels + i)
                        let under = SIMD8<UInt16>(truncatingIfNeeded: address.loadUnaligned(as: SIMD8<UInt8>.self))
                        v = under &* remaining &+ 128
                        address.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: source &+ ((v &+ (v &>> 8)) &>> 8)), as: SIMD8<UInt8>.self)
                        i &+= 2
                    }
                    while i < end {
                        let c = line[i]
                        if c == 0 {
                            i &+= 1
                            continue
                        }
                        if c == 255 && opaque {
                            pixels[i] = color
                            i &+= 1
                            continue
                        }
                        pixels[i] = PackedPixel.sourceOver(color, coverage: UInt32(c), under: pixels[i])
                        i &+= 1
                    }
                }
            }
        }
    }
}
