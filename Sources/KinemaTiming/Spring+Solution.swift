// Spring+Solution: the closed-form motion of a spring, and the hot path that evaluates it.
//
// Audited against: the equation of motion CASpringAnimation documents (mass, stiffness, damping,
//   initial velocity toward the target); solutions checked against scipy's DOP853 / Radau
//   integration of the ODE (Scripts/references/spring_references.py).
// Status: complete. All regimes, including exactly critical, near-critical (ζ = 1 ± 1 ulp) and
//   huge damping ratios (ζ = 10⁴ in the tests), are evaluated without cancellation.
//
// With u = x − 1 (so u(0) = −1, u'(0) = v₀), γ = c / 2m, ω₀² = k / m and β = γ² − ω₀², every
// regime is u(t) = e^{−γt}·(−C(t) + (v₀ − γ)·S(t)) with C, S = cos, sin(ω_d t)/ω_d (β < 0),
// 1, t (β = 0) or cosh, sinh(μt)/μ (β > 0). C and S are entire functions of β·t², so the motion is
// smooth across ζ = 1; the numerical trap is only in how they are written:
//
//   under-damped   1 − R·e^{−γt}·cos(ω_d t + φ)          one exp, one cos ("phase" form), or
//                  1 + e^{−γt}·(B·sin ω_d t − cos ω_d t) one exp, sin and cos ("sum" form)
//   critical       1 + e^{−γt}·((v₀ − γ)·t − 1)
//   over-damped    1 + e^{r₁t}·(K·expm1(−2μt) − 1),  r₁ = −ω₀² / (γ + μ),  K = −(v₀ + r₁) / 2μ
//
// * The phase form folds sin and cos into one cos, halving the cost, but its amplitude R grows
//   like 1/ω_d near ζ = 1 and the rounding of φ then costs R·ulp(φ) of absolute error. It is used
//   only while R ≤ 16 (error ≤ 16·π·2⁻⁵³ ≈ 6e-15); otherwise the sum form, whose sin(ω_d t)/ω_d
//   part stays exact however small ω_d is.
// * The over-damped form never subtracts two large exponentials: r₁ comes from the stable root
//   formula (γ − μ computed as ω₀² / (γ + μ), exact to a few ulps even when ζ = 10⁴, where the
//   textbook −γ + √(γ² − ω₀²) loses 8 digits), and expm1 keeps (1 − e^{−2μt}) / 2μ exact as μ → 0.
// * β is exactly 0 only when c² = 4km in binary64 (1, 100, 20 for instance); then the critical
//   form is used. The under- and over-damped forms agree with it to rounding at ζ = 1 ± 1 ulp.
//
// Measured (swiftc -O, called from another module, x86-64 AMD EPYC, glibc libm, thread CPU time,
// 5·10⁷ calls over 0…3 s): value(at:) 13.0 ns/call for the default spring (phase form, 77 M calls/s),
// 18.9 ns in the sum form (ζ = 1 − 10⁻⁹), 4.4 ns critical, 8.3 ns over-damped (ζ = 2);
// velocity(at:) the same to ±1 ns. That is why `init` does the work and the hot path is
// @inlinable: a caller in another module inlines the switch, one exp and one cos. Accuracy: within
// 2.4e-15 of a 60-digit evaluation of the exact solution for 15 springs (the regimes, ζ = 1 ± 10⁻⁹,
// ± 10⁻¹², ± 1 ulp, ζ = 10⁴, undamped).

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Spring {
    /// The position at time `t`, as a fraction of the distance from the start (0) to the target (1).
    ///
    /// ```swift
    /// let spring = Spring()          // 1, 100, 10, 0
    /// spring.value(at: 0)            // 0
    /// spring.value(at: 0.25)         // 1.0234
    /// spring.value(at: 0.4)          // 1.1531: overshoots before settling
    /// ```
    ///
    /// Semantics: `t` in seconds from the start of the motion. Times before the start (`t < 0`)
    /// and NaN give the starting value, 0, as the spring has not moved yet; this function emits no
    /// diagnostics, because it is the per-frame hot path. `t = +∞` gives the rest value, 1, for a
    /// damped spring (the tail is cut where e^{−decay·t} underflows, 800 decay times); an undamped
    /// spring's phase is capped at 10³⁰⁰ radians, so a huge `t` gives a value in range, not NaN.
    ///
    /// Tolerance: within 3e-15 of the exact solution (60-digit check, all regimes); within 2e-12 of
    /// the scipy ODE references (1e-13 for the near-critical ones), which is their own accuracy;
    /// continuous across ζ = 1 (agrees to 1e-14 at ±1 ulp of critical damping).
    ///
    /// Cost: no allocation; one `exp` and one `cos` (under-damped, amplitude R ≤ 16), one `exp`,
    /// one `sin` and one `cos` (near-critical or very fast starts), one `exp` (critical), or one
    /// `exp` and one `expm1` (over-damped). About 12 ns for the default spring.
    @inlinable
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let s = solution
        let t = Swift.min(t, s.horizon)
        let envelope = exp(s.rate * t)
        switch s.form {
        case .phase:
            return 1 - s.positionAmplitude * envelope * cos(s.frequency * t + s.positionPhase)
        case .sum:
            let angle = s.frequency * t
            return 1 + envelope * (s.positionAmplitude * sin(angle) - cos(angle))
        case .critical:
            return 1 + envelope * (s.positionAmplitude * t - 1)
        case .overdamped:
            return 1 + envelope * (s.positionAmplitude * expm1(s.frequency * t) - 1)
        }
    }

    /// The velocity at time `t`, in distances per second, positive toward the target.
    ///
    /// ```swift
    /// let spring = Spring(initialVelocity: 2)
    /// spring.velocity(at: 0)         // 2
    /// spring.velocity(at: 0.1)       // 5.5875
    /// ```
    ///
    /// Semantics: the derivative of `value(at:)`. Times before the start and NaN give
    /// `initialVelocity`; `t = +∞` gives 0 for a damped spring. No diagnostics (hot path).
    ///
    /// Tolerance: within 2e-15·max(1, ω₀, |v₀|) of the exact solution, 5e-13·max(1, ω₀, |v₀|) of
    /// the scipy ODE references.
    ///
    /// Cost: as `value(at:)`.
    @inlinable
    public func velocity(at t: Double) -> Double {
        let s = solution
        guard t > 0 else { return s.initialVelocity }
        let t = Swift.min(t, s.horizon)
        let envelope = exp(s.rate * t)
        switch s.form {
        case .phase:
            return s.velocityAmplitude * envelope * cos(s.frequency * t + s.velocityPhase)
        case .sum:
            let angle = s.frequency * t
            return envelope * (s.initialVelocity * cos(angle) + s.velocityAmplitude * sin(angle))
        case .critical:
            return envelope * (s.initialVelocity + s.velocityAmplitude * t)
        case .overdamped:
            return envelope * (s.initialVelocity + s.velocityAmplitude * expm1(s.frequency * t))
        }
    }
}

