// ScanConverter+Cells: clipping segments, walking them through pixel cells, and sorting the
// cells by row and column — the scan converter's first two stages, in reusable scratch memory.
import KinemaGeometry

/// The scan converter's buffers, kept between calls (grown by doubling, never shrunk): the cells
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

/// Clips segments and walks them through the pixel cells they cross (see `ScanConverter`),
/// appending cells to a buffer it grows by doubling. A local value during one `rasterize`, so its
/// state lives in registers.
///
/// Arithmetic: after clipping, every coordinate is in 0 ... 2^32 subpixels (24.8, clip ≤ 2^24
/// pixels) and every product below is a height (≤ 256) times a width within a cell (≤ 512), so
/// the wrapping operators never wrap.
struct CellBuilder {
    typealias Cell = ScanConverter.Cell
    typealias Subpixel = ScanConverter.Subpixel
    /// Owns the buffer; `cells` and `capacity` are its current values, copied for speed.
    private let scratch: CellScratch
    private var cells: UnsafeMutablePointer<Cell>
    private var capacity: Int
    private(set) var count = 0
    // The cell being accumulated; merged until the walk leaves it.
    private var cellX = Int.min, cellY = Int.min, cellCover = 0, cellArea = 0
    // The clip in whole pixels.
    private let clipLeft: Int, clipTop: Int, clipRight: Int, clipBottom: Int
    private(set) var minRow = Int.max, maxRow = Int.min

    init(clip: PixelRect, scratch: CellScratch) {
        self.scratch = scratch
        cells = scratch.cells
        capacity = scratch.cellCapacity
        clipLeft = clip.minX; clipTop = clip.minY; clipRight = clip.maxX; clipBottom = clip.maxY
    }

    // MARK: Clipping

    /// Clips one device-space segment to the clip rectangle and adds what affects it.
    ///
    /// Clipping (to a whole-pixel rectangle, in `Double`): a segment wholly above or below is
    /// dropped; one crossing the top or bottom is cut there. Whatever lies left of the clip is
    /// moved onto its left edge, where it still adds its winding to every pixel to its right;
    /// whatever lies right of it is dropped (a cell affects only the pixels at and right of it).
    mutating func addClipped(_ segment: RasterPath.Segment) {
        var (x0, y0, x1, y1) = (segment.x0, segment.y0, segment.x1, segment.y1)
        let top = Double(clipTop), bottom = Double(clipBottom)
        guard y0 != y1, max(y0, y1) > top, min(y0, y1) < bottom else { return }
        let left = Double(clipLeft), right = Double(clipRight)
        guard min(x0, x1) < right else { return }
        // Cut at the top and bottom edges.
        if y0 < top || y0 > bottom || y1 < top || y1 > bottom {
            // As a parameter t in [0, 1] the cut stays finite for any inputs up to ±1e300.
            let (sx, sy, ex, ey) = (x0, y0, x1, y1)
            func cut(_ edge: Double) -> Double { sx + (ex - sx) * ((edge - sy) / (ey - sy)) }
            if sy < top { x0 = cut(top); y0 = top } else if sy > bottom { x0 = cut(bottom); y0 = bottom }
            if ey < top { x1 = cut(top); y1 = top } else if ey > bottom { x1 = cut(bottom); y1 = bottom }
            if x0.isNaN || x1.isNaN { return }
        }
        if x0 >= left, x1 >= left, x0 <= right, x1 <= right {
            addFixed(x0, y0, x1, y1)
            return
        }
        // Split where the segment crosses the left and right edges; clamp each piece into range.
        var cuts: (Double, Double) = (.infinity, .infinity)  // parameters in (0, 1), sorted below
        if (x0 < left) != (x1 < left) { cuts.0 = (left - x0) / (x1 - x0) }
        if (x0 > right) != (x1 > right) { cuts.1 = (right - x0) / (x1 - x0) }
        if cuts.1 < cuts.0 { cuts = (cuts.1, cuts.0) }
        var startX = x0, startY = y0
        /// Adds the piece up to parameter `t`; true once the segment's end is reached.
        func piece(to t: Double) -> Bool {
            guard t.isFinite else { return false }
            let t = min(max(t, 0), 1)
            let endX = t == 1 ? x1 : x0 + (x1 - x0) * t
            let endY = t == 1 ? y1 : y0 + (y1 - y0) * t
            let midX = (startX + endX) / 2
            if midX < right {  // pieces right of the clip affect no pixel inside it
                addFixed(Self.pinned(startX, left, right), startY, Self.pinned(endX, left, right), endY)
            }
            startX = endX; startY = endY
            return t == 1
        }
        if piece(to: cuts.0) { return }
        if piece(to: cuts.1) { return }
        _ = piece(to: 1)
    }

    @inline(__always)
    private static func pinned(_ value: Double, _ low: Double, _ high: Double) -> Double {
        value.isNaN ? low : min(max(value, low), high)
    }

