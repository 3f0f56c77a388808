// ScanConverter+Sparse: the cell store for large shapes — a list of cells, bucketed by row and
// sorted by column, then swept — whose memory follows the outline, not the bounding box.
import KinemaGeometry

/// Cells as a list: contributions to one pixel in a row merge in registers, then the cell is
/// appended to `CellScratch`'s buffer (grown by doubling).
struct SparseCells: CellAccumulator {
    typealias Cell = ScanConverter.Cell
    /// Owns the buffer; `cells` and `capacity` are its current values, copied for speed.
    private let scratch: CellScratch
    private var cells: UnsafeMutablePointer<Cell>
    private var capacity: Int
    private(set) var count = 0
    // The cell being accumulated; merged until the walk leaves it.
    private var cellX = Int.min, cellY = Int.min, cellCover = 0, cellArea = 0
    private let clipRight: Int
    /// The cell count at which a full buffer is compacted before it may grow (see `grow()`).
    private let compactionThreshold: Int

    init(scratch: CellScratch, clipRight: Int, compactionThreshold: Int = ScanConverter.sparseCompactionThreshold) {
        self.scratch = scratch
        cells = scratch.cells
        capacity = scratch.cellCapacity
        self.clipRight = clipRight
        self.compactionThreshold = compactionThreshold
    }

    @inline(__always)
    mutating func add(x: Int, y: Int, cover: Int, area: Int) {
        // Merging stops before the sums outgrow a cell's Int32 fields (a path winding around
        // one pixel thousands of times); the sweep adds cells of one position together anyway.
        if x == cellX, y == cellY, abs(cellArea) < CellScratch.mergeLimit, abs(cellCover) < CellScratch.mergeLimit {
            cellCover &+= cover
            cellArea &+= area
            return
        }
        flush()
        cellX = x; cellY = y; cellCover = cover; cellArea = area
    }

    /// Appends the cell being accumulated, unless it adds nothing.
    @inline(__always)
    mutating func flush() {
        // A cell on the clip's right edge (a vertical edge exactly there) affects nothing inside.
        if cellCover != 0 || cellArea != 0, cellX < clipRight {
            if count == capacity { grow() }
            // count < capacity here, so the write stays inside the allocation.
            (cells + count).initialize(to: Cell(x: Int32(truncatingIfNeeded: cellX), y: Int32(truncatingIfNeeded: cellY),
                                                cover: Int32(truncatingIfNeeded: cellCover), area: Int32(truncatingIfNeeded: cellArea)))
            count &+= 1
        }
        cellCover = 0
        cellArea = 0
    }

    /// Makes room: a buffer holding `compactionThreshold` cells or more is first compacted —
    /// cells of one pixel merged — and grows only if that freed less than half of it. A long
    /// outline crossing the same pixels again and again (a million-point line chart) then keeps
    /// about one cell per touched pixel instead of one per crossing, so its memory follows the
    /// area it covers, not its length. Smaller paths never compact.
    @inline(never)
    private mutating func grow() {
        if count >= compactionThreshold {
            count = scratch.compact(count: count)
            if count <= capacity / 2 { return }
        }
        scratch.growCells(keeping: count)
        cells = scratch.cells
        capacity = scratch.cellCapacity
    }
}

/// The sparse store's buffers, kept between calls (grown by doubling, never shrunk): the cells
/// as built, the cells sorted by row, and each row's end in the sorted cells.
///
/// A class only so that `deinit` can free them; `ScanConverter` replaces it before use when a
/// copy of the converter shares it, so copies never see each other's cells.
final class CellScratch {
    typealias Cell = ScanConverter.Cell
    private(set) var cells: UnsafeMutablePointer<Cell>
    private(set) var cellCapacity: Int
    private var sorted: UnsafeMutablePointer<Cell>
    private var sortedCapacity: Int
    private var rowEnds: UnsafeMutablePointer<Int32>
    private var rowCapacity: Int

    init() {
        cellCapacity = 256
        cells = .allocate(capacity: cellCapacity)
        sortedCapacity = 256
        sorted = .allocate(capacity: sortedCapacity)
        rowCapacity = 64
        rowEnds = .allocate(capacity: rowCapacity)
    }

    deinit {
        cells.deallocate()
        sorted.deallocate()
        rowEnds.deallocate()
    }

    /// Doubles the cell buffer, keeping its first `count` cells.
    func growCells(keeping count: Int) {
        let larger = UnsafeMutablePointer<Cell>.allocate(capacity: 2 * cellCapacity)
        larger.moveInitialize(from: cells, count: count)
        cells.deallocate()
        cells = larger
        cellCapacity *= 2
    }

    /// Buckets `count` built cells by row (counting sort), then sorts each row by column; calls
    /// `body` with the sorted cells and, for each row `r` of `rows`, the end of its cells (row `r`
    /// holds `sorted[ends[r − 1] ..< ends[r]]`, the first row from 0).
    func sorted<R>(count: Int, rows: ClosedRange<Int>,
                   _ body: (UnsafePointer<Cell>, UnsafePointer<Int32>) -> R) -> R {
        let rowCount = rows.count, firstRow = rows.lowerBound
        if sortedCapacity < count {
            sorted.deallocate()
            sortedCapacity = max(count, 2 * sortedCapacity)
            sorted = .allocate(capacity: sortedCapacity)
        }
        if rowCapacity < rowCount {
            rowEnds.deallocate()
            rowCapacity = max(rowCount, 2 * rowCapacity)
            rowEnds = .allocate(capacity: rowCapacity)
        }
        let ends = rowEnds, target = sorted, cells = self.cells
        // Every cell's row lies in `rows` (the builder widened them for each edge), so each
        // index below is in 0 ..< rowCount; the counts add up to `count`, so each scattered
        // cell lands in 0 ..< count.
        ends.initialize(repeating: 0, count: rowCount)
        for i in 0 ..< count { ends[Int(cells[i].y) &- firstRow] &+= 1 }
        // Exclusive prefix sums: the start of each row; scattering advances them to the ends.
        var total: Int32 = 0
        for row in 0 ..< rowCount {
            let rowCells = ends[row]
            ends[row] = total
            total &+= rowCells
        }
        for i in 0 ..< count {
            let cell = cells[i]
            let row = Int(cell.y) &- firstRow
            target[Int(ends[row])] = cell
            ends[row] &+= 1
        }
        var start = 0
        for row in 0 ..< rowCount {
            let end = Int(ends[row])
            Self.sortRow(target, start, end)
            start = end
        }
        return body(target, ends)
    }

