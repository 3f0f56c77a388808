// AnimationEvaluation: the one pure function that applies a layer's animations to its model
// state at a time, giving the presentation state.
//
// Audited against: CAPropertyAnimation (isAdditive, isCumulative, valueFunction), CABasicAnimation
//   (from/by/to table), CAKeyframeAnimation (calculation modes, keyTimes, timingFunctions, path,
//   rotationMode), CASpringAnimation, CAAnimationGroup docs, CAMediaTiming docs; APPLE_SEMANTICS.md.
// Status: complete for the animation classes of this module. The order of evaluation, and the
//   choices where Apple is silent, are in docs/ANIMATIONS.md.

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// The presentation state of a layer whose model state is `state`, with `animations` (in the
/// order they were added) applied at `time`, the layer's local time (the animations' parent time).
///
/// ```swift
/// let fade = CABasicAnimation(keyPath: "opacity")
/// fade.fromValue = 1; fade.toValue = 0; fade.duration = 1
/// let shown = evaluate(LayerState(), animations: [fade.snapshot(for: LayerState())], at: 0.25)
/// shown.opacity    // 0.75
/// ```
///
/// Order, for each animation in turn (one removed on completion counts only before its end time):
/// 1. Resolve its timing at `time` (duration 0 → 0.25 s); skip it when inactive (fill rules).
/// 2. Shape the progress: the timing function's curve (none: linear), or for a spring the closed
///    form `Spring.value(at: basic local time)` instead of a curve.
/// 3. Compute the value: basic from/by/to (current value = the *model* value in `state`),
///    keyframes, or a group's children (recursively, in the group's local time).
/// 4. Cumulative: add `iteration × (end − start)`.
/// 5. Value function: map numbers to a transform.
/// 6. Additive: add to the value accumulated so far (model value or earlier animations' result);
///    otherwise replace it.
/// 7. Write through the key-path table; unknown keys and values that do not fit are skipped.
///
/// Transitions animate no property: read `transitionProgress(_:at:)`.
///
/// Cost: O(animations × value size); no allocation for scalar keys apart from the result.
package func evaluate(_ state: LayerState, animations: [AnimationSnapshot], at time: Double) -> LayerState {
    var result = state
    applyAnimations(animations, model: state, at: time, into: &result)
    return result
}

/// `evaluate` in place: applies `animations` at `time` to `result`, which starts as the model
/// state `model` (the render server's form, saving a copy of the state per layer and frame).
package func applyAnimations(_ animations: [AnimationSnapshot], model: borrowing LayerState, at time: Double,
                             into result: inout LayerState) {
    animations.withUnsafeBufferPointer { buffer in
        for index in buffer.indices {
            // Removed on completion: from its end on, the animation is gone (no fill), as if the
            // layer had already dropped it.
            if buffer[index].isRemovedOnCompletion, time >= buffer[index].endTime { continue }
            apply(buffer[index], parentTime: time, model: model, into: &result)
        }
    }
}

extension AnimationSnapshot {
    /// Whether evaluating it reads the model value of its key (a basic or spring animation missing
    /// `fromValue` or `toValue`): only such snapshots change when the model does.
    package var dependsOnModel: Bool {
        guard case .property(let p) = content else { return false }
        return p.missesEnd
    }

    /// This snapshot with its basic from/by/to values resolved against `model` (the model
    /// values the render tree holds until the next commit), so that evaluating it each frame
    /// reads nothing from the state. Same results as the unresolved snapshot on `model`.
    package func resolvingEnds(on model: LayerState) -> AnimationSnapshot {
        guard dependsOnModel, case .property(let p) = content,
              let entry = p.header.entry ?? LayerKeyPath.lookup(p.header.keyPath, for: model.layerClass) else { return self }
        let current = p.header.valueFunction?.identityInput ?? entry.get(model)
        let resolved: PropertyAnimationSnapshot.Motion
        switch p.motion {
        case .basic(let values):
            guard values.from == nil || values.to == nil, let ends = values.endpoints(current: current) else { return self }
            resolved = .basic(BasicValues(from: ends.0, to: ends.1, by: nil))
        case .spring(let values, let spring):
            guard values.from == nil || values.to == nil, let ends = values.endpoints(current: current) else { return self }
            resolved = .spring(BasicValues(from: ends.0, to: ends.1, by: nil), spring)
        case .keyframes, .frozen:
            return self
        }
        var copy = self
        copy.content = .property(PropertyAnimationSnapshot(header: p.header, motion: resolved))
        return copy
    }
}

