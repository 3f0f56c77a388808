// CubicBezierTimingCurve: the unit cubic Bézier y(x) behind every Bézier timing function.
//
// The curve runs from (0, 0) through control points (x1, y1), (x2, y2) to (1, 1) and is given in
// the parameter t: P(t) = 3(1−t)²t·P1 + 3(1−t)t²·P2 + t³. Evaluating it at an input progress x
// means solving x(t) = x for t, then returning y(t).
//
// Why the code looks the way it does (performance- and accuracy-driven structure):
//
// * Every animated property calls `value(at:)` once per frame, so the solve is the hot path. It is
//   `@inlinable`, allocation-free and generic-free: a table look-up, two Newton steps and a
//   certificate check. Measured on the development machine (AMD EPYC, two shared cores, x86-64
//   baseline ISA, `swiftc -O`, caller in another module, best of 40 runs of 10⁶ calls): 55–80
//   million calls per second (12–18 ns) for each named curve and for the seed's overshoot curve,
//   with inputs swept over [0, 1] and with inputs in random order alike; (1, 0, 0, 1), which takes
//   the double-double path below, about 5.5 million (180 ns). An earlier version that looped
//   until converged ran at about 20 million per second on random inputs, from mispredictions.
// * The initial guess comes from 33 evenly spaced samples of t(x) made in `init`, interpolated
//   linearly; in the first and last cell, where the curve may go like √x, from the root of its
//   quadratic part. The guess only seeds Newton; it never bounds an answer.
// * Two Newton steps always run, then a certificate is checked; only if it fails does a
//   safeguarded loop take over. A fixed step count keeps the hot path free of data-dependent
//   branches, which matters when inputs come in random order (a frame evaluates many animations
//   at unrelated progress values).
// * Accuracy is certified, not hoped for. A tolerance on x alone does not bound t where x′(t) is
//   tiny (at a flat end of the curve x changes by 1e−12 while t changes by 1e−6), so the solver
//   stops only when a Newton–Kantorovich bound proves |t − t*| ≤ tolerance, or when a bracket that
//   always holds t* is narrower than the tolerance. See `_newton`.
// * Inputs in the last 1/32 are solved on the mirrored curve (u = 1 − t, 1 − x, 1 − y). Near either
//   end the residual is then computed from small numbers, so it keeps its relative precision where
//   the curve is flat (x1 = 0 or x2 = 1, as in every ease curve).
// * A handful of curves near (x1, x2) = (1, 0) have x′(t) ≈ 0 in the middle (exactly 0 at t = ½ for
//   (1, 0, 0, 1)); there plain doubles cannot resolve t well enough, however many iterations run.
//   `init` detects them and routes them to a slower path whose residual is computed in
//   double-double arithmetic. Typical curves never take it.
//
// Out of scope: control points with x outside [0, 1] (clamped, see `init`), and y values so large
// that 1e−7 is below their rounding error (see `value(at:)`).

/// A unit cubic Bézier timing curve: maps input progress x ∈ [0, 1] to output progress y.
///
/// The curve starts at (0, 0), ends at (1, 1) and is shaped by two control points. It is the
/// engine behind `CAMediaTimingFunction` and every other Bézier-paced animation in Kinema.
///
/// ```swift
/// let easeInOut = CubicBezierTimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
/// easeInOut.value(at: 0.25)   // ≈ 0.1291
/// easeInOut.value(at: 0.5)    // ≈ 0.5
/// easeInOut.slope(at: 0)      // 0: it starts at rest
/// ```
///
/// **Semantics.** y may leave [0, 1] (overshoot curves such as (0.65, −0.55, 0.27, 1.55) are
/// valid); x1 and x2 are clamped to [0, 1], which keeps x(t) monotone so that every input has
/// exactly one answer. Non-finite control values make the curve linear. Equality and hashing
/// compare the four effective (clamped) control values.
///
/// **Cost.** `init` does 31 small root solves and a conditioning check and allocates the
/// 33-entry guess table (about 2 µs). The value is 160 bytes; copies share the table, and
/// evaluation never allocates.
public struct CubicBezierTimingCurve: Sendable, Hashable {
    /// The x of the first control point, clamped to [0, 1].
    public let x1: Double
    /// The y of the first control point.
    public let y1: Double
    /// The x of the second control point, clamped to [0, 1].
    public let x2: Double
    /// The y of the second control point.
    public let y2: Double

