// CGContext+Path: building and reading the context's current path.
//
// Audited against: CGContext docs — beginPath(), move(to:), addLine(to:), addLines(between:),
// addCurve(to:control1:control2:), addQuadCurve(to:control:), addArc(center:radius:startAngle:
// endAngle:clockwise:), addArc(tangent1End:tangent2End:radius:), addRect(_:), addRects(_:),
// addEllipse(in:), addPath(_:), closePath(), isPathEmpty, currentPointOfPath,
// boundingBoxOfPath ("including control points"), path, pathContains(_:mode:),
// replacePathWithStrokedPath(); the Quartz 2D guide: points are transformed by the CTM in effect
// when they are added ("the current path is … in device space"). Status: complete.

import Foundation
import KinemaGeometry
import KinemaSupport

extension CGContext {
    /// Empties the current path.
    public func beginPath() { currentPath.removeAll() }

    /// Begins a new subpath at `point`.
    public func move(to point: CGPoint) { currentPath.move(to: point, transform: userToRaster) }

    /// Appends a line from the current point.
    public func addLine(to point: CGPoint) { currentPath.addLine(to: point, transform: userToRaster) }

    /// Moves to the first point and adds lines through the others.
    public func addLines(between points: [CGPoint]) { currentPath.addLines(between: points, transform: userToRaster) }

    /// Appends a cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2, transform: userToRaster)
    }

    /// Appends a quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: end, control: control, transform: userToRaster)
    }

    /// Appends an arc (with a line from the current point to its start). `clockwise` is meant in
    /// user space with y up: `true` runs with decreasing angle — so in a flipped (UIKit) context
    /// it looks counterclockwise on screen, as Apple documents.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(center: center, radius: Double(radius), startAngle: Double(startAngle), endAngle: Double(endAngle),
                           clockwise: clockwise, transform: userToRaster)
    }

    /// Appends an arc tangent to the lines current point → `tangent1End` → `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        currentPath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: Double(radius), transform: userToRaster)
    }

    /// Appends a closed rectangle.
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect, transform: userToRaster) }

    /// Appends closed rectangles.
    public func addRects(_ rects: [CGRect]) { currentPath.addRects(rects, transform: userToRaster) }

    /// Appends a closed ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect, transform: userToRaster) }

    /// Appends `path`, mapped by the CTM.
    public func addPath(_ path: CGPath) { currentPath.addPath(path.kinemaPath, transform: userToRaster) }

    /// Closes the current subpath.
    public func closePath() { currentPath.closeSubpath() }

    /// Whether the current path is empty.
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point in user space; `.zero` when there is none (as Apple).
    public var currentPointOfPath: CGPoint {
        guard let p = currentPath.currentPoint, let inverse = userToRaster.inverse else { return .zero }
        return inverse.apply(to: p)
    }

    /// The current path's bounding box in user space, control points included; `CGRect.null`
    /// when the path is empty.
    public var boundingBoxOfPath: CGRect { userSpacePath?.controlPointBounds ?? .null }

    /// A copy of the current path in user space, or nil when it is empty.
    public var path: CGPath? { userSpacePath.map { CGPath(path: $0) } }

    /// Whether `point` (user space) would be painted by drawing the current path in `mode`.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        let p = userToRaster.apply(to: point)
        switch mode {
        case .fill: return currentPath.contains(p, rule: .winding)
        case .eoFill: return currentPath.contains(p, rule: .evenOdd)
        case .stroke: return strokeOutline(of: currentPath)?.contains(p) ?? false
        case .fillStroke:
            return currentPath.contains(p, rule: .winding) || (strokeOutline(of: currentPath)?.contains(p) ?? false)
        case .eoFillStroke:
            return currentPath.contains(p, rule: .evenOdd) || (strokeOutline(of: currentPath)?.contains(p) ?? false)
        }
    }

    /// Replaces the current path by the outline of its stroke with the current line parameters.
    public func replacePathWithStrokedPath() {
        currentPath = strokeOutline(of: currentPath) ?? Path()
    }

    /// The current path mapped back to user space, nil when empty or the CTM is singular.
    var userSpacePath: Path? {
        guard !currentPath.isEmpty, let inverse = userToRaster.inverse else { return nil }
        return currentPath.applying(inverse)
    }

    /// The raster-space outline of stroking a raster-space `path` with the current line width,
    /// caps, joins, miter limit and dash (pen in user space, as Core Graphics strokes); nil
    /// when the CTM is singular (with a diagnostic). With `box` (raster space), only what can
    /// reach the box is stroked (`Path.stroked(_:transform:tolerance:keeping:)`): for painting.
    func strokeOutline(of path: Path, keeping box: CGRect? = nil) -> Path? {
        guard !path.isEmpty else { return nil }
        let transform = userToRaster
        guard let inverse = transform.inverse else {
            KinemaDiagnostics.emit("CGContext", "stroke with a singular CTM \(state.ctm); nothing is stroked")
            return nil
        }
        var style = StrokeStyle(width: Double(state.lineWidth), cap: state.lineCap.engine, join: state.lineJoin.engine,
                                miterLimit: Double(state.miterLimit))
        if !state.dashLengths.isEmpty {
            style.dash = DashPattern(phase: Double(state.dashPhase), lengths: state.dashLengths.map(Double.init))
        }
        return path.applying(inverse).stroked(style, transform: transform, tolerance: flatteningTolerance, keeping: box)
    }
}
