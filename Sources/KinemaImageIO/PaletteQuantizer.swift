// PaletteQuantizer: up to 256 colours for a frame, chosen by median cut and refined by k-means,
// both measured in Oklab.
//
// Audited against: Heckbert, "Color Image Quantization for Frame Buffer Display" (1982) for median
// cut (split the box of largest error at the weighted median of its widest axis); Lloyd's
// algorithm for the k-means refinement; Ottosson's Oklab for the distance. Status: complete for
// per-frame palettes; no global (multi-frame) palette.

/// An 8-bit sRGB colour without alpha, as a GIF colour table stores it.
package struct RGB8: Hashable, Sendable {
    package var r: UInt8
    package var g: UInt8
    package var b: UInt8

    package init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// From the low 24 bits of a packed straight pixel (R in the lowest byte).
    @inline(__always)
    package init(packed: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: packed), g: UInt8(truncatingIfNeeded: packed >> 8),
                  b: UInt8(truncatingIfNeeded: packed >> 16))
    }

    package var packed: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 }
}

/// A palette and the fast map from colours to its entries.
///
/// Semantics: `index(of:)` returns the entry nearest in Oklab. When the palette was built from
/// at most `maxColors` distinct colours it holds exactly those colours (sorted by their packed
/// value) and `index(of:)` is exact for them. Otherwise colours are looked up through a cache of
/// 6 bits a channel: all colours in one 4×4×4 cell share the entry nearest the cell's centre,
/// which moves a colour by at most 2 codes a channel before quantization (far below the
/// palette's own spacing for ≥ 300 colours).
///
/// Cost: 512 KiB of cache for a quantized palette, filled lazily (one 256-entry search per cell
/// a frame uses).
package final class QuantizedPalette {
    package let colors: [RGB8]
    private let lab: [OklabColor]
    /// Exact palettes: open-addressed table of packed colour → entry (keys `UInt32.max` = empty).
    private var exactKeys: [UInt32] = []
    private var exactValues: [UInt8] = []
    /// Quantized palettes: 6-bit cell → entry + 1 (0 = not searched yet).
    private var cache: [UInt16] = []
    package let isExact: Bool

    static let exactSlots = 1024

    package init(colors: [RGB8], exact: Bool) {
        self.colors = colors
        lab = colors.map { OklabColor(red: $0.r, green: $0.g, blue: $0.b) }
        isExact = exact
        if exact {
            exactKeys = [UInt32](repeating: .max, count: Self.exactSlots)
            exactValues = [UInt8](repeating: 0, count: Self.exactSlots)
            for (i, color) in colors.enumerated() {
                var slot = Self.slot(color.packed)
                while exactKeys[slot] != .max { slot = (slot + 1) & (Self.exactSlots - 1) }
                exactKeys[slot] = color.packed
                exactValues[slot] = UInt8(i)
            }
        } else {
            cache = [UInt16](repeating: 0, count: 1 << 18)
        }
    }

    @inline(__always)
    private static func slot(_ key: UInt32) -> Int { Int((key &* 2_654_435_761) >> 22) & (exactSlots - 1) }

    /// The entry for straight sRGB `(r, g, b)`.
    @inline(__always)
    package func index(r: Int, g: Int, b: Int) -> Int {
        if isExact {
            let key = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16
            var slot = Self.slot(key)
            while true {
                let stored = exactKeys[slot]
                if stored == key { return Int(exactValues[slot]) }
                if stored == .max { return nearest(OklabColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b))) }
                slot = (slot + 1) & (Self.exactSlots - 1)
            }
        }
        let cell = (r >> 2) | (g >> 2) << 6 | (b >> 2) << 12
        let cached = cache[cell]
        if cached != 0 { return Int(cached) - 1 }
        let found = nearest(OklabColor(red: UInt8((r & ~3) | 2), green: UInt8((g & ~3) | 2), blue: UInt8((b & ~3) | 2)))
        cache[cell] = UInt16(found + 1)
        return found
    }

    /// The entry nearest `color` (the lowest index on ties), by linear search.
    package func nearest(_ color: OklabColor) -> Int {
        var best = 0
        var bestDistance = Float.infinity
        for i in lab.indices {
            let d = lab[i].distanceSquared(to: color)
            if d < bestDistance { bestDistance = d; best = i }
        }
        return best
    }
}

