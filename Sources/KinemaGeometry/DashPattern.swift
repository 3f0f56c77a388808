// DashPattern and Path.dashed: cutting a path into dashes.
//
// Audited against: CGContext.setLineDash(phase:lengths:) ("how far into the dash pattern the line
// starts", lengths alternate painted / unpainted) and CGPath.copy(dashingWithPhase:lengths:
// transform:). Status: complete. Choices where Apple is silent:
//   - An odd number of lengths cycles through the list twice per period, so painted and
//     unpainted swap on the second pass ([10, 20, 10] paints 10, skips 20, paints 10, skips 10,
//     paints 20, skips 10 — what Quartz is seen to do, and what PostScript and SVG specify).
//   - A negative or non-finite length, or lengths summing to zero, make the pattern unusable: it
//     is ignored (solid line) with a diagnostic. A non-finite phase counts as 0 (diagnostic). A
//     negative phase wraps around the period.
//   - The pattern restarts at each subpath (PDF / PostScript rule).
//   - On a closed subpath, a dash running over the start point is one dash: the piece before
//     the end and the piece after the start are joined (so the corner gets a join, not two caps).
//     A closed subpath covered by a single dash stays closed.
//   - Zero-length subpaths are dropped by dashing; zero-length dashes are kept (they draw dots or
//     squares with round or square caps, the well-known dotted-line idiom).
//   - More than `maxDashCount` dashes would be produced: the pattern is ignored (solid) with a
//     diagnostic, so a pattern of 1e-9 cannot exhaust memory.

import KinemaSupport
import Foundation

/// A validated dash pattern: intervals alternating painted / unpainted, and a start offset.
public struct DashPattern: Sendable, Hashable {
    /// The intervals, always an even count: painted, unpainted, painted, …
    public private(set) var intervals: [Double]
    /// How far into the pattern the first subpath starts, in [0, period).
    public private(set) var phase: Double
    /// The sum of the intervals (> 0).
    public private(set) var period: Double

    /// Most dashes one call may produce before the pattern is ignored.
    public static let maxDashCount = 1_000_000

    /// A pattern from Core Graphics' (phase, lengths), or nil for "no dash": empty lengths
    /// silently, unusable lengths with a diagnostic (see the file header).
    public init?(phase: Double, lengths: [Double]) {
        guard !lengths.isEmpty else { return nil }
        guard lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            KinemaDiagnostics.emit("CGPath", "dash lengths \(lengths) include a negative or non-finite value; the dash is ignored")
            return nil
        }
        var intervals = lengths
        if intervals.count % 2 == 1 { intervals += lengths }
        let period = intervals.reduce(0, +)
        guard period > 0, period.isFinite else {
            KinemaDiagnostics.emit("CGPath", "dash lengths \(lengths) sum to zero; the dash is ignored")
            return nil
        }
        var p = phase
        if !p.isFinite {
            KinemaDiagnostics.emit("CGPath", "dash phase \(phase) is not finite; using 0")
            p = 0
        }
        p = p.truncatingRemainder(dividingBy: period)
        if p < 0 { p += period }
        if p >= period { p = 0 }
        self.intervals = intervals
        self.phase = p
        self.period = period
    }
}

/// Receives dashes (static dispatch).
protocol DashSink {
    /// A dash of positive length: the piece [s, e] of `contour`, or, when `continuing`, a piece
    /// that continues the previous dash (the wrap-around over a closed subpath's start).
    mutating func dash(_ measure: PathMeasure, _ contour: PathMeasure.Contour, from s: Double, to e: Double, continuing: Bool)
    /// A closed subpath entirely covered by one dash.
    mutating func wholeClosedContour(_ measure: PathMeasure, _ contour: PathMeasure.Contour)
    /// A zero-length dash at `point`, the path running along `direction` there.
    mutating func dot(at point: PathVector, direction: PathVector?)
}

extension DashPattern {
    /// Runs the pattern over every subpath of `measure`, reporting dashes to `sink`.
    /// Returns false (nothing reported) when more than `maxDashCount` dashes would result.
    func apply<S: DashSink>(to measure: PathMeasure, into sink: inout S) -> Bool {
        var estimate = 0.0
        for c in measure.contours { estimate += (c.length / period + 1) * Double(intervals.count) }
        guard estimate <= Double(Self.maxDashCount) else {
            KinemaDiagnostics.emit("CGPath", "the dash pattern would make more than \(Self.maxDashCount) dashes; the dash is ignored")
            return false
        }
        for c in measure.contours where c.length > 0 {
            dashContour(measure, c, into: &sink)
        }
        return true
    }

