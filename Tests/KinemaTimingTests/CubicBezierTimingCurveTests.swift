// Tests for CubicBezierTimingCurve against mpmath references (Scripts/references/
// timing_curve_references.py → References/timing_curves.json) and seeded property tests.
import KinemaGeometry
import KinemaSupport
import KinemaTestSupport
import KinemaTiming
import Testing

/// The decoded References/timing_curves.json.
private struct TimingCurveReferences: Decodable {
    struct Curve: Decodable {
        var name: String
        /// The effective control points (x1, y1, x2, y2) the reference was computed for.
        var points: [Double]
        /// The values passed to `init` when they differ from `points` (x outside [0, 1]).
        var input: [Double]?
        /// y at each of `xs`.
        var ys: [Double]
        /// t at each of `xs` (special curves only).
        var ts: [Double]?
        /// dy/dx at each of `slopeXs`, nil near a vertical tangent (special curves only).
        var slopes: [Double?]?

        var curve: CubicBezierTimingCurve {
            let p = input ?? points
            return CubicBezierTimingCurve(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
        }
    }

    var xs: [Double]
    var slopeXs: [Double]
    var curves: [Curve]

    static func load() throws -> TimingCurveReferences {
        try loadReference("timing_curves", as: TimingCurveReferences.self, in: .module)
    }
}

private extension SplitMix64 {
    /// x control values: mostly uniform, sometimes exactly 0 or 1 (flat ends, as in ease curves),
    /// always rounded through Float as Apple's API does.
    mutating func controlX() -> Double {
        switch next() % 8 {
        case 0: 0
        case 1: 1
        default: Double(Float(unit()))
        }
    }
}

/// x(t) and y(t) in Bernstein form, written independently of the engine's monomial form.
private func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
}

private func bernsteinDerivative(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
    let u = 1 - t
    return 3 * (u * u * p1 + 2 * u * t * (p2 - p1) + t * t * (1 - p2))
}

@Suite("CubicBezierTimingCurve")
struct CubicBezierTimingCurveTests {
    /// The documented bound on |value(at:) − y| (see `value(at:)`).
    static let valueTolerance = 1e-7

    @Test("reference file decodes inputs exactly")
    func referenceInputsRoundTrip() throws {
        let references = try TimingCurveReferences.load()
        #expect(references.xs.contains(Double.leastNonzeroMagnitude))
        #expect(references.xs.contains(1.0.nextDown))
        #expect(references.xs.contains(0.5.nextUp))
        #expect(references.curves.count >= 120)
        for curve in references.curves {
            #expect(curve.ys.count == references.xs.count, "\(curve.name)")
        }
    }

    @Test("value(at:) is within 1e-7 of the 80-digit reference on every curve")
    func valuesMatchReference() throws {
        let references = try TimingCurveReferences.load()
        var worst = (error: 0.0, curve: "", x: 0.0)
        for reference in references.curves {
            let curve = reference.curve
            for (x, expected) in zip(references.xs, reference.ys) {
                let error = abs(curve.value(at: x) - expected)
                if error > worst.error { worst = (error, reference.name, x) }
                #expect(error < Self.valueTolerance, "\(reference.name) at x = \(x)")
            }
        }
        #expect(worst.error < Self.valueTolerance, "worst: \(worst)")
    }

    @Test("solveParameter(forX:) is within 1e-8 of the reference parameter")
    func parametersMatchReference() throws {
        let references = try TimingCurveReferences.load()
        for reference in references.curves {
            guard let ts = reference.ts else { continue }
            let curve = reference.curve
            for (x, expected) in zip(references.xs, ts) {
                let t = curve.solveParameter(forX: x)
                #expect(abs(t - expected) <= 1e-8, "\(reference.name) at x = \(x): \(t) vs \(expected)")
            }
        }
    }

