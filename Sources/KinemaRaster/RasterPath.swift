// RasterPath: the polylines the scan converter fills, in device pixel coordinates.
import KinemaSupport
import KinemaGeometry

/// A point in device pixels: x to the right, y down, pixel `(i, j)` covering `[i, i+1) × [j, j+1)`.
public struct DevicePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x), \(y))" }
}

/// Closed polylines in device pixels, the input of scan conversion. Curves are flattened into
/// lines before they get here (the path flattener lives in KinemaGeometry's users, not here).
///
/// ```swift
/// var triangle = RasterPath()
/// triangle.move(to: DevicePoint(x: 10, y: 10))
/// triangle.addLine(to: DevicePoint(x: 50, y: 12.5))
/// triangle.addLine(to: DevicePoint(x: 30, y: 40))
/// triangle.closeContour()
/// ```
///
/// Semantics: every contour is closed, explicitly by `closeContour()` or implicitly when the next
/// contour starts or the path is filled. `addLine(from:to:)` takes segments one by one, as a
/// flattener yields them; when `from` is not the current point the gap is bridged by a straight
/// line, so a contour always stays closed and its winding balanced.
///
/// Bad input never traps: a point with a NaN or infinite coordinate is dropped (the contour runs
/// from the point before it to the point after it) and reported through `KinemaDiagnostics`;
/// coordinates beyond ±`coordinateLimit` are pinned to it and reported. Huge finite coordinates
/// below that limit (1e30) are exact: clipping happens in `Double` before fixed point.
///
/// Cost: 32 bytes a segment.
public struct RasterPath: Sendable {
    /// The largest coordinate magnitude kept as given (1e300): differences of two such values stay
    /// finite in `Double`, which the clipper relies on.
    public static let coordinateLimit = 1e300

    package struct Segment: Sendable {
        var x0, y0, x1, y1: Double
    }

    package private(set) var segments: [Segment] = []
    private var contourStart: DevicePoint?
    private var currentPoint: DevicePoint?
    /// The bounding box of every point added, for early rejection.
    package private(set) var minX = Double.infinity, minY = Double.infinity
    package private(set) var maxX = -Double.infinity, maxY = -Double.infinity

    public init() {}

    /// True when no segment has been added.
    public var isEmpty: Bool { segments.isEmpty && closingSegment == nil }
    /// The number of line segments, counting the one that would close an open contour.
    public var segmentCount: Int { segments.count + (closingSegment == nil ? 0 : 1) }

    /// Starts a new contour at `point`, closing the current one.
    public mutating func move(to point: DevicePoint) {
        closeContour()
        guard let point = Self.checked(point) else { return }
        contourStart = point
        currentPoint = point
        include(point)
    }

    /// Adds a line from the current point to `point`; without a current point it starts a contour.
    public mutating func addLine(to point: DevicePoint) {
        guard let point = Self.checked(point) else { return }
        guard let from = currentPoint else {
            contourStart = point
            currentPoint = point
            include(point)
            return
        }
        if from != point {
            segments.append(Segment(x0: from.x, y0: from.y, x1: point.x, y1: point.y))
        }
        currentPoint = point
        include(point)
    }

    /// Adds the segment `from` → `to` to the current contour, bridging from the current point to
    /// `from` when they differ; the first segment of a contour starts it at `from`.
    public mutating func addLine(from: DevicePoint, to: DevicePoint) {
        addLine(to: from)
        addLine(to: to)
    }

    /// Closes the current contour with a line back to its first point.
    public mutating func closeContour() {
        if let closing = closingSegment { segments.append(closing) }
        contourStart = nil
        currentPoint = nil
    }

    /// Adds `points` as one closed contour. Inlinable, so each caller gets it specialised for its
    /// sequence (unspecialised, the iteration through the protocol cost ~400 instructions a point).
    @inlinable
    public mutating func addPolygon(_ points: some Sequence<DevicePoint>) {
        closeContour()
        for point in points { addLine(to: point) }
        closeContour()
    }

    /// Adds the rectangle `x ..< x + width, y ..< y + height` as one closed contour.
    public mutating func addRect(x: Double, y: Double, width: Double, height: Double) {
        addPolygon([DevicePoint(x: x, y: y), DevicePoint(x: x + width, y: y),
                    DevicePoint(x: x + width, y: y + height), DevicePoint(x: x, y: y + height)])
    }

    /// Empties the path, keeping its storage for reuse.
    public mutating func removeAll() {
        segments.removeAll(keepingCapacity: true)
        contourStart = nil
        currentPoint = nil
        minX = .infinity; minY = .infinity; maxX = -.infinity; maxY = -.infinity
    }

    /// The segment that would close the open contour, if one is open and not already closed.
    package var closingSegment: Segment? {
        guard let start = contourStart, let end = currentPoint, start != end else { return nil }
        return Segment(x0: end.x, y0: end.y, x1: start.x, y1: start.y)
    }

    private mutating func include(_ point: DevicePoint) {
        minX = min(minX, point.x); maxX = max(maxX, point.x)
        minY = min(minY, point.y); maxY = max(maxY, point.y)
    }

    /// `point`, or nil for a non-finite one; pinned to ±`coordinateLimit`. Reports what it changed.
    /// (The common case inline, one comparison a coordinate — NaN and ±∞ fail it too.)
    @inline(__always)
    private static func checked(_ point: DevicePoint) -> DevicePoint? {
        if abs(point.x) <= coordinateLimit, abs(point.y) <= coordinateLimit { return point }
        return uncommon(point)
    }

    @inline(never)
    private static func uncommon(_ point: DevicePoint) -> DevicePoint? {
        guard point.x.isFinite, point.y.isFinite else {
            KinemaDiagnostics.emit("KinemaRaster", "RasterPath point \(point) is not finite; the point was dropped")
            return nil
        }
        guard abs(point.x) > coordinateLimit || abs(point.y) > coordinateLimit else { return point }
        KinemaDiagnostics.emit("KinemaRaster", "RasterPath point \(point) is beyond ±1e300; it was pinned to that limit")
        return DevicePoint(x: min(max(point.x, -coordinateLimit), coordinateLimit),
                           y: min(max(point.y, -coordinateLimit), coordinateLimit))
    }
}
