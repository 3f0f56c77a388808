// Tests of CATransaction and implicit actions: the transaction's duration, timing function and
// "disable actions" flag, nesting, begin times stamped at commit, and which layers animate.
// Every test runs on its own manual clock; each starts by flushing any implicit transaction an
// earlier test left open (Kinema has no run loop yet to commit it).

import KinemaSupport
import Foundation
import KinemaGeometry
import KinemaTiming
@testable import OpenQuartzCore
import Testing

@Suite("CATransaction and implicit actions")
@MainActor
struct CATransactionTests {
    /// A parent with one sublayer at position (0, 0) and opacity 1, already displayed (committed
    /// in a tree): the sublayer animates implicitly from now on.
    func displayedTree() -> (parent: CALayer, child: CALayer) {
        CATransaction.flush()
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        child.position = .zero
        CATransaction.flush()
        return (parent, child)
    }

    /// The single implicit animation of `layer` under `key`.
    /// Moves `layer` to `position` in an explicit transaction whose timing function is linear.
    func moveLinearly(_ layer: CALayer, to position: CGPoint) {
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position = position
        CATransaction.commit()
    }

    func implicit(_ layer: CALayer, _ key: String) -> CABasicAnimation? {
        layer.animation(forKey: key) as? CABasicAnimation
    }

