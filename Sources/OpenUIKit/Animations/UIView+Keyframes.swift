// UIView+Keyframes: keyframe-based view animations.
//
// Audited against: UIView docs — animateKeyframes(withDuration:delay:options:animations:completion:),
//   addKeyframe(withRelativeStartTime:relativeDuration:animations:) ("frameStartTime … a value
//   between 0 and 1 … relative to the overall duration"; "you can call this method only from
//   within the animations block passed to animateKeyframes"); UIView.KeyframeAnimationOptions
//   raw values (UIView.h: layoutSubviews 1<<0 … overrideInheritedOptions 1<<9, calculationModeLinear
//   0<<10, Discrete 1<<10, Paced 2<<10, Cubic 3<<10, CubicPaced 4<<10).
// Choices (UNCONFIRMED in UIKIT_SEMANTICS, kept here): each animated key gets one
//   CAKeyframeAnimation over the whole duration under its key path (non-additive; it replaces
//   one running on that key), whose values hold between keyframes; changes made in the outer
//   block outside any addKeyframe span the whole duration; the whole animation is paced by the
//   ease-in-out curve unless the options carry UIView.AnimationOptions' curve bits (developers
//   pass `.curveLinear`'s raw value to get linear keyframes, as on iOS).

import Foundation
import KinemaRenderServer
import KinemaSupport
import OpenQuartzCore

extension UIView {
    /// Options for keyframe animations (UIView.KeyframeAnimationOptions; raw values as UIKit's).
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lays out subviews as the animation commits.
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// Lets touches reach the views while they animate.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Starts from the values on screen rather than the model values.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Repeats the animation for ever.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Runs the animation backwards after each forward run.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// Uses this animation's duration, not that of an enclosing animation block.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// Uses this animation's options, not those of an enclosing animation block.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        /// Values interpolate linearly between keyframes (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Each value holds until the next keyframe.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Constant speed through the values; relative times are ignored.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth spline through the values.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// A smooth spline at constant speed; relative times are ignored.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }
    }

    /// Animates the changes made by the `addKeyframe` calls inside `animations`, each over its
    /// part of `duration`.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        let (duration, delay) = checkedTiming(duration, delay, api: "UIView.animateKeyframes")
        // The low bits mean the same as AnimationOptions'; bits 16–19 carry a curve if given.
        let viewOptions = AnimationOptions(rawValue: options.rawValue & ~(0x7 << 10))
        let block = ViewAnimationBlock(duration: duration, delay: delay, options: viewOptions,
                                       timing: .curve(viewOptions.curve.timingFunction), completion: completion)
        let recorder = KeyframeRecorder(block: block, mode: options.calculationMode)
        block.run {
            KeyframeRecorder.stack.append(recorder)
            animations()
            KeyframeRecorder.stack.removeLast()
            recorder.addAnimations()
        }
    }

    /// Inside `animateKeyframes`: the changes `animations` makes run from `frameStartTime` for
    /// `frameDuration` (both fractions of the whole). Elsewhere: a diagnostic, and the changes
    /// are made without animation.
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        guard let recorder = KeyframeRecorder.current else {
            KinemaDiagnostics.emit("UIView.addKeyframe", "called outside animateKeyframes' animations block; the changes were made without animation")
            performWithoutAnimation(animations)
            return
        }
        var start = frameStartTime, length = frameDuration
        if !start.isFinite || start < 0 || start > 1 || !length.isFinite || length < 0 {
            KinemaDiagnostics.emit("UIView.addKeyframe", "relative start \(frameStartTime) and duration \(frameDuration) must lie in 0…1; clamped")
            start = start.isFinite ? min(max(start, 0), 1) : 0
            length = length.isFinite ? min(max(length, 0), 1 - start) : 1 - start
        }
        let saved = recorder.segment
        recorder.segment = (start, min(length, 1 - start))
        animations()
        recorder.segment = saved
    }
}

/// Collects the changes of a keyframe block, then turns each animated key into one
/// CAKeyframeAnimation.
@MainActor
final class KeyframeRecorder {
    struct Track {
        let layer: CALayer
        let key: String
        let kind: AnimatableValueKind
        let original: AnimatableValue
        var keyframes: [(start: Double, end: Double, value: AnimatableValue)] = []
    }

    static var stack: [KeyframeRecorder] = []
    static var current: KeyframeRecorder? { stack.last }

    let block: ViewAnimationBlock
    let mode: CAAnimationCalculationMode
    var segment: (start: Double, duration: Double) = (0, 1)
    private var tracks: [Track] = []

    init(block: ViewAnimationBlock, mode: CAAnimationCalculationMode) {
        self.block = block
        self.mode = mode
    }

    func captureAction() -> any CAAction { KeyframeCapture(recorder: self) }

    /// Records the change of `key` on `layer` that is running its action.
    func record(key: String, on layer: CALayer) {
        guard let change = CALayer.changeInProgress, change.key == key,
              let entry = LayerKeyPath.lookup(key, in: layer.state), entry.isAnimatable
        else { return }
        let new = entry.get(layer.state)
        let index: Int
        if let found = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) {
            index = found
        } else {
            tracks.append(Track(layer: layer, key: key, kind: entry.kind, original: CALayer.changeInProgressPresentationValue() ?? change.oldModelValue))
            index = tracks.count - 1
        }
        tracks[index].keyframes.append((segment.start, segment.start + segment.duration, new))
    }

    /// One keyframe animation per recorded key.
    func addAnimations() {
        for track in tracks {
            var times: [Double] = [0], values: [AnimatableValue] = [track.original]
            var last = track.original, lastTime = 0.0
            for frame in track.keyframes.sorted(by: { $0.start < $1.start }) {
                let start = max(frame.start, lastTime), end = max(frame.end, start)
                if mode == .discrete {
                    times.append(start)
                    values.append(frame.value)
                } else {
                    if start > lastTime {
                        times.append(start)
                        values.append(last)
                    }
                    times.append(end)
                    values.append(frame.value)
                }
                last = frame.value
                lastTime = mode == .discrete ? start : end
            }
            if mode == .discrete {
                times.append(1)
            } else if lastTime < 1 {
                times.append(1)
                values.append(last)
            }
            let animation = CAKeyframeAnimation(keyPath: track.key)
            animation.values = values.compactMap { $0.boxed(as: track.kind) }
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = mode
            block.applyTiming(to: animation, on: track.layer)
            animation.fillMode = .both
            block.track(animation, on: track.layer.delegate as? UIView, layer: track.layer, key: track.key)
            track.layer.add(animation, forKey: track.key)
        }
    }
}

/// The action a view's layer runs for a change inside a keyframe block: it only records.
@MainActor
final class KeyframeCapture: @MainActor CAAction {
    let recorder: KeyframeRecorder
    init(recorder: KeyframeRecorder) { self.recorder = recorder }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        recorder.record(key: event, on: layer)
    }
}
