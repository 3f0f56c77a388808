// TextLayout+GlyphPlacements: a laid-out text keeps the glyph masks its last draw resolved, so
// drawing it again the same way looks nothing up.
//
// Audited against: nothing Apple documents (an engine cache). Status: complete.
//
// A label or a text layer keeps its layout between frames and usually draws it at the same place
// and scale: the same glyphs at the same device positions, so the same masks. The first draw
// resolves each glyph (whole pixel, quarter-pixel phase, `GlyphCache` look-up — one lock and one
// dictionary look-up per run, a retain per mask); it keeps the result here, keyed by what decides
// it exactly: the cache and its generation (bumped when the cache drops masks, so a kept
// placement never pins masks the cache gave up for longer than one draw), the scale, the origin
// and the region's size (bit for bit). A draw with the same key blends the kept masks and does
// no look-up, no lock of the glyph cache, no retain per glyph. Measured on `kinema bench --filter
// text.labels.draw` (10,000 labels, ~300,000 glyphs), this and the four-pixel blend
// (GlyphMask+Blend.swift) took a frame from 111 to 35 ms (docs/BENCHMARKS.md, Text).
//
// Pixels: the kept masks are the ones the look-up would return (a mask depends only on face,
// glyph, device size and phase, all fixed by the layout and the key), blended in the same order,
// so the picture is the same byte for byte. A cache freed and another made at the same address
// could match an old key: harmless for the same reason (the kept masks are still right).
//
// Threads: the kept placement is an immutable object behind the memo's mutex, taken once per
// draw; a one-run label's glyphs are also copied into the memo's own room, read under the same
// mutex (held while they blend). Several threads may draw one layout (copies share it); they take
// turns. Changing a layout's lines gives it a fresh, empty memo. Memory: a record per glyph
// (16 bytes) in the placements and another in the memo's room (reserved for every glyph of the
// lines when the layout is made, up to 2,048 glyphs), and a reference per mask.

import CKinemaRasterSupport
import Foundation
import KinemaRaster
import Synchronization

/// One glyph ready to blend: its mask's storage and where the mask's top-left pixel lands in the
/// region, laid out for the C run kernel (CKinemaGlyphBlend.h). The mask is not retained (the
/// placement's `masks` keep it alive), so the blend loop does no reference counting.
typealias PlacedGlyph = kinema_placed_glyph

extension kinema_placed_glyph {
    /// `mask` with its glyph origin's whole pixel at (`x`, `y`) of the region.
    init(mask: GlyphMask, x: Int, y: Int) {
        self.init(mask: mask.header, x: Int32(clamping: x &+ mask.left), y: Int32(clamping: y &+ mask.top))
    }
}

extension kinema_glyph_region {
    /// The C kernel's view of `region`.
    init(_ region: PixmapRegion) {
        self.init(base: region.base, row_stride: Int64(region.rowStride), width: Int64(region.width), height: Int64(region.height))
    }
}

/// Which blend draws a run of glyphs: the best C kernel the processor runs (`.fastest`: AVX-512
/// two steps at a time, else AVX2), one kernel by level (`.kernel(1)` AVX2, `.kernel(2)` AVX-512,
/// for the tests that compare them), or the Swift loop (`.portable`, the tests' reference, and
/// the path on processors without AVX2).
package enum GlyphBlendPath: Sendable, Equatable {
    case fastest, portable
    case kernel(Int32)

    /// The highest kernel level this processor runs (0: none; see `kinema_glyph_blend_level`).
    package static let kernelLevel = Int(kinema_glyph_blend_level())

    /// Whether `.fastest` is a C kernel here.
    package static var kernelAvailable: Bool { kernelLevel > 0 }
}

/// The glyph masks of one draw of a layout: per glyph run drawn from masks, in drawing order,
/// its colour and its placed glyphs.
///
/// One allocation: the header, then the placed glyphs. A kept label's draw reads this object and
/// the masks and nothing else, in lines that follow each other: when the runs, their packed
/// colours and the glyphs were three arrays, each draw of a cold label waited on four objects
/// spread over the heap (docs/BENCHMARKS.md, Text).
///
/// Not `Sendable` (ManagedBuffer is not), but never changed once made: the memo hands it between
/// threads in `Kept`.
final class GlyphPlacements: ManagedBuffer<GlyphPlacements.Header, PlacedGlyph> {
    /// What decides the placements exactly (doubles by bit pattern).
    struct Key: Equatable {
        var cache: ObjectIdentifier
        var generation: UInt64
        var scale: UInt64
        var originX: UInt64
        var originY: UInt64
        var width: Int
        var height: Int

