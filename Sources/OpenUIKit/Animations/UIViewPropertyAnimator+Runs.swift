// UIViewPropertyAnimator+Runs: the animator's machinery — activating (running its blocks into
// groups), starting runs towards an end, freezing, reaching the end, completing, reversing and
// scrubbing. The public members that call these live in the class body
// (UIViewPropertyAnimator.swift); what a run is: UIViewPropertyAnimator+Motion.swift.

import Foundation
import KinemaRenderServer
import KinemaSupport
import KinemaTiming
import OpenQuartzCore

extension UIViewPropertyAnimator {
    /// The forward fraction at media time t.
    func fraction(at t: CFTimeInterval) -> Double {
        guard isRunning, let segment else { return pausedFraction }
        guard segment.length > 0 else { return t >= segment.t0 ? segment.f1 : segment.f0 }
        let u = min(max((t - segment.t0) / segment.length, 0), 1)
        return segment.f0 + (segment.f1 - segment.f0) * u
    }

    /// Becomes active: runs the pending blocks, everything paused at fraction 0.
    func activate() {
        UIViewPropertyAnimator.active.append(Weak(self))
        state = .active
        isRunning = false
        pausedFraction = reversed ? 1 : 0
        let now = CACurrentMediaTime()
        let blocks = pendingBlocks
        pendingBlocks.removeAll()
        for (block, factor) in blocks {
            _ = runBlock(block, startFraction: factor, at: now)
        }
    }

    /// Runs one block in a capturing animation context and makes its group (shown frozen at its
    /// progress for the current fraction).
    func runBlock(_ block: () -> Void, startFraction: Double, at now: CFTimeInterval) -> AnimatorGroup {
        let span = duration * (1 - startFraction)
        let original: AnimatorMotion
        var blockTiming: ViewAnimationBlock.Timing = .curve(UIView.AnimationCurve.easeInOut.timingFunction)
        if let spring = timingParameters?.springTimingParameters {
            let (s, d) = spring.spring(over: span, velocity: spring.scalarVelocity)
            original = AnimatorMotion(pa: 0, pb: 1, shape: .spring(s), duration: span > 0 ? d : 0)
            if case .ratio(let ratio) = spring.kind { blockTiming = .spring(dampingRatio: ratio, initialVelocity: spring.scalarVelocity) }
        } else {
            let function = timingParameters?.cubicTimingParameters?.timingFunction ?? UIView.AnimationCurve.easeInOut.timingFunction
            original = AnimatorMotion(pa: 0, pb: 1, shape: .cubic(function), duration: span)
            blockTiming = .curve(function)
        }
        let group = AnimatorGroup(startFraction: startFraction, original: original, timing: timingParameters, at: now)
        let context = ViewAnimationBlock(duration: duration > 0 ? duration : 1, delay: 0, options: [.allowUserInteraction],
                                         timing: blockTiming, completion: nil)
        context.capture = { layer, key, old, new, shown in
            group.tracks += AnimatorTrack.tracks(layer: layer, key: key, old: old, new: new, shown: shown)
        }
        context.run(block)
        groups.append(group)
        if !userInteraction {
            for track in group.tracks {
                if let view = track.layer.delegate as? UIView, !blockedViews.contains(where: { $0 === view }) {
                    view.interactionBlockingAnimations += 1
                    blockedViews.append(view)
                }
            }
        }
        group.scrub(to: fraction(at: now), linearly: false, at: now)
        return group
    }

