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
    /// Entry indices sorted by lightness (then index), for the pruned search.
    private let byLightness: [Int]
    /// Exact palettes: open-addressed table of packed colour → entry (keys `UInt32.max` = empty).
    private var exactKeys: [UInt32] = []
    private var exactValues: [UInt8] = []
    /// Quantized palettes: 6-bit cell → entry + 1 (0 = not searched yet).
    private var cache: [UInt16] = []
    package let isExact: Bool

    static let exactSlots = 1024

    package init(colors: [RGB8], exact: Bool) {
        self.colors = colors
        let lab = colors.map { OklabColor(red: $0.r, green: $0.g, blue: $0.b) }
        self.lab = lab
        byLightness = lab.indices.sorted { lab[$0].l != lab[$1].l ? lab[$0].l < lab[$1].l : $0 < $1 }
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

    /// The entry nearest `color` (the lowest index on ties).
    ///
    /// Entries are kept sorted by lightness; the search starts at `color`'s lightness and walks
    /// outwards, stopping on each side once the lightness difference alone exceeds the best
    /// distance — the same answer as a linear search, in a fraction of the comparisons.
    package func nearest(_ color: OklabColor) -> Int {
        var best = 0
        var bestDistance = Float.infinity
        var low = 0, high = byLightness.count
        while low < high {
            let middle = (low + high) / 2
            if lab[byLightness[middle]].l < color.l { low = middle + 1 } else { high = middle }
        }
        func consider(_ i: Int) {
            let d = lab[i].distanceSquared(to: color)
            if d < bestDistance || (d == bestDistance && i < best) { bestDistance = d; best = i }
        }
        var up = low, down = low - 1
        while up < byLightness.count || down >= 0 {
            if up < byLightness.count {
                let i = byLightness[up]
                let dl = lab[i].l - color.l
                if dl * dl > bestDistance { up = byLightness.count } else { consider(i); up += 1 }
            }
            if down >= 0 {
                let i = byLightness[down]
                let dl = color.l - lab[i].l
                if dl * dl > bestDistance { down = -1 } else { consider(i); down -= 1 }
            }
        }
        return best
    }
}

