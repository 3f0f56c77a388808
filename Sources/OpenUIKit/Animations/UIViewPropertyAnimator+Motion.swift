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

    /// The local time at media time t.
    func local(at t: CFTimeInterval) -> Double {
        guard speed != 0 else { return offset }
        let elapsed = min(max((t - begin) * speed.magnitude, 0), span)
        return speed > 0 ? offset + elapsed : offset - elapsed
    }

    func progress(at t: CFTimeInterval) -> Double {
        motion.progress(at: local(at: t))
    }

    /// dP/dt at media time t: 0 before the run begins, after it ends, or frozen.
    func velocity(at t: CFTimeInterval) -> Double {
        guard speed != 0, t >= begin, (t - begin) * speed.magnitude < span else { return 0 }
        return motion.slope(at: local(at: t)) * speed
    }
}

/// One animated property of one layer, as a block changed it.
@MainActor
final class AnimatorTrack {
    let layer: CALayer
    /// The key path animated (`position`, `bounds.size`, `backgroundColor` …).
    let keyPath: String
    let kind: AnimatableValueKind
    /// Additive: `start` is old − new and `end` the zero of its kind. Absolute: the values.
    let isAdditive: Bool
    let start: AnimatableValue
    let end: AnimatableValue
    /// The key of its animation on the layer (the first free of keyPath, keyPath-2 …).
    var key: String?

    init(layer: CALayer, keyPath: String, kind: AnimatableValueKind, isAdditive: Bool, start: AnimatableValue, end: AnimatableValue) {
        self.layer = layer
        self.keyPath = keyPath
        self.kind = kind
        self.isAdditive = isAdditive
        self.start = start
        self.end = end
    }

    /// The animation value at progress P (an offset for additive tracks).
    func value(at p: Double) -> AnimatableValue {
        AnimatableValue.interpolate(from: start, to: end, fraction: p)
    }

    /// Shows `run`: replaces the track's animation with one that evaluates to the run's values.
    func show(_ run: AnimatorRun) {
        let animation: CABasicAnimation
        switch run.motion.shape {
        case .cubic(let function):
            animation = CABasicAnimation(keyPath: keyPath)
            animation.timingFunction = function
        case .spring(let spring):
            let springAnimation = CASpringAnimation(keyPath: keyPath)
            springAnimation.mass = CGFloat(spring.mass)
            springAnimation.stiffness = CGFloat(spring.stiffness)
            springAnimation.damping = CGFloat(spring.damping)
            springAnimation.initialVelocity = CGFloat(spring.initialVelocity)
            springAnimation.allowsOverdamping = true
            animation = springAnimation
        }
        animation.fromValue = value(at: run.motion.pa).boxed(as: kind)
        animation.toValue = value(at: run.motion.pb).boxed(as: kind)
        animation.isAdditive = isAdditive
        animation.duration = run.motion.duration > 0 ? run.motion.duration : 1
        var begin = layer.convertTime(run.begin, from: nil)
        // beginTime 0 means "when the transaction commits"; a run that begins at local time 0
        // begins a femtosecond earlier instead, which no sample can tell apart.
        if begin == 0 { begin = -1e-15 }
        animation.beginTime = begin
        animation.speed = Float(run.speed)
        animation.timeOffset = run.offset
        if run.span > 0 { animation.repeatDuration = run.span }
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        let key = key ?? ViewAnimationBlock.freeKey(keyPath, on: layer)
        self.key = key
        layer.add(animation, forKey: key)
    }

    /// Removes the track's animation.
    func remove() {
        if let key { layer.removeAnimation(forKey: key) }
        key = nil
    }

    /// Writes the values shown at progress P into the model (with actions disabled): an
    /// additive track adds its offset to the model (so other animators' offsets still apply),
    /// an absolute track sets its value.
    func fold(at p: Double) {
        guard let entry = LayerKeyPath.lookup(keyPath, in: layer.state) else { return }
        let model = entry.get(layer.state)
        let value: AnimatableValue
        if isAdditive {
            guard let sum = AnimatableValue.adding(model, self.value(at: p)) else { return }
            value = sum
        } else {
            value = self.value(at: p)
        }
        guard value != model else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if keyPath == "backgroundColor", let view = layer.delegate as? UIView, case .color(let color) = value {
            view.backgroundColor = UIColor(cgColor: color)
        } else {
            layer.setValue(value.boxed(as: kind), forKeyPath: keyPath)
        }
        CATransaction.commit()
    }

