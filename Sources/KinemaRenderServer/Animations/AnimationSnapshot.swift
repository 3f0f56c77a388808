// AnimationSnapshot: the immutable, Sendable copy of a CAAnimation that a layer keeps once the
// animation is added, and that the evaluation reads.
//
// Audited against: CALayer `add(_:forKey:)` docs ("the animation object is copied by the render
//   tree, not referenced. Therefore, subsequent modifications to the object are not propagated into
//   the render tree"). Status: complete for the classes in this module.

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// What a layer keeps of an added animation: its timing, its timing curve and what it animates,
/// with every value already unboxed for the target key.
///
/// ```swift
/// let fade = CABasicAnimation(keyPath: "opacity")
/// fade.toValue = 0
/// let snapshot = fade.snapshot(for: LayerState())
/// fade.toValue = 1                       // does not change `snapshot`
/// ```
///
/// Cost: the values it holds; making one unboxes each value once.
package struct AnimationSnapshot: Sendable {
    /// The fields, in one shared immutable box: a frame copies each layer's snapshots, and a
    /// copy is then one reference count instead of ~250 bytes. Setters copy the box first when
    /// it is shared (copy-on-write), so the type keeps value semantics.
    private final class Storage: Sendable {
        let timing: MediaTiming
        let timingCurve: CubicBezierTimingCurve?
        let isRemovedOnCompletion: Bool
        let content: Content
        /// `timing.endTime(defaultDuration:)`, worked out once.
        let endTime: Double

        init(timing: MediaTiming, timingCurve: CubicBezierTimingCurve?, isRemovedOnCompletion: Bool, content: Content) {
            self.timing = timing
            self.timingCurve = timingCurve
            self.isRemovedOnCompletion = isRemovedOnCompletion
            self.content = content
            endTime = timing.endTime(defaultDuration: MediaTiming.defaultAnimationDuration)
        }
    }

    private var storage: Storage

    /// The animation's timing, in its parent's time (the layer's local time, or its group's).
    package var timing: MediaTiming {
        get { storage.timing }
        set { storage = Storage(timing: newValue, timingCurve: timingCurve, isRemovedOnCompletion: isRemovedOnCompletion, content: content) }
    }
    /// The timing function's curve; nil is linear.
    package var timingCurve: CubicBezierTimingCurve? {
        get { storage.timingCurve }
        set { storage = Storage(timing: timing, timingCurve: newValue, isRemovedOnCompletion: isRemovedOnCompletion, content: content) }
    }
    /// Whether the layer removes the animation when it finishes.
    package var isRemovedOnCompletion: Bool {
        get { storage.isRemovedOnCompletion }
        set { storage = Storage(timing: timing, timingCurve: timingCurve, isRemovedOnCompletion: newValue, content: content) }
    }
    /// What the animation does.
    package var content: Content {
        get { storage.content }
        set { storage = Storage(timing: timing, timingCurve: timingCurve, isRemovedOnCompletion: isRemovedOnCompletion, content: newValue) }
    }

    /// Not `indirect`: it already lives in the shared `Storage` box, and its payloads are a class
    /// reference, an array or a small struct. (An indirect case's box is referenced with the case's
    /// tag in the pointer's spare bits, which LeakSanitizer does not take for a pointer: the fuzzers
    /// reported every group's and transition's box as leaked while its layer still held it.)
    package enum Content: Sendable {
        /// Animates nothing (an abstract CAAnimation, or one whose values were refused).
        case inert
        /// Animates one property.
        case property(PropertyAnimationSnapshot)
        /// Runs its children in its own local time.
        case group([AnimationSnapshot])
        /// A transition: the compositor reads its progress; no property changes.
        case transition(TransitionSnapshot)
    }

    package init(timing: MediaTiming, timingCurve: CubicBezierTimingCurve?, isRemovedOnCompletion: Bool, content: Content) {
        storage = Storage(timing: timing, timingCurve: timingCurve, isRemovedOnCompletion: isRemovedOnCompletion, content: content)
    }

    /// The parent time at which the active duration ends (duration 0 → 0.25 s; infinite for an
    /// animation that repeats forever): when the layer calls `animationDidStop(_:finished: true)`
    /// and, with `isRemovedOnCompletion`, removes it.
    package var endTime: Double { storage.endTime }

    /// The timing resolved at `parentTime` (reads the stored timing in place); a duration of 0
    /// counts as `defaultDuration` (0.25 s, or the enclosing group's duration for a child).
    package func resolveTiming(parentTime: Double,
                               defaultDuration: Double = MediaTiming.defaultAnimationDuration) -> MediaTimingState {
        storage.timing.resolve(parentTime: parentTime, defaultDuration: defaultDuration)
    }

    /// `progress` through the timing function's curve (linear without one), read in place: the
    /// curve is 160 bytes, and copying it out per evaluation showed in profiles.
    package func shaped(_ progress: Double) -> Double {
        storage.timingCurve?.value(at: progress) ?? progress
    }
}

