// CompositorPainter+Shape: CAShapeLayer's path — filled, then stroked, trimmed by strokeStart/strokeEnd.
//
// Audited against: CAShapeLayer docs ("the shape is composited between the layer's contents and
//   its first sublayer"; path, fillColor, fillRule, strokeColor, lineWidth, lineCap, lineJoin,
//   miterLimit, lineDashPattern, lineDashPhase, strokeStart/strokeEnd "relative location at which
//   to begin/stop stroking the path … 0.0 represents the start of the path and 1.0 represents
//   the end"). Status: complete. Choices (docs/COMPOSITOR.md): the trim is by arc length over
//   the whole path (all subpaths in order), before dashing; lineWidth ≤ 0 strokes nothing; the
//   stroked outline is built in the layer's space (a non-uniform transform stretches the pen)
//   and cached per layer, path object and stroke properties.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaTiming
import OpenCoreGraphics

extension CompositorPainter {
    func paintShape(_ id: UInt64, _ shape: ShapeLayerState, _ map: PathTransform, surface: inout CompositorSurface,
                    alpha: Float) {
        guard let cgPath = shape.path else { return }
        let path = cgPath.kinemaPath
        if let fill = shape.fillColor?.compositingColor, fill.alpha > 0 {
            self.fill(path, map, color: fill, rule: shape.fillRule == .evenOdd ? .evenOdd : .winding, surface: &surface, alpha: alpha)
        }
        guard let stroke = shape.strokeColor?.compositingColor, stroke.alpha > 0, shape.lineWidth > 0,
              shape.lineWidth.isFinite else { return }
        let start = min(max(Double(shape.strokeStart), 0), 1), end = min(max(Double(shape.strokeEnd), 0), 1)
        guard end > start else { return }
        // The outline's tolerance in layer units, bucketed to a power of two so small scale
        // changes reuse the cached outline.
        let scale = max(map.maxScale, 1e-6)
        let tolerance = pow(2, (log2(Self.tolerance / scale)).rounded(.down))
        var keyed = shape
        keyed.path = nil
        keyed.fillColor = nil
        keyed.strokeColor = nil
        let key = OutlineKey(layer: id, path: cgPath, shape: keyed, tolerance: tolerance)
        // Flattened once a frame for all the bands (they share the map), and kept while the map stays.
        let raster = cache.rasterOutline(RasterOutlineKey(outline: key, map: map)) {
            rasterPath(strokeOutline(key, path, shape, start: start, end: end), map)
        }
        surface.region.fill(raster, color: stroke, rule: .winding, alpha: alpha, clip: .rect(surface.clip), using: &converter)
    }

    /// The stroked outline of `path` for `key` (cached per layer, path and stroke properties),
    /// trimmed to `start ..< end` of its length.
    func strokeOutline(_ key: OutlineKey, _ path: Path, _ shape: ShapeLayerState, start: Double, end: Double) -> Path {
        cache.outline(key) {
            var source = path
            if start > 0 || end < 1 {
                let measure = PathMeasure(path)
                source = measure.segment(from: start * measure.length, to: end * measure.length)
            }
            let style = StrokeStyle(width: Double(shape.lineWidth), cap: Self.cap(shape.lineCap), join: Self.join(shape.lineJoin),
                                    miterLimit: Double(shape.miterLimit), dashPhase: Double(shape.lineDashPhase),
                                    dashLengths: shape.lineDashPattern ?? [])
            return source.stroked(style, tolerance: key.tolerance)
        }
    }

    static func cap(_ cap: CAShapeLayerLineCap) -> StrokeLineCap {
        switch cap {
        case .round: .round
        case .square: .square
        default: .butt
        }
    }

    static func join(_ join: CAShapeLayerLineJoin) -> StrokeLineJoin {
        switch join {
        case .round: .round
        case .bevel: .bevel
        default: .miter
        }
    }
}
