// CompositorPainter+Effects: shadows, masks and backdrop blur.
//
// Audited against: CALayer.shadowOpacity, shadowRadius ("the blur radius … used to render the
//   layer's shadow"), shadowOffset (default (0, −3)), shadowColor, shadowPath ("if you specify a
//   value for this property, the layer creates its shadow using the specified path instead of
//   the layer’s composited alpha channel"); CALayer.mask ("the layer’s alpha channel determines
//   how much of the layer’s content and background shows through"); Kinema's
//   `LayerState.backdropBlurRadius`. Status: complete for these. Choices where Apple is silent
//   (docs/COMPOSITOR.md): σ = shadowRadius / 2, as CGContext's shadows (ContextRenderer.swift);
//   the offset and the blur are in the layer's own space, so they turn and scale with the layer;
//   `masksToBounds` suppresses the layer's own shadow (it would be clipped to the bounds, where
//   the layer covers it); the mask also masks the shadow.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics

/// A layer's shadow in surface pixels.
struct ShadowParameters {
    /// Shadow colour × shadowOpacity, straight alpha.
    var color: PaintColor
    /// Offset in surface pixels.
    var dx: Double
    var dy: Double
    /// Gaussian σ in surface pixels.
    var sigma: Double
    /// How far (whole pixels) the shadow can land from what casts it: 3σ + |offset| + 2.
    var reach: Int
}

extension CompositorPainter {
    /// The largest shadow or backdrop σ in pixels (more is lowered to it, with a diagnostic).
    static let maximumSigma = 256.0

    /// The farthest a shadow may land from its layer, in pixels (3σ + the offset).
    static let maximumShadowReach = Double(1 << 20)

    /// The layer's shadow under `map`, or nil when it shows nothing.
    func shadowParameters(_ s: LayerState, _ map: PathTransform) -> ShadowParameters? {
        guard s.shadowOpacity > 0, !s.masksToBounds, let color = s.shadowColor?.compositingColor else { return nil }
        let shadowColor = color.multipliedAlpha(min(max(s.shadowOpacity, 0), 1))
        guard shadowColor.alpha > 0 else { return nil }
        let ox = Double(s.shadowOffset.width), oy = Double(s.shadowOffset.height)
        let dx = map.a * ox + map.c * oy, dy = map.b * ox + map.d * oy
        let scale = abs(map.determinant).squareRoot()
        var sigma = max(Double(s.shadowRadius), 0) / 2 * scale
        if !sigma.isFinite || sigma > Self.maximumSigma {
            KinemaDiagnostics.emit("Compositor", "shadow σ \(sigma) px lowered to \(Self.maximumSigma)")
            sigma = Self.maximumSigma
        }
        guard dx.isFinite, dy.isFinite else { return nil }
        // A shadow that lands more than 2²⁰ pixels from its layer is not drawn: the offscreen
        // that would hold both cannot be made (and an offset of 1e300 points, finite, is no Int).
        let extent = (3 * sigma + max(abs(dx), abs(dy))).rounded(.up)
        guard extent <= Self.maximumShadowReach else {
            KinemaDiagnostics.emit("Compositor", "shadow offset (\(dx), \(dy)) px reaches beyond \(Int(Self.maximumShadowReach)) px; not drawn")
            return nil
        }
        return ShadowParameters(color: shadowColor, dx: dx, dy: dy, sigma: sigma, reach: Int(extent) + 2)
    }

    /// The shadow of `shadowPath`: the path filled, blurred and offset, under the layer.
    func paintPathShadow(_ s: LayerState, _ map: PathTransform, _ shadow: ShadowParameters,
                         surface: inout CompositorSurface, alpha: Float) {
        guard let path = s.shadowPath?.kinemaPath else { return }
        let shifted = map.concatenating(.translation(shadow.dx, shadow.dy))
        let pad = Int((3 * shadow.sigma).rounded(.up)) + 2
        let box = Self.pixelArea(Self.box(of: path.controlPointBounds, shifted))
        let area = Self.grow(box, by: pad).intersection(Self.grow(surface.clip, by: pad))
        guard !area.isEmpty, var scratch = pool.take(width: area.width, height: area.height) else { return }
        let local = shifted.concatenating(.translation(Double(-area.x), Double(-area.y)))
        scratch.fill(rasterPath(path, local), color: shadow.color, alpha: alpha, using: &converter)
        if shadow.sigma > 0.01 {
            scratch.gaussianBlur(sigma: shadow.sigma, in: PixelRect(width: area.width, height: area.height))
        }
        composite(scratch, at: area, into: &surface, alpha: 1)
        pool.give(scratch)
    }

