// UIGestureRecognizer: the state machine every gesture recognizer runs, and what it tells its
// targets.
//
// Audited against: UIGestureRecognizer docs — State (possible 0, began 1, changed 2, ended 3,
//   cancelled 4, failed 5; recognized = ended), isEnabled ("disabling a gesture recognizer while
//   it's currently recognizing a gesture transitions it to a cancelled state"), view,
//   location(in:) ("the centroid of the touches involved"), location(ofTouch:in:),
//   numberOfTouches, cancelsTouchesInView (default true), delaysTouchesBegan (false),
//   delaysTouchesEnded (true), require(toFail:), delegate, name; UIGestureRecognizerSubclass.h —
//   touchesBegan/Moved/Ended/Cancelled(_:with:), reset() ("called automatically … after the
//   gesture recognizer's state is set to ended, cancelled or failed"), ignore(_:for:),
//   canPrevent(_:), canBePrevented(by:), shouldRequireFailure(of:), shouldBeRequiredToFail(by:);
//   "About the Gesture Recognizer State Machine" (discrete: possible → recognized | failed;
//   continuous: possible → began → changed* → ended | cancelled, or possible → failed).
// Status: complete for touches. Target-action without Objective-C: see
//   UIGestureRecognizer+TargetAction.swift. Scheduling against other recognizers (exclusivity,
//   require(toFail:), delegate vetoes, cancelling the view's touches): Events/TouchEnvironment.swift.

import Foundation
import KinemaSupport
import OpenQuartzCore

/// An object that turns a sequence of touches into a gesture and tells its targets.
///
/// ```swift
/// let pan = UIPanGestureRecognizer(target: self, action: MainViewController.handleCardPan)
/// handleArea.addGestureRecognizer(pan)
/// ```
///
/// **Semantics.** A recognizer attached to a view receives the touches that begin in that view or
/// its subviews, before the view does. Discrete recognizers (tap, swipe) go from `.possible` to
/// `.ended` (recognized) or `.failed`; continuous ones (pan, pinch, long press) from `.possible`
/// to `.began`, `.changed` … and `.ended` or `.cancelled`, or to `.failed`. Targets are told at
/// `.began`, `.changed`, `.ended` and `.cancelled`. When the touches are over, a recognizer in
/// a final state is reset to `.possible` (`reset()` is called). Main-thread confined.
///
/// Subclasses override `touchesBegan(_:with:)` … and set `state`, as with
/// `UIGestureRecognizerSubclass` on Apple's platforms (here `state` is always settable).
@MainActor
open class UIGestureRecognizer {
    /// The states of a gesture recognizer (UIGestureRecognizer.State; raw values as UIKit's).
    public enum State: Int, Sendable {
        /// Touches are arriving; nothing recognized yet. The initial state.
        case possible = 0
        /// A continuous gesture began.
        case began
        /// A continuous gesture changed.
        case changed
        /// A continuous gesture ended, or a discrete gesture was recognized.
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// The touches are not this gesture.
        case failed

        /// A discrete gesture was recognized (the same state as `.ended`).
        public static var recognized: State { .ended }

        /// The states after which the recognizer waits for its reset.
        var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    /// A recognizer with no target (add them with `addTarget(_:action:)`).
    public init() {}

    /// The recognizer's state. Subclasses set it; setting it checks the transition against the
    /// state machine (a transition it does not allow is a diagnostic and is ignored), and a move
    /// out of `.possible` into `.began` or `.ended` may be held (another recognizer it must wait
    /// for) or turned into `.failed` (a delegate or view veto, another recognizer that prevents
    /// it).
    open var state: State {
        get { storedState }
        set { setState(newValue) }
    }

