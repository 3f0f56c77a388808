// UITouch and UIEvent: one finger on the screen, and the event that carries the touches of a
// moment. Scripted on the Stage (there is no screen to touch).
//
// Audited against: UITouch docs (phase, timestamp, tapCount, view, window, location(in:),
//   previousLocation(in:), gestureRecognizers), UITouch.Phase raw values (began 0, moved 1,
//   stationary 2, ended 3, cancelled 4), UIEvent docs (type, timestamp, allTouches,
//   touches(for:)), UIEvent.EventType (touches 0).
//   UITouch.gestureRecognizers ("the gesture recognizers that are receiving the touch object"),
//   UITouch.TouchType (direct 0), UIEvent.touches(for: UIGestureRecognizer).
// Status: what scripted touches need: no force, radius, azimuth or coalesced/predicted touches.
//   tapCount: TouchEnvironment.swift (same thresholds as UITapGestureRecognizer's taps).

import Foundation

/// One finger touching the screen: where it is, its phase, and the view it was first hit in.
@MainActor
public final class UITouch: Hashable {
    /// The phase of a touch (UITouch.Phase; raw values as UIKit's).
    public enum Phase: Int, Sendable {
        /// Where a touch is in its life: began, moved, stationary, ended or cancelled.
        case began = 0, moved, stationary, ended, cancelled
    }

    /// The kind of a touch (UITouch.TouchType; raw values as UIKit's).
    public enum TouchType: Int, Sendable {
        /// What made a touch: a finger on the screen, an indirect input, a pencil or a pointer.
        case direct = 0, indirect, pencil, indirectPointer
    }

    /// The touch's phase.
    public internal(set) var phase: Phase
    /// What made the touch: always a finger (`.direct`) here.
    public let type: TouchType = .direct
    /// The gesture recognizers receiving this touch: those of the hit view and its ancestors
    /// that accepted it when it began (nil before it is delivered).
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]?
    /// When the touch last changed (media time, seconds).
    public internal(set) var timestamp: TimeInterval
    /// Taps at this point within the multi-tap interval (1 for a single tap).
    public internal(set) var tapCount: Int
    /// The view the touch was first hit-tested into (it stays with the touch).
    public internal(set) weak var view: UIView?
    /// The window the touch is in.
    public internal(set) weak var window: UIWindow?
    /// Where the touch is, in window coordinates.
    var locationInWindow: CGPoint
    /// Where it was at the previous event, in window coordinates.
    var previousLocationInWindow: CGPoint
    /// Where the touch began, in window coordinates, and when.
    var initialLocationInWindow: CGPoint
    /// The scripted finger this touch stands for.
    var fingerID = 0
    /// What the touch's view has been sent and what waits for the recognizers to decide
    /// (TouchEnvironment.swift).
    var viewDelivery = ViewDelivery()

    init(phase: Phase, at point: CGPoint, timestamp: TimeInterval, tapCount: Int = 1, window: UIWindow?, view: UIView?) {
        self.phase = phase
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.window = window
        self.view = view
        locationInWindow = point
        previousLocationInWindow = point
        initialLocationInWindow = point
    }

    /// The touch's location in `view`'s coordinates (window coordinates when nil).
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// The touch's previous location in `view`'s coordinates (window coordinates when nil).
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    nonisolated public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The touches of one moment, delivered together.
@MainActor
public final class UIEvent {
    /// The kind of an event (UIEvent.EventType; raw values as UIKit's).
    public enum EventType: Int, Sendable {
        /// The kinds of event: touches, motion, remote control, presses.
        case touches = 0, motion, remoteControl, presses
    }

    /// The event's kind: always `.touches` here.
    public let type: EventType = .touches
    /// When the event happened (media time, seconds).
    public internal(set) var timestamp: TimeInterval
    /// Every touch of the event.
    public internal(set) var allTouches: Set<UITouch>?

    init(timestamp: TimeInterval, touches: Set<UITouch>) {
        self.timestamp = timestamp
        allTouches = touches
    }

    /// The event's touches delivered to `view`.
    public func touches(for view: UIView) -> Set<UITouch>? {
        allTouches?.filter { $0.view === view }
    }

    /// The event's touches that `gestureRecognizer` receives.
    public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        allTouches?.filter { touch in touch.gestureRecognizers?.contains { $0 === gestureRecognizer } ?? false }
    }

    /// The event's touches in `window`.
    public func touches(for window: UIWindow) -> Set<UITouch>? {
        allTouches?.filter { $0.window === window }
    }
}
