// Path+Shapes: rectangles, rounded rectangles, ellipses and polylines.
//
// Audited against: CGPathAddRect / CGMutablePath.addRect(_:transform:), addRects, addLines,
// addRoundedRect(in:cornerWidth:cornerHeight:transform:), addEllipse(in:transform:) docs.
// Status: complete. Choices where Apple is silent are written on each method.
//
// Orientation: every closed shape here runs with increasing angle in y-up space —
// counterclockwise as Core Graphics draws in its own (y-up) space, clockwise on a flipped UIKit
// screen. The CGPathAddRect doc says "counter-clockwise"; the rounded-rect and ellipse docs say
// "clockwise", and UIBezierPath's doc explains that word as "relative to the default coordinate
// system", UIKit's y-down one. One orientation for all shapes keeps non-zero unions of shapes
// (a rect with an ellipse inside) filling as they do on Apple platforms.

import KinemaSupport
import Foundation

/// The radii of the four corners of a rounded rectangle, each an ellipse quadrant of
/// `width` × `height`. Corners are named by the rectangle's edges they touch, so they mean the
/// same thing in y-up and y-down spaces (UIKit's `.topLeft` is `minXMinY` in a flipped context).
public struct PathCornerRadii: Sendable, Hashable {
    public var minXMinY: CGSize
    public var maxXMinY: CGSize
    public var maxXMaxY: CGSize
    public var minXMaxY: CGSize

    public init(minXMinY: CGSize, maxXMinY: CGSize, maxXMaxY: CGSize, minXMaxY: CGSize) {
        self.minXMinY = minXMinY; self.maxXMinY = maxXMinY; self.maxXMaxY = maxXMaxY; self.minXMaxY = minXMaxY
    }

    /// The same radii at every corner.
    public init(uniform size: CGSize) {
        self.init(minXMinY: size, maxXMinY: size, maxXMaxY: size, minXMaxY: size)
    }
}

extension Path {
    /// Control-arm length of a quarter circle of radius 1: 4/3·(√2 − 1) = 4/3·tan(π/8).
    static let quarterArcK = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// The finite, standardized corners of `rect`, or nil (after a diagnostic) for a null or
    /// non-finite rectangle.
    fileprivate func standardized(_ rect: CGRect, _ operation: String) -> (PathVector, PathVector)? {
        guard !rect.isNull, Double(rect.origin.x).isFinite, Double(rect.origin.y).isFinite,
              Double(rect.width).isFinite, Double(rect.height).isFinite else {
            dropped("\(operation) with a null or non-finite rectangle")
            return nil
        }
        let r = rect.standardized
        return (PathVector(Double(r.minX), Double(r.minY)), PathVector(Double(r.maxX), Double(r.maxY)))
    }

    /// Appends a closed rectangle: a move to the corner (minX, minY), then lines through
    /// (maxX, minY), (maxX, maxY), (minX, maxY), then a close (CGPathAddRect: "starting by moving
    /// to the bottom left corner and then adding lines counter-clockwise").
    ///
    /// A rectangle with negative size is standardized first (Apple is silent), so the
    /// orientation never flips.
    public mutating func addRect(_ rect: CGRect, transform: PathTransform = .identity) {
        guard let (lo, hi) = standardized(rect, "addRect(_:)") else { return }
        appendPolygon([lo, PathVector(hi.x, lo.y), hi, PathVector(lo.x, hi.y)], transform: transform, "addRect(_:)")
    }

