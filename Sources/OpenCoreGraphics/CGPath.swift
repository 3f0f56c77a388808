// CGPath: an immutable graphics path, and the queries every path answers.
//
// Audited against: CGPath docs — init(rect:transform:), init(ellipseIn:transform:),
// init(roundedRect:cornerWidth:cornerHeight:transform:), copy(), mutableCopy(), copy(using:),
// mutableCopy(using:), boundingBox ("including control points … CGRectNull" when empty),
// boundingBoxOfPath ("not including control points"), currentPoint, isEmpty, isRect(_:),
// contains(_:using:transform:) ("An affine transform to apply to the point before checking"),
// applyWithBlock(_:), apply(info:function:), CFEqual equality.
// Status: complete for these; stroking and dashing copies are in CGPath+Copying.swift, building
// in CGMutablePath.swift. Remaining (iOS 16 boolean operations): union, intersection,
// subtracting, symmetricDifference, lineIntersection, lineSubtracting, normalized,
// componentsSeparated, intersects — see docs/COREGRAPHICS.md.
//
// The geometry is the engine's `Path` (KinemaGeometry), a value type; a CGPath holds one behind a
// lock so that a CGMutablePath shared between threads stays memory-safe (Apple's CGMutablePath
// is not thread-safe; Kinema's is, at the cost of one uncontended lock per call).

import KinemaSupport
import Foundation
import KinemaGeometry
import Synchronization

/// An immutable graphics path: lines and Bézier curves in subpaths.
///
/// ```swift
/// let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
/// path.boundingBoxOfPath         // (0, 0, 100, 50)
/// path.contains(CGPoint(x: 50, y: 25))   // true
/// ```
/// Semantics follow Core Graphics: segments need a current point, a segment after a close starts
/// a new subpath at the closed one's start, non-finite points are dropped with a diagnostic (see
/// the engine's `Path`). Two paths are equal when they hold the same elements and points.
/// Cost: reading copies the engine path value (copy-on-write, so O(1) unless it is then mutated).
public class CGPath: @unchecked Sendable, Hashable, CustomStringConvertible {
    // @unchecked: the only mutable state is the engine path, guarded by the mutex.
    let storage: LockedValue<Path>

    package init(path: Path) {
        storage = LockedValue(path)
    }

    /// The engine path this CGPath holds (a snapshot for a CGMutablePath).
    package var kinemaPath: Path { storage.withLock { $0 } }

    /// A path of one rectangle (a move to (minX, minY), lines counterclockwise in y-up space, close).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(path: Path(rect: rect, transform: Self.pathTransform(transform)))
    }

    /// A path of one ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(path: Path(ellipseIn: rect, transform: Self.pathTransform(transform)))
    }

    /// A path of one rounded rectangle. Apple traps on a corner size below 0 or above half the
    /// rectangle; Kinema clamps it with a diagnostic.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(path: Path(roundedRect: rect, cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight),
                             transform: Self.pathTransform(transform)))
    }

    static func pathTransform(_ pointer: UnsafePointer<CGAffineTransform>?) -> PathTransform {
        pointer.map { PathTransform($0.pointee) } ?? .identity
    }

    // MARK: Copies

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(path: kinemaPath) }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(path: kinemaPath) }

    /// An immutable copy with every point mapped by `transform` (nil: no transformation).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(path: kinemaPath.applying(Self.pathTransform(transform)))
    }

    /// A mutable copy with every point mapped by `transform` (nil: no transformation).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(path: kinemaPath.applying(Self.pathTransform(transform)))
    }

    // MARK: Queries

    /// Whether the path has no elements.
    public var isEmpty: Bool { kinemaPath.isEmpty }

    /// The point where the next segment would start; `.zero` for an empty path (as Apple).
    public var currentPoint: CGPoint { kinemaPath.currentPoint ?? .zero }

    /// The smallest rectangle holding every point, control points included; `CGRect.null` when empty.
    public var boundingBox: CGRect { kinemaPath.controlPointBounds }

    /// The smallest rectangle holding the curves, control points not included; `CGRect.null` when empty.
    public var boundingBoxOfPath: CGRect { kinemaPath.tightBounds }

    /// Whether `point`, mapped by `transform` first, is inside the area the path fills under `rule`.
    /// Open subpaths count as closed, as when filling.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        kinemaPath.contains(point.applying(transform), rule: rule)
    }

    /// Whether the path is one axis-aligned rectangle — a move, three lines (a fourth back to the
    /// start allowed) and a close — and if so writes it, standardized, to `rect`.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var points: [CGPoint] = []
        var closed = false
        for (index, element) in kinemaPath.elements.enumerated() {
            switch element {
            case .moveTo(let p) where index == 0: points.append(p)
            case .lineTo(let p) where !closed: points.append(p)
            case .closeSubpath where !closed: closed = true
            default: return false
            }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard closed, points.count == 4 else { return false }
        // Alternating horizontal and vertical sides, in either order.
        let horizontalFirst = points[0].y == points[1].y && points[1].x == points[2].x
            && points[2].y == points[3].y && points[3].x == points[0].x
        let verticalFirst = points[0].x == points[1].x && points[1].y == points[2].y
            && points[2].x == points[3].x && points[3].y == points[0].y
        guard horizontalFirst || verticalFirst else { return false }
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return false }
        rect?.pointee = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        return true
    }

    // MARK: Iteration

    /// Calls `block` with each element in order. The element and its points are valid only during
    /// the call (as in Core Graphics).
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let path = kinemaPath
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        points.initialize(repeating: .zero, count: 3)
        defer { points.deallocate() }
        for element in path.elements {
            var e = CGPathElement(type: .closeSubpath, points: points)
            switch element {
            case .moveTo(let p): e.type = .moveToPoint; points[0] = p
            case .lineTo(let p): e.type = .addLineToPoint; points[0] = p
            case .quadCurveTo(let c, let p): e.type = .addQuadCurveToPoint; points[0] = c; points[1] = p
            case .curveTo(let c1, let c2, let p):
                e.type = .addCurveToPoint; points[0] = c1; points[1] = c2; points[2] = p
            case .closeSubpath: e.type = .closeSubpath
            }
            withUnsafePointer(to: &e) { block($0) }
        }
    }

    /// Calls `function` with `info` and each element in order (`CGPathApply`).
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    // MARK: Equality

    /// The same elements with the same points (CFEqual); a CGMutablePath compares by its contents.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.kinemaPath == rhs.kinemaPath
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kinemaPath)
    }

    public var description: String {
        "\(type(of: self))(\(kinemaPath.elements.map { "\($0)" }.joined(separator: ", ")))"
    }
}

/// The callback `CGPath.apply(info:function:)` calls for each element. Apple's is
/// `@convention(c)`; Kinema's CGPathElement is a Swift structure, which C cannot see, so this is
/// a plain Swift function type — closures written for Apple's type are accepted unchanged.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// The block `CGPath.applyWithBlock(_:)` takes.
public typealias CGPathApplyBlock = (UnsafePointer<CGPathElement>) -> Void
