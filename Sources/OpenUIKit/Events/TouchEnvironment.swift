// TouchEnvironment: a window's touches in progress, the gesture recognizers watching them, and
// what each touch's view is sent — UIKit's "gesture environment".
//
// Audited against: UIKit's event-handling guide and UIGestureRecognizer docs — a touch is
//   hit-tested once, when it begins, and stays with that view; "the window delivers touch events
//   to a gesture recognizer before it delivers them to the hit-tested view attached to the
//   gesture recognizer"; the recognizers of the view and of its ancestors all receive the touch;
//   cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded; "by default, no two gesture
//   recognizers can recognize their gestures simultaneously" (shouldRecognizeSimultaneouslyWith,
//   canPrevent / canBePrevented); require(toFail:) holds a recognizer in possible until the other
//   fails; UIView.isMultipleTouchEnabled ("when false, a view receives only the first touch").
//   UIKIT_SEMANTICS §8.
// Choices:
//   - Recognizers compete when they have received a common touch since their last reset.
//   - A recognizer waits for one it requires to fail only while that one has touches (one that
//     takes no part in the gesture counts as failed).
//   - A recognizer in a final state is reset when none of its touches is still down.
//   - Targets are told after the recognizer's touches method (or timer) returns, once per
//     change, with the state then current.
//   - UITouch.tapCount: a touch beginning ≤ 0.35 s after a tap ended and ≤ 45 pt from it counts
//     one more (UITapGestureRecognizer's thresholds, UITapGestureRecognizer.swift).
//   - A tap recognizer (one tap, one finger) on an ancestor of an enabled UIControl does not
//     recognize a tap on that control: the control's action wins ("in iOS 6 and later, default
//     control actions prevent overlapping gesture recognizer behavior").

import Foundation
import KinemaSupport

/// What a touch's view has been sent, and what waits for the gesture recognizers to decide.
struct ViewDelivery {
    enum Status { case open, cancelled, ignored, finished }
    var status: Status = .open
    /// Phases held back (delaysTouchesBegan / delaysTouchesEnded), oldest first.
    var pending: [UITouch.Phase] = []
    /// Whether the view was sent touchesBegan.
    var beganDelivered = false
}

/// One scripted finger's change at one moment (the Stage's touch scripts deliver these).
package struct ScriptedTouch: Sendable {
    /// The finger, from `UIWindow.reserveFingers(_:)`.
    package var finger: Int
    /// `.began`, `.moved`, `.ended` or `.cancelled`.
    package var phase: UITouch.Phase
    /// The point in window coordinates.
    package var location: CGPoint

    package init(finger: Int, phase: UITouch.Phase, location: CGPoint) {
        self.finger = finger
        self.phase = phase
        self.location = location
    }
}

extension UIWindow {
    /// `count` finger numbers no other script uses.
    package func reserveFingers(_ count: Int) -> Range<Int> {
        touchEnvironment.reserveFingers(count)
    }

    /// Applies scripted finger changes at `timestamp` (media time) and sends the event.
    package func deliverScriptedTouches(_ changes: [ScriptedTouch], at timestamp: TimeInterval) {
        touchEnvironment.deliver(changes, at: timestamp)
    }
}

/// A window's touches and gesture recognizers (UIWindow.touchEnvironment).
@MainActor
final class TouchEnvironment {
    private weak var window: UIWindow?
    private var touches: [Int: UITouch] = [:]
    private var rejectedFingers: Set<Int> = []
    private var nextFinger = 1
    /// Recognizers that received touches since their last reset.
    private var recognizers: [UIGestureRecognizer] = []
    /// Recognizers whose targets are to be told of their state.
    private var actionQueue: [UIGestureRecognizer] = []
    /// Recognizers holding a recognition until others fail.
    private var waiting: [UIGestureRecognizer] = []
    /// Touches with phases held back from their views.
    private var held: [UITouch] = []
    private var lastEvent: UIEvent?
    private var lastTap: (time: TimeInterval, location: CGPoint, count: Int)?
    private var settling = false

    init(window: UIWindow) {
        self.window = window
    }

    func reserveFingers(_ count: Int) -> Range<Int> {
        let start = nextFinger
        nextFinger += max(0, count)
        return start..<nextFinger
    }

    // MARK: Scripted input

