// CASpringAnimation, CAAnimationGroup, CAValueFunction, CATransition and the interpolation of
// values (their docs; APPLE_SEMANTICS.md).

import Foundation
import KinemaGeometry
@testable import KinemaRenderServer
import KinemaSupport
import KinemaTiming
@testable import OpenQuartzCore
import Testing

@Suite("CAAnimation kinds")
struct CAAnimationKindsTests {
    @Test("spring: value = from + (to − from) × Spring.value(at: t), the closed form")
    func springValues() {
        let a = CASpringAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 100
        a.damping = 5
        a.duration = 2
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)   // not used by springs
        let spring = Spring(mass: 1, stiffness: 100, damping: 5)
        for t in [0.1, 0.25, 0.5, 1.0, 1.9] {
            let x = present(LayerState(), [a], at: t).position.x
            #expect(abs(Double(x) - 100 * spring.value(at: t)) < 1e-9)
        }
        #expect(present(LayerState(), [a], at: 0.25).position.x > 100 || spring.value(at: 0.25) <= 1)
    }

    @Test("spring defaults and derived values (CASpringAnimation docs, iOS 17)")
    func springProperties() {
        let a = CASpringAnimation()
        #expect(a.mass == 1 && a.stiffness == 100 && a.damping == 10 && a.initialVelocity == 0)
        #expect(a.settlingDuration == Spring().settlingDuration)
        let b = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)
        #expect(abs(b.perceptualDuration - 0.5) < 1e-12)
        #expect(abs(b.bounce - 0.2) < 1e-12)
        #expect(b.duration == b.settlingDuration)
    }

    @Test("over-damping: critically damped unless allowsOverdamping")
    func overdamping() {
        let a = CASpringAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 1
        a.damping = 100
        a.duration = 1
        let critical = Spring(mass: 1, stiffness: 100, damping: 100).criticallyDampedIfOverdamped
        #expect(abs(Double(present(LayerState(), [a], at: 0.2).position.x) - critical.value(at: 0.2)) < 1e-12)
        a.allowsOverdamping = true
        let over = Spring(mass: 1, stiffness: 100, damping: 100)
        #expect(abs(Double(present(LayerState(), [a], at: 0.2).position.x) - over.value(at: 0.2)) < 1e-12)
    }

    @Test("group: a child with beginTime 0.5 runs in the group's local time")
    func groupTiming() {
        let child = basic("position.x", from: 0, to: 10, duration: 1)
        child.beginTime = 0.5
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 2
        group.beginTime = 1
        func x(_ t: Double) -> CGFloat { present(stateAt(x: 100), [group], at: t).position.x }
        #expect(x(1.25) == 100)     // group running, child not begun
        #expect(x(2.0) == 5)        // group time 1, child time 0.5
        #expect(x(3.5) == 100)      // group over (removed)
    }

    @Test("group: a child with no duration runs for the group's duration (CAAnimationGroup's example: the 1 s group's scale child, with no duration, \"increases to (3, 3, 3)\" as the opacity drops over the second)")
    func groupChildWithoutDuration() {
        let fade = basic("opacity", from: 1, to: 0, duration: 1)
        let grow = CABasicAnimation(keyPath: "transform")
        grow.valueFunction = CAValueFunction(name: .scale)
        grow.fromValue = [1, 1, 1]
        grow.toValue = [3, 3, 3]
        let group = CAAnimationGroup()
        group.animations = [fade, grow]
        group.duration = 1
        let half = present(LayerState(), [group], at: 0.5)
        #expect(abs(half.opacity - 0.5) < 1e-6)
        #expect(abs(half.transform.m11 - 2) < 1e-9, "halfway through the group, halfway from 1 to 3: \(half.transform.m11)")
        let late = present(LayerState(), [group], at: 0.9)
        #expect(abs(late.transform.m11 - 2.8) < 1e-9, "still growing at 0.9 s, not done at 0.25 s: \(late.transform.m11)")
        // Nested: a group with no duration inside a 2 s group gives its own children 2 s too.
        let inner = CAAnimationGroup()
        inner.animations = [basic("position.x", from: 0, to: 10, duration: 0)]
        let outer = CAAnimationGroup()
        outer.animations = [inner]
        outer.duration = 2
        #expect(abs(present(stateAt(x: 100), [outer], at: 1).position.x - 5) < 1e-9)
    }

    @Test("group: its duration cuts children short; its fill mode holds them")
    func groupClipping() {
        let child = basic("position.x", from: 0, to: 10, duration: 4)
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 1
        group.fillMode = .forwards
        #expect(present(stateAt(x: 100), [group], at: 5).position.x == 2.5)
    }

    @Test("group copies its children; its snapshot is independent of later edits")
    func groupCopy() {
        let child = basic("position.x", from: 0, to: 10)
        let group = CAAnimationGroup()
        group.animations = [child]
        let copy = group.copy() as? CAAnimationGroup
        child.toValue = 99
        #expect((copy?.animations?.first as? CABasicAnimation)?.toValue as? Int == 10)
    }

    @Test("value function rotateZ from 0 to π: a rotation about z (π/2 halfway)")
    func valueFunctionRotate() {
        let a = basic("transform", from: 0, to: Double.pi)
        a.valueFunction = CAValueFunction(name: .rotateZ)
        let t = present(LayerState(), [a], at: 0.5).transform
        #expect(close(t, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-12))
        // A full turn interpolates through the half turn (a matrix animation could not).
        a.toValue = 2 * Double.pi
        #expect(close(present(LayerState(), [a], at: 0.5).transform, CATransform3DMakeRotation(.pi, 0, 0, 1), 1e-12))
    }

    @Test("value functions: scale and translate arrays")
    func valueFunctionArrays() {
        let a = basic("transform", from: [1, 1, 1], to: [3, 5, 1])
        a.valueFunction = CAValueFunction(name: .scale)
        #expect(close(present(LayerState(), [a], at: 0.5).transform, CATransform3DMakeScale(2, 3, 1), 1e-12))
        let b = basic("transform", to: [10, 20, 0])
        b.valueFunction = CAValueFunction(name: .translate)
        #expect(close(present(LayerState(), [b], at: 0.5).transform, CATransform3DMakeTranslation(5, 10, 0), 1e-12))
        let (twirl, diagnostics) = KinemaDiagnostics.collecting { CAValueFunction(name: CAValueFunctionName(rawValue: "twirl")) }
        #expect(twirl == nil)
        #expect(diagnostics.map(\.domain) == ["CAValueFunction"])
    }

    @Test("transition: no property changes; progress from start to end progress")
    func transition() {
        let t = CATransition()
        #expect(t.type == .fade && t.subtype == nil && t.startProgress == 0 && t.endProgress == 1)
        t.type = .push
        t.subtype = .fromRight
        t.startProgress = 0.2
        t.endProgress = 0.6
        t.duration = 1
        let state = stateAt(x: 3)
        let snapshot = t.snapshot(for: state)
        #expect(evaluate(state, animations: [snapshot], at: 0.5) == state)
        #expect(abs((transitionProgress(snapshot, at: 0.5) ?? -1) - 0.4) < 1e-7)   // Float progress properties
        #expect(transitionProgress(snapshot, at: 2) == nil)
    }

    @Test("interpolation: paths with the same structure blend; different ones switch at 0.5")
    func paths() {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = CGPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10))
        let mid = AnimatableValue.interpolate(from: .path(a), to: .path(b), fraction: 0.5)
        #expect(mid == .path(CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10))))
        let e = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        let (early, diagnostics) = KinemaDiagnostics.collecting {
            AnimatableValue.interpolate(from: .path(a), to: .path(e), fraction: 0.4)
        }
        #expect(early == .path(a) && !diagnostics.isEmpty)
        let (late, lateDiagnostics) = KinemaDiagnostics.collecting {
            AnimatableValue.interpolate(from: .path(a), to: .path(e), fraction: 0.5)
        }
        #expect(late == .path(e) && !lateDiagnostics.isEmpty)
    }

    @Test("interpolation: arrays element-wise when counts match; discrete values switch at 0.5")
    func discreteKinds() {
        #expect(AnimatableValue.interpolate(from: .numbers([0, 2]), to: .numbers([2, 4]), fraction: 0.5) == .numbers([1, 3]))
        #expect(AnimatableValue.interpolate(from: .numbers([0]), to: .numbers([2, 4]), fraction: 0.49) == .numbers([0]))
        #expect(AnimatableValue.interpolate(from: .bool(false), to: .bool(true), fraction: 0.5) == .bool(true))
        #expect(AnimatableValue.interpolate(from: .string("a"), to: .string("b"), fraction: 0.25) == .string("a"))
    }

    @Test("adding and subtracting: inverse operations; transforms concatenate")
    func arithmetic() {
        let r = AnimatableValue.transform(CATransform3DMakeRotation(0.3, 0, 0, 1))
        let t = AnimatableValue.transform(CATransform3DMakeTranslation(5, 0, 0))
        guard case .transform(let sum)? = AnimatableValue.adding(r, t),
              case .transform(let back)? = AnimatableValue.subtracting(.transform(sum), t) else {
            Issue.record("transforms should add")
            return
        }
        #expect(close(sum, CATransform3DConcat(CATransform3DMakeTranslation(5, 0, 0), CATransform3DMakeRotation(0.3, 0, 0, 1)), 1e-12))
        #expect(close(back, CATransform3DMakeRotation(0.3, 0, 0, 1), 1e-12))
        #expect(AnimatableValue.adding(.point(CGPoint(x: 1, y: 2)), .point(CGPoint(x: 3, y: 4))) == .point(CGPoint(x: 4, y: 6)))
        #expect(AnimatableValue.adding(.bool(true), .bool(true)) == nil)
        #expect(AnimatableValue.adding(.point(.zero), .size(.zero)) == nil)
    }
}

