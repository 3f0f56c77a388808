// UIBezierPath: a path with its drawing attributes, in UIKit's top-left, y-down space.
//
// Audited against: UIBezierPath docs — the initializers, move(to:), addLine(to:),
// addCurve(to:controlPoint1:controlPoint2:), addQuadCurve(to:controlPoint:),
// addArc(withCenter:radius:startAngle:endAngle:clockwise:), close(), removeAllPoints(),
// append(_:), reversing(), apply(_:), cgPath, currentPoint, bounds ("includes the control points"),
// isEmpty, contains(_:), lineWidth (default 1.0), lineCapStyle (.butt), lineJoinStyle (.miter),
// miterLimit (10), flatness (0.6), usesEvenOddFillRule (false), setLineDash / getLineDash; the
// arc's "clockwise" is meant on screen, in the default (y-down) coordinate system, and an arc
// appended to a path with a current point is joined to it by a line (CGPathAddArc); APPLE_SEMANTICS
// "Core Graphics orientation". Status: complete except `init(roundedRect:cornerRadius:)`'s
// continuous ("squircle") corners: Kinema draws circular quarter arcs (docs/UIKIT.md).
//
// Storage: KinemaGeometry's `Path`, so construction follows CGMutablePath (segments without a
// current point are ignored with a diagnostic; non-finite coordinates are dropped).

import Foundation
import KinemaGeometry
import KinemaSupport
import OpenCoreGraphics

/// A vector path plus the attributes it is filled and stroked with, drawn into the current UIKit
/// context.
///
/// ```swift
/// let ring = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40,
///                         startAngle: .pi * 3 / 4, endAngle: .pi / 4, clockwise: true)
/// ring.lineWidth = 8
/// UIColor.orange.setStroke()
/// ring.stroke()                // the gap is at the bottom, as on iOS
/// ```
/// Not `Sendable` and not tied to an actor, like UIKit's: a plain mutable object. Cost: appending
/// is amortised O(1); drawing flattens and rasterizes the path once per call.
public class UIBezierPath: CustomStringConvertible {
    /// The path's elements (package API for views and layers that draw it).
    package var path = Path()

    /// The stroke width in points; default 1.
    public var lineWidth: CGFloat = 1
    /// The shape of open ends when stroking; default `.butt`.
    public var lineCapStyle: CGLineCap = .butt
    /// The shape of corners when stroking; default `.miter`.
    public var lineJoinStyle: CGLineJoin = .miter
    /// The miter length limit, as a multiple of the line width; default 10.
    public var miterLimit: CGFloat = 10
    /// How closely curves are approximated, in device pixels; default 0.6.
    public var flatness: CGFloat = 0.6
    /// Whether filling, clipping and hit-testing use the even-odd rule instead of non-zero
    /// winding; default false.
    public var usesEvenOddFillRule = false

    /// The dash lengths (empty: solid) and phase set by `setLineDash(_:count:phase:)`.
    package private(set) var dashPattern: [CGFloat] = []
    package private(set) var dashPhase: CGFloat = 0

    /// An empty path.
    public init() {}

