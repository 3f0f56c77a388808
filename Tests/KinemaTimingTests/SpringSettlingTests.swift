// Settling: Core Animation's settlingDuration (documented figures, the inferred algorithm's
// structure) and the exact settlingTime(tolerance:).

import KinemaSupport
import Foundation
import Testing
import KinemaGeometry
import KinemaTiming

@Suite("Spring settling")
struct SpringSettlingTests {
    @Test("Apple's documented settling durations: damping 5 ≈ 2.85 s, damping 15 just over 1 s")
    func documentedFigures() {
        // CASpringAnimation.settlingDuration docs: with mass 1 and stiffness 100, "With a damping
        // coefficient of 5, the settling duration is approximately 2.85 seconds … changing the
        // damping property to 15 reduces the settling duration to just over 1 second".
        let five = Spring(mass: 1, stiffness: 100, damping: 5).settlingDuration
        let fifteen = Spring(mass: 1, stiffness: 100, damping: 15).settlingDuration
        #expect(abs(five - 2.85) < 0.01)
        #expect(fifteen > 1 && fifteen < 1.1)
        // The exact last time outside 0.001 does not reproduce them: the estimate is a bound.
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 5).settlingTime() - 2.85) > 0.1)
        #expect(Spring(mass: 1, stiffness: 100, damping: 15).settlingTime() < 1)
    }

    @Test("Under-damped estimate is ln((1 + |B|) / 0.001) / γ, and bounds the motion from then on")
    func underDampedEstimate() {
        let spring = Spring()  // γ = 5, ω_d = √75, B = −5/√75
        let expected = log((1 + 5 / sqrt(75.0)) / 0.001) / 5
        #expect(abs(spring.settlingDuration - expected) < 1e-15 * expected)
        #expect(abs(spring.settlingDuration - 1.4727003346780925) < 1e-14)
        for i in 0...2000 {
            let t = spring.settlingDuration + Double(i) * 0.001
            #expect(abs(spring.value(at: t) - 1) <= 0.001)
        }
    }

    @Test("Critical and over-damped estimates are 0.1 s steps of the walk")
    func walkIsOnTheGrid() {
        // 0.1 added ten times is 0.9999999999999999 in binary64, as in QuartzCore's loop.
        var tenSteps = 0.0
        for _ in 0..<10 { tenSteps += 0.1 }
        #expect(Spring(mass: 1, stiffness: 100, damping: 20).settlingDuration == tenSteps)
        for damping in [20.0, 25, 40, 80, 200] {
            for velocity in [-10.0, 0, 10] {
                let spring = Spring(mass: 1, stiffness: 100, damping: damping, initialVelocity: velocity)
                let estimate = spring.settlingDuration
                let steps = (estimate / 0.1).rounded()
                #expect(abs(estimate - steps * 0.1) < 1e-9, "\(spring)")
                // Within 0.001 there, and at each step of the following second.
                for k in 0...10 {
                    #expect(abs(spring.value(at: estimate + Double(k) * 0.1) - 1) < 0.001, "\(spring)")
                }
                // For these springs (no brief excursion between two steps): the first step past the exact time.
                #expect(estimate >= spring.settlingTime(), "\(spring)")
                #expect(estimate <= spring.settlingTime() + 0.1 + 1e-9, "\(spring)")
            }
        }
    }

    @Test("Core Animation's jump at ζ = 1 is kept: the under-damped bound grows as ζ → 1⁻")
    func jumpAtCritical() {
        let below = Spring(mass: 1, stiffness: 100, damping: 20 * (1 - 1e-12)).settlingDuration
        let at = Spring(mass: 1, stiffness: 100, damping: 20).settlingDuration
        #expect(below > 2 && below < 2.1)
        #expect(abs(at - 1) < 1e-9)
    }

    @Test("Zero damping never settles")
    func undamped() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 0, initialVelocity: 3)
        #expect(spring.settlingDuration == .infinity)
        #expect(spring.settlingTime() == .infinity)
        // Peak |x − 1| is √(1 + (v₀/ω₀)²) ≈ 1.044; a band wider than that is never left.
        #expect(spring.settlingTime(tolerance: 1.1) == 0)
    }

    @Test("settlingTime is the last crossing of the band, for any tolerance")
    func lastCrossing() {
        let springs = [
            Spring(), Spring(mass: 1, stiffness: 400, damping: 0.8), Spring(mass: 2, stiffness: 50, damping: 6, initialVelocity: -8),
            Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 40), Spring(mass: 1, stiffness: 100, damping: 30, initialVelocity: 30),
            Spring(mass: 1, stiffness: 100, damping: 60, initialVelocity: -20), Spring(mass: 1, stiffness: 100, damping: 20 * (1 + 1e-9)),
        ]
        for spring in springs {
            for tolerance in [0.5, 0.1, 1e-2, 1e-3, 1e-6] {
                let t = spring.settlingTime(tolerance: tolerance)
                #expect(abs(abs(spring.value(at: t) - 1) - tolerance) < 1e-9, "\(spring) \(tolerance)")
                // Outside just before (the crossing is transversal), inside after.
                #expect(abs(spring.value(at: t * (1 - 1e-9)) - 1) >= tolerance * (1 - 1e-6), "\(spring) \(tolerance)")
                for k in 1...400 {
                    let later = t + Double(k) * 0.01
                    #expect(abs(spring.value(at: later) - 1) < tolerance, "\(spring) \(tolerance) at \(later)")
                }
            }
        }
    }

    @Test("A start inside a band wider than the motion gives 0")
    func wideBand() {
        #expect(Spring(mass: 1, stiffness: 100, damping: 40, initialVelocity: 5).settlingTime(tolerance: 2) == 0)
        #expect(Spring().settlingTime(tolerance: 2) == 0)
    }

    @Test("An unusable settling tolerance is replaced by 0.001, with a diagnostic")
    func badTolerance() {
        for bad in [0.0, -1, .nan, .infinity] {
            let (t, diagnostics) = KinemaDiagnostics.collecting { Spring().settlingTime(tolerance: bad) }
            #expect(t == Spring().settlingTime())
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.domain == "CASpringAnimation")
        }
    }
}