    /// Appends each rectangle with `addRect`.
    public mutating func addRects(_ rects: [CGRect], transform: PathTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Moves to the first point and adds lines through the rest (CGPathAddLines). An empty array
    /// adds nothing; non-finite points are dropped with a diagnostic.
    public mutating func addLines(between points: [CGPoint], transform: PathTransform = .identity) {
        var first = true
        var droppedAny = false
        for p in points {
            let m = transform.apply(PathVector(p))
            guard m.isFinite else { droppedAny = true; continue }
            if first { appendMove(m); first = false } else { appendLine(m) }
        }
        if droppedAny { dropped("addLines(between:) with a non-finite point") }
    }

    fileprivate mutating func appendPolygon(_ corners: [PathVector], transform: PathTransform, _ operation: String) {
        let mapped = corners.map { transform.apply($0) }
        guard mapped.allSatisfy(\.isFinite) else { return dropped("\(operation) mapped to a non-finite point") }
        appendMove(mapped[0])
        for p in mapped.dropFirst() { appendLine(p) }
        closeSubpath()
    }

    /// Appends a closed ellipse inscribed in `rect`, as four cubic Béziers (quarter arcs, control
    /// arms 4/3·(√2−1) of each semi-axis; radial error ≤ 2.7e-4 of the semi-axis).
    ///
    /// It starts with a move to (maxX, midY) and runs with increasing angle through (midX, maxY),
    /// (minX, midY), (midX, minY), then closes — the element sequence Core Graphics produces
    /// for `CGPath(ellipseIn:)` (counterclockwise in y-up space, "clockwise" on a UIKit screen, as
    /// the docs word it). A rectangle of zero width or height gives a degenerate (flat) ellipse.
    public mutating func addEllipse(in rect: CGRect, transform: PathTransform = .identity) {
        guard let (lo, hi) = standardized(rect, "addEllipse(in:)") else { return }
        let c = (lo + hi) * 0.5
        let rx = (hi.x - lo.x) / 2, ry = (hi.y - lo.y) / 2
        let kx = Self.quarterArcK * rx, ky = Self.quarterArcK * ry
        let e = PathVector(hi.x, c.y), n = PathVector(c.x, hi.y), w = PathVector(lo.x, c.y), s = PathVector(c.x, lo.y)
        let pieces: [(PathVector, PathVector, PathVector)] = [
            (PathVector(e.x, e.y + ky), PathVector(n.x + kx, n.y), n),
            (PathVector(n.x - kx, n.y), PathVector(w.x, w.y + ky), w),
            (PathVector(w.x, w.y - ky), PathVector(s.x - kx, s.y), s),
            (PathVector(s.x + kx, s.y), PathVector(e.x, e.y - ky), e),
        ]
        let start = transform.apply(e)
        var mapped: [(PathVector, PathVector, PathVector)] = []
        mapped.reserveCapacity(4)
        for (a, b, d) in pieces { mapped.append((transform.apply(a), transform.apply(b), transform.apply(d))) }
        guard start.isFinite, mapped.allSatisfy({ $0.0.isFinite && $0.1.isFinite && $0.2.isFinite }) else {
            return dropped("addEllipse(in:) mapped to a non-finite point")
        }
        appendMove(start)
        for (a, b, d) in mapped { appendCubic(a, b, d) }
        closeSubpath()
    }

    /// Appends a closed rounded rectangle whose corners are quarter ellipses of
    /// `cornerWidth` × `cornerHeight` (CGMutablePath.addRoundedRect).
    ///
    /// Core Graphics requires `0 ≤ cornerWidth ≤ width/2` and `0 ≤ cornerHeight ≤ height/2` and
    /// traps otherwise; Kinema clamps into that range with a diagnostic. A zero corner width or
    /// height gives a plain rectangle (starting at (minX, minY)). The subpath starts with a move to
    /// (minX + cornerWidth, minY) and runs in the same direction as `addRect` (Apple does not
    /// document the start point; this one keeps `addRect`'s start corner and direction).
    public mutating func addRoundedRect(
        in rect: CGRect, cornerWidth: Double, cornerHeight: Double, transform: PathTransform = .identity
    ) {
        let op = "addRoundedRect(in:cornerWidth:cornerHeight:)"
        guard let (lo, hi) = standardized(rect, op) else { return }
        guard cornerWidth.isFinite, cornerHeight.isFinite else { return dropped("\(op) with a non-finite corner size") }
        let maxW = (hi.x - lo.x) / 2, maxH = (hi.y - lo.y) / 2
        let w = min(max(cornerWidth, 0), maxW), h = min(max(cornerHeight, 0), maxH)
        if w != cornerWidth || h != cornerHeight {
            KinemaDiagnostics.emit("CGPath", "\(op): corner size \(cornerWidth) × \(cornerHeight) is outside 0…half the rectangle; clamped to \(w) × \(h)")
        }
        let size = CGSize(width: w, height: h)
        appendRoundedRect(lo: lo, hi: hi, radii: PathCornerRadii(uniform: size), transform: transform, op)
    }

    /// Appends a closed rounded rectangle with its own radii at each corner (the geometry of
    /// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`, with the corners chosen by the
    /// caller; UIKit's corner names map to these in a flipped space).
    ///
    /// Negative radii count as 0. Where two radii along one side add up to more than the side,
    /// all radii are scaled down by one common factor until they fit (the CSS border-radius rule;
    /// Apple is silent), so a uniform radius is clamped to half the shorter side as UIKit does.
    public mutating func addRoundedRect(in rect: CGRect, cornerRadii: PathCornerRadii, transform: PathTransform = .identity) {
        let op = "addRoundedRect(in:cornerRadii:)"
        guard let (lo, hi) = standardized(rect, op) else { return }
        func clean(_ s: CGSize) -> CGSize? {
            let w = Double(s.width), h = Double(s.height)
            guard w.isFinite, h.isFinite else { return nil }
            return CGSize(width: max(w, 0), height: max(h, 0))
        }
        guard let a = clean(cornerRadii.minXMinY), let b = clean(cornerRadii.maxXMinY),
              let c = clean(cornerRadii.maxXMaxY), let d = clean(cornerRadii.minXMaxY) else {
            return dropped("\(op) with a non-finite radius")
        }
        let width = hi.x - lo.x, height = hi.y - lo.y
        var f = 1.0
        func fit(_ side: Double, _ r1: CGFloat, _ r2: CGFloat) {
            let sum = Double(r1 + r2)
            if sum > side, sum > 0 { f = min(f, side / sum) }
        }
        fit(width, a.width, b.width); fit(width, d.width, c.width)
        fit(height, a.height, d.height); fit(height, b.height, c.height)
        func scaled(_ s: CGSize) -> CGSize {
            // Both components of a corner go to zero together, so a corner is either round or sharp.
            let w = Double(s.width) * f, h = Double(s.height) * f
            return (w > 0 && h > 0) ? CGSize(width: w, height: h) : .zero
        }
        let radii = PathCornerRadii(minXMinY: scaled(a), maxXMinY: scaled(b), maxXMaxY: scaled(c), minXMaxY: scaled(d))
        appendRoundedRect(lo: lo, hi: hi, radii: radii, transform: transform, op)
    }

    fileprivate mutating func appendRoundedRect(
        lo: PathVector, hi: PathVector, radii: PathCornerRadii, transform: PathTransform, _ op: String
    ) {
        let k = Self.quarterArcK
        let r0 = PathVector(Double(radii.minXMinY.width), Double(radii.minXMinY.height))
        let r1 = PathVector(Double(radii.maxXMinY.width), Double(radii.maxXMinY.height))
        let r2 = PathVector(Double(radii.maxXMaxY.width), Double(radii.maxXMaxY.height))
        let r3 = PathVector(Double(radii.minXMaxY.width), Double(radii.minXMaxY.height))
        if r0.x == 0, r1.x == 0, r2.x == 0, r3.x == 0 {
            return appendPolygon([lo, PathVector(hi.x, lo.y), hi, PathVector(lo.x, hi.y)], transform: transform, op)
        }
        // (corner point, its radii, the unit directions from the corner along the incoming and
        // outgoing sides), visited with increasing angle starting after the (minX, minY) corner.
        typealias Corner = (p: PathVector, r: PathVector, inDir: PathVector, outDir: PathVector)
        let corners: [Corner] = [
            (PathVector(hi.x, lo.y), r1, PathVector(-1, 0), PathVector(0, 1)),
            (hi, r2, PathVector(0, -1), PathVector(-1, 0)),
            (PathVector(lo.x, hi.y), r3, PathVector(1, 0), PathVector(0, -1)),
            (lo, r0, PathVector(0, 1), PathVector(1, 0)),
        ]
        var elements: [(PathVerb, PathVector, PathVector, PathVector)] = []
        elements.reserveCapacity(10)
        for corner in corners {
            let axisIn = corner.inDir.x != 0 ? corner.r.x : corner.r.y
            let axisOut = corner.outDir.x != 0 ? corner.r.x : corner.r.y
            let start = corner.p + axisIn * corner.inDir
            let end = corner.p + axisOut * corner.outDir
            elements.append((.line, start, start, start))
            if corner.r.x > 0 {
                let c1 = start - (k * axisIn) * corner.inDir
                let c2 = end - (k * axisOut) * corner.outDir
                elements.append((.cubic, c1, c2, end))
            }
        }
        let startPoint = lo + r0.x * PathVector(1, 0)
        let m0 = transform.apply(startPoint)
        var mapped = elements.map { ($0.0, transform.apply($0.1), transform.apply($0.2), transform.apply($0.3)) }
        guard m0.isFinite, mapped.allSatisfy({ $0.1.isFinite && $0.2.isFinite && $0.3.isFinite }) else {
            return dropped("\(op) mapped to a non-finite point")
        }
        appendMove(m0)
        var last = m0
        for i in mapped.indices {
            let (verb, a, b, c) = mapped[i]
            if verb == .line {
                if a != last { appendLine(a); last = a }
            } else {
                appendCubic(a, b, c); last = c
            }
        }
        mapped.removeAll()
        closeSubpath()
    }
}