        /// Field by field (the synthesized comparison of an optional key went through `memcmp`,
        /// ~1 % of the text benchmark's frame).
        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.cache == rhs.cache && lhs.generation == rhs.generation && lhs.scale == rhs.scale && lhs.originX == rhs.originX
                && lhs.originY == rhs.originY && lhs.width == rhs.width && lhs.height == rhs.height
        }
    }

    struct Run {
        var color: PaintColor
        var glyphs: Range<Int>
    }

    struct Header {
        let key: Key
        /// Whether the draw paints nothing but these runs (no background, bar or outline-filled
        /// run), so a draw with the same key can walk `runs` alone.
        let masksOnly: Bool
        let glyphCount: Int
        /// The one run's colour packed at alpha 1 and its glyph count, when there is one run
        /// (most labels): a draw at alpha 1 needs nothing else. Count 0 otherwise.
        let onlyRunPacked: UInt32
        let onlyRunCount: Int
        let runs: [Run]
        /// Each run's colour packed at alpha 1, in `runs`' order.
        let packedColors: [UInt32]
        /// Keeps every mask in the glyphs alive.
        let masks: [GlyphMask]
    }

    /// Placements of `glyphs` (the masks alive in `masks`), drawn as `runs`.
    static func make(key: Key, runs: [Run], glyphs: [PlacedGlyph], masksOnly: Bool, masks: [GlyphMask]) -> GlyphPlacements {
        let packed = runs.map { Self.packed($0.color, alpha: 1) }
        let only = runs.count == 1 && runs[0].glyphs == glyphs.indices ? runs[0].glyphs.count : 0
        let buffer = create(minimumCapacity: glyphs.count) { _ in
            Header(key: key, masksOnly: masksOnly, glyphCount: glyphs.count, onlyRunPacked: only > 0 ? packed[0] : 0,
                   onlyRunCount: only, runs: runs, packedColors: packed, masks: masks)
        }
        let placements = unsafeDowncast(buffer, to: GlyphPlacements.self)
        placements.withUnsafeMutablePointerToElements { elements in
            glyphs.withUnsafeBufferPointer { glyphs in
                if let base = glyphs.baseAddress { elements.initialize(from: base, count: glyphs.count) }
            }
        }
        return placements
    }

    // PlacedGlyph is a trivial type: the elements need no deinitialisation.

    // Read through the header's pointer: `header`, a stored `var` of ManagedBuffer, is checked
    // for exclusive access at run time on every read.
    var key: Key { withUnsafeMutablePointerToHeader { $0.pointee.key } }
    var masksOnly: Bool { withUnsafeMutablePointerToHeader { $0.pointee.masksOnly } }
    var runs: [Run] { withUnsafeMutablePointerToHeader { $0.pointee.runs } }

    /// Blends `run`'s glyphs in its colour times `alpha`.
    func blend(_ run: Run, alpha: Float, into region: PixmapRegion) {
        withUnsafeMutablePointerToElements { glyphs in
            let count = withUnsafeMutablePointerToHeader { $0.pointee.glyphCount }
            GlyphPlacements.blend(UnsafeBufferPointer(start: glyphs, count: count), run.glyphs, color: run.color, alpha: alpha,
                                  into: region)
        }
    }

    /// Blends every run in order (a draw whose placements are `masksOnly`): the colours at
    /// `alpha` 1 were packed when the placements were made.
    func blendAll(alpha: Float, into region: PixmapRegion) {
        guard alpha == 1, GlyphBlendPath.kernelAvailable else {
            for run in runs { blend(run, alpha: alpha, into: region) }
            return
        }
        withUnsafeMutablePointers { header, glyphs in
            let count = header.pointee.onlyRunCount
            if count > 0 {
                Self.blendRun(glyphs, count: count, packed: header.pointee.onlyRunPacked, into: region)
                return
            }
            for (run, packed) in zip(header.pointee.runs, header.pointee.packedColors) {
                Self.blendRun(glyphs + run.glyphs.lowerBound, count: run.glyphs.count, packed: packed, into: region)
            }
        }
    }

    /// `count` glyphs from `glyphs` blended by the C kernel in `packed` (nothing when it paints
    /// nothing). Call only where `GlyphBlendPath.kernelAvailable`.
    static func blendRun(_ glyphs: UnsafePointer<PlacedGlyph>, count: Int, packed: UInt32, into region: PixmapRegion) {
        guard count > 0, packed >> 24 != 0 else { return }
        var target = kinema_glyph_region(region)
        kinema_glyph_blend_run(glyphs, Int64(count), &target, packed)
    }

    /// A colour premultiplied and packed for the blend; its alpha byte 0 when it paints nothing.
    static func packed(_ color: PaintColor, alpha: Float) -> UInt32 {
        color.multipliedAlpha(min(max(alpha, 0), 1)).premultiplied.packed
    }

    static func blend(_ glyphs: [PlacedGlyph], _ range: Range<Int>, color: PaintColor, alpha: Float, into region: PixmapRegion,
                      path: GlyphBlendPath = .fastest) {
        glyphs.withUnsafeBufferPointer { glyphs in
            blend(glyphs, range, color: color, alpha: alpha, into: region, path: path)
        }
    }

    /// Blends `glyphs[range]` in `color` times `alpha` by `path`.
    static func blend(_ glyphs: UnsafeBufferPointer<PlacedGlyph>, _ range: Range<Int>, color: PaintColor, alpha: Float,
                      into region: PixmapRegion, path: GlyphBlendPath = .fastest) {
        guard !range.isEmpty, range.upperBound <= glyphs.count else { return }
        let packed = Self.packed(color, alpha: alpha)
        guard packed >> 24 != 0 else { return }
        do {
            guard let all = glyphs.baseAddress else { return }
            switch path {
            case .fastest where GlyphBlendPath.kernelAvailable:
                var target = kinema_glyph_region(region)
                kinema_glyph_blend_run(all + range.lowerBound, Int64(range.count), &target, packed)
                return
            case .kernel(let level):
                var target = kinema_glyph_region(region)
                kinema_glyph_blend_run_level(all + range.lowerBound, Int64(range.count), &target, packed, level)
                return
            case .fastest, .portable:
                break
            }
            let first = glyphs[range.lowerBound]
            GlyphMask.prefetch(first.mask, in: region, maskX: Int(first.x), maskY: Int(first.y))
            for i in range {
                // The next glyph's rows are asked for while this one blends.
                if i &+ 1 < range.upperBound {
                    let next = glyphs[i &+ 1]
                    GlyphMask.prefetch(next.mask, in: region, maskX: Int(next.x), maskY: Int(next.y))
                }
                let glyph = glyphs[i]
                GlyphMask.blend(glyph.mask, into: region, maskX: Int(glyph.x), maskY: Int(glyph.y), color: packed)
            }
        }
    }

    /// Collects a draw's placements.
    struct Builder {
        var runs: [Run] = []
        var glyphs: [PlacedGlyph] = []
        var masks: [GlyphMask] = []
        var masksOnly = true

        func finish(_ key: Key) -> GlyphPlacements {
            GlyphPlacements.make(key: key, runs: runs, glyphs: glyphs, masksOnly: masksOnly, masks: masks)
        }
    }
}