    /// x(t) and y(t) as polynomials in t: used for inputs x ≤ 31/32.
    @usableFromInline let forwardX: _BezierCubic
    @usableFromInline let forwardY: _BezierCubic
    /// 1 − x(1 − u) and 1 − y(1 − u) as polynomials in u = 1 − t: used for inputs x > 31/32.
    @usableFromInline let mirroredX: _BezierCubic
    @usableFromInline let mirroredY: _BezierCubic
    /// max |x″(t)| on [0, 1] (the same for the mirrored polynomial): the Kantorovich constant.
    @usableFromInline let curvatureBound: Double
    /// How close to the true parameter a solve must get: y's Lipschitz constant times this is at
    /// most `Self.valueTolerance`.
    @usableFromInline let parameterTolerance: Double
    /// x(t) ≡ y(t) (x1 = y1 and x2 = y2): y = x exactly, no solve.
    @usableFromInline let isIdentity: Bool
    /// x′(t) nearly vanishes inside (0, 1); residuals need double-double precision.
    @usableFromInline let isIllConditioned: Bool
    /// t at x = k / 32 for k = 0 ... 32. An array because it is read at a computed index: a
    /// fixed-size inline value (a tuple or `SIMD32`) read that way is copied to the stack on every
    /// call, while the array's elements are loaded in place. Never mutated, so it is shared by
    /// every copy of the curve.
    @usableFromInline let guessTable: [Double]

    /// The absolute error in y the solver certifies, before rounding. `init`'s conditioning check
    /// keeps the error that rounding can add to t below the same amount in y, and evaluating y(t)
    /// adds about 1e−15, so the total stays below the documented 1e−7.
    static let valueTolerance = 2.5e-8

    /// The smallest parameter tolerance asked for: about two units in the last place at t ≈ 1.
    static let parameterToleranceFloor = 4.0e-16

    /// Number of cells in the guess table (a power of two so that indexing is exact). A computed
    /// property so that inlined callers see a constant rather than a lazily initialised global.
    @inlinable static var guessCells: Int { 32 }

    /// Inputs above this (the last table cell) are solved on the mirrored polynomial. Only there
    /// can x′ be tiny near t = 1 (x2 ≈ 1); everywhere else the forward polynomial is accurate, and
    /// a split this lopsided is a branch the processor predicts even for inputs in random order.
    @inlinable static var mirrorThreshold: Double { 31.0 / 32.0 }

    /// Creates the curve through (0, 0), (x1, y1), (x2, y2), (1, 1).
    ///
    /// ```swift
    /// let standard = CubicBezierTimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    /// ```
    ///
    /// - x1 and x2 are clamped to [0, 1]; that keeps x(t) non-decreasing, so each input progress
    ///   has one output. (Apple's documentation does not say what Core Animation does with them.)
    /// - If any value is NaN or infinite, or y is so large (beyond ±1e307) that the polynomial
    ///   overflows, the curve is the linear one, (0, 0, 1, 1). No diagnostic is emitted here;
    ///   Apple-facing wrappers validate and report.
    ///
    /// Cost: about 2 µs (the guess table and a conditioning check).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        var p = (x1: x1, y1: y1, x2: x2, y2: y2)
        if !(p.x1.isFinite && p.y1.isFinite && p.x2.isFinite && p.y2.isFinite) {
            p = (0, 0, 1, 1)
        }
        p.x1 = min(max(p.x1, 0), 1)
        p.x2 = min(max(p.x2, 0), 1)
        var fx = _BezierCubic(p1: p.x1, p2: p.x2)
        var fy = _BezierCubic(p1: p.y1, p2: p.y2)
        var mx = _BezierCubic(p1: 1 - p.x2, p2: 1 - p.x1)
        var my = _BezierCubic(p1: 1 - p.y2, p2: 1 - p.y1)
        if !(fy.isFinite && my.isFinite) {
            p = (0, 0, 1, 1)
            fx = _BezierCubic(p1: 0, p2: 1)
            mx = fx
            fy = fx
            my = fx
        }
        self.x1 = p.x1
        self.y1 = p.y1
        self.x2 = p.x2
        self.y2 = p.y2
        forwardX = fx
        forwardY = fy
        mirroredX = mx
        mirroredY = my
        curvatureBound = max(abs(2 * fx.b), abs(6 * fx.a + 2 * fx.b))

