// Path+Arcs: circular arcs by centre and angles, by relative sweep, and by tangents.
//
// Audited against: CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:),
// addRelativeArc(center:radius:startAngle:delta:transform:),
// addArc(tangent1End:tangent2End:radius:transform:) and CGContextAddArcToPoint docs.
// Status: complete. Where the docs are silent (how end < start wraps, sweeps of 2π or more,
// negative radii, a tangent arc without a current point) the choice is written on the method.
//
// Each arc is approximated by cubic Béziers of at most 90° each, with control arms
// k = 4/3·tan(θ/4) of the radius. For a 90° piece the curve stays within 2.7e-4 × radius of the
// true circle (the radial error peaks at ≈ 2.725e-4·r); smaller pieces do better (∝ θ⁶).

import KinemaSupport
import Foundation

extension Path {
    /// Largest sweep of one cubic piece of an arc (a quarter turn).
    static let maxArcPieceAngle = Double.pi / 2

    /// Appends an arc of the circle about `center` from `startAngle` to `endAngle` (radians from
    /// the positive x axis), preceded by a line from the current point to the arc's start (or a
    /// move there when the path has no current point).
    ///
    /// `clockwise` is meant in Core Graphics' y-up space: `true` runs with decreasing angle, so
    /// in a flipped (UIKit) space the arc looks counterclockwise.
    ///
    /// The sweep follows the HTML canvas rule, which matches Core Graphics' observable results:
    /// counterclockwise, a difference `endAngle − startAngle ≥ 2π` draws the full circle, and
    /// otherwise the sweep is that difference reduced into [0, 2π) (so `end < start` wraps round);
    /// clockwise mirrors this. A zero sweep adds only the line (or move) to the start point.
    /// A negative or non-finite radius, or non-finite angles, add nothing (with a diagnostic).
    public mutating func addArc(
        center: CGPoint, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool,
        transform: PathTransform = .identity
    ) {
        guard startAngle.isFinite, endAngle.isFinite else {
            return dropped("addArc(center:radius:startAngle:endAngle:clockwise:) with a non-finite angle")
        }
        let twoPi = 2 * Double.pi
        let sweep: Double
        if clockwise {
            let diff = startAngle - endAngle
            sweep = diff >= twoPi ? -twoPi : -Self.reduceAngle(diff)
        } else {
            let diff = endAngle - startAngle
            sweep = diff >= twoPi ? twoPi : Self.reduceAngle(diff)
        }
        appendArc(center: PathVector(center), radius: radius, startAngle: startAngle, sweep: sweep,
                  transform: transform, operation: "addArc(center:radius:startAngle:endAngle:clockwise:)")
    }

    /// Appends an arc of the circle about `center` starting at `startAngle` and sweeping `delta`
    /// radians (positive: counterclockwise in y-up space), preceded by a line from the current
    /// point as in `addArc`. Sweeps beyond ±2π keep winding round (the sweep is not reduced).
    public mutating func addRelativeArc(
        center: CGPoint, radius: Double, startAngle: Double, delta: Double, transform: PathTransform = .identity
    ) {
        guard startAngle.isFinite, delta.isFinite else {
            return dropped("addRelativeArc(center:radius:startAngle:delta:) with a non-finite angle")
        }
        appendArc(center: PathVector(center), radius: radius, startAngle: startAngle, sweep: delta,
                  transform: transform, operation: "addRelativeArc(center:radius:startAngle:delta:)")
    }

    /// `angle` reduced into [0, 2π).
    static func reduceAngle(_ angle: Double) -> Double {
        let twoPi = 2 * Double.pi
        var r = angle.truncatingRemainder(dividingBy: twoPi)
        if r < 0 { r += twoPi }
        if r >= twoPi { r = 0 }
        return r
    }

