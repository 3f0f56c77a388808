// ContextRenderer: how one CGContext drawing operation becomes pixels.
//
// Audited against: the Quartz 2D Programming Guide's chapters on shadows ("Shadows … are drawn
// underneath the object", offsets unaffected by the CTM), transparency layers, and clipping;
// CGContext.setShadow(offset:blur:color:) ("offset: Specifies a translation in base-space").
// Status: complete for fills, strokes, gradients, images and transparency layers.
//
// The life of one operation (fillPath, strokePath, fill(rect), draw(image), a gradient, the end
// of a transparency layer):
//   1. The geometry, already in raster space (pixels, y down), is flattened with the context's
//      flattening tolerance (min(flatness, 0.2) px) into contours: a `DrawSource`.
//   2. If a shadow is set (colour alpha > 0): the source is drawn, unclipped and with the
//      global alpha, into a scratch pixmap around its bounds; its alpha goes through KinemaRaster's
//      one-channel shadow pipeline (`ShadowMask`, shared with the compositor): blurred by a
//      Gaussian of σ = blur / 2 (base units, times the base CTM's scale), then blitted as a mask
//      in the shadow colour at the offset (mapped from base space: in a bitmap context y up, so a
//      positive height moves the shadow up; a fraction of a pixel by linear interpolation) under
//      the clip. Source-over under a rectangular clip blits straight into the target; another
//      blend mode or a mask clip composites the tinted mask as an image. The scratch pixmap covers
//      only the part of the object whose shadow can reach the clip area, plus 3σ; σ is capped at
//      `maximumShadowSigma`.
//   3. The source itself is drawn into the target — the innermost transparency layer, or the
//      bitmap (BitmapStorage) — with the global alpha, the blend mode and the clip.
//
// Blur mapping. Apple does not document how `blur` maps to a Gaussian. Kinema uses σ = blur / 2:
// it is the HTML canvas rule for shadowBlur (σ is half the blur value), and WebKit's Skia port
// (GraphicsContextSkia's setPlatformShadow, which took the same blur value WebKit's Core Graphics
// port hands to CGContextSetShadowWithColor, and defaulted to Apple's 1/3-black shadow) made
// its Skia blur with σ = blur / 2 so that both ports drew alike. Not measured on Apple hardware.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport

/// What one drawing operation paints, in raster space.
enum DrawSource {
    /// Contours (implicitly closed) filled with a paint under a fill rule.
    case shape([PathContour], Paint, CGPathFillRule)
    /// A pixmap with its top-left corner at (x, y), drawn as it is (nearest) or resampled.
    case pixels(Pixmap, x: Double, y: Double, sampling: ImageSampling)
}

/// One open transparency layer.
struct TransparencyLayer {
    var pixmap: Pixmap
    /// `savedStates.count` after the save beginTransparencyLayer made.
    let savedStateDepth: Int
    /// Where the layer's content may lie (beginTransparencyLayer(in:) bounds it).
    let bounds: PixelRect
}

extension CGContext {
    /// The largest shadow σ, in device pixels (a larger blur is lowered to it with a diagnostic):
    /// 512 px already spreads a shadow over a whole 3000-pixel screen.
    static let maximumShadowSigma = 512.0

    /// Raster coordinates beyond which bounds are clamped before they become `Int`s.
    static let coordinateLimit = Double(1 << 26)

    var canvas: PixelRect { storage.bounds }

    /// The raster-space contours of `path`, flattened to the context's tolerance, for painting:
    /// curves that cannot reach the canvas (or, with a shadow, the pixels whose shadow can) become
    /// chords, so a huge curve costs what is visible of it (`Path.flattened(tolerance:keeping:)`;
    /// the pixels are those of the full flattening).
    func contours(of path: Path) -> [PathContour] {
        path.flattened(tolerance: flatteningTolerance, keeping: cullingBox)
    }

    /// Raster-space box outside which curves may be replaced by chords: the canvas with a margin,
    /// grown to take in the pixels whose shadow (offset, blurred over 4σ) can land on it.
    var cullingBox: CGRect {
        let margin = 2.0
        var box = CGRect(x: Double(canvas.x), y: Double(canvas.y), width: Double(canvas.width), height: Double(canvas.height))
        if let shadow = state.shadow, shadow.color.alpha > 0 {
            let b = baseCTM
            let ox = Double(shadow.offset.width), oy = Double(shadow.offset.height)
            let dx = Double(b.a) * ox + Double(b.c) * oy, dy = -(Double(b.b) * ox + Double(b.d) * oy)
            let scale = abs(Double(b.a * b.d - b.b * b.c)).squareRoot()
            let sigma = min(Double(shadow.blur) * scale / 2, Self.maximumShadowSigma)
            guard dx.isFinite, dy.isFinite, sigma.isFinite else { return .infinite }
            box = box.union(box.offsetBy(dx: -dx, dy: -dy).insetBy(dx: -4 * max(sigma, 0), dy: -4 * max(sigma, 0)))
        }
        return box.insetBy(dx: -margin, dy: -margin)
    }