        // |y′(t)| ≤ 3·max(|y1|, |y2 − y1|, |1 − y2|) (convex hull of y′'s Bernstein coefficients),
        // and those three sum to 1, so the bound is at least 1.
        let yLipschitz = 3 * max(abs(p.y1), abs(p.y2 - p.y1), abs(1 - p.y2))
        parameterTolerance = max(Self.valueTolerance / yLipschitz, Self.parameterToleranceFloor)

        isIdentity = p.x1 == p.y1 && p.x2 == p.y2
        isIllConditioned =
            Self.roundingRisk(forward: fx, mirrored: mx) * yLipschitz > Self.valueTolerance

        // The table is filled with a plain solve; it only seeds Newton, so its accuracy matters
        // for speed, never for the answer.
        var table = [0.0]
        table.reserveCapacity(Self.guessCells + 1)
        var previous = 0.0
        for k in 1 ..< Self.guessCells {
            let target = Double(k) / Double(Self.guessCells)
            previous = Self._newton(
                fx, target: target, start: previous, lower: previous, upper: 1,
                curvatureBound: curvatureBound, tolerance: 1e-9)
            table.append(previous)
        }
        table.append(1)
        guessTable = table
    }

    /// A pessimistic estimate of the parameter error that double-precision residuals can cause:
    /// max over t of (rounding error of x(t) − x) / x′(t). Times y's Lipschitz constant it bounds
    /// the error in y that rounding alone would cause on the regular path.
    ///
    /// The residual's rounding error is about 16 u (|a|s³ + |b|s² + |c|s + x) for the half in use;
    /// dividing by x′ turns it into an error in t (first order, which overestimates it where x′
    /// vanishes). x′ is a quadratic, so its interior minimum is at its vertex; the vertex and a
    /// 64-point grid are checked.
    static func roundingRisk(forward: _BezierCubic, mirrored: _BezierCubic) -> Double {
        let unitRoundoff = 0x1p-53
        func risk(atT t: Double) -> Double {
            let useMirror = forward.value(t) > mirrorThreshold
            let cubic = useMirror ? mirrored : forward
            let s = useMirror ? 1 - t : t
            let magnitude = ((abs(cubic.a) * s + abs(cubic.b)) * s + abs(cubic.c)) * s + cubic.value(s)
            let derivative = cubic.derivative(s)
            guard derivative > 0 else { return magnitude > 0 ? .infinity : 0 }
            return 16 * unitRoundoff * magnitude / derivative
        }
        var worst = 0.0
        for k in 1 ..< 64 {
            worst = max(worst, risk(atT: Double(k) / 64))
        }
        if forward.a > 0 {
            let vertex = -forward.b / (3 * forward.a)
            if vertex > 0 && vertex < 1 {
                worst = max(worst, risk(atT: vertex))
            }
        }
        return worst
    }
}

// MARK: - Equality

extension CubicBezierTimingCurve {
    /// Two curves are equal when their effective (clamped) control values are equal.
    public static func == (lhs: CubicBezierTimingCurve, rhs: CubicBezierTimingCurve) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    /// Hashes the four effective control values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }
}

// MARK: - Evaluation

