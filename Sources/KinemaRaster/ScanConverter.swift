// ScanConverter: exact-area anti-aliased scan conversion of RasterPaths into coverage spans.
import KinemaGeometry

/// Which points a self-overlapping or nested shape covers.
public enum FillRule: Hashable, Sendable {
    /// Covered where the contours wind around the point a non-zero number of times.
    case nonZero
    /// Covered where the number of contour crossings from the point outward is odd.
    case evenOdd
}

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
/// segment's left within the cell (`area`). Only crossed cells exist, so the cost follows the
/// outline, not the bounding box. Cells are bucketed by row and sorted by column, then each row
/// is swept left to right: a pixel's coverage is the cover accumulated from the cells to its left
/// plus its own cells' area, and between cells the accumulated cover gives one constant run.
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

    private var cells: [Cell] = []
    private var sorted: [Cell] = []
    private var rowEnds: [Int32] = []
    // The cell being accumulated; merged until the walk leaves it.
    private var cellX = Int.min, cellY = Int.min, cellCover = 0, cellArea = 0
    // The clip in whole pixels, set per call.
    private var clipLeft = 0, clipTop = 0, clipRight = 0, clipBottom = 0
    private var minRow = Int.max, maxRow = Int.min

    public init() {}

    /// Scan-converts `path` inside `clip` and hands every covered pixel's coverage to `sink`.
    /// The clip is first limited to `0 ..< 2^24` both ways, the range where 24.8 fixed point fits
    /// comfortably (pixmaps are at most 2^15 a side).
    package mutating func rasterize<Sink: CoverageSink>(_ path: RasterPath, rule: FillRule, clip: PixelRect, into sink: inout Sink) {
        let clip = clip.intersection(PixelRect(width: 1 << 24, height: 1 << 24))
        guard !clip.isEmpty, !path.isEmpty, path.minY < Double(clip.maxY), path.maxY > Double(clip.minY),
              path.minX < Double(clip.maxX) else { return }
        clipLeft = clip.minX; clipTop = clip.minY; clipRight = clip.maxX; clipBottom = clip.maxY
        cells.removeAll(keepingCapacity: true)
        cellX = Int.min; cellY = Int.min; cellCover = 0; cellArea = 0
        minRow = Int.max; maxRow = Int.min
        for segment in path.segments { addClipped(segment) }
        if let closing = path.closingSegment { addClipped(closing) }
        flushCell()
        guard !cells.isEmpty else { return }
        sortCells()
        sweep(rule: rule, into: &sink)
    }

    // MARK: Clipping

    /// Clips one device-space segment to the clip rectangle and adds what affects it.
    private mutating func addClipped(_ segment: RasterPath.Segment) {
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
        for t in [cuts.0, cuts.1, 1.0] where t.isFinite {
            let t = min(max(t, 0), 1)
            let endX = t == 1 ? x1 : x0 + (x1 - x0) * t
            let endY = t == 1 ? y1 : y0 + (y1 - y0) * t
            let midX = (startX + endX) / 2
            if midX < right {  // pieces right of the clip affect no pixel inside it
                addFixed(Self.pinned(startX, left, right), startY, Self.pinned(endX, left, right), endY)
            }
            startX = endX; startY = endY
            if t == 1 { break }
        }
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
        let firstRow = ya >> Subpixel.shift, lastRow = (yb - 1) >> Subpixel.shift
        minRow = min(minRow, firstRow); maxRow = max(maxRow, lastRow)
        if firstRow == lastRow {
            addRowPiece(row: firstRow, xa, ya - (firstRow << Subpixel.shift), xb, yb - (firstRow << Subpixel.shift), sign)
            return
        }
        let xPerY = Double(xb - xa) / Double(yb - ya)
        let lowX = min(xa, xb), highX = max(xa, xb)
        var x = xa, y = ya
        for row in firstRow ... lastRow {
            let rowTop = row << Subpixel.shift
            let nextY = min(yb, rowTop + Subpixel.one)
            // Each boundary crossing is computed once and shared by the rows on both sides, so
            // the covers of a segment add up exactly to its height.
            let nextX = nextY == yb ? xb : min(max(xa + Self.roundedToInt(Double(nextY - ya) * xPerY), lowX), highX)
            addRowPiece(row: row, x, y - rowTop, nextX, nextY - rowTop, sign)
            x = nextX; y = nextY
        }
    }

    /// Adds the part of an edge inside one row, `fya < fyb` within `0 ... 256`, to its cells.
    @inline(__always)
    private mutating func addRowPiece(row: Int, _ xa: Int, _ fya: Int, _ xb: Int, _ fyb: Int, _ sign: Int) {
        let height = fyb - fya
        let lowX = min(xa, xb), highX = max(xa, xb)
        let firstColumn = lowX >> Subpixel.shift
        let lastColumn = xa == xb ? firstColumn : (highX - 1) >> Subpixel.shift
        if firstColumn == lastColumn {
            let base = firstColumn << Subpixel.shift
            addCell(firstColumn, row, sign * height, sign * height * ((xa - base) + (xb - base)))
            return
        }
        let yPerX = Double(height) / Double(xb - xa)
        var x = xa, y = fya
        if xb > xa {
            for column in firstColumn ..< lastColumn {
                let boundary = (column + 1) << Subpixel.shift
                let nextY = min(max(fya + Self.roundedToInt(Double(boundary - xa) * yPerX), y), fyb)
                let dy = nextY - y
                addCell(column, row, sign * dy, sign * dy * ((x - (column << Subpixel.shift)) + Subpixel.one))
                x = boundary; y = nextY
            }
            let dy = fyb - y, base = lastColumn << Subpixel.shift
            addCell(lastColumn, row, sign * dy, sign * dy * ((x - base) + (xb - base)))
        } else {
            var column = lastColumn
            while column > firstColumn {
                let boundary = column << Subpixel.shift
                let nextY = min(max(fya + Self.roundedToInt(Double(boundary - xa) * yPerX), y), fyb)
                let dy = nextY - y
                addCell(column, row, sign * dy, sign * dy * (x - boundary))
                x = boundary; y = nextY
                column -= 1
            }
            let dy = fyb - y, base = firstColumn << Subpixel.shift
            addCell(firstColumn, row, sign * dy, sign * dy * ((x - base) + (xb - base)))
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
            cellCover += cover
            cellArea += area
            return
        }
        flushCell()
        cellX = x; cellY = y; cellCover = cover; cellArea = area
    }

    @inline(__always)
    private mutating func flushCell() {
        // A cell on the clip's right edge (a vertical edge exactly there) affects nothing inside.
        if cellCover != 0 || cellArea != 0, cellX < clipRight {
            cells.append(Cell(x: Int32(truncatingIfNeeded: cellX), y: Int32(truncatingIfNeeded: cellY),
                              cover: Int32(truncatingIfNeeded: cellCover), area: Int32(truncatingIfNeeded: cellArea)))
        }
        cellCover = 0
        cellArea = 0
    }

    // MARK: Sorting and sweeping

    /// Buckets `cells` by row into `sorted` (counting sort), then sorts each row by column.
    private mutating func sortCells() {
        let rowCount = maxRow - minRow + 1
        if rowEnds.count < rowCount { rowEnds = [Int32](repeating: 0, count: rowCount) }
        if sorted.count < cells.count { sorted = [Cell](repeating: Cell(x: 0, y: 0, cover: 0, area: 0), count: cells.count) }
        let firstRow = minRow
        rowEnds.withUnsafeMutableBufferPointer { ends in
            for row in 0 ..< rowCount { ends[row] = 0 }
            cells.withUnsafeBufferPointer { cells in
                for cell in cells { ends[Int(cell.y) - firstRow] &+= 1 }
                // Exclusive prefix sums: the start of each row; scattering advances them to the ends.
                var total: Int32 = 0
                for row in 0 ..< rowCount {
                    let count = ends[row]
                    ends[row] = total
                    total &+= count
                }
                sorted.withUnsafeMutableBufferPointer { target in
                    for cell in cells {
                        let row = Int(cell.y) - firstRow
                        target[Int(ends[row])] = cell
                        ends[row] &+= 1
                    }
                    var start = 0
                    for row in 0 ..< rowCount {
                        let end = Int(ends[row])
                        Self.sortRow(target, start, end)
                        start = end
                    }
                }
            }
        }
    }

    /// Sorts `cells[start ..< end]` by column: insertion sort for the short rows most shapes
    /// have, the standard library's sort for long ones.
    @inline(__always)
    private static func sortRow(_ cells: UnsafeMutableBufferPointer<Cell>, _ start: Int, _ end: Int) {
        guard end - start > 1 else { return }
        if end - start > 24 {
            var row = UnsafeMutableBufferPointer(rebasing: cells[start ..< end])
            row.sort { $0.x < $1.x }
            return
        }
        for i in start + 1 ..< end {
            let cell = cells[i]
            var j = i
            while j > start, cells[j - 1].x > cell.x {
                cells[j] = cells[j - 1]
                j -= 1
            }
            cells[j] = cell
        }
    }

    /// Sweeps each row left to right, handing coverage to `sink`.
    private func sweep<Sink: CoverageSink>(rule: FillRule, into sink: inout Sink) {
        let rowCount = maxRow - minRow + 1
        let right = clipRight
        let lookahead = 2
        sorted.withUnsafeBufferPointer { cells in
            rowEnds.withUnsafeBufferPointer { ends in
                // The first rows have no earlier row to ask for them.
                for row in 0 ..< min(lookahead, rowCount) {
                    let start = row == 0 ? 0 : Int(ends[row - 1]), end = Int(ends[row])
                    if start < end {
                        let first = Int(cells[start].x), last = Int(cells[end - 1].x)
                        sink.prefetch(y: row + minRow, x: first, count: last - first + 1)
                    }
                }
                var start = 0
                for row in 0 ..< rowCount {
                    let end = Int(ends[row])
                    let y = row + minRow
                    // Rows of one shape are far apart in memory; asking for the next row's
                    // pixels now overlaps their cache misses with this row's work.
                    if row + lookahead < rowCount {
                        let start = Int(ends[row + lookahead - 1]), end = Int(ends[row + lookahead])
                        if start < end {
                            let first = Int(cells[start].x), last = Int(cells[end - 1].x)
                            sink.prefetch(y: y + lookahead, x: first, count: last - first + 1)
                        }
                    }
                    var winding = 0
                    var i = start
                    while i < end {
                        let x = Int(cells[i].x)
                        var area = 0
                        repeat {
                            winding += Int(cells[i].cover)
                            area += Int(cells[i].area)
                            i += 1
                        } while i < end && Int(cells[i].x) == x
                        let covered = winding << (Subpixel.shift + 1)
                        let own = Self.coverage(covered - area, rule)
                        if own > 0 { sink.blendRun(y: y, x: x, count: 1, coverage: own) }
                        let next = i < end ? Int(cells[i].x) : right
                        if winding != 0, next > x + 1 {
                            let run = Self.coverage(covered, rule)
                            if run > 0 { sink.blendRun(y: y, x: x + 1, count: next - x - 1, coverage: run) }
                        }
                    }
                    start = end
                }
            }
        }
    }

    /// Maps doubled signed area (a full pixel is `Subpixel.fullCoverage`) to 0 ... 255.
    @inline(__always)
    package static func coverage(_ doubledArea: Int, _ rule: FillRule) -> UInt8 {
        var magnitude = abs(doubledArea)
        switch rule {
        case .nonZero:
            if magnitude >= Subpixel.fullCoverage { return 255 }
        case .evenOdd:
            magnitude &= 2 * Subpixel.fullCoverage - 1
            if magnitude > Subpixel.fullCoverage { magnitude = 2 * Subpixel.fullCoverage - magnitude }
        }
        return UInt8(truncatingIfNeeded: (magnitude * 255 + Subpixel.fullCoverage / 2) >> (2 * Subpixel.shift + 1))
    }
}
