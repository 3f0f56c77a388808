// ScanConverter: exact-area anti-aliased scan conversion of RasterPaths into coverage spans.
import KinemaGeometry

/// Receives the coverage the scan converter computes, row by row, rows in increasing `y` and
/// runs within a row in increasing `x`, each pixel at most once.
package protocol CoverageSink {
    /// Pixels `x ..< x + count` of row `y` are covered by `coverage` (1 ... 255; 255 is full).
    mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8)
    /// A hint that pixels `x ..< x + count` of row `y` come next; the default ignores it.
    func prefetch(y: Int, x: Int, count: Int)
}

extension CoverageSink {
    @inline(__always)
    package func prefetch(y: Int, x: Int, count: Int) {}
}

/// Turns a `RasterPath` into per-pixel coverage, the exact area of each pixel inside the shape.
///
/// ```swift
/// var converter = ScanConverter()     // keep one and reuse it: it keeps its buffers
/// pixmap.fill(path, color: .black, using: &converter)
/// ```
///
/// Method: each segment, clipped to the target, is walked through the pixel cells it crosses;
/// each cell accumulates the segment's signed height in it (`cover`) and twice the area to the
/// segment's left within the cell (`area`). Only crossed cells matter, so the cost follows the
/// outline, not the bounding box: small shapes keep them in a grid over their bounding box
/// with one bit per touched cell (`DenseCells`), large ones in a list bucketed by row and
/// sorted by column (`SparseCells`). Each row is then swept left to right: a pixel's coverage
/// is the cover accumulated from the cells to its left plus its own cells' area, and between
/// cells the accumulated cover gives one constant run. Both stores give the same pixels.
/// The fill rule maps the accumulated winding (a real number on edges) to coverage:
/// non-zero clamps `|w|` to 1, even-odd folds `|w|` modulo 2.
///
/// Numeric formats: coordinates are 24.8 fixed point (`Subpixel`); per-cell coverage is doubled
/// area in subpixel² units, a full pixel being `Subpixel.fullCoverage` = 2 × 256 × 256.
///
/// Clipping (to a whole-pixel rectangle, before fixed point, in `Double`): a segment wholly
/// above or below is dropped; one crossing the top or bottom is cut there. Whatever lies left of
/// the clip is moved onto its left edge, where it still adds its winding to every pixel to its
/// right (a shape entering from the left stays filled); whatever lies right of it is dropped,
/// because a cell affects only the pixels at and to the right of it — a shape leaving on the
/// right fills to the edge because its cover never returns to zero there.
///
/// Tolerance: the coverage is exact for the path with its vertices rounded to 1/256 px, then
/// rounded to the nearest 1/255; an edge moves by at most 1/512 px, which changes a pixel's
/// coverage by at most 0.5 level of 255.
public struct ScanConverter {
    /// 24.8 fixed point: device pixels × 256 in an `Int`.
    package enum Subpixel {
        static let shift = 8
        static let one = 1 << shift
        static let mask = one - 1
        /// A fully covered pixel in doubled-area units (2 × 256 × 256).
        static let fullCoverage = 2 << (2 * shift)
    }

    /// One pixel crossed by the outline. `cover`: signed height of the outline inside the cell
    /// (subpixels, positive going down); `area`: Σ height × (entry x + exit x) within the cell,
    /// i.e. twice the signed area left of the outline, in subpixel² units.
    package struct Cell {
        var x: Int32
        var y: Int32
        var cover: Int32
        var area: Int32
    }

    /// Where cells are kept: `.automatic` picks the dense grid for small shapes and the sparse
    /// list otherwise; tests force one or the other to compare them.
    enum CellStore { case automatic, sparse, dense }
    var cellStore = CellStore.automatic

    /// Buffers reused from call to call (see `CellScratch` and `DenseScratch`).
    private var sparseScratch = CellScratch()
    private var denseScratch = DenseScratch()

    /// The most segments the dense store takes, so that its `Int32` sums cannot overflow
    /// (4096 × 3 pieces × 2^17 < 2^31); longer paths go to the sparse store, which merges
    /// only up to a limit.
    static let denseSegmentLimit = 4096
    /// The sparse store's cell count at which a full buffer is compacted (cells of one pixel
    /// merged) before it grows: 2^20 cells (16 MB), far more than any ordinary shape makes, so
    /// only outlines that cross the same pixels many times pay for it.
    static let sparseCompactionThreshold = 1 << 20
    /// The threshold this converter uses (tests lower it to exercise compaction on small paths).
    var compactionThreshold = ScanConverter.sparseCompactionThreshold
    /// The sparse store's cell buffer size (tests: memory follows area, not outline length).
    var sparseCellCapacity: Int { sparseScratch.cellCapacity }
    /// Rows ahead whose pixels the sparse sweep asks the cache for (see the module notes).
    static let prefetchRows = 2

    public init() {}

