// Spring: the damped harmonic oscillator behind CASpringAnimation and UIKit's spring timing.
//
// Audited against: CASpringAnimation docs and header comments (mass > 0 default 1, stiffness > 0
//   default 100, damping ≥ 0 default 10, initialVelocity default 0 with positive values moving
//   toward the target; settlingDuration); UISpringTimingParameters docs (damping ratio
//   = damping / (2·√(stiffness·mass)); initial velocity 1 = the whole distance in one second).
// Status: complete for the physical parameters. What Core Animation does with bad values is not
//   documented beyond "must be greater than 0"; a published decompilation of QuartzCore's setters
//   (mass ≤ 0 → 1, stiffness ≤ 0 → 100, damping < 0 → 10, each with a log line) is what `init`
//   follows, with a Kinema diagnostic, and it also replaces non-finite values (QuartzCore keeps NaN).
//   `allowsOverdamping` (iOS 17) is a CASpringAnimation flag, not a spring parameter: see
//   `criticallyDampedIfOverdamped`.
//
// Files: this one holds the parameters and their validation; Spring+Solution.swift the closed
// forms and the hot path; Spring+Settling.swift the settling estimates; Spring+Mappings.swift the
// UIKit and iOS 17 parameterizations.

import KinemaSupport
import KinemaGeometry

/// A damped spring moving a value from 0 to 1: the timing of Core Animation's spring animations.
///
/// The motion solves `m·x'' + c·x' + k·(x − 1) = 0` with `x(0) = 0` and `x'(0) = initialVelocity`,
/// where `x` is the fraction of the distance covered (it overshoots 1 when the spring bounces).
///
/// ```swift
/// let spring = Spring()                         // CASpringAnimation's defaults: 1, 100, 10, 0
/// spring.value(at: 0.25)                        // 1.0234: fraction of the distance (past the target)
/// spring.velocity(at: 0)                        // 0: distances per second
/// spring.settlingDuration                       // 1.4727: what CASpringAnimation reports
///
/// let flick = Spring(mass: 1, stiffness: 300, damping: 20, initialVelocity: 2.5)
/// ```
///
/// Semantics:
/// - Units are Core Animation's: seconds, and velocities relative to the distance travelled
///   (1 = the whole distance per second), positive toward the target. To start a spring from a
///   gesture moving at `v` points per second over a distance of `d` points, pass `v / d`.
/// - All three regimes are solved in closed form: under-damped (ζ < 1, oscillates), critically
///   damped (ζ = 1) and over-damped (ζ > 1). Core Animation itself treats ζ > 1 as critical unless
///   `allowsOverdamping` is set; that is the caller's choice (`criticallyDampedIfOverdamped`).
/// - Invalid parameters never trap. Following QuartzCore's setters, a mass or stiffness that is not
///   greater than 0, a negative damping, or any non-finite value is replaced by Core Animation's
///   default for that parameter (mass 1, stiffness 100, damping 10, initial velocity 0), and one
///   `KinemaDiagnostics` report per replaced parameter is emitted (domain `"CASpringAnimation"`).
///   Parameters so extreme that the derived rates overflow or vanish (stiffness/mass outside
///   about 1e-300…1e300) are replaced as a whole by the default spring, with a report.
/// - Equality and hashing use the four parameters only.
///
/// Cost: 144 bytes (the four parameters and the precomputed closed form), no allocation. `init`
/// does the expensive part once (square roots, a few divisions, and for under-damped springs two
/// `atan2` and two `hypot`), so that `value(at:)` and `velocity(at:)` are one `exp` and one `cos`
/// (or `expm1`) and a handful of multiplications: 13 ns per call for the default spring on an
/// AMD EPYC core, `swiftc -O` (see Spring+Solution.swift).
public struct Spring: Sendable, Hashable, CustomStringConvertible {
    /// The mass of the object attached to the spring, greater than 0. Core Animation's default is 1.
    public let mass: Double
    /// The spring constant `k`, greater than 0. Core Animation's default is 100.
    public let stiffness: Double
    /// The viscous damping coefficient `c`, 0 or more. Core Animation's default is 10.
    public let damping: Double
    /// The velocity at time 0, in distances per second, positive toward the target. Default 0.
    public let initialVelocity: Double

    /// The closed form's coefficients, computed once by `init`.
    @usableFromInline let solution: Solution

    /// The domain under which `Spring` reports bad input.
    static let diagnosticDomain = "CASpringAnimation"

