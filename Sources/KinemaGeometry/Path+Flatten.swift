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

    /// Curves needing more chords than this are cut in half (de Casteljau) before flattening when
    /// they are not wholly inside the kept box, so only the halves that can reach it are flattened
    /// finely. 512 chords at the 0.05 px context tolerance is a curve of ≈ 4,400 px second
    /// difference (a quarter circle of radius ≈ 22,000 px): ordinary drawings never reach it, so
    /// their polylines are exactly those of `flattenCubic`.
    static let cullingSplitSegments = 512

    /// Deepest halving of one curve (2^-40 of its parameter range: far below a pixel for any curve
    /// whose coordinates are finite doubles that reach the box).
    static let maximumCullingDepth = 40

    /// Emits a cubic's chord end points as `flattenCubic` does, except that a curve whose control
    /// points all lie on one side outside `box` becomes its chord (its end point), and a curve
    /// needing more than `cullingSplitSegments` chords that is not wholly inside `box` is halved
    /// and each half treated the same way. Filling is unchanged inside `box` (see
    /// `Path.flattened(tolerance:keeping:)`).
    static func flattenCubic<S: PolylineSink>(
        _ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector, tolerance: Double,
        keeping box: CGRect, depth: Int = 0, into sink: inout S
    ) {
        let minX = min(p0.x, p1.x, p2.x, p3.x), maxX = max(p0.x, p1.x, p2.x, p3.x)
        let minY = min(p0.y, p1.y, p2.y, p3.y), maxY = max(p0.y, p1.y, p2.y, p3.y)
        if maxX < box.minX || minX > box.maxX || maxY < box.minY || minY > box.maxY {
            sink.lineTo(p3)
            return
        }
        let inside = minX >= box.minX && maxX <= box.maxX && minY >= box.minY && maxY <= box.maxY
        guard !inside, depth < maximumCullingDepth,
              cubicSegments(p0, p1, p2, p3, tolerance: tolerance) > cullingSplitSegments else {
            flattenCubic(p0, p1, p2, p3, tolerance: tolerance, into: &sink)
            return
        }
        // Halves by de Casteljau; `0.5 * a + 0.5 * b` cannot overflow where `(a + b) / 2` could.
        func mid(_ a: PathVector, _ b: PathVector) -> PathVector { 0.5 * a + 0.5 * b }
        let p01 = mid(p0, p1), p12 = mid(p1, p2), p23 = mid(p2, p3)
        let p012 = mid(p01, p12), p123 = mid(p12, p23), m = mid(p012, p123)
        flattenCubic(p0, p01, p012, m, tolerance: tolerance, keeping: box, depth: depth + 1, into: &sink)
        flattenCubic(m, p123, p23, p3, tolerance: tolerance, keeping: box, depth: depth + 1, into: &sink)
    }

    /// The quadratic counterpart of `flattenCubic(_:_:_:_:tolerance:keeping:depth:into:)`.
    static func flattenQuad<S: PolylineSink>(
        _ p0: PathVector, _ p1: PathVector, _ p2: PathVector, tolerance: Double,
        keeping box: CGRect, depth: Int = 0, into sink: inout S
    ) {
        let minX = min(p0.x, p1.x, p2.x), maxX = max(p0.x, p1.x, p2.x)
        let minY = min(p0.y, p1.y, p2.y), maxY = max(p0.y, p1.y, p2.y)
        if maxX < box.minX || minX > box.maxX || maxY < box.minY || minY > box.maxY {
            sink.lineTo(p2)
            return
        }
        let inside = minX >= box.minX && maxX <= box.maxX && minY >= box.minY && maxY <= box.maxY
        guard !inside, depth < maximumCullingDepth,
              quadSegments(p0, p1, p2, tolerance: tolerance) > cullingSplitSegments else {
            flattenQuad(p0, p1, p2, tolerance: tolerance, into: &sink)
            return
        }
        let p01 = 0.5 * p0 + 0.5 * p1, p12 = 0.5 * p1 + 0.5 * p2, m = 0.5 * p01 + 0.5 * p12
        flattenQuad(p0, p01, m, tolerance: tolerance, keeping: box, depth: depth + 1, into: &sink)
        flattenQuad(m, p12, p2, tolerance: tolerance, keeping: box, depth: depth + 1, into: &sink)
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
        var contours: [PathContour] = []
        forEachFlattenedContour(tolerance: tolerance, transform: transform) { points, closed in
            contours.append(PathContour(points: Array(points), isClosed: closed))
        }
        return contours
    }

    /// `flattened(tolerance:transform:)` one contour at a time, each handed to `body` from one
    /// buffer reused for every contour (valid only during the call): no array per contour, for
    /// callers that copy the points elsewhere at once (the compositor's raster paths).
    /// With `box`, curves are flattened as `flattened(tolerance:keeping:)` does.
    package func forEachFlattenedContour(tolerance: Double, transform: PathTransform, keeping box: CGRect? = nil,
                                         _ body: (_ points: UnsafeBufferPointer<CGPoint>, _ isClosed: Bool) -> Void) {
        let tol = PathFlattener.checkedTolerance(tolerance, "flattened(tolerance:)")
        let source = transform.isIdentity ? self : applying(transform)
        // `finish` takes the collector inout rather than capturing it: a captured variable is
        // checked for exclusive access at run time on every use (~90 instructions a point).
        func finish(_ collector: inout CGPointCollector, closed: Bool) {
            if !collector.points.isEmpty {
                collector.points.withUnsafeBufferPointer { body($0, closed) }
            }
            collector.points.removeAll(keepingCapacity: true)
        }
        var collector = CGPointCollector()
        source.forEachSegment { seg in
            switch seg {
            case .move(let p):
                finish(&collector, closed: false)
                collector.points.append(p.cgPoint)
            case .line(_, let p):
                collector.lineTo(p)
            case .quad(let p0, let p1, let p2):
                if let box {
                    PathFlattener.flattenQuad(p0, p1, p2, tolerance: tol, keeping: box, into: &collector)
                } else {
                    PathFlattener.flattenQuad(p0, p1, p2, tolerance: tol, into: &collector)
                }
            case .cubic(let p0, let p1, let p2, let p3):
                if let box {
                    PathFlattener.flattenCubic(p0, p1, p2, p3, tolerance: tol, keeping: box, into: &collector)
                } else {
                    PathFlattener.flattenCubic(p0, p1, p2, p3, tolerance: tol, into: &collector)
                }
            case .close:
                finish(&collector, closed: true)
            }
        }
        finish(&collector, closed: false)
    }
}

