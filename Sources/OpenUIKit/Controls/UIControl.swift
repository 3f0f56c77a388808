// UIControl: a view that turns touches into events for its targets.
//
// Audited against: UIControl docs — isEnabled ("if false, the control ignores touch events";
//   state gains .disabled), isSelected, isHighlighted ("automatically set … when a touch enters
//   and exits during tracking and when there is a touch up"), state, isTracking, isTouchInside,
//   beginTracking(_:with:) / continueTracking(_:with:) (return false to stop tracking) /
//   endTracking(_:with:) / cancelTracking(with:), sendActions(for:), sendAction(_:),
//   addTarget(_:action:for:), removeTarget(_:action:for:), addAction(_:for:),
//   removeAction(_:for:), removeAction(identifiedBy:for:), allControlEvents, init(frame:),
//   init(frame:primaryAction:); the touch events of UIControl.Event.
// Thresholds: a tracked finger counts as inside while it is within 70 pt of the bounds (UIKit's
//   well-known touch-tracking margin: touchUpInside still fires a little outside the control;
//   the value is the commonly measured one, Apple documents none). UITouch.tapCount > 1 adds
//   touchDownRepeat to touchDown.
// Status: one tracked touch at a time; a disabled control takes no touches (they stop there).
//   Target-action: UIControl+TargetAction.swift.

import Foundation

/// A view that tracks a touch and sends control events (`.touchDown`, `.touchUpInside` …) to
/// its targets and actions.
///
/// ```swift
/// button.addTarget(self, action: ViewController.buttonTapped, for: .touchUpInside)
/// button.addAction(UIAction { _ in print("tapped") }, for: .primaryActionTriggered)
/// ```
///
/// **Semantics.** A finger down in the control begins tracking (`beginTracking`), sends
/// `.touchDown` and highlights the control; moves send `.touchDragInside` / `.touchDragExit` /
/// `.touchDragEnter` / `.touchDragOutside` and keep `isHighlighted` equal to "inside"; the lift
/// sends `.touchUpInside` or `.touchUpOutside`; a cancelled touch `.touchCancel`. "Inside" is
/// the bounds grown by 70 pt on every side.
@MainActor
open class UIControl: UIView {
    /// How far outside its bounds a tracked finger still counts as inside, in points.
    static let trackingMargin: CGFloat = 70

    /// Whether the control takes touches. Default true.
    /// Called when `state` may have changed (enabled, selected, highlighted): subclasses that
    /// show per-state content update it here.
    func controlStateDidChange() {}

    /// Whether the control responds to touches; a disabled control is in the `.disabled` state.
    open var isEnabled = true {
        didSet {
            if !isEnabled && isTracking { stopTracking(cancel: true, event: nil) }
            if oldValue != isEnabled { controlStateDidChange() }
        }
    }
    /// Whether the control is selected. Default false.
    open var isSelected = false {
        didSet { if oldValue != isSelected { controlStateDidChange() } }
    }
    /// Whether the control is highlighted (set while a finger is down inside). Default false.
    open var isHighlighted = false {
        didSet { if oldValue != isHighlighted { controlStateDidChange() } }
    }

    /// The control's state: highlighted, disabled and selected as set.
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Whether a touch is being tracked.
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside (the bounds grown by the tracking margin).
    public private(set) var isTouchInside = false

    var targetActions: [(action: TargetAction, events: Event)] = []
    var actionEntries: [(action: UIAction, events: Event)] = []
    private weak var trackedTouch: UITouch?

    /// A control with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A control with `frame` whose `primaryAction` runs at `.primaryActionTriggered`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Controls are not decoded from archives (see UIView.init(coder:)).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: Tracking (override points)

    /// A touch began in the control; return false not to track it. Default true.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch moved; return false to stop tracking. Default true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch lifted (nil when tracking stopped otherwise). Default: nothing.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Tracking was cancelled. Default: nothing.
    open func cancelTracking(with event: UIEvent?) {}

    // MARK: Touches

    /// Starts tracking the first touch.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, !isTracking, let touch = touches.min(by: { $0.fingerID < $1.fingerID }) else { return }
        guard beginTracking(touch, with: event) else { return }
        isTracking = true
        trackedTouch = touch
        isTouchInside = true
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, event: event)
    }

    /// Follows the tracked touch in and out of the control.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
        let wasInside = isTouchInside
        isTouchInside = isInside(touch)
        guard continueTracking(touch, with: event) else {
            stopTracking(cancel: false, event: event)
            return
        }
        isHighlighted = isTouchInside
        let sent: Event = switch (wasInside, isTouchInside) {
        case (true, true): .touchDragInside
        case (true, false): .touchDragExit
        case (false, true): .touchDragEnter
        case (false, false): .touchDragOutside
        }
        sendActions(for: sent, event: event)
    }

    /// The tracked touch lifted: touch up inside or outside.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
        isTouchInside = isInside(touch)
        isTracking = false
        trackedTouch = nil
        endTracking(touch, with: event)
        isHighlighted = false
        if isTouchInside {
            sendActions(for: primaryEvents.union(.touchUpInside), event: event)
        } else {
            sendActions(for: .touchUpOutside, event: event)
        }
    }

    /// The tracked touch was cancelled.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
        stopTracking(cancel: true, event: event)
    }

    /// The events sent with `.touchUpInside` (a button adds `.primaryActionTriggered`).
    var primaryEvents: Event { [] }

    private func stopTracking(cancel: Bool, event: UIEvent?) {
        isTracking = false
        trackedTouch = nil
        isHighlighted = false
        if cancel {
            cancelTracking(with: event)
            sendActions(for: .touchCancel, event: event)
        } else {
            endTracking(nil, with: event)
        }
    }

    private func isInside(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -Self.trackingMargin, dy: -Self.trackingMargin).contains(touch.location(in: self))
    }
}
