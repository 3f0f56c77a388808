// Path: the engine's vector path (moves, lines, quadratic and cubic Béziers, closes).
//
// Audited against: CGPath / CGMutablePath docs (element kinds, current point, isEmpty,
// applyWithBlock order). Status: elements, construction, iteration, transform complete; the
// shape helpers are in Path+Shapes.swift and Path+Arcs.swift, geometry queries in
// Path+Bounds.swift, Path+Contains.swift, flattening in Path+Flatten.swift, stroking in
// Stroke*.swift, dashing in Dash*.swift, lengths in PathMeasure.swift.
//
// Storage is two flat arrays (verbs, points), so appending and iterating never allocate per
// element and the whole path is `Sendable` value data. Non-finite coordinates are dropped with a
// diagnostic ("CGPath" domain) and the path goes on, where Core Graphics' behaviour is undefined.

import KinemaSupport
import Foundation

/// One element of a path, as `CGPath.applyWithBlock` reports it.
public enum PathElement: Sendable, Hashable {
    case moveTo(CGPoint)
    case lineTo(CGPoint)
    case quadCurveTo(control: CGPoint, end: CGPoint)
    case curveTo(control1: CGPoint, control2: CGPoint, end: CGPoint)
    case closeSubpath
}

/// The kind of one stored element; the number of points it owns is `pointCount`.
@usableFromInline
enum PathVerb: UInt8, Sendable, Hashable {
    case move, line, quad, cubic, close

    @inlinable var pointCount: Int {
        switch self {
        case .move, .line: 1
        case .quad: 2
        case .cubic: 3
        case .close: 0
        }
    }
}

/// A vector path: subpaths of lines and quadratic/cubic Bézier curves, in the plane.
///
/// ```swift
/// var path = Path()
/// path.move(to: CGPoint(x: 0, y: 0))
/// path.addLine(to: CGPoint(x: 100, y: 0))
/// path.addCurve(to: CGPoint(x: 0, y: 100), control1: CGPoint(x: 150, y: 50), control2: CGPoint(x: 50, y: 150))
/// path.closeSubpath()
/// path.contains(CGPoint(x: 60, y: 40))   // true
/// ```
///
/// Semantics follow `CGMutablePath`: a segment appended with no current point is ignored (with a
/// diagnostic, where Core Graphics logs "no current point"); a segment appended after
/// `closeSubpath()` starts a new subpath at the closed one's start point (an explicit `moveTo` is
/// inserted); `closeSubpath()` with no open subpath does nothing. Coordinates that are NaN or
/// infinite are dropped, element by element, with a diagnostic.
///
/// Two paths are equal when they hold the same elements with the same coordinates.
/// Cost: appending is amortised O(1); iteration is O(elements).
public struct Path: Sendable, Hashable {
    @usableFromInline var verbs: [PathVerb] = []
    @usableFromInline var points: [PathVector] = []
    /// Index in `points` of the current subpath's moveTo, or -1 when there is none.
    @usableFromInline var subpathStartIndex: Int = -1
    /// Whether the current subpath was closed (the next segment then needs an implicit moveTo).
    @usableFromInline var lastSubpathClosed = false

    /// An empty path.
    public init() {}

    /// A path holding `elements`, appended in order with `Path`'s usual rules.
    public init(_ elements: some Sequence<PathElement>) {
        for e in elements { append(e) }
    }

    /// Reserves room for `elements` more elements and `points` more points.
    ///
    /// Growth stays geometric (at least doubling), so calling this before every append of a
    /// loop costs amortised O(1), unlike `Array.reserveCapacity`'s exact sizing.
    public mutating func reserveCapacity(elements: Int, points: Int) {
        let v = verbs.count + elements, p = self.points.count + points
        if v > verbs.capacity { verbs.reserveCapacity(max(v, 2 * verbs.capacity)) }
        if p > self.points.capacity { self.points.reserveCapacity(max(p, 2 * self.points.capacity)) }
    }

    public static func == (lhs: Path, rhs: Path) -> Bool {
        lhs.verbs == rhs.verbs && lhs.points == rhs.points
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(verbs)
        hasher.combine(points)
    }

    // MARK: State

    /// Whether the path has no elements (CGPath.isEmpty: "An empty path contains no elements").
    public var isEmpty: Bool { verbs.isEmpty }

    /// The number of elements.
    public var elementCount: Int { verbs.count }

    /// The point where the next segment starts, or nil for an empty path.
    ///
    /// After `closeSubpath()` it is the closed subpath's start point, as in Core Graphics.
    public var currentPoint: CGPoint? { currentVector?.cgPoint }

