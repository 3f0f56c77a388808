// isManualHitTestingEnabled (UIViewPropertyAnimator docs): false, the default, hit-tests the views
// an active animator moves at their current onscreen position; true leaves them where the model
// puts them, like any other view.

import Foundation
import Kinema
import Testing

@Suite("UIViewPropertyAnimator: hit testing")
@MainActor
struct UIViewPropertyAnimatorHitTestingTests {
    /// A 40 × 40 view at x 0 moving to x 200 under a paused linear animator at half way (shown at 100).
    private func halfWay(manual: Bool) -> (Stage, UIView, UIViewPropertyAnimator) {
        let stage = Stage(size: CGSize(width: 300, height: 100), scale: 1, threads: 1)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.frame.origin.x = 200 }
        animator.isManualHitTestingEnabled = manual
        stage.withClock {
            stage.window.addSubview(view)
            stage.turn(to: 0)
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            stage.turn(to: 0.1)
        }
        return (stage, view, animator)
    }

    @Test("automatic: the view is hit where it is shown, not where the model puts it")
    func automaticUsesThePresentation() {
        let (stage, view, animator) = halfWay(manual: false)
        #expect(view.frame.origin.x == 200)
        #expect(stage.window.hitTest(CGPoint(x: 120, y: 20), with: nil) === view)
        #expect(stage.window.hitTest(CGPoint(x: 220, y: 20), with: nil) !== view)
        animator.stopAnimation(true)
        // Inactive: the model again (the view stays where it was shown).
        #expect(stage.window.hitTest(CGPoint(x: 120, y: 20), with: nil) === view)
    }

    @Test("manual: the model position, as for any view")
    func manualUsesTheModel() {
        let (stage, view, animator) = halfWay(manual: true)
        #expect(stage.window.hitTest(CGPoint(x: 220, y: 20), with: nil) === view)
        #expect(stage.window.hitTest(CGPoint(x: 120, y: 20), with: nil) !== view)
        animator.stopAnimation(true)
    }
}
