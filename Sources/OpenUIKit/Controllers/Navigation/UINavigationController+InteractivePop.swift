// The edge-swipe pop: a finger from the left edge drags the top screen off, and on release the
// pop finishes or springs back.
//
// Audited against: UINavigationController.interactivePopGestureRecognizer docs ("the gesture
//   recognizer responsible for popping the top view controller off the navigation stack");
//   UIPercentDrivenInteractiveTransition docs (update, finish, cancel, timingCurve "the timing
//   curve to use when completing the transition"); UIKIT_SEMANTICS §4.1, the measured row: the
//   page stays still for the first 12 pt and then lags the finger by 12 pt; the pop commits when
//   position + velocity × 0.12 s > 53 % of the width; the release is a spring ω 22, ζ 0.85 (k 484,
//   c 37.4, mass 1) whatever the distance; §2.5 (the private `_UINavigationInteractiveTransition`
//   is a UIPercentDrivenInteractiveTransition).
// Choices (UNCONFIRMED, kept here):
//   - The 12 pt count from where the finger touched down (the recognizer begins 10 pt later), so
//     percent = max(0, x − x_down − 12) / width: the measured "stays still for the first 12 pt".
//   - The swipe drives the pop with an internal UIPercentDrivenInteractiveTransition when the
//     animator is the standard one, or the delegate's animator comes without an interaction
//     controller (then the percent-driven transition scrubs the delegate's UIView animations by
//     the container's layer time). When the delegate gives an interaction controller, that one is
//     the transition's and the swipe only starts the pop (the delegate's own gesture drives it).
//   - The release spring's initial velocity is the finger's speed as a fraction of the distance
//     left per second (UISpringTimingParameters' unit), towards the end it springs to.
//   - A cancelled recognizer (the touch cancelled) cancels the pop.
//   - The pop starts at 0 % in the turn the swipe begins; the page catches up with the finger at
//     the next move (a percent set in the starting turn would shift the begin time of animations
//     driven by the container's layer time, which they take at the commit).
// Status: complete.

import Foundation
import KinemaSupport
import OpenQuartzCore

/// The edge swipe's default delegate: it lets the swipe begin only when there is something to pop
/// and nothing is moving.
@MainActor
final class NavigationPopGate: UIGestureRecognizerDelegate {
    weak var navigationController: UINavigationController?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        navigationController?.canBeginInteractivePop ?? false
    }
}

/// One edge-swipe pop in progress: the percent-driven transition it updates, and where the
/// finger touched down.
@MainActor
final class NavigationPopInteraction {
    let driver = UIPercentDrivenInteractiveTransition()
    let touchDownX: CGFloat
    /// Whether the pop's transition took the driver (else the delegate's interaction controller
    /// runs it and the swipe only started it).
    var drives = false

    init(touchDownX: CGFloat) {
        self.touchDownX = touchDownX
    }
}

extension UINavigationController {
    /// Whether an edge-swipe pop may begin now: two controllers or more, no transition, in a window.
    var canBeginInteractivePop: Bool {
        stack.count >= 2 && activeTransition == nil && viewIfLoaded?.window != nil
    }

    /// The fraction of the pop the page shows for a finger at `x` (the view's coordinates).
    func popPercent(fingerX x: CGFloat, interaction: NavigationPopInteraction) -> CGFloat {
        let width = contentView?.bounds.width ?? 0
        guard width > 0 else { return 0 }
        let travel = x - interaction.touchDownX - NavigationTransitionMetrics.swipeDeadZone
        return min(max(travel / width, 0), 1)
    }

    /// The edge swipe's action.
    func handlePopGesture(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            guard popInteraction == nil, canBeginInteractivePop else { return }
            let down = recognizer.touchDownLocation(in: view)?.x ?? recognizer.location(in: view).x
            let interaction = NavigationPopInteraction(touchDownX: down)
            popInteraction = interaction
            _ = popViewController(animated: true)
            guard let transition = activeTransition else {
                popInteraction = nil
                return
            }
            // The first update waits for the next move: animations driven by layer time take their
            // begin time when this turn commits, which must be at the transition's start (0).
            interaction.drives = transition.interactor === interaction.driver
        case .changed:
            guard let interaction = popInteraction, interaction.drives else { return }
            interaction.driver.update(popPercent(fingerX: recognizer.location(in: view).x, interaction: interaction))
        case .ended, .cancelled:
            guard let interaction = popInteraction, interaction.drives else { return }
            let width = contentView?.bounds.width ?? 0
            let percent = popPercent(fingerX: recognizer.location(in: view).x, interaction: interaction)
            interaction.driver.update(percent)
            let velocity = recognizer.velocity(in: view).x
            let projected = percent * width + velocity * NavigationTransitionMetrics.releaseProjection
            let finishing = recognizer.state == .ended && width > 0 && projected > NavigationTransitionMetrics.commitFraction * width
            // The spring's velocity: the finger's, as a fraction of the distance left per second.
            let remaining = finishing ? 1 - percent : percent
            let towardsEnd = finishing ? velocity : -velocity
            let relative = width > 0 && remaining > 0.0001 ? towardsEnd / width / remaining : 0
            interaction.driver.timingCurve = UISpringTimingParameters(
                mass: 1, stiffness: NavigationTransitionMetrics.releaseStiffness,
                damping: NavigationTransitionMetrics.releaseDamping,
                initialVelocity: CGVector(dx: relative.isFinite ? relative : 0, dy: 0))
            if finishing { interaction.driver.finish() } else { interaction.driver.cancel() }
        default:
            break
        }
    }
}
