// Path+Flatten: curves to polylines within a stated distance.
//
// The bound. A polynomial curve B on [0, 1] cut into n equal parameter steps h = 1/n and replaced
// by the chords satisfies, for every t, |B(t) − L(t)| ≤ h²/8 · max|B''| (the linear-interpolation
// remainder, which holds for vector-valued curves in the Euclidean norm because its Peano kernel
// does not change sign). Both directions of the distance are covered: each curve point is within
// that of its chord point and vice versa.
//   - Cubic: B''(t) = 6[(1−t)·D0 + t·D1] with D0 = P0 − 2P1 + P2, D1 = P1 − 2P2 + P3, so
//     max|B''| ≤ 6·M with M = max(|D0|, |D1|), and the error is ≤ (3/4)·M/n².
//     n = ⌈√(3M / (4·tol))⌉.
//   - Quadratic: B'' = 2·D with D = P0 − 2P1 + P2, error ≤ |D|/(4n²), n = ⌈√(|D| / (4·tol))⌉.
// The count is capped at `maxSegmentsPerCurve` (a curve thousands of times larger than the
// tolerance); beyond the cap the bound no longer holds and the cap is what you get.
//
// Device-space flattening: affine maps commute with Bézier evaluation, so `flattened(tolerance:
// transform:)` maps the control points and flattens with the device tolerance. To flatten in user
// space and still meet a device tolerance (as stroking does), use
// `PathTransform.userTolerance(forDeviceTolerance:)`, which divides by the map's largest singular
// value.
//
// Cost: O(total segments), no allocation besides the output arrays (which grow geometrically).

import KinemaSupport
import Foundation

/// One flattened subpath: its polyline and whether the subpath was closed.
public struct PathContour: Sendable, Hashable {
    /// The polyline's points, starting at the subpath's move. A closed contour does not repeat its
    /// first point at the end unless the path itself did.
    public var points: [CGPoint]
    /// Whether the subpath ended with `closeSubpath`.
    public var isClosed: Bool

    public init(points: [CGPoint], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }
}

/// Receives the points of a flattened curve (static dispatch: conformers are specialised).
@usableFromInline
protocol PolylineSink {
    mutating func lineTo(_ p: PathVector)
}

@usableFromInline
enum PathFlattener {
    /// Most chords one curve is cut into (see the header: past it the tolerance is not met).
    @usableFromInline static let maxSegmentsPerCurve = 16_384

    /// Chords for a quadratic so every point is within `tolerance` (see the header for the bound).
    @inlinable static func quadSegments(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, tolerance: Double) -> Int {
        let dd = (p0 - 2 * p1 + p2).length
        return segmentCount((dd / (4 * tolerance)).squareRoot())
    }

    /// Chords for a cubic so every point is within `tolerance` (see the header for the bound).
    @inlinable static func cubicSegments(
        _ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector, tolerance: Double
    ) -> Int {
        let m = max((p0 - 2 * p1 + p2).length, (p1 - 2 * p2 + p3).length)
        return segmentCount((3 * m / (4 * tolerance)).squareRoot())
    }

    @inlinable static func segmentCount(_ x: Double) -> Int {
        // Clamp in Double first: converting a huge or NaN value to Int would trap.
        guard x.isFinite, x < Double(maxSegmentsPerCurve) else { return x.isNaN ? 1 : maxSegmentsPerCurve }
        return max(Int(x.rounded(.up)), 1)
    }

    /// Emits the chord end points of a quadratic (not p0; p2 exactly last).
    @inlinable static func flattenQuad<S: PolylineSink>(
        _ p0: PathVector, _ p1: PathVector, _ p2: PathVector, tolerance: Double, into sink: inout S
    ) {
        let n = quadSegments(p0, p1, p2, tolerance: tolerance)
        if n > 1 {
            // Power basis: B(t) = p0 + t·b + t²·a.
            let a = p0 - 2 * p1 + p2, b = 2 * (p1 - p0)
            let h = 1 / Double(n)
            for i in 1..<n {
                let t = Double(i) * h
                sink.lineTo(p0 + t * (b + t * a))
            }
        }
        sink.lineTo(p2)
    }

