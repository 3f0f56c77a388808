// Tests of the CALayer animation glue: add / look up / remove animations, and presentation()
// evaluating them at the current time of a manual clock (never the global clock).

import KinemaSupport
import Foundation
import KinemaGeometry
import KinemaTiming
@testable import OpenQuartzCore
import Testing

@Suite("CALayer animations")
@MainActor
struct CALayerAnimationTests {
    /// A position animation from (0, 0) to (100, 0), duration 1.
    func slide() -> CABasicAnimation {
        basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 0))
    }

    @Test("a basic position animation: halfway at t = 0.5 (linear by default); the model is unchanged")
    func halfway() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let layer = CALayer()
            layer.position = CGPoint(x: 7, y: 7)
            #expect(slide().timingFunction == nil, "CABasicAnimation's default timing function is nil: linear")
            layer.add(slide(), forKey: "slide")
            CATransaction.flush()
            clock.advance(to: 0.5)
            let shown = layer.presentation()
            #expect(shown.map { close($0.position, CGPoint(x: 50, y: 0)) } == true)
            #expect(layer.position == CGPoint(x: 7, y: 7))
            #expect(shown?.model() === layer && layer.model() === layer)
            #expect(layer.animationKeys() == ["slide"])
        }
    }

    @Test("a transition added with key nil is stored under kCATransition (CALayer.add(_:forKey:): \"the special key kCATransition is automatically used for transition animations\"); a second replaces it")
    func transitionKey() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let layer = CALayer()
            let fade = CATransition()
            fade.duration = 1
            layer.add(fade, forKey: nil)
            #expect(layer.animationKeys() == [kCATransition])
            #expect(layer.animation(forKey: kCATransition) is CATransition)
            let push = CATransition()
            push.type = .push
            push.duration = 2
            layer.add(push, forKey: nil)
            #expect(layer.animationKeys() == [kCATransition], "the second transition replaces the first")
            #expect((layer.animation(forKey: kCATransition) as? CATransition)?.type == .push)
            layer.add(slide(), forKey: nil)
            #expect(layer.animationKeys()?.count == 2, "a property animation without a key is not a transition")
            #expect(layer.animationKeys()?.filter { $0 == kCATransition }.count == 1)
        }
    }

    @Test("an explicit animation of frame or its parts changes nothing, as on iOS (Animatable Properties: frame \"is not animatable\"); it is still added", arguments: ["frame", "frame.size.width", "frame.origin"])
    func frameIsNotAnimatable(_ keyPath: String) {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let layer = CALayer()
            layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
            let animation = CABasicAnimation(keyPath: keyPath)
            switch keyPath {
            case "frame":
                animation.fromValue = CGRect(x: 0, y: 0, width: 100, height: 100)
                animation.toValue = CGRect(x: 200, y: 200, width: 300, height: 300)
            case "frame.size.width":
                animation.fromValue = 100.0
                animation.toValue = 300.0
            default:
                animation.fromValue = CGPoint(x: 0, y: 0)
                animation.toValue = CGPoint(x: 200, y: 200)
            }
            animation.duration = 1
            layer.add(animation, forKey: "move")
            CATransaction.flush()
            #expect(layer.animationKeys() == ["move"])
            clock.advance(to: 0.5)
            let shown = layer.presentation()
            #expect(shown?.frame == CGRect(x: 10, y: 20, width: 30, height: 40), "\(keyPath): \(String(describing: shown?.frame))")
            #expect(shown?.bounds == layer.bounds && shown?.position == layer.position)
        }
    }

    @Test("presentation() is nil for a lone layer that never had an animation, a copy for a layer in a tree")
    func presentationPresence() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let lone = CALayer()
            #expect(lone.presentation() == nil)
            let parent = CALayer(), child = CAShapeLayer()
            parent.addSublayer(child)
            child.position = CGPoint(x: 3, y: 4)
            let shown = child.presentation()
            #expect(shown !== child && shown?.position == CGPoint(x: 3, y: 4))
            #expect(shown?.model() === child)
            #expect(parent.presentation() != nil)
        }
    }

    @Test("copy-on-add: editing the animation after add changes nothing; animation(forKey:) gives a copy")
    func copyOnAdd() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let layer = CALayer()
            let a = slide()
            layer.add(a, forKey: "slide")
            CATransaction.flush()
            a.toValue = CGPoint(x: 1000, y: 0)
            a.duration = 10
            clock.advance(to: 0.5)
            #expect(layer.presentation().map { close($0.position, CGPoint(x: 50, y: 0)) } == true)
            let fetched = layer.animation(forKey: "slide") as? CABasicAnimation
            #expect(fetched !== a && fetched?.duration == 1)
            #expect(fetched?.toValue as? CGPoint == CGPoint(x: 100, y: 0))
            fetched?.duration = 100
            #expect(layer.animation(forKey: "slide")?.duration == 1)
        }
    }

    @Test("the same key replaces; a nil key gets a unique key; keys keep the order of addition")
    func replaceByKey() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let layer = CALayer()
            layer.add(slide(), forKey: "a")
            layer.add(basic("opacity", from: 1, to: 0), forKey: "b")
            layer.add(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 0, y: 200)), forKey: "a")
            CATransaction.flush()
            #expect(layer.animationKeys() == ["b", "a"])
            layer.add(basic("zPosition", from: 0, to: 1), forKey: nil)
            layer.add(basic("zPosition", from: 0, to: 1), forKey: nil)
            CATransaction.flush()
            #expect(layer.animationKeys()?.count == 4)
            clock.advance(to: 0.5)
            let shown = layer.presentation()
            #expect(shown.map { close($0.position, CGPoint(x: 0, y: 100)) } == true)
            #expect(shown.map { abs($0.opacity - 0.5) < 1e-6 } == true)
        }
    }

    @Test("removeAnimation(forKey:) and removeAllAnimations()")
    func remove() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let layer = CALayer()
            layer.add(slide(), forKey: "slide")
            layer.add(basic("opacity", from: 1, to: 0), forKey: "fade")
            CATransaction.flush()
            layer.removeAnimation(forKey: "slide")
            layer.removeAnimation(forKey: "missing")
            #expect(layer.animationKeys() == ["fade"])
            #expect(layer.animation(forKey: "slide") == nil)
            clock.advance(to: 0.5)
            #expect(layer.presentation()?.position == .zero)
            layer.removeAllAnimations()
            #expect(layer.animationKeys() == nil)
            #expect(layer.presentation()?.opacity == 1, "a layer that had animations keeps a presentation copy")
        }
    }

    @Test("finished animations: removed on completion by default, kept with isRemovedOnCompletion false and fill forwards")
    func completion() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let layer = CALayer()
            layer.add(slide(), forKey: "removed")
            CATransaction.flush()
            let kept = basic("opacity", from: 1, to: 0.2)
            kept.isRemovedOnCompletion = false
            kept.fillMode = .forwards
            layer.add(kept, forKey: "kept")
            CATransaction.flush()
            clock.advance(to: 0.99)
            #expect(layer.animationKeys() == ["removed", "kept"])
            clock.advance(to: 1.5)
            #expect(layer.animationKeys() == ["kept"])
            let shown = layer.presentation()
            #expect(shown?.position == .zero)
            #expect(shown.map { abs($0.opacity - 0.2) < 1e-6 } == true)
        }
    }

    @Test("a layer with speed 2 runs its animations twice as fast (hierarchical time)")
    func layerSpeed() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let parent = CALayer(), layer = CALayer()
            parent.addSublayer(layer)
            parent.speed = 2
            layer.add(slide(), forKey: "slide")
            CATransaction.flush()
            clock.advance(to: 0.25)
            #expect(layer.presentation().map { close($0.position, CGPoint(x: 50, y: 0)) } == true)
            clock.advance(to: 0.6)
            #expect(layer.animationKeys() == nil, "finished at 0.5 s of media time")
        }
    }

    @Test("QA1673: speed 0 and timeOffset pause the layer's animations")
    func pause() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let layer = CALayer()
            layer.add(slide(), forKey: "slide")
            CATransaction.flush()
            clock.advance(to: 0.25)
            let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0
            layer.timeOffset = paused
            clock.advance(to: 0.75)
            #expect(layer.presentation().map { close($0.position, CGPoint(x: 25, y: 0)) } == true)
            clock.advance(to: 5)
            #expect(layer.presentation().map { close($0.position, CGPoint(x: 25, y: 0)) } == true)
            #expect(layer.animationKeys() == ["slide"])
        }
    }

    @Test("an unknown key path: one diagnostic, the animation is not added")
    func unknownKeyPath() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let layer = CALayer()
            let (_, diagnostics) = KinemaDiagnostics.collecting {
                layer.add(basic("wobble", from: 0, to: 1), forKey: "w")
            }
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.message.contains("wobble") == true)
            #expect(layer.animationKeys() == nil && layer.animation(forKey: "w") == nil)
        }
    }

    @Test("transform.rotation.z from 0 to π is a half turn at the end, not the identity")
    func halfTurn() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let layer = CALayer()
            let spin = basic("transform.rotation.z", from: 0, to: Double.pi)
            spin.isRemovedOnCompletion = false
            spin.fillMode = .forwards
            layer.add(spin, forKey: "spin")
            CATransaction.flush()
            clock.advance(to: 0.5)
            let quarter = layer.presentation()?.transform
            #expect(quarter.map { close($0, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-9) } == true)
            clock.advance(to: 1)
            let end = layer.presentation()?.transform
            #expect(end.map { close($0, CATransform3DMakeRotation(.pi, 0, 0, 1), 1e-9) } == true)
            #expect(end.map { abs($0.m11 + 1) < 1e-9 } == true)
            #expect(layer.transform == CATransform3DIdentity)
        }
    }

    @Test("beginTime 0 resolves to the layer's local time at the commit; uncommitted animations are not shown (CALayer.add(_:forKey:), presentation())")
    func beginTimeAtCommit() {
        let clock = MediaClock.manual(at: 10)
        MediaClock.withCurrent(clock) {
            let layer = CALayer()
            layer.position = CGPoint(x: 7, y: 7)
            CATransaction.flush()
            layer.add(slide(), forKey: "slide")
            clock.advance(to: 10.2)
            #expect(layer.presentation()?.position == CGPoint(x: 7, y: 7), "not on screen before the commit")
            CATransaction.flush()
            #expect(layer.animation(forKey: "slide")?.beginTime == 10.2)
            clock.advance(to: 10.7)
            #expect(layer.presentation().map { close($0.position, CGPoint(x: 50, y: 0)) } == true)
        }
    }

    @Test("presentation copies keep Kinema's layer classes; a class declared outside Kinema gets nil (documented limit)")
    func presentationClasses() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let shape = CAShapeLayer()
            shape.add(basic("lineWidth", from: 0, to: 10), forKey: "w")
            CATransaction.flush()
            clock.advance(to: 0.5)
            let shown: CAShapeLayer? = shape.presentation()
            #expect(shown.map { type(of: $0) == CAShapeLayer.self && abs($0.lineWidth - 5) < 1e-9 } == true)
            let outside = OutsideLayer()
            outside.add(slide(), forKey: "slide")
            CATransaction.flush()
            #expect(outside.presentation() == nil)
        }
    }
}

/// A layer class declared outside Kinema.
private final class OutsideLayer: CALayer {}
