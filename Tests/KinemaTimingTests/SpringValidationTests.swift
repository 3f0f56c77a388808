// Spring's parameters: CASpringAnimation's defaults, bad input (defaults and diagnostics, never a
// trap), the derived quantities, and the hot path's behaviour at the edges of time.

import KinemaSupport
import Foundation
import Testing
import KinemaGeometry
import KinemaTiming

@Suite("Spring parameters and validation")
struct SpringValidationTests {
    @Test("Defaults are CASpringAnimation's: mass 1, stiffness 100, damping 10, initialVelocity 0")
    func defaults() {
        // CASpringAnimation header: mass "Defaults to one", stiffness "Defaults to 100", damping
        // "Defaults to 10", initialVelocity "Defaults to zero".
        let spring = Spring()
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10 && spring.initialVelocity == 0)
        #expect(spring.dampingRatio == 0.5)
        #expect(spring.undampedAngularFrequency == 10)
        #expect(spring.description == "Spring(mass: 1.0, stiffness: 100.0, damping: 10.0, initialVelocity: 0.0)")
    }

    @Test("Damping ratio is damping / (2·√(stiffness·mass)), as UISpringTimingParameters documents")
    func dampingRatio() {
        let spring = Spring(mass: 2, stiffness: 50, damping: 6)
        #expect(abs(spring.dampingRatio - 6 / (2 * (50.0 * 2).squareRoot())) < 1e-16)
        // No overflow of stiffness·mass.
        #expect(abs(Spring(mass: 1e200, stiffness: 1e200, damping: 2e200).dampingRatio - 1) < 1e-15)
    }

    @Test("Each bad parameter falls back to its default with one diagnostic; good ones emit none")
    func badParameters() {
        let (good, none) = KinemaDiagnostics.collecting { Spring(mass: 0.5, stiffness: 80, damping: 0, initialVelocity: -3) }
        #expect(none.isEmpty && good.damping == 0)
        for mass in [0.0, -1, .nan, .infinity] {
            let (spring, diagnostics) = KinemaDiagnostics.collecting { Spring(mass: mass, stiffness: 50, damping: 3) }
            #expect(spring.mass == 1 && spring.stiffness == 50 && spring.damping == 3)
            #expect(diagnostics.count == 1 && diagnostics.first?.domain == "CASpringAnimation")
        }
        for stiffness in [0.0, -5, .nan, -.infinity] {
            let (spring, diagnostics) = KinemaDiagnostics.collecting { Spring(mass: 2, stiffness: stiffness, damping: 3) }
            #expect(spring.mass == 2 && spring.stiffness == 100 && spring.damping == 3)
            #expect(diagnostics.count == 1)
        }
        for damping in [-0.001, .nan, .infinity] {
            let (spring, diagnostics) = KinemaDiagnostics.collecting { Spring(mass: 2, stiffness: 50, damping: damping) }
            #expect(spring.damping == 10)
            #expect(diagnostics.count == 1)
        }
        for velocity in [Double.nan, .infinity, -.infinity] {
            let (spring, diagnostics) = KinemaDiagnostics.collecting { Spring(initialVelocity: velocity) }
            #expect(spring.initialVelocity == 0)
            #expect(diagnostics.count == 1)
        }
        let (all, allDiagnostics) = KinemaDiagnostics.collecting {
            Spring(mass: -1, stiffness: .nan, damping: -2, initialVelocity: .infinity)
        }
        #expect(all == Spring())
        #expect(allDiagnostics.count == 4)
    }

    @Test("Parameters whose rates leave binary64 become the default spring, with a diagnostic")
    func unrepresentable() {
        for (mass, stiffness, damping) in [(1e-300, 1e300, 1.0), (1.0, 1e-300, 1e300), (1e-300, 1.0, 1e10)] {
            let (spring, diagnostics) = KinemaDiagnostics.collecting {
                Spring(mass: mass, stiffness: stiffness, damping: damping)
            }
            #expect(spring == Spring())
            #expect(diagnostics.count == 1)
            #expect(spring.value(at: 0.3).isFinite)
        }
    }

    @Test("Before the start, at NaN, and at +∞ the hot path stays defined")
    func edgesOfTime() {
        let springs = [
            Spring(), Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 3),
            Spring(mass: 1, stiffness: 100, damping: 60, initialVelocity: -2), Spring(mass: 1, stiffness: 100, damping: 20 * (1 - 1e-9)),
        ]
        for spring in springs {
            #expect(spring.value(at: -1) == 0 && spring.value(at: 0) == 0 && spring.value(at: .nan) == 0)
            #expect(spring.value(at: -.infinity) == 0)
            #expect(spring.velocity(at: -1) == spring.initialVelocity && spring.velocity(at: .nan) == spring.initialVelocity)
            #expect(spring.velocity(at: 0) == spring.initialVelocity)
            #expect(spring.value(at: .infinity) == 1)
            #expect(spring.velocity(at: .infinity) == 0)
            #expect(spring.value(at: 1e12) == 1)
        }
        let undamped = Spring(mass: 1, stiffness: 1e6, damping: 0, initialVelocity: 5)
        for t in [1e9, 1e200, Double.greatestFiniteMagnitude, .infinity] {
            #expect(undamped.value(at: t).isFinite && abs(undamped.value(at: t) - 1) <= 1.01)
            #expect(undamped.velocity(at: t).isFinite)
        }
    }

    @Test("Equality and hashing use the four parameters")
    func hashable() {
        #expect(Spring() == Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
        #expect(Spring() != Spring(initialVelocity: 1))
        #expect(Set([Spring(), Spring(), Spring(damping: 11)]).count == 2)
    }

    @Test("criticallyDampedIfOverdamped lowers damping to 2√(km) and leaves other springs alone")
    func clampOverdamping() {
        let over = Spring(mass: 2, stiffness: 50, damping: 40, initialVelocity: 1)
        let clamped = over.criticallyDampedIfOverdamped
        #expect(clamped.mass == 2 && clamped.stiffness == 50 && clamped.initialVelocity == 1)
        #expect(clamped.damping == 20)
        #expect(Spring().criticallyDampedIfOverdamped == Spring())
        let critical = Spring(mass: 1, stiffness: 100, damping: 20)
        #expect(critical.criticallyDampedIfOverdamped == critical)
    }
}