    private func dashContour<S: DashSink>(_ measure: PathMeasure, _ c: PathMeasure.Contour, into sink: inout S) {
        // Where in the pattern the contour starts.
        var index = 0
        var remaining = intervals[0]
        var skip = phase
        while skip > 0 {
            if skip < remaining { remaining -= skip; skip = 0 } else {
                skip -= remaining
                index = (index + 1) % intervals.count
                remaining = intervals[index]
            }
        }
        let length = c.length
        var d = 0.0
        var firstDash: (Double, Double)?     // deferred, to join over the start of a closed contour
        while true {
            let on = index % 2 == 0
            let end = d + remaining
            if on {
                if remaining == 0 {
                    let l = measure.locateInContour(c, d)
                    sink.dot(at: l.point, direction: l.tangent)
                } else {
                    let e = min(end, length)
                    if c.isClosed, d == 0 {
                        firstDash = (0, e)
                    } else if c.isClosed, e >= length, let first = firstDash {
                        sink.dash(measure, c, from: d, to: length, continuing: false)
                        sink.dash(measure, c, from: first.0, to: first.1, continuing: true)
                        firstDash = nil
                    } else {
                        sink.dash(measure, c, from: d, to: e, continuing: false)
                    }
                }
            }
            if end >= length {
                // A zero-length painted interval exactly at the end still gets its dot.
                if end == length {
                    let next = (index + 1) % intervals.count
                    if next % 2 == 0, intervals[next] == 0, !(c.isClosed) {
                        let l = measure.locateInContour(c, length)
                        sink.dot(at: l.point, direction: l.tangent)
                    }
                }
                break
            }
            d = end
            index = (index + 1) % intervals.count
            remaining = intervals[index]
        }
        if let first = firstDash {
            if first.1 >= length {
                sink.wholeClosedContour(measure, c)
            } else {
                sink.dash(measure, c, from: first.0, to: first.1, continuing: false)
            }
        }
    }
}

extension PathMeasure {
    /// Point and unit tangent at distance `d` along one contour.
    func locateInContour(_ c: Contour, _ d: Double) -> (point: PathVector, tangent: PathVector?) {
        guard !c.segmentRange.isEmpty else { return (c.start, nil) }
        let si = segmentIndex(in: c, at: min(max(d, 0), c.length))
        let s = segments[si]
        let t = s.parameter(atDistance: d - s.startDistance, table: table)
        return (s.point(at: t), s.derivative(at: t).normalized)
    }
}

/// Builds the dashed path; remembers the direction of each zero-length dash for the stroker.
struct DashPathBuilder: DashSink {
    var path = Path()
    /// Subpath index (in `path`) → direction, for zero-length dashes.
    var dotDirections: [Int: PathVector] = [:]
    var subpathCount = 0

    mutating func dash(_ measure: PathMeasure, _ contour: PathMeasure.Contour, from s: Double, to e: Double, continuing: Bool) {
        if !continuing { subpathCount += 1 }
        measure.appendPiece(of: contour, from: s, to: e, into: &path, startNewSubpath: !continuing)
    }

    mutating func wholeClosedContour(_ measure: PathMeasure, _ contour: PathMeasure.Contour) {
        subpathCount += 1
        measure.appendPiece(of: contour, from: 0, to: contour.length, into: &path, startNewSubpath: true)
        path.closeSubpath()
    }

    mutating func dot(at point: PathVector, direction: PathVector?) {
        if let direction { dotDirections[subpathCount] = direction }
        subpathCount += 1
        path.appendMove(point)
        path.appendLine(point)
    }
}

extension Path {
    /// The dashes of this path as open subpaths, curves kept (`CGPath.copy(dashingWithPhase:
    /// lengths:)`): stroking the result with a solid line paints what stroking this path with the
    /// dash paints. Empty or unusable `lengths` return the path unchanged (see the file header).
    ///
    /// Cost: O(elements + dashes); distances are exact to the accuracy stated in PathMeasure.swift.
    public func dashed(phase: Double, lengths: [Double]) -> Path {
        guard let pattern = DashPattern(phase: phase, lengths: lengths) else { return self }
        return dashed(pattern)?.path ?? self
    }

    /// The dashes, or nil when the pattern would make too many.
    func dashed(_ pattern: DashPattern) -> DashPathBuilder? {
        let measure = PathMeasure(self)
        var builder = DashPathBuilder()
        guard pattern.apply(to: measure, into: &builder) else { return nil }
        return builder
    }
}