    /// Converts a clipped segment (every coordinate inside the clip, so non-negative) to 24.8.
    @inline(__always)
    private mutating func addFixed(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let scale = Double(Subpixel.one)
        addEdge(Int(x0 * scale + 0.5), Int(y0 * scale + 0.5), Int(x1 * scale + 0.5), Int(y1 * scale + 0.5))
    }

    // MARK: Cells

    /// Walks a 24.8 segment row by row, splitting it at each row boundary.
    private mutating func addEdge(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        guard y0 != y1 else { return }
        let (xa, ya, xb, yb, sign) = y0 < y1 ? (x0, y0, x1, y1, 1) : (x1, y1, x0, y0, -1)
        let firstRow = ya >> Subpixel.shift, lastRow = (yb &- 1) >> Subpixel.shift
        minRow = min(minRow, firstRow); maxRow = max(maxRow, lastRow)
        if firstRow == lastRow {
            let rowTop = firstRow << Subpixel.shift
            addRowPiece(row: firstRow, xa, ya &- rowTop, xb, yb &- rowTop, sign)
            return
        }
        let xPerY = Double(xb &- xa) / Double(yb &- ya)
        let lowX = min(xa, xb), highX = max(xa, xb)
        var x = xa, y = ya
        for row in firstRow ... lastRow {
            let rowTop = row << Subpixel.shift
            let nextY = min(yb, rowTop &+ Subpixel.one)
            // Each boundary crossing is computed once and shared by the rows on both sides, so
            // the covers of a segment add up exactly to its height.
            let nextX = nextY == yb ? xb : min(max(xa &+ Self.roundedToInt(Double(nextY &- ya) * xPerY), lowX), highX)
            addRowPiece(row: row, x, y &- rowTop, nextX, nextY &- rowTop, sign)
            x = nextX; y = nextY
        }
    }

    /// Adds the part of an edge inside one row, `fya < fyb` within `0 ... 256`, to its cells.
    @inline(__always)
    private mutating func addRowPiece(row: Int, _ xa: Int, _ fya: Int, _ xb: Int, _ fyb: Int, _ sign: Int) {
        let height = fyb &- fya
        let lowX = min(xa, xb), highX = max(xa, xb)
        let firstColumn = lowX >> Subpixel.shift
        let lastColumn = xa == xb ? firstColumn : (highX &- 1) >> Subpixel.shift
        if firstColumn == lastColumn {
            let base = firstColumn << Subpixel.shift
            addCell(firstColumn, row, sign &* height, sign &* height &* ((xa &- base) &+ (xb &- base)))
            return
        }
        let yPerX = Double(height) / Double(xb &- xa)
        var x = xa, y = fya
        if xb > xa {
            for column in firstColumn ..< lastColumn {
                let boundary = (column &+ 1) << Subpixel.shift
                let nextY = min(max(fya &+ Self.roundedToInt(Double(boundary &- xa) * yPerX), y), fyb)
                let dy = nextY &- y
                addCell(column, row, sign &* dy, sign &* dy &* ((x &- (column << Subpixel.shift)) &+ Subpixel.one))
                x = boundary; y = nextY
            }
            let dy = fyb &- y, base = lastColumn << Subpixel.shift
            addCell(lastColumn, row, sign &* dy, sign &* dy &* ((x &- base) &+ (xb &- base)))
        } else {
            var column = lastColumn
            while column > firstColumn {
                let boundary = column << Subpixel.shift
                let nextY = min(max(fya &+ Self.roundedToInt(Double(boundary &- xa) * yPerX), y), fyb)
                let dy = nextY &- y
                addCell(column, row, sign &* dy, sign &* dy &* (x &- boundary))
                x = boundary; y = nextY
                column &-= 1
            }
            let dy = fyb &- y, base = firstColumn << Subpixel.shift
            addCell(firstColumn, row, sign &* dy, sign &* dy &* ((x &- base) &+ (xb &- base)))
        }
    }

    @inline(__always)
    private static func roundedToInt(_ value: Double) -> Int {
        Int(value < 0 ? value - 0.5 : value + 0.5)
    }

    /// Far below Int32.max, far above one piece's contribution (|area| ≤ 2 × 256 × 256).
    private static let mergeLimit = 1 << 30

    @inline(__always)
    private mutating func addCell(_ x: Int, _ y: Int, _ cover: Int, _ area: Int) {
        // Merging stops before the sums outgrow a cell's Int32 fields (a path winding around
        // one pixel thousands of times); the sweep adds cells of one position together anyway.
        if x == cellX, y == cellY, abs(cellArea) < Self.mergeLimit, abs(cellCover) < Self.mergeLimit {
            cellCover &+= cover
            cellArea &+= area
            return
        }
        flushCell()
        cellX = x; cellY = y; cellCover = cover; cellArea = area
    }

    /// Appends the cell being accumulated, unless it adds nothing.
    @inline(__always)
    mutating func flushCell() {
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

    /// Doubles the cell buffer, keeping its cells.
    @inline(never)
    private mutating func grow() {
        scratch.growCells(keeping: count)
        cells = scratch.cells
        capacity = scratch.cellCapacity
    }
}