extension CubicBezierTimingCurve {
    /// The output progress y at input progress `x`.
    ///
    /// ```swift
    /// let easeIn = CubicBezierTimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// easeIn.value(at: 0.5)   // ≈ 0.3153
    /// ```
    ///
    /// - `x` is clamped to [0, 1]: `value(at: 0) == 0` and `value(at: 1) == 1` exactly, and so is
    ///   everything below 0 or above 1. NaN is treated as 0 (returns 0); nothing traps.
    /// - A curve whose control points satisfy x1 = y1 and x2 = y2 (the linear curve among them)
    ///   returns `x` exactly.
    /// - Tolerance: absolute error below 1e−7 for every curve (x1, x2 ∈ [0, 1], degenerate ones
    ///   included) whose |y1| and |y2| are at most 10⁴; for larger y the error grows in
    ///   proportion to them (about 1e−15 × max(|y1|, |y2|) from rounding alone).
    /// - Where y(t) is monotone (for example y1, y2 ∈ [0, 1]) the result is monotone in `x` to
    ///   within that tolerance.
    /// - Cost: about 15 ns on typical curves; about 200 ns on the rare curves with x′(t) ≈ 0
    ///   inside (0, 1), such as (1, 0, 0, 1). No allocation.
    @inlinable @inline(__always)
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        if isIdentity { return x }
        let (s, mirrored) = _solve(x)
        if mirrored {
            return 1 - mirroredY.value(s)
        }
        return forwardY.value(s)
    }

    /// The parameter t ∈ [0, 1] at which the curve's x equals `x`, that is, x(t) = x.
    ///
    /// ```swift
    /// let linear = CubicBezierTimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)
    /// linear.solveParameter(forX: 0.5)   // 0.5; x(t) = 3t² − 2t³ for this curve
    /// ```
    ///
    /// `x` is clamped to [0, 1] and NaN is treated as 0. Because x(t) is strictly increasing the
    /// answer is unique. Tolerance: |t − t*| ≤ 2.5e−8 / (3·max(|y1|, |y2 − y1|, |1 − y2|)), at
    /// most about 8e−9 (tight enough for y to meet `value(at:)`'s bound), plus rounding where
    /// x′(t) ≈ 0. Cost: as `value(at:)`.
    public func solveParameter(forX x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let (s, mirrored) = _solve(x)
        return mirrored ? 1 - s : s
    }

    /// The slope dy/dx of the curve at input progress `x`: the output's speed relative to the
    /// input's, used to hand velocity from one animation to the next.
    ///
    /// ```swift
    /// let easeOut = CubicBezierTimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// easeOut.slope(at: 0)   // ≈ 1.724 (= 1 / 0.58): it leaves fast
    /// easeOut.slope(at: 1)   // 0: it arrives at rest
    /// ```
    ///
    /// - `x` is clamped to [0, 1] (NaN is treated as 0), so at the ends this is the one-sided
    ///   slope from inside the curve.
    /// - Where dx/dt = 0 the slope is the limit: when dy/dt = 0 there as well it is the ratio of
    ///   the first non-vanishing higher derivatives (easeIn's slope at 0 is 0, the linear
    ///   curve's is 1); when dy/dt ≠ 0 the tangent is vertical and the result is ±infinity.
    ///   Callers turning slopes into velocities should clamp.
    /// - Curves with x1 = y1 and x2 = y2 have slope 1 everywhere.
    /// - Tolerance: relative error about 1e−7 where dx/dt is not small; near a vertical tangent the
    ///   slope is very large and only its order of magnitude is meaningful. Cost: as `value(at:)`.
    public func slope(at x: Double) -> Double {
        if isIdentity { return 1 }
        let s: Double
        let mirrored: Bool
        if !(x > 0) {
            (s, mirrored) = (0, false)
        } else if !(x < 1) {
            (s, mirrored) = (0, true)
        } else {
            (s, mirrored) = _solve(x)
        }
        let cx = mirrored ? mirroredX : forwardX
        let cy = mirrored ? mirroredY : forwardY
        // The mirrored polynomials' derivatives in u equal the forward ones in t (both signs
        // flip), and the second derivatives both change sign, so every ratio below carries over.
        let dx = max(cx.derivative(s), 0)
        let dy = cy.derivative(s)
        if dx != 0 { return dy / dx }
        if dy != 0 { return dy > 0 ? .infinity : -.infinity }
        let ddx = cx.secondDerivative(s)
        let ddy = cy.secondDerivative(s)
        if ddx != 0 { return ddy / ddx }
        if ddy != 0 { return ddy > 0 ? .infinity : -.infinity }
        // x‴ = 6a never vanishes together with x′ and x″: x(t) would be constant.
        return cy.a / cx.a
    }
}

// MARK: - Solver