    static func rasterPath(_ contours: [PathContour], dx: Double = 0, dy: Double = 0) -> RasterPath {
        var path = RasterPath()
        for contour in contours where contour.points.count > 1 {
            path.addPolygon(contour.points.lazy.map { DevicePoint(x: Double($0.x) + dx, y: Double($0.y) + dy) })
        }
        return path
    }

    /// The whole pixels `source` may touch, or nil when it touches none.
    func extent(of source: DrawSource) -> PixelRect? {
        switch source {
        case .shape(let contours, _, _):
            var lo = (x: Double.infinity, y: Double.infinity), hi = (x: -Double.infinity, y: -Double.infinity)
            for contour in contours where contour.points.count > 1 {
                for p in contour.points {
                    lo.x = min(lo.x, Double(p.x)); lo.y = min(lo.y, Double(p.y))
                    hi.x = max(hi.x, Double(p.x)); hi.y = max(hi.y, Double(p.y))
                }
            }
            guard lo.x <= hi.x, lo.y <= hi.y else { return nil }
            return Self.pixelRect(minX: lo.x, minY: lo.y, maxX: hi.x, maxY: hi.y)
        case .pixels(let pixmap, let x, let y, _):
            return Self.pixelRect(minX: x, minY: y, maxX: x + Double(pixmap.width), maxY: y + Double(pixmap.height))
        }
    }

    /// The whole pixels covering a raster-space box (NaN-free, clamped so `Int` conversion is safe).
    static func pixelRect(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelRect? {
        guard !minX.isNaN, !minY.isNaN, !maxX.isNaN, !maxY.isNaN else { return nil }
        func clamp(_ v: Double) -> Int { Int(min(max(v, -coordinateLimit), coordinateLimit)) }
        let x0 = clamp(minX.rounded(.down)), y0 = clamp(minY.rounded(.down))
        let x1 = clamp(maxX.rounded(.up)), y1 = clamp(maxY.rounded(.up))
        return PixelRect(x: x0, y: y0, width: max(x1 - x0, 0) + 1, height: max(y1 - y0, 0) + 1)
    }

    // MARK: Painting

    /// Paints `source` with the current global alpha, blend mode, clip and shadow.
    func paint(_ source: DrawSource) {
        let clipArea = state.clip.pixelBounds(in: canvas)
        guard !clipArea.isEmpty, let extent = extent(of: source) else { return }
        if let shadow = state.shadow, shadow.color.alpha > 0 {
            paintShadow(of: source, extent: extent, shadow: shadow, clipArea: clipArea)
        }
        let dirty = extent.intersection(clipArea)
        guard !dirty.isEmpty else { return }
        composite(source, dirty: dirty, alpha: Float(state.alpha), mode: state.blendMode.engine, clip: state.clip.rasterClip)
    }

    /// Draws `source` into the current target inside `dirty`, without a shadow.
    func composite(_ source: DrawSource, dirty: PixelRect, alpha: Float, mode: BlendMode, clip: RasterClip?) {
        withTarget(dirty) { region in
            switch source {
            case .shape(let contours, let paint, let rule):
                region.fill(Self.rasterPath(contours), paint: paint, blendMode: mode, rule: rule, alpha: alpha, clip: clip,
                            using: &converter)
            case .pixels(let pixmap, let x, let y, let sampling):
                var rect = RasterPath()
                rect.addRect(x: x, y: y, width: Double(pixmap.width), height: Double(pixmap.height))
                let pattern = ImagePattern(image: pixmap, transform: ProjectiveTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y),
                                           sampling: sampling, tiling: .decal)
                region.fill(rect, paint: .image(pattern), blendMode: mode, alpha: alpha, clip: clip, using: &converter)
            }
        }
    }

    /// Runs `body` on the current target: the innermost transparency layer, else the bitmap.
    /// `body` must write only inside `dirty` (raster pixels).
    func withTarget(_ dirty: PixelRect, _ body: (inout PixmapRegion) -> Void) {
        if layers.isEmpty {
            storage.withRegion(dirty: dirty, body)
        } else {
            layers[layers.count - 1].pixmap.withMutableRegion(body)
        }
    }

    // MARK: Shadows

    /// The shadow's offset in raster pixels and its Gaussian σ in device pixels.
    func shadowGeometry(_ shadow: ShadowState) -> (dx: Double, dy: Double, sigma: Double) {
        let b = baseCTM
        let ox = Double(shadow.offset.width), oy = Double(shadow.offset.height)
        // Base space → device space (linear part only), then device (y up) → raster (y down).
        let dx = Double(b.a) * ox + Double(b.c) * oy
        let dy = -(Double(b.b) * ox + Double(b.d) * oy)
        let scale = abs(Double(b.a * b.d - b.b * b.c)).squareRoot()
        var sigma = Double(shadow.blur) * scale / 2
        if sigma > Self.maximumShadowSigma {
            KinemaDiagnostics.emit("CGContext", "shadow blur \(shadow.blur) gives σ \(sigma) px; lowered to \(Self.maximumShadowSigma)")
            sigma = Self.maximumShadowSigma
        }
        return (dx, dy, sigma)
    }