    /// dy/dx = y′(t) / x′(t) with t off by δ changes by about (|y″| + |slope|·|x″|)·δ / x′; with
    /// x′ > 1e-3 (the reference leaves out steeper points) and δ ≤ 1e-8 that is below 1e-4 of
    /// the slope's scale, so the check is relative 1e-4 (plus 1e-9 for slopes near 0).
    @Test("slope(at:) matches the reference dy/dx where the tangent is not near vertical")
    func slopesMatchReference() throws {
        let references = try TimingCurveReferences.load()
        for reference in references.curves {
            guard let slopes = reference.slopes else { continue }
            let curve = reference.curve
            for (x, expected) in zip(references.slopeXs, slopes) {
                guard let expected else { continue }
                let slope = curve.slope(at: x)
                #expect(
                    abs(slope - expected) <= 1e-4 * max(1, abs(expected)) + 1e-9,
                    "\(reference.name) at x = \(x): \(slope) vs \(expected)")
            }
        }
    }

    @Test("the ends are exact and inputs outside [0, 1], infinities and NaN are clamped")
    func endpointsAndClamping() throws {
        let references = try TimingCurveReferences.load()
        for reference in references.curves {
            let curve = reference.curve
            #expect(curve.value(at: 0) == 0, "\(reference.name)")
            #expect(curve.value(at: 1) == 1, "\(reference.name)")
            #expect(curve.value(at: -0.25) == 0, "\(reference.name)")
            #expect(curve.value(at: 1.5) == 1, "\(reference.name)")
            #expect(curve.value(at: -.infinity) == 0, "\(reference.name)")
            #expect(curve.value(at: .infinity) == 1, "\(reference.name)")
            #expect(curve.value(at: .nan) == 0, "\(reference.name): NaN counts as 0")
            #expect(curve.solveParameter(forX: 0) == 0, "\(reference.name)")
            #expect(curve.solveParameter(forX: 1) == 1, "\(reference.name)")
            #expect(curve.solveParameter(forX: .nan) == 0, "\(reference.name)")
            #expect(curve.slope(at: -3) == curve.slope(at: 0), "\(reference.name)")
            #expect(curve.slope(at: 7) == curve.slope(at: 1), "\(reference.name)")
        }
    }

    @Test("a curve with x1 = y1 and x2 = y2, such as linear, returns x exactly")
    func identityCurves() {
        var rng = SplitMix64(state: 7)
        let linear = CubicBezierTimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)
        let diagonal = CubicBezierTimingCurve(x1: 0.3, y1: 0.3, x2: 0.9, y2: 0.9)
        for _ in 0 ..< 2000 {
            let x = rng.unit()
            #expect(linear.value(at: x) == x)
            #expect(diagonal.value(at: x) == x)
            #expect(linear.slope(at: x) == 1)
        }
    }

    @Test("x control values are clamped to [0, 1]; non-finite control values give the linear curve")
    func sanitisedControlPoints() {
        let clamped = CubicBezierTimingCurve(x1: 1.5, y1: 0.2, x2: -0.5, y2: 0.8)
        #expect(clamped == CubicBezierTimingCurve(x1: 1, y1: 0.2, x2: 0, y2: 0.8))
        #expect((clamped.x1, clamped.x2) == (1, 0))
        let linear = CubicBezierTimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(CubicBezierTimingCurve(x1: bad, y1: 0, x2: 1, y2: 1) == linear)
            #expect(CubicBezierTimingCurve(x1: 0.2, y1: bad, x2: 1, y2: 1) == linear)
            #expect(CubicBezierTimingCurve(x1: 0.2, y1: 0, x2: bad, y2: 1) == linear)
            #expect(CubicBezierTimingCurve(x1: 0.2, y1: 0, x2: 1, y2: bad) == linear)
        }
        let overflowing = CubicBezierTimingCurve(x1: 0.2, y1: 1e308, x2: 0.8, y2: -1e308)
        #expect(overflowing == linear)
        #expect(overflowing.value(at: 0.3) == 0.3)
    }

    @Test("equality and hashing follow the control values")
    func equality() {
        let a = CubicBezierTimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        let b = CubicBezierTimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        let c = CubicBezierTimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1.0000001)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
    }

    @Test("slopes at flat and vertical ends take the limiting value")
    func slopeLimits() {
        let easeIn = CubicBezierTimingCurve(x1: Double(Float(0.42)), y1: 0, x2: 1, y2: 1)
        let easeOut = CubicBezierTimingCurve(x1: 0, y1: 0, x2: Double(Float(0.58)), y2: 1)
        // easeIn leaves along the line to (0.42, 0): slope 0; it arrives along (1, 1)–(1, 1)…
        // both x′ and y′ vanish at t = 1, and the limit is y″/x″ = (1 − 0) / (1 − 0.42).
        #expect(easeIn.slope(at: 0) == 0)
        #expect(abs(easeIn.slope(at: 1) - 1 / (1 - Double(Float(0.42)))) < 1e-12)
        #expect(abs(easeOut.slope(at: 0) - 1 / Double(Float(0.58))) < 1e-12)
        #expect(easeOut.slope(at: 1) == 0)
        #expect(easeOut.slope(at: .nan) == easeOut.slope(at: 0))

        let verticalStart = CubicBezierTimingCurve(x1: 0, y1: 0.5, x2: 0.5, y2: 1)
        #expect(verticalStart.slope(at: 0) == .infinity)
        let verticalDown = CubicBezierTimingCurve(x1: 0, y1: -0.5, x2: 0.5, y2: 1)
        #expect(verticalDown.slope(at: 0) == -.infinity)
        // (1, 0, 0, 1): x′(½) = 0 while y′(½) = 1.5, a vertical tangent at x = ½.
        let flatMiddle = CubicBezierTimingCurve(x1: 1, y1: 0, x2: 0, y2: 1)
        #expect(flatMiddle.slope(at: 0.5) > 1e3)
        // (1, 1, 0, 0) is the diagonal even though x′ and y′ both vanish at t = ½.
        #expect(CubicBezierTimingCurve(x1: 1, y1: 1, x2: 0, y2: 0).slope(at: 0.5) == 1)
        // x1 = y1 = 0 and x2 = y2 = 0 is the diagonal too; with y2 ≠ x2 the limit at 0 is y″/x″.
        let cubicStart = CubicBezierTimingCurve(x1: 0, y1: 0, x2: 0.25, y2: 0.75)
        #expect(abs(cubicStart.slope(at: 0) - 3) < 1e-12)
    }

    @Test("round trip: value(at: x(t)) = y(t) on 4000 seeded random curves, overshoot included")
    func roundTripProperty() {
        var rng = SplitMix64(state: 0x5EED_0001)
        var checked = 0
        for _ in 0 ..< 4000 {
            let x1 = rng.controlX(), x2 = rng.controlX()
            let y1 = Double(Float(rng.scaledUnit(-2 ... 3))), y2 = Double(Float(rng.scaledUnit(-2 ... 3)))
            let curve = CubicBezierTimingCurve(x1: x1, y1: y1, x2: x2, y2: y2)
            for _ in 0 ..< 8 {
                let t = rng.unit()
                // Where x′(t) is tiny the rounding of x(t) itself moves the answer; skip those.
                guard bernsteinDerivative(x1, x2, t) > 1e-3 else { continue }
                let x = bernstein(x1, x2, t)
                let y = bernstein(y1, y2, t)
                #expect(
                    abs(curve.value(at: x) - y) < Self.valueTolerance,
                    "(\(x1), \(y1), \(x2), \(y2)) at t = \(t)")
                #expect(abs(curve.solveParameter(forX: x) - t) < 1e-8)
                checked += 1
            }
        }
        #expect(checked > 20000)
    }

    @Test("monotone y control values give output monotone in x and inside [0, 1]")
    func monotoneProperty() {
        var rng = SplitMix64(state: 0x5EED_0002)
        for _ in 0 ..< 2000 {
            let curve = CubicBezierTimingCurve(
                x1: rng.controlX(), y1: Double(Float(rng.unit())), x2: rng.controlX(), y2: Double(Float(rng.unit())))
            var xs = (0 ..< 24).map { _ in rng.unit() }
            xs += [1e-12, 1e-6, 0.5, 1 - 1e-6, 1 - 1e-12]
            xs.sort()
            var previous = 0.0
            for x in xs {
                let y = curve.value(at: x)
                #expect(y >= previous - 2 * Self.valueTolerance, "\(curve) at \(x)")
                #expect(y >= -Self.valueTolerance && y <= 1 + Self.valueTolerance)
                previous = y
            }
        }
    }

    @Test("solveParameter is non-decreasing and inverts x(t) to within x's rounding")
    func parameterProperty() {
        var rng = SplitMix64(state: 0x5EED_0003)
        for _ in 0 ..< 2000 {
            let x1 = rng.controlX(), x2 = rng.controlX()
            let curve = CubicBezierTimingCurve(x1: x1, y1: rng.scaledUnit(-2 ... 3), x2: x2, y2: rng.scaledUnit(-2 ... 3))
            var xs = (0 ..< 16).map { _ in rng.unit() }
            xs.sort()
            var previous = 0.0
            for x in xs {
                let t = curve.solveParameter(forX: x)
                #expect(t >= 0 && t <= 1)
                #expect(t >= previous - 2e-8)
                // |x(t) − x| ≤ max x′ · |t − t*| ≤ 3 · 1e-8.
                #expect(abs(bernstein(x1, x2, t) - x) <= 3e-8)
                previous = t
            }
        }
    }
}