extension CubicBezierTimingCurve {
    /// Solves x(t) = x for x ∈ (0, 1). Returns the parameter in the half's variable: t when
    /// `mirrored` is false, u = 1 − t when it is true.
    @inlinable @inline(__always)
    func _solve(_ x: Double) -> (parameter: Double, mirrored: Bool) {
        if isIllConditioned {
            return _solveIllConditioned(x)
        }
        let mirrored = x > Self.mirrorThreshold
        // Exact: 1 − x has no rounding error for x ∈ [½, 1] (Sterbenz).
        let target = mirrored ? 1 - x : x
        let cubic = mirrored ? mirroredX : forwardX
        let start = _start(x, target: target, cubic: cubic, mirrored: mirrored)
        // Fast path: two plain Newton steps, then the certificate of `_newton` at the second.
        // A fixed step count keeps the hot path free of data-dependent branches (with inputs in
        // random order, a loop whose trip count varies costs more in mispredictions than the
        // extra step). The first step needs no safeguard: the certificate is valid from any
        // point of [0, 1], however it was reached. If it fails (flat ends far from the table's
        // reach, a wild first step), the safeguarded loop starts over from the guess.
        let s1 = start - (cubic.value(start) - target) / cubic.derivative(start)
        let f = cubic.value(s1) - target
        let d = cubic.derivative(s1)
        let step = f / d
        let m = curvatureBound
        if s1 >= 0 && s1 <= 1 && d > 0 && m * abs(step) <= 0.5 * d
            && 2 * m * step * step <= parameterTolerance * d {
            return (min(max(s1 - step, 0), 1), mirrored)
        }
        return (_solveSafeguarded(cubic, target: target, start: start), mirrored)
    }

    /// The safeguarded loop, kept out of line so that the inlined fast path stays small.
    @usableFromInline @inline(never)
    func _solveSafeguarded(_ cubic: _BezierCubic, target: Double, start: Double) -> Double {
        Self._newton(
            cubic, target: target, start: start, lower: 0, upper: 1,
            curvatureBound: curvatureBound, tolerance: parameterTolerance)
    }

    /// Newton's starting point, in the half's variable.
    ///
    /// In the two end cells (within 1/32 of 0 or 1) the curve can behave like √x (x1 = 0 or
    /// x2 = 1, as in every ease curve), which a linear interpolation misses by orders of magnitude
    /// near the end. There the start is the root of the curve's quadratic part, c·s + b·s² =
    /// target, which costs one square root and is accurate to the neglected a·s³. Elsewhere it is
    /// the table's interpolation.
    @inlinable @inline(__always)
    func _start(_ x: Double, target: Double, cubic: _BezierCubic, mirrored: Bool) -> Double {
        if target < 1 / Double(Self.guessCells) {
            // 2·target / (c + √(c² + 4·b·target)): the smaller root, without cancellation. NaN when
            // the discriminant is negative, infinite when c = b = 0; both fail the range check.
            let root = 2 * target / (cubic.c + (cubic.c * cubic.c + 4 * cubic.b * target).squareRoot())
            if root > 0 && root < 1 { return root }
        }
        let guess = _guess(x)
        return mirrored ? 1 - guess : guess
    }

    /// The table's linear interpolation of t(x).
    @inlinable @inline(__always)
    func _guess(_ x: Double) -> Double {
        let scaled = x * Double(Self.guessCells)
        // x ∈ (0, 1), so the cell is 0 ... 31; the mask only makes that evident.
        let cell = Int(scaled) & (Self.guessCells - 1)
        let fraction = scaled - Double(cell)
        let left = guessTable[cell]
        let right = guessTable[cell + 1]
        return left + (right - left) * fraction
    }