    @usableFromInline var currentVector: PathVector? {
        guard subpathStartIndex >= 0 else { return nil }
        if lastSubpathClosed { return points[subpathStartIndex] }
        return points.last
    }

    // MARK: Building

    /// Begins a new subpath at `point` (mapped by `transform`).
    public mutating func move(to point: CGPoint, transform: PathTransform = .identity) {
        let p = transform.apply(PathVector(point))
        guard p.isFinite else { return dropped("move(to:) with a non-finite point") }
        appendMove(p)
    }

    /// Appends a line from the current point to `point`.
    public mutating func addLine(to point: CGPoint, transform: PathTransform = .identity) {
        let p = transform.apply(PathVector(point))
        guard p.isFinite else { return dropped("addLine(to:) with a non-finite point") }
        guard prepareSegment("addLine(to:)") else { return }
        verbs.append(.line); points.append(p)
    }

    /// Appends a quadratic Bézier curve from the current point to `end`.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint, transform: PathTransform = .identity) {
        let c = transform.apply(PathVector(control)), e = transform.apply(PathVector(end))
        guard c.isFinite, e.isFinite else { return dropped("addQuadCurve(to:control:) with a non-finite point") }
        guard prepareSegment("addQuadCurve(to:control:)") else { return }
        verbs.append(.quad); points.append(c); points.append(e)
    }

    /// Appends a cubic Bézier curve from the current point to `end`.
    public mutating func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: PathTransform = .identity
    ) {
        let c1 = transform.apply(PathVector(control1)), c2 = transform.apply(PathVector(control2))
        let e = transform.apply(PathVector(end))
        guard c1.isFinite, c2.isFinite, e.isFinite else {
            return dropped("addCurve(to:control1:control2:) with a non-finite point")
        }
        guard prepareSegment("addCurve(to:control1:control2:)") else { return }
        verbs.append(.cubic); points.append(c1); points.append(c2); points.append(e)
    }

    /// Closes the current subpath with a straight line back to its start point.
    ///
    /// Does nothing when there is no open subpath (an empty path, or one just closed).
    public mutating func closeSubpath() {
        guard subpathStartIndex >= 0, !lastSubpathClosed else { return }
        verbs.append(.close)
        lastSubpathClosed = true
    }

    /// Appends one element with the rules of the matching method.
    public mutating func append(_ element: PathElement) {
        switch element {
        case .moveTo(let p): move(to: p)
        case .lineTo(let p): addLine(to: p)
        case .quadCurveTo(let c, let e): addQuadCurve(to: e, control: c)
        case .curveTo(let c1, let c2, let e): addCurve(to: e, control1: c1, control2: c2)
        case .closeSubpath: closeSubpath()
        }
    }

    /// Removes every element.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        verbs.removeAll(keepingCapacity: keepingCapacity)
        points.removeAll(keepingCapacity: keepingCapacity)
        subpathStartIndex = -1
        lastSubpathClosed = false
    }

    // MARK: Internal appends (points already mapped and finite)

    @usableFromInline mutating func appendMove(_ p: PathVector) {
        verbs.append(.move)
        subpathStartIndex = points.count
        points.append(p)
        lastSubpathClosed = false
    }

    @usableFromInline mutating func appendLine(_ p: PathVector) {
        guard prepareSegment(nil) else { return }
        verbs.append(.line); points.append(p)
    }

    @usableFromInline mutating func appendCubic(_ c1: PathVector, _ c2: PathVector, _ e: PathVector) {
        guard prepareSegment(nil) else { return }
        verbs.append(.cubic); points.append(c1); points.append(c2); points.append(e)
    }

    @usableFromInline mutating func appendQuad(_ c: PathVector, _ e: PathVector) {
        guard prepareSegment(nil) else { return }
        verbs.append(.quad); points.append(c); points.append(e)
    }

    /// Checks there is a current point and inserts the implicit moveTo after a close.
    /// Returns false (after a diagnostic naming `operation`, if given) when there is no current point.
    @usableFromInline mutating func prepareSegment(_ operation: String?) -> Bool {
        guard subpathStartIndex >= 0 else {
            if let operation { KinemaDiagnostics.emit("CGPath", "\(operation): no current point; the segment is ignored") }
            return false
        }
        if lastSubpathClosed { appendMove(points[subpathStartIndex]) }
        return true
    }

    @usableFromInline func dropped(_ what: String) {
        KinemaDiagnostics.emit("CGPath", "\(what): the element is dropped")
    }
}

// MARK: - Iteration

extension Path {
    /// The elements in order, as `CGPath.applyWithBlock` visits them.
    public var elements: Elements { Elements(path: self) }

