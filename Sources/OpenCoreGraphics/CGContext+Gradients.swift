// CGContext+Gradients: axial and radial gradients over the clip region.
//
// Audited against: CGContext docs — drawLinearGradient(_:start:end:options:) ("fills the
// current clipping region", start and end in user space), drawRadialGradient(_:startCenter:
// startRadius:endCenter:endRadius:options:), CGGradientDrawingOptions. Status: complete for any
// CTM with linear gradients; radial gradients are exact under CTMs that keep circles circles
// (rotation, uniform scale, reflection, translation). Under a non-uniform or sheared CTM Apple
// draws ellipses; Kinema draws circles with the CTM's mean scale √|det| and reports it.
//
// Linear gradients under an affine CTM stay linear: t(p) = ((A⁻¹(p − s′)) · u) with u =
// (end − start) / |end − start|² in user space, which is p ↦ (p − s′) · A⁻ᵀu in raster space. So the
// engine gets start s′ = CTM(start) and end s′ + g / |g|² with g = A⁻ᵀu, which keeps the
// lines of constant colour where the CTM puts them even when it shears.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport

extension CGContext {
    /// Fills the clip region with `gradient` along start → end (user space).
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        let t = userToRaster
        let ux = Double(end.x - start.x), uy = Double(end.y - start.y)
        let lengthSquared = ux * ux + uy * uy
        let det = t.determinant
        guard lengthSquared > 0, lengthSquared.isFinite, det != 0, det.isFinite else {
            KinemaDiagnostics.emit("CGContext", "drawLinearGradient: start equals end, a point is not finite, or the CTM is singular; nothing drawn")
            return
        }
        let u = (x: ux / lengthSquared, y: uy / lengthSquared)
        // g = A⁻ᵀ u for A = [[a, c], [b, d]].
        let g = (x: (t.d * u.x - t.b * u.y) / det, y: (-t.c * u.x + t.a * u.y) / det)
        let gg = g.x * g.x + g.y * g.y
        let s = t.apply(to: start)
        let sx = Double(s.x), sy = Double(s.y)
        let e = (x: sx + g.x / gg, y: sy + g.y / gg)
        guard gg > 0, e.x.isFinite, e.y.isFinite, sx.isFinite, sy.isFinite else { return }
        let linear = LinearGradient(gradient.gradient, start: DevicePoint(x: sx, y: sy), end: DevicePoint(x: e.x, y: e.y),
                                    extends: options.engine)
        paintClipRegion(with: .linearGradient(linear))
    }

    /// Fills the clip region with `gradient` between two circles (user space).
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
                                   endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let t = userToRaster
        let scale = abs(t.determinant).squareRoot()
        guard scale > 0, scale.isFinite, startRadius.isFinite, endRadius.isFinite else {
            KinemaDiagnostics.emit("CGContext", "drawRadialGradient: the CTM is singular or a radius is not finite; nothing drawn")
            return
        }
        if !Self.keepsCircles(t) {
            KinemaDiagnostics.emit("CGContext", "drawRadialGradient under a non-uniform or sheared CTM: drawn with circles of the mean scale, not ellipses")
        }
        let c0 = t.apply(to: startCenter), c1 = t.apply(to: endCenter)
        let radial = RadialGradient(gradient.gradient, startCenter: DevicePoint(x: Double(c0.x), y: Double(c0.y)),
                                    startRadius: max(Double(startRadius), 0) * scale,
                                    endCenter: DevicePoint(x: Double(c1.x), y: Double(c1.y)),
                                    endRadius: max(Double(endRadius), 0) * scale, extends: options.engine)
        paintClipRegion(with: .radialGradient(radial))
    }

    /// Paints the whole clip region (its pixel bounds, narrowed by the clip itself) with `paint`.
    func paintClipRegion(with paint: Paint) {
        let area = state.clip.pixelBounds(in: canvas)
        guard !area.isEmpty else { return }
        let corners = [CGPoint(x: area.minX, y: area.minY), CGPoint(x: area.maxX, y: area.minY),
                       CGPoint(x: area.maxX, y: area.maxY), CGPoint(x: area.minX, y: area.maxY)]
        self.paint(.shape([PathContour(points: corners, isClosed: true)], paint, .winding))
    }

    /// Whether `t` maps circles to circles: its linear part is a scaled rotation or reflection.
    static func keepsCircles(_ t: PathTransform) -> Bool {
        let column1 = t.a * t.a + t.b * t.b, column2 = t.c * t.c + t.d * t.d
        let tolerance = 1e-9 * max(column1, column2)
        return abs(column1 - column2) <= tolerance && abs(t.a * t.c + t.b * t.d) <= tolerance
    }
}
