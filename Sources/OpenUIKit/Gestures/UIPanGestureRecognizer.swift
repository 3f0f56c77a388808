// UIPanGestureRecognizer: fingers dragging across the view.
//
// Audited against: UIPanGestureRecognizer docs — a continuous gesture that "begins when the
//   minimum number of fingers allowed has moved enough to be considered a pan; changes when a
//   finger moves while at least the minimum number of fingers are pressed down; ends when all
//   fingers are lifted"; minimumNumberOfTouches (default 1), maximumNumberOfTouches (default
//   NSUIntegerMax), translation(in:), setTranslation(_:in:) ("changing the translation value
//   resets the velocity of the pan"), velocity(in:) in points per second. UIKIT_SEMANTICS §8.
// Thresholds: the pan begins once the centroid has moved 10 pt from where the fingers touched
//   down (UIKIT_SEMANTICS §8, "Pan start (hysteresis)"; measured on iOS by Vercantez/openuikit);
//   translation counts from the centroid at that moment, so it is zero at `.began`. Velocity:
//   VelocitySamples.swift.
// Choices: fingers beyond the maximum are ignored; when a finger joins or leaves, the translation
//   does not jump (it follows the centroid's movement only).

import Foundation
import KinemaSupport

/// Recognizes a drag: `.began` after 10 pt of movement, `.changed` at each move, `.ended` when
/// the fingers lift.
///
/// ```swift
/// func handleCardPan(_ recognizer: UIPanGestureRecognizer) {
///     if recognizer.state == .changed {
///         let translation = recognizer.translation(in: view)
///         card.center.y += translation.y
///         recognizer.setTranslation(.zero, in: view)
///     }
/// }
/// ```
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// How far, in points, the fingers' centroid moves before the pan begins.
    static let hysteresis: CGFloat = 10

    /// The fewest fingers that make a pan. Default 1.
    open var minimumNumberOfTouches = 1
    /// The most fingers that make a pan (more are ignored). Default `Int.max`.
    open var maximumNumberOfTouches = Int.max

    /// Where the centroid touched down (window coordinates).
    private var startCentroid: CGPoint = .zero
    /// The centroid the translation counts from (window coordinates).
    private var translationOrigin: CGPoint = .zero
    private var samples = VelocitySamples()
    private var lastCentroid: CGPoint = .zero

    /// How far the fingers' centroid moved since the pan began (or the last setTranslation), in
    /// `view`'s coordinates (window coordinates when nil).
    open func translation(in view: UIView?) -> CGPoint {
        let delta = CGPoint(x: windowLocation.x - translationOrigin.x, y: windowLocation.y - translationOrigin.y)
        return Self.convertVector(delta, to: view)
    }

    /// Makes the translation in `view`'s coordinates `translation` now; resets the velocity.
    /// A non-finite translation is a diagnostic and is ignored.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard translation.x.isFinite, translation.y.isFinite else {
            KinemaDiagnostics.emit("UIPanGestureRecognizer", "setTranslation(\(translation), in:): not finite; ignored")
            return
        }
        let delta = Self.convertVector(translation, from: view)
        translationOrigin = CGPoint(x: windowLocation.x - delta.x, y: windowLocation.y - delta.y)
        samples.restart()
    }

    /// The centroid's velocity in `view`'s coordinates, points per second.
    open func velocity(in view: UIView?) -> CGPoint {
        Self.convertVector(samples.velocity, to: view)
    }

    /// Fingers touched down: the first ones set the start; more than the maximum are ignored.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches.sorted(by: { $0.fingerID < $1.fingerID }) where activeTouches.count > max(1, maximumNumberOfTouches) {
            ignore(touch, for: event)
        }
        fingersChanged(at: event.timestamp)
    }

    /// Fingers moved: begin after the hysteresis, then report changes.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        updateWindowLocation()
        let now = touches.map(\.timestamp).max() ?? event.timestamp
        samples.add(windowLocation, at: now)
        lastCentroid = windowLocation
        switch state {
        case .possible:
            guard activeTouches.count >= max(1, minimumNumberOfTouches), heldState == nil else { return }
            if TouchEnvironment.distance(windowLocation, startCentroid) >= Self.hysteresis {
                translationOrigin = windowLocation
                state = .began
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Fingers lifted: the pan ends when none (or too few) are left; before it began, it fails.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = activeTouches.filter { !touches.contains($0) }
        // The lift's own location counts as a last sample.
        updateWindowLocation()
        samples.add(windowLocation, at: touches.map(\.timestamp).max() ?? event.timestamp)
        switch state {
        case .possible:
            if remaining.isEmpty { state = .failed }
        case .began, .changed:
            if remaining.count < max(1, minimumNumberOfTouches) {
                state = .ended
            } else {
                activeTouches = remaining
                fingersChanged(at: event.timestamp)
            }
        default:
            break
        }
    }

    /// Forgets the gesture.
    open override func reset() {
        super.reset()
        samples = VelocitySamples()
        translationOrigin = .zero
        startCentroid = .zero
    }

    /// A finger joined or left: keep the translation and velocity continuous.
    private func fingersChanged(at time: TimeInterval) {
        let old = lastCentroid
        updateWindowLocation()
        if state == .possible && heldState == nil {
            startCentroid = windowLocation
            if activeTouches.count <= 1 || old == .zero { samples = VelocitySamples() }
        } else {
            let jump = CGPoint(x: windowLocation.x - old.x, y: windowLocation.y - old.y)
            translationOrigin.x += jump.x
            translationOrigin.y += jump.y
            samples.shift(by: jump)
        }
        lastCentroid = windowLocation
        samples.add(windowLocation, at: time)
    }
}