/// A layout's lines and the placements its last draw kept (see the file's header), in the one
/// object a `TextLayout` holds. Equality and hashing are the lines': the kept placements are a
/// cache, not part of the layout's value.
///
/// One allocation: the header, then room for every glyph of the lines. When the kept placements
/// are one run of masks, their glyphs are copied into that room, so a label drawn again as before
/// reads this object and the masks and nothing else, in lines that follow each other (reading
/// the kept placements' own object was the draw's second wait on memory, ~0.6 ms of the text
/// benchmark's frame; docs/BENCHMARKS.md, Text). The room is read and written under the header's
/// mutex, held while the kept glyphs blend.
final class GlyphPlacementMemo: ManagedBuffer<GlyphPlacementMemo.Header, PlacedGlyph> {
    struct Header {
        /// The layout's lines (never changed: a layout with new lines gets a new memo).
        let lines: [TextLine]
        /// How many glyphs the room holds: every glyph of the lines, or none past
        /// `maximumRoomGlyphs`.
        let capacity: Int
        /// Guards everything below and the room. Used in place only (never copied after
        /// `pthread_mutex_init`).
        var mutex = pthread_mutex_t()
        var kept: GlyphPlacements?
        /// The kept placements' key when their glyphs are in the room (one run of masks only).
        var roomKey: GlyphPlacements.Key?
        var roomCount = 0
        var roomPacked: UInt32 = 0
    }