    func deliver(_ changes: [ScriptedTouch], at timestamp: TimeInterval) {
        guard let window else { return }
        var changed: [UITouch] = []
        for change in changes {
            guard change.location.x.isFinite, change.location.y.isFinite else {
                KinemaDiagnostics.emit("UIWindow", "touch at \(change.location): the point is not finite; not delivered")
                continue
            }
            if change.phase == .began {
                guard touches[change.finger] == nil else {
                    KinemaDiagnostics.emit("UIWindow", "finger \(change.finger) began while already down; ignored")
                    continue
                }
                guard window.bounds.contains(change.location) else {
                    KinemaDiagnostics.emit("UIWindow", "touch at \(change.location) is outside the window \(window.bounds); not delivered")
                    rejectedFingers.insert(change.finger)
                    continue
                }
                guard let view = window.hitTest(change.location, with: nil) else {
                    rejectedFingers.insert(change.finger)
                    continue
                }
                let touch = UITouch(phase: .began, at: change.location, timestamp: timestamp,
                                    tapCount: tapCount(at: change.location, time: timestamp), window: window, view: view)
                touch.fingerID = change.finger
                touches[change.finger] = touch
                changed.append(touch)
            } else if let touch = touches[change.finger], !changed.contains(where: { $0 === touch }) {
                touch.previousLocationInWindow = touch.locationInWindow
                touch.locationInWindow = change.location
                touch.timestamp = timestamp
                touch.phase = change.phase == .stationary ? .moved : change.phase
                changed.append(touch)
            } else if rejectedFingers.contains(change.finger) {
                if change.phase == .ended || change.phase == .cancelled { rejectedFingers.remove(change.finger) }
            } else if touches[change.finger] == nil {
                KinemaDiagnostics.emit("UIWindow", "finger \(change.finger) \(change.phase) without having begun; ignored")
            }
        }
        guard !changed.isEmpty else { return }
        for touch in touches.values where !changed.contains(where: { $0 === touch }) {
            touch.phase = .stationary
        }
        let event = UIEvent(timestamp: timestamp, touches: Set(touches.values))
        window.sendEvent(event)
        for touch in changed where touch.phase == .ended || touch.phase == .cancelled {
            touches[touch.fingerID] = nil
            if touch.phase == .ended { noteTapEnded(touch) }
        }
    }

    private func tapCount(at location: CGPoint, time: TimeInterval) -> Int {
        guard let lastTap, time - lastTap.time <= UITapGestureRecognizer.maximumIntervalBetweenSuccessiveTaps,
              Self.distance(location, lastTap.location) <= UITapGestureRecognizer.maximumDistanceBetweenSuccessiveTaps
        else { return 1 }
        return lastTap.count + 1
    }

    private func noteTapEnded(_ touch: UITouch) {
        let moved = Self.distance(touch.locationInWindow, touch.initialLocationInWindow)
        if moved <= UITapGestureRecognizer.allowableMovement {
            lastTap = (touch.timestamp, touch.initialLocationInWindow, touch.tapCount)
        } else {
            lastTap = nil
        }
    }

    // MARK: Dispatch

    /// UIWindow.sendEvent(_:): recognizers first, then views.
    func dispatch(_ event: UIEvent) {
        lastEvent = event
        let changed = (event.allTouches ?? []).filter { $0.phase != .stationary }.sorted { $0.fingerID < $1.fingerID }
        for touch in changed where touch.phase == .began {
            attachRecognizers(to: touch, event: event)
        }
        var order: [UIGestureRecognizer] = []
        for touch in changed {
            for recognizer in touch.gestureRecognizers ?? [] where !order.contains(where: { $0 === recognizer }) {
                order.append(recognizer)
            }
        }
        for recognizer in order {
            for phase in [UITouch.Phase.began, .moved, .ended, .cancelled] {
                guard recognizer.view != nil, recognizer.isEnabled, !recognizer.storedState.isFinal else { break }
                let set = Set(changed.filter { $0.phase == phase && recognizer.follows($0) })
                guard !set.isEmpty else { continue }
                recognizer.updateWindowLocation()
                switch phase {
                case .began: recognizer.touchesBegan(set, with: event)
                case .moved: recognizer.touchesMoved(set, with: event)
                case .ended: recognizer.touchesEnded(set, with: event)
                default: recognizer.touchesCancelled(set, with: event)
                }
                settle(sweeping: false)
            }
        }
        for touch in changed where touch.viewDelivery.status == .open {
            touch.viewDelivery.pending.append(touch.phase)
            if !held.contains(where: { $0 === touch }) { held.append(touch) }
        }
        for touch in changed where touch.phase == .ended || touch.phase == .cancelled {
            for recognizer in recognizers {
                recognizer.activeTouches.removeAll { $0 === touch }
            }
        }
        settle()
    }

