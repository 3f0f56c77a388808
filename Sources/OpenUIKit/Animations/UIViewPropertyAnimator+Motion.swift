// UIViewPropertyAnimator+Motion: how an animator's progress moves, and the layer animations that
// show exactly that motion.
//
// Design (docs/UIKIT.md, "Property animator"). An animator's blocks run inside a view-animation
// context whose changes are captured, not animated: the model takes the new values at once, as
// UIKit does, and each change becomes a **track** — an additive offset `Δ = old − new` that the
// animator scales by `1 − P` (numbers, points, sizes, rectangle parts, transforms), or an absolute
// from → to pair (colours and other values). `P`, the track's **progress**, is 0 at the start
// values and 1 at the end values. Tracks made by one block form a **group** with one progress.
//
// What the screen shows is always one Core Animation animation per track, built from a **run**:
//
//     P(t) = pa + (pb − pa) · shape(L(t))            shape: a cubic curve or a spring, 0 → 1
//     L(t) = offset ± |speed| · clamp(t − begin, 0, span / |speed|)
//
// which is, to the bit, what Core Animation evaluates for a basic (or spring) animation from
// value(pa) to value(pb) with `beginTime = begin`, `speed = ±|speed|`, `timeOffset = offset`,
// `repeatDuration = span` and `fillMode = .both` (MediaTiming.resolve: with repeatDuration equal
// to the distance to the end, the local time stops exactly at the end, never wrapping):
//
//     local time ▲ forward run (speed > 0)          backward run (speed < 0)
//        duration ┤          ╱▔▔▔▔ held (fill)         ╲
//                 │        ╱                           ╲
//          offset ┤──────╱  ← held before begin         ╲____ held at 0 (fill)
//                 └──────┬────────────▶ t         ──────┬──────────▶ t
//                      begin                          begin
//
// A paused or stopped animator shows a **frozen** run (pa = pb = P, speed 0): a constant offset.
// A scrub shows a frozen run over a frozen run, which differs only in its value and begin time:
// the track changes its layer animation in place (CALayer+AnimationUpdate.swift) instead of
// adding a new one — the same result, without making, copying and snapshotting an animation.
// So every value the animator reports (`fractionComplete`, the values `finishAnimation(at:
// .current)` and `stopAnimation(true)` leave) is computed on the main thread from the same run,
// and sampled presentation values match it exactly; nothing depends on when frames are drawn.
//
// The runs, by case:
//   - start, or resume on the path it was paused on: replay the path from where it was, at the
//     speed that covers the rest in the remaining time (speed ±1 at the original pace). Reversal
//     (`isReversed` while running) is the same with the sign flipped: the values retrace their
//     path exactly, springs included (a spring run backwards is Core Animation's negative speed).
//   - resume after a linear scrub (off the curve) of a cubic curve: the rest of the curve,
//     rescaled so it starts at the scrubbed value — forward pa = (P − g)/(1 − g), pb = 1; backward pa = 0, pb = P / g,
//     g the curve's value where the scrub left the time. Position is continuous and the curve's
//     shape returns. When g is within 1e-6 of the end being left (no curve left to rescale), the
//     rest is linear. A spring scrubbed off its path restarts from the scrubbed value, at rest,
//     fitted to the remaining time (its rescaled tail would magnify its final residual).
//   - continue with new timing parameters: the new curve or spring from P to the end over the
//     remaining time, "as if started from the current position"; a spring's initialVelocity is in
//     fractions of the remaining distance per second, so a velocity measured before continuing
//     carries on without a jump.

import Foundation
import KinemaRenderServer
import KinemaSupport
import KinemaTiming
import OpenQuartzCore

/// How a group's progress moves: `P(L) = pa + (pb − pa) · shape(L)` for local time L in
/// [0, duration].
struct AnimatorMotion {
    enum Shape {
        case cubic(CAMediaTimingFunction)
        case spring(Spring)
    }

    var pa: Double
    var pb: Double
    var shape: Shape
    /// Local seconds the shape takes (a cubic's x is L / duration; a spring runs in seconds).
    var duration: Double

    /// The shape's value (0 at the start, 1 at the end; a spring may overshoot) at local time L.
    func unit(at local: Double) -> Double {
        let l = min(max(local, 0), duration)
        switch shape {
        case .cubic(let function):
            return duration > 0 ? function.value(at: l / duration) : 1
        case .spring(let spring):
            return spring.value(at: l)
        }
    }

    /// The progress at local time L.
    func progress(at local: Double) -> Double {
        pa + (pb - pa) * unit(at: local)
    }

    /// dP/dL at local time L (0 outside [0, duration]).
    func slope(at local: Double) -> Double {
        guard local >= 0, local <= duration, duration > 0 else { return 0 }
        switch shape {
        case .cubic(let function):
            let s = function.slope(at: local / duration) / duration
            return s.isFinite ? (pb - pa) * s : 0
        case .spring(let spring):
            return (pb - pa) * spring.velocity(at: local)
        }
    }

    /// Whether the shape is the straight line (a scrub along it stays on the path).
    var isLinear: Bool {
        if case .cubic(let function) = shape { return function == Self.linear }
        return false
    }

    /// A frozen motion at progress P.
    static func frozen(_ p: Double) -> AnimatorMotion {
        AnimatorMotion(pa: p, pb: p, shape: .cubic(linear), duration: 1)
    }

    static let linear = CAMediaTimingFunction(name: .linear)
}

/// What a group shows from `begin` on: its motion played from local time `offset` at `speed`
/// local seconds per second for `span` local seconds (see the file comment).
struct AnimatorRun {
    var motion: AnimatorMotion
    var begin: CFTimeInterval
    var offset: Double
    /// Representable as a Float (Core Animation's speed is one), so both sides use the same value.
    var speed: Double
    var span: Double

    static func frozen(_ p: Double, at time: CFTimeInterval) -> AnimatorRun {
        AnimatorRun(motion: .frozen(p), begin: time, offset: 0, speed: 0, span: 0)
    }

    /// Whether the run is one `frozen(_:at:)` makes (whose animation differs from another
    /// frozen run's only in its value and begin time).
    var isFrozen: Bool {
        guard speed == 0, offset == 0, span == 0, motion.pa == motion.pb, motion.duration == 1,
              case .cubic(let function) = motion.shape else { return false }
        return function === AnimatorMotion.linear
    }

    /// The local time at media time t.
    func local(at t: CFTimeInterval) -> Double {
        guard speed != 0 else { return offset }
        let elapsed = min(max((t - begin) * speed.magnitude, 0), span)
        return speed > 0 ? offset + elapsed : offset - elapsed
    }

    func progress(at t: CFTimeInterval) -> Double {
        motion.progress(at: local(at: t))
    }

    /// The media time the run stops moving (its begin when frozen).
    var end: CFTimeInterval {
        speed == 0 ? begin : begin + span / speed.magnitude
    }

    /// dP/dt at media time t: 0 before the run begins, after it ends, or frozen.
    func velocity(at t: CFTimeInterval) -> Double {
        guard speed != 0, t >= begin, (t - begin) * speed.magnitude < span else { return 0 }
        return motion.slope(at: local(at: t)) * speed
    }
}