    @Test("CATransaction docs: animationDuration \"Defaults to 1/4s\"; the implicit animation uses the default curve, from the old value")
    func defaultDurationAndCurve() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let (parent, child) = displayedTree()
            defer { withExtendedLifetime(parent) {} }
            #expect(CATransaction.animationDuration() == 0.25)
            #expect(CATransaction.animationTimingFunction() == nil)
            child.position = CGPoint(x: 100, y: 0)
            let anim = implicit(child, "position")
            #expect(anim?.keyPath == "position")
            #expect(anim?.duration == 0.25)
            #expect(anim?.timingFunction == CAMediaTimingFunction(name: .default))
            #expect((anim?.fromValue as? CGPoint) == .zero)
            #expect(child.position == CGPoint(x: 100, y: 0), "the model value changes at once")
            CATransaction.flush()
        }
    }

    @Test("an action CABasicAnimation with only a duration runs from the previous presentation value to the new value (CABasicAnimation: every value nil \"interpolates between the previous value of keyPath in the target layer's presentation layer and the current value\")", arguments: ["actions", "delegate"])
    func valuelessActionAnimation(_ source: String) {
        final class Retimer: CALayerDelegate {
            let retime: CABasicAnimation
            init(_ retime: CABasicAnimation) { self.retime = retime }
            func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
                event == "position" ? retime : nil
            }
        }
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let (parent, child) = displayedTree()
            defer { withExtendedLifetime(parent) {} }
            let retime = CABasicAnimation()
            retime.duration = 2
            retime.timingFunction = CAMediaTimingFunction(name: .linear)
            let retimer = Retimer(retime)
            if source == "actions" { child.actions = ["position": retime] } else { child.delegate = retimer }
            child.position = CGPoint(x: 100, y: 0)
            let added = implicit(child, "position")
            #expect(added?.keyPath == "position", "a property animation without a key path animates the key it is the action for")
            #expect(added?.duration == 2)
            #expect(retime.fromValue == nil && retime.keyPath == nil, "the action object itself is not changed")
            CATransaction.flush()
            clock.advance(to: 1)
            let shown = child.presentation()?.position
            #expect(shown.map { abs($0.x - 50) < 1e-9 && $0.y == 0 } == true, "halfway at t = 1 of 2: \(String(describing: shown))")
            clock.advance(to: 2.5)
            #expect(child.presentation()?.position == CGPoint(x: 100, y: 0))
            withExtendedLifetime(retimer) {}
        }
    }

    @Test("doubleSided has no implied animation (Animatable Properties: \"There is no default implied animation\"); it still animates explicitly")
    func doubleSidedHasNoImplicitAnimation() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let (parent, child) = displayedTree()
            defer { withExtendedLifetime(parent) {} }
            child.isDoubleSided = false
            #expect(child.animationKeys() == nil)
            child.opacity = 0.5
            #expect(child.animationKeys() == ["opacity"], "an ordinary key on the same layer still animates implicitly")
            let explicit = CABasicAnimation(keyPath: "doubleSided")
            explicit.fromValue = true
            explicit.toValue = false
            child.add(explicit, forKey: "flip")
            #expect(child.animationKeys()?.contains("flip") == true)
            CATransaction.flush()
        }
    }

    @Test("presentation value halfway through a linear implicit animation at half the duration")
    func halfwayPresentation() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let (parent, child) = displayedTree()
            defer { withExtendedLifetime(parent) {} }
            moveLinearly(child, to: CGPoint(x: 100, y: 0))
            clock.advance(to: 0.125)
            #expect(child.presentation().map { close($0.position, CGPoint(x: 50, y: 0)) } == true)
            clock.advance(to: 0.3)
            #expect(child.presentation()?.position == CGPoint(x: 100, y: 0))
        }
    }

    @Test("a change during an animation starts the new implicit animation from the presentation value")
    func fromPresentationValue() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let (parent, child) = displayedTree()
            defer { withExtendedLifetime(parent) {} }
            moveLinearly(child, to: CGPoint(x: 100, y: 0))
            clock.advance(to: 0.125)
            child.position = CGPoint(x: 200, y: 0)
            let from = implicit(child, "position")?.fromValue as? CGPoint
            #expect(from.map { close($0, CGPoint(x: 50, y: 0)) } == true)
            CATransaction.flush()
        }
    }

    @Test("CATransaction.setDisableActions(true): a change runs no action")
    func disableActions() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let (parent, child) = displayedTree()
            defer { withExtendedLifetime(parent) {} }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            #expect(CATransaction.disableActions())
            #expect(CATransaction.value(forKey: kCATransactionDisableActions) as? Bool == true)
            child.opacity = 0
            CATransaction.commit()
            #expect(child.animationKeys() == nil)
            #expect(!CATransaction.disableActions(), "the flag ends with its transaction")
        }
    }

    @Test("CALayer.action(forKey:): NSNull in the actions dictionary means no action")
    func nullAction() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let (parent, child) = displayedTree()
            defer { withExtendedLifetime(parent) {} }
            child.actions = ["opacity": NSNull()]
            child.opacity = 0
            child.position = CGPoint(x: 5, y: 5)
            #expect(child.animationKeys() == ["position"])
            CATransaction.flush()
        }
    }

    @Test("transactions nest: a nested transaction inherits the enclosing duration and may override it")
    func nesting() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let (parent, child) = displayedTree()
            defer { withExtendedLifetime(parent) {} }
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.begin()
            #expect(CATransaction.animationDuration() == 2)
            child.opacity = 0.5
            CATransaction.setAnimationDuration(3)
            #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double == 3)
            child.position = CGPoint(x: 1, y: 1)
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 2, "the override ends with the nested transaction")
            CATransaction.commit()
            #expect(implicit(child, "opacity")?.duration == 2)
            #expect(implicit(child, "position")?.duration == 3)
        }
    }

    @Test("CATransaction.setAnimationTimingFunction: implicit animations use the transaction's function")
    func timingFunction() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let (parent, child) = displayedTree()
            defer { withExtendedLifetime(parent) {} }
            let easeIn = CAMediaTimingFunction(name: .easeIn)
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(easeIn)
            #expect(CATransaction.animationTimingFunction() == easeIn)
            child.opacity = 0
            CATransaction.commit()
            #expect(implicit(child, "opacity")?.timingFunction == easeIn)
        }
    }

    @Test("beginTime 0 resolves at the commit: the animation starts at the time of CATransaction.flush()")
    func beginTimeAtCommit() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let (parent, child) = displayedTree()
            defer { withExtendedLifetime(parent) {} }
            clock.advance(to: 1)
            child.position = CGPoint(x: 100, y: 0)
            let explicit = CABasicAnimation(keyPath: "opacity")
            explicit.fromValue = 0
            explicit.toValue = 1
            explicit.duration = 1
            child.add(explicit, forKey: "fade")
            clock.advance(to: 2)
            CATransaction.flush()
            #expect(implicit(child, "position")?.beginTime == 2)
            #expect(child.animation(forKey: "fade")?.beginTime == 2)
            clock.advance(to: 2.5)
            #expect(child.presentation().map { abs($0.opacity - 0.5) < 1e-6 } == true)
        }
    }

    @Test("an animation added with no transaction open begins at the time of the add")
    func beginTimeWithoutTransaction() {
        let clock = MediaClock.manual(at: 3)
        MediaClock.withCurrent(clock) {
            CATransaction.flush()
            let layer = CALayer()
            layer.add(basic("opacity", from: 0, to: 1), forKey: "fade")
            #expect(layer.animation(forKey: "fade")?.beginTime == 3)
        }
    }

    @Test("layers not yet in a tree, and a layer's first display, do not animate implicitly")
    func notInTree() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            CATransaction.flush()
            let lone = CALayer()
            lone.opacity = 0
            CATransaction.flush()
            lone.opacity = 1
            #expect(lone.animationKeys() == nil, "no superlayer, no sublayers: no implicit animation")
            let parent = CALayer(), child = CALayer()
            parent.addSublayer(child)
            child.opacity = 0
            #expect(child.animationKeys() == nil, "added in the same transaction: its first display")
            CATransaction.flush()
            child.opacity = 1
            #expect(child.animationKeys() == ["opacity"])
            CATransaction.flush()
        }
    }

    @Test("CALayerDelegate.action(for:forKey:): the delegate's action wins and is used as is")
    func delegateWins() {
        final class Recorder: CAAction {
            var events: [String] = []
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                events.append(event)
            }
        }
        final class Delegate: CALayerDelegate {
            let action: any CAAction
            init(_ action: any CAAction) { self.action = action }
            func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
                event == "opacity" ? action : nil
            }
        }
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let (parent, child) = displayedTree()
            defer { withExtendedLifetime(parent) {} }
            let recorder = Recorder()
            let delegate = Delegate(recorder)
            child.delegate = delegate
            child.opacity = 0
            #expect(recorder.events == ["opacity"])
            #expect(child.animationKeys() == nil)
            let custom = CABasicAnimation(keyPath: "opacity")
            custom.duration = 7
            let animating = Delegate(custom)
            child.delegate = animating
            child.opacity = 1
            #expect(implicit(child, "opacity")?.duration == 7)
            #expect(implicit(child, "opacity")?.fromValue == nil, "used as is: no fromValue filled in")
            CATransaction.flush()
        }
    }

    @Test("an unbalanced commit() reports a diagnostic and does nothing")
    func unbalancedCommit() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            CATransaction.flush()
            let (_, diagnostics) = KinemaDiagnostics.collecting { CATransaction.commit() }
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.message.contains("begin()") == true)
            CATransaction.lock()
            CATransaction.lock()
            CATransaction.unlock()
            CATransaction.unlock()
        }
    }

    @Test("an added animation with duration 0 takes the transaction's duration, and one without a timing function the transaction's (APPLE_SEMANTICS; seed 000's cornerAnimation)")
    func transactionFillsAddedAnimations() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let layer = CALayer()
            let seedCurve = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)
            CATransaction.begin()
            CATransaction.setAnimationDuration(2.0)
            CATransaction.setAnimationTimingFunction(seedCurve)
            let corner = CABasicAnimation(keyPath: "cornerRadius")
            corner.fromValue = 50
            corner.toValue = 30
            layer.add(corner, forKey: "corner")
            let own = CABasicAnimation(keyPath: "opacity")
            own.duration = 0.5
            own.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(own, forKey: "own")
            CATransaction.commit()
            #expect(layer.animation(forKey: "corner")?.duration == 2)
            #expect(layer.animation(forKey: "corner")?.timingFunction === seedCurve)
            #expect(layer.animation(forKey: "own")?.duration == 0.5, "an explicit duration is kept")
            #expect(layer.animation(forKey: "own")?.timingFunction?.curve.y1 == 0, "an explicit curve (linear) is kept")
            let outside = CABasicAnimation(keyPath: "zPosition")
            layer.add(outside, forKey: "z")
            CATransaction.flush()
            #expect(layer.animation(forKey: "z")?.duration == 0.25, "no transaction value: the default 1/4 s")
            #expect(layer.animation(forKey: "z")?.timingFunction == nil, "no transaction curve: stays linear (nil)")
        }
    }
}
