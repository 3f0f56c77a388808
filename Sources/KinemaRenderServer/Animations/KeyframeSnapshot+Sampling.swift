// KeyframeSnapshot+Sampling: the value of a keyframe animation at a progress — linear with key
// times and per-segment timing functions, discrete, cubic (Kochanek–Bartels) and along a path.
//
// Audited against: CAKeyframeAnimation docs (calculationMode, keyTimes, timingFunctions,
//   tensionValues / continuityValues / biasValues, path, rotationMode). Status: complete; paced
//   modes arrive here as linear / cubic with key times already spaced by distance.

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

extension KeyframeSnapshot {
    /// The first and last values (for cumulative repeats); nil without values.
    var span: (AnimatableValue, AnimatableValue)? {
        if let path {
            let points = path.points
            guard let first = points.first, let last = points.last else { return nil }
            return (.point(first), .point(last))
        }
        guard let first = values.first, let last = values.last else { return nil }
        return (first, last)
    }

    /// The value at `progress` (the animation's shaped progress), and for a path with a rotation
    /// mode the tangent angle to set on `transform.rotation.z`.
    func sample(_ progress: Double) -> (value: AnimatableValue, angle: Double?)? {
        let p = min(max(progress, 0), 1)
        if let path { return samplePath(path, p) }
        guard !values.isEmpty else { return nil }
        if values.count == 1 { return (values[0], nil) }
        switch mode {
        case .discrete:
            return (values[discreteIndex(p)], nil)
        case .linear, .cubic:
            let (i, f) = segment(p)
            let shaped = i < segmentCurves.count ? (segmentCurves[i]?.value(at: f) ?? f) : f
            if mode == .cubic, let v = cubic(i, shaped) { return (v, nil) }
            return (AnimatableValue.interpolate(from: values[i], to: values[i + 1], fraction: shaped), nil)
        }
    }

    /// For linear mode: the segment at `progress` and the fraction through it after the segment's
    /// timing function — what `sample` interpolates between values i and i + 1.
    func linearSegment(_ progress: Double) -> (index: Int, fraction: Double) {
        let (i, f) = segment(min(max(progress, 0), 1))
        let shaped = i < segmentCurves.count ? (segmentCurves[i]?.value(at: f) ?? f) : f
        return (i, shaped)
    }

    /// The index of the value shown at `p` in discrete mode: the last key time ≤ p.
    private func discreteIndex(_ p: Double) -> Int {
        var index = 0
        for (i, k) in keyTimes.enumerated() where k <= p { index = i }
        return min(index, values.count - 1)
    }

    /// The segment containing `p` and the fraction through it (segments of zero length end at 1).
    private func segment(_ p: Double) -> (Int, Double) {
        let last = keyTimes.count - 2
        var i = 0
        while i < last, keyTimes[i + 1] <= p { i += 1 }
        let width = keyTimes[i + 1] - keyTimes[i]
        guard width > 0 else { return (i, 1) }
        return (i, min(max((p - keyTimes[i]) / width, 0), 1))
    }

    /// Kochanek–Bartels (Catmull-Rom at tension = continuity = bias = 0) between values i and
    /// i + 1, with tangents scaled for uneven key times; nil for values without components
    /// (transforms …), which fall back to linear.
    private func cubic(_ i: Int, _ s: Double) -> AnimatableValue? {
        let n = values.count
        guard let p1 = values[i].components, let p2 = values[i + 1].components,
              let p0 = values[max(i - 1, 0)].components, let p3 = values[min(i + 2, n - 1)].components,
              Set([p0.count, p1.count, p2.count, p3.count]).count == 1 else { return nil }
        func interval(_ j: Int) -> Double { j < 0 || j + 1 >= n ? 0 : keyTimes[j + 1] - keyTimes[j] }
        // Outgoing tangent at value i, incoming tangent at value i + 1.
        let outgoing = tangent(index: i, previous: p0, point: p1, next: p2, outgoing: true,
                               before: interval(i - 1), after: interval(i))
        let incoming = tangent(index: i + 1, previous: p1, point: p2, next: p3, outgoing: false,
                               before: interval(i), after: interval(i + 1))
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        let result = (0 ..< p1.count).map { k in
            h00 * p1[k] + h10 * outgoing[k] + h01 * p2[k] + h11 * incoming[k]
        }
        return values[i].withComponents(result)
    }

    private func tangent(index: Int, previous: [Double], point: [Double], next: [Double], outgoing: Bool,
                         before: Double, after: Double) -> [Double] {
        let t = index < tension.count ? tension[index] : 0
        let c = index < continuity.count ? continuity[index] : 0
        let b = index < bias.count ? bias[index] : 0
        let wIn = outgoing ? (1 - t) * (1 + b) * (1 - c) / 2 : (1 - t) * (1 + b) * (1 + c) / 2
        let wOut = outgoing ? (1 - t) * (1 - b) * (1 + c) / 2 : (1 - t) * (1 - b) * (1 - c) / 2
        // Uneven intervals: scale so the speed is continuous across the key (the usual KB rule).
        let total = before + after
        let scale: Double
        if before == 0 || after == 0 || total == 0 {
            scale = 1
        } else {
            scale = outgoing ? 2 * after / total : 2 * before / total
        }
        return (0 ..< point.count).map { k in
            scale * (wIn * (point[k] - previous[k]) + wOut * (next[k] - point[k]))
        }
    }

    private func samplePath(_ path: KeyframePath, _ p: Double) -> (value: AnimatableValue, angle: Double?) {
        let point: CGPoint
        var tangent: CGPoint?
        if path.isPaced {
            (point, tangent) = path.sampleByLength(p)
        } else if mode == .discrete {
            let points = path.points
            var index = 0
            for (i, k) in keyTimes.enumerated() where k <= p { index = i }
            point = points[min(index, points.count - 1)]
            tangent = path.segments[min(index, path.segments.count - 1)].tangent(at: 0)
        } else {
            let (i, f) = segment(p)
            let shaped = i < segmentCurves.count ? (segmentCurves[i]?.value(at: f) ?? f) : f
            let seg = path.segments[min(i, path.segments.count - 1)]
            point = seg.point(at: shaped)
            tangent = seg.tangent(at: shaped)
        }
        var angle: Double?
        if rotation != .none, let tangent {
            angle = atan2(Double(tangent.y), Double(tangent.x)) + (rotation == .autoReverse ? Double.pi : 0)
        }
        return (.point(point), angle)
    }
}
