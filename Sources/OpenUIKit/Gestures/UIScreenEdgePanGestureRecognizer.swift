// UIScreenEdgePanGestureRecognizer: a pan that starts near an edge of the screen.
//
// Audited against: UIScreenEdgePanGestureRecognizer docs — "looks for panning (dragging)
//   gestures that start near an edge of the screen"; `edges`, "the acceptable starting edges for
//   the gesture"; a subclass of UIPanGestureRecognizer (its translation, velocity and states);
//   UINavigationController.interactivePopGestureRecognizer (the left-edge pop).
// Choices (UNCONFIRMED: Apple documents no distances; kept here, in `EdgePanMetrics`):
//   - "Near an edge" is within 20 pt of it (`EdgePanMetrics.edgeZone`, Flutter's Cupertino back
//     gesture width, tuned to iOS; UIKIT_SEMANTICS §4.1).
//   - The screen is the window (a Stage's window is its screen). A recognizer whose view does not
//     reach the window's edge (a demo's scaled content, a letterboxed stage) also accepts touches
//     near the view's own edge, so hosted screens behave as they would full screen.
//   - The pan begins, as any pan, after 10 pt of movement; it fails instead when that movement
//     leads back towards the edge or mostly along it (the away-from-edge component must be the
//     larger one).
//   - `edges` empty or `.all`: every edge is accepted (Apple's behaviour for these is undocumented).
// Status: complete for `edges`; the velocity, translation and multi-finger rules are the pan's.

import Foundation
import KinemaSupport

/// The distances of the screen-edge pan (UNCONFIRMED, see the file header).
enum EdgePanMetrics {
    /// How near an edge, in points, a touch must start.
    static let edgeZone: CGFloat = 20
}

/// A pan that begins only when the finger touches down near one of `edges` and moves away from it.
///
/// ```swift
/// let swipe = UIScreenEdgePanGestureRecognizer(target: self, action: Reader.backSwipe)
/// swipe.edges = .left
/// view.addGestureRecognizer(swipe)
/// ```
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges the gesture may start from. Default none (set one, as on iOS).
    open var edges: UIRectEdge = []

    /// Where the first finger touched down, window coordinates.
    private var touchDown: CGPoint?
    /// The edge the touch started near.
    private var startEdge: UIRectEdge = []

    /// The first finger's location where it touched down, in `view`'s coordinates (window
    /// coordinates for nil); nil before a touch. Kinema's addition, for the navigation
    /// controller's dead zone measured from the touch.
    func touchDownLocation(in view: UIView?) -> CGPoint? {
        guard let touchDown else { return nil }
        return Self.convert(touchDown, to: view)
    }

    /// A finger touched down: the gesture fails unless it is near one of `edges`.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if touchDown == nil, let first = touches.sorted(by: { $0.fingerID < $1.fingerID }).first {
            let point = first.locationInWindow
            touchDown = point
            startEdge = nearEdge(point)
            if startEdge.isEmpty {
                state = .failed
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }

    /// Fingers moved: before the pan begins, movement back towards (or along) the edge fails it.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, let touchDown, let first = activeTouches.first {
            let point = first.locationInWindow
            let dx = point.x - touchDown.x, dy = point.y - touchDown.y
            if (dx * dx + dy * dy).squareRoot() >= Self.hysteresis {
                let away: CGFloat
                let along: CGFloat
                if startEdge.contains(.left) { away = dx; along = abs(dy) }
                else if startEdge.contains(.right) { away = -dx; along = abs(dy) }
                else if startEdge.contains(.top) { away = dy; along = abs(dx) }
                else { away = -dy; along = abs(dx) }
                if away <= along {
                    state = .failed
                    return
                }
            }
        }
        super.touchesMoved(touches, with: event)
    }

    /// Forgets the touch-down.
    open override func reset() {
        super.reset()
        touchDown = nil
        startEdge = []
    }

    /// The accepted edge `point` (window coordinates) is near, or none.
    private func nearEdge(_ point: CGPoint) -> UIRectEdge {
        let accepted: UIRectEdge = edges.isEmpty ? .all : edges
        var areas: [CGRect] = []
        if let window = view?.window { areas.append(window.bounds) }
        if let view { areas.append(view.convert(view.bounds, to: nil)) }
        let zone = EdgePanMetrics.edgeZone
        for area in areas where area.contains(point) || area.insetBy(dx: -zone, dy: -zone).contains(point) {
            if accepted.contains(.left), point.x - area.minX < zone { return .left }
            if accepted.contains(.right), area.maxX - point.x < zone { return .right }
            if accepted.contains(.top), point.y - area.minY < zone { return .top }
            if accepted.contains(.bottom), area.maxY - point.y < zone { return .bottom }
        }
        return []
    }
}
