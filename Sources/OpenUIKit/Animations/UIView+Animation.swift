// UIView+Animation: the block-based view animation API.
//
// Audited against: UIView docs — animate(withDuration:delay:options:animations:completion:)
//   ("duration … if you specify a negative value or 0, the changes are made without animating
//   them"), animate(withDuration:animations:completion:) and animate(withDuration:animations:)
//   ("performs the animations using a duration of … and the curveEaseInOut option"),
//   animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:
//   completion:), the iOS 17 animate(springDuration:bounce:initialSpringVelocity:delay:options:
//   animations:completion:), areAnimationsEnabled, setAnimationsEnabled(_:),
//   performWithoutAnimation(_:), inheritedAnimationDuration; UIView.AnimationOptions raw values
//   (UIView.h, APPLE_SEMANTICS); UIView.AnimationCurve raw values (easeInOut 0, easeIn 1,
//   easeOut 2, linear 3). Rules: UIKIT_SEMANTICS §1 (ViewAnimationBlock.swift).
// Status: complete for the block API. Keyframes: UIView+Keyframes.swift; the begin/commit API:
//   UIView+LegacyAnimations.swift; transitions: UIView+Transitions.swift.

import Foundation
import KinemaRenderServer
import KinemaSupport
import KinemaTiming
import OpenQuartzCore

