// Path+Stroke: the public entry to stroking (outline as a fillable path).
//
// Audited against: CGContext.strokePath (the pen is in user space: the line width, caps, joins
// and dash are applied before the CTM, so a non-uniform CTM stretches the pen) and
// CGPath.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:) ("filling the new path
// draws the same pixels as stroking the original path"). Status: complete.
//
// Choices where Apple is silent (or where the behaviour was checked against Skia as the
// independent reference, References/path_stroke.json):
//   - A subpath of zero length (a move followed by lines to the same point, or by a close) draws
//     a disc with round caps, an x-axis-aligned square with square caps, nothing with butt caps;
//     a lone move draws nothing. Zero-length dashes draw the same shapes, squares turned along
//     the path.
//   - A 180° turn: a round join draws the half disc; miter and bevel draw nothing beyond the line
//     (the miter is infinitely long, so it is always over the limit).
//   - Miter limit comparison: a miter is kept when length / width ≤ miterLimit (beveled only when
//     it "exceeds" it, as the docs word it).
//   - Hairline (width 0): `stroked` returns the outline of a line one device pixel wide (caps and
//     joins as given), built in device space; a rasterizer that can draw true hairlines checks
//     `StrokeStyle.isHairline` instead. Core Graphics draws "the thinnest line the device can
//     show".
//   - Zero-length segments inside a subpath are skipped (they neither join nor cap).

import KinemaSupport
import Foundation

extension Path {
    /// The outline of this path's stroke, mapped by `transform`: fill it with the non-zero rule
    /// to paint the stroke (`CGContext.strokePath` with CTM `transform`).
    ///
    /// ```swift
    /// var p = Path(); p.move(to: .zero); p.addLine(to: CGPoint(x: 100, y: 0))
    /// let outline = p.stroked(StrokeStyle(width: 10, cap: .round))
    /// outline.contains(CGPoint(x: 104, y: 0))   // true: inside the round cap
    /// ```
    ///
    /// The pen works in user space (the path's own space) and the finished outline is mapped by
    /// `transform`, so a non-uniform transform stretches the pen as Core Graphics does.
    /// `tolerance` is the largest distance, in the mapped (device) space, between the outline and
    /// the exact stroke of the path's Béziers (the user-space tolerance is `tolerance /
    /// transform.maxScale`). The result holds only lines: one closed subpath per open subpath (or
    /// dash), two per closed subpath, one per dot.
    ///
    /// Bad input: a negative or non-finite width strokes nothing; a non-finite or negative miter
    /// limit uses 10; a non-positive tolerance uses 0.25 — each with a diagnostic.
    /// With `box` (in the mapped space: a canvas), only what can reach it is stroked — subpaths
    /// and curves whose pen cannot reach it are dropped or become chords (Path+StrokeCulling.swift)
    /// — so the outline fills the box exactly as the full one does but is not the whole stroke.
    /// Cost: O(output points); see Stroker.swift.
    public func stroked(_ style: StrokeStyle, transform: PathTransform = .identity, tolerance: Double = 0.25,
                        keeping box: CGRect? = nil) -> Path {
        let tol = PathFlattener.checkedTolerance(tolerance, "stroked(_:transform:tolerance:)")
        guard style.width.isFinite, style.width >= 0 else {
            KinemaDiagnostics.emit("CGPath", "stroke width \(style.width) is negative or not finite; nothing is stroked")
            return Path()
        }
        guard transform.isFinite else {
            KinemaDiagnostics.emit("CGPath", "stroke transform is not finite; nothing is stroked")
            return Path()
        }
        var miterLimit = style.miterLimit
        if !(miterLimit.isFinite && miterLimit >= 0) {
            KinemaDiagnostics.emit("CGPath", "miter limit \(miterLimit) is negative or not finite; using 10")
            miterLimit = 10
        }
        // The dash runs in user space, before the transform.
        var source = self
        var dotDirections: [Int: PathVector] = [:]
        if let dash = style.dash, let dashed = dashed(dash) {
            source = dashed.path
            dotDirections = dashed.dotDirections
        }
        if let box, !box.isNull, !box.isInfinite {
            // Hairlines are one device pixel wide; otherwise the pen's reach, mapped.
            let pen = style.width == 0 ? 0.5 : style.width / 2 * transform.maxScale
            let reach = pen * max(miterLimit, 1.5) + 2
            if reach.isFinite {
                let culled = source.culledForStroking(keeping: box, transform: transform, reach: reach, tolerance: tol)
                source = culled.path
                if !dotDirections.isEmpty {
                    var renumbered: [Int: PathVector] = [:]
                    for (new, old) in culled.keptSubpaths.enumerated() { renumbered[new] = dotDirections[old] }
                    dotDirections = renumbered
                }
            }
        }
        var stroker: Stroker
        if style.width == 0 {
            // Hairline: one device pixel wide, built in device space.
            source = source.applying(transform)
            if !dotDirections.isEmpty {
                dotDirections = dotDirections.compactMapValues { d in
                    PathVector(transform.a * d.x + transform.c * d.y, transform.b * d.x + transform.d * d.y).normalized
                }
            }
            stroker = Stroker(halfWidth: 0.5, cap: style.cap, join: style.join, miterLimit: miterLimit,
                              tolerance: Self.budgetedStrokeTolerance(source, tol), transform: .identity)
        } else {
            let userTolerance = transform.userTolerance(forDeviceTolerance: tol)
            stroker = Stroker(halfWidth: style.width / 2, cap: style.cap, join: style.join, miterLimit: miterLimit,
                              tolerance: Self.budgetedStrokeTolerance(source, userTolerance), transform: transform)
        }
        stroker.dotDirections = dotDirections
        stroker.stroke(source)
        return stroker.out
    }

