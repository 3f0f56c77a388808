// iOS-style animation code, written as it is on Apple platforms, compiled against `import Kinema`
// only (no package access): the public surface of the animation classes.
import Foundation
import Kinema
import Testing

private final class Observer: NSObject, CAAnimationDelegate {
    var stopped = false
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped = flag }
}

@Suite("Animation source compatibility")
struct AnimationSourceCompatibilityTests {
    @Test func iOSStyleCodeCompiles() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = NSNumber(value: 1)
        fade.toValue = 0
        fade.duration = 0.3
        fade.timingFunction = CAMediaTimingFunction(name: .easeOut)
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        let observer = Observer()
        fade.delegate = observer

        let bounce = CAKeyframeAnimation(keyPath: "transform.scale")
        bounce.values = [1.0, 1.2, 0.9, 1.0]
        bounce.keyTimes = [0, 0.3, 0.7, 1]
        bounce.timingFunctions = [CAMediaTimingFunction(name: .easeInEaseOut)]
        bounce.calculationMode = .cubic

        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        orbit.rotationMode = .rotateAuto
        orbit.calculationMode = .paced
        orbit.repeatCount = .infinity

        let spring = CASpringAnimation(keyPath: "position.y")
        spring.damping = 12
        spring.initialVelocity = 2
        spring.toValue = 200
        spring.duration = spring.settlingDuration
        let modern = CASpringAnimation(perceptualDuration: 0.4, bounce: 0.2)

        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        spin.byValue = 2 * CGFloat.pi
        spin.isAdditive = true

        let group = CAAnimationGroup()
        group.animations = [fade, bounce, spin]
        group.duration = 1

        let push = CATransition()
        push.type = .push
        push.subtype = .fromLeft

        let copy = group.copy() as? CAAnimationGroup
        #expect(copy?.animations?.count == 3)
        #expect(modern.bounce > 0.19 && modern.bounce < 0.21)
        #expect(fade.delegate === observer)
        #expect(orbit.path != nil && push.type == .push)
    }
}
