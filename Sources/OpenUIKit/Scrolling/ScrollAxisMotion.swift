// ScrollAxisMotion: the motion of one axis of a scroll view after a release or an animated
// scroll, as a list of closed-form pieces evaluated by the time since the motion began.
//
// Audited against: UIKIT_SEMANTICS §5.1–§5.2 through ScrollPhysics (decay, crossing an edge,
//   critically damped bounce after an outward release, overdamped bounce from a held overscroll).
// Status: complete. Choices (Kinema's, no source): a release in the overscroll moving inward
//   faster than the "held" speed decelerates normally when it comes to rest inside the content,
//   else springs back; the two axes move independently (each stops on its own).

import Foundation
import OpenQuartzCore

/// One axis's motion: pieces back to back from time 0, then rest at `rest`.
struct ScrollAxisMotion {
    /// A closed form of the time τ since the piece began.
    enum Piece {
        /// Deceleration: x0 + v0·(1 − e^(−kτ))/k.
        case decay(x0: Double, v0: Double, k: Double)
        /// Critically damped spring about `edge`: edge + (a + bτ)·e^(−ωτ).
        case critical(edge: Double, a: Double, b: Double, omega: Double)
        /// Overdamped spring about `edge`: edge + c1·e^(−λ1τ) + c2·e^(−λ2τ).
        case overdamped(edge: Double, c1: Double, c2: Double, l1: Double, l2: Double)
        /// An eased move from `from` to `to` over `duration` (setContentOffset animated).
        case ease(from: Double, to: Double, duration: Double)

        func position(at t: Double) -> Double {
            switch self {
            case let .decay(x0, v0, k): return ScrollPhysics.decayedPosition(x0, v0, k: k, at: t)
            case let .critical(edge, a, b, omega): return edge + (a + b * t) * exp(-omega * t)
            case let .overdamped(edge, c1, c2, l1, l2): return edge + c1 * exp(-l1 * t) + c2 * exp(-l2 * t)
            case let .ease(from, to, duration):
                let f = duration > 0 ? min(max(t / duration, 0), 1) : 1
                return from + (to - from) * ScrollAxisMotion.easeCurve.value(at: f)
            }
        }

        func velocity(at t: Double) -> Double {
            switch self {
            case let .decay(_, v0, k): return ScrollPhysics.decayedVelocity(v0, k: k, at: t)
            case let .critical(_, a, b, omega): return (b - omega * (a + b * t)) * exp(-omega * t)
            case let .overdamped(_, c1, c2, l1, l2): return -l1 * c1 * exp(-l1 * t) - l2 * c2 * exp(-l2 * t)
            case let .ease(_, _, duration):
                guard duration > 0 else { return 0 }
                let h = 1e-4
                return (position(at: t + h) - position(at: t - h)) / (2 * h)
            }
        }
    }

    /// The ease of animated scrolls (Core Animation's ease-in-ease-out).
    static let easeCurve = CAMediaTimingFunction(name: .easeInEaseOut)

    private(set) var pieces: [(start: Double, end: Double, piece: Piece)] = []
    /// Where the axis rests when the pieces are over.
    private(set) var rest: Double

    /// An axis that does not move from `x`.
    init(restingAt x: Double) {
        rest = x
    }

    /// When the motion is over, seconds after it began.
    var duration: Double { pieces.last?.end ?? 0 }

    /// The position `t` seconds after the motion began.
    func position(at t: Double) -> Double {
        for entry in pieces where t < entry.end {
            return entry.piece.position(at: max(t - entry.start, 0))
        }
        return rest
    }

    /// The velocity (points per second) `t` seconds after the motion began.
    func velocity(at t: Double) -> Double {
        for entry in pieces where t < entry.end {
            return entry.piece.velocity(at: max(t - entry.start, 0))
        }
        return 0
    }

    private mutating func append(_ piece: Piece, for length: Double) {
        let start = duration
        pieces.append((start, start + length, piece))
    }

    /// An eased move from `from` to `to` over `duration` seconds.
    static func eased(from: Double, to: Double, duration: Double) -> ScrollAxisMotion {
        var motion = ScrollAxisMotion(restingAt: to)
        if from != to, duration > 0 { motion.append(.ease(from: from, to: to, duration: duration), for: duration) }
        return motion
    }

