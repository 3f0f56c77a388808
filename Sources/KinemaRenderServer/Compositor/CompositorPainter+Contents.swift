// CompositorPainter+Contents: a layer's `contents` image — placed by contentsGravity, cut by
// contentsRect, stretched by contentsCenter, sampled by the minification/magnification filters.
//
// Audited against: CALayer.contents, contentsGravity (and its note: "the naming of contents
//   gravity constants is based on the direction of the vertical axis … check the layer’s
//   contentsAreFlipped()"), contentsRect (a rectangle in the unit coordinate space; parts outside
//   the unit rectangle extend the contents' edge pixels), contentsCenter,
//   contentsScale, minificationFilter, magnificationFilter; CALayerContentsGravity constants.
//   Status: complete except trilinear (drawn linear) and minificationFilterBias (ignored).
//   Choices (docs/COMPOSITOR.md): gravity names are in Core Animation's y-up sense, so in an
//   unflipped (UIKit, y-down) layer `.top` sits at the bounds' maxY — the bottom of the screen —
//   and with isGeometryFlipped it sits at minY. The nine-slice corners keep their natural size
//   (pixels / contentsScale) and shrink together when the destination is smaller than two of
//   them; the nine pieces are summed additively in an offscreen so their shared edges leave no
//   seam.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaTiming
import OpenCoreGraphics

enum CompositorContents {
    /// Where the (contentsRect part of the) image lands in the layer's bounds space.
    static func destination(_ image: CGImage, _ s: LayerState) -> CGRect {
        let b = s.bounds
        let scale = s.contentsScale > 0 && s.contentsScale.isFinite ? s.contentsScale : 1
        let cr = s.contentsRect
        let w = CGFloat(image.width) * abs(cr.width) / scale, h = CGFloat(image.height) * abs(cr.height) / scale
        let g = s.contentsGravity
        switch g {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let k = g == .resizeAspect ? min(b.width / w, b.height / h) : max(b.width / w, b.height / h)
            let size = CGSize(width: w * k, height: h * k)
            return CGRect(x: b.midX - size.width / 2, y: b.midY - size.height / 2, width: size.width, height: size.height)
        default:
            break
        }
        let name = g.rawValue.lowercased()
        // "top" is the y-up top: maxY in an unflipped layer, minY in a flipped one.
        let topY = s.isGeometryFlipped ? b.minY : b.maxY - h
        let bottomY = s.isGeometryFlipped ? b.maxY - h : b.minY
        var x = b.midX - w / 2, y = b.midY - h / 2
        if name.hasSuffix("left") { x = b.minX }
        if name.hasSuffix("right") { x = b.maxX - w }
        if name.hasPrefix("top") { y = topY }
        if name.hasPrefix("bottom") { y = bottomY }
        return CGRect(x: x, y: y, width: w, height: h)
    }
}

extension CompositorPainter {
    /// Draws the contents image.
    func paintContents(_ image: CGImage, _ s: LayerState, _ map: PathTransform, surface: inout CompositorSurface, alpha: Float) {
        let pixmap = image.pixmap
        guard pixmap.width > 0, pixmap.height > 0 else { return }
        let dest = CompositorContents.destination(image, s)
        guard dest.width > 0, dest.height > 0, dest.minX.isFinite, dest.minY.isFinite else { return }
        let cr = s.contentsRect
        let iw = Double(pixmap.width), ih = Double(pixmap.height)
        let source = CGRect(x: Double(cr.minX) * iw, y: Double(cr.minY) * ih, width: Double(cr.width) * iw,
                            height: Double(cr.height) * ih)
        guard source.width != 0, source.height != 0, source.minX.isFinite, source.minY.isFinite,
              source.width.isFinite, source.height.isFinite else { return }
        // Device pixels per image pixel decides the filter.
        let perPixel = abs(map.determinant).squareRoot() * Double(dest.width) / abs(Double(source.width))
        let filter = perPixel >= 1 ? s.magnificationFilter : s.minificationFilter
        let sampling: ImageSampling = filter == .nearest ? .nearest : .bilinear
        let cc = s.contentsCenter
        let stretched = cc != CGRect(x: 0, y: 0, width: 1, height: 1)
        guard stretched else {
            drawPiece(pixmap, from: source, to: dest, map, sampling: sampling, surface: &surface, alpha: alpha)
            return
        }
        // Nine-slice: the pieces are added (plusLighter) into an offscreen, then composited.
        guard let area = Self.pixelArea(Self.box(of: dest, map), within: surface.clip),
              var pieces = pool.take(width: area.width, height: area.height) else { return }
        let inner = map.concatenating(.translation(Double(-area.x), Double(-area.y)))
        let scale = s.contentsScale > 0 && s.contentsScale.isFinite ? Double(s.contentsScale) : 1
        let xs = Self.slices(Double(source.minX), Double(source.width), Double(cc.minX), Double(cc.maxX),
                             Double(dest.minX), Double(dest.width), scale)
        let ys = Self.slices(Double(source.minY), Double(source.height), Double(cc.minY), Double(cc.maxY),
                             Double(dest.minY), Double(dest.height), scale)
        pieces.withMutableRegion { region in
            var offscreen = CompositorSurface(region: region, clip: PixelRect(width: area.width, height: area.height))
            for j in 0 ..< 3 {
                for i in 0 ..< 3 {
                    let from = CGRect(x: xs.source[i], y: ys.source[j], width: xs.source[i + 1] - xs.source[i],
                                      height: ys.source[j + 1] - ys.source[j])
                    let to = CGRect(x: xs.dest[i], y: ys.dest[j], width: xs.dest[i + 1] - xs.dest[i],
                                    height: ys.dest[j + 1] - ys.dest[j])
                    guard from.width > 0, from.height > 0, to.width > 0, to.height > 0 else { continue }
                    drawPiece(pixmap, from: from, to: to, inner, sampling: sampling, surface: &offscreen, alpha: 1,
                              mode: .plusLighter)
                }
            }
        }
        composite(pieces, at: area, into: &surface, alpha: alpha)
        pool.give(pieces)
    }

