// UIPinchGestureRecognizer: two fingers moving apart or together.
//
// Audited against: UIPinchGestureRecognizer docs — a continuous gesture that "begins when the two
//   touches have moved enough to be considered a pinch … changes when a finger moves … ends when
//   both fingers have lifted"; scale ("in the coordinates of the two touches", settable — apps
//   reset it to 1 to read increments), velocity ("scale factor per second").
// Thresholds: the pinch begins when the distance between the fingers has changed by 10 pt since
//   they touched down (the pan's hysteresis; Apple documents none). scale is the distance now
//   over the distance at touch-down, so it is already ≠ 1 at `.began`. velocity: the scale's
//   change over the last two samples, per second.
// Choices: a third finger is ignored; the pinch ends when either finger lifts (its scale needs
//   both); a finger lifting before it begins fails it.

import Foundation
import KinemaSupport

/// Recognizes a two-finger pinch; `scale` follows the fingers' distance.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// How far, in points, the fingers' distance changes before the pinch begins.
    static let hysteresis: CGFloat = 10

    /// The fingers' distance now over their distance at touch-down (or since `scale` was set).
    open var scale: CGFloat {
        get { baseDistance > 0 ? currentDistance / baseDistance : 1 }
        set {
            guard newValue.isFinite, newValue > 0 else {
                KinemaDiagnostics.emit("UIPinchGestureRecognizer", "scale \(newValue): must be positive and finite; ignored")
                return
            }
            baseDistance = currentDistance / newValue
            lastSample = (lastSample.time, newValue)
            velocityValue = 0
        }
    }

    /// How fast the scale changes, per second.
    open var velocity: CGFloat { velocityValue }

    private var initialDistance: CGFloat = 0
    private var baseDistance: CGFloat = 0
    private var currentDistance: CGFloat = 0
    private var lastSample: (time: TimeInterval, scale: CGFloat) = (0, 1)
    private var velocityValue: CGFloat = 0

    /// The second finger starts the pinch's measure; a third is ignored.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches.sorted(by: { $0.fingerID < $1.fingerID }) where activeTouches.count > 2 {
            ignore(touch, for: event)
        }
        guard activeTouches.count == 2, state == .possible else { return }
        currentDistance = distance()
        initialDistance = currentDistance
        baseDistance = currentDistance
        lastSample = (event.timestamp, 1)
    }

    /// Begins after the hysteresis, then reports changes.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard activeTouches.count == 2, baseDistance > 0 else { return }
        updateWindowLocation()
        currentDistance = distance()
        let now = touches.map(\.timestamp).max() ?? event.timestamp
        let scale = self.scale
        if now > lastSample.time {
            velocityValue = (scale - lastSample.scale) / CGFloat(now - lastSample.time)
        }
        lastSample = (now, scale)
        switch state {
        case .possible:
            if heldState == nil, abs(currentDistance - initialDistance) >= Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// A finger lifted: before the pinch began it fails, after it ends.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    /// Forgets the pinch.
    open override func reset() {
        super.reset()
        initialDistance = 0
        baseDistance = 0
        currentDistance = 0
        velocityValue = 0
        lastSample = (0, 1)
    }

    private func distance() -> CGFloat {
        guard activeTouches.count >= 2 else { return 0 }
        return TouchEnvironment.distance(activeTouches[0].locationInWindow, activeTouches[1].locationInWindow)
    }
}