/// Builds palettes from samples; keeps its histogram between frames to avoid reallocating.
///
/// ```swift
/// let quantizer = PaletteQuantizer()
/// let palette = quantizer.makePalette(samples: pixels, maxColors: 255)
/// let entry = palette.index(r: 200, g: 30, b: 90)
/// ```
///
/// Semantics: samples are straight sRGB packed as `R | G << 8 | B << 16` (the high byte is
/// ignored). If they hold at most `maxColors` distinct colours, the palette is exactly those.
/// Otherwise: a histogram of 5 bits a channel keeps each cell's count and exact colour sum; each
/// occupied cell becomes one weighted point at its mean colour, in Oklab; median cut splits the
/// box with the largest weighted squared error at the weighted median of its widest axis until
/// there are `maxColors` boxes; then `kMeansIterations` Lloyd steps reassign the points to the
/// nearest entry (Oklab) and move each entry to its members' mean sRGB colour. Deterministic:
/// no randomness, ties broken by index.
///
/// Cost: O(samples) for the histogram, O(cells × maxColors × iterations) for k-means
/// (≈ 5 000 cells for a photographic 720p frame).
package final class PaletteQuantizer {
    static let bits = 5
    static let cells = 1 << (3 * bits)
    package var kMeansIterations = 3

    private var counts = [UInt32](repeating: 0, count: cells)
    private var sums = [UInt64](repeating: 0, count: cells * 3)
    private var firstColor = [UInt32](repeating: 0, count: cells)
    private var mixed = [Bool](repeating: false, count: cells)
    private var touched: [Int] = []

    package init() {}

    package func makePalette(samples: UnsafeBufferPointer<UInt32>, maxColors: Int) -> QuantizedPalette {
        let maxColors = max(1, min(256, maxColors))
        defer { reset() }
        var anyMixed = false
        for sample in samples {
            let r = Int(sample & 0xFF), g = Int(sample >> 8 & 0xFF), b = Int(sample >> 16 & 0xFF)
            let cell = (r >> 3) | (g >> 3) << 5 | (b >> 3) << 10
            if counts[cell] == 0 {
                touched.append(cell)
                firstColor[cell] = sample & 0xFF_FFFF
            } else if firstColor[cell] != sample & 0xFF_FFFF, !mixed[cell] {
                mixed[cell] = true
                anyMixed = true
            }
            counts[cell] &+= 1
            sums[cell * 3] &+= UInt64(r)
            sums[cell * 3 + 1] &+= UInt64(g)
            sums[cell * 3 + 2] &+= UInt64(b)
        }
        if touched.isEmpty { return QuantizedPalette(colors: [RGB8(r: 0, g: 0, b: 0)], exact: true) }
        if touched.count <= maxColors {
            if !anyMixed {
                return QuantizedPalette(colors: touched.map { firstColor[$0] }.sorted().map(RGB8.init(packed:)), exact: true)
            }
            if let distinct = Self.distinctColors(samples, limit: maxColors) {
                return QuantizedPalette(colors: distinct.map(RGB8.init(packed:)), exact: true)
            }
        }
        return QuantizedPalette(colors: medianCut(maxColors: maxColors), exact: false)
    }

    private func reset() {
        for cell in touched {
            counts[cell] = 0
            sums[cell * 3] = 0
            sums[cell * 3 + 1] = 0
            sums[cell * 3 + 2] = 0
            mixed[cell] = false
        }
        touched.removeAll(keepingCapacity: true)
    }

    /// The sorted distinct colours of `samples`, or nil when there are more than `limit`.
    static func distinctColors(_ samples: UnsafeBufferPointer<UInt32>, limit: Int) -> [UInt32]? {
        var seen = Set<UInt32>()
        for sample in samples {
            seen.insert(sample & 0xFF_FFFF)
            if seen.count > limit { return nil }
        }
        return seen.sorted()
    }

    /// One weighted point per occupied cell.
    private struct Point {
        var lab: OklabColor
        var weight: Float
        var cell: Int
        func axis(_ i: Int) -> Float { i == 0 ? lab.l : i == 1 ? lab.a : lab.b }
    }

    private struct Box {
        var start: Int
        var end: Int
        var error: Float
        var axis: Int
    }

    private func medianCut(maxColors: Int) -> [RGB8] {
        let cellsInOrder = touched.sorted()
        var points = cellsInOrder.map { cell -> Point in
            let n = UInt64(counts[cell])
            let mean = RGB8(r: UInt8((sums[cell * 3] + n / 2) / n), g: UInt8((sums[cell * 3 + 1] + n / 2) / n),
                            b: UInt8((sums[cell * 3 + 2] + n / 2) / n))
            return Point(lab: OklabColor(red: mean.r, green: mean.g, blue: mean.b), weight: Float(n), cell: cell)
        }
        var boxes = [measure(points, start: 0, end: points.count)]
        while boxes.count < maxColors {
            var pick = -1
            var worst: Float = 0
            for (i, box) in boxes.enumerated() where box.end - box.start > 1 && box.error > worst {
                worst = box.error
                pick = i
            }
            guard pick >= 0 else { break }
            let box = boxes[pick]
            let axis = box.axis
            points[box.start..<box.end].sort { lhs, rhs in
                let l = lhs.axis(axis), r = rhs.axis(axis)
                return l != r ? l < r : lhs.cell < rhs.cell
            }
            var total: Float = 0
            for i in box.start..<box.end { total += points[i].weight }
            var running: Float = 0
            var split = box.start + 1
            for i in box.start..<(box.end - 1) {
                running += points[i].weight
                split = i + 1
                if running >= total / 2 { break }
            }
            boxes[pick] = measure(points, start: box.start, end: split)
            boxes.append(measure(points, start: split, end: box.end))
        }
        var palette = boxes.map { box -> RGB8 in meanColor(points[box.start..<box.end].map(\.cell)) }

        // Lloyd refinement: assign to the nearest entry, move entries to their members' mean.
        for _ in 0..<kMeansIterations {
            let lab = palette.map { OklabColor(red: $0.r, green: $0.g, blue: $0.b) }
            var members = [[Int]](repeating: [], count: palette.count)
            for point in points {
                var best = 0
                var bestDistance = Float.infinity
                for i in lab.indices {
                    let d = lab[i].distanceSquared(to: point.lab)
                    if d < bestDistance { bestDistance = d; best = i }
                }
                members[best].append(point.cell)
            }
            var moved = false
            for i in palette.indices where !members[i].isEmpty {
                let mean = meanColor(members[i])
                if mean != palette[i] { palette[i] = mean; moved = true }
            }
            if !moved { break }
        }
        return palette
    }

    /// The mean sRGB colour of every sample in `cells`, rounded.
    private func meanColor(_ cells: [Int]) -> RGB8 {
        var n: UInt64 = 0, r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0
        for cell in cells {
            n += UInt64(counts[cell])
            r += sums[cell * 3]
            g += sums[cell * 3 + 1]
            b += sums[cell * 3 + 2]
        }
        guard n > 0 else { return RGB8(r: 0, g: 0, b: 0) }
        return RGB8(r: UInt8((r + n / 2) / n), g: UInt8((g + n / 2) / n), b: UInt8((b + n / 2) / n))
    }

    /// A box's weighted squared error and its widest axis (largest weighted variance).
    private func measure(_ points: [Point], start: Int, end: Int) -> Box {
        var w: Double = 0
        var sum = [Double](repeating: 0, count: 3)
        var square = [Double](repeating: 0, count: 3)
        for i in start..<end {
            let p = points[i]
            let weight = Double(p.weight)
            w += weight
            for axis in 0..<3 {
                let v = Double(p.axis(axis))
                sum[axis] += weight * v
                square[axis] += weight * v * v
            }
        }
        var error: Double = 0
        var axis = 0
        var widest: Double = -1
        for a in 0..<3 {
            let spread = max(0, square[a] - sum[a] * sum[a] / max(w, 1))
            error += spread
            if spread > widest { widest = spread; axis = a }
        }
        return Box(start: start, end: end, error: Float(error), axis: axis)
    }
}