    /// Whether the recognizer takes touches. Disabling a recognizer in the middle of a gesture
    /// cancels it (fails it when it had not begun). Default true.
    open var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            switch storedState {
            case .began, .changed: setState(.cancelled)
            case .possible where !receivedTouches.isEmpty: setState(.failed)
            default: break
            }
            environment?.settle()
        }
    }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?
    /// The recognizer's delegate (held weakly).
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    /// Whether the view's touches are cancelled (`touchesCancelled`) when the gesture is
    /// recognized. Default true.
    open var cancelsTouchesInView = true
    /// Whether the view's touchesBegan/Moved wait until this recognizer fails (it never sees them
    /// when it recognizes). Default false.
    open var delaysTouchesBegan = false
    /// Whether the view's touchesEnded waits until this recognizer recognizes (the view then gets
    /// touchesCancelled) or fails. Default true.
    open var delaysTouchesEnded = true
    /// Whether touches of one type only are considered (stored; every touch is a finger here).
    open var requiresExclusiveTouchType = true
    /// A name to find the recognizer by in debugging.
    open var name: String?

    /// The touches the recognizer follows now.
    public var numberOfTouches: Int { activeTouches.count }

    /// The centroid of the gesture's touches in `view`'s coordinates (window coordinates when
    /// nil); after the touches are gone, where they were last.
    open func location(in view: UIView?) -> CGPoint {
        Self.convert(windowLocation, to: view)
    }

    /// The location of touch `touchIndex` (0 ..< numberOfTouches) in `view`'s coordinates. An
    /// index out of range is a diagnostic and gives `location(in:)`.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard activeTouches.indices.contains(touchIndex) else {
            KinemaDiagnostics.emit("UIGestureRecognizer", "location(ofTouch: \(touchIndex), in:): the recognizer has \(activeTouches.count) touches; gave location(in:)")
            return location(in: view)
        }
        return activeTouches[touchIndex].location(in: view)
    }

    /// Makes this recognizer wait until `otherGestureRecognizer` fails before it recognizes (it
    /// fails if the other recognizes). The other is held weakly.
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self else {
            KinemaDiagnostics.emit("UIGestureRecognizer", "require(toFail:) with itself; ignored")
            return
        }
        failureRequirements.removeAll { $0.recognizer == nil }
        guard !failureRequirements.contains(where: { $0.recognizer === otherGestureRecognizer }) else { return }
        failureRequirements.append(WeakRecognizer(recognizer: otherGestureRecognizer))
    }

    // MARK: Subclass API (UIGestureRecognizerSubclass)

    /// Touches began. Default: nothing.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches moved. Default: nothing.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches ended. Default: nothing.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches were cancelled. Default: a gesture in progress is cancelled, a possible one fails.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelOrFail()
    }

    /// Called when the recognizer returns to `.possible` after a final state. Subclasses clear
    /// their gesture's data here; call super.
    open func reset() {}

    /// Stops delivering `touch` to this recognizer (it stays with the view).
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        activeTouches.removeAll { $0 === touch }
        ignoredTouches.insert(ObjectIdentifier(touch))
    }

    /// Whether this recognizer, recognizing, makes `preventedGestureRecognizer` fail. Default true.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether `preventingGestureRecognizer`, recognizing, makes this one fail. Default true.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether this recognizer waits for `otherGestureRecognizer` to fail. Default false.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether `otherGestureRecognizer` waits for this one to fail. Default false.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    // MARK: Internals

    struct WeakRecognizer {
        weak var recognizer: UIGestureRecognizer?
    }

    var storedState: State = .possible
    /// A recognition (`.began` or `.ended`) held until the recognizers it waits for fail.
    var heldState: State?
    /// The touches followed now, in the order they began.
    var activeTouches: [UITouch] = []
    /// Every touch received since the last reset (what "shares touches" means).
    var receivedTouches: [UITouch] = []
    var ignoredTouches: Set<ObjectIdentifier> = []
    var failureRequirements: [WeakRecognizer] = []
    /// The centroid of the touches in window coordinates (kept when they are gone).
    var windowLocation: CGPoint = .zero
    /// The environment of the window whose touches the recognizer last received.
    weak var environment: TouchEnvironment?
    var actions: [TargetAction] = []
    private var timerGeneration = 0

    /// Whether the recognizer takes new touches: enabled, attached, not waiting for its reset.
    var acceptsTouches: Bool { isEnabled && view != nil && !storedState.isFinal }

    func follows(_ touch: UITouch) -> Bool { activeTouches.contains { $0 === touch } }

    func hasReceived(_ touch: UITouch) -> Bool { receivedTouches.contains { $0 === touch } }

    func sharesTouches(with other: UIGestureRecognizer) -> Bool {
        receivedTouches.contains { touch in other.receivedTouches.contains { $0 === touch } }
    }

    /// Takes `touch` at its beginning.
    func receive(_ touch: UITouch, in environment: TouchEnvironment) {
        self.environment = environment
        activeTouches.append(touch)
        receivedTouches.append(touch)
    }

    /// The centroid of the active touches, in window coordinates.
    func updateWindowLocation() {
        guard !activeTouches.isEmpty else { return }
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in activeTouches {
            x += touch.locationInWindow.x
            y += touch.locationInWindow.y
        }
        windowLocation = CGPoint(x: x / CGFloat(activeTouches.count), y: y / CGFloat(activeTouches.count))
    }

    /// The state machine: which transitions a subclass may make.
    private func setState(_ newState: State) {
        let old = storedState
        guard old != newState || newState == .changed else { return }
        let allowed: Bool
        switch (old, newState) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed), (.possible, .cancelled): allowed = true
        case (.began, .changed), (.began, .ended), (.began, .cancelled), (.began, .failed): allowed = true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled), (.changed, .failed): allowed = true
        case (_, .possible): allowed = true   // a subclass resetting itself early
        default: allowed = false
        }
        guard allowed else {
            KinemaDiagnostics.emit("UIGestureRecognizer", "\(type(of: self)): state \(old) → \(newState) is not a transition of the state machine; stayed \(old)")
            return
        }
        if newState == .possible {
            performReset()
            return
        }
        if old == .possible {
            if newState == .failed || newState == .cancelled {
                heldState = nil
                storedState = .failed
                environment?.recognizerFailed(self)
                return
            }
            if heldState != nil {
                heldState = newState
                return
            }
            if let environment {
                environment.requestRecognition(self, as: newState)
            } else {
                storedState = newState
                sendActions()
            }
            return
        }
        // In progress: .changed, .ended, .cancelled (or .failed, which Apple documents only from
        // possible; taken as cancelled for the targets' sake).
        storedState = newState == .failed ? .cancelled : newState
        if let environment { environment.enqueueActions(for: self) } else { sendActions() }
    }

    /// A gesture in progress is cancelled; a possible one fails.
    func cancelOrFail() {
        switch storedState {
        case .began, .changed: state = .cancelled
        case .possible: state = .failed
        default: break
        }
    }

    /// Back to `.possible`: forgets the touches, stops timers, calls `reset()`.
    func performReset() {
        storedState = .possible
        heldState = nil
        activeTouches = []
        receivedTouches = []
        ignoredTouches = []
        timerGeneration += 1
        reset()
    }

    /// Runs `body` at the first run-loop turn at or after `time` (media time), unless the
    /// recognizer is reset or `cancelTimer()` is called first. Without a host run loop (no Stage)
    /// the timer cannot fire: a diagnostic.
    func scheduleTimer(at time: TimeInterval, _ body: @escaping @MainActor () -> Void) {
        timerGeneration += 1
        let generation = timerGeneration
        guard let loop = HostRunLoop.current else {
            KinemaDiagnostics.emit("UIGestureRecognizer", "\(type(of: self)): no host run loop to time the gesture on; the timer will not fire")
            return
        }
        loop.schedule(at: time) { [weak self] in
            guard let self, self.timerGeneration == generation else { return }
            body()
            self.environment?.settle()
        }
    }

    /// Cancels the pending timer.
    func cancelTimer() {
        timerGeneration += 1
    }

    /// `point` (window coordinates) in `view`'s coordinates.
    static func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view else { return point }
        return view.convert(point, from: nil)
    }

    /// `vector` (window coordinates) as a displacement in `view`'s coordinates (the view's
    /// rotation and scale apply, its position does not).
    static func convertVector(_ vector: CGPoint, to view: UIView?) -> CGPoint {
        guard let view else { return vector }
        let origin = view.convert(CGPoint.zero, from: nil)
        let tip = view.convert(vector, from: nil)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    /// `vector` in `view`'s coordinates as a displacement in window coordinates.
    static func convertVector(_ vector: CGPoint, from view: UIView?) -> CGPoint {
        guard let view else { return vector }
        let origin = view.convert(CGPoint.zero, to: nil)
        let tip = view.convert(vector, to: nil)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }
}