    /// The four cut positions along one axis, in the image (pixels) and in the layer (points).
    static func slices(_ s0: Double, _ sw: Double, _ c0: Double, _ c1: Double, _ d0: Double, _ dw: Double,
                       _ scale: Double) -> (source: [Double], dest: [Double]) {
        let lo = min(max(c0, 0), 1), hi = min(max(c1, lo), 1)
        let source = [s0, s0 + lo * sw, s0 + hi * sw, s0 + sw]
        var first = lo * abs(sw) / scale, last = (1 - hi) * abs(sw) / scale
        if first + last > dw, first + last > 0 {
            let k = dw / (first + last)
            first *= k; last *= k
        }
        return (source, [d0, d0 + first, d0 + dw - last, d0 + dw])
    }

    /// Draws the image pixels `from` onto the layer rectangle `to` (edge pixels extended).
    func drawPiece(_ pixmap: Pixmap, from: CGRect, to: CGRect, _ map: PathTransform, sampling: ImageSampling,
                   surface: inout CompositorSurface, alpha: Float, mode: BlendMode = .normal, shape: Path? = nil) {
        // Sample only the texels of `from` (a contentsRect, a nine-slice piece): the piece is cut
        // out first, so bilinear filtering clamps at its edges instead of blending in the
        // neighbouring texels (which bled the frame of a nine-slice image into its stretched
        // centre).
        // Saturating conversions: a contentsRect far out of range (or infinite) must not trap.
        var pixmap = pixmap, from = from
        let x0 = max(0, Int(saturating: Double(from.minX).rounded(.down))), y0 = max(0, Int(saturating: Double(from.minY).rounded(.down)))
        let x1 = min(pixmap.width, Int(saturating: Double(from.maxX).rounded(.up)))
        let y1 = min(pixmap.height, Int(saturating: Double(from.maxY).rounded(.up)))
        if x1 > x0, y1 > y0, x0 > 0 || y0 > 0 || x1 < pixmap.width || y1 < pixmap.height,
           let piece = pixmap.copy(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) {
            pixmap = piece
            from = from.offsetBy(dx: CGFloat(-x0), dy: CGFloat(-y0))
        }
        let sx = Double(to.width) / Double(from.width), sy = Double(to.height) / Double(from.height)
        let imageToLayer = PathTransform(a: sx, b: 0, c: 0, d: sy, tx: Double(to.minX) - Double(from.minX) * sx,
                                         ty: Double(to.minY) - Double(from.minY) * sy)
        let t = imageToLayer.concatenating(map)
        var rect = Path()
        if let shape {
            rect = shape
        } else {
            rect.addRect(to)
        }
        let pattern = ImagePattern(image: pixmap, transform: ProjectiveTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty),
                                   sampling: sampling, tiling: .clamp)
        surface.region.fill(rasterPath(rect, map), paint: .image(pattern), blendMode: mode, alpha: alpha,
                            clip: .rect(surface.clip), using: &converter)
    }
}
