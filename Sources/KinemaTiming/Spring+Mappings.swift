// Spring+Mappings: the other ways Apple's APIs describe a spring, turned into mass, stiffness and
// damping — UIKit's damping ratio and duration, iOS 17's duration and bounce, SwiftUI's response.
//
// Audited against: UISpringTimingParameters docs (`init()` "sets the damping ratio to 4.56";
//   `init(dampingRatio:initialVelocity:)`; `init(duration:bounce:initialVelocity:)`), UIView
//   `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)` docs (velocity 1 =
//   the whole distance in one second), WWDC23 session 10158 "Animate with springs" (duration and
//   bounce), SwiftUI `Spring(duration:bounce:)` docs (bounce in −1…1, 0 critical, 1 undamped,
//   default duration 0.5 s), WWDC18 session 803 "Designing Fluid Interfaces" (response).
// Status: the iOS 17 and response mappings are documented formulas. The UIKit duration mapping is
//   not documented anywhere; it is inferred from published reverse engineering (see
//   `init(dampingRatio:duration:initialVelocity:)`). `UISpringTimingParameters()`'s mass, stiffness
//   and damping come from published measurements, consistent with the documented ratio.

import KinemaSupport
import KinemaGeometry

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Spring {
    /// The spring of `UISpringTimingParameters()`: mass 3, stiffness 1000, damping 500.
    ///
    /// Apple documents only its damping ratio, "4.56"; these three values give 4.5644. They are
    /// what the host's UIKit prints for the object (`mass=3.000`, `stiffness=1000.000`, checked by
    /// a published back-port's host tests) and what Matt Neuburg's *Programming iOS 14* gives for
    /// the default spring; QuartzCore's own clients use the same triple (published disassembly).
    ///
    /// ```swift
    /// Spring.uiKitDefault.dampingRatio      // 4.564…
    /// ```
    public static let uiKitDefault = Spring(mass: 3, stiffness: 1000, damping: 500)

    /// The duration used when a duration-based initializer receives one that is not a finite value
    /// greater than 0: 0.5 s, the default of SwiftUI's `Spring(duration:bounce:)` and `response`.
    public static let fallbackDuration = 0.5

    /// The distance tolerance in UIKit's duration fit (see `init(dampingRatio:duration:initialVelocity:)`).
    static let uiKitDurationTolerance = 0.001

    // MARK: iOS 17: duration and bounce

    /// Creates the spring of iOS 17's `UISpringTimingParameters(duration:bounce:initialVelocity:)`
    /// and `CASpringAnimation(perceptualDuration:bounce:)`: mass 1, stiffness (2π / duration)²,
    /// damping 4π·ζ / duration with ζ = 1 − bounce for bounce ≥ 0 and 1 / (1 + bounce) below.
    ///
    /// ```swift
    /// let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// snappy.perceptualDuration        // 0.5
    /// snappy.bounce                    // 0.15
    /// Spring(duration: 1, bounce: 0).dampingRatio    // 1: no bounce is critical damping
    /// ```
    ///
    /// Source: WWDC23 "Animate with springs" (session 10158) gives the formulas; SwiftUI's
    /// `Spring(duration:bounce:)` documents the range (0: critically damped, up to 1: undamped,
    /// down to −1: over-damped). Published disassembly of `-[CASpringAnimation
    /// initWithPerceptualDuration:bounce:]` matches (and sets `allowsOverdamping`).
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, seconds: one period of the undamped spring, "about
    ///     the settling duration". Not finite or not > 0 → `fallbackDuration`, with a diagnostic.
    ///   - bounce: −1…1. NaN → 0; outside the range → clamped, with a diagnostic. −1 itself means
    ///     infinite damping (the spring never moves, as on Apple's platforms); Kinema uses the next
    ///     double above it, −1 + 2⁻⁵³ (ζ ≈ 9·10¹⁵: no visible motion for 10¹⁵ durations), with a
    ///     diagnostic, so that every value stays finite.
    ///   - initialVelocity: Distances per second toward the target, as in `init(mass:…)`.
    ///
    /// Cost: constant (a spring `init`).
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        let domain = Self.diagnosticDomain
        let duration = Self.validDuration(duration, name: "duration", domain: domain)
        var bounce = bounce
        if bounce.isNaN {
            KinemaDiagnostics.emit(domain, "bounce is NaN; used 0 (critically damped)")
            bounce = 0
        } else if bounce > 1 {
            KinemaDiagnostics.emit(domain, "bounce \(bounce) is above 1; used 1 (undamped)")
            bounce = 1
        } else if bounce <= -1 {
            KinemaDiagnostics.emit(
                domain,
                "bounce \(bounce) is at or below −1 (infinite damping); used −1 + 2⁻⁵³, a spring that does not visibly move"
            )
            bounce = (-1 as Double).nextUp
        }
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        let angular = 2 * Double.pi / duration
        self.init(mass: 1, stiffness: angular * angular, damping: 4 * .pi * ratio / duration, initialVelocity: initialVelocity)
    }

    /// The perceptual duration of iOS 17's springs, 2π·√(mass / stiffness): one period of the
    /// undamped spring. The inverse of `init(duration:bounce:initialVelocity:)` (to rounding).
    ///
    /// ```swift
    /// Spring().perceptualDuration      // 0.628: 2π / 10
    /// ```
    ///
    /// Source: WWDC23 "Animate with springs"; `CASpringAnimation.perceptualDuration` (iOS 17).
    /// Cost: a division and a square root.
    public var perceptualDuration: Double {
        2 * .pi / undampedAngularFrequency
    }

    /// The bounce of iOS 17's springs: 1 − ζ when ζ ≤ 1, 1/ζ − 1 above (so −1 < bounce ≤ 1).
    /// The inverse of `init(duration:bounce:initialVelocity:)` (to rounding).
    ///
    /// ```swift
    /// Spring().bounce                                         // 0.5
    /// Spring(mass: 1, stiffness: 100, damping: 40).bounce     // −0.5
    /// ```
    ///
    /// Source: WWDC23 "Animate with springs"; `CASpringAnimation.bounce` (iOS 17).
    /// Cost: as `dampingRatio`.
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    // MARK: SwiftUI and WWDC18: response and damping ratio

    /// Creates a spring from a response (the period of the undamped spring, seconds) and a damping
    /// ratio: mass 1, stiffness (2π / response)², damping 4π·ζ / response.
    ///
    /// ```swift
    /// let interactive = Spring(response: 0.15, dampingRatio: 0.86)
    /// ```
    ///
    /// Source: WWDC18 "Designing Fluid Interfaces" (session 803), which defines the two design
    /// parameters; SwiftUI's `spring(response:dampingFraction:blendDuration:)` takes them (its
    /// `blendDuration` is an animation concern, not a spring parameter). Equivalent to
    /// `init(duration: response, bounce:)` for ζ ≤ 1.
    ///
    /// - Parameters:
    ///   - response: Seconds; not finite or not > 0 → `fallbackDuration`, with a diagnostic.
    ///   - dampingRatio: ζ ≥ 0; NaN or infinite → 1, negative → 0, with a diagnostic. Above 1 is
    ///     kept (over-damped).
    ///   - initialVelocity: Distances per second toward the target.
    ///
    /// Cost: constant.
    public init(response: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        let domain = Self.diagnosticDomain
        let response = Self.validDuration(response, name: "response", domain: domain)
        let ratio = Self.validRatio(dampingRatio, domain: domain)
        let angular = 2 * Double.pi / response
        self.init(mass: 1, stiffness: angular * angular, damping: 4 * .pi * ratio / response, initialVelocity: initialVelocity)
    }

    // MARK: UIKit: damping ratio and duration

    /// Creates the spring UIKit runs for `UISpringTimingParameters(dampingRatio:initialVelocity:)`
    /// in a `UIViewPropertyAnimator` of the given duration, and for `UIView.animate(withDuration:
    /// delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`.
    ///
    /// ```swift
    /// let spring = Spring(dampingRatio: 0.7, duration: 0.5)
    /// spring.mass                      // 1
    /// spring.stiffness                 // 387.27: ω₀ = 19.68
    /// ```
    ///
    /// **Inferred, not documented.** Apple says only that the ratio is damping / (2·√(stiffness·mass))
    /// and that a ratio of 1 does not oscillate. UIKit builds a `CASpringAnimation` with mass 1 and
    /// picks ω₀ (stiffness ω₀², damping 2ζω₀) so that the spring's remaining amplitude at `duration`
    /// is 0.001 of the distance, solving for ω₀ with v₀ = `initialVelocity`:
    ///
    /// - ζ < 1: |ζω₀ − v₀| / (ω₀·√(1 − ζ²)) · e^{−ζω₀·duration} = 0.001 — the sine coefficient of
    ///   the motion times its envelope, the cosine term left out;
    /// - ζ = 1: |1 + (ω₀ − v₀)·duration| · e^{−ω₀·duration} = 0.001 — the exact distance left.
    ///
    /// Sources: Framer's SpringCurveValueConverter (koenbok/Framer), whose authors state that "iOS
    /// computes the actual tension and friction … based on dampingRatio and duration" with "the same
    /// calculations" (framer/SpringsExample readme); and CosynPa/RevealSpringAnimation, which read the
    /// `CASpringAnimation` UIKit creates on iOS 14.4 and matched ω₀ to 1e-4 for ζ = 0.1…0.9,
    /// v₀ = −10…0, durations 1 and 3 s. The same project's measurements for v₀ > 0, where the
    /// equation can have up to three roots, show iOS's own solver landing on the largest root
    /// (4.5631 for ζ = 0.1, duration 10, v₀ = 0.021) or, erratically, on a small one; Kinema always
    /// takes the largest, which continues the v₀ ≤ 0 solution. It reproduces the regular measured
    /// values to 2e-9 (tests).
    ///
    /// Choices where the evidence stops:
    /// - ζ > 1 is treated as 1 (both sources clamp; UIKit's spring has `allowsOverdamping` off, so
    ///   Core Animation would evaluate it as critical anyway).
    /// - When no ω₀ solves the equation (ζ = 0 with v₀ = 0, or ζ below about 0.001 at rest: the
    ///   amplitude never falls to 0.001), ω₀ = 2π / duration — one undamped period per duration, as
    ///   iOS 17 defines duration — with a diagnostic.
    ///
    /// - Parameters:
    ///   - dampingRatio: 0…1; above 1 → 1; NaN or infinite → 1 and negative → 0, with a diagnostic.
    ///   - duration: The animator's duration, seconds; not finite or not > 0 → `fallbackDuration`,
    ///     with a diagnostic.
    ///   - initialVelocity: In units of the total animation distance per second (UIKit's
    ///     `initialSpringVelocity`, or the `dx` of `UISpringTimingParameters.initialVelocity`),
    ///     positive toward the target.
    ///
    /// Diagnostics use the domain `"UISpringTimingParameters"`, the API that receives these values.
    ///
    /// Cost: a root search, about 60 to 120 evaluations of a logarithm (about 2 µs); not for per-frame use.
    public init(dampingRatio: Double, duration: Double, initialVelocity: Double = 0) {
        let domain = "UISpringTimingParameters"
        let duration = Self.validDuration(duration, name: "duration", domain: domain)
        let ratio = Swift.min(Self.validRatio(dampingRatio, domain: domain), 1)
        var velocity = initialVelocity
        if !velocity.isFinite {
            KinemaDiagnostics.emit(domain, "initialVelocity \(velocity) is not finite; used 0")
            velocity = 0
        }
        let w: Double
        if let solved = Self.uiKitNaturalFrequency(dampingRatio: ratio, duration: duration, initialVelocity: velocity) {
            w = solved
        } else {
            KinemaDiagnostics.emit(
                domain,
                "no stiffness brings a spring with damping ratio \(ratio) and initial velocity \(velocity) "
                    + "within 0.001 of rest at \(duration) s; used one undamped period per duration (ω₀ = 2π / duration)"
            )
            w = 2 * .pi / duration
        }
        self.init(mass: 1, stiffness: w * w, damping: 2 * ratio * w, initialVelocity: velocity)
    }

    /// ω₀ solving UIKit's duration fit (see `init(dampingRatio:duration:initialVelocity:)`), the
    /// largest root when there are several, or nil when there is none. `ratio` is in 0…1.
    static func uiKitNaturalFrequency(dampingRatio ratio: Double, duration: Double, initialVelocity v0: Double) -> Double? {
        let logTolerance = log(uiKitDurationTolerance)
        if ratio >= 1 {
            // g(ω) = ln|1 + (ω − v₀)·D| − ω·D − ln ε: decreasing for ω > max(v₀, 0), peak e^{−v₀D} at ω = v₀.
            let g = { (w: Double) in log(abs(1 + (w - v0) * duration)) - w * duration - logTolerance }
            if v0 <= 0 { return decreasingRoot(of: g, above: 0, below: nil, scale: 1 / duration) }
            if -v0 * duration >= logTolerance { return decreasingRoot(of: g, above: v0, below: nil, scale: 1 / duration) }
            return decreasingRoot(of: g, above: 0, below: v0 - 1 / duration, scale: 1 / duration)
        }
        if ratio == 0 { return v0 == 0 ? nil : abs(v0) / uiKitDurationTolerance }
        let logSine = log((1 - ratio * ratio).squareRoot())
        // g(ω) = ln|ζω − v₀| − ln ω − ln √(1 − ζ²) − ζω·D − ln ε.
        let g = { (w: Double) in log(abs(ratio * w - v0)) - log(w) - logSine - ratio * w * duration - logTolerance }
        let scale = 1 / (ratio * duration)
        if v0 == 0 {
            let w = (log(ratio) - logSine - logTolerance) / (ratio * duration)
            return w > 0 ? w : nil
        }
        if v0 < 0 { return decreasingRoot(of: g, above: 0, below: nil, scale: scale) }
        // v₀ > 0: |ζω − v₀| vanishes at ω = v₀/ζ; above it the function rises to a peak, then decays.
        let zero = v0 / ratio
        let a = ratio * ratio * duration, b = ratio * duration * v0
        let peak = (b + (b * b + 4 * a * v0).squareRoot()) / (2 * a)
        if g(peak) >= 0 { return decreasingRoot(of: g, above: peak, below: nil, scale: scale) }
        return decreasingRoot(of: g, above: 0, below: zero, scale: scale)
    }

    /// The root of a function that decreases from positive (just above `low`) to negative (at
    /// `high`, or far enough above `low`, found by doubling from `scale`), by bisection to
    /// adjacent doubles.
    private static func decreasingRoot(of g: (Double) -> Double, above low: Double, below end: Double?, scale: Double) -> Double {
        var low = low
        var high: Double
        if let end {
            high = end
        } else {
            high = Swift.max(2 * low, scale)
            var doublings = 0
            while g(high) >= 0 && doublings < 2100 {
                low = high
                high *= 2
                doublings += 1
            }
        }
        for _ in 0..<2200 {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { break }
            if g(middle) >= 0 { low = middle } else { high = middle }
        }
        return low + (high - low) / 2
    }

    /// `duration` when it is finite and positive, else `fallbackDuration` with a diagnostic.
    private static func validDuration(_ duration: Double, name: String, domain: String) -> Double {
        guard !(duration > 0 && duration.isFinite) else { return duration }
        KinemaDiagnostics.emit(domain, "\(name) \(duration) is not a finite value greater than 0; used \(fallbackDuration) s")
        return fallbackDuration
    }

    /// A damping ratio of 0 or more: NaN or infinite → 1 and negative → 0, with a diagnostic.
    private static func validRatio(_ ratio: Double, domain: String) -> Double {
        if ratio.isNaN || ratio.isInfinite {
            KinemaDiagnostics.emit(domain, "damping ratio \(ratio) is not finite; used 1 (critically damped)")
            return 1
        }
        if ratio < 0 {
            KinemaDiagnostics.emit(domain, "damping ratio \(ratio) is negative; used 0")
            return 0
        }
        return ratio
    }
}
