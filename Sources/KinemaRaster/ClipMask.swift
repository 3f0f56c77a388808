// ClipMask: an anti-aliased clip, 8-bit coverage per pixel, narrowed by intersecting paths.

import KinemaGeometry

/// Where drawing may land, one coverage byte per pixel (0 clipped out, 255 fully in), in the
/// coordinates of the region it clips. Rectangles clip faster as `RasterClip.rect`; a mask is for
/// anti-aliased shapes, and any number of them intersect into one.
///
/// ```swift
/// var mask = try ClipMask(width: 256, height: 256)          // everything open
/// mask.intersect(circle, rule: .winding, using: &converter)  // now only inside the circle
/// pixmap.fill(square, color: .black, clip: .mask(mask), using: &converter)
/// ```
/// Semantics: intersecting multiplies coverages (`new = old × path / 255`, rounded), so soft
/// edges stay soft; pixels outside the mask's size are clipped out. The mask tracks the
/// rectangle outside which it is all zero (`bounds`), and fills through it are clipped to that
/// rectangle first. Cost: one byte a pixel; an intersection costs the path's scan conversion
/// plus clearing the rows of `bounds` it does not cover.
public struct ClipMask: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Coverage bytes, rows packed (`rowStride == width`).
    package private(set) var coverage: [UInt8]
    /// Every pixel outside this rectangle has zero coverage.
    public private(set) var bounds: PixelRect

    /// A mask that clips nothing (all 255). Sizes are limited as `Pixmap`'s are.
    public init(width: Int, height: Int) throws(PixmapError) {
        try Pixmap.validate(width: width, height: height)
        self.width = width
        self.height = height
        coverage = [UInt8](repeating: 255, count: width * height)
        bounds = PixelRect(width: width, height: height)
    }

    /// The coverage at `(x, y)`, 0 outside the mask.
    public func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return coverage[y * width + x]
    }

    /// True when nothing can pass.
    public var isEmpty: Bool { bounds.isEmpty }

    /// Narrows the mask to `rect`.
    public mutating func intersect(_ rect: PixelRect) {
        let kept = bounds.intersection(rect)
        let old = bounds
        coverage.withUnsafeMutableBufferPointer { pixels in
            for y in old.minY ..< old.maxY {
                for x in old.minX ..< old.maxX where !kept.contains(x: x, y: y) { pixels[y * width + x] = 0 }
            }
        }
        bounds = kept
    }

    /// Narrows the mask to the inside of `path`, with the path's anti-aliased coverage.
    public mutating func intersect(_ path: RasterPath, rule: CGPathFillRule = .winding, using converter: inout ScanConverter) {
        let area = bounds
        guard !area.isEmpty else { return }
        let maskWidth = width
        let touched: PixelRect = coverage.withUnsafeMutableBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return PixelRect(width: 0, height: 0) }
            var sink = IntersectSink(mask: base, width: maskWidth, area: area)
            converter.rasterize(path, rule: rule, clip: area, into: &sink)
            sink.finish()
            return sink.touched
        }
        bounds = touched
    }

    /// Multiplies runs into the mask and zeroes every pixel of `area` that no run reaches.
    private struct IntersectSink: CoverageSink {
        let mask: UnsafeMutablePointer<UInt8>
        let width: Int
        let area: PixelRect
        var row: Int
        var cursor: Int
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

        init(mask: UnsafeMutablePointer<UInt8>, width: Int, area: PixelRect) {
            self.mask = mask
            self.width = width
            self.area = area
            row = area.minY
            cursor = area.minX
        }

        var touched: PixelRect {
            minX > maxX ? PixelRect(width: 0, height: 0) : PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }

        /// Zeroes `row` from `cursor` to the area's right edge and moves to the next row.
        private mutating func endRow() {
            if cursor < area.maxX { (mask + (row * width + cursor)).update(repeating: 0, count: area.maxX - cursor) }
            row += 1
            cursor = area.minX
        }

        mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
            while row < y { endRow() }
            let pixels = mask + row * width
            if cursor < x { (pixels + cursor).update(repeating: 0, count: x - cursor) }
            var any = false
            for i in x ..< x + count {
                let value = PackedPixel.multiply(pixels[i], coverage)
                pixels[i] = value
                any = any || value != 0
            }
            cursor = x + count
            if any {
                minX = min(minX, x); maxX = max(maxX, x + count)
                minY = min(minY, y); maxY = max(maxY, y + 1)
            }
        }

        mutating func finish() {
            while row < area.maxY { endRow() }
        }
    }
}

/// The clip a fill is drawn under, beyond the region's own bounds.
public enum RasterClip: Hashable, Sendable {
    /// Only pixels inside the rectangle (region coordinates): the fast path, no per-pixel cost.
    case rect(PixelRect)
    /// Pixels scaled by the mask's coverage (region coordinates).
    case mask(ClipMask)
}
