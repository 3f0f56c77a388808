// Spring parameterizations: iOS 17 duration/bounce, SwiftUI response, UIKit's damping ratio with a
// duration (inferred), and UISpringTimingParameters() (measured).

import KinemaSupport
import Foundation
import Testing
import KinemaGeometry
import KinemaTiming

@Suite("Spring mappings")
struct SpringMappingTests {
    // MARK: iOS 17

    @Test("Duration and bounce follow WWDC23 'Animate with springs'")
    func durationBounceFormulas() {
        // WWDC23 session 10158: mass = 1, stiffness = (2π ÷ duration)², damping = ((1 − bounce)·4π) ÷ duration
        // for bounce ≥ 0 and 4π ÷ (duration·(1 + bounce)) below 0.
        for (duration, bounce) in [(0.5, 0.0), (0.5, 0.3), (1.2, 0.15), (0.4, -0.2), (2, 1), (0.3, -0.9)] {
            let spring = Spring(duration: duration, bounce: bounce)
            let stiffness = pow(2 * Double.pi / duration, 2)
            let damping = bounce >= 0 ? (1 - bounce) * 4 * .pi / duration : 4 * .pi / (duration * (1 + bounce))
            #expect(spring.mass == 1)
            #expect(abs(spring.stiffness - stiffness) <= 1e-14 * stiffness)
            #expect(abs(spring.damping - damping) <= 1e-14 * max(damping, 1))
        }
        // SwiftUI `Spring(duration:bounce:)` docs: "A value of 0 indicates no bounces (a critically
        // damped spring), positive values indicate increasing amounts of bounciness up to a maximum
        // of 1.0 (corresponding to undamped oscillation), and negative values indicate overdamped springs".
        #expect(abs(Spring(duration: 0.5, bounce: 0).dampingRatio - 1) < 1e-15)
        #expect(Spring(duration: 0.5, bounce: 1).damping == 0)
        #expect(Spring(duration: 0.5, bounce: -0.5).dampingRatio > 1)
    }

