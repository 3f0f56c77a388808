// UITapGestureRecognizer: one or more taps of one or more fingers.
//
// Audited against: UITapGestureRecognizer docs — numberOfTapsRequired (default 1),
//   numberOfTouchesRequired (default 1), "a discrete gesture … recognized when the specified
//   number of fingers tap the view the specified number of times"; location(in:) "the centroid
//   of the touches" of the tap (UITapGestureRecognizer.h: the first tap's). UIKIT_SEMANTICS §8.
// Thresholds (Apple does not document them; UIKIT_SEMANTICS §8 lists what is known):
//   allowableMovement 10 pt — each finger may move this far from where it touched down (the value
//     reimplementations use; private `allowableMovement` ivar in class dumps);
//   maximumSingleTapDuration 0.75 s — a finger held longer is not a tap;
//   maximumIntervalBetweenSuccessiveTaps 0.35 s — from the lift of one tap to the next touch-down;
//   maximumDistanceBetweenSuccessiveTaps 45 pt — from the first tap's location to the next one's.
//   The last three are the values of a class-dump sample (UIKIT_SEMANTICS §8, UNCONFIRMED).
// Choices: a tap recognizer does not prevent another tap recognizer that needs more taps (without
//   require(toFail:) a single- and a double-tap recognizer both fire, as on iOS).

import Foundation

/// Recognizes taps: `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers.
///
/// ```swift
/// let doubleTap = UITapGestureRecognizer(target: self, action: ViewController.zoom)
/// doubleTap.numberOfTapsRequired = 2
/// imageView.addGestureRecognizer(doubleTap)
/// ```
///
/// **Semantics.** Discrete: `.possible` → `.ended` when the last finger of the last tap lifts;
/// `.failed` when a finger moves more than 10 pt, a finger stays down over 0.75 s, more fingers
/// than required touch, or the next tap does not begin within 0.35 s (45 pt) of the previous.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// How far a finger may move during a tap, in points.
    static let allowableMovement: CGFloat = 10
    /// How long a finger may stay down in a tap, in seconds.
    static let maximumSingleTapDuration: TimeInterval = 0.75
    /// The longest pause from one tap's lift to the next tap's touch-down, in seconds.
    static let maximumIntervalBetweenSuccessiveTaps: TimeInterval = 0.35
    /// The farthest a later tap may be from the first, in points.
    static let maximumDistanceBetweenSuccessiveTaps: CGFloat = 45

    /// The number of taps to recognize. Default 1; values below 1 are taken as 1.
    open var numberOfTapsRequired = 1
    /// The number of fingers each tap needs. Default 1; values below 1 are taken as 1.
    open var numberOfTouchesRequired = 1

    private var tapsDone = 0
    private var fingersThisTap = 0
    private var tapStart: TimeInterval = 0
    private var firstTapLocation: CGPoint?
    private var startLocations: [ObjectIdentifier: CGPoint] = [:]

    /// The centroid of the first tap's fingers (where the recognizer's touches are until then).
    open override func location(in view: UIView?) -> CGPoint {
        Self.convert(firstTapLocation ?? windowLocation, to: view)
    }

    /// Starts or continues a tap.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let timestamp = touches.map(\.timestamp).max() ?? event.timestamp
        if startLocations.isEmpty {
            // A new tap: the previous one must be recent and near.
            if tapsDone > 0, let first = firstTapLocation {
                let location = touches.first?.locationInWindow ?? first
                if timestamp - lastLift > Self.maximumIntervalBetweenSuccessiveTaps
                    || TouchEnvironment.distance(location, first) > Self.maximumDistanceBetweenSuccessiveTaps {
                    state = .failed
                    return
                }
            }
            fingersThisTap = 0
            tapStart = timestamp
            scheduleTimer(at: timestamp + Self.maximumSingleTapDuration) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.state = .failed
            }
        }
        for touch in touches { startLocations[ObjectIdentifier(touch)] = touch.locationInWindow }
        fingersThisTap = max(fingersThisTap, startLocations.count)
        if fingersThisTap > max(1, numberOfTouchesRequired) { state = .failed }
    }

    /// Fails when a finger strays beyond the allowable movement.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let start = startLocations[ObjectIdentifier(touch)] else { continue }
            if TouchEnvironment.distance(touch.locationInWindow, start) > Self.allowableMovement {
                state = .failed
                return
            }
        }
    }

    /// Completes a tap when the last finger lifts; recognizes after the last tap.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            if let start = startLocations[ObjectIdentifier(touch)],
               TouchEnvironment.distance(touch.locationInWindow, start) > Self.allowableMovement {
                state = .failed
                return
            }
        }
        let stillDown = activeTouches.filter { touch in !touches.contains(touch) }
        guard stillDown.isEmpty else { return }
        guard fingersThisTap == max(1, numberOfTouchesRequired) else {
            state = .failed
            return
        }
        if firstTapLocation == nil { firstTapLocation = windowLocation }
        tapsDone += 1
        startLocations = [:]
        fingersThisTap = 0
        lastLift = touches.map(\.timestamp).max() ?? event.timestamp
        if tapsDone >= max(1, numberOfTapsRequired) {
            cancelTimer()
            state = .ended
        } else {
            scheduleTimer(at: lastLift + Self.maximumIntervalBetweenSuccessiveTaps) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.state = .failed
            }
        }
    }

    /// A cancelled touch fails the tap.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .failed
    }

    /// Forgets the taps so far.
    open override func reset() {
        super.reset()
        tapsDone = 0
        fingersThisTap = 0
        firstTapLocation = nil
        startLocations = [:]
    }

    /// Does not prevent a tap recognizer that needs more taps.
    open override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = preventedGestureRecognizer as? UITapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        return true
    }

    private var lastLift: TimeInterval = 0
}
