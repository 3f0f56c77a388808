// CAKeyframeAnimation: the calculation modes, key times, per-segment timing functions and paths
// (CAKeyframeAnimation docs; APPLE_SEMANTICS.md). Duration 1 s, so layer time = progress.

import Foundation
import KinemaGeometry
@testable import KinemaRenderServer
import KinemaSupport
@testable import OpenQuartzCore
import Testing

@Suite("CAKeyframeAnimation")
struct CAKeyframeAnimationTests {
    func keyframes(_ keyPath: String, _ values: [Any], keyTimes: [Double]? = nil,
                   mode: CAAnimationCalculationMode = .linear) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: keyPath)
        a.values = values
        a.keyTimes = keyTimes?.map { NSNumber(value: $0) }
        a.calculationMode = mode
        a.duration = 1
        return a
    }

    func x(_ a: CAAnimation, _ t: Double) -> CGFloat { present(LayerState(), [a], at: t).position.x }

    @Test("linear with keyTimes: each segment spans its key times")
    func linearKeyTimes() {
        let a = keyframes("position.x", [0, 10, 30], keyTimes: [0, 0.25, 1])
        #expect(x(a, 0.125) == 5)
        #expect(x(a, 0.25) == 10)
        #expect(x(a, 0.625) == 20)
    }

    @Test("linear without keyTimes: evenly spaced")
    func linearEven() {
        let a = keyframes("position.x", [0, 10, 30])
        #expect(x(a, 0.25) == 5)
        #expect(x(a, 0.75) == 20)
    }

    @Test("per-segment timing functions shape each segment")
    func segmentTiming() {
        let a = keyframes("position.x", [0, 100, 200])
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        a.timingFunctions = [easeIn, CAMediaTimingFunction(name: .linear)]
        #expect(abs(Double(x(a, 0.25)) - 100 * easeIn.value(at: 0.5)) < 1e-9)
        #expect(abs(x(a, 0.75) - 150) < 1e-9)
    }

    @Test("discrete with n + 1 keyTimes: each value holds until the next key time")
    func discrete() {
        let a = keyframes("position.x", [1, 2, 3], keyTimes: [0, 0.5, 0.75, 1], mode: .discrete)
        #expect(x(a, 0.25) == 1)
        #expect(x(a, 0.5) == 2)
        #expect(x(a, 0.74) == 2)
        #expect(x(a, 0.8) == 3)
        let even = keyframes("position.x", [1, 2, 3, 4], mode: .discrete)
        #expect(x(even, 0.3) == 2 && x(even, 0.99) == 4)
    }

    @Test("invalid keyTimes: even spacing, with a diagnostic")
    func invalidKeyTimes() {
        let a = keyframes("position.x", [0, 10, 30], keyTimes: [0, 0.8, 0.2])
        let (value, diagnostics) = KinemaDiagnostics.collecting { x(a, 0.25) }
        #expect(value == 5)
        #expect(diagnostics.contains { $0.message.contains("keyTimes") })
    }

    @Test("paced: constant speed, key times proportional to arc length between points")
    func paced() {
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: 30, y: 50)]   // lengths 50, 10
        let a = keyframes("position", points, keyTimes: [0, 0.5, 1], mode: .paced)   // keyTimes ignored
        let state = LayerState()
        // Distance travelled at progress p is 60 p.
        for p in [0.25, 0.5, 0.75, 0.9] {
            let position = present(state, [a], at: p).position
            let travelled = p * 60
            let expected = travelled <= 50
                ? CGPoint(x: 30 * travelled / 50, y: 40 * travelled / 50)
                : CGPoint(x: 30, y: 40 + (travelled - 50))
            #expect(close(position, expected, 1e-9))
        }
    }

    @Test("cubicPaced: key times from the distances between values (keyTimes, timingFunctions ignored), a cubic through them")
    func cubicPaced() {
        // CAKeyframeAnimation.calculationMode, cubicPaced: "the keyTimes and timingFunctions
        // properties are ignored"; values are interpolated by a cubic, paced by distance.
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: 30, y: 50), CGPoint(x: 60, y: 50)]
        let a = keyframes("position", points, keyTimes: [0, 0.1, 0.2, 1], mode: .cubicPaced)
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn),
                             CAMediaTimingFunction(name: .easeIn)]
        a.fillMode = .forwards
        let state = LayerState()
        // Distances 50, 10, 30 of 90: the values are reached at 0, 5/9, 6/9 and 1.
        for (point, time) in zip(points, [0, 5.0 / 9, 6.0 / 9, 1]) {
            #expect(close(present(state, [a], at: time).position, point, 1e-9), "t = \(time)")
        }
        // Between the second and third values the linear path is the vertical x = 30; the cubic
        // bends off it, and the paced linear animation does not.
        let linear = keyframes("position", points, mode: .paced)
        let between = 5.5 / 9
        #expect(abs(present(state, [a], at: between).position.x - 30) > 1e-3)
        #expect(abs(present(state, [linear], at: between).position.x - 30) < 1e-9)
    }

    @Test("cubic passes exactly through the values at their key times, and curves between")
    func cubic() {
        let values: [Double] = [0, 10, 0, 20]
        let times = [0, 0.2, 0.7, 1]
        let a = keyframes("position.x", values, keyTimes: times, mode: .cubic)
        a.fillMode = .forwards   // so t = 1 shows the last value
        for (v, t) in zip(values, times) {
            #expect(abs(Double(x(a, t)) - v) < 1e-12)
        }
        // Catmull-Rom overshoots past the peak value 10 between the first keys (smooth, not linear).
        let mid = x(a, 0.45)
        #expect(mid != 5)
    }

    @Test("cubic tension 1 flattens the tangents: halfway is the linear midpoint for symmetric ends")
    func cubicTension() {
        let a = keyframes("position.x", [0, 10], mode: .cubic)
        a.tensionValues = [1, 1]
        #expect(abs(x(a, 0.5) - 5) < 1e-12)
        #expect(abs(x(a, 0.25) - 10 * (3 * 0.0625 - 2 * 0.015625)) < 1e-12)   // smoothstep
    }

    @Test("path: one segment per element; rotationMode auto follows the tangent")
    func pathRotateAuto() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.duration = 1
        a.rotationMode = .rotateAuto
        let first = present(LayerState(), [a], at: 0.25)
        #expect(close(first.position, CGPoint(x: 50, y: 0), 1e-9))
        #expect(close(first.transform, CATransform3DIdentity, 1e-12))
        let second = present(LayerState(), [a], at: 0.75)
        #expect(close(second.position, CGPoint(x: 100, y: 50), 1e-9))
        #expect(close(second.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-12))
        a.rotationMode = .rotateAutoReverse
        #expect(close(present(LayerState(), [a], at: 0.75).transform, CATransform3DMakeRotation(-.pi / 2, 0, 0, 1), 1e-12))
    }

    @Test("path, paced: arc length decides the position")
    func pathPaced() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 30, y: 0))
        path.addLine(to: CGPoint(x: 30, y: 10))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.calculationMode = .paced
        a.duration = 1
        #expect(close(present(LayerState(), [a], at: 0.5).position, CGPoint(x: 20, y: 0), 1e-6))
        #expect(close(present(LayerState(), [a], at: 0.875).position, CGPoint(x: 30, y: 5), 1e-6))
    }

    @Test("cumulative keyframes add last − first per repeat")
    func cumulative() {
        let a = keyframes("position.x", [0, 5, 10])
        a.repeatCount = 2
        a.isCumulative = true
        #expect(x(a, 1.25) == 12.5)
    }
}
