// Pixmap+Fill: filling RasterPaths with a colour, gradient or image, under a clip and blend mode.
import KinemaSupport
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
    /// plus one packed blend per covered pixel; a `.rect` clip costs nothing per pixel, a `.mask`
    /// one multiply per pixel.
    public mutating func fill(_ path: RasterPath, color: PaintColor, rule: CGPathFillRule = .winding, alpha: Float = 1,
                              clip: RasterClip? = nil, using converter: inout ScanConverter) {
        guard let alpha = Self.checkedAlpha(alpha) else { return }
        let source = color.multipliedAlpha(alpha).premultiplied
        guard source.alpha > 0 else { return }
        var blitter = SolidSourceOverBlitter(region: self, color: source)
        rasterize(path, rule: rule, clip: clip, into: &blitter, using: &converter)
    }

    /// Fills `path` with `paint` combined into the pixels by `blendMode`.
    ///
    /// ```swift
    /// let ramp = LinearGradient(Gradient(stops: stops), start: DevicePoint(x: 0, y: 0),
    ///                           end: DevicePoint(x: 0, y: 64), extends: .both)
    /// region.fill(rect, paint: .linearGradient(ramp), blendMode: .multiply, using: &converter)
    /// ```
    /// Paint coordinates are the path's (local to the region). A solid colour with `.normal` takes
    /// the packed fast path of `fill(_:color:...)`; everything else is shaded and blended per
    /// pixel in Float (`BlendMode`), then rounded once. Pixels outside the path's coverage are
    /// never touched, whatever the mode. A degenerate gradient (start = end) or singular image
    /// transform paints nothing.
    public mutating func fill(_ path: RasterPath, paint: Paint, blendMode: BlendMode = .normal, rule: CGPathFillRule = .winding,
                              alpha: Float = 1, clip: RasterClip? = nil, using converter: inout ScanConverter) {
        fill(path, paint: paint, blendMode: blendMode, rule: rule, alpha: alpha, clip: clip, using: &converter, fastPaths: true)
    }

    /// `fill(_:paint:blendMode:rule:alpha:clip:using:)`, with `fastPaths: false` taking the
    /// general shaded path for images too (tests compare the two), and `imageKernel` choosing the
    /// code of the affine image fast path (tests compare the kernels).
    mutating func fill(_ path: RasterPath, paint: Paint, blendMode: BlendMode, rule: CGPathFillRule, alpha: Float,
                       clip: RasterClip?, using converter: inout ScanConverter, fastPaths: Bool,
                       imageKernel: AffineImageKernel = .automatic) {
        if case .solid(let color) = paint, blendMode == .normal {
            fill(path, color: color, rule: rule, alpha: alpha, clip: clip, using: &converter)
            return
        }
        guard let alpha = Self.checkedAlpha(alpha), alpha > 0 || blendMode.affectedByTransparentSource else { return }
        switch paint {
        case .solid(let color):
            shade(path, SolidShader(color), blendMode, rule, alpha, clip, &converter)
        case .linearGradient(let gradient):
            guard let shader = LinearGradientShader(gradient) else { return }
            shade(path, shader, blendMode, rule, alpha, clip, &converter)
        case .radialGradient(let gradient):
            guard let shader = RadialGradientShader(gradient) else { return }
            shade(path, shader, blendMode, rule, alpha, clip, &converter)
        case .conicGradient(let gradient):
            guard let shader = ConicGradientShader(gradient) else { return }
            shade(path, shader, blendMode, rule, alpha, clip, &converter)
        case .image(let pattern):
            guard let inverse = pattern.transform.inverted else {
                KinemaDiagnostics.emit("KinemaRaster", "image pattern transform \(pattern.transform) is singular; nothing was drawn")
                return
            }
            pattern.image.storage.withUnsafeBufferPointer { pixels in
                guard let start = pixels.baseAddress else { return }
                let shader = ImageShader(pixels: start, pattern: pattern, inverse: inverse)
                if fastPaths, blendMode == .normal, inverse.m31 == 0, inverse.m32 == 0 {
                    withShadeBuffers { colors, weights in
                        let general = ShadedBlitter(shader: shader, base: base, rowStride: rowStride, mode: blendMode, alpha: alpha,
                                                    colors: colors, weights: weights)
                        if var blitter = AffineImageBlitter(fallback: general, alpha: alpha, kernel: imageKernel) {
                            rasterize(path, rule: rule, clip: clip, into: &blitter, using: &converter)
                        } else {
                            var blitter = general
                            rasterize(path, rule: rule, clip: clip, into: &blitter, using: &converter)
                        }
                    }
                    return
                }
                shade(path, shader, blendMode, rule, alpha, clip, &converter)
            }
        }
    }

    private mutating func shade<S: Shader>(_ path: RasterPath, _ shader: S, _ mode: BlendMode, _ rule: CGPathFillRule, _ alpha: Float,
                                           _ clip: RasterClip?, _ converter: inout ScanConverter) {
        withShadeBuffers { colors, weights in
            var blitter = ShadedBlitter(shader: shader, base: base, rowStride: rowStride, mode: mode, alpha: alpha,
                                        colors: colors, weights: weights)
            rasterize(path, rule: rule, clip: clip, into: &blitter, using: &converter)
        }
    }

    /// Runs `body` with a shaded blitter's colour and weight buffers, one entry per pixel of the
    /// longest possible run (the region's width).
    private func withShadeBuffers(_ body: (UnsafeMutablePointer<SIMD4<Float>>, UnsafeMutablePointer<Float>) -> Void) {
        let longestRun = max(width, 1)
        let colors = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: longestRun)
        let weights = UnsafeMutablePointer<Float>.allocate(capacity: longestRun)
        defer {
            colors.deallocate()
            weights.deallocate()
        }
        body(colors, weights)
    }

    /// Scan-converts `path` into `sink` within the region and the clip, through the region's
    /// write window when it has one.
    private func rasterize<Sink: CoverageSink>(_ path: RasterPath, rule: CGPathFillRule, clip: RasterClip?, into sink: inout Sink,
                                               using converter: inout ScanConverter) {
        guard let window = writeWindow?.intersection(bounds) else {
            rasterizeClipped(path, rule: rule, clip: clip, into: &sink, using: &converter)
            return
        }
        guard !window.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(width, 1)) { saved in
            guard let start = saved.baseAddress else { return }
            var windowed = WindowedSink(inner: sink, window: window, base: base, rowStride: rowStride, saved: start)
            rasterizeClipped(path, rule: rule, clip: clip, into: &windowed, using: &converter)
        }
    }

    private func rasterizeClipped<Sink: CoverageSink>(_ path: RasterPath, rule: CGPathFillRule, clip: RasterClip?,
                                                      into sink: inout Sink, using converter: inout ScanConverter) {
        switch clip {
        case nil:
            converter.rasterize(path, rule: rule, clip: bounds, into: &sink)
        case .rect(let rect):
            converter.rasterize(path, rule: rule, clip: bounds.intersection(rect), into: &sink)
        case .mask(let mask):
            mask.coverage.withUnsafeBufferPointer { coverage in
                guard let start = coverage.baseAddress else { return }
                var masked = MaskedSink(inner: sink, mask: start, maskWidth: mask.width)
                converter.rasterize(path, rule: rule, clip: bounds.intersection(mask.bounds), into: &masked)
            }
        }
    }

    /// Global alpha clamped to `0 ... 1`; nil (with a diagnostic) for NaN.
    private static func checkedAlpha(_ alpha: Float) -> Float? {
        guard !alpha.isNaN else {
            KinemaDiagnostics.emit("KinemaRaster", "fill alpha is NaN; nothing was drawn")
            return nil
        }
        return min(max(alpha, 0), 1)
    }
}