    /// Starts a run from `start` towards the end in the running direction, over `length`
    /// seconds (nil: the time left at the original pace).
    func run(from start: CFTimeInterval, parameters: (any UITimingCurveProvider)?, length: Double?,
                     carried: [ObjectIdentifier: Double] = [:]) {
        let now = CACurrentMediaTime()
        let f = fraction(at: now)
        let target: Double = reversed ? 0 : 1
        let rest = (target - f).magnitude
        let time = max(length ?? rest * duration, 0)
        var end = start + time
        for group in groups {
            // The part of the run in which the group moves: forward, from when the animator's
            // fraction reaches the group's start; backward, until it does.
            var from = start, to = end
            if target == 1 {
                if group.startFraction > f, rest > 0 { from = start + time * (group.startFraction - f) / rest }
            } else if group.startFraction > 0 {
                to = f > group.startFraction && rest > 0 ? start + time * (f - group.startFraction) / rest : start
            }
            group.move(towards: target, from: from, to: to, parameters: parameters, carried: carried[ObjectIdentifier(group)] ?? 0)
        }
        // A physical spring takes the time it needs to settle, which may be longer than the time
        // asked for (a spring restarted from a scrub): the animator ends when its groups do.
        // (A run's end carries the rounding of its Float speed: only a real excess counts.)
        let groupsEnd = groups.map(\.run.end).max() ?? end
        if groupsEnd > end + 1e-6 { end = groupsEnd }
        segment = (start, f, target, end - start)
        isRunning = true
        setKeepAlive()
        endToken += 1
        let token = endToken
        if let loop = HostRunLoop.current {
            loop.schedule(at: end) { [weak self] in self?.reachedEnd(token) }
        } else {
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "no run loop (no Stage): the animator cannot tell when it ends; completions will not run")
        }
    }

    /// Freezes every group where it is now and records the fraction.
    func freeze() {
        let now = CACurrentMediaTime()
        pausedFraction = fraction(at: now)
        for group in groups { group.freeze(at: now) }
        isRunning = false
        segment = nil
        endToken += 1
        setKeepAlive()
    }

    func reachedEnd(_ token: Int) {
        guard token == endToken, state == .active, isRunning else { return }
        let target: Double = reversed ? 0 : 1
        if pausesOnCompletion {
            freeze()
            pausedFraction = target
            return
        }
        for group in groups { group.finish(at: target) }
        complete(at: reversed ? .start : .end)
    }

    /// Becomes inactive and runs the completions once with `position`.
    func complete(at position: UIViewAnimatingPosition) {
        let blocks = completions
        becomeInactive()
        completions.removeAll()
        for block in blocks { block(position) }
    }

    func becomeInactive() {
        UIViewPropertyAnimator.active.removeAll { $0.value == nil || $0.value === self }
        state = .inactive
        isRunning = false
        segment = nil
        endToken += 1
        groups.removeAll()
        pendingBlocks.removeAll()
        pausedFraction = 0
        unblockViews()
        setKeepAlive()
    }

    func unblockViews() {
        for view in blockedViews { view.interactionBlockingAnimations -= 1 }
        blockedViews.removeAll()
    }

    func setKeepAlive() {
        keepAlive = state == .active && isRunning ? self : nil
    }

    func setReversed(_ value: Bool) {
        guard value != reversed else { return }
        switch state {
        case .stopped:
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "isReversed on a stopped animator: ignored")
        case .inactive:
            reversed = value
        case .active:
            guard interruptible else {
                KinemaDiagnostics.emit("UIViewPropertyAnimator", "isReversed on an animator that is not interruptible: ignored")
                return
            }
            guard isRunning, let segment else {
                reversed = value
                return
            }
            // Turn round where it is, at the pace it was going: retrace the path.
            let now = CACurrentMediaTime()
            let pace = segment.length > 0 ? segment.length / (segment.f1 - segment.f0).magnitude : 0
            let f = fraction(at: now)
            freeze()
            reversed = value
            let rest = value ? f : 1 - f
            run(from: now, parameters: nil, length: pace.isFinite ? pace * rest : nil)
        }
    }

    func setFractionComplete(_ value: Double) {
        guard value.isFinite else {
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "fractionComplete \(value) is not finite: ignored")
            return
        }
        switch state {
        case .stopped:
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "fractionComplete set on a stopped animator: ignored")
            return
        case .active where isRunning:
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "fractionComplete set while running: ignored (pause the animator to scrub it)")
            return
        case .active where !interruptible:
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "fractionComplete set on an animator that is not interruptible: ignored")
            return
        case .inactive:
            activate()
        case .active:
            break
        }
        let x = min(max(value, 0), 1)
        let f = reversed ? 1 - x : x
        pausedFraction = f
        let now = CACurrentMediaTime()
        for group in groups { group.scrub(to: f, linearly: scrubsLinearly, at: now) }
    }

    func setWhileInactive(_ value: Bool, name: String, _ write: (UIViewPropertyAnimator, Bool) -> Void) {
        guard state == .inactive else {
            KinemaDiagnostics.emit("UIViewPropertyAnimator", "\(name) cannot change while the animator is \(state == .active ? "active" : "stopped"): ignored (iOS raises)")
            return
        }
        write(self, value)
    }
}

extension UIViewPropertyAnimator {
    /// A reference that does not keep its animator alive.
    struct Weak {
        weak var value: UIViewPropertyAnimator?
        init(_ value: UIViewPropertyAnimator) { self.value = value }
    }

    /// The active animators (inactive ones leave; released ones are skipped).
    static var active: [Weak] = []

    /// Whether an active animator with automatic hit testing animates `layer`: UIKit then
    /// hit-tests the layer's view where it is shown.
    static func hitTestsShownPosition(of layer: CALayer) -> Bool {
        guard !active.isEmpty else { return false }
        for reference in active {
            guard let animator = reference.value, animator.state == .active, !animator.isManualHitTestingEnabled else { continue }
            if animator.groups.contains(where: { group in group.tracks.contains { $0.layer === layer } }) { return true }
        }
        return false
    }
}
