// CGMutablePath: a path you build element by element.
//
// Audited against: CGMutablePath docs — init(), move(to:transform:), addLine(to:transform:),
// addLines(between:transform:), addQuadCurve(to:control:transform:),
// addCurve(to:control1:control2:transform:), addArc(center:radius:startAngle:endAngle:clockwise:
// transform:) ("clockwise" in the y-up default coordinate system), addRelativeArc(center:radius:
// startAngle:delta:transform:), addArc(tangent1End:tangent2End:radius:transform:),
// addRect(_:transform:), addRects(_:transform:), addRoundedRect(in:cornerWidth:cornerHeight:
// transform:), addEllipse(in:transform:), addPath(_:transform:), closeSubpath().
// Status: complete. The geometry (arc sweeps, shape start points and directions, degenerate
// inputs) is the engine's, documented in KinemaGeometry's Path+Arcs.swift and Path+Shapes.swift.
// Every `transform` maps the new points before they are added, as Apple documents.

import Foundation
import KinemaGeometry
import KinemaSupport

/// A mutable graphics path.
///
/// ```swift
/// let path = CGMutablePath()
/// path.move(to: CGPoint(x: 10, y: 10))
/// path.addLine(to: CGPoint(x: 90, y: 10))
/// path.addArc(center: CGPoint(x: 50, y: 10), radius: 40, startAngle: 0, endAngle: .pi, clockwise: false)
/// path.closeSubpath()
/// ```
/// Bad input never traps: a segment without a current point, a non-finite coordinate or a
/// negative radius is ignored with a diagnostic (see KinemaDiagnostics). Thread-safe (a lock per
/// call), where Apple's is not.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() { super.init(path: Path()) }

    override package init(path: Path) { super.init(path: path) }

    private func mutate(_ body: (inout Path) -> Void) {
        storage.withLock { body(&$0) }
    }

    /// Begins a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        mutate { $0.move(to: point, transform: PathTransform(transform)) }
    }

    /// Appends a line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        mutate { $0.addLine(to: point, transform: PathTransform(transform)) }
    }

    /// Moves to the first point and adds lines through the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        mutate { $0.addLines(between: points, transform: PathTransform(transform)) }
    }

    /// Appends a quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        mutate { $0.addQuadCurve(to: end, control: control, transform: PathTransform(transform)) }
    }

    /// Appends a cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        mutate { $0.addCurve(to: end, control1: control1, control2: control2, transform: PathTransform(transform)) }
    }

    /// Appends an arc, preceded by a line from the current point to its start (or a move when the
    /// path is empty). `clockwise` is meant in the y-up default space: `true` runs with decreasing
    /// angle, so it looks counterclockwise on a flipped (UIKit) screen.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        mutate {
            $0.addArc(center: center, radius: Double(radius), startAngle: Double(startAngle), endAngle: Double(endAngle),
                      clockwise: clockwise, transform: PathTransform(transform))
        }
    }

    /// Appends an arc of `delta` radians from `startAngle` (positive: increasing angle).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        mutate {
            $0.addRelativeArc(center: center, radius: Double(radius), startAngle: Double(startAngle), delta: Double(delta),
                              transform: PathTransform(transform))
        }
    }

    /// Appends an arc tangent to the lines current point → `tangent1End` → `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        mutate {
            $0.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: Double(radius),
                      transform: PathTransform(transform))
        }
    }

    /// Appends a closed rectangle.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        mutate { $0.addRect(rect, transform: PathTransform(transform)) }
    }

    /// Appends closed rectangles.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        mutate { $0.addRects(rects, transform: PathTransform(transform)) }
    }

    /// Appends a closed rounded rectangle (corner sizes clamped into 0 ... half the side, with a
    /// diagnostic, where Apple traps).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        mutate {
            $0.addRoundedRect(in: rect, cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight),
                              transform: PathTransform(transform))
        }
    }

    /// Appends a closed ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        mutate { $0.addEllipse(in: rect, transform: PathTransform(transform)) }
    }

    /// Appends every element of `path` (which may be this path itself).
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        let other = path.kinemaPath   // read before locking: `path` may be `self`
        mutate { $0.addPath(other, transform: PathTransform(transform)) }
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() {
        mutate { $0.closeSubpath() }
    }
}
