// SolidBlitter: a solid premultiplied colour composited source-over under coverage.

/// Composites one premultiplied colour source-over into a region, scaled by each run's coverage.
///
/// Runs of full coverage with an opaque colour are plain stores; other runs blend each pixel
/// with one packed multiply pair (`PackedPixel.sourceOver`), the colour scaled by the run's
/// coverage once per run, not per pixel.
struct SolidSourceOverBlitter: CoverageSink {
    let base: UnsafeMutablePointer<UInt32>
    let rowStride: Int
    let color: UInt32

    init(region: PixmapRegion, color: PremultipliedColor) {
        base = region.base
        rowStride = region.rowStride
        self.color = color.packed
    }

    @inline(__always)
    func prefetch(y: Int, x: Int, count: Int) {
        Prefetch.forWriting(base + y &* rowStride, x: x, count: count)
    }

    @inline(__always)
    mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        // The scan converter hands only pixels inside the region (its clip lies within the
        // region's bounds), so y < height ≤ 2^15 and x < width: no wrapping, and in bounds.
        let pixels = base + (y &* rowStride &+ x)
        if count == 1, coverage != 255 {
            // A lone edge pixel, the commonest run: one 16-bit-lane blend.
            pixels.pointee = PackedPixel.sourceOver(color, coverage: UInt32(coverage), under: pixels.pointee)
            return
        }
        let source = coverage == 255 ? color : PackedPixel.scale(color, by: UInt32(coverage))
        let remaining = 255 &- (source >> 24)
        if remaining == 0 {
            pixels.update(repeating: source, count: count)
            return
        }
        PackedPixel.sourceOver(source, remaining: remaining, into: pixels, count: count)
    }
}

/// Multiplies every run's coverage by a `ClipMask`'s, splitting runs where the mask changes.
struct MaskedSink<Inner: CoverageSink>: CoverageSink {
    var inner: Inner
    let mask: UnsafePointer<UInt8>
    let maskWidth: Int

    @inline(__always)
    func prefetch(y: Int, x: Int, count: Int) { inner.prefetch(y: y, x: x, count: count) }

    @inline(__always)
    mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        let row = mask + y * maskWidth
        var i = x
        let end = x + count
        while i < end {
            let m = row[i]
            var j = i + 1
            while j < end, row[j] == m { j += 1 }
            if m != 0 {
                let combined = m == 255 ? coverage : PackedPixel.multiply(coverage, m)
                if combined > 0 { inner.blendRun(y: y, x: i, count: j - i, coverage: combined) }
            }
            i = j
        }
    }
}

/// Lets `inner` change only the pixels inside `window`, each exactly as it would without the
/// window: runs in rows outside it are dropped, runs wholly inside go through, and a run that
/// crosses its left or right edge is drawn whole (so a blitter whose values depend on where its
/// run starts — the image walk steps from the run's first pixel — computes the same ones) with
/// the pixels outside the window put back afterwards. Wraps the blitter itself, under any
/// clip-mask sink, so the runs it sees are those it would see without a window.
struct WindowedSink<Inner: CoverageSink>: CoverageSink {
    var inner: Inner
    let window: PixelRect
    let base: UnsafeMutablePointer<UInt32>
    let rowStride: Int
    /// Room for one row of the region: the pixels put back.
    let saved: UnsafeMutablePointer<UInt32>

    @inline(__always)
    func prefetch(y: Int, x: Int, count: Int) {
        guard y >= window.minY, y < window.maxY else { return }
        inner.prefetch(y: y, x: x, count: count)
    }

    @inline(__always)
    mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        guard y >= window.minY, y < window.maxY else { return }
        let end = x + count
        let lo = max(x, window.minX), hi = min(end, window.maxX)
        guard lo < hi else { return }
        if lo == x, hi == end {
            inner.blendRun(y: y, x: x, count: count, coverage: coverage)
            return
        }
        let row = base + y * rowStride
        let left = lo - x, right = end - hi
        saved.update(from: row + x, count: left)
        (saved + left).update(from: row + hi, count: right)
        inner.blendRun(y: y, x: x, count: count, coverage: coverage)
        (row + x).update(from: saved, count: left)
        (row + hi).update(from: saved + left, count: right)
    }
}