    mutating func appendArc(
        center: PathVector, radius: Double, startAngle: Double, sweep: Double,
        transform: PathTransform, operation: String
    ) {
        guard center.isFinite, radius.isFinite else { return dropped("\(operation) with a non-finite center or radius") }
        guard radius >= 0 else {
            KinemaDiagnostics.emit("CGPath", "\(operation): negative radius \(radius); the arc is ignored")
            return
        }
        let start = center + radius * PathVector(cos(startAngle), sin(startAngle))
        let s = transform.apply(start)
        guard s.isFinite else { return dropped("\(operation) mapped to a non-finite point") }
        if let current = currentVector {
            if current != s || lastSubpathClosed { appendLine(s) }
        } else {
            appendMove(s)
        }
        // Cap the piece count so a huge relative sweep cannot exhaust memory: past 16 full turns
        // the sweep is cut to 16 turns plus its remainder (same end point), with a diagnostic.
        var sweep = sweep
        let maxSweep = 32 * Double.pi
        if abs(sweep) > maxSweep {
            KinemaDiagnostics.emit("CGPath", "\(operation): sweep \(sweep) is more than 16 turns; drawing 16 turns and the remainder")
            sweep = (sweep < 0 ? -1 : 1) * (maxSweep - 2 * Double.pi + Self.reduceAngle(abs(sweep)))
        }
        let pieces = Int((abs(sweep) / Self.maxArcPieceAngle).rounded(.up))
        guard pieces > 0, radius > 0 else { return }
        let theta = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(theta / 4)
        var a0 = startAngle
        var p0 = start
        for i in 1...pieces {
            let a1 = i == pieces ? startAngle + sweep : startAngle + theta * Double(i)
            let u0 = PathVector(cos(a0), sin(a0)), u1 = PathVector(cos(a1), sin(a1))
            let p1 = center + radius * u1
            let c1 = p0 + (k * radius) * u0.leftNormal
            let c2 = p1 - (k * radius) * u1.leftNormal
            let m1 = transform.apply(c1), m2 = transform.apply(c2), e = transform.apply(p1)
            guard m1.isFinite, m2.isFinite, e.isFinite else { return dropped("\(operation) mapped to a non-finite point") }
            appendCubic(m1, m2, e)
            a0 = a1; p0 = p1
        }
    }

    /// Appends an arc of `radius` tangent to the line from the current point to `tangent1End` and
    /// to the line from `tangent1End` to `tangent2End`, preceded by a line from the current point
    /// to the arc's start when they differ (CGContextAddArcToPoint semantics). The arc's end,
    /// on the second line, becomes the current point; its sweep is always below 180°.
    ///
    /// Degenerate cases (Apple is silent; this follows PostScript `arct` and the HTML canvas):
    /// a zero radius, a current point equal to `tangent1End`, `tangent1End` equal to
    /// `tangent2End`, or the three points collinear → a line to `tangent1End`. With no current
    /// point (Core Graphics requires one) or a negative radius the call is ignored with a diagnostic.
    public mutating func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: Double, transform: PathTransform = .identity
    ) {
        let op = "addArc(tangent1End:tangent2End:radius:)"
        let p1 = PathVector(tangent1End), p2 = PathVector(tangent2End)
        guard p1.isFinite, p2.isFinite, radius.isFinite else { return dropped("\(op) with a non-finite argument") }
        guard radius >= 0 else {
            KinemaDiagnostics.emit("CGPath", "\(op): negative radius \(radius); the arc is ignored")
            return
        }
        guard let currentMapped = currentVector else {
            KinemaDiagnostics.emit("CGPath", "\(op): no current point; the arc is ignored")
            return
        }
        // The current point is stored in the path's (mapped) space; bring it back to user space.
        guard let p0 = transform.inverseApply(currentMapped) else {
            KinemaDiagnostics.emit("CGPath", "\(op): the transform is not invertible; the arc is ignored")
            return
        }
        let lineToP1 = { (path: inout Path) in
            let m = transform.apply(p1)
            guard m.isFinite else { return path.dropped("\(op) mapped to a non-finite point") }
            path.appendLine(m)
        }
        guard radius > 0, let u = (p0 - p1).normalized, let v = (p2 - p1).normalized else {
            return lineToP1(&self)
        }
        let cosAlpha = max(-1, min(1, u.dot(v)))
        let sinAlpha = abs(u.cross(v))
        // Collinear within rounding: no circle of finite radius touches both lines at distinct points.
        guard sinAlpha > 1e-12 else { return lineToP1(&self) }
        let alpha = atan2(sinAlpha, cosAlpha)                 // angle between the two lines at p1
        let tangentDistance = radius / tan(alpha / 2)
        let t1 = p1 + tangentDistance * u
        let bisector = (u + v).normalized ?? u.leftNormal
        let center = p1 + (radius / sin(alpha / 2)) * bisector
        // Travelling p0 → p1 then turning toward p2: a left turn sweeps counterclockwise.
        let turnsLeft = (-u).cross(v) > 0
        let sweep = (turnsLeft ? 1.0 : -1.0) * (Double.pi - alpha)
        let startAngle = atan2(t1.y - center.y, t1.x - center.x)
        appendArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep,
                  transform: transform, operation: op)
    }
}

extension PathTransform {
    /// Maps a point by the inverse map, or nil when the map is not invertible.
    func inverseApply(_ p: PathVector) -> PathVector? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let x = p.x - tx, y = p.y - ty
        let r = PathVector((d * x - c * y) / det, (-b * x + a * y) / det)
        return r.isFinite ? r : nil
    }
}