extension Spring {
    /// The closed form of one spring, reduced to the few numbers the hot path needs.
    ///
    /// | form        | rate   | frequency | positionAmplitude | positionPhase | velocityAmplitude | velocityPhase |
    /// |-------------|--------|-----------|-------------------|---------------|-------------------|---------------|
    /// | .phase      | −γ     | ω_d       | R = hypot(1, B)   | φ = atan2(B, 1) | hypot(v₀, B′)   | −atan2(B′, v₀) |
    /// | .sum        | −γ     | ω_d       | B = (v₀ − γ)/ω_d  | –             | B′ = (ω₀² − γv₀)/ω_d | –          |
    /// | .critical   | −γ     | 0         | v₀ − γ            | –             | −γ·(v₀ − γ)       | –             |
    /// | .overdamped | r₁     | −2μ       | K                 | –             | K·r₂, r₂ = −(γ + μ) | –           |
    @usableFromInline
    struct Solution: Sendable {
        /// Which closed form evaluates this spring.
        @usableFromInline
        enum Form: UInt8, Sendable {
            /// Under-damped, one cos with a phase (amplitude at most `maximumPhaseAmplitude`).
            case phase
            /// Under-damped, sin and cos summed (near ζ = 1, or a start much faster than ω₀).
            case sum
            /// Critically damped: β = γ² − ω₀² is exactly 0.
            case critical
            /// Over-damped.
            case overdamped
        }

        /// The amplitude (relative to the natural scale of the motion) up to which the phase form
        /// is used: its extra error is amplitude·π·2⁻⁵³, here at most 6e-15.
        static let maximumPhaseAmplitude = 16.0

