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
// not stall others). Masks are immutable once made and shared by reference. A layout drawn again
// the same way skips all of this: it keeps the masks it resolved (TextLayout+GlyphPlacements.swift)
// for as long as the cache's `generation` stays the same.

import CKinemaRasterSupport
import Foundation
import KinemaGeometry
import KinemaRaster
import Synchronization

/// A glyph's coverage at one size and subpixel phase, placed relative to its whole-pixel origin.
///
/// Storage is one allocation laid out for the C blend kernel (`kinema_glyph_mask`,
/// CKinemaGlyphBlend.h): a header; the mask's steps, four pixels each, at each row's next column
/// with coverage (so no step is all zero), and a padding step when their count is odd, which are
/// all an unclipped blend reads; per row its span (the first and one past the last column with
/// coverage, two `UInt16`s; empty rows 0, 0);
/// the coverage rows, each `stride` bytes: the width plus `GlyphMask.rowPadding` zero bytes, so
/// a clipped blend's four-pixel steps (which start anywhere inside a span) read only bytes of
/// their own row. Rows and columns with no coverage at all are trimmed off when the mask is made
/// (`left`, `top` move accordingly): blending zero coverage changes no pixel, so the picture is
/// the same.
package final class GlyphMask: @unchecked Sendable {
    /// The mask's top-left pixel relative to the glyph origin's whole pixel.
    package let left: Int
    package let top: Int
    package let width: Int
    package let height: Int
    /// Bytes from one coverage row to the next.
    package let stride: Int
    /// Zero bytes after each row: a four-pixel step starting on the row's last column reads three past it.
    static let rowPadding = 3
    /// Spans (`height` × 4 bytes), then coverage (`height` × `stride` bytes). Immutable once made.
    private let storage: UnsafeMutableRawPointer

    /// `coverage` holds `width × height` bytes, rows packed; 255 is full. Nil when no byte has coverage.
    init?(left: Int, top: Int, width: Int, height: Int, coverage: [UInt8]) {
        // (The cache makes masks up to `maximumGlyphPixels` a side; the limit keeps every offset in 32 bits.)
        guard width > 0, height > 0, width <= Int(UInt16.max), height <= Int(UInt16.max), width * height <= 1 << 24,
              coverage.count >= width * height else { return nil }
        // The trimmed box: rows and columns with some coverage.
        var firstRow = height, lastRow = -1, firstColumn = width, lastColumn = -1
        for y in 0..<height {
            let row = y * width
            var start = 0, end = width
            while start < width && coverage[row + start] == 0 { start += 1 }
            guard start < width else { continue }
            while coverage[row + end - 1] == 0 { end -= 1 }
            firstRow = min(firstRow, y); lastRow = y
            firstColumn = min(firstColumn, start); lastColumn = max(lastColumn, end - 1)
        }
        guard lastRow >= firstRow, lastColumn >= firstColumn else { return nil }
        self.left = left + firstColumn
        self.top = top + firstRow
        self.width = lastColumn - firstColumn + 1
        self.height = lastRow - firstRow + 1
        self.stride = self.width + Self.rowPadding
        let spanBytes = self.height * 4, rowBytes = self.height * stride
        // The steps, found on the trimmed coverage (a step's bytes past its row's span are 0).
        var steps: [kinema_glyph_step] = []
        var reach = 0
        let header = MemoryLayout<kinema_glyph_mask>.stride
        for y in 0..<self.height {
            let source = (firstRow + y) * width + firstColumn
            var x = 0
            while x < self.width {
                guard coverage[source + x] != 0 else { x += 1; continue }
                var word: UInt32 = 0
                for k in 0..<4 where x + k < self.width { word |= UInt32(coverage[source + x + k]) << (8 * k) }
                steps.append(kinema_glyph_step(row: UInt16(y), column: UInt16(x), coverage: word))
                reach = max(reach, x + 4)
                x += 4
            }
        }
        // The pair kernel (two steps at a time) reads an even number of steps: an odd list ends in
        // a padding step of no coverage that does not overlap the last step (CKinemaGlyphBlend.h).
        let stepCount = steps.count
        var pairReach = reach
        if let first = steps.first, stepCount % 2 == 1 {
            var padding = kinema_glyph_step(row: first.row, column: first.column, coverage: 0)
            if stepCount == 1 {
                if self.height > 1 { padding.row = first.row == 0 ? 1 : 0 } else { padding.column = first.column + 4 }
            }
            pairReach = max(reach, Int(padding.column) + 4)
            steps.append(padding)
        }
        let spansOffset = header + steps.count * MemoryLayout<kinema_glyph_step>.stride, rowsOffset = spansOffset + spanBytes
        let byteCount = rowsOffset + rowBytes
        storage = .allocate(byteCount: byteCount, alignment: 8)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        storage.storeBytes(of: kinema_glyph_mask(width: Int32(self.width), height: Int32(self.height), stride: Int32(stride),
                                                 step_count: Int32(stepCount), reach: Int32(reach),
                                                 spans_offset: Int32(spansOffset), rows_offset: Int32(rowsOffset),
                                                 pair_reach: Int32(pairReach)),
                           as: kinema_glyph_mask.self)
        steps.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { (storage + header).copyMemory(from: base, byteCount: bytes.count) }
        }
        let spans = (storage + spansOffset).assumingMemoryBound(to: UInt16.self)
        let rows = (storage + rowsOffset).assumingMemoryBound(to: UInt8.self)
        for y in 0..<self.height {
            let source = (firstRow + y) * width + firstColumn
            let line = rows + y * stride
            var start = 0, end = self.width
            while start < end && coverage[source + start] == 0 { start += 1 }
            while end > start && coverage[source + end - 1] == 0 { end -= 1 }
            if start < end {
                spans[y * 2] = UInt16(start)
                spans[y * 2 + 1] = UInt16(end)
                for x in start..<end { line[x] = coverage[source + x] }
            }
        }
    }

    deinit { storage.deallocate() }

    /// The storage's header, which the C kernel reads (and everything after it).
    @inline(__always)
    var header: UnsafePointer<kinema_glyph_mask> { UnsafePointer(storage.assumingMemoryBound(to: kinema_glyph_mask.self)) }

    /// Per row, its span's start and end column (0, 0 for a row without coverage).
    @inline(__always)
    var spans: UnsafePointer<UInt16> { kinema_glyph_mask_spans(header) }

    /// The first coverage row; row `y` starts `y × stride` bytes on.
    @inline(__always)
    var rows: UnsafePointer<UInt8> { kinema_glyph_mask_rows(header) }

    /// The four-pixel steps that cover every pixel with coverage.
    var steps: UnsafeBufferPointer<kinema_glyph_step> {
        UnsafeBufferPointer(start: kinema_glyph_mask_steps(header), count: Int(header.pointee.step_count))
    }

    /// The coverage of the pixel at (`x`, `y`) of the mask (0 outside it).
    package func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= 0, x < width, y >= 0, y < height else { return 0 }
        return rows[y * stride + x]
    }

    var byteCount: Int { Int(header.pointee.rows_offset) + height * stride + 64 }
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
    private var lookups = 0
    /// Bumped whenever masks are dropped (eviction, `removeAll`): placements a layout kept
    /// (TextLayout+GlyphPlacements.swift) are for one generation.
    private let generationCounter = Atomic<UInt64>(0)

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

    /// Glyph runs looked up so far (one lock and one strike look-up each): a work counter for tests.
    package var runLookups: Int {
        lock.lock()
        defer { lock.unlock() }
        return lookups
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
        generationCounter.add(1, ordering: .releasing)
    }

    /// Changes whenever the cache drops masks.
    package var generation: UInt64 { generationCounter.load(ordering: .acquiring) }

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
        lookups &+= 1
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
        generationCounter.add(1, ordering: .releasing)
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
