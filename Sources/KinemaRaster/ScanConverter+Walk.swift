// ScanConverter+Walk: clipping segments and walking them through the pixel cells they cross,
// the scan converter's first stage, shared by its sparse and dense cell stores.
import KinemaGeometry

/// Where the edge walk puts each cell contribution: `cover` and `area` (see `ScanConverter.Cell`)
/// of pixel `(x, y)`, several contributions to one pixel adding up.
protocol CellAccumulator {
    mutating func add(x: Int, y: Int, cover: Int, area: Int)
}

/// Clips segments and walks them through the pixel cells they cross (see `ScanConverter`),
/// handing each cell's contribution to `cells`. A local value during one `rasterize`, so its
/// state lives in registers.
///
/// Arithmetic: after clipping, every coordinate is in 0 ... 2^32 subpixels (24.8, clip ≤ 2^24
/// pixels) and every product below is a height (≤ 256) times a width within a cell (≤ 512), so
/// the wrapping operators never wrap.
struct EdgeWalker<Cells: CellAccumulator> {
    typealias Subpixel = ScanConverter.Subpixel
    var cells: Cells
    // The clip in whole pixels, as the Doubles the clipping compares with.
    private let left: Double, top: Double, right: Double, bottom: Double
    /// The rows of every cell added so far.
    private(set) var minRow = Int.max, maxRow = Int.min

    init(clip: PixelRect, cells: Cells) {
        self.cells = cells
        (left, top, right, bottom) = (Double(clip.minX), Double(clip.minY), Double(clip.maxX), Double(clip.maxY))
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
        let (left, top, right, bottom) = (self.left, self.top, self.right, self.bottom)
        guard y0 != y1, max(y0, y1) > top, min(y0, y1) < bottom else { return }
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
        addEdge(Int(saturating: x0 * scale + 0.5), Int(saturating: y0 * scale + 0.5),
                Int(saturating: x1 * scale + 0.5), Int(saturating: y1 * scale + 0.5))
    }

    // MARK: Cells

    /// Walks a 24.8 segment row by row, splitting it at each row boundary.
    private mutating func addEdge(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        guard y0 != y1 else { return }
        let (xa, ya, xb, yb, sign) = y0 < y1 ? (x0, y0, x1, y1, 1) : (x1, y1, x0, y0, -1)
        let firstRow = ya >> Subpixel.shift, lastRow = (yb &- 1) >> Subpixel.shift
        minRow = min(minRow, firstRow); maxRow = max(maxRow, lastRow)
        // A local copy, written back at the end: the optimizer keeps a local's fields in
        // registers, where it must reload `self.cells` after every store to cell memory.
        var cells = self.cells
        defer { self.cells = cells }
        if firstRow == lastRow {
            let rowTop = firstRow << Subpixel.shift
            Self.addRowPiece(&cells, row: firstRow, xa, ya &- rowTop, xb, yb &- rowTop, sign)
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
            Self.addRowPiece(&cells, row: row, x, y &- rowTop, nextX, nextY &- rowTop, sign)
            x = nextX; y = nextY
        }
    }

    /// Adds the part of an edge inside one row, `fya < fyb` within `0 ... 256`, to its cells.
    @inline(__always)
    private static func addRowPiece(_ cells: inout Cells, row: Int, _ xa: Int, _ fya: Int, _ xb: Int, _ fyb: Int, _ sign: Int) {
        let height = fyb &- fya
        let lowX = min(xa, xb), highX = max(xa, xb)
        let firstColumn = lowX >> Subpixel.shift
        let lastColumn = xa == xb ? firstColumn : (highX &- 1) >> Subpixel.shift
        if firstColumn == lastColumn {
            let base = firstColumn << Subpixel.shift
            cells.add(x: firstColumn, y: row, cover: sign &* height, area: sign &* height &* ((xa &- base) &+ (xb &- base)))
            return
        }
        let yPerX = Double(height) / Double(xb &- xa)
        var x = xa, y = fya
        if xb > xa {
            for column in firstColumn ..< lastColumn {
                let boundary = (column &+ 1) << Subpixel.shift
                let nextY = min(max(fya &+ Self.roundedToInt(Double(boundary &- xa) * yPerX), y), fyb)
                let dy = nextY &- y
                cells.add(x: column, y: row, cover: sign &* dy, area: sign &* dy &* ((x &- (column << Subpixel.shift)) &+ Subpixel.one))
                x = boundary; y = nextY
            }
            let dy = fyb &- y, base = lastColumn << Subpixel.shift
            cells.add(x: lastColumn, y: row, cover: sign &* dy, area: sign &* dy &* ((x &- base) &+ (xb &- base)))
        } else {
            var column = lastColumn
            while column > firstColumn {
                let boundary = column << Subpixel.shift
                let nextY = min(max(fya &+ Self.roundedToInt(Double(boundary &- xa) * yPerX), y), fyb)
                let dy = nextY &- y
                cells.add(x: column, y: row, cover: sign &* dy, area: sign &* dy &* (x &- boundary))
                x = boundary; y = nextY
                column &-= 1
            }
            let dy = fyb &- y, base = firstColumn << Subpixel.shift
            cells.add(x: firstColumn, y: row, cover: sign &* dy, area: sign &* dy &* ((x &- base) &+ (xb &- base)))
        }
    }

    @inline(__always)
    private static func roundedToInt(_ value: Double) -> Int {
        Int(saturating: value < 0 ? value - 0.5 : value + 0.5)
    }
}