/// A transition's progress at `time` in [startProgress, endProgress], after its timing function;
/// nil when the animation is not a transition or is inactive.
package func transitionProgress(_ animation: AnimationSnapshot, at time: Double) -> Double? {
    guard case .transition(let t) = animation.content else { return nil }
    let s = animation.timing.resolve(parentTime: time, defaultDuration: MediaTiming.defaultAnimationDuration)
    guard s.isActive else { return nil }
    let f = animation.timingCurve?.value(at: s.progress) ?? s.progress
    return t.startProgress + (t.endProgress - t.startProgress) * f
}

/// `defaultDuration` is what a duration of 0 means: 0.25 s at the top, the enclosing group's
/// duration for a group's child (CAAnimationGroup's example: a child with no duration in a 1 s
/// group "grows as the opacity fades", over the whole second).
private func apply(_ animation: borrowing AnimationSnapshot, parentTime: Double,
                   defaultDuration: Double = MediaTiming.defaultAnimationDuration,
                   model: borrowing LayerState, into result: inout LayerState) {
    let timing = animation.resolveTiming(parentTime: parentTime, defaultDuration: defaultDuration)
    guard timing.isActive else { return }
    let shaped = animation.shaped(timing.progress)
    switch animation.content {
    case .inert, .transition:
        return
    case .group(let children):
        let duration = animation.timing.duration > 0 ? animation.timing.duration : defaultDuration
        let childTime = shaped * duration
        for child in children {
            apply(child, parentTime: childTime, defaultDuration: duration, model: model, into: &result)
        }
    case .property(let property):
        applyProperty(property, timing: timing, shaped: shaped, model: model, into: &result)
    }
}

private func applyProperty(_ p: borrowing PropertyAnimationSnapshot, timing: MediaTimingState, shaped: Double,
                           model: borrowing LayerState, into result: inout LayerState) {
    guard let entry = p.header.entry ?? LayerKeyPath.lookup(p.header.keyPath, for: model.layerClass),
          entry.applies(to: model.layerClass), !entry.isDerivedAndInanimate else { return }
    let function = p.header.valueFunction
    /// The ends of a basic or spring animation; the model value is read only when needed.
    func ends(_ values: BasicValues) -> (AnimatableValue, AnimatableValue)? {
        if let from = values.from, let to = values.to { return (from, to) }
        return values.endpoints(current: function?.identityInput ?? entry.get(model))
    }
    var value: AnimatableValue
    var span: (AnimatableValue, AnimatableValue)?
    var angle: Double?
    switch p.motion {
    case .basic(let values), .spring(let values, _):
        // A spring's progress is its closed-form motion at the basic local time; a basic
        // animation's is the timing function's.
        var fraction = shaped
        if case .spring(_, let spring) = p.motion { fraction = spring.value(at: timing.localTime) }
        if let lerp = p.transformInterpolation, !p.header.isCumulative {
            value = .transform(lerp.value(at: fraction))
        } else {
            guard let ends = ends(values) else { return }
            span = ends
            value = AnimatableValue.interpolate(from: ends.0, to: ends.1, fraction: fraction)
        }
    case .frozen(let slot, let frozenAt):
        value = FrozenValueTable.currentValue(slot) ?? frozenAt
    case .keyframes(let keyframes):
        if let segments = p.keyframeTransformSegments {
            let (index, fraction) = keyframes.linearSegment(shaped)
            value = .transform(segments[min(index, segments.count - 1)].value(at: fraction))
        } else {
            guard let sample = keyframes.sample(shaped) else { return }
            value = sample.value
            angle = sample.angle
        }
        if p.header.isCumulative { span = keyframes.span }
    }
    if p.header.isCumulative, timing.iteration > 0, let (start, end) = span,
       let delta = AnimatableValue.subtracting(end, start), let offset = delta.repeated(timing.iteration),
       let sum = AnimatableValue.adding(value, offset) {
        value = sum
    }
    if let function {
        guard let transform = function.transform(for: value) else { return }
        value = .transform(transform)
    }
    if p.header.isAdditive {
        guard let sum = AnimatableValue.adding(entry.get(result), value) else { return }
        value = sum
    }
    _ = entry.set(&result, value)
    if let angle, let rotation = LayerKeyPath.lookup("transform.rotation.z", for: model.layerClass) {
        _ = rotation.set(&result, .number(angle))
    }
}
