// Helpers for the animation tests: evaluate one animation on a state at a time.

import Foundation
@testable import KinemaRenderServer
@testable import OpenQuartzCore

/// The presentation of `state` with `animations` (snapshotted now, in order) at layer time `t`,
/// as if each animation were kept after completion (`isRemovedOnCompletion = false`): these
/// tests look at timing and values, including fill after the end. Removal on completion has its
/// own tests (`removedOnCompletion` in CALayerAnimationTests).
func present(_ state: LayerState = LayerState(), _ animations: [CAAnimation], at t: Double) -> LayerState {
    evaluate(state, animations: animations.map { animation in
        var snapshot = animation.snapshot(for: state)
        snapshot.isRemovedOnCompletion = false
        return snapshot
    }, at: t)
}

/// A basic animation of `keyPath` with duration 1 and the given values.
func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: Double = 1) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.byValue = by
    animation.duration = duration
    return animation
}

/// A state whose position.x is `x` (and opacity 1).
func stateAt(x: CGFloat) -> LayerState {
    var state = LayerState()
    state.position = CGPoint(x: x, y: 0)
    return state
}