    /// Emits the chord end points of a cubic (not p0; p3 exactly last).
    @inlinable static func flattenCubic<S: PolylineSink>(
        _ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector, tolerance: Double, into sink: inout S
    ) {
        let n = cubicSegments(p0, p1, p2, p3, tolerance: tolerance)
        if n > 1 {
            // Power basis: B(t) = p0 + t·c + t²·b + t³·a.
            let c = 3 * (p1 - p0), b = 3 * (p0 - 2 * p1 + p2), a = p3 - p0 + 3 * (p1 - p2)
            let h = 1 / Double(n)
            for i in 1..<n {
                let t = Double(i) * h
                sink.lineTo(p0 + t * (c + t * (b + t * a)))
            }
        }
        sink.lineTo(p3)
    }

    /// A usable tolerance: `tolerance` when positive and finite, else the default with a diagnostic.
    static func checkedTolerance(_ tolerance: Double, _ operation: String) -> Double {
        if tolerance > 0, tolerance.isFinite { return tolerance }
        KinemaDiagnostics.emit("CGPath", "\(operation): tolerance \(tolerance) is not positive and finite; using \(defaultTolerance)")
        return defaultTolerance
    }

    /// A quarter of a device pixel: below what anti-aliasing can show.
    static let defaultTolerance = 0.25
}

/// Collects flattened points as CGPoints.
struct CGPointCollector: PolylineSink {
    var points: [CGPoint] = []
    mutating func lineTo(_ p: PathVector) { points.append(p.cgPoint) }
}

extension Path {
    /// The path as polylines whose every point lies within `tolerance` of the exact curves (and
    /// vice versa), after mapping by `transform` — so `tolerance` is in the mapped (device) space.
    ///
    /// ```swift
    /// let contours = Path(ellipseIn: rect).flattened(tolerance: 0.25)
    /// // contours[0].isClosed == true; the polygon is within 0.25 of the ellipse's Béziers
    /// ```
    /// One contour per subpath, a lone move included (one point). A non-positive or non-finite
    /// tolerance falls back to 0.25 with a diagnostic. See the file header for the segment-count
    /// bound. Cost: O(output points).
    public func flattened(tolerance: Double, transform: PathTransform = .identity) -> [PathContour] {
        let tol = PathFlattener.checkedTolerance(tolerance, "flattened(tolerance:)")
        let source = transform.isIdentity ? self : applying(transform)
        var contours: [PathContour] = []
        var collector = CGPointCollector()
        func finish(closed: Bool) {
            if !collector.points.isEmpty {
                contours.append(PathContour(points: collector.points, isClosed: closed))
            }
            collector.points = []
        }
        source.forEachSegment { seg in
            switch seg {
            case .move(let p):
                finish(closed: false)
                collector.points.append(p.cgPoint)
            case .line(_, let p):
                collector.lineTo(p)
            case .quad(let p0, let p1, let p2):
                PathFlattener.flattenQuad(p0, p1, p2, tolerance: tol, into: &collector)
            case .cubic(let p0, let p1, let p2, let p3):
                PathFlattener.flattenCubic(p0, p1, p2, p3, tolerance: tol, into: &collector)
            case .close:
                finish(closed: true)
            }
        }
        finish(closed: false)
        return contours
    }
}

extension Path {
    /// A path holding one ellipse (`CGPath(ellipseIn:transform:)`).
    public init(ellipseIn rect: CGRect, transform: PathTransform = .identity) {
        self.init()
        addEllipse(in: rect, transform: transform)
    }

    /// A path holding one rectangle (`CGPath(rect:transform:)`).
    public init(rect: CGRect, transform: PathTransform = .identity) {
        self.init()
        addRect(rect, transform: transform)
    }

    /// A path holding one rounded rectangle (`CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`).
    public init(roundedRect rect: CGRect, cornerWidth: Double, cornerHeight: Double, transform: PathTransform = .identity) {
        self.init()
        addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform)
    }
}