    @Test("perceptualDuration and bounce invert init(duration:bounce:)")
    func durationBounceRoundTrip() {
        for duration in [0.05, 0.3, 0.5, 1, 4] {
            for bounce in stride(from: -0.95, through: 1.0, by: 0.05) {
                let spring = Spring(duration: duration, bounce: bounce)
                #expect(abs(spring.perceptualDuration - duration) <= 1e-14 * duration)
                #expect(abs(spring.bounce - bounce) <= 1e-13, "\(duration) \(bounce)")
            }
        }
        // And the other way: a physical spring → (duration, bounce) → the same spring when mass is 1.
        for spring in [Spring(), Spring(mass: 1, stiffness: 300, damping: 45), Spring(mass: 1, stiffness: 50, damping: 2)] {
            let back = Spring(duration: spring.perceptualDuration, bounce: spring.bounce)
            #expect(abs(back.stiffness - spring.stiffness) <= 1e-12 * spring.stiffness)
            #expect(abs(back.damping - spring.damping) <= 1e-12 * spring.damping)
        }
        #expect(abs(Spring().bounce - 0.5) < 1e-15)
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 40).bounce - -0.5) < 1e-15)
    }

    @Test("Bounce outside −1…1 is clamped with a diagnostic; −1 becomes a spring that does not visibly move")
    func bounceClamps() {
        let (high, highDiagnostics) = KinemaDiagnostics.collecting { Spring(duration: 0.5, bounce: 1.5) }
        #expect(high.damping == 0 && highDiagnostics.count == 1)
        let (nan, nanDiagnostics) = KinemaDiagnostics.collecting { Spring(duration: 0.5, bounce: .nan) }
        #expect(abs(nan.dampingRatio - 1) < 1e-15 && nanDiagnostics.count == 1)
        for bounce in [-1.0, -3, -Double.infinity] {
            let (spring, diagnostics) = KinemaDiagnostics.collecting { Spring(duration: 0.5, bounce: bounce) }
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.domain == "CASpringAnimation")
            #expect(spring.damping.isFinite && spring.dampingRatio > 1e15)
            #expect(abs(spring.value(at: 1000)) < 1e-9)  // not visibly moved after 2000 durations
            #expect(abs(spring.bounce - -1) < 1e-15)
            // Settling is astronomically far; the estimate says so without a 10⁷-step walk.
            #expect(spring.settlingDuration > 1e15 && spring.settlingDuration.isFinite)
        }
        let (_, inRange) = KinemaDiagnostics.collecting { Spring(duration: 0.5, bounce: -0.99) }
        #expect(inRange.isEmpty)
    }

    @Test("A duration that is not finite and positive falls back to 0.5 s with a diagnostic")
    func badDuration() {
        for bad in [0.0, -1, .nan, .infinity] {
            let (spring, diagnostics) = KinemaDiagnostics.collecting { Spring(duration: bad, bounce: 0.2) }
            #expect(spring == Spring(duration: 0.5, bounce: 0.2))
            #expect(diagnostics.count == 1)
            let (response, responseDiagnostics) = KinemaDiagnostics.collecting { Spring(response: bad, dampingRatio: 0.8) }
            #expect(response == Spring(response: 0.5, dampingRatio: 0.8))
            #expect(responseDiagnostics.count == 1)
            let (uikit, uikitDiagnostics) = KinemaDiagnostics.collecting { Spring(dampingRatio: 0.8, duration: bad) }
            #expect(uikit == Spring(dampingRatio: 0.8, duration: 0.5))
            #expect(uikitDiagnostics.count == 1)
            #expect(uikitDiagnostics.first?.domain == "UISpringTimingParameters")
        }
    }

    // MARK: Response

    @Test("Response and damping ratio (WWDC18 'Designing Fluid Interfaces') match duration/bounce for ζ ≤ 1")
    func response() {
        for (response, ratio) in [(0.15, 0.86), (0.5, 0.825), (1, 1), (0.3, 0.2)] {
            let spring = Spring(response: response, dampingRatio: ratio)
            #expect(spring.mass == 1)
            #expect(abs(spring.undampedAngularFrequency - 2 * .pi / response) <= 1e-14 * spring.undampedAngularFrequency)
            #expect(abs(spring.dampingRatio - ratio) <= 1e-14)
            let same = Spring(duration: response, bounce: 1 - ratio)
            #expect(abs(spring.stiffness - same.stiffness) <= 1e-14 * same.stiffness)
            #expect(abs(spring.damping - same.damping) <= 1e-13 * max(same.damping, 1))
        }
        #expect(Spring(response: 0.5, dampingRatio: 2).dampingRatio > 1.99)  // over-damped kept
        let (negative, diagnostics) = KinemaDiagnostics.collecting { Spring(response: 0.5, dampingRatio: -1) }
        #expect(negative.damping == 0 && diagnostics.count == 1)
    }

    // MARK: UISpringTimingParameters()

    @Test("UISpringTimingParameters() is mass 3, stiffness 1000, damping 500: the documented ratio 4.56")
    func uiKitDefault() {
        // UISpringTimingParameters init() docs: "sets the initial velocity of any animated
        // properties to 0.0 and sets the damping ratio to 4.56".
        let spring = Spring.uiKitDefault
        #expect(spring.mass == 3 && spring.stiffness == 1000 && spring.damping == 500 && spring.initialVelocity == 0)
        #expect(abs(spring.dampingRatio - 4.56) < 0.005)
    }

    // MARK: UIKit damping ratio + duration (inferred)

    @Test("UIKit's duration fit leaves 0.001 of amplitude at the duration (ζ < 1: sine term, ζ = 1: exact)")
    func uiKitEquation() {
        for duration in [0.25, 0.5, 1, 3] {
            for ratio in [0.05, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 1] {
                for velocity in [-10.0, -1, 0, 0.5, 2, 10] {
                    let spring = Spring(dampingRatio: ratio, duration: duration, initialVelocity: velocity)
                    let w = spring.undampedAngularFrequency
                    #expect(spring.mass == 1)
                    #expect(abs(spring.dampingRatio - ratio) < 1e-12)
                    #expect(spring.initialVelocity == velocity)
                    let remaining: Double
                    if ratio < 1 {
                        remaining = abs(ratio * w - velocity) / (w * (1 - ratio * ratio).squareRoot()) * exp(-ratio * w * duration)
                    } else {
                        remaining = abs(1 + (w - velocity) * duration) * exp(-w * duration)
                    }
                    #expect(abs(remaining - 0.001) < 1e-12, "ζ \(ratio) D \(duration) v \(velocity): \(remaining)")
                    // Critically damped and v₀ ≤ 0 the fit is the exact distance left at the duration.
                    if ratio == 1 && velocity <= 0 {
                        #expect(abs(abs(spring.value(at: duration) - 1) - 0.001) < 1e-12)
                    }
                }
            }
        }
    }

    @Test("UIKit's duration fit reproduces iOS 14.4 measurements (CosynPa/RevealSpringAnimation)")
    func uiKitMeasured() {
        // UIKitDurationTests.testChaos in CosynPa/RevealSpringAnimation: ω₀ of the CASpringAnimation
        // that UIView.animate created on iOS 14.4, duration 1/ζ, velocity v/10000 — the rows where
        // the system's solver found the largest root (others land erratically on a small one).
        let measured: [(ratio: Double, velocity: Double, omega: Double)] = [
            (0.1, 210, 4.563081181386087), (0.1, 211, 4.562848965635916), (0.1, 250, 4.553730784077176),
            (0.1, 252, 4.553259904756891), (0.5, 8300, 6.036899176854381), (0.5, 8430, 6.030531960569156),
        ]
        for row in measured {
            let spring = Spring(dampingRatio: row.ratio, duration: 1 / row.ratio, initialVelocity: row.velocity / 10000)
            // The system's solver stops at about 2e-9 relative; 1e-7 leaves room without hiding a wrong root.
            #expect(abs(spring.undampedAngularFrequency - row.omega) <= 1e-7 * row.omega, "\(row)")
        }
    }

    @Test("UIKit: ratio above 1 is treated as 1; with no solution ω₀ = 2π / duration and a diagnostic")
    func uiKitEdges() {
        let (over, overDiagnostics) = KinemaDiagnostics.collecting { Spring(dampingRatio: 2, duration: 0.5) }
        #expect(over == Spring(dampingRatio: 1, duration: 0.5) && overDiagnostics.isEmpty)
        for ratio in [0.0, 1e-4] {
            let (spring, diagnostics) = KinemaDiagnostics.collecting { Spring(dampingRatio: ratio, duration: 0.5) }
            #expect(abs(spring.undampedAngularFrequency - 4 * .pi) < 1e-12)
            #expect(diagnostics.count == 1 && diagnostics.first?.domain == "UISpringTimingParameters")
        }
        // At rest, ζ < 1 has the closed form ω₀ = ln(ζ / (0.001·√(1 − ζ²))) / (ζ·D).
        let spring = Spring(dampingRatio: 0.5, duration: 2)
        #expect(abs(spring.undampedAngularFrequency - log(0.5 / (0.001 * sqrt(0.75))) / 1) < 1e-12)
        for bad in [Double.nan, .infinity] {
            let (spring, diagnostics) = KinemaDiagnostics.collecting { Spring(dampingRatio: bad, duration: 0.5) }
            #expect(spring == Spring(dampingRatio: 1, duration: 0.5) && diagnostics.count == 1)
        }
        // Negative → 0, which at rest has no solution either: two reports.
        let (negative, negativeDiagnostics) = KinemaDiagnostics.collecting { Spring(dampingRatio: -0.5, duration: 0.5) }
        #expect(negative.damping == 0 && negativeDiagnostics.count == 2)
        let (noVelocity, velocityDiagnostics) = KinemaDiagnostics.collecting {
            Spring(dampingRatio: 0.5, duration: 0.5, initialVelocity: .nan)
        }
        #expect(noVelocity == Spring(dampingRatio: 0.5, duration: 0.5) && velocityDiagnostics.count == 1)
    }
}
