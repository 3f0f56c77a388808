// UILongPressGestureRecognizer: fingers held still, then possibly moved.
//
// Audited against: UILongPressGestureRecognizer docs — "long-press gestures are continuous. The
//   gesture begins when the number of allowable fingers has been pressed for the specified
//   period and the touches do not move beyond the allowable range of movement … changes when a
//   finger moves, and it ends when any of the fingers are lifted"; minimumPressDuration (0.5 s),
//   numberOfTouchesRequired (1), numberOfTapsRequired (0), allowableMovement (10 pt).
//   UIKIT_SEMANTICS §8.
// Status: numberOfTapsRequired is stored; only 0 (no taps before the press) is recognized — a
//   nonzero value is a diagnostic when the press starts, and the press is recognized as if 0.
//   The press is timed on the host run loop (the Stage's): it begins at the first turn at or
//   after touch-down + minimumPressDuration.

import Foundation
import KinemaSupport

/// Recognizes a press held for `minimumPressDuration` without moving more than
/// `allowableMovement`; then `.changed` at each move and `.ended` when a finger lifts.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the fingers must be down, in seconds. Default 0.5.
    open var minimumPressDuration: TimeInterval = 0.5
    /// The number of fingers. Default 1.
    open var numberOfTouchesRequired = 1
    /// Taps before the press (stored; only 0 is recognized). Default 0.
    open var numberOfTapsRequired = 0
    /// How far, in points, the fingers may move before the press begins. Default 10.
    open var allowableMovement: CGFloat = 10

    private var startLocations: [ObjectIdentifier: CGPoint] = [:]

    /// Fingers touched down: once there are enough, the press is timed.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        for touch in touches { startLocations[ObjectIdentifier(touch)] = touch.locationInWindow }
        let required = max(1, numberOfTouchesRequired)
        if activeTouches.count > required {
            state = .failed
            return
        }
        guard activeTouches.count == required else { return }
        if numberOfTapsRequired != 0 {
            KinemaDiagnostics.emit("UILongPressGestureRecognizer", "numberOfTapsRequired \(numberOfTapsRequired): taps before the press are not recognized; timed the press alone")
        }
        let duration = minimumPressDuration.isFinite ? max(0, minimumPressDuration) : 0.5
        let start = touches.map(\.timestamp).max() ?? event.timestamp
        scheduleTimer(at: start + duration) { [weak self] in
            guard let self, self.state == .possible, self.heldState == nil else { return }
            self.updateWindowLocation()
            self.state = .began
        }
    }

    /// Moving too far before the press fails it; after, each move is a change.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            for touch in touches {
                guard let start = startLocations[ObjectIdentifier(touch)] else { continue }
                if TouchEnvironment.distance(touch.locationInWindow, start) > allowableMovement {
                    state = .failed
                    return
                }
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// A finger lifted: before the press began it fails, after it ends.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    /// Forgets the press.
    open override func reset() {
        super.reset()
        startLocations = [:]
    }
}