    private func attachRecognizers(to touch: UITouch, event: UIEvent) {
        var list: [UIGestureRecognizer] = []
        var view = touch.view
        while let current = view {
            for recognizer in current.attachedGestureRecognizers where recognizer.acceptsTouches {
                if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) { continue }
                list.append(recognizer)
                recognizer.receive(touch, in: self)
                if !recognizers.contains(where: { $0 === recognizer }) { recognizers.append(recognizer) }
            }
            view = current.superview
        }
        touch.gestureRecognizers = list
        if let view = touch.view, !view.isMultipleTouchEnabled,
           touches.values.contains(where: { $0 !== touch && $0.view === view && $0.viewDelivery.status == .open }) {
            touch.viewDelivery.status = .ignored
        }
    }

    // MARK: Recognition

    private enum Decision { case allow, wait, fail }

    /// A recognizer asks to leave `.possible` for `.began` or `.ended`.
    func requestRecognition(_ recognizer: UIGestureRecognizer, as state: UIGestureRecognizer.State) {
        switch decide(recognizer) {
        case .allow: commit(recognizer, as: state)
        case .fail:
            recognizer.storedState = .failed
            recognizerFailed(recognizer)
        case .wait:
            recognizer.heldState = state
            if !waiting.contains(where: { $0 === recognizer }) { waiting.append(recognizer) }
        }
    }

    private func decide(_ recognizer: UIGestureRecognizer) -> Decision {
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) { return .fail }
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) { return .fail }
        if controlTakesTap(recognizer) { return .fail }
        let others = recognizers.filter { $0 !== recognizer && $0.sharesTouches(with: recognizer) }
        for other in others where other.storedState == .began || other.storedState == .changed {
            if !Self.simultaneous(recognizer, other), other.canPrevent(recognizer), recognizer.canBePrevented(by: other) {
                return .fail
            }
        }
        var mustWait = false
        for other in failureRequirements(of: recognizer) {
            switch other.storedState {
            case .possible:
                if !other.receivedTouches.isEmpty { mustWait = true }
            case .began, .changed, .ended:
                return .fail
            case .failed, .cancelled:
                break
            }
        }
        return mustWait ? .wait : .allow
    }

    private func failureRequirements(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var list = recognizer.failureRequirements.compactMap(\.recognizer)
        for other in recognizers where other !== recognizer && !list.contains(where: { $0 === other }) {
            if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
                || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true {
                list.append(other)
            }
        }
        return list
    }

    private static func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// Whether `recognizer` is a single tap on an ancestor of an enabled control the touch is in.
    private func controlTakesTap(_ recognizer: UIGestureRecognizer) -> Bool {
        guard let tap = recognizer as? UITapGestureRecognizer,
              tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 else { return false }
        for touch in recognizer.receivedTouches {
            if let control = touch.view as? UIControl, control !== recognizer.view, control.isEnabled { return true }
        }
        return false
    }

    /// The recognizer recognizes: targets are told, competitors fail, the view's touches are
    /// cancelled.
    private func commit(_ recognizer: UIGestureRecognizer, as state: UIGestureRecognizer.State) {
        recognizer.heldState = nil
        waiting.removeAll { $0 === recognizer }
        recognizer.storedState = state
        enqueueActions(for: recognizer)
        for other in recognizers where other !== recognizer && other.storedState == .possible && other.sharesTouches(with: recognizer) {
            if !Self.simultaneous(recognizer, other), recognizer.canPrevent(other), other.canBePrevented(by: recognizer) {
                other.heldState = nil
                other.storedState = .failed
                waiting.removeAll { $0 === other }
                recognizerFailed(other)
            }
        }
        if recognizer.cancelsTouchesInView {
            for touch in recognizer.receivedTouches { cancelViewDelivery(of: touch) }
        }
    }

    /// A recognizer failed: the ones waiting for it may go on; its touches may reach their views.
    func recognizerFailed(_ recognizer: UIGestureRecognizer) {
        waiting.removeAll { $0 === recognizer }
        for touch in recognizer.receivedTouches where !touch.viewDelivery.pending.isEmpty {
            if !held.contains(where: { $0 === touch }) { held.append(touch) }
        }
    }

    /// Queues telling `recognizer`'s targets of its state.
    func enqueueActions(for recognizer: UIGestureRecognizer) {
        if !actionQueue.contains(where: { $0 === recognizer }) { actionQueue.append(recognizer) }
    }

    /// A recognizer detached from its view.
    func detach(_ recognizer: UIGestureRecognizer) {
        waiting.removeAll { $0 === recognizer }
        actionQueue.removeAll { $0 === recognizer }
        recognizers.removeAll { $0 === recognizer }
        for touch in recognizer.receivedTouches {
            touch.gestureRecognizers?.removeAll { $0 === recognizer }
            if !touch.viewDelivery.pending.isEmpty, !held.contains(where: { $0 === touch }) { held.append(touch) }
        }
    }

    /// Runs until nothing changes: targets told, waiting recognizers decided, final recognizers
    /// reset (when `sweeping`), held view deliveries released.
    func settle(sweeping: Bool = true) {
        guard !settling else { return }
        settling = true
        defer { settling = false }
        var progress = true
        while progress {
            progress = false
            while !actionQueue.isEmpty {
                let recognizer = actionQueue.removeFirst()
                recognizer.sendActions()
                progress = true
            }
            for recognizer in waiting {
                guard let state = recognizer.heldState else { continue }
                switch decide(recognizer) {
                case .wait: continue
                case .allow: commit(recognizer, as: state)
                case .fail:
                    recognizer.heldState = nil
                    recognizer.storedState = .failed
                    recognizerFailed(recognizer)
                }
                progress = true
                break
            }
            // Reset only once every target has heard of the final state.
            if sweeping && !progress {
                for recognizer in recognizers where recognizer.storedState.isFinal && recognizer.activeTouches.isEmpty {
                    for touch in recognizer.receivedTouches where !touch.viewDelivery.pending.isEmpty {
                        if !held.contains(where: { $0 === touch }) { held.append(touch) }
                    }
                    recognizer.performReset()
                    progress = true
                }
                recognizers.removeAll { $0.receivedTouches.isEmpty && $0.storedState == .possible }
            }
            if releaseHeldTouches() { progress = true }
        }
    }

    // MARK: Views

    /// Sends each held touch's phases that no recognizer holds back any more; true when any went.
    private func releaseHeldTouches() -> Bool {
        var deliveries: [(UITouch, UITouch.Phase)] = []
        for touch in held {
            while let phase = touch.viewDelivery.pending.first, touch.viewDelivery.status == .open, !isHeld(touch, phase) {
                touch.viewDelivery.pending.removeFirst()
                deliveries.append((touch, phase))
                if phase == .began { touch.viewDelivery.beganDelivered = true }
                if phase == .ended || phase == .cancelled { touch.viewDelivery.status = .finished }
            }
            if touch.viewDelivery.status != .open { touch.viewDelivery.pending = [] }
        }
        held.removeAll { $0.viewDelivery.pending.isEmpty }
        guard !deliveries.isEmpty else { return false }
        send(deliveries)
        return true
    }

    private func isHeld(_ touch: UITouch, _ phase: UITouch.Phase) -> Bool {
        for recognizer in touch.gestureRecognizers ?? [] where recognizer.storedState == .possible && recognizer.hasReceived(touch) {
            switch phase {
            case .began, .moved, .stationary: if recognizer.delaysTouchesBegan { return true }
            case .ended: if recognizer.delaysTouchesEnded { return true }
            case .cancelled: break
            }
        }
        return false
    }

    /// Delivers phases to views, touches of one view and phase together, in order.
    private func send(_ deliveries: [(UITouch, UITouch.Phase)]) {
        var groups: [(view: UIView, phase: UITouch.Phase, touches: Set<UITouch>)] = []
        for (touch, phase) in deliveries {
            guard let view = touch.view else { continue }
            if let index = groups.firstIndex(where: { $0.view === view && $0.phase == phase }) {
                groups[index].touches.insert(touch)
            } else {
                groups.append((view, phase, [touch]))
            }
        }
        for group in groups {
            switch group.phase {
            case .began: group.view.touchesBegan(group.touches, with: lastEvent)
            case .moved, .stationary: group.view.touchesMoved(group.touches, with: lastEvent)
            case .ended: group.view.touchesEnded(group.touches, with: lastEvent)
            case .cancelled: group.view.touchesCancelled(group.touches, with: lastEvent)
            }
        }
    }

    /// The view loses `touch` to a recognizer: touchesCancelled if it had seen it begin.
    private func cancelViewDelivery(of touch: UITouch) {
        guard touch.viewDelivery.status == .open else { return }
        touch.viewDelivery.status = .cancelled
        touch.viewDelivery.pending = []
        if touch.viewDelivery.beganDelivered, let view = touch.view {
            view.touchesCancelled([touch], with: lastEvent)
        }
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