    /// A sequence view of a path's elements; iteration does not allocate.
    public struct Elements: Sequence, Sendable {
        let path: Path

        public struct Iterator: IteratorProtocol, Sendable {
            let path: Path
            var verbIndex = 0
            var pointIndex = 0

            public mutating func next() -> PathElement? {
                guard verbIndex < path.verbs.count else { return nil }
                let verb = path.verbs[verbIndex]
                let i = pointIndex
                verbIndex += 1
                pointIndex += verb.pointCount
                let pts = path.points
                switch verb {
                case .move: return .moveTo(pts[i].cgPoint)
                case .line: return .lineTo(pts[i].cgPoint)
                case .quad: return .quadCurveTo(control: pts[i].cgPoint, end: pts[i + 1].cgPoint)
                case .cubic:
                    return .curveTo(control1: pts[i].cgPoint, control2: pts[i + 1].cgPoint, end: pts[i + 2].cgPoint)
                case .close: return .closeSubpath
                }
            }
        }

        public func makeIterator() -> Iterator { Iterator(path: path) }
        public var underestimatedCount: Int { path.verbs.count }
    }

    /// Calls `body` with each element in order (`CGPath.applyWithBlock`).
    public func forEachElement(_ body: (PathElement) throws -> Void) rethrows {
        for e in elements { try body(e) }
    }

    /// Visits the stored segments with their start points, closes made explicit as lines back to
    /// the subpath start (engine helper; `body` gets verb, start point, and the element's points).
    @inlinable
    func forEachSegment(_ body: (PathSegment) -> Void) {
        var pi = 0
        var start = PathVector(0, 0)
        var current = PathVector(0, 0)
        for verb in verbs {
            switch verb {
            case .move:
                start = points[pi]; current = start
                body(.move(start))
            case .line:
                let p = points[pi]
                body(.line(current, p)); current = p
            case .quad:
                let c = points[pi], e = points[pi + 1]
                body(.quad(current, c, e)); current = e
            case .cubic:
                let c1 = points[pi], c2 = points[pi + 1], e = points[pi + 2]
                body(.cubic(current, c1, c2, e)); current = e
            case .close:
                body(.close(current, start)); current = start
            }
            pi += verb.pointCount
        }
    }
}

/// A stored element with its start point made explicit (engine-internal).
@usableFromInline
enum PathSegment {
    case move(PathVector)
    case line(PathVector, PathVector)
    case quad(PathVector, PathVector, PathVector)
    case cubic(PathVector, PathVector, PathVector, PathVector)
    /// A close: from the current point back to the subpath start.
    case close(PathVector, PathVector)
}

// MARK: - Transforming and combining

extension Path {
    /// The path with every point mapped by `transform` (`CGPath.copy(using:)`).
    ///
    /// Elements whose mapped points are not finite are dropped with one diagnostic.
    public func applying(_ transform: PathTransform) -> Path {
        if transform.isIdentity { return self }
        var out = Path()
        out.appendElements(of: self, transform: transform, operation: "applying(_:)")
        return out
    }

    /// Appends every element of `other`, mapped by `transform` (`CGMutablePath.addPath`).
    public mutating func addPath(_ other: Path, transform: PathTransform = .identity) {
        appendElements(of: other, transform: transform, operation: "addPath(_:transform:)")
    }

    mutating func appendElements(of other: Path, transform: PathTransform, operation: String) {
        reserveCapacity(elements: other.verbs.count, points: other.points.count)
        var droppedAny = false
        var pi = 0
        let identity = transform.isIdentity
        for verb in other.verbs {
            let n = verb.pointCount
            if verb == .close {
                closeSubpath()
                continue
            }
            var ok = true
            var mapped = (PathVector(0, 0), PathVector(0, 0), PathVector(0, 0))
            for k in 0..<n {
                let p = identity ? other.points[pi + k] : transform.apply(other.points[pi + k])
                if !p.isFinite { ok = false }
                switch k {
                case 0: mapped.0 = p
                case 1: mapped.1 = p
                default: mapped.2 = p
                }
            }
            pi += n
            guard ok else { droppedAny = true; continue }
            switch verb {
            case .move: appendMove(mapped.0)
            case .line: appendLine(mapped.0)
            case .quad: appendQuad(mapped.0, mapped.1)
            case .cubic: appendCubic(mapped.0, mapped.1, mapped.2)
            case .close: break
            }
        }
        if droppedAny {
            KinemaDiagnostics.emit("CGPath", "\(operation): elements mapped to non-finite points are dropped")
        }
    }
}
