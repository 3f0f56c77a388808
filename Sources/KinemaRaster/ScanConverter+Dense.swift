// ScanConverter+Dense: the cell store for small shapes — a grid of cells over the shape's
// bounding box with one bit per cell — swept through the bits, with no cell list and no sorting.

import KinemaGeometry

/// One cell of the dense grid: `cover` and `area` as in `ScanConverter.Cell`, summed in place.
struct DenseCell {
    var cover: Int32 = 0
    var area: Int32 = 0
}

/// The dense store's buffers, kept between calls and grown on demand (never beyond
/// `maximumCells` cells): a grid of `DenseCell`s and a bit per cell saying it was touched, rows
/// of `(width + 63) / 64` words.
///
/// Invariant between calls: every cell and every bit is zero. The sweep zeroes each word of bits
/// and each touched cell as it reads them, and touched cells always have their bit set, so the
/// invariant holds again when the sweep ends. A class only so that `deinit` can free the memory;
/// `ScanConverter` replaces it before use when a copy of the converter shares it.
final class DenseScratch {
    /// At most 2^17 cells (1 MiB of cells, 16 KiB of bits): shapes whose clipped bounding box
    /// is larger go to the sparse store, whose memory follows the outline.
    static let maximumCells = 1 << 17

    private(set) var cells: UnsafeMutablePointer<DenseCell>
    private var cellCapacity: Int
    private(set) var bits: UnsafeMutablePointer<UInt64>
    private var bitCapacity: Int

    init() {
        cellCapacity = 0
        cells = .allocate(capacity: 0)
        bitCapacity = 0
        bits = .allocate(capacity: 0)
    }

    deinit {
        cells.deallocate()
        bits.deallocate()
    }

    /// Makes room for `cellCount` cells and `wordCount` words of bits, zeroed (the invariant).
    func reserve(cells cellCount: Int, words wordCount: Int) {
        if cellCapacity < cellCount {
            cells.deallocate()
            cellCapacity = max(cellCount, min(2 * cellCapacity, Self.maximumCells))
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: DenseCell(), count: cellCapacity)
        }
        if bitCapacity < wordCount {
            bits.deallocate()
            bitCapacity = max(wordCount, 2 * bitCapacity)
            bits = .allocate(capacity: bitCapacity)
            bits.initialize(repeating: 0, count: bitCapacity)
        }
    }
}

/// A grid of cells over the pixels `left ..< left + width`, rows `top ..< top + rows`: each
/// contribution is added in place and its bit set. Contributions outside the grid are dropped:
/// the grid covers every cell a clipped path can make except those at or right of the clip's
/// right edge, which affect no pixel inside (as the sparse store drops them); the check also
/// keeps every write inside the buffers, whatever the caller's bounds.
struct DenseCells: CellAccumulator {
    let cells: UnsafeMutablePointer<DenseCell>
    let bits: UnsafeMutablePointer<UInt64>
    let left: Int, top: Int, width: Int, rows: Int
    let wordsPerRow: Int

    init(scratch: DenseScratch, left: Int, top: Int, width: Int, rows: Int) {
        self.left = left
        self.top = top
        self.width = width
        self.rows = rows
        wordsPerRow = (width + 63) >> 6
        scratch.reserve(cells: width * rows, words: wordsPerRow * rows)
        cells = scratch.cells
        bits = scratch.bits
    }

    /// Sums stay in `Int32`: the caller sends no more than `ScanConverter.denseSegmentLimit`
    /// segments, and each adds at most 3 contributions to one cell (its clipped pieces), each
    /// within ±2^17 (area) and ±256 (cover).
    @inline(__always)
    mutating func add(x: Int, y: Int, cover: Int, area: Int) {
        let column = x &- left, row = y &- top
        guard UInt(bitPattern: column) < UInt(bitPattern: width), UInt(bitPattern: row) < UInt(bitPattern: rows) else { return }
        // 0 ≤ column < width and 0 ≤ row < rows: inside the reserved width × rows cells and
        // wordsPerRow × rows words.
        let cell = cells + (row &* width &+ column)
        cell.pointee.cover &+= Int32(truncatingIfNeeded: cover)
        cell.pointee.area &+= Int32(truncatingIfNeeded: area)
        bits[row &* wordsPerRow &+ (column >> 6)] |= 1 &<< UInt64(truncatingIfNeeded: column & 63)
    }
}

extension ScanConverter {
    /// Sweeps the grid's rows left to right through their bits, handing coverage to `sink` and
    /// zeroing every bit and cell it reads (restoring `DenseScratch`'s invariant).
    ///
    /// No cache hints here: asking for the pixels two rows ahead, as the sparse sweep does, was
    /// measured slower with this store (triangles 37.5 against 36.8 ms, cubic shapes 85.7
    /// against 84.8 ms CPU, three pairs each).
    static func sweepDense<Sink: CoverageSink>(_ grid: DenseCells, right: Int, rule: CGPathFillRule, into sinkOut: inout Sink) {
        // A local copy, written back at the end: the optimizer keeps a local's fields (base
        // pointer, stride, colour) in registers, where it must reload `sinkOut`'s after every
        // store to pixel memory.
        var sink = sinkOut
        defer { sinkOut = sink }
        for row in 0 ..< grid.rows {
            let y = grid.top &+ row
            let words = grid.bits + row &* grid.wordsPerRow
            let cells = grid.cells + row &* grid.width
            // The cell found last, emitted once the next one (or the row's end) is known.
            var pending = -1, pendingArea = 0
            var winding = 0
            for w in 0 ..< grid.wordsPerRow {
                var word = words[w]
                guard word != 0 else { continue }
                words[w] = 0
                repeat {
                    // A set bit is a column below width (bits are set only for such columns).
                    let column = w << 6 | word.trailingZeroBitCount
                    word &= word &- 1
                    let x = grid.left &+ column
                    if pending >= 0 {
                        emitCell(y: y, x: pending, winding: winding, area: pendingArea, next: x, rule: rule, into: &sink)
                    }
                    let cell = cells[column]
                    cells[column] = DenseCell()
                    winding &+= Int(cell.cover)
                    pending = x
                    pendingArea = Int(cell.area)
                } while word != 0
            }
            if pending >= 0 {
                emitCell(y: y, x: pending, winding: winding, area: pendingArea, next: right, rule: rule, into: &sink)
            }
        }
    }
}