@Suite("AnimationSnapshot")
struct AnimationSnapshotTests {
    @Test("key path and end time for the layer's bookkeeping")
    func bookkeeping() {
        let a = basic("opacity", from: 0, to: 1, duration: 0)
        a.beginTime = 2
        a.repeatCount = 2
        let snapshot = a.snapshot(for: LayerState())
        #expect(snapshot.keyPath == "opacity")
        #expect(snapshot.endTime == 2.5)
        #expect(CAAnimationGroup().snapshot(for: LayerState()).keyPath == nil)
    }
}

@Suite("Animation evaluation edge cases")
struct AnimationEvaluationEdgeTests {
    @Test("NaN and infinite layer times leave the model state")
    func badTimes() {
        let a = basic("position.x", from: 0, to: 10)
        let model = stateAt(x: 100)
        #expect(present(model, [a], at: .nan) == model)
        #expect(present(model, [a], at: .infinity) == model)
    }

    @Test("an infinitely repeating cumulative transform far in the future stays finite or is skipped")
    func hugeIteration() {
        let a = basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeTranslation(1, 0, 0))
        a.repeatCount = .infinity
        a.isCumulative = true
        let t = present(LayerState(), [a], at: 1e6 + 0.5).transform
        #expect(t.m41.isFinite)
        #expect(abs(t.m41 - (1e6 + 0.5)) < 1e-3)
    }

    @Test("a NaN value is refused by the key and skipped")
    func nanValue() {
        let model = stateAt(x: 100)
        #expect(present(model, [basic("position.x", from: Double.nan, to: 1)], at: 0.5) == model)
    }

    @Test("keyframes with NaN key times: even spacing with a diagnostic")
    func nanKeyTimes() {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0, 10]
        a.keyTimes = [0, NSNumber(value: Double.nan)]
        a.duration = 1
        let (x, diagnostics) = KinemaDiagnostics.collecting { present(LayerState(), [a], at: 0.5).position.x }
        #expect(x == 5 && !diagnostics.isEmpty)
    }

    @Test("an under-damped spring overshoots its target")
    func springOvershoot() {
        let a = CASpringAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 100
        a.damping = 2
        a.duration = 3
        let peak = stride(from: 0.05, to: 1, by: 0.05).map { present(LayerState(), [a], at: $0).position.x }.max() ?? 0
        #expect(peak > 150)
    }
}

