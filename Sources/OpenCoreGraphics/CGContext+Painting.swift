// CGContext+Painting: filling and stroking paths and shapes.
//
// Audited against: CGContext docs — fillPath(using:) ("Each subpath is treated as if it were
// closed … The current path is cleared as a side effect"), strokePath(), drawPath(using:),
// fill(_:) for a rectangle and an array of them, fillEllipse(in:), stroke(_:),
// stroke(_:width:), strokeEllipse(in:), strokeLineSegments(between:) ("pairs of points … each
// pair a line segment"), clear(_:) ("Paints a transparent rectangle"); each shape method clears
// the current path ("The current path is cleared as a side effect of calling this function").
// Status: complete. The pen lives in user space (a non-uniform CTM stretches it); line width 0
// draws a one-device-pixel hairline (see KinemaGeometry's Path+Stroke.swift).

import Foundation
import KinemaGeometry
import KinemaRaster

extension CGContext {
    /// Fills the current path (open subpaths closed) with the fill colour, then clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let path = currentPath
        currentPath.removeAll()
        fillRaster(path, rule: rule)
    }

    /// Strokes the current path with the stroke colour and line parameters, then clears it.
    public func strokePath() {
        let path = currentPath
        currentPath.removeAll()
        strokeRaster(path)
    }

    /// Fills and/or strokes the current path as `mode` says (fill first), then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        let path = currentPath
        currentPath.removeAll()
        switch mode {
        case .fill: fillRaster(path, rule: .winding)
        case .eoFill: fillRaster(path, rule: .evenOdd)
        case .stroke: strokeRaster(path)
        case .fillStroke: fillRaster(path, rule: .winding); strokeRaster(path)
        case .eoFillStroke: fillRaster(path, rule: .evenOdd); strokeRaster(path)
        }
    }

    /// Fills `rect` (user space) with the fill colour; clears the current path.
    public func fill(_ rect: CGRect) { fill([rect]) }

    /// Fills each of `rects` with the fill colour; clears the current path.
    public func fill(_ rects: [CGRect]) {
        currentPath.removeAll()
        var path = Path()
        path.addRects(rects, transform: userToRaster)
        fillRaster(path, rule: .winding)
    }

    /// Fills the ellipse inscribed in `rect`; clears the current path.
    public func fillEllipse(in rect: CGRect) {
        currentPath.removeAll()
        var path = Path()
        path.addEllipse(in: rect, transform: userToRaster)
        fillRaster(path, rule: .winding)
    }

    /// Strokes `rect` with the stroke colour and line parameters; clears the current path.
    public func stroke(_ rect: CGRect) {
        currentPath.removeAll()
        var path = Path()
        path.addRect(rect, transform: userToRaster)
        strokeRaster(path)
    }

    /// Strokes `rect` with line width `width` (the state's width is unchanged afterwards).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.lineWidth
        setLineWidth(width)
        stroke(rect)
        state.lineWidth = saved
    }

    /// Strokes the ellipse inscribed in `rect`; clears the current path.
    public func strokeEllipse(in rect: CGRect) {
        currentPath.removeAll()
        var path = Path()
        path.addEllipse(in: rect, transform: userToRaster)
        strokeRaster(path)
    }

    /// Strokes one segment per pair of points (an odd last point is ignored); clears the path.
    public func strokeLineSegments(between points: [CGPoint]) {
        currentPath.removeAll()
        var path = Path()
        let transform = userToRaster
        for i in stride(from: 0, to: points.count - 1, by: 2) {
            path.move(to: points[i], transform: transform)
            path.addLine(to: points[i + 1], transform: transform)
        }
        strokeRaster(path)
    }

    /// Makes `rect` (user space, under the clip) transparent, whatever the alpha, blend mode or
    /// shadow. Pixels the rectangle covers in part lose that part of their colour.
    public func clear(_ rect: CGRect) {
        var path = Path()
        path.addRect(rect, transform: userToRaster)
        let source = DrawSource.shape(contours(of: path), .solid(.clear), .winding)
        let clipArea = state.clip.pixelBounds(in: canvas)
        guard let extent = extent(of: source) else { return }
        let dirty = extent.intersection(clipArea)
        guard !dirty.isEmpty else { return }
        composite(source, dirty: dirty, alpha: 1, mode: .clear, clip: state.clip.rasterClip)
    }

    // MARK: Internal

    func fillRaster(_ path: Path, rule: CGPathFillRule) {
        guard !path.isEmpty else { return }
        paint(.shape(contours(of: path), .solid(state.fillColor.paintColor), rule))
    }

    func strokeRaster(_ path: Path) {
        guard let outline = strokeOutline(of: path, keeping: cullingBox), !outline.isEmpty else { return }
        paint(.shape(contours(of: outline), .solid(state.strokeColor.paintColor), .winding))
    }
}
