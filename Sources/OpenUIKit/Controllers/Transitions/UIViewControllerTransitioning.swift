// The view-controller transition protocols and their keys: what an animator, an interaction
// controller and a transitioning delegate answer, and what a transition context offers them.
//
// Audited against: UIViewControllerAnimatedTransitioning docs (transitionDuration(using:),
//   animateTransition(using:), interruptibleAnimator(using:) — optional, "the same animator
//   object for the duration of the transition", animationEnded(_:) — optional);
//   UIViewControllerContextTransitioning docs (containerView, isAnimated, isInteractive,
//   transitionWasCancelled, presentationStyle, targetTransform, updateInteractiveTransition(_:),
//   finishInteractiveTransition(), cancelInteractiveTransition(), pauseInteractiveTransition(),
//   completeTransition(_:), viewController(forKey:), view(forKey:), initialFrame(for:),
//   finalFrame(for:)); UIViewControllerInteractiveTransitioning docs
//   (startInteractiveTransition(_:), completionSpeed, completionCurve, wantsInteractiveStart —
//   all but the first optional); UIViewControllerTransitioningDelegate docs (every method
//   optional); UIViewControllerTransitionCoordinator(Context) docs; UIModalPresentationStyle and
//   UIModalTransitionStyle raw values (UIViewController.h); APPLE_SEMANTICS
//   "UIViewControllerContextTransitioning".
// Status: complete. Objective-C's optional methods are protocol requirements with default
//   implementations in extensions, so a class implementing one is asked and one that does not
//   gets the documented default.

import Foundation
import OpenQuartzCore

/// Keys for the two view controllers of a transition.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller visible at the start of the transition.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewController")
    /// The controller visible at the end of the transition.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewController")
}

/// Keys for the two views of a transition.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view leaving (nil when the animator must not touch it: a presenter that stays).
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
    /// The view arriving.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

/// How a presented view controller is shown (raw values as in UIViewController.h).
public enum UIModalPresentationStyle: Int, Sendable {
    /// The presented view covers the screen; the presenting view is removed afterwards.
    case fullScreen = 0
    /// A sheet that partly covers the presenting view.
    case pageSheet = 1
    /// A smaller sheet, centred.
    case formSheet = 2
    /// Covers the view of the controller that defines the presentation context.
    case currentContext = 3
    /// Presented by a custom presentation controller and animator.
    case custom = 4
    /// Covers the screen; the presenting view stays beneath.
    case overFullScreen = 5
    /// Covers the presentation context's view; that view stays beneath.
    case overCurrentContext = 6
    /// A popover.
    case popover = 7
    /// No adaptation: the style stays as it is.
    case none = -1
    /// The system's choice of style.
    case automatic = -2
}

/// The default animation of a presentation (raw values as in UIViewController.h).
public enum UIModalTransitionStyle: Int, Sendable {
    /// The presented view slides up from the bottom.
    case coverVertical = 0
    /// The views turn over horizontally, as a card.
    case flipHorizontal = 1
    /// The views cross-fade.
    case crossDissolve = 2
    /// A corner of the presenting view curls up.
    case partialCurl = 3
}

/// What a transition's animator and interaction controller are given: the container, the two
/// controllers and views with their frames, and the calls that end or drive the transition.
@MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition happens in; the animator adds the arriving view to it.
    var containerView: UIView { get }
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// Whether an interaction controller drives the transition now.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled (an interactive one, by `cancelInteractiveTransition()`).
    var transitionWasCancelled: Bool { get }
    /// The presentation style of a presentation or dismissal (`.none` for navigation).
    var presentationStyle: UIModalPresentationStyle { get }
    /// The rotation applied during the transition (always the identity here: no rotation).
    var targetTransform: CGAffineTransform { get }
    /// Reports the interactive progress (0…1).
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// Reports that the interaction ended and the transition will finish.
    func finishInteractiveTransition()
    /// Reports that the interaction ended and the transition will be cancelled.
    func cancelInteractiveTransition()
    /// Reports that an interruptible transition was paused by the user.
    func pauseInteractiveTransition()
    /// Ends the transition; the animator calls it exactly once, with whether it completed.
    func completeTransition(_ didComplete: Bool)
    /// The controller under `key`.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view under `key`, or nil when the animator must leave it alone.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The controller's view's frame at the start, in the container (`.zero` when not shown).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// The controller's view's frame at the end, in the container (`.zero` when removed).
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// An object that animates a view-controller transition.
@MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// The transition's duration in seconds.
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    /// Makes the transition's animations; ends by calling `completeTransition(_:)` on the context.
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    /// The animator running the transition, when it can be interrupted (default nil).
    func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> (any UIViewImplicitlyAnimating)?
    /// Called after the transition ended (default: nothing).
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> (any UIViewImplicitlyAnimating)? { nil }
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// An object that drives a transition interactively.
@MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Starts driving the transition of `transitionContext`.
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
    /// The speed of the part after the interaction ends (default 1).
    var completionSpeed: CGFloat { get }
    /// The curve of the part after the interaction ends (default ease-in-out).
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts interactive (default true).
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// The object a presented controller asks for its transition's animator, interaction
/// controller and presentation controller. Every method may be left out (nil: the default).
@MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    /// The animator of the presentation of `presented` by `presenting` (`source` called `present`).
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    /// The animator of the dismissal of `dismissed`.
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    /// The interaction controller of the presentation run by `animator`.
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?
    /// The interaction controller of the dismissal run by `animator`.
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?
    /// The presentation controller of a `.custom` presentation.
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}

/// What a transition coordinator's blocks are told about the transition.
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// The presentation style of the transition.
    var presentationStyle: UIModalPresentationStyle { get }
    /// Whether the transition began interactive.
    var initiallyInteractive: Bool { get }
    /// Whether the transition's animations can be interrupted.
    var isInterruptible: Bool { get }
    /// Whether the transition is driven interactively now.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled.
    var isCancelled: Bool { get }
    /// The transition's duration, in seconds.
    var transitionDuration: TimeInterval { get }
    /// How far the transition has come, 0 … 1.
    var percentComplete: CGFloat { get }
    /// The speed at which an interactive transition finishes once let go.
    var completionVelocity: CGFloat { get }
    /// The curve on which an interactive transition finishes once let go.
    var completionCurve: UIView.AnimationCurve { get }
    /// The view the transition's views animate in.
    var containerView: UIView { get }
    /// The transform applied to the presented content during the transition.
    var targetTransform: CGAffineTransform { get }
    /// The controller on one side of the transition (`.from` or `.to`).
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view on one side of the transition (`.from` or `.to`).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// Runs animations alongside a view-controller transition and tells when it ends.
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` alongside the transition (in its animation, so an interactive transition
    /// drives it too) and `completion` when the transition ends. Returns false when the
    /// transition has already ended.
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// The same, for animations of views outside the container.
    @discardableResult
    func animateAlongsideTransition(in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// Calls `handler` when the interaction ends (finished or cancelled).
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
    /// Runs `animation` alongside the transition, with no completion (UIKit's default argument).
    @discardableResult
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
}