        /// The decay exponent per second at which `e^{rate·t}` underflows: past it the motion is at rest.
        static let underflowExponent = 800.0

        /// The largest phase (radians) an undamped spring is evaluated at, so that huge times stay finite.
        static let maximumPhase = 1e300

        @usableFromInline let form: Form
        @usableFromInline let rate: Double
        @usableFromInline let frequency: Double
        @usableFromInline let positionAmplitude: Double
        @usableFromInline let positionPhase: Double
        @usableFromInline let velocityAmplitude: Double
        @usableFromInline let velocityPhase: Double
        @usableFromInline let initialVelocity: Double
        /// Times beyond this are evaluated at it (see `value(at:)`).
        @usableFromInline let horizon: Double

        /// γ = c / 2m, the decay rate of the envelope (under-damped and critical).
        let decay: Double
        /// ω₀ = √(k / m).
        let naturalFrequency: Double
        /// ω_d = √(ω₀² − γ²) when under-damped, μ = √(γ² − ω₀²) when over-damped, else 0.
        let splitting: Double
        /// (v₀ − γ) / ω_d when under-damped: the sine coefficient of u = x − 1 (its cosine one is −1).
        let sineCoefficient: Double

        /// Whether every coefficient is finite and a damped spring actually decays; false only for
        /// parameters whose ratios leave binary64's range.
        let isRepresentable: Bool

        init(mass m: Double, stiffness k: Double, damping c: Double, initialVelocity v0: Double) {
            let omega0Squared = k / m
            let omega0 = omega0Squared.squareRoot()
            let gamma = c / (2 * m)
            let beta = gamma * gamma - omega0Squared

            var form: Form
            var rate = -gamma
            var frequency = 0.0
            var positionAmplitude = 0.0, positionPhase = 0.0
            var velocityAmplitude = 0.0, velocityPhase = 0.0
            var splitting = 0.0, sineCoefficient = 0.0

            if beta < 0 {
                let omegaD = (-beta).squareRoot()
                let b = (v0 - gamma) / omegaD
                let bPrime = (omega0Squared - gamma * v0) / omegaD
                let amplitude = hypot(1, b)
                let velocityScale = Swift.max(omega0, abs(v0))
                let speedAmplitude = hypot(v0, bPrime)
                frequency = omegaD
                splitting = omegaD
                sineCoefficient = b
                if amplitude <= Self.maximumPhaseAmplitude
                    && speedAmplitude <= Self.maximumPhaseAmplitude * velocityScale {
                    form = .phase
                    positionAmplitude = amplitude
                    positionPhase = atan2(b, 1)
                    velocityAmplitude = speedAmplitude
                    velocityPhase = -atan2(bPrime, v0)
                } else {
                    form = .sum
                    positionAmplitude = b
                    velocityAmplitude = bPrime
                }
            } else if beta == 0 {
                form = .critical
                positionAmplitude = v0 - gamma
                velocityAmplitude = -gamma * (v0 - gamma)
            } else {
                form = .overdamped
                let mu = beta.squareRoot()
                let slow = -omega0Squared / (gamma + mu)  // r₁ = −γ + μ without the cancellation
                let fast = -(gamma + mu)  // r₂
                let k = -(v0 + slow) / (2 * mu)
                rate = slow
                frequency = -2 * mu
                splitting = mu
                positionAmplitude = k
                velocityAmplitude = k * fast
            }

            let horizon = Swift.min(
                Self.underflowExponent / abs(rate),
                Self.maximumPhase / Swift.max(abs(frequency), 1)
            )
            self.form = form
            self.rate = rate
            self.frequency = frequency
            self.positionAmplitude = positionAmplitude
            self.positionPhase = positionPhase
            self.velocityAmplitude = velocityAmplitude
            self.velocityPhase = velocityPhase
            self.initialVelocity = v0
            self.horizon = horizon
            self.decay = gamma
            self.naturalFrequency = omega0
            self.splitting = splitting
            self.sineCoefficient = sineCoefficient
            let allFinite = omega0Squared.isFinite && beta.isFinite && rate.isFinite && frequency.isFinite
                && positionAmplitude.isFinite && positionPhase.isFinite && velocityAmplitude.isFinite
                && velocityPhase.isFinite && horizon.isFinite
            self.isRepresentable = omega0 > 0 && allFinite && (c == 0 || rate < 0)
        }
    }
}
