// UIViewPropertyAnimator+Tracks: what an animator animates — a track per changed property of a
// layer (an additive offset or an absolute pair) and a group per animation block, which shows its
// tracks through runs (UIViewPropertyAnimator+Motion.swift), freezes, scrubs, moves towards an
// end and folds the values it ends at into the model.

import Foundation
import KinemaRenderServer
import KinemaSupport
import KinemaTiming
import OpenQuartzCore

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
    /// While the track shows a frozen run: the serial of the layer's animation showing it, so
    /// that the next frozen run (a scrub) changes that animation's values in place.
    var frozenSerial: UInt64?
    /// The frozen-value slot the track's frozen animations show (FrozenValues.swift), made at
    /// its first freeze and kept for the track's life.
    private var frozenSlot: FrozenSlot?

    /// Whether a scrub changes the frozen animation in place (false: it adds a new one, as it
    /// did before; the tests compare the two).
    static var scrubsInPlace = true
    /// The frozen animations changed in place so far (a work counter for the tests).
    static var inPlaceUpdates = 0

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
    ///
    /// A frozen run is added once and frozen on the track's slot of the frozen-value table
    /// (KinemaRenderServer/Animations/FrozenValues.swift); a frozen run shown over it (a scrub)
    /// differs only in its value, which goes to the slot (`setFrozenAnimationValue`): no
    /// animation, snapshot or render node is made, unless something else has replaced or removed
    /// the layer's animation, which is then added again.
    func show(_ run: AnimatorRun) {
        if run.isFrozen, let key, let serial = frozenSerial, let slot = frozenSlot, Self.scrubsInPlace {
            // The frozen animation stays; its value goes to the frozen-value table, which the
            // next commit hands over beside the unchanged render tree.
            if layer.setFrozenAnimationValue(value(at: run.motion.pa), forKey: key, serial: serial, slot: slot) {
                Self.inPlaceUpdates &+= 1
                return
            }
        }
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
        animation.beginTime = beginTime(of: run)
        animation.speed = Float(run.speed)
        animation.timeOffset = run.offset
        if run.span > 0 { animation.repeatDuration = run.span }
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        let key = key ?? ViewAnimationBlock.freeKey(keyPath, on: layer)
        self.key = key
        layer.add(animation, forKey: key)
        frozenSerial = nil
        if run.isFrozen, let serial = layer.storedAnimationSerial(forKey: key) {
            frozenSerial = serial
            // Frozen on a slot, so that the scrubs that follow change no animation
            // (`setFrozenAnimationValue`); without it each scrub re-adds one.
            if Self.scrubsInPlace {
                let slot = frozenSlot ?? FrozenValueStore.makeSlot(value(at: run.motion.pa))
                if layer.freezeAnimation(forKey: key, serial: serial, slot: slot) { frozenSlot = slot } else { frozenSerial = nil }
            }
        }
    }

    /// The run's begin in the layer's time, as its animation's beginTime.
    private func beginTime(of run: AnimatorRun) -> CFTimeInterval {
        let begin = layer.convertTime(run.begin, from: nil)
        // beginTime 0 means "when the transaction commits"; a run that begins at local time 0
        // begins a femtosecond earlier instead, which no sample can tell apart.
        return begin == 0 ? -1e-15 : begin
    }

    /// Removes the track's animation.
    func remove() {
        if let key { layer.removeAnimation(forKey: key) }
        key = nil
        frozenSerial = nil
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