    /// A decay from `x0` that comes to rest exactly on `target` (a target the delegate chose, or
    /// a page), at rate constant `k`.
    static func decay(from x0: Double, to target: Double, k: Double) -> ScrollAxisMotion {
        var motion = ScrollAxisMotion(restingAt: target)
        let v = ScrollPhysics.velocity(toTravel: target - x0, k: k)
        let length = ScrollPhysics.decayDuration(v, k: k)
        if target != x0, length > 0 { motion.append(.decay(x0: x0, v0: v, k: k), for: length) }
        return motion
    }

    /// The motion after a release at `x0` with velocity `v0` (pt/s): deceleration at `k`, the
    /// edges of `range` crossed into a bounce-back spring (`bounces`) or a stop at the edge; a
    /// release in the overscroll springs back.
    static func release(from x0: Double, velocity v0: Double, k: Double,
                        range: ClosedRange<Double>, bounces: Bool) -> ScrollAxisMotion {
        if x0 < range.lowerBound || x0 > range.upperBound {
            let edge = x0 < range.lowerBound ? range.lowerBound : range.upperBound
            guard bounces else { return ScrollAxisMotion(restingAt: edge) }
            let inward = (x0 < edge) == (v0 > 0)
            let end = ScrollPhysics.restingPosition(x0, v0, k: k)
            if inward, abs(v0) >= Double(ScrollPhysics.heldReleaseSpeed), range.contains(end) {
                var motion = ScrollAxisMotion(restingAt: end)
                motion.append(.decay(x0: x0, v0: v0, k: k), for: ScrollPhysics.decayDuration(v0, k: k))
                return motion
            }
            return spring(from: x0, velocity: v0, edge: edge)
        }
        let end = ScrollPhysics.restingPosition(x0, v0, k: k)
        if range.contains(end) {
            var motion = ScrollAxisMotion(restingAt: end)
            let length = ScrollPhysics.decayDuration(v0, k: k)
            if length > 0 { motion.append(.decay(x0: x0, v0: v0, k: k), for: length) }
            return motion
        }
        let edge = end < range.lowerBound ? range.lowerBound : range.upperBound
        var motion = ScrollAxisMotion(restingAt: edge)
        guard let crossing = ScrollPhysics.crossingTime(x0, v0, k: k, edge: edge) else { return motion }
        if crossing > 0 { motion.append(.decay(x0: x0, v0: v0, k: k), for: crossing) }
        guard bounces else { return motion }
        let vc = ScrollPhysics.decayedVelocity(v0, k: k, at: crossing)
        motion.appendSpring(.critical(edge: edge, a: 0, b: vc, omega: ScrollPhysics.bounceOmega), edge: edge)
        return motion
    }

    /// The bounce-back from `x0` (past `edge`) with velocity `v0`: overdamped from a held
    /// overscroll, critically damped otherwise.
    static func spring(from x0: Double, velocity v0: Double, edge: Double) -> ScrollAxisMotion {
        var motion = ScrollAxisMotion(restingAt: edge)
        let a = x0 - edge
        if abs(v0) < Double(ScrollPhysics.heldReleaseSpeed) {
            let (l1, l2) = ScrollPhysics.heldBounceRates
            let c1 = (l2 * a + v0) / (l2 - l1)
            motion.appendSpring(.overdamped(edge: edge, c1: c1, c2: a - c1, l1: l1, l2: l2), edge: edge)
        } else {
            let omega = ScrollPhysics.bounceOmega
            motion.appendSpring(.critical(edge: edge, a: a, b: v0 + omega * a, omega: omega), edge: edge)
        }
        return motion
    }

    /// Appends a spring piece lasting until it is within `springRestDistance` of the edge and
    /// slower than `stopSpeed` (found on the closed form at 1 ms steps).
    private mutating func appendSpring(_ piece: Piece, edge: Double) {
        var t = 0.0
        while t < ScrollPhysics.springMaximumDuration {
            if abs(piece.position(at: t) - edge) < ScrollPhysics.springRestDistance,
               abs(piece.velocity(at: t)) < Double(ScrollPhysics.stopSpeed) { break }
            t += 0.001
        }
        if t > 0 { append(piece, for: t) }
    }
}