    /// Most chords one stroke's curves may be cut into (at the requested tolerance, before the
    /// stroker's own refinement) before the tolerance is raised: a work budget, as
    /// `DashPattern.maxDashCount` is for dashes. A million chords is an outline of a few million
    /// points; no drawing that fits a screen at a quarter-pixel tolerance needs more.
    public static let maxStrokeCurveChords = 1_000_000

    /// `tolerance` (in `path`'s space), or a coarser one — raised 16× at a time, each step
    /// about a quarter of the chords — when the curves of `path` would flatten to more than
    /// `maxStrokeCurveChords` chords at it, with a diagnostic. A path whose curves stretch a
    /// huge transform's pen (10⁹ px a point) over a tiny canvas asked for billions of chords at
    /// 2.5·10⁻¹⁰ user units (a fuzz input: 3.4 GB and 35 s for a 48 × 48 canvas).
    static func budgetedStrokeTolerance(_ path: Path, _ tolerance: Double) -> Double {
        // The count includes the lines, so a path under the budget is known after one pass (the
        // usual stroke); only then are the lines and one chord a curve (`floor`, what every
        // tolerance gives) taken off.
        var chords = path.flattenedSegmentCount(tolerance: tolerance)
        guard chords > maxStrokeCurveChords else { return tolerance }
        let floor = path.flattenedSegmentCount(tolerance: .infinity)
        chords -= floor
        guard chords > maxStrokeCurveChords else { return tolerance }
        var raised = tolerance
        for _ in 0 ..< 32 where chords > maxStrokeCurveChords && raised.isFinite {
            raised *= 16
            chords = path.flattenedSegmentCount(tolerance: raised) - floor
        }
        KinemaDiagnostics.emit("CGPath", "the stroke's curves would need more than \(maxStrokeCurveChords) chords at tolerance "
            + "\(tolerance); stroked at \(raised) instead")
        return raised.isFinite ? raised : tolerance
    }

    /// `stroked(_:transform:tolerance:)` with the style's fields spelled out (the shape of
    /// `CGPath.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:)` plus a dash).
    public func stroked(
        width: Double, cap: StrokeLineCap = .butt, join: StrokeLineJoin = .miter, miterLimit: Double = 10,
        dashPhase: Double = 0, dashLengths: [Double] = [], transform: PathTransform = .identity, tolerance: Double = 0.25
    ) -> Path {
        stroked(StrokeStyle(width: width, cap: cap, join: join, miterLimit: miterLimit,
                            dashPhase: dashPhase, dashLengths: dashLengths),
                transform: transform, tolerance: tolerance)
    }
}
