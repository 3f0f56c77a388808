// CABasicAnimation: every row of the from/by/to table (CABasicAnimation docs, "Setting
// Interpolation Values"; APPLE_SEMANTICS.md), timing, fill modes, repeats, cumulative, additive.
// Times are dyadic and values small so results are exact unless a tolerance is given.

import Foundation
import KinemaGeometry
@testable import KinemaRenderServer
import KinemaSupport
import KinemaTiming
@testable import OpenQuartzCore
import Testing

@Suite("CABasicAnimation")
struct CABasicAnimationTests {
    // Model value 100; halfway through a 1 s linear animation.
    let model = stateAt(x: 100)

    func x(_ animation: CAAnimation, at t: Double, state: LayerState? = nil) -> CGFloat {
        present(state ?? model, [animation], at: t).position.x
    }

    @Test("from + to: from → to")
    func fromTo() {
        #expect(x(basic("position.x", from: 0, to: 40), at: 0.5) == 20)
    }

    @Test("from + by: from → from + by")
    func fromBy() {
        #expect(x(basic("position.x", from: 10, by: 40), at: 0.5) == 30)
        #expect(x(basic("position.x", from: 10, by: 40), at: 0.75) == 40)
    }

    @Test("by + to: to − by → to")
    func byTo() {
        #expect(x(basic("position.x", to: 50, by: 40), at: 0) == 10)
        #expect(x(basic("position.x", to: 50, by: 40), at: 0.5) == 30)
    }

    @Test("from only: from → current (model) value")
    func fromOnly() {
        #expect(x(basic("position.x", from: 0), at: 0.5) == 50)
    }

    @Test("to only: current (model) value → to")
    func toOnly() {
        #expect(x(basic("position.x", to: 200), at: 0.5) == 150)
    }

    @Test("by only: current → current + by")
    func byOnly() {
        #expect(x(basic("position.x", by: 20), at: 0.5) == 110)
    }

    @Test("none: current → current (the model value throughout)")
    func none() {
        #expect(x(basic("position.x"), at: 0.5) == 100)
    }

    @Test("all three set: by ignored, with a diagnostic")
    func allThree() {
        let (value, diagnostics) = KinemaDiagnostics.collecting { x(basic("position.x", from: 0, to: 40, by: 1000), at: 0.5) }
        #expect(value == 20)
        #expect(diagnostics.contains { $0.message.contains("byValue is ignored") })
    }

