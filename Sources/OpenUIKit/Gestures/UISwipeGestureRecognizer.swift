// UISwipeGestureRecognizer: a quick stroke in a direction.
//
// Audited against: UISwipeGestureRecognizer docs — "a discrete gesture"; "looks for swipes in the
//   specified directions … with the specified number of touches"; direction (default .right),
//   numberOfTouchesRequired (default 1); Direction raw values (right 1, left 2, up 4, down 8).
// Thresholds (Apple documents none; chosen and named here): recognized as soon as the fingers'
//   centroid has moved ≥ 50 pt along an allowed direction, within 0.5 s of touch-down (so at an
//   average ≥ 100 pt/s), while the movement across that direction is at most half the movement
//   along it (within ~27° of the axis). Fails when the time runs out, the stroke bends off the
//   axis, or the fingers lift first.

import Foundation

/// Recognizes a swipe: a stroke of at least 50 pt within 0.5 s in one of `direction`'s
/// directions.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions of a swipe (UISwipeGestureRecognizer.Direction; raw values as UIKit's).
    public struct Direction: OptionSet, Sendable {
        /// The raw value (UIKit's).
        public let rawValue: UInt
        /// A direction from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Towards +x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards −x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards −y.
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards +y.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The distance, in points, the stroke must cover.
    static let minimumDistance: CGFloat = 50
    /// The time, in seconds, it has to cover it.
    static let maximumDuration: TimeInterval = 0.5
    /// The most movement across the direction, as a fraction of the movement along it.
    static let maximumDeviation: CGFloat = 0.5

    /// The allowed directions. Default `.right`.
    open var direction: Direction = .right
    /// The number of fingers. Default 1.
    open var numberOfTouchesRequired = 1

    private var start: CGPoint = .zero
    private var startTime: TimeInterval = 0

    /// Fingers touched down: the stroke starts from their centroid.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if activeTouches.count > max(1, numberOfTouchesRequired) {
            state = .failed
            return
        }
        updateWindowLocation()
        start = windowLocation
        startTime = touches.map(\.timestamp).max() ?? event.timestamp
        scheduleTimer(at: startTime + Self.maximumDuration) { [weak self] in
            guard let self, self.state == .possible, self.heldState == nil else { return }
            self.state = .failed
        }
    }

    /// Checks the stroke: recognized at the distance, failed off the axis or out of time.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, heldState == nil else { return }
        let now = touches.map(\.timestamp).max() ?? event.timestamp
        if now - startTime > Self.maximumDuration {
            state = .failed
            return
        }
        guard activeTouches.count == max(1, numberOfTouchesRequired) else { return }
        let dx = windowLocation.x - start.x, dy = windowLocation.y - start.y
        let candidates: [(Direction, CGFloat, CGFloat)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
        for (candidate, along, across) in candidates where direction.contains(candidate) {
            if along >= Self.minimumDistance, abs(across) <= Self.maximumDeviation * along {
                cancelTimer()
                state = .ended
                return
            }
        }
        // Off every allowed axis by more than the deviation allows, and far enough to tell.
        let moved = (dx * dx + dy * dy).squareRoot()
        if moved >= UITapGestureRecognizer.allowableMovement {
            let onSomeAxis = candidates.contains { candidate, along, across in
                direction.contains(candidate) && along > 0 && abs(across) <= Self.maximumDeviation * along
            }
            if !onSomeAxis { state = .failed }
        }
    }

    /// The fingers lifted before the stroke was long enough.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }
}
