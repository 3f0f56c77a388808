// CompositorOutline: the shape of a layer's bounds — rounded corners (circular or continuous,
// only the masked corners) and the border ring inside it.
//
// Audited against: CALayer.cornerRadius ("setting the radius to a value greater than 0.0 causes
//   the layer to begin drawing rounded corners on its background"; contents are clipped only with
//   masksToBounds), maskedCorners, cornerCurve (CALayerCornerCurve.circular / .continuous),
//   borderWidth ("the border is drawn inset from the receiver’s bounds by the value specified
//   in this property. It is composited above the receiver’s contents and sublayers"). Status:
//   complete. Choices (docs/COMPOSITOR.md): radii larger than half a side are scaled down
//   together (as UIBezierPath/CSS); the border's inner edge uses radius − borderWidth; the
//   continuous corner is Kinema's own curve — one cubic per corner starting 1.528665·r from the
//   corner along each edge (the extent Apple's continuous corners are commonly measured to
//   have) with both control points 0.2715·r from the corner, chosen so the curve passes through
//   the circular corner's 45° point; Apple's exact curve is undocumented.

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

enum CompositorOutline {
    /// How far along each edge a continuous corner of radius r begins, over r.
    static let continuousExtent = 1.528665
    /// Where its control points lie along each edge, over r: (8 · (1 − 1/√2) − extent) / 3, so
    /// that the cubic's midpoint is the circular corner's midpoint.
    static let continuousControl = (8 * (1 - 1 / 2.0.squareRoot()) - continuousExtent) / 3

    /// The layer's bounds with its rounded corners (a plain rectangle without).
    static func bounds(of s: LayerState) -> Path {
        path(s.bounds, radius: Double(s.cornerRadius), corners: s.maskedCorners, curve: s.cornerCurve)
    }

    /// The border: the bounds' outline and, inside it, the same outline inset by borderWidth
    /// (radius − borderWidth), to fill even-odd.
    static func border(of s: LayerState) -> Path {
        var ring = bounds(of: s)
        let w = Double(s.borderWidth)
        let inner = s.bounds.insetBy(dx: CGFloat(w), dy: CGFloat(w))
        if inner.width > 0, inner.height > 0, !inner.isNull {
            ring.addPath(path(inner, radius: max(Double(s.cornerRadius) - w, 0), corners: s.maskedCorners, curve: s.cornerCurve))
        }
        return ring
    }

    /// A rectangle with radius `radius` at the `corners` given, circular or continuous.
    static func path(_ rect: CGRect, radius: Double, corners: CACornerMask, curve: CALayerCornerCurve) -> Path {
        var p = Path()
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return p }
        guard radius > 0, radius.isFinite, !corners.isEmpty else {
            p.addRect(rect)
            return p
        }
        if curve == .continuous {
            return continuous(rect, radius: radius, corners: corners)
        }
        func r(_ corner: CACornerMask) -> CGSize {
            corners.contains(corner) ? CGSize(width: radius, height: radius) : .zero
        }
        p.addRoundedRect(in: rect, cornerRadii: PathCornerRadii(minXMinY: r(.layerMinXMinYCorner), maxXMinY: r(.layerMaxXMinYCorner),
                                                               maxXMaxY: r(.layerMaxXMaxYCorner), minXMaxY: r(.layerMinXMaxYCorner)))
        return p
    }

    /// The continuous-curve outline (see the file header).
    static func continuous(_ rect: CGRect, radius: Double, corners: CACornerMask) -> Path {
        let w = Double(rect.width), h = Double(rect.height)
        // The corner's extent along an edge may not pass the edge's middle.
        let r = min(radius, min(w, h) / 2 / continuousExtent)
        let e = r * continuousExtent, c = r * continuousControl
        let x0 = Double(rect.minX), y0 = Double(rect.minY), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
        func pt(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }
        var p = Path()
        let tl = corners.contains(.layerMinXMinYCorner), tr = corners.contains(.layerMaxXMinYCorner)
        let br = corners.contains(.layerMaxXMaxYCorner), bl = corners.contains(.layerMinXMaxYCorner)
        p.move(to: pt(tl ? x0 + e : x0, y0))
        if tr {
            p.addLine(to: pt(x1 - e, y0))
            p.addCurve(to: pt(x1, y0 + e), control1: pt(x1 - c, y0), control2: pt(x1, y0 + c))
        } else {
            p.addLine(to: pt(x1, y0))
        }
        if br {
            p.addLine(to: pt(x1, y1 - e))
            p.addCurve(to: pt(x1 - e, y1), control1: pt(x1, y1 - c), control2: pt(x1 - c, y1))
        } else {
            p.addLine(to: pt(x1, y1))
        }
        if bl {
            p.addLine(to: pt(x0 + e, y1))
            p.addCurve(to: pt(x0, y1 - e), control1: pt(x0 + c, y1), control2: pt(x0, y1 - c))
        } else {
            p.addLine(to: pt(x0, y1))
        }
        if tl {
            p.addLine(to: pt(x0, y0 + e))
            p.addCurve(to: pt(x0 + e, y0), control1: pt(x0, y0 + c), control2: pt(x0 + c, y0))
        } else {
            p.addLine(to: pt(x0, y0))
        }
        p.closeSubpath()
        return p
    }
}