extension UIView {
    /// Options for animating views (UIView.AnimationOptions; raw values as UIKit's).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lay out the animated views inside the block, so their subviews move with them.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Let touches reach views while they animate.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from the value shown rather than the model's (additive animations always do).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat indefinitely.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run backwards after each forward run.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Use this block's duration, not the enclosing block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Use this block's curve, not the enclosing block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Redraw content during a transition rather than showing snapshots (transitions only).
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// A transition hides and shows its views instead of removing and adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// Inherit nothing from the enclosing block.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Ease in, ease out (the default curve).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Linear.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// No transition.
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        /// Flip about the vertical axis, the left side coming towards the viewer.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// Flip about the vertical axis, the right side coming towards the viewer.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// The page curls up from the bottom.
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// The page curls down from the top.
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// Cross-dissolve.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// Flip about the horizontal axis, the top coming towards the viewer.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// Flip about the horizontal axis, the bottom coming towards the viewer.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// Default frame rate.
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        /// 60 frames per second.
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        /// 30 frames per second.
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve the options name.
        var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
        /// The transition bits (0 for none).
        var transitionBits: UInt { (rawValue >> 20) & 0xF }
    }

    /// A view animation's timing curve (UIView.AnimationCurve; raw values as UIKit's).
    public enum AnimationCurve: Int, Sendable {
        /// Ease in and out, ease in, ease out, or linear: the curves of `UIView.AnimationOptions`' curve bits.
        case easeInOut = 0, easeIn, easeOut, linear

        /// Core Animation's timing function for the curve (one shared instance per curve: the
        /// functions are immutable, and making one solves its curve's coefficients).
        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: Self.easeInOutFunction
            case .easeIn: Self.easeInFunction
            case .easeOut: Self.easeOutFunction
            case .linear: Self.linearFunction
            }
        }

        private static let easeInOutFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        private static let easeInFunction = CAMediaTimingFunction(name: .easeIn)
        private static let easeOutFunction = CAMediaTimingFunction(name: .easeOut)
        private static let linearFunction = CAMediaTimingFunction(name: .linear)
    }

    // MARK: Block animations

    /// Animates the changes `animations` makes to views over `duration` seconds after `delay`,
    /// then calls `completion` with whether every animation ran to its end.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        runBlock(duration: duration, delay: delay, options: options, spring: nil, animations: animations, completion: completion)
    }

    /// Animates the changes `animations` makes over `duration` seconds with the ease-in-out curve.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        runBlock(duration: duration, delay: 0, options: [], spring: nil, animations: animations, completion: completion)
    }

    /// Animates the changes `animations` makes over `duration` seconds with the ease-in-out curve.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        runBlock(duration: duration, delay: 0, options: [], spring: nil, animations: animations, completion: nil)
    }

    /// Animates the changes with a spring: `dampingRatio` (1: no overshoot) and `velocity` (the
    /// whole distance per second) fitted so the motion settles by `duration` (UIKIT_SEMANTICS §1.4).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        var ratio = Double(dampingRatio), v = Double(velocity)
        if !ratio.isFinite || ratio < 0 {
            KinemaDiagnostics.emit("UIView.animate", "usingSpringWithDamping \(dampingRatio) must be finite and ≥ 0; used 1")
            ratio = 1
        }
        if !v.isFinite {
            KinemaDiagnostics.emit("UIView.animate", "initialSpringVelocity \(velocity) is not finite; used 0")
            v = 0
        }
        runBlock(duration: duration, delay: delay, options: options, spring: (ratio, v), animations: animations, completion: completion)
    }

    /// iOS 17's spring form: `duration` is the perceptual duration and `bounce` (−1…1) the
    /// overshoot, mapped to a damping ratio as WWDC23 "Animate with springs" gives
    /// (ζ = 1 − bounce for bounce ≥ 0, 1 / (1 + bounce) below).
    public class func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0,
                              initialSpringVelocity velocity: CGFloat = 0, delay: TimeInterval = 0,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        let b = Double(bounce).isFinite ? min(max(Double(bounce), -1), 1) : 0
        let ratio = b >= 0 ? 1 - b : 1 / (1 + b)
        animate(withDuration: duration, delay: delay, usingSpringWithDamping: CGFloat(ratio),
                initialSpringVelocity: velocity, options: options, animations: animations, completion: completion)
    }

    // MARK: Enabling and disabling

    /// Whether view animations are enabled (setAnimationsEnabled). Default true.
    public class var areAnimationsEnabled: Bool { animationsEnabled }

    /// Turns view animations on or off; while off, changes in blocks apply at once and
    /// completions still run (finished = true).
    public class func setAnimationsEnabled(_ enabled: Bool) {
        animationsEnabled = enabled
    }

    /// Runs `actionsWithoutAnimation` with view animations off, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let saved = animationsEnabled
        animationsEnabled = false
        defer { animationsEnabled = saved }
        actionsWithoutAnimation()
    }

    /// The duration of the animation block being set up; 0 outside one.
    public class var inheritedAnimationDuration: TimeInterval {
        ViewAnimationBlock.current?.duration ?? 0
    }

    // MARK: Internals

    private static var animationsEnabled = true

    /// The action for a change of `event` on a view's `layer`: the current block's animation for
    /// an animatable key, `NSNull` otherwise (views do not animate implicitly).
    static func animationAction(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard let block = ViewAnimationBlock.current, block.animates, animationsEnabled else { return NSNull() }
        if let recorder = KeyframeRecorder.current {
            return recorder.captureAction()
        }
        guard let entry = LayerKeyPath.lookup(event, in: layer.state), entry.isAnimatable else { return NSNull() }
        return ViewAnimationAction(block: block)
    }

    /// Checks the timing, works out what the block inherits from an enclosing one, and runs it.
    static func runBlock(duration: TimeInterval, delay: TimeInterval, options: AnimationOptions,
                         spring: (ratio: Double, velocity: Double)?, animations: () -> Void,
                         completion: ((Bool) -> Void)?) {
        let (duration, delay) = checkedTiming(duration, delay, api: "UIView.animate")
        var options = options
        var resolvedDuration = duration
        var timing: ViewAnimationBlock.Timing = spring.map { .spring(dampingRatio: $0.ratio, initialVelocity: $0.velocity) }
            ?? .curve(options.curve.timingFunction)
        if let outer = ViewAnimationBlock.current, outer.animates {
            if !options.contains(.overrideInheritedDuration) { resolvedDuration = outer.duration }
            if !options.contains(.overrideInheritedCurve), spring == nil { timing = outer.timing }
            if !options.contains(.overrideInheritedOptions) {
                options.formUnion(outer.options.intersection([.repeat, .autoreverse, .allowUserInteraction, .layoutSubviews]))
            }
        }
        let block = ViewAnimationBlock(duration: resolvedDuration, delay: delay, options: options, timing: timing, completion: completion)
        block.run(animations)
    }

    /// Duration and delay made sane: NaN or infinite durations become 0 (no animation), negative
    /// or non-finite delays 0, each with a diagnostic.
    static func checkedTiming(_ duration: TimeInterval, _ delay: TimeInterval, api: String) -> (TimeInterval, TimeInterval) {
        var duration = duration, delay = delay
        if !duration.isFinite {
            KinemaDiagnostics.emit(api, "duration \(duration) is not finite; the changes are made without animation")
            duration = 0
        }
        if !delay.isFinite || delay < 0 {
            KinemaDiagnostics.emit(api, "delay \(delay) must be finite and ≥ 0; used 0")
            delay = 0
        }
        return (duration, delay)
    }
}

/// UIKit's pre-Swift-3 name for `UIView.AnimationOptions`.
public typealias UIViewAnimationOptions = UIView.AnimationOptions
/// UIKit's pre-Swift-3 name for `UIView.AnimationCurve`.
public typealias UIViewAnimationCurve = UIView.AnimationCurve
