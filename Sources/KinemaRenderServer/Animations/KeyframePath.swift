// KeyframePath: a CAKeyframeAnimation's `path`, prepared for sampling — by element (each
// element after a move is one keyframe segment) or by arc length (paced modes).
//
// Audited against: CAKeyframeAnimation docs, `path` ("Each point in the path, except for move-to
//   points, defines a single keyframe segment for the purpose of timing and interpolation. For
//   constant velocity animation along the path, the animation should be set to a calculationMode
//   of paced or cubicPaced") and `rotationMode`. Status: complete. Move-to points inside the path
//   jump (a segment of zero duration is not made for them); a close-subpath is a line segment back
//   to the subpath's start.

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// A path to move a point along, as cubic segments (lines and quadratics are raised exactly) or
/// as an arc-length measure.
package struct KeyframePath: Sendable {
    /// One keyframe segment: a cubic Bézier from `p0` to `p3`.
    package struct Segment: Sendable {
        var p0, c1, c2, p3: CGPoint

        func point(at s: Double) -> CGPoint {
            let u = 1 - s
            let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
            return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x,
                           y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
        }

        /// The derivative's direction at `s`, falling back to the chord when it vanishes.
        func tangent(at s: Double) -> CGPoint {
            let u = 1 - s
            let x = 3 * u * u * (c1.x - p0.x) + 6 * u * s * (c2.x - c1.x) + 3 * s * s * (p3.x - c2.x)
            let y = 3 * u * u * (c1.y - p0.y) + 6 * u * s * (c2.y - c1.y) + 3 * s * s * (p3.y - c2.y)
            if x * x + y * y > 1e-24 { return CGPoint(x: x, y: y) }
            return CGPoint(x: p3.x - p0.x, y: p3.y - p0.y)
        }
    }

    package let segments: [Segment]
    /// The arc-length measure, used when `isPaced`.
    package let measure: PathMeasure
    package let isPaced: Bool

    /// The segments of `path`; nil when it has none (an empty path or moves only).
    package init?(_ path: Path, paced: Bool) {
        var segments = [Segment]()
        var current = CGPoint.zero
        var start = CGPoint.zero
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                current = p
                start = p
            case .lineTo(let p):
                segments.append(Self.line(current, p))
                current = p
            case let .quadCurveTo(q, p):
                let c1 = CGPoint(x: current.x + 2 / 3 * (q.x - current.x), y: current.y + 2 / 3 * (q.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (q.x - p.x), y: p.y + 2 / 3 * (q.y - p.y))
                segments.append(Segment(p0: current, c1: c1, c2: c2, p3: p))
                current = p
            case let .curveTo(c1, c2, p):
                segments.append(Segment(p0: current, c1: c1, c2: c2, p3: p))
                current = p
            case .closeSubpath:
                segments.append(Self.line(current, start))
                current = start
            }
        }
        guard !segments.isEmpty else { return nil }
        self.segments = segments
        self.measure = PathMeasure(path)
        self.isPaced = paced
    }

    private static func line(_ a: CGPoint, _ b: CGPoint) -> Segment {
        Segment(p0: a, c1: CGPoint(x: a.x + (b.x - a.x) / 3, y: a.y + (b.y - a.y) / 3),
                c2: CGPoint(x: a.x + 2 * (b.x - a.x) / 3, y: a.y + 2 * (b.y - a.y) / 3), p3: b)
    }

    /// The keyframe points: each segment's start and the last segment's end.
    package var points: [CGPoint] {
        segments.map(\.p0) + [segments[segments.count - 1].p3]
    }

    /// Position and tangent (unnormalised) at `fraction` of the arc length.
    package func sampleByLength(_ fraction: Double) -> (CGPoint, CGPoint?) {
        let d = min(max(fraction, 0), 1) * measure.length
        let point = measure.position(at: d) ?? segments[0].p0
        return (point, measure.tangent(at: d))
    }
}