    /// Safeguarded Newton for cubic(s) = target on [lower, upper] ⊆ [0, 1], where cubic is
    /// non-decreasing and cubic(lower) ≤ target ≤ cubic(upper).
    ///
    /// The bracket [lo, hi] always holds the root s*: each residual's sign moves one end. A Newton
    /// step that would leave it is replaced by bisection, and after 16 Newton steps only bisection
    /// runs, so the loop ends (at the latest when no double lies strictly inside the bracket).
    ///
    /// Stopping. A small |f| or a small step does not bound |s − s*| where f′ is tiny, so neither is
    /// used. Instead, with f = cubic(s) − target, d = f′(s) > 0, δ = f / d and M ≥ |f″| on [0, 1]:
    /// because f is monotone and |f′ − d| ≤ M·|σ − s|, f moves by at least d·e − M·e²/2 over a
    /// distance e ≤ d / M, so if h = M·|δ| / d ≤ ½ the root lies within e ≤ 2|δ| of s. Taylor's
    /// theorem at s then gives, for the Newton point s − δ,
    ///     |s − δ − s*| ≤ M·e² / (2d) ≤ 2·M·δ² / d,
    /// and the loop returns when that is at most the tolerance. The other exit is a bracket narrower
    /// than the tolerance. Rounding adds about (rounding error of f) / d, which `init`'s
    /// conditioning check keeps below 2.5e−8 in y (a first-order estimate that overstates it) on
    /// every curve that uses this path; other curves take `_solveIllConditioned`.
    @inlinable
    static func _newton(
        _ cubic: _BezierCubic, target: Double, start: Double, lower: Double, upper: Double,
        curvatureBound: Double, tolerance: Double
    ) -> Double {
        var lo = lower
        var hi = upper
        var s = start
        var newtonSteps = 16
        while true {
            let f = cubic.value(s) - target
            if f > 0 { hi = s } else if f < 0 { lo = s } else { return s }
            if hi - lo <= tolerance { return 0.5 * (lo + hi) }
            var next = 0.5 * (lo + hi)
            if newtonSteps > 0 {
                newtonSteps -= 1
                let d = cubic.derivative(s)
                let step = f / d
                let newton = s - step
                if d > 0 && curvatureBound * abs(step) <= 0.5 * d
                    && 2 * curvatureBound * step * step <= tolerance * d {
                    return min(max(newton, lo), hi)
                }
                if newton > lo && newton < hi { next = newton }
            }
            if !(next > lo && next < hi) { return next }
            s = next
        }
    }

    /// The slow, exact-residual path for curves whose x′(t) nearly vanishes inside (0, 1).
    ///
    /// Near such a point x(t) − x ≈ x′·s + a·s³ with x′ ≈ 0, so a residual error ε moves the root by
    /// up to (ε / a)^⅓: 3e−6 for ε = 1e−16, far above the tolerance. Computing the residual in
    /// double-double (ε ≈ 1e−31) brings that to 3e−11. Coefficients are rebuilt exactly from the
    /// control points. The loop is Newton inside a bracket; when a step gets smaller than the
    /// tolerance it is stretched past the predicted root, so the next residual usually closes the
    /// bracket from the other side; after 64 steps it bisects.
    @usableFromInline @inline(never)
    func _solveIllConditioned(_ x: Double) -> (parameter: Double, mirrored: Bool) {
        let mirrored = x > Self.mirrorThreshold
        let target = mirrored ? 1 - x : x
        let p1 = mirrored ? _DoubleDouble.difference(1, x2) : _DoubleDouble(x1)
        let p2 = mirrored ? _DoubleDouble.difference(1, x1) : _DoubleDouble(x2)
        let exact = _ExactCubic(p1: p1, p2: p2)
        let cubic = mirrored ? mirroredX : forwardX
        var s = _start(x, target: target, cubic: cubic, mirrored: mirrored)
        var lo = 0.0
        var hi = 1.0
        let tolerance = parameterTolerance
        var newtonSteps = 64
        while true {
            let f = exact.residual(s, target: target)
            if f > 0 { hi = s } else if f < 0 { lo = s } else { return (s, mirrored) }
            if hi - lo <= tolerance { return (0.5 * (lo + hi), mirrored) }
            var next = 0.5 * (lo + hi)
            if newtonSteps > 0 {
                newtonSteps -= 1
                let step = f / cubic.derivative(s)
                var newton = s - step
                if abs(step) < 0.25 * tolerance {
                    newton -= f > 0 ? 0.25 * tolerance : -0.25 * tolerance
                }
                if newton > lo && newton < hi { next = newton }
            }
            if !(next > lo && next < hi) { return (next, mirrored) }
            s = next
        }
    }
}