    /// The most glyphs a memo makes room for: a label's few dozen, not a long text's (its lines
    /// already cost ~28 bytes a glyph; the room would add 16). Longer texts keep their glyphs in
    /// the placements object only.
    static let maximumRoomGlyphs = 2_048

    /// A memo for `lines`, with room for their glyphs when they are few enough.
    static func make(lines: [TextLine]) -> GlyphPlacementMemo {
        let glyphs = lines.reduce(0) { total, line in line.runs.reduce(total) { $0 + $1.glyphs.count } }
        let capacity = glyphs <= maximumRoomGlyphs ? glyphs : 0
        let memo = unsafeDowncast(create(minimumCapacity: capacity) { _ in Header(lines: lines, capacity: capacity) },
                                  to: GlyphPlacementMemo.self)
        memo.withUnsafeMutablePointerToHeader { _ = pthread_mutex_init(&$0.pointee.mutex, nil) }
        return memo
    }

    deinit {
        withUnsafeMutablePointerToHeader { _ = pthread_mutex_destroy(&$0.pointee.mutex) }
    }

    var lines: [TextLine] { withUnsafeMutablePointerToHeader { $0.pointee.lines } }

    /// `body` with the header, the mutex held.
    private func locked<R>(_ body: (UnsafeMutablePointer<Header>, UnsafeMutablePointer<PlacedGlyph>) -> R) -> R {
        withUnsafeMutablePointers { header, room in
            pthread_mutex_lock(&header.pointee.mutex)
            defer { pthread_mutex_unlock(&header.pointee.mutex) }
            return body(header, room)
        }
    }

    /// Blends the kept glyphs when they were kept for `key`, are one run of masks in the room, and
    /// the draw is at alpha 1 with the C kernel; false when the draw must take another path.
    func blendRoom(for key: GlyphPlacements.Key, alpha: Float, into region: PixmapRegion) -> Bool {
        guard alpha == 1, GlyphBlendPath.kernelAvailable else { return false }
        return locked { header, room in
            guard let roomKey = header.pointee.roomKey, roomKey == key else { return false }
            GlyphPlacements.blendRun(room, count: header.pointee.roomCount, packed: header.pointee.roomPacked, into: region)
            return true
        }
    }

    /// The kept placements if they were made for `key`.
    func placements(for key: GlyphPlacements.Key) -> GlyphPlacements? {
        locked { header, _ in header.pointee.kept.flatMap { $0.key == key ? $0 : nil } }
    }

    func keep(_ placements: GlyphPlacements) {
        locked { header, room in
            header.pointee.kept = placements
            header.pointee.roomKey = nil
            placements.withUnsafeMutablePointers { kept, glyphs in
                let count = kept.pointee.onlyRunCount
                // One run of every glyph (`onlyRunCount` is 0 otherwise) that fits the room.
                guard kept.pointee.masksOnly, count > 0, count <= header.pointee.capacity else { return }
                room.update(from: glyphs, count: count)
                header.pointee.roomKey = kept.pointee.key
                header.pointee.roomCount = count
                header.pointee.roomPacked = kept.pointee.onlyRunPacked
            }
        }
    }

    /// Whether placements are kept (any key).
    var isEmpty: Bool { locked { header, _ in header.pointee.kept == nil } }

    /// Whether the kept glyphs are in the room (for the tests).
    var keepsGlyphsInRoom: Bool { locked { header, _ in header.pointee.roomKey != nil } }
}

/// The memo as a `TextLayout` holds it: Sendable (the memo's mutable state is behind its mutex;
/// ManagedBuffer itself cannot be), compared and hashed by the lines.
struct GlyphPlacementMemoReference: @unchecked Sendable, Hashable {
    let memo: GlyphPlacementMemo

    init(lines: [TextLine]) { memo = .make(lines: lines) }

    /// Held by a layout only while its lines change in place (`TextLayout.lines`' `_modify`).
    static let placeholder = GlyphPlacementMemoReference(lines: [])

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.memo === rhs.memo || lhs.memo.lines == rhs.memo.lines }
    func hash(into hasher: inout Hasher) { hasher.combine(memo.lines) }
}
