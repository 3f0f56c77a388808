// Pixmap+Fill: filling RasterPaths with a solid colour, source-over, under a clip.
import KinemaGeometry

extension PixmapRegion {
    /// Fills `path` with `color` composited source-over, anti-aliased by exact pixel coverage.
    ///
    /// ```swift
    /// region.fill(triangle, color: PaintColor(red: 1, green: 0, blue: 0, alpha: 0.8),
    ///             rule: .evenOdd, alpha: 0.5, clip: .rect(PixelRect(width: 32, height: 32)),
    ///             using: &converter)
    /// ```
    /// `alpha` (global alpha, `0 ... 1`) multiplies the colour's alpha. Path coordinates are local
    /// to the region. Cost: the scan conversion (proportional to the outline's length in pixels)
    /// plus one blend per covered pixel; a `.rect` clip costs nothing per pixel, a `.mask` one
    /// multiply per pixel.
    public mutating func fill(_ path: RasterPath, color: PaintColor, rule: FillRule = .nonZero, alpha: Float = 1,
                              clip: RasterClip? = nil, using converter: inout ScanConverter) {
        if alpha.isNaN { KinemaDiagnostics.emit("KinemaRaster", "fill alpha is NaN; nothing was drawn") }
        let source = color.multipliedAlpha(alpha.isNaN ? 0 : alpha).premultiplied
        guard source.alpha > 0 else { return }
        var blitter = SolidSourceOverBlitter(region: self, color: source)
        switch clip {
        case nil:
            converter.rasterize(path, rule: rule, clip: bounds, into: &blitter)
        case .rect(let rect):
            converter.rasterize(path, rule: rule, clip: bounds.intersection(rect), into: &blitter)
        case .mask(let mask):
            mask.coverage.withUnsafeBufferPointer { coverage in
                guard let start = coverage.baseAddress else { return }
                var masked = MaskedSink(inner: blitter, mask: start, maskWidth: mask.width)
                converter.rasterize(path, rule: rule, clip: bounds.intersection(mask.bounds), into: &masked)
            }
        }
    }
}

extension Pixmap {
    /// Fills `path` into the whole pixmap; see `PixmapRegion.fill(_:color:rule:alpha:clip:using:)`.
    public mutating func fill(_ path: RasterPath, color: PaintColor, rule: FillRule = .nonZero, alpha: Float = 1,
                              clip: RasterClip? = nil, using converter: inout ScanConverter) {
        withMutableRegion { $0.fill(path, color: color, rule: rule, alpha: alpha, clip: clip, using: &converter) }
    }

    /// Fills `path` with a scan converter made for this call (keep one and pass it when filling
    /// many paths: it keeps its buffers).
    public mutating func fill(_ path: RasterPath, color: PaintColor, rule: FillRule = .nonZero, alpha: Float = 1,
                              clip: RasterClip? = nil) {
        var converter = ScanConverter()
        fill(path, color: color, rule: rule, alpha: alpha, clip: clip, using: &converter)
    }
}
