// CompositorPainter+Gradient: CAGradientLayer's gradient, rendered into an image over the layer's bounds
// (in the layer's own axes, at the pixel density the layer is shown at) and drawn like contents.
//
// Audited against: CAGradientLayer colors, locations ("nil spreads the stops evenly"),
//   startPoint / endPoint ("in the unit coordinate space of the layer"), type; CAGradientLayerType
//   .axial, .radial (CAGradientLayer.h's note on the type: an ellipse centred at startPoint
//   whose width and height are twice endPoint − startPoint), .conic (the colours
//   sweep around startPoint, starting towards endPoint). Status: complete. Choices
//   (docs/COMPOSITOR.md): beyond the first and last stop the end colours continue; colours are
//   interpolated in straight alpha (as Kinema's CGGradient); the conic sweep runs clockwise on
//   screen (increasing angle in the layer's y-down space); angles and the radial ellipse are
//   measured in points, so a non-square layer's conic is not stretched; the gradient covers the
//   bounds and, like contents, is clipped to rounded corners only by masksToBounds.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaTiming
import OpenCoreGraphics

extension CompositorPainter {
    /// The largest side of a gradient image, in pixels.
    static let maximumGradientSide = 2048

    func paintGradient(_ id: UInt64, _ g: GradientLayerState, _ s: LayerState, _ map: PathTransform,
                       surface: inout CompositorSurface, alpha: Float) {
        let b = s.bounds
        guard let colors = g.colors, !colors.isEmpty, b.width > 0, b.height > 0 else { return }
        guard Self.pixelArea(Self.box(of: b, map), within: surface.clip) != nil else { return }
        let density = max(abs(map.determinant).squareRoot(), 1.0 / 64)
        // Pinned as Doubles first: bounds of 1e300 points (finite) or an infinite scale must not
        // reach Int's conversion, which traps.
        func side(_ length: CGFloat) -> Int {
            let pixels = (Double(length) * density).rounded(.up)
            guard pixels.isFinite else { return Self.maximumGradientSide }
            return Int(min(max(pixels, 1), Double(Self.maximumGradientSide)))
        }
        let width = side(b.width), height = side(b.height)
        let key = GradientKey(layer: id, gradient: g, width: width, height: height, size: b.size)
        guard let image = cache.gradient(key, make: { Self.gradientImage(g, colors: colors, size: b.size, width: width, height: height) })
        else { return }
        // CAGradientLayer docs: the gradient fills "the shape of the layer (including rounded
        // corners)" — clipped to the rounded bounds even without masksToBounds.
        let shape = s.cornerRadius > 0 ? CompositorOutline.bounds(of: s) : nil
        drawPiece(image, from: CGRect(x: 0, y: 0, width: width, height: height), to: b, map, sampling: .bilinear,
                  surface: &surface, alpha: alpha, shape: shape)
    }

    /// The gradient over a `size`-point rectangle, sampled at pixel centres of a
    /// `width` × `height` image.
    static func gradientImage(_ g: GradientLayerState, colors: [CGColor], size: CGSize, width: Int, height: Int) -> Pixmap? {
        guard var image = try? Pixmap(width: width, height: height) else { return nil }
        let n = colors.count
        var stops: [GradientStop] = []
        for (i, color) in colors.enumerated() {
            let location: Double
            if let locations = g.locations, i < locations.count {
                location = locations[i]
            } else {
                location = n == 1 ? 0 : Double(i) / Double(n - 1)
            }
            stops.append(GradientStop(location: Float(location), color: color.compositingColor))
        }
        let gradient = Gradient(stops: stops)
        let tableSize = 1024
        let table: [UInt32] = (0 ..< tableSize).map { i in
            gradient.color(at: Float(i) / Float(tableSize - 1)).premultiplied.packed
        }
        let w = Double(size.width), h = Double(size.height)
        let sx = Double(g.startPoint.x) * w, sy = Double(g.startPoint.y) * h
        let ex = Double(g.endPoint.x) * w, ey = Double(g.endPoint.y) * h
        let du = w / Double(width), dv = h / Double(height)
        let type = g.type
        let axisX = ex - sx, axisY = ey - sy
        let axisLength2 = axisX * axisX + axisY * axisY
        let rx = abs(axisX), ry = abs(axisY)
        let startAngle = atan2(axisY, axisX)
        image.storage.withUnsafeMutableBufferPointer { pixels in
            for v in 0 ..< height {
                let py = (Double(v) + 0.5) * dv - sy
                for u in 0 ..< width {
                    let px = (Double(u) + 0.5) * du - sx
                    var t: Double
                    switch type {
                    case .radial:
                        let qx = rx > 0 ? px / rx : (px == 0 ? 0 : .infinity)
                        let qy = ry > 0 ? py / ry : (py == 0 ? 0 : .infinity)
                        t = (qx * qx + qy * qy).squareRoot()
                    case .conic:
                        var angle = atan2(py, px) - startAngle
                        angle = angle.truncatingRemainder(dividingBy: 2 * .pi)
                        if angle < 0 { angle += 2 * .pi }
                        t = angle / (2 * .pi)
                    default:
                        t = axisLength2 > 0 ? (px * axisX + py * axisY) / axisLength2 : 0
                    }
                    if t.isNaN { t = 0 }
                    let index = Int(min(max(t, 0), 1) * Double(tableSize - 1) + 0.5)
                    pixels[v * width + u] = table[index]
                }
            }
        }
        return image
    }
}