    @Test("whole-property keys: points, sizes, rects interpolate component-wise")
    func structures() {
        let p = present(LayerState(), [basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 10, y: 20))], at: 0.25)
        #expect(p.position == CGPoint(x: 2.5, y: 5))
        let b = present(LayerState(), [basic("bounds", from: CGRect(x: 0, y: 0, width: 0, height: 0),
                                             to: CGRect(x: 4, y: 8, width: 16, height: 32))], at: 0.5)
        #expect(b.bounds == CGRect(x: 2, y: 4, width: 8, height: 16))
    }

    @Test("duration 0 runs for the default 0.25 s (CAMediaTiming docs)")
    func defaultDuration() {
        let a = basic("position.x", from: 0, to: 40, duration: 0)
        #expect(x(a, at: 0.125) == 20)
        #expect(x(a, at: 0.25) == 100)   // removed: the model value
    }

    @Test("fill modes: removed, backwards, forwards, both (begin 1, duration 1)")
    func fillModes() {
        func run(_ fill: CAMediaTimingFillMode, _ t: Double) -> CGFloat {
            let a = basic("position.x", from: 0, to: 40)
            a.beginTime = 1
            a.fillMode = fill
            return x(a, at: t)
        }
        #expect(run(.removed, 0.5) == 100 && run(.removed, 3) == 100)
        #expect(run(.backwards, 0.5) == 0 && run(.backwards, 3) == 100)
        #expect(run(.forwards, 0.5) == 100 && run(.forwards, 3) == 40)
        #expect(run(.both, 0.5) == 0 && run(.both, 3) == 40)
        #expect(run(.removed, 1.5) == 20)
    }

    @Test("fractional repeat with autoreverse: 1.5 cycles of there-and-back, then held")
    func repeatAutoreverse() {
        let a = basic("position.x", from: 0, to: 40)
        a.autoreverses = true
        a.repeatCount = 1.5
        a.fillMode = .forwards
        #expect(x(a, at: 0.5) == 20)
        #expect(x(a, at: 1.5) == 20)     // backwards half
        #expect(x(a, at: 2.25) == 10)    // second cycle, forward
        #expect(x(a, at: 3.5) == 40)     // ends at 1.5 cycles = top of the forward run
    }

    @Test("cumulative: each repeat starts where the last ended (CAPropertyAnimation docs)")
    func cumulative() {
        let a = basic("position.x", from: 0, to: 10)
        a.repeatCount = 3
        a.isCumulative = true
        #expect(x(a, at: 0.5) == 5)
        #expect(x(a, at: 1.5) == 15)
        #expect(x(a, at: 2.5) == 25)
    }

    @Test("additive stacks on the model value and on earlier animations, in order of addition")
    func additiveStacking() {
        let replace = basic("position.x", from: 0, to: 40)          // 20 at 0.5
        let add = basic("position.x", from: 0, to: 10)             // +5
        add.isAdditive = true
        #expect(present(model, [replace, add], at: 0.5).position.x == 25)
        // A non-additive animation added later replaces what came before.
        #expect(present(model, [add, replace], at: 0.5).position.x == 20)
        // Alone, additive adds to the model value.
        #expect(present(model, [add], at: 0.5).position.x == 105)
    }

    @Test("timing function: easeIn at half the duration gives the curve's value")
    func timingFunction() {
        let a = basic("position.x", from: 0, to: 100)
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        a.timingFunction = easeIn
        let expected = 100 * easeIn.value(at: 0.5)
        #expect(abs(Double(x(a, at: 0.5)) - expected) < 1e-9)
        #expect(expected < 50)
    }

    @Test("transforms interpolate decomposed: a 90° rotation is 45° halfway, not a squashed matrix")
    func transformDecomposed() {
        let a = basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        let t = present(LayerState(), [a], at: 0.5).transform
        #expect(close(t, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-12))
    }

    @Test("colours interpolate component-wise in straight sRGB")
    func colours() {
        let a = basic("backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                      to: CGColor(red: 0, green: 0, blue: 1, alpha: 0))
        let c = present(LayerState(), [a], at: 0.5).backgroundColor?.components ?? []
        #expect(c.count == 4)
        #expect(zip(c, [0.5, 0, 0.5, 0.5]).allSatisfy { abs($0 - $1) < 1e-12 })
    }

    @Test("component key paths: transform.rotation.z by a half turn")
    func rotationComponent() {
        let a = basic("transform.rotation.z", from: 0, to: Double.pi)
        let t = present(LayerState(), [a], at: 0.5).transform
        #expect(close(t, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-12))
    }

    @Test("snapshots copy: editing the animation after the snapshot changes nothing")
    func snapshotCopy() {
        let a = basic("position.x", from: 0, to: 40)
        let snapshot = a.snapshot(for: model)
        a.toValue = 1000
        a.duration = 10
        #expect(evaluate(model, animations: [snapshot], at: 0.5).position.x == 20)
    }

    @Test("a value of the wrong type: diagnostic at snapshot time, the animation does nothing")
    func wrongType() {
        let a = basic("position.x", from: "left", to: 40)
        let (snapshot, diagnostics) = KinemaDiagnostics.collecting { a.snapshot(for: model) }
        #expect(diagnostics.contains { $0.domain == "CABasicAnimation" && $0.message.contains("fromValue") })
        #expect(evaluate(model, animations: [snapshot], at: 0.5).position.x == 100)
    }

    @Test("an unknown key path is skipped silently")
    func unknownKey() {
        #expect(present(model, [basic("noSuchKey", from: 0, to: 1)], at: 0.5) == model)
    }

    @Test("copy() copies every property; defaults match Apple's")
    func copyAndDefaults() {
        let a = basic("opacity", from: 0, to: 1)
        a.isAdditive = true
        a.fillMode = .both
        let b = a.copy() as? CABasicAnimation
        #expect(b?.keyPath == "opacity" && b?.isAdditive == true && b?.fillMode == .both && (b?.toValue as? Int) == 1)
        let fresh = CABasicAnimation()
        #expect(fresh.isRemovedOnCompletion && fresh.duration == 0 && fresh.speed == 1 && fresh.fillMode == .removed)
        #expect(fresh.timingFunction == nil && !fresh.isCumulative && fresh.valueFunction == nil)
        #expect(CAAnimation.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CAAnimation.defaultValue(forKey: "other") == nil)
    }

    @Test("the delegate is a strong reference (Apple: retained)")
    func strongDelegate() {
        final class Watcher: CAAnimationDelegate {}
        let a = CABasicAnimation()
        a.delegate = Watcher()
        #expect(a.delegate != nil)
    }
}
