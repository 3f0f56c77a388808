// Spring against scipy's numerical integration of its equation of motion
// (Scripts/references/spring_references.py → References/springs.json): positions, velocities,
// the exact settling time, and Core Animation's 0.1 s walk for springs that do not oscillate.

import Foundation
import Testing
import KinemaTestSupport
import KinemaTiming

/// `References/springs.json`.
struct SpringReferenceFile: Decodable {
    struct Case: Decodable, CustomTestStringConvertible {
        let name: String
        let mass: Double
        let stiffness: Double
        let damping: Double
        let initialVelocity: Double
        let dampingRatio: Double
        /// How far the integration at rtol 1e-13 moved from one at 1e-12 (positions; velocities
        /// relative to `velocityScale`): an upper estimate of the reference's own error.
        let estimatedError: EstimatedError
        let times: [Double]
        let positions: [Double]
        let velocities: [Double]
        /// The last time |x − 1| ≥ 0.001 on the integrated motion (absent for undamped springs).
        let settlingTime: Double?
        /// x'(settlingTime), to turn a position tolerance into a time tolerance.
        let settlingVelocity: Double?
        /// Core Animation's 0.1 s walk evaluated on the integrated motion (ζ ≥ 1 only).
        let appleWalk: Double?

        var spring: Spring {
            Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        }

        /// The natural scale of velocities in this case: max(1, ω₀, |v₀|).
        var velocityScale: Double {
            max(1, (stiffness / mass).squareRoot(), abs(initialVelocity))
        }

        var testDescription: String { name }

        /// The position tolerance for this case: the reference's estimated error, twice over, plus
        /// 2e-13 for the closed form's rounding (|x| ≤ 2, a few operations at 1 ulp each).
        var positionTolerance: Double { 2 * estimatedError.position + 2e-13 }

        /// The velocity tolerance, relative to `velocityScale`, on the same reasoning.
        var velocityTolerance: Double { 2 * estimatedError.velocity + 2e-13 }
    }

    struct EstimatedError: Decodable {
        let position: Double
        let velocity: Double
    }

    let settlingEpsilon: Double
    let cases: [Case]

    static func load() throws -> SpringReferenceFile {
        try loadReference("springs", as: SpringReferenceFile.self, in: .module)
    }
}

// Tolerances are per case (`positionTolerance`, `velocityTolerance`): twice the reference's own
// estimated error plus 2e-13. The script refuses references whose estimate exceeds 1e-10; most are
// near 1e-12 and the near-critical ones near 2e-13, so a closed form that loses even a few digits
// next to ζ = 1 (the usual 1/ω_d or 1/(r₁ − r₂) cancellation) fails here. Measured agreement:
// 2.0e-12 at worst (a case whose reference estimate is 8.3e-11), 3.5e-13 elsewhere, 9.3e-14 for
// the near-critical cases; velocities 4.8e-13 of their scale.

@Suite("Spring against the integrated ODE")
struct SpringReferenceTests {
    @Test("Reference file covers every regime")
    func coverage() throws {
        let file = try SpringReferenceFile.load()
        let ratios = file.cases.map(\.dampingRatio)
        #expect(file.cases.count >= 30)
        #expect(file.settlingEpsilon == Spring.settlingTolerance)
        #expect(ratios.contains(0))
        #expect(ratios.contains { $0 > 0 && $0 < 1 })
        #expect(ratios.contains(1))
        #expect(ratios.contains { $0 > 1 })
        #expect(ratios.contains { $0 >= 1e4 })
        #expect(file.cases.contains { $0.initialVelocity < 0 } && file.cases.contains { $0.initialVelocity > 0 })
        for gap in [1e-6, 1e-9] {
            #expect(file.cases.contains { abs($0.dampingRatio - (1 - gap)) < gap / 100 })
            #expect(file.cases.contains { abs($0.dampingRatio - (1 + gap)) < gap / 100 })
        }
    }

    @Test("Positions and velocities match the ODE", arguments: try SpringReferenceFile.load().cases)
    func motion(_ c: SpringReferenceFile.Case) {
        let spring = c.spring
        var worstPosition = 0.0, worstVelocity = 0.0
        for (i, t) in c.times.enumerated() {
            worstPosition = max(worstPosition, abs(spring.value(at: t) - c.positions[i]))
            worstVelocity = max(worstVelocity, abs(spring.velocity(at: t) - c.velocities[i]) / c.velocityScale)
        }
        #expect(c.estimatedError.position <= 1e-10 && c.estimatedError.velocity <= 1e-10)
        #expect(worstPosition <= c.positionTolerance, "\(c.name): position error \(worstPosition)")
        #expect(worstVelocity <= c.velocityTolerance, "\(c.name): velocity error \(worstVelocity) (relative)")
    }

    @Test("Near-critical springs (ζ = 1 ± 1e-6, ± 1e-9, ± 1e-12) agree with the ODE, the trap for closed forms")
    func nearCritical() throws {
        let cases = try SpringReferenceFile.load().cases.filter { $0.name.hasPrefix("near-critical") }
        #expect(cases.count == 8)
        for c in cases {
            let spring = c.spring
            // These references are good to about 2e-13 (7e-13 with v₀ = 7), so the tolerance is
            // at most 1.6e-12: nothing is lost next to ζ = 1.
            #expect(c.positionTolerance <= 1.6e-12)
            for (i, t) in c.times.enumerated() {
                #expect(abs(spring.value(at: t) - c.positions[i]) <= c.positionTolerance, "\(c.name) at \(t)")
                #expect(abs(spring.velocity(at: t) - c.velocities[i]) <= c.velocityTolerance * c.velocityScale, "\(c.name) at \(t)")
            }
        }
    }

    @Test("settlingTime is the ODE's last time outside 0.001", arguments: try SpringReferenceFile.load().cases)
    func settlingTime(_ c: SpringReferenceFile.Case) {
        let settled = c.spring.settlingTime()
        guard let reference = c.settlingTime, let slope = c.settlingVelocity else {
            #expect(settled == .infinity, "\(c.name): an undamped spring never settles")
            return
        }
        // A position tolerance of 1e-9 (the dense output's accuracy, looser than the sampled
        // points') becomes a time tolerance through the speed at the crossing.
        let tolerance = 1e-9 / abs(slope) + 1e-12
        #expect(abs(settled - reference) <= tolerance, "\(c.name): \(settled) vs \(reference) (± \(tolerance))")
    }

    @Test("settlingDuration for ζ ≥ 1 is Core Animation's walk, as run on the ODE", arguments: try SpringReferenceFile.load().cases.filter { $0.appleWalk != nil })
    func appleWalk(_ c: SpringReferenceFile.Case) throws {
        let walk = try #require(c.appleWalk)
        // Both sides accumulate 0.1 s steps the same way; they would differ only if |x − 1| came
        // within ~1e-12 of 0.001 at a step.
        #expect(c.spring.settlingDuration == walk, "\(c.name)")
    }
}