extension BlendMode {
    /// Whether a fully transparent source still changes the backdrop (it clears or keeps only
    /// part of it), so a fill at alpha 0 cannot be skipped.
    var affectedByTransparentSource: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: true
        default: false
        }
    }
}

extension Pixmap {
    /// Fills `path` into the whole pixmap; see `PixmapRegion.fill(_:color:rule:alpha:clip:using:)`.
    public mutating func fill(_ path: RasterPath, color: PaintColor, rule: CGPathFillRule = .winding, alpha: Float = 1,
                              clip: RasterClip? = nil, using converter: inout ScanConverter) {
        withMutableRegion { $0.fill(path, color: color, rule: rule, alpha: alpha, clip: clip, using: &converter) }
    }

    /// Fills `path` with a scan converter made for this call (keep one and pass it when filling
    /// many paths: it keeps its buffers).
    public mutating func fill(_ path: RasterPath, color: PaintColor, rule: CGPathFillRule = .winding, alpha: Float = 1,
                              clip: RasterClip? = nil) {
        var converter = ScanConverter()
        fill(path, color: color, rule: rule, alpha: alpha, clip: clip, using: &converter)
    }

    /// Fills `path` with `paint` and `blendMode`; see `PixmapRegion.fill(_:paint:blendMode:rule:alpha:clip:using:)`.
    public mutating func fill(_ path: RasterPath, paint: Paint, blendMode: BlendMode = .normal, rule: CGPathFillRule = .winding,
                              alpha: Float = 1, clip: RasterClip? = nil, using converter: inout ScanConverter) {
        withMutableRegion {
            $0.fill(path, paint: paint, blendMode: blendMode, rule: rule, alpha: alpha, clip: clip, using: &converter)
        }
    }

    /// Fills `path` with `paint` and `blendMode`, with a scan converter made for this call.
    public mutating func fill(_ path: RasterPath, paint: Paint, blendMode: BlendMode = .normal, rule: CGPathFillRule = .winding,
                              alpha: Float = 1, clip: RasterClip? = nil) {
        var converter = ScanConverter()
        fill(path, paint: paint, blendMode: blendMode, rule: rule, alpha: alpha, clip: clip, using: &converter)
    }
}