    /// The tracks a captured change makes (UIView.animate's rules: rectangles split into origin
    /// and size, values that add are additive, everything else absolute from the value shown).
    static func tracks(layer: CALayer, key: String, old: AnimatableValue, new: AnimatableValue,
                       shown: AnimatableValue?) -> [AnimatorTrack] {
        guard let entry = LayerKeyPath.lookup(key, in: layer.state) else { return [] }
        switch (old, new) {
        case let (.rect(a), .rect(b)):
            var result: [AnimatorTrack] = []
            let origin = CGPoint(x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y)
            if origin != .zero {
                result.append(AnimatorTrack(layer: layer, keyPath: key + ".origin", kind: .point, isAdditive: true,
                                            start: .point(origin), end: .point(.zero)))
            }
            let size = CGSize(width: a.width - b.width, height: a.height - b.height)
            if size != .zero {
                result.append(AnimatorTrack(layer: layer, keyPath: key + ".size", kind: .size, isAdditive: true,
                                            start: .size(size), end: .size(.zero)))
            }
            return result
        case (.number, .number), (.point, .point), (.size, .size), (.transform, .transform):
            guard let delta = AnimatableValue.subtracting(old, new) else { return [] }
            let zero: AnimatableValue
            switch new {
            case .number: zero = .number(0)
            case .point: zero = .point(.zero)
            case .size: zero = .size(.zero)
            default: zero = .transform(CATransform3DIdentity)
            }
            return [AnimatorTrack(layer: layer, keyPath: key, kind: entry.kind, isAdditive: true, start: delta, end: zero)]
        default:
            return [AnimatorTrack(layer: layer, keyPath: key, kind: entry.kind, isAdditive: false, start: shown ?? old, end: new)]
        }
    }
}

/// The tracks one animation block made, with one progress.
@MainActor
final class AnimatorGroup {
    var tracks: [AnimatorTrack] = []
    /// The animator fraction at which the group begins (its delay factor, in the animator's
    /// fraction).
    let startFraction: Double
    /// The group's own motion from 0 to 1 over its part of the animator's duration.
    let original: AnimatorMotion
    /// What its tracks show now.
    var run: AnimatorRun
    /// The path a resume continues: the motion and local time where the group was paused, and
    /// whether its progress lies on that path (false after a linear scrub of a curve).
    var path: AnimatorMotion
    var pathLocal: Double
    var onPath = true
    /// The animator's timing, for a spring that restarts from a scrubbed value.
    let timing: (any UITimingCurveProvider)?

    init(startFraction: Double, original: AnimatorMotion, timing: (any UITimingCurveProvider)?, at time: CFTimeInterval) {
        self.startFraction = startFraction
        self.original = original
        self.timing = timing
        run = .frozen(0, at: time)
        path = original
        pathLocal = 0
    }

    /// The group's own fraction (0…1) when the animator's is `f`.
    func groupFraction(_ f: Double) -> Double {
        let room = 1 - startFraction
        guard room > 0 else { return f >= startFraction ? 1 : 0 }
        return min(max((f - startFraction) / room, 0), 1)
    }

    func show(_ newRun: AnimatorRun) {
        run = newRun
        for track in tracks { track.show(newRun) }
    }

    /// Freezes the group where it is at `time`, remembering the path for a resume.
    func freeze(at time: CFTimeInterval) {
        let p = run.progress(at: time)
        if run.speed != 0 {
            path = run.motion
            pathLocal = run.local(at: time)
            onPath = true
        }
        show(.frozen(p, at: time))
    }