extension Path {
    /// How many chords `flattened(tolerance:)` cuts the path into, worked out from each curve's
    /// count (`PathFlattener`, at most 16,384 a curve) without making a point; a line or a close
    /// counts one. For budgeting work on a path before doing it (the paths fuzz target). The
    /// tolerance is taken as given (positive). Cost: O(elements).
    package func flattenedSegmentCount(tolerance: Double) -> Int {
        var count = 0
        forEachSegment { seg in
            switch seg {
            case .move: break
            case .line, .close: count += 1
            case .quad(let p0, let p1, let p2): count += PathFlattener.quadSegments(p0, p1, p2, tolerance: tolerance)
            case .cubic(let p0, let p1, let p2, let p3): count += PathFlattener.cubicSegments(p0, p1, p2, p3, tolerance: tolerance)
            }
        }
        return count
    }

    /// `flattened(tolerance:)` for filling within `box` (a canvas, in the same space as the
    /// path): curves that cannot reach the box are replaced by their chords, and very large
    /// curves (over `PathFlattener.cullingSplitSegments` chords) that cross its edge are halved
    /// until the halves away from it are chords too. So flattening costs what can be seen, not
    /// the size of the curves: 20 arcs of radius 10^9 over a 48-pixel canvas took 16,384 chords a
    /// quarter circle (seconds per fill); now a few hundred in all.
    ///
    /// ```swift
    /// let contours = path.flattened(tolerance: 0.05, keeping: CGRect(x: -2, y: -2, width: 68, height: 68))
    /// ```
    /// **Semantics.** Filling the result under either rule covers every point of `box` exactly
    /// as filling `flattened(tolerance:)` does: a curve and its chord bound a region inside the
    /// curve's control-point hull, which misses the box, so no winding number inside the box
    /// changes. Curves whose control points reach the box flatten to the same points as in
    /// `flattened(tolerance:)` unless they are huge and cross its edge; curves wholly outside are
    /// chords. Not for stroking or measuring the result (chords are shorter than their curves).
    /// **Cost.** O(points inside or near the box + log of each curve's size).
    public func flattened(tolerance: Double, keeping box: CGRect) -> [PathContour] {
        guard !box.isNull, !box.isInfinite else { return flattened(tolerance: tolerance) }
        var contours: [PathContour] = []
        forEachFlattenedContour(tolerance: tolerance, transform: .identity, keeping: box) { points, closed in
            contours.append(PathContour(points: Array(points), isClosed: closed))
        }
        return contours
    }

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