@Suite("Cumulative fill")
struct CumulativeFillTests {
    @Test("a cumulative animation held forwards shows the end of its last repeat")
    func heldEnd() {
        let a = basic("position.x", from: 0, to: 10)
        a.repeatCount = 2
        a.isCumulative = true
        a.fillMode = .forwards
        #expect(present(LayerState(), [a], at: 5).position.x == 20)
    }
}

@Suite("CAAnimation key-value coding")
struct CAAnimationKeyValueCodingTests {
    @Test("arbitrary keys tag an animation and travel with its copies (Key-Value Coding Extensions)")
    func customKeys() {
        let a = CABasicAnimation(keyPath: "opacity")
        a.setValue("fadeOut", forKey: "name")
        a.setValue(3, forKey: "step")
        let b = a.copy() as? CAAnimation
        #expect(b?.value(forKey: "name") as? String == "fadeOut")
        #expect(b?.value(forKey: "step") as? Int == 3)
        a.setValue(nil, forKey: "name")
        #expect(a.value(forKey: "name") == nil)
    }

    @Test("timing keys set the properties; wrong types are ignored with a diagnostic")
    func timingKeys() {
        let a = CABasicAnimation()
        a.setValue(2.5, forKey: "duration")
        a.setValue(false, forKey: "removedOnCompletion")
        #expect(a.duration == 2.5 && !a.isRemovedOnCompletion)
        #expect(a.value(forKey: "speed") as? Float == 1)
        let (_, diagnostics) = KinemaDiagnostics.collecting { a.setValue("long", forKey: "duration") }
        #expect(a.duration == 2.5 && !diagnostics.isEmpty)
    }
}

@Suite("CAAnimation key-value coding of subclass keys")
struct CAAnimationSubclassKeyValueCodingTests {
    @Test("keyPath, fromValue, toValue, values and additive reach their properties")
    func subclassKeys() {
        let a = CABasicAnimation()
        a.setValue("opacity", forKey: "keyPath")
        a.setValue(0.25, forKey: "toValue")
        a.setValue(true, forKey: "additive")
        #expect(a.keyPath == "opacity" && a.toValue as? Double == 0.25 && a.isAdditive)
        #expect(a.value(forKey: "keyPath") as? String == "opacity")
        let k = CAKeyframeAnimation()
        k.setValue([1, 2], forKey: "values")
        #expect(k.values?.count == 2)
        // On a plain CAAnimation the same keys are custom keys.
        let plain = CAAnimation()
        plain.setValue(1, forKey: "toValue")
        #expect(plain.value(forKey: "toValue") as? Int == 1)
    }
}