/// One property animation's data. A class (immutable): a frame reads it for every animated layer,
/// and sharing it costs one reference count where a struct copy cost several.
package final class PropertyAnimationSnapshot: Sendable {
    package struct Header: Sendable {
        package var keyPath: String
        /// The key's kind on the target layer; nil when the layer has no such key.
        package var keyKind: AnimatableValueKind?
        package var isAdditive: Bool
        package var isCumulative: Bool
        /// Maps numbers to a transform before the write.
        package var valueFunction: CAValueFunctionName?
        /// The key path's table entry for the layer class the snapshot was made for (looked up
        /// once here rather than at every evaluation); nil when the class has no such key.
        package var entry: LayerKeyPath?

        package init(keyPath: String, keyKind: AnimatableValueKind? = nil, isAdditive: Bool, isCumulative: Bool, valueFunction: CAValueFunctionName? = nil, entry: LayerKeyPath? = nil) {
            self.keyPath = keyPath
            self.keyKind = keyKind
            self.isAdditive = isAdditive
            self.isCumulative = isCumulative
            self.valueFunction = valueFunction
            self.entry = entry
        }
    }

    package enum Motion: Sendable {
        case basic(BasicValues)
        /// A basic animation whose progress is a spring's closed-form motion.
        case spring(BasicValues, Spring)
        case keyframes(KeyframeSnapshot)
        /// A constant value kept in the frozen-value table (FrozenValues.swift): a paused,
        /// scrubbed animator's track. The value is the one it was frozen at where no table is
        /// current.
        case frozen(FrozenSlot, AnimatableValue)
    }

    package let header: Header
    package let motion: Motion
    /// For a basic or spring animation between two transforms: their decomposition, done once
    /// here instead of at every frame (decomposing both ends costs about a microsecond).
    package let transformInterpolation: TransformInterpolation?
    /// For a linear keyframe animation of transforms: one decomposed interpolation per segment.
    package let keyframeTransformSegments: [TransformInterpolation]?
    /// Whether a basic or spring animation misses an end, which the model state then supplies
    /// (`AnimationSnapshot.dependsOnModel`): worked out once here, since each commit of the layer
    /// asks it of every animation, and reading it from `motion` copied the values out.
    package let missesEnd: Bool

    package init(header: Header, motion: Motion) {
        self.header = header
        self.motion = motion
        var interpolation: TransformInterpolation?
        var segments: [TransformInterpolation]?
        var missesEnd = false
        switch motion {
        case .basic(let values), .spring(let values, _):
            missesEnd = values.from == nil || values.to == nil
            if case .transform(let a)? = values.from, case .transform(let b)? = values.to {
                interpolation = TransformInterpolation(from: a, to: b)
            }
        case .frozen:
            break
        case .keyframes(let keyframes):
            if keyframes.path == nil, keyframes.mode == .linear, keyframes.values.count >= 2 {
                var made: [TransformInterpolation] = []
                made.reserveCapacity(keyframes.values.count - 1)
                for index in 0..<(keyframes.values.count - 1) {
                    guard case .transform(let a) = keyframes.values[index],
                          case .transform(let b) = keyframes.values[index + 1] else { break }
                    made.append(TransformInterpolation(from: a, to: b))
                }
                if made.count == keyframes.values.count - 1 { segments = made }
            }
        }
        transformInterpolation = interpolation
        keyframeTransformSegments = segments
        self.missesEnd = missesEnd
    }
}

/// A keyframe animation's data, with key times already resolved.
package struct KeyframeSnapshot: Sendable {
    package enum Mode: Sendable { case linear, discrete, cubic }
    /// The keyframe values (for a `path` animation, empty: `pathSamples` is used).
    package var values: [AnimatableValue]
    /// One key time per value (linear, cubic), or per value plus one (discrete); non-decreasing,
    /// first 0 and last 1.
    package var keyTimes: [Double]
    /// One curve per segment, or empty (linear pacing).
    package var segmentCurves: [CubicBezierTimingCurve?]
    package var mode: Mode
    /// Kochanek–Bartels parameters per value (0 when not given).
    package var tension: [Double]
    package var continuity: [Double]
    package var bias: [Double]
    /// A path to move along (point properties), replacing `values`.
    package var path: KeyframePath?
    /// 0 none, +1 rotateAuto, −1 rotateAutoReverse.
    package var rotation: RotationFollow

    package init(values: [AnimatableValue], keyTimes: [Double], segmentCurves: [CubicBezierTimingCurve?], mode: Mode, tension: [Double], continuity: [Double], bias: [Double], path: KeyframePath? = nil, rotation: RotationFollow) {
        self.values = values
        self.keyTimes = keyTimes
        self.segmentCurves = segmentCurves
        self.mode = mode
        self.tension = tension
        self.continuity = continuity
        self.bias = bias
        self.path = path
        self.rotation = rotation
    }
    package enum RotationFollow: Sendable { case none, auto, autoReverse }
}

/// A transition's data, for the compositor.
package struct TransitionSnapshot: Sendable, Equatable {
    package var type: String
    package var subtype: String?
    package var startProgress: Double
    package var endProgress: Double

    package init(type: String, subtype: String? = nil, startProgress: Double, endProgress: Double) {
        self.type = type
        self.subtype = subtype
        self.startProgress = startProgress
        self.endProgress = endProgress
    }
}

extension AnimationSnapshot {
    /// The animated key path (nil for groups, transitions and inert snapshots), for the layer's
    /// bookkeeping.
    package var keyPath: String? {
        if case .property(let p) = content { return p.header.keyPath }
        return nil
    }
}
