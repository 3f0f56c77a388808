// UIViewAnimating: the protocols of interruptible animators and their state and position types.
//
// Audited against: UIViewAnimating.h / UIViewPropertyAnimator.h (UIKIT_SEMANTICS §2.1: raw values
//   state inactive 0, active 1, stopped 2; position end 0, start 1, current 2), Apple's docs of
//   UIViewAnimating (state, isRunning, isReversed, fractionComplete, startAnimation,
//   startAnimation(afterDelay:), pauseAnimation, stopAnimation(_:), finishAnimation(at:)) and
//   UIViewImplicitlyAnimating (addAnimations(_:), addAnimations(_:delayFactor:), addCompletion(_:),
//   continueAnimation(withTimingParameters:durationFactor:)).
// Status: complete. Objective-C marks the UIViewImplicitlyAnimating methods optional; Swift
//   protocols have no optional requirements outside @objc, so they are required here.

import Foundation

/// The state of an animator (UIViewAnimatingState; raw values as UIKit's).
public enum UIViewAnimatingState: Int, Sendable {
    /// No animation in progress: the animator's blocks have not run, or have finished.
    case inactive = 0
    /// The animations are set up: running or paused.
    case active = 1
    /// Stopped without finishing: `finishAnimation(at:)` must follow.
    case stopped = 2
}

/// Where an animation ended (UIViewAnimatingPosition; raw values as UIKit's).
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end values (the values the animation blocks set).
    case end = 0
    /// At the start values.
    case start = 1
    /// Wherever the animation was when it was finished.
    case current = 2
}

/// An object that runs interruptible animations (UIViewAnimating).
@MainActor
public protocol UIViewAnimating: AnyObject {
    /// Whether the animations are set up, and whether they were stopped.
    var state: UIViewAnimatingState { get }
    /// Whether the animations are moving (false when paused or stopped).
    var isRunning: Bool { get }
    /// Whether the animations run back towards their start values.
    var isReversed: Bool { get set }
    /// How far the animation has got, 0…1, measured in its running direction.
    var fractionComplete: CGFloat { get set }
    /// Starts or resumes the animations.
    func startAnimation()
    /// Starts the animations after `delay` seconds.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses the animations where they are.
    func pauseAnimation()
    /// Stops the animations where they are: `true` ends them now (inactive, no completion),
    /// `false` leaves the animator stopped until `finishAnimation(at:)`.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animator at `finalPosition` and runs its completions.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator whose animations come from blocks that change views (UIViewImplicitlyAnimating).
@MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds an animation block; on an active animator it runs at once over the remaining time.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds an animation block that starts `delayFactor` of the (remaining) duration later.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a block to run when the animations finish, with the position they ended at.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Resumes a paused animator with new timing (nil keeps it) and remaining duration
    /// (`durationFactor` × the original duration; 0: the time the original pace leaves).
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}