    /// Scan-converts `path` inside `clip` and hands every covered pixel's coverage to `sink`.
    /// The clip is first limited to `0 ..< 2^24` both ways, the range where 24.8 fixed point fits
    /// comfortably (pixmaps are at most 2^15 a side).
    package mutating func rasterize<Sink: CoverageSink>(_ path: RasterPath, rule: CGPathFillRule, clip: PixelRect, into sink: inout Sink) {
        let clip = clip.intersection(PixelRect(width: 1 << 24, height: 1 << 24))
        guard !clip.isEmpty, !path.isEmpty, path.minY < Double(clip.maxY), path.maxY > Double(clip.minY),
              path.minX < Double(clip.maxX) else { return }
        // The cells' bounding box, one pixel wider each way than the path's (fixed-point
        // rounding moves a point by up to 1/512 px), inside the clip; pieces left of the clip
        // sit on its left column.
        func within(_ value: Double, _ low: Int, _ high: Int) -> Int { Int(min(max(value, Double(low)), Double(high))) }
        let left = within(path.minX.rounded(.down) - 1, clip.minX, clip.maxX - 1)
        let right = within(path.maxX.rounded(.down) + 1, clip.minX, clip.maxX - 1)
        let top = within(path.minY.rounded(.down) - 1, clip.minY, clip.maxY - 1)
        let bottom = within(path.maxY.rounded(.down) + 1, clip.minY, clip.maxY - 1)
        let (width, rows) = (right - left + 1, bottom - top + 1)
        let dense = switch cellStore {
        case .automatic: path.segmentCount <= Self.denseSegmentLimit && width * rows <= DenseScratch.maximumCells
        case .dense: path.segmentCount <= Self.denseSegmentLimit && width * rows <= DenseScratch.maximumCells
        case .sparse: false
        }
        if dense {
            if !isKnownUniquelyReferenced(&denseScratch) { denseScratch = DenseScratch() }
            var walker = EdgeWalker(clip: clip, cells: DenseCells(scratch: denseScratch, left: left, top: top, width: width, rows: rows))
            for segment in path.segments { walker.addClipped(segment) }
            if let closing = path.closingSegment { walker.addClipped(closing) }
            Self.sweepDense(walker.cells, right: clip.maxX, rule: rule, into: &sink)
            return
        }
        // A copy of this converter may share the scratch buffers; it gets its own then.
        if !isKnownUniquelyReferenced(&sparseScratch) { sparseScratch = CellScratch() }
        var walker = EdgeWalker(clip: clip, cells: SparseCells(scratch: sparseScratch, clipRight: clip.maxX,
                                                                compactionThreshold: compactionThreshold))
        for segment in path.segments { walker.addClipped(segment) }
        if let closing = path.closingSegment { walker.addClipped(closing) }
        walker.cells.flush()
        guard walker.cells.count > 0 else { return }
        let cellRows = walker.minRow ... walker.maxRow
        sparseScratch.sorted(count: walker.cells.count, rows: cellRows) { cells, ends in
            Self.sweepSparse(cells, ends, rows: cellRows, right: clip.maxX, rule: rule, into: &sink)
        }
    }

    // MARK: Sweeping

    /// One cell of a sweep: pixel `x` of row `y` gets the coverage of `winding` (the cover summed
    /// from the row's start through this cell) less the cell's own `area`; pixels `x + 1 ..< next`
    /// (up to the next cell or the clip's right edge) get the coverage of `winding`, as one run.
    @inline(__always)
    static func emitCell<Sink: CoverageSink>(y: Int, x: Int, winding: Int, area: Int, next: Int, rule: CGPathFillRule,
                                             into sink: inout Sink) {
        let covered = winding &<< (Subpixel.shift + 1)
        let own = Self.coverage(covered &- area, rule)
        if own > 0 { sink.blendRun(y: y, x: x, count: 1, coverage: own) }
        if winding != 0, next > x &+ 1 {
            let run = Self.coverage(covered, rule)
            if run > 0 { sink.blendRun(y: y, x: x &+ 1, count: next &- x &- 1, coverage: run) }
        }
    }

    /// Maps doubled signed area (a full pixel is `Subpixel.fullCoverage`) to 0 ... 255.
    @inline(__always)
    package static func coverage(_ doubledArea: Int, _ rule: CGPathFillRule) -> UInt8 {
        // As a magnitude (UInt), so no value traps, not even Int.min.
        var magnitude = doubledArea.magnitude
        let full = UInt(Subpixel.fullCoverage)
        switch rule {
        case .winding:
            if magnitude >= full { return 255 }
        case .evenOdd:
            magnitude &= 2 * full - 1
            if magnitude > full { magnitude = 2 * full - magnitude }
        }
        return UInt8(truncatingIfNeeded: (magnitude * 255 + full / 2) >> UInt(2 * Subpixel.shift + 1))
    }
}