// MARK: - Polynomials

/// a·s³ + b·s² + c·s: one coordinate of a unit cubic Bézier, with c = 3p1, b = 3p2 − 6p1,
/// a = 1 + 3p1 − 3p2 for control values p1, p2 (end values 0 and 1).
@usableFromInline
struct _BezierCubic: Sendable {
    @usableFromInline let a: Double
    @usableFromInline let b: Double
    @usableFromInline let c: Double

    init(p1: Double, p2: Double) {
        c = 3 * p1
        b = 3 * (p2 - p1) - c
        a = 1 - c - b
    }

    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && (3 * a).isFinite }

    @inlinable @inline(__always)
    func value(_ s: Double) -> Double { ((a * s + b) * s + c) * s }

    @inlinable @inline(__always)
    func derivative(_ s: Double) -> Double { (3 * a * s + 2 * b) * s + c }

    @inlinable @inline(__always)
    func secondDerivative(_ s: Double) -> Double { 6 * a * s + 2 * b }
}

/// An unevaluated sum hi + lo with |lo| ≤ ½ ulp(hi): about 106 bits of precision.
struct _DoubleDouble: Sendable {
    var hi: Double
    var lo: Double

    init(_ value: Double) {
        hi = value
        lo = 0
    }

    init(hi: Double, lo: Double) {
        self.hi = hi
        self.lo = lo
    }

    /// a − b exactly (Knuth's two-sum).
    static func difference(_ a: Double, _ b: Double) -> _DoubleDouble {
        sum(a, -b)
    }

    static func sum(_ a: Double, _ b: Double) -> _DoubleDouble {
        let s = a + b
        let bb = s - a
        return _DoubleDouble(hi: s, lo: (a - (s - bb)) + (b - bb))
    }

    /// Renormalises when |a| ≥ |b| (or a = 0).
    static func quickSum(_ a: Double, _ b: Double) -> _DoubleDouble {
        let s = a + b
        return _DoubleDouble(hi: s, lo: b - (s - a))
    }

    static func + (l: _DoubleDouble, r: _DoubleDouble) -> _DoubleDouble {
        let s = sum(l.hi, r.hi)
        return quickSum(s.hi, s.lo + (l.lo + r.lo))
    }

    /// Veltkamp's split of a into a high half with 26 significant bits and the exact rest.
    static func split(_ a: Double) -> (hi: Double, lo: Double) {
        let c = 134_217_729 * a  // 2^27 + 1
        let hi = c - (c - a)
        return (hi, a - hi)
    }

    /// a × b exactly (Dekker's two-product). Written without a fused multiply-add: on baseline
    /// x86-64 that would be a libm call, and it would tie KinemaTiming to libm. Exact while the
    /// operands stay far from overflow, as the curve's coefficients (|·| ≤ 10) and s ∈ [0, 1] do.
    static func product(_ a: Double, _ b: Double) -> _DoubleDouble {
        let p = a * b
        let (ah, al) = split(a)
        let (bh, bl) = split(b)
        let e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
        return _DoubleDouble(hi: p, lo: e)
    }

    static func * (l: _DoubleDouble, r: Double) -> _DoubleDouble {
        let p = product(l.hi, r)
        return quickSum(p.hi, p.lo + l.lo * r)
    }

    static prefix func - (v: _DoubleDouble) -> _DoubleDouble {
        _DoubleDouble(hi: -v.hi, lo: -v.lo)
    }
}

/// `_BezierCubic` with double-double coefficients and residual.
struct _ExactCubic {
    let a: _DoubleDouble
    let b: _DoubleDouble
    let c: _DoubleDouble

    init(p1: _DoubleDouble, p2: _DoubleDouble) {
        c = p1 * 3
        b = p2 * 3 + -(p1 * 6)
        a = _DoubleDouble(1) + c + -(p2 * 3)
    }

    /// ((a·s + b)·s + c)·s − target, carried in double-double and rounded once at the end.
    func residual(_ s: Double, target: Double) -> Double {
        var v = a * s + b
        v = v * s + c
        v = v * s + _DoubleDouble(-target)
        return v.hi + v.lo
    }
}