    /// Creates a spring from its physical parameters, as `CASpringAnimation`'s properties and
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` take them.
    ///
    /// ```swift
    /// let bouncy = Spring(mass: 1, stiffness: 170, damping: 8)
    /// bouncy.dampingRatio        // 0.307: under-damped, it overshoots
    /// ```
    ///
    /// - Parameters:
    ///   - mass: Greater than 0 and finite, else 1 (with a diagnostic).
    ///   - stiffness: Greater than 0 and finite, else 100 (with a diagnostic).
    ///   - damping: 0 or more and finite, else 10 (with a diagnostic). 0 never settles.
    ///   - initialVelocity: Finite, else 0 (with a diagnostic). Distances per second, positive
    ///     toward the target.
    ///
    /// Cost: constant; see the type's comment.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        var mass = mass, stiffness = stiffness, damping = damping, initialVelocity = initialVelocity
        let domain = Self.diagnosticDomain
        if !(mass > 0 && mass.isFinite) {
            KinemaDiagnostics.emit(domain, "mass \(mass) is not a finite value greater than 0; used the default, 1")
            mass = 1
        }
        if !(stiffness > 0 && stiffness.isFinite) {
            KinemaDiagnostics.emit(domain, "stiffness \(stiffness) is not a finite value greater than 0; used the default, 100")
            stiffness = 100
        }
        if !(damping >= 0 && damping.isFinite) {
            KinemaDiagnostics.emit(domain, "damping \(damping) is not a finite value of 0 or more; used the default, 10")
            damping = 10
        }
        if !initialVelocity.isFinite {
            KinemaDiagnostics.emit(domain, "initialVelocity \(initialVelocity) is not finite; used the default, 0")
            initialVelocity = 0
        }
        var solution = Solution(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        if !solution.isRepresentable {
            KinemaDiagnostics.emit(
                domain,
                "mass \(mass), stiffness \(stiffness), damping \(damping), initialVelocity \(initialVelocity) "
                    + "give rates outside binary64's range; used the default spring (1, 100, 10, 0)"
            )
            (mass, stiffness, damping, initialVelocity) = (1, 100, 10, 0)
            solution = Solution(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.solution = solution
    }

    /// The damping ratio ζ = damping / (2·√(stiffness·mass)), as `UISpringTimingParameters`
    /// documents it: 0 never settles, below 1 oscillates, 1 is critically damped, above 1 creeps.
    ///
    /// ```swift
    /// Spring().dampingRatio      // 0.5
    /// ```
    ///
    /// Cost: a square root and a division. Exact to a few ulps (when `stiffness·mass` would overflow
    /// or underflow, the root of each factor is taken separately).
    public var dampingRatio: Double {
        damping / criticalDamping
    }

    /// 2·√(stiffness·mass), the damping of a critically damped spring with this mass and stiffness;
    /// from the roots of each factor when their product would overflow or underflow.
    var criticalDamping: Double {
        let product = stiffness * mass
        return product.isNormal && product.isFinite
            ? 2 * product.squareRoot()
            : 2 * stiffness.squareRoot() * mass.squareRoot()
    }

    /// The undamped angular frequency ω₀ = √(stiffness / mass), in radians per second: how fast the
    /// spring would oscillate without damping.
    ///
    /// ```swift
    /// Spring().undampedAngularFrequency     // 10
    /// ```
    ///
    /// Cost: a division and a square root; correctly rounded up to the two roundings.
    public var undampedAngularFrequency: Double {
        (stiffness / mass).squareRoot()
    }

    /// This spring, with its damping lowered to critical if it is over-damped (ζ > 1).
    ///
    /// Core Animation evaluates an over-damped `CASpringAnimation` as critically damped unless
    /// `allowsOverdamping` is set (iOS 17; `init(perceptualDuration:bounce:)` sets it). The evidence
    /// is indirect: SwiftUI documents the same switch on `Spring(mass:stiffness:damping:
    /// allowOverDamping:)` ("such cases should instead be treated as critically damped"), and
    /// RBBAnimation's v0.2.0 notes default its `allowsOverdamping` to NO "to make sure that
    /// RBBSpringAnimation behaves like CASpringAnimation out of the box". Which parameter Core
    /// Animation lowers is not published; lowering damping keeps ω₀, the only choice that keeps
    /// the spring's speed.
    ///
    /// ```swift
    /// Spring(mass: 1, stiffness: 100, damping: 40).criticallyDampedIfOverdamped.damping   // 20
    /// ```
    ///
    /// Cost: a new `Spring` (constant time) when over-damped, else `self`.
    public var criticallyDampedIfOverdamped: Spring {
        guard solution.form == .overdamped else { return self }
        return Spring(
            mass: mass,
            stiffness: stiffness,
            damping: criticalDamping,
            initialVelocity: initialVelocity
        )
    }

    /// The initializer call that makes this spring, as in
    /// `Spring(mass: 1.0, stiffness: 100.0, damping: 10.0, initialVelocity: 0.0)`.
    public var description: String {
        "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping), initialVelocity: \(initialVelocity))"
    }

    /// Whether two springs have the same four parameters (the precomputed closed form follows from them).
    public static func == (lhs: Spring, rhs: Spring) -> Bool {
        lhs.mass == rhs.mass && lhs.stiffness == rhs.stiffness && lhs.damping == rhs.damping
            && lhs.initialVelocity == rhs.initialVelocity
    }

    /// Hashes the four parameters, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(mass)
        hasher.combine(stiffness)
        hasher.combine(damping)
        hasher.combine(initialVelocity)
    }
}