    /// Puts the group at the animator fraction `f` (a scrub): linearly, or on its curve.
    func scrub(to f: Double, linearly: Bool, at time: CFTimeInterval) {
        let phi = groupFraction(f)
        path = original
        pathLocal = phi * original.duration
        let curved = original.progress(at: pathLocal)
        if linearly && !original.isLinear {
            onPath = false
            show(.frozen(phi, at: time))
        } else {
            onPath = true
            show(.frozen(curved, at: time))
        }
    }

    /// Starts the group moving towards `target` (1 forward, 0 backward) between `from` and `to`
    /// (media times: the part of the animator's run in which the group moves), following its
    /// path (`parameters` nil) or new timing.
    ///
    /// `carried` is the progress velocity (per second) the group had before a running animator
    /// was continued: a new spring starts with it added to its own initial velocity, so the
    /// motion keeps its speed.
    func move(towards target: Double, from: CFTimeInterval, to: CFTimeInterval, parameters: (any UITimingCurveProvider)?,
              carried: Double = 0) {
        let p = run.progress(at: from)
        let window = to - from
        guard window > 1e-12 else {
            show(.frozen(p, at: from))
            return
        }
        let forward = target == 1
        var restart = parameters
        var velocity = parameters?.springTimingParameters?.scalarVelocity ?? 0
        if carried != 0, (target - p).magnitude > 1e-9 { velocity += carried / (target - p) }
        if restart == nil, !onPath, case .spring = path.shape, let timing {
            // A spring scrubbed off its path starts afresh from the scrubbed value (at rest, as
            // a scrub leaves it): its tail, rescaled, would magnify the spring's residual at
            // the end by 1 / (remaining distance).
            restart = timing
            velocity = 0
        }
        if let parameters = restart {
            let motion = Self.motion(from: p, to: target, parameters: parameters, window: window, velocity: velocity)
            path = motion
            pathLocal = 0
            onPath = true
            show(AnimatorRun(motion: motion, begin: from, offset: 0, speed: 1, span: motion.duration))
            return
        }
        var motion = path
        let endsThere = forward ? motion.pb == 1 : motion.pa == 0
        if !(onPath && endsThere) {
            // Off the path (a linear scrub), or a path that ends elsewhere: the rest of its
            // shape, rescaled to start at P and end at the target.
            let g = motion.unit(at: pathLocal)
            if forward, (1 - g).magnitude > 1e-6 {
                motion.pa = (p - g) / (1 - g)
                motion.pb = 1
            } else if !forward, g.magnitude > 1e-6 {
                motion.pa = 0
                motion.pb = p / g
            } else {
                let line = AnimatorMotion(pa: p, pb: target, shape: .cubic(AnimatorMotion.linear), duration: window)
                path = line
                pathLocal = 0
                onPath = true
                show(AnimatorRun(motion: line, begin: from, offset: 0, speed: 1, span: window))
                return
            }
        }
        let span = forward ? motion.duration - pathLocal : pathLocal
        guard span > 0 else {
            show(.frozen(p, at: from))
            return
        }
        let speed = Double(Float(span / window))
        path = motion
        onPath = true
        show(AnimatorRun(motion: motion, begin: from, offset: pathLocal, speed: forward ? speed : -speed, span: span))
    }

    /// A motion from P to `target` with new timing parameters over `window` seconds.
    static func motion(from p: Double, to target: Double, parameters: any UITimingCurveProvider, window: Double,
                       velocity: Double) -> AnimatorMotion {
        if let spring = parameters.springTimingParameters {
            let (s, d) = spring.spring(over: window, velocity: velocity)
            return AnimatorMotion(pa: p, pb: target, shape: .spring(s), duration: d)
        }
        let function = parameters.cubicTimingParameters?.timingFunction ?? UIView.AnimationCurve.easeInOut.timingFunction
        return AnimatorMotion(pa: p, pb: target, shape: .cubic(function), duration: window)
    }

    func remove() {
        for track in tracks { track.remove() }
    }

    /// Folds the values at progress P into the model and removes the animations.
    func finish(at p: Double) {
        for track in tracks {
            track.remove()
            track.fold(at: p)
        }
    }
}
