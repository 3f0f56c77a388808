// Seeded property tests over random springs: they come to rest and stay there, the closed forms
// are continuous across ζ = 1, velocity is the derivative of position.

import Foundation
import KinemaGeometry
import KinemaSupport
import KinemaTestSupport
import KinemaTiming
import Testing

private extension SplitMix64 {
    /// Log-uniform: every decade of the range equally likely.
    mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
        exp(scaledUnit(log(range.lowerBound)...log(range.upperBound)))
    }

    /// mass 0.1…10, stiffness 1…10⁴, damping ratio in `ratios` (log-uniform), velocity −30…30.
    mutating func spring(ratios: ClosedRange<Double> = 0.02...20) -> Spring {
        let mass = logUniform(0.1...10), stiffness = logUniform(1...1e4)
        let ratio = logUniform(ratios)
        return Spring(mass: mass, stiffness: stiffness, damping: 2 * ratio * (stiffness * mass).squareRoot(),
                      initialVelocity: scaledUnit(-30...30))
    }
}

@Suite("Spring properties (seeded)")
struct SpringPropertyTests {
    @Test("Damped springs reach rest by settlingTime and stay within the tolerance afterwards")
    func reachesRest() {
        var random = SplitMix64(state: 0x5EED_5051)
        for _ in 0..<300 {
            let spring = random.spring()
            let settled = spring.settlingTime()
            #expect(settled.isFinite && settled >= 0, "\(spring)")
            // Sample the next 30 decay times (slowest mode), densely at first.
            let decay = spring.dampingRatio < 1
                ? spring.damping / (2 * spring.mass)
                : spring.undampedAngularFrequency * (spring.dampingRatio - (spring.dampingRatio * spring.dampingRatio - 1).squareRoot())
            for k in 1...300 {
                let t = settled + 30 / decay * pow(Double(k) / 300, 2)
                #expect(abs(spring.value(at: t) - 1) < 0.001, "\(spring) at \(t)")
            }
            // And it was outside the band just before: the time is the last crossing, not a bound.
            if settled > 0 {
                #expect(abs(spring.value(at: settled) - 1) >= 0.001 * (1 - 1e-9), "\(spring)")
            }
        }
    }

    @Test("Core Animation's estimate is safe for ζ < 1: within 0.001 from settlingDuration on")
    func estimateBoundsUnderDamped() {
        var random = SplitMix64(state: 0x5EED_5052)
        for _ in 0..<200 {
            let spring = random.spring(ratios: 0.02...0.98)
            let estimate = spring.settlingDuration
            #expect(estimate >= spring.settlingTime() - 1e-12, "\(spring)")
            let period = 2 * .pi / spring.undampedAngularFrequency
            for k in 0...200 {
                #expect(abs(spring.value(at: estimate + Double(k) * period / 20) - 1) <= 0.001 * (1 + 1e-12), "\(spring)")
            }
        }
    }

    @Test("Position and velocity are continuous across ζ = 1", arguments: [1e-6, 1e-9, 1e-12])
    func continuousAcrossCritical(gap: Double) {
        var random = SplitMix64(state: 0x5EED_5053)
        for _ in 0..<100 {
            let mass = random.logUniform(0.1...10), stiffness = random.logUniform(1...1e4)
            let velocity = random.scaledUnit(-30...30)
            let critical = 2 * (stiffness * mass).squareRoot()
            let springs = [1 - gap, 1, 1 + gap].map {
                Spring(mass: mass, stiffness: stiffness, damping: critical * $0, initialVelocity: velocity)
            }
            let omega = springs[1].undampedAngularFrequency
            let scale = max(omega, abs(velocity))
            for k in 0...40 {
                let t = Double(k) * 0.25 / omega
                let x = springs.map { $0.value(at: t) }, v = springs.map { $0.velocity(at: t) }
                // ∂x/∂ζ is bounded by a few units over the motion (it is (stuff)·t·e^{−ω₀t}); 10·gap covers
                // it, plus 1e-13 for rounding.
                #expect(abs(x[0] - x[1]) <= 10 * gap + 1e-13 && abs(x[2] - x[1]) <= 10 * gap + 1e-13, "\(springs[1]) at \(t)")
                #expect(abs(v[0] - v[1]) <= (10 * gap + 1e-13) * scale && abs(v[2] - v[1]) <= (10 * gap + 1e-13) * scale)
            }
        }
        // One ulp either side of an exactly critical spring: the three closed forms agree to rounding.
        let exact = Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 4)
        for damping in [Double(20).nextDown, Double(20).nextUp] {
            let neighbour = Spring(mass: 1, stiffness: 100, damping: damping, initialVelocity: 4)
            for k in 0...60 {
                let t = Double(k) * 0.02
                #expect(abs(neighbour.value(at: t) - exact.value(at: t)) < 1e-14)
                #expect(abs(neighbour.velocity(at: t) - exact.velocity(at: t)) < 1e-12)
            }
        }
    }

    @Test("Velocity is the derivative of position (central differences)")
    func velocityIsDerivative() {
        var random = SplitMix64(state: 0x5EED_5054)
        for _ in 0..<200 {
            let spring = random.spring(ratios: 0.01...50)
            let omega = spring.undampedAngularFrequency
            let h = 1e-5 / max(omega, abs(spring.initialVelocity))
            let scale = max(omega, abs(spring.initialVelocity))
            for k in 1...30 {
                let t = Double(k) * 0.2 / omega
                let difference = (spring.value(at: t + h) - spring.value(at: t - h)) / (2 * h)
                // Truncation (ω·h)²·|x'''| / 6 and rounding 1e-16 / h, both ≤ 1e-7 of the velocity scale.
                #expect(abs(difference - spring.velocity(at: t)) <= 1e-6 * scale, "\(spring) at \(t)")
            }
        }
    }

    @Test("Duration and bounce round-trip for random springs of mass 1")
    func durationBounceRoundTrip() {
        var random = SplitMix64(state: 0x5EED_5055)
        for _ in 0..<500 {
            let duration = random.logUniform(0.05...5), bounce = random.scaledUnit(-0.99...1)
            let spring = Spring(duration: duration, bounce: bounce)
            #expect(abs(spring.perceptualDuration - duration) <= 1e-14 * duration)
            #expect(abs(spring.bounce - bounce) <= 1e-12)
        }
    }
}
