// CompositorPainter+Transition: a running CATransition — the layer's old rendering and its new one,
// mixed by the transition's type at its progress, within the layer's bounds.
//
// Audited against: CATransition docs — type (CATransitionType.fade "the layer's content fades
//   as it becomes visible or hidden", .moveIn "the layer's content slides into place over any
//   existing content", .push "the layer's content pushes any existing content as it slides into
//   place", .reveal "the layer's content is revealed gradually in the direction specified by the
//   transition subtype"), subtype (fromLeft, fromRight, fromTop, fromBottom), startProgress /
//   endProgress (applied by the render server). Status: complete for the four public types
//   (unknown types fade). The private types UIKit's view transitions use — "oglFlip",
//   "pageCurl", "pageUnCurl" — are drawn by CompositorPainter+Flip.swift and +Curl.swift.
// Choices (docs/COMPOSITOR.md): the subtype names the side the motion comes from, on screen:
//   fromLeft moves content rightwards, fromTop moves it down (UIKit orientation; nil means
//   fromLeft); a slide covers the bounds' width or height; fade is a linear cross-dissolve of
//   the two renderings (old × (1 − p) + new × p, premultiplied); both renderings are drawn in
//   the layer's current bounds space and clipped to its bounds.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics

extension CompositorPainter {
    func paintTransition(_ layer: CompositeLayer, _ t: CompositeTransition, _ map: PathTransform, area: PixelRect,
                         surface: inout CompositorSurface, alpha: Float) {
        let s = layer.state
        if !t.progress.isFinite {
            KinemaDiagnostics.emit("Compositor", "transition progress \(t.progress) is not finite; drawn as finished (1)")
        }
        let p = min(max(t.progress.isFinite ? t.progress : 1, 0), 1)
        let current = CompositeLayer(id: layer.id, state: s, sublayers: layer.sublayers, mask: layer.mask)
        switch t.type {
        case FlipTransition.type:
            paintFlip(current, t, progress: p, map, surface: &surface, alpha: alpha)
            return
        case CurlTransition.curlType, CurlTransition.uncurlType:
            paintCurl(current, t, progress: p, map, surface: &surface, alpha: alpha)
            return
        default:
            break
        }
        let boundsArea = Self.pixelArea(Self.box(of: s.bounds, map)).intersection(surface.clip)
        guard !boundsArea.isEmpty else { return }
        let w = Double(s.bounds.width), h = Double(s.bounds.height)
        var direction = (x: 1.0, y: 0.0)
        switch t.subtype {
        case "fromRight": direction = (-1, 0)
        case "fromTop": direction = (0, 1)
        case "fromBottom": direction = (0, -1)
        default: break
        }
        let span = (x: direction.x * w, y: direction.y * h)
        // Offsets (layer points) of the old and new renderings, and which is on top.
        var old = (x: 0.0, y: 0.0), new = (x: 0.0, y: 0.0)
        var oldOnTop = false
        switch t.type {
        case "moveIn":
            new = (-(1 - p) * span.x, -(1 - p) * span.y)
        case "push":
            old = (p * span.x, p * span.y)
            new = (-(1 - p) * span.x, -(1 - p) * span.y)
        case "reveal":
            old = (p * span.x, p * span.y)
            oldOnTop = true
        default:
            break
        }
        guard var oldImage = pool.take(width: boundsArea.width, height: boundsArea.height),
              var newImage = pool.take(width: boundsArea.width, height: boundsArea.height) else { return }
        let origin = PathTransform.translation(Double(-boundsArea.x), Double(-boundsArea.y))
        func draw(_ part: CompositeLayer, offset: (x: Double, y: Double), into image: inout Pixmap) {
            let shifted = PathTransform.translation(offset.x, offset.y).concatenating(map).concatenating(origin)
            image.withMutableRegion { region in
                var offscreen = CompositorSurface(region: region, clip: PixelRect(width: boundsArea.width, height: boundsArea.height))
                paintFlat(part, shifted, surface: &offscreen, alpha: 1)
            }
        }
        if let from = t.from {
            let stripped = CompositeLayer(id: from.id, state: from.state, sublayers: from.sublayers, mask: from.mask)
            draw(stripped, offset: old, into: &oldImage)
        }
        draw(current, offset: new, into: &newImage)
        var result: Pixmap
        let isFade = !["moveIn", "push", "reveal"].contains(t.type)
        if isFade {
            Self.crossDissolve(&oldImage, newImage, progress: p)
            result = oldImage
            pool.give(newImage)
        } else {
            // The one on top is composited onto the other, which becomes the result.
            let whole = PixelRect(width: boundsArea.width, height: boundsArea.height)
            if oldOnTop {
                newImage.withMutableRegion { region in
                    var target = CompositorSurface(region: region, clip: whole)
                    composite(oldImage, at: whole, into: &target, alpha: 1)
                }
                pool.give(oldImage)
                result = newImage
            } else {
                oldImage.withMutableRegion { region in
                    var target = CompositorSurface(region: region, clip: whole)
                    composite(newImage, at: whole, into: &target, alpha: 1)
                }
                pool.give(newImage)
                result = oldImage
            }
        }
        // Within the bounds: composite through the bounds rectangle.
        var rect = Path()
        rect.addRect(s.bounds)
        let pattern = ImagePattern(image: result, transform: ProjectiveTransform(a: 1, b: 0, c: 0, d: 1, tx: Double(boundsArea.x),
                                                                                 ty: Double(boundsArea.y)),
                                   sampling: .nearest, tiling: .decal)
        surface.region.fill(rasterPath(rect, map), paint: .image(pattern), alpha: alpha, clip: .rect(boundsArea), using: &converter)
        pool.give(result)
    }

    /// `a` becomes a × (1 − p) + b × p, channel by channel (premultiplied).
    static func crossDissolve(_ a: inout Pixmap, _ b: Pixmap, progress p: Double) {
        let k = UInt32((p * 256).rounded()), j = 256 - k
        b.storage.withUnsafeBufferPointer { source in
            a.storage.withUnsafeMutableBufferPointer { target in
                for i in target.indices {
                    let x = target[i], y = source[i]
                    guard x != y else { continue }
                    var out: UInt32 = 0
                    for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
                        let c = (((x >> shift) & 0xFF) * j + ((y >> shift) & 0xFF) * k + 128) >> 8
                        out |= min(c, 255) << shift
                    }
                    target[i] = out
                }
            }
        }
    }
}