/// Builds palettes from samples; keeps its tables between frames to avoid reallocating.
///
/// ```swift
/// let quantizer = PaletteQuantizer()
/// let palette = quantizer.makePalette(samples: pixels, maxColors: 255)
/// let entry = palette.index(r: 200, g: 30, b: 90)
/// ```
///
/// Semantics: samples are straight sRGB packed as `R | G << 8 | B << 16` (the high byte is
/// ignored). If they hold at most `maxColors` distinct colours, the palette is exactly those.
/// Otherwise each distinct colour becomes one point weighted by its count — or, past
/// `maximumPoints` distinct colours (photographs), each occupied cell of a 5-bit-a-channel
/// histogram becomes one point at its members' exact mean. Points are placed in Oklab; median
/// cut splits the box with the largest weighted squared error at the weighted median of its
/// widest axis until there are `maxColors` boxes; then up to `kMeansIterations` Lloyd steps
/// reassign the points to the nearest entry (Oklab) and move each entry to its members' mean
/// sRGB colour. Deterministic: no randomness, ties broken by order.
///
/// Cost: O(samples) to count colours, O(points × maxColors × iterations) for k-means (at most
/// 32 768 points; ≈ 5 000 for a photographic 720p frame).
package final class PaletteQuantizer {
    /// The most distinct colours kept exactly; more fall back to the 5-bit histogram.
    static let maximumPoints = 16_384
    static let slots = 1 << 15
    package var kMeansIterations = 3

    private var keys = [UInt32](repeating: .max, count: slots)
    private var counts = [UInt32](repeating: 0, count: slots)
    private var used: [Int] = []

    package init() {}

    /// One weighted point: a colour (or a histogram cell) in Oklab with its samples' sums.
    private struct Point {
        var lab: OklabColor
        var weight: UInt64
        var sums: (UInt64, UInt64, UInt64)
        var order: Int
        func axis(_ i: Int) -> Float { i == 0 ? lab.l : i == 1 ? lab.a : lab.b }
    }

    package func makePalette(samples: UnsafeBufferPointer<UInt32>, maxColors: Int) -> QuantizedPalette {
        let maxColors = max(1, min(256, maxColors))
        defer {
            for slot in used { keys[slot] = .max; counts[slot] = 0 }
            used.removeAll(keepingCapacity: true)
        }
        var overflow = false
        for sample in samples {
            let key = sample & 0xFF_FFFF
            var slot = Int((key &* 2_654_435_761) >> 17) & (Self.slots - 1)
            while keys[slot] != .max && keys[slot] != key { slot = (slot + 1) & (Self.slots - 1) }
            if keys[slot] == .max {
                if used.count == Self.maximumPoints { overflow = true; break }
                keys[slot] = key
                used.append(slot)
            }
            counts[slot] &+= 1
        }
        if samples.isEmpty { return QuantizedPalette(colors: [RGB8(r: 0, g: 0, b: 0)], exact: true) }
        var points: [Point]
        if overflow {
            points = Self.histogramPoints(samples)
        } else {
            let colors = used.map { (keys[$0], UInt64(counts[$0])) }.sorted { $0.0 < $1.0 }
            if colors.count <= maxColors {
                return QuantizedPalette(colors: colors.map { RGB8(packed: $0.0) }, exact: true)
            }
            points = colors.enumerated().map { order, entry in
                let c = RGB8(packed: entry.0), n = entry.1
                return Point(lab: OklabColor(red: c.r, green: c.g, blue: c.b), weight: n,
                             sums: (UInt64(c.r) * n, UInt64(c.g) * n, UInt64(c.b) * n), order: order)
            }
        }
        return QuantizedPalette(colors: medianCut(&points, maxColors: maxColors), exact: false)
    }

    /// One point per occupied cell of a 5-bit-a-channel histogram, at the cell's mean colour.
    private static func histogramPoints(_ samples: UnsafeBufferPointer<UInt32>) -> [Point] {
        let cells = 1 << 15
        var weight = [UInt64](repeating: 0, count: cells)
        var sums = [UInt64](repeating: 0, count: cells * 3)
        for sample in samples {
            let r = UInt64(sample & 0xFF), g = UInt64(sample >> 8 & 0xFF), b = UInt64(sample >> 16 & 0xFF)
            let cell = Int(r >> 3 | (g >> 3) << 5 | (b >> 3) << 10)
            weight[cell] += 1
            sums[cell * 3] += r
            sums[cell * 3 + 1] += g
            sums[cell * 3 + 2] += b
        }
        var points: [Point] = []
        for cell in 0..<cells where weight[cell] > 0 {
            let n = weight[cell]
            let mean = RGB8(r: UInt8((sums[cell * 3] + n / 2) / n), g: UInt8((sums[cell * 3 + 1] + n / 2) / n),
                            b: UInt8((sums[cell * 3 + 2] + n / 2) / n))
            points.append(Point(lab: OklabColor(red: mean.r, green: mean.g, blue: mean.b), weight: n,
                                sums: (sums[cell * 3], sums[cell * 3 + 1], sums[cell * 3 + 2]), order: points.count))
        }
        return points
    }

    private struct Box {
        var start: Int
        var end: Int
        var error: Float
        var axis: Int
    }

    private func medianCut(_ points: inout [Point], maxColors: Int) -> [RGB8] {
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
                return l != r ? l < r : lhs.order < rhs.order
            }
            var total: UInt64 = 0
            for i in box.start..<box.end { total += points[i].weight }
            var running: UInt64 = 0
            var split = box.start + 1
            for i in box.start..<(box.end - 1) {
                running += points[i].weight
                split = i + 1
                if running * 2 >= total { break }
            }
            boxes[pick] = measure(points, start: box.start, end: split)
            boxes.append(measure(points, start: split, end: box.end))
        }
        var palette = boxes.map { Self.meanColor(points[$0.start..<$0.end]) }

        // Lloyd refinement: assign to the nearest entry, move entries to their members' mean.
        var members = [Int](repeating: 0, count: points.count)
        for _ in 0..<kMeansIterations {
            let lab = palette.map { OklabColor(red: $0.r, green: $0.g, blue: $0.b) }
            for (p, point) in points.enumerated() {
                var best = 0
                var bestDistance = Float.infinity
                for i in lab.indices {
                    let d = lab[i].distanceSquared(to: point.lab)
                    if d < bestDistance { bestDistance = d; best = i }
                }
                members[p] = best
            }
            var totals = [(UInt64, UInt64, UInt64, UInt64)](repeating: (0, 0, 0, 0), count: palette.count)
            for (p, point) in points.enumerated() {
                let m = members[p]
                totals[m].0 += point.weight
                totals[m].1 += point.sums.0
                totals[m].2 += point.sums.1
                totals[m].3 += point.sums.2
            }
            var moved = false
            for i in palette.indices where totals[i].0 > 0 {
                let n = totals[i].0
                let mean = RGB8(r: UInt8((totals[i].1 + n / 2) / n), g: UInt8((totals[i].2 + n / 2) / n),
                                b: UInt8((totals[i].3 + n / 2) / n))
                if mean != palette[i] { palette[i] = mean; moved = true }
            }
            if !moved { break }
        }
        return palette
    }

    /// The mean sRGB colour of the samples behind `points`, rounded.
    private static func meanColor(_ points: ArraySlice<Point>) -> RGB8 {
        var n: UInt64 = 0, r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0
        for point in points {
            n += point.weight
            r += point.sums.0
            g += point.sums.1
            b += point.sums.2
        }
        guard n > 0 else { return RGB8(r: 0, g: 0, b: 0) }
        return RGB8(r: UInt8((r + n / 2) / n), g: UInt8((g + n / 2) / n), b: UInt8((b + n / 2) / n))
    }

    /// A box's weighted squared error and its widest axis (largest weighted variance).
    private func measure(_ points: [Point], start: Int, end: Int) -> Box {
        var w: Double = 0
        var sum = (0.0, 0.0, 0.0)
        var square = (0.0, 0.0, 0.0)
        for i in start..<end {
            let p = points[i]
            let weight = Double(p.weight)
            let l = Double(p.lab.l), a = Double(p.lab.a), b = Double(p.lab.b)
            w += weight
            sum.0 += weight * l; sum.1 += weight * a; sum.2 += weight * b
            square.0 += weight * l * l; square.1 += weight * a * a; square.2 += weight * b * b
        }
        let spreads = [square.0 - sum.0 * sum.0 / max(w, 1), square.1 - sum.1 * sum.1 / max(w, 1),
                       square.2 - sum.2 * sum.2 / max(w, 1)].map { max(0, $0) }
        var axis = 0
        for a in 1..<3 where spreads[a] > spreads[axis] { axis = a }
        return Box(start: start, end: end, error: Float(spreads[0] + spreads[1] + spreads[2]), axis: axis)
    }
}