    /// Merges the first `count` built cells that share a pixel (sorted by row, then column,
    /// through `sorted`), writing them back to the start of `cells`; returns how many are left.
    /// Cells that add nothing are dropped; sums stay within `mergeLimit`, as the builder's do
    /// (a pixel whose sums would pass it keeps more than one cell — the sweep adds them).
    func compact(count: Int) -> Int {
        guard count > 0 else { return 0 }
        var low = Int32.max, high = Int32.min
        for i in 0 ..< count {
            low = min(low, cells[i].y)
            high = max(high, cells[i].y)
        }
        let limit = CellScratch.mergeLimit
        let out = cells
        return sorted(count: count, rows: Int(low) ... Int(high)) { sortedCells, _ in
            var written = 0
            var x = sortedCells[0].x, y = sortedCells[0].y, cover = 0, area = 0
            func emit() {
                guard cover != 0 || area != 0 else { return }
                // Every built cell is in `sorted` by now, so the built buffer is free to reuse.
                out[written] = Cell(x: x, y: y, cover: Int32(truncatingIfNeeded: cover), area: Int32(truncatingIfNeeded: area))
                written &+= 1
            }
            for i in 0 ..< count {
                let cell = sortedCells[i]
                if cell.x == x, cell.y == y, abs(cover) < limit, abs(area) < limit {
                    cover &+= Int(cell.cover)
                    area &+= Int(cell.area)
                    continue
                }
                emit()
                x = cell.x; y = cell.y; cover = Int(cell.cover); area = Int(cell.area)
            }
            emit()
            return written
        }
    }

    /// Far below Int32.max, far above one piece's contribution (|area| ≤ 2 × 256 × 256): the
    /// largest sum a merged cell is allowed to reach.
    static let mergeLimit = 1 << 30

    /// Sorts `cells[start ..< end]` by column: insertion sort for the short rows most shapes
    /// have, the standard library's sort for long ones.
    @inline(__always)
    private static func sortRow(_ cells: UnsafeMutablePointer<Cell>, _ start: Int, _ end: Int) {
        guard end &- start > 1 else { return }
        if end &- start > 24 {
            var row = UnsafeMutableBufferPointer(start: cells + start, count: end &- start)
            row.sort { $0.x < $1.x }
            return
        }
        for i in start &+ 1 ..< end {
            let cell = cells[i]
            var j = i
            while j > start, cells[j &- 1].x > cell.x {
                cells[j] = cells[j &- 1]
                j &-= 1
            }
            cells[j] = cell
        }
    }
}


extension ScanConverter {
    /// Sweeps each row left to right, handing coverage to `sink`. Row `rows.lowerBound + r` holds
    /// `cells[ends[r − 1] ..< ends[r]]` (from 0 for the first), sorted by column.
    static func sweepSparse<Sink: CoverageSink>(_ cells: UnsafePointer<Cell>, _ ends: UnsafePointer<Int32>, rows: ClosedRange<Int>,
                                                right: Int, rule: CGPathFillRule, into sinkOut: inout Sink) {
        // A local copy, written back at the end, so its fields stay in registers (as in
        // sweepDense).
        var sink = sinkOut
        defer { sinkOut = sink }
        let rowCount = rows.count, minRow = rows.lowerBound
        let lookahead = Self.prefetchRows
        // The first rows have no earlier row to ask for them.
        for row in 0 ..< min(lookahead, rowCount) {
            let start = row == 0 ? 0 : Int(ends[row &- 1]), end = Int(ends[row])
            if start < end {
                let first = Int(cells[start].x), last = Int(cells[end &- 1].x)
                sink.prefetch(y: row &+ minRow, x: first, count: last &- first &+ 1)
            }
        }
        var start = 0
        for row in 0 ..< rowCount {
            let end = Int(ends[row])
            let y = row &+ minRow
            // Rows of one shape are far apart in memory; asking for the next row's
            // pixels now overlaps their cache misses with this row's work.
            if row &+ lookahead < rowCount {
                let start = Int(ends[row &+ lookahead &- 1]), end = Int(ends[row &+ lookahead])
                if start < end {
                    let first = Int(cells[start].x), last = Int(cells[end &- 1].x)
                    sink.prefetch(y: y &+ lookahead, x: first, count: last &- first &+ 1)
                }
            }
            // Sums of Int32 covers and areas, one row's worth: they cannot reach Int's range.
            var winding = 0
            var i = start
            while i < end {
                let x = Int(cells[i].x)
                var area = 0
                repeat {
                    winding &+= Int(cells[i].cover)
                    area &+= Int(cells[i].area)
                    i &+= 1
                } while i < end && Int(cells[i].x) == x
                let next = i < end ? Int(cells[i].x) : right
                emitCell(y: y, x: x, winding: winding, area: area, next: next, rule: rule, into: &sink)
            }
            start = end
        }
    }
}