    func paintShadow(of source: DrawSource, extent: PixelRect, shadow: ShadowState, clipArea: PixelRect) {
        let (dx, dy, sigma) = shadowGeometry(shadow)
        let margin = Int((3 * sigma).rounded(.up)) + 2
        // The object's pixels whose shadow can land in the clip area.
        guard let reach = Self.pixelRect(minX: Double(clipArea.minX) - dx - Double(margin), minY: Double(clipArea.minY) - dy - Double(margin),
                                         maxX: Double(clipArea.maxX) - dx + Double(margin), maxY: Double(clipArea.maxY) - dy + Double(margin))
        else { return }
        let area = extent.intersection(reach)
        guard !area.isEmpty else { return }
        let frame = PixelRect(x: area.x - margin, y: area.y - margin, width: area.width + 2 * margin, height: area.height + 2 * margin)
        let layer: Pixmap
        do {
            layer = try Pixmap(width: frame.width, height: frame.height)
        } catch {
            KinemaDiagnostics.emit("CGContext", "shadow scratch bitmap \(frame) cannot be made (\(error)); the shadow is skipped")
            return
        }
        var scratch = layer
        let ox = -Double(frame.x), oy = -Double(frame.y)
        let alpha = Float(state.alpha)
        switch source {
        case .shape(let contours, let paint, let rule):
            scratch.fill(Self.rasterPath(contours, dx: ox, dy: oy), paint: paint.translated(ox, oy), rule: rule, alpha: alpha,
                         using: &converter)
        case .pixels(let pixmap, let x, let y, let sampling):
            var rect = RasterPath()
            rect.addRect(x: x + ox, y: y + oy, width: Double(pixmap.width), height: Double(pixmap.height))
            let pattern = ImagePattern(image: pixmap, transform: ProjectiveTransform(a: 1, b: 0, c: 0, d: 1, tx: x + ox, ty: y + oy),
                                       sampling: sampling, tiling: .decal)
            scratch.fill(rect, paint: .image(pattern), alpha: alpha, using: &converter)
        }
        let color = shadow.color.paintColor.premultiplied.packed
        guard color >> 24 > 0 else { return }
        guard shadowMask.load(alphaOf: scratch, area: scratch.bounds), shadowMask.blur(sigma: sigma) else {
            KinemaDiagnostics.emit("CGContext", "shadow planes for \(frame.width)×\(frame.height) pixels cannot be allocated; the shadow is skipped")
            return
        }
        let sx = Double(frame.x) + dx, sy = Double(frame.y) + dy
        // Beyond ±2³⁰ pixels the shadow cannot reach the canvas (and Int(sx) would trap at 1e300).
        guard abs(sx) < 0x1p30, abs(sy) < 0x1p30 else { return }
        let ix = Int(sx.rounded(.down)), iy = Int(sy.rounded(.down))
        let dirty = PixelRect(x: ix, y: iy, width: frame.width, height: frame.height).intersection(clipArea)
        guard !dirty.isEmpty else { return }
        if state.blendMode == .normal, state.clip.mask == nil {
            // The common case: the mask blitted straight into the target, source-over.
            let mask = shadowMask
            withTarget(dirty) { region in mask.paint(color: color, at: sx, sy, into: region, clip: dirty) }
            return
        }
        // Another blend mode or an anti-aliased clip: the shadow as pixels (the colour times the
        // mask, moved by its fraction of a pixel), composited as any image is.
        guard var tinted = try? Pixmap(width: frame.width, height: frame.height) else { return }
        let mask = shadowMask
        tinted.withMutableRegion { region in
            mask.paint(color: color, at: sx - Double(ix), sy - Double(iy), into: region, clip: region.bounds)
        }
        composite(.pixels(tinted, x: Double(ix), y: Double(iy), sampling: .nearest), dirty: dirty, alpha: 1,
                  mode: state.blendMode.engine, clip: state.clip.rasterClip)
    }
}

extension Paint {
    /// The same paint moved by (dx, dy) raster pixels.
    func translated(_ dx: Double, _ dy: Double) -> Paint {
        func moved(_ p: DevicePoint) -> DevicePoint { DevicePoint(x: p.x + dx, y: p.y + dy) }
        switch self {
        case .solid: return self
        case .linearGradient(var g):
            g.start = moved(g.start); g.end = moved(g.end)
            return .linearGradient(g)
        case .radialGradient(var g):
            g.startCenter = moved(g.startCenter); g.endCenter = moved(g.endCenter)
            return .radialGradient(g)
        case .conicGradient(var g):
            g.center = moved(g.center)
            return .conicGradient(g)
        case .image(var pattern):
            var m = pattern.transform
            m.m11 += dx * m.m31; m.m12 += dx * m.m32; m.m13 += dx * m.m33
            m.m21 += dy * m.m31; m.m22 += dy * m.m32; m.m23 += dy * m.m33
            pattern.transform = m
            return .image(pattern)
        }
    }
}
