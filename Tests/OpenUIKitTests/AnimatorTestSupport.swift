// Helpers the property-animator tests share: the shown position, state checks, a moving view.

import Foundation
import Kinema
import Testing

@MainActor
func shownX(_ view: UIView) -> Double { Double(shown(view).position.x) }

@MainActor
func expectState(_ animator: UIViewPropertyAnimator, _ state: UIViewAnimatingState, running: Bool,
                 reversed: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(animator.state == state, sourceLocation: sourceLocation)
    #expect(animator.isRunning == running, sourceLocation: sourceLocation)
    #expect(animator.isReversed == reversed, sourceLocation: sourceLocation)
}

/// A view at x = 50 (centre) and an animator moving it to x = 250 over 1 s with `curve`.
@MainActor
func movingView(_ curve: UIView.AnimationCurve = .linear) -> (Stage, UIView, UIViewPropertyAnimator) {
    let (stage, view) = viewStage()
    let animator = UIViewPropertyAnimator(duration: 1, curve: curve) { view.center.x = 250 }
    return (stage, view, animator)
}
