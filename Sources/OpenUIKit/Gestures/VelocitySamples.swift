// VelocitySamples: the recent positions of a moving value and the release velocity estimated
// from them.
//
// Source: UIKIT_SEMANTICS §8 "Pan / fling velocity": pt/s, a weighted average of the last three
//   inter-sample velocities, 0.6 · v(−2) + 0.35 · v(−1) + 0.05 · v(0), oldest pair weighted most
//   (flutter/flutter IOSScrollViewFlingVelocityTracker, reverse-engineered from UIScrollView).
// Choices: samples older than 100 ms before the newest are not used (the trailing window measured
//   for UIKit); with fewer pairs the weights of the pairs there are renormalized; two samples at
//   the same time count as one (the newer wins).

import Foundation

/// The last few (time, point) samples of a moving point.
struct VelocitySamples {
    /// How far back samples count, in seconds.
    static let horizon: TimeInterval = 0.1
    /// The weights of the three newest inter-sample velocities, oldest first.
    static let weights: [CGFloat] = [0.6, 0.35, 0.05]

    private var samples: [(time: TimeInterval, point: CGPoint)] = []

    /// Adds a sample; keeps four.
    mutating func add(_ point: CGPoint, at time: TimeInterval) {
        if let last = samples.last, time <= last.time {
            samples[samples.count - 1].point = point
            return
        }
        samples.append((time, point))
        if samples.count > 4 { samples.removeFirst(samples.count - 4) }
    }

    /// Forgets every sample but the newest.
    mutating func restart() {
        if let last = samples.last { samples = [last] }
    }

    /// Moves every sample by `offset` (the tracked point jumped, not the finger).
    mutating func shift(by offset: CGPoint) {
        for index in samples.indices {
            samples[index].point.x += offset.x
            samples[index].point.y += offset.y
        }
    }

    /// The velocity in points per second: zero without two recent samples.
    var velocity: CGPoint {
        guard let newest = samples.last else { return .zero }
        let recent = samples.filter { newest.time - $0.time <= Self.horizon + 1e-9 }
        guard recent.count >= 2 else { return .zero }
        let pairs = recent.count - 1
        let weights = Array(Self.weights.suffix(pairs))
        let total = weights.reduce(0, +)
        var vx: CGFloat = 0, vy: CGFloat = 0
        for index in 0..<pairs {
            let a = recent[index], b = recent[index + 1]
            let dt = CGFloat(b.time - a.time)
            vx += weights[index] * (b.point.x - a.point.x) / dt
            vy += weights[index] * (b.point.y - a.point.y) / dt
        }
        return CGPoint(x: vx / total, y: vy / total)
    }
}
