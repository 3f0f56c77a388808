// CompositorPainter+Projection: drawing a layer whose map to the screen has perspective — the layer
// (with its flattened sublayers) rendered flat into an offscreen, then drawn as a textured quad
// through the projective map.
//
// Audited against: Core Animation Programming Guide → "Layers Can Be Manipulated in Three
//   Dimensions" (m34 perspective, sublayerTransform for a shared eye position); CALayer
//   .transform, sublayerTransform. Status: complete. Choices (docs/COMPOSITOR.md): the
//   offscreen's resolution is the projected quad's larger pixel extent (at most 2048) over the
//   layer's larger side (× 1.25 for texture detail, at most 2048 pixels a side, at least 1/16 pixel per point);
//   the quad is clipped in homogeneous coordinates at w = 1e-4 before the divide, so a layer
//   reaching behind the eye shows only its part in front; a perspective layer's opacity always
//   applies to it as a group.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaTiming
import OpenCoreGraphics

extension CompositorPainter {
    /// The largest side of a perspective layer's offscreen, in pixels.
    static let maximumProjectedSide = 2048.0

    /// The corners of `rect` mapped by `projection`, clipped to w ≥ `nearPlaneW` in homogeneous
    /// coordinates (Sutherland–Hodgman against one plane), then divided: the visible polygon.
    static func projectedPolygon(_ rect: CGRect, _ projection: PlaneProjection) -> [CGPoint] {
        let (rx, ry, rw) = projection.rows
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        let homogeneous = corners.map { Double($0.x) * rx + Double($0.y) * ry + rw }
        var clipped: [SIMD3<Double>] = []
        for i in homogeneous.indices {
            let a = homogeneous[i], b = homogeneous[(i + 1) % homogeneous.count]
            let aIn = a.z >= nearPlaneW, bIn = b.z >= nearPlaneW
            if aIn { clipped.append(a) }
            if aIn != bIn {
                let t = (nearPlaneW - a.z) / (b.z - a.z)
                clipped.append(a + (b - a) * t)
            }
        }
        return clipped.compactMap { h in
            let p = CGPoint(x: h.x / h.z, y: h.y / h.z)
            return p.x.isFinite && p.y.isFinite ? p : nil
        }
    }

    /// Draws a layer with a non-affine map: offscreen in its own plane, then a projective quad.
    func paintProjected(_ layer: CompositeLayer, _ projection: PlaneProjection, surface: inout CompositorSurface,
                        alpha: Float) {
        guard let extent = subtreeBox(layer, .identity), !extent.isInfinite, extent.width > 0, extent.height > 0 else { return }
        let polygon = Self.projectedPolygon(extent, projection)
        guard polygon.count >= 3 else { return }
        let xs = polygon.map { Double($0.x) }, ys = polygon.map { Double($0.y) }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return }
        let screenBox = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        guard Self.pixelArea(screenBox, within: surface.clip) != nil else { return }
        // Resolution: pixels per layer point, from the quad's extent (capped, so a quad reaching
        // to infinity near the eye does not ask for infinite detail). It does not depend on the
        // surface's clip, so every band of a frame samples the same texture.
        let along = min(max(x1 - x0, y1 - y0), Self.maximumProjectedSide), side = Double(max(extent.width, extent.height))
        var scale = max(along / side * 2, 1.0 / 16)
        scale = min(scale, Self.maximumProjectedSide / Double(extent.width), Self.maximumProjectedSide / Double(extent.height))
        guard scale.isFinite, scale > 0 else { return }
        let width = Int((Double(extent.width) * scale).rounded(.up)), height = Int((Double(extent.height) * scale).rounded(.up))
        guard width > 0, height > 0, var image = pool.take(width: width, height: height) else { return }
        // The extent fills the image exactly (its own scale per axis), so the image's edges are the
        // layer's edges: no half-covered texels there to darken the quad's anti-aliased edge a
        // second time, and clamped sampling repeats the edge texels rather than fading to clear.
        let scaleX = Double(width) / Double(extent.width), scaleY = Double(height) / Double(extent.height)
        let inner = PathTransform.translation(Double(-extent.minX), Double(-extent.minY)).concatenating(.scale(scaleX, scaleY))
        image.withMutableRegion { region in
            var offscreen = CompositorSurface(region: region, clip: PixelRect(width: width, height: height))
            paintFlat(layer, inner, surface: &offscreen, alpha: 1)
        }
        // Image pixel (u, v) → layer point (minX + u / scale, minY + v / scale) → surface.
        let imageToLayer = PlaneProjection(rows: (SIMD3(1 / scaleX, 0, 0), SIMD3(0, 1 / scaleY, 0),
                                                  SIMD3(Double(extent.minX), Double(extent.minY), 1)))
        let (rx, ry, rw) = imageToLayer.concatenating(projection).rows
        let transform = ProjectiveTransform(m11: rx.x, m12: ry.x, m13: rw.x, m21: rx.y, m22: ry.y, m23: rw.y,
                                            m31: rx.z, m32: ry.z, m33: rw.z)
        var quad = RasterPath()
        quad.addPolygon(polygon.map { DevicePoint(x: Double($0.x), y: Double($0.y)) })
        let pattern = ImagePattern(image: image, transform: transform, sampling: .bilinear, tiling: .clamp)
        surface.region.fill(quad, paint: .image(pattern), alpha: alpha, clip: .rect(surface.clip), using: &converter)
        pool.give(image)
    }
}