    /// A closed rectangle: from `rect`'s origin, clockwise on screen.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed ellipse inscribed in `rect`, four Bézier curves clockwise on screen from (maxX, midY).
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A closed rounded rectangle whose corners are quarter circles of `cornerRadius`, clamped to
    /// half the shorter side (iOS draws continuous-curvature corners here; see the file header).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = cornerRadius.isFinite ? max(cornerRadius, 0) : 0
        let half = min(abs(rect.width), abs(rect.height)) / 2
        let clamped = min(r, half.isFinite ? half : 0)
        path.addRoundedRect(in: rect, cornerRadii: PathCornerRadii(uniform: CGSize(width: clamped, height: clamped)))
    }

    /// A closed rounded rectangle rounding only `corners` (named in UIKit's y-down space), each
    /// with an elliptical corner of `cornerRadii`; a width larger than half the rectangle's width
    /// is clamped to it, a height to half its height (UIBezierPath docs: "clamped appropriately").
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        func clean(_ v: CGFloat, _ limit: CGFloat) -> CGFloat {
            guard v.isFinite, limit.isFinite else { return 0 }
            return min(max(v, 0), limit)
        }
        let radius = CGSize(width: clean(cornerRadii.width, abs(rect.width) / 2),
                            height: clean(cornerRadii.height, abs(rect.height) / 2))
        func pick(_ corner: UIRectCorner) -> CGSize { corners.contains(corner) ? radius : .zero }
        // In y-down space minY is the top edge.
        let radii = PathCornerRadii(minXMinY: pick(.topLeft), maxXMinY: pick(.topRight),
                                    maxXMaxY: pick(.bottomRight), minXMaxY: pick(.bottomLeft))
        path.addRoundedRect(in: rect, cornerRadii: radii)
    }

    /// An open arc of the circle about `center`, from `startAngle` to `endAngle` (radians from the
    /// positive x axis); `clockwise` is meant on screen in UIKit's y-down space (increasing angle).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with the elements of `cgPath` (copied) and default attributes.
    public convenience init(cgPath: CGPath) {
        self.init()
        path = cgPath.kinemaPath
    }

    // MARK: Construction

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { path.move(to: point) }

    /// Appends a straight line to `point` (ignored, with a diagnostic, without a current point).
    public func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// Appends a cubic Bézier curve to `endPoint`.
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// Appends a quadratic Bézier curve to `endPoint`.
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Appends an arc (preceded by a line from the current point to its start, if there is a
    /// current point); `clockwise` is meant on screen in y-down space (increasing angle). A
    /// sweep of 2π or more draws the full circle; otherwise the sweep is reduced into [0, 2π).
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        // Path.addArc's `clockwise` is Core Graphics' (y-up, decreasing angle): the opposite sense.
        path.addArc(center: center, radius: Double(radius), startAngle: Double(startAngle), endAngle: Double(endAngle),
                    clockwise: !clockwise)
    }

    /// Closes the current subpath with a straight line to its start.
    public func close() { path.closeSubpath() }

    /// Removes every element (the drawing attributes stay).
    public func removeAllPoints() { path.removeAll() }

    /// Appends the elements of `bezierPath` (its attributes are not copied).
    public func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    /// A new path with every subpath reversed (same shape, opposite direction), in the same
    /// order, with this path's attributes.
    public func reversing() -> UIBezierPath {
        let reversed = UIBezierPath()
        reversed.path = UIBezierPath.reversed(path)
        reversed.copyAttributes(from: self)
        return reversed
    }

    /// Transforms every point of the path by `transform`.
    public func apply(_ transform: CGAffineTransform) {
        path = path.applying(PathTransform(transform))
    }

    // MARK: Reading

    /// The path as an immutable Core Graphics path (a copy); setting it replaces the elements.
    public var cgPath: CGPath {
        get { CGPath(path: path) }
        set { path = newValue.kinemaPath }
    }

    /// The end of the last element; `.zero` for an empty path.
    public var currentPoint: CGPoint { path.currentPoint ?? .zero }

    /// Whether the path has no elements.
    public var isEmpty: Bool { path.isEmpty }

    /// The smallest rectangle holding every point of the path, control points included
    /// (`CGRect.null` for an empty path).
    public var bounds: CGRect { path.controlPointBounds }

    /// Whether `point` is inside the area the path encloses, under its fill rule (open subpaths
    /// count as closed).
    public func contains(_ point: CGPoint) -> Bool {
        path.contains(point, rule: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Describes the elements.
    public var description: String { "<UIBezierPath: \(path.elementCount) elements, bounds \(bounds)>" }

    // MARK: Dashes

    /// Sets the stroke's dash lengths from the first `count` values at `pattern` (alternating
    /// painted and unpainted lengths, in points) and the distance into the pattern to start at.
    /// A nil pattern or a count of 0 makes the stroke solid. Negative or non-finite lengths make
    /// the stroke solid, with a diagnostic.
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            dashPattern = []
            dashPhase = phase.isFinite ? phase : 0
            return
        }
        let lengths = Array(UnsafeBufferPointer(start: pattern, count: count))
        guard lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), phase.isFinite else {
            KinemaDiagnostics.emit("UIBezierPath", "setLineDash(_:count:phase:): lengths \(lengths), phase \(phase) must be finite and not negative; the stroke is solid")
            dashPattern = []
            dashPhase = 0
            return
        }
        dashPattern = lengths
        dashPhase = phase
    }

    /// Reads the dash pattern back: writes the lengths into `pattern` (which must have room for
    /// them; pass nil first to learn the count), their number into `count` and the phase into `phase`.
    public func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                            phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern {
            for (i, length) in dashPattern.enumerated() { pattern[i] = length }
        }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    // MARK: Helpers

    func copyAttributes(from other: UIBezierPath) {
        lineWidth = other.lineWidth
        lineCapStyle = other.lineCapStyle
        lineJoinStyle = other.lineJoinStyle
        miterLimit = other.miterLimit
        flatness = other.flatness
        usesEvenOddFillRule = other.usesEvenOddFillRule
        dashPattern = other.dashPattern
        dashPhase = other.dashPhase
    }

    /// Every subpath of `path` reversed: it starts where it ended and runs its segments
    /// backwards (control points swapped); a closed subpath stays closed.
    static func reversed(_ path: Path) -> Path {
        struct Segment { var element: PathElement; var from: CGPoint }
        var result = Path()
        var segments: [Segment] = []
        var start: CGPoint?
        var current: CGPoint?
        func flush(closed: Bool) {
            guard let start else { return }
            let end = current ?? start
            result.move(to: end)
            for segment in segments.reversed() {
                switch segment.element {
                case .lineTo: result.addLine(to: segment.from)
                case .quadCurveTo(let control, _): result.addQuadCurve(to: segment.from, control: control)
                case .curveTo(let c1, let c2, _): result.addCurve(to: segment.from, control1: c2, control2: c1)
                case .moveTo, .closeSubpath: break
                }
            }
            if closed { result.closeSubpath() }
            segments.removeAll()
        }
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                flush(closed: false)
                start = p
                current = p
            case .lineTo(let p), .quadCurveTo(_, let p), .curveTo(_, _, let p):
                if let from = current { segments.append(Segment(element: element, from: from)) }
                current = p
            case .closeSubpath:
                // The closing line runs from the current point back to the start; reversed, it
                // becomes the first segment, which close() supplies implicitly when the reversed
                // subpath starts at the start point again. Keep the shape: add the closing line
                // explicitly when it has length.
                if let s = start, let c = current, s != c {
                    segments.append(Segment(element: .lineTo(s), from: c))
                    current = s
                }
                flush(closed: true)
                current = start
                start = nil
            }
        }
        flush(closed: false)
        return result
    }
}