    /// Multiplies `content` by the alpha of `mask` drawn in the layer's space.
    func applyMask(_ mask: CompositeLayer, of s: LayerState, map: PathTransform, to content: inout Pixmap, size: PixelRect) {
        guard var alphaMap = pool.take(width: size.width, height: size.height) else { return }
        let local = LayerGeometry.transformToSuperlayer(mask.state, superlayer: nil)
        let maskMap = CATransform3DConcat(Self.flattened(local), Self.matrix(map))
        alphaMap.withMutableRegion { region in
            var surface = CompositorSurface(region: region, clip: PixelRect(width: size.width, height: size.height))
            paintLayer(mask, map: maskMap, depth: local, flipped: false, surface: &surface, alpha: 1)
        }
        content.withMutableRegion { region in
            var surface = CompositorSurface(region: region, clip: PixelRect(width: size.width, height: size.height))
            composite(alphaMap, at: PixelRect(width: size.width, height: size.height), into: &surface, alpha: 1,
                      mode: .destinationIn)
        }
        pool.give(alphaMap)
    }

    /// Blurs what has been drawn behind the layer's rounded bounds (σ = radius / 2 in pixels),
    /// then saturates it (`backdropSaturation`).
    func blurBackdrop(_ s: LayerState, _ map: PathTransform, surface: inout CompositorSurface) {
        var sigma = Double(s.backdropBlurRadius) / 2 * abs(map.determinant).squareRoot()
        if !sigma.isFinite || sigma < 0 { sigma = 0 }
        sigma = min(sigma, Self.maximumSigma)
        let saturation = s.backdropSaturation.isFinite ? max(0, Double(s.backdropSaturation)) : 1
        let blurs = sigma > 0.01
        guard blurs || saturation != 1 else { return }
        let pad = blurs ? Int((3 * sigma).rounded(.up)) + 2 : 0
        let shapeArea = Self.pixelArea(Self.box(of: s.bounds, map)).intersection(surface.clip)
        guard !shapeArea.isEmpty else { return }
        // Read around the shape so pixels near its edge blur with their real neighbours.
        let source = Self.grow(shapeArea, by: pad).intersection(surface.region.bounds)
        guard var copy = pool.take(width: source.width, height: source.height) else { return }
        copy.withMutableRegion { target in
            for y in 0 ..< source.height {
                target.row(y).update(from: surface.region.row(source.y + y) + source.x, count: source.width)
            }
        }
        if blurs { copy.gaussianBlur(sigma: sigma, in: PixelRect(width: source.width, height: source.height)) }
        if saturation != 1 { Self.saturate(&copy, by: saturation) }
        let pattern = ImagePattern(image: copy, transform: ProjectiveTransform(a: 1, b: 0, c: 0, d: 1, tx: Double(source.x),
                                                                               ty: Double(source.y)),
                                   sampling: .nearest, tiling: .decal)
        surface.region.fill(rasterPath(CompositorOutline.bounds(of: s), map), paint: .image(pattern), blendMode: .copy,
                            clip: .rect(shapeArea), using: &converter)
        pool.give(copy)
    }

    /// Scales every pixel's distance from its grey (Rec. 709 luma: 0.2126 R + 0.7152 G + 0.0722 B)
    /// by `factor`, on premultiplied channels clamped to [0, alpha] — Apple's blur recipe's
    /// saturation matrix.
    static func saturate(_ pixmap: inout Pixmap, by factor: Double) {
        let k = Float(factor)
        pixmap.withMutableRegion { region in
            for y in 0 ..< region.frame.height {
                let row = region.row(y)
                for x in 0 ..< region.frame.width {
                    let p = row[x]
                    let a = Float(p >> 24)
                    guard a > 0 else { continue }
                    let r = Float(p & 0xFF), g = Float((p >> 8) & 0xFF), b = Float((p >> 16) & 0xFF)
                    let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
                    @inline(__always) func channel(_ c: Float) -> UInt32 {
                        UInt32(min(max(luma + (c - luma) * k, 0), a).rounded())
                    }
                    row[x] = channel(r) | channel(g) << 8 | channel(b) << 16 | UInt32(a) << 24
                }
            }
        }
    }
}
