// CAMediaTimingFunction: Apple's Bézier timing function, evaluated by KinemaTiming's
// CubicBezierTimingCurve.
//
// Audited against: CAMediaTimingFunction docs (overview, init(name:), init(controlPoints:_:_:_:),
//   getControlPoint(at:values:)) and the CAMediaTimingFunctionName docs (linear, easeIn, easeOut,
//   easeInEaseOut, default), developer.apple.com/documentation/quartzcore.
// Status: complete for the Swift API, except NSObject / NSSecureCoding conformance and the
//   Objective-C class factories (functionWithName:, functionWithControlPoints::::). Apple's docs do
//   not say what happens to NaN control points, to x outside [0, 1], or to an index outside 0…3;
//   Kinema's choices are documented on each symbol and each reports a diagnostic. Beyond Apple:
//   `value(at:)` and `slope(at:)`.

import KinemaGeometry
import KinemaRenderServer
import KinemaSupport
import KinemaTiming

/// The name of one of Core Animation's predefined timing functions.
///
/// ```swift
/// let pacing = CAMediaTimingFunction(name: .easeInEaseOut)
/// ```
///
/// Raw values are the strings behind Apple's `kCAMediaTimingFunction…` constants. A name built
/// from any other string is accepted here, and `CAMediaTimingFunction(name:)` reports it and falls
/// back to linear pacing.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The string naming the function, such as `"easeIn"`.
    public let rawValue: String

    /// Wraps a raw name. Any string is accepted; only the five predefined names are known.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Linear pacing: the Bézier with control points (0.0, 0.0) and (1.0, 1.0).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Ease-in pacing, slow at first: control points (0.42, 0.0) and (1.0, 1.0).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Ease-out pacing, slow at the end: control points (0.0, 0.0) and (0.58, 1.0).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Ease-in-ease-out pacing: control points (0.42, 0.0) and (0.58, 1.0).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The system default, used by implicit animations: control points (0.25, 0.1) and (0.25, 1.0).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A function that defines the pacing of an animation as a cubic Bézier timing curve.
///
/// The curve maps input time normalised to [0, 1] to output time, starting at (0, 0) and ending
/// at (1, 1), shaped by two control points.
///
/// ```swift
/// let pacing = CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)
/// pacing == CAMediaTimingFunction(name: .default)   // true
/// pacing.value(at: 0.5)                             // ≈ 0.8024
/// ```
///
/// **Semantics.** Immutable and `Sendable`. Two functions are equal when their control points are
/// equal, whichever initialiser made them. Bad input never traps: it reports one
/// `KinemaDiagnostic` (domain `"CAMediaTimingFunction"`) and takes the choice each initialiser
/// documents.
///
/// **Cost.** Creating one costs about 2 µs (the curve's solver table); evaluating it costs about
/// 15 ns and never allocates.
public final class CAMediaTimingFunction: Sendable, Hashable, CustomStringConvertible {
    private let c1x: Float
    private let c1y: Float
    private let c2x: Float
    private let c2y: Float

    /// The curve that evaluates this function (with x clamped to [0, 1]), for Kinema's animation
    /// modules.
    @usableFromInline package let curve: CubicBezierTimingCurve

    /// Creates a timing function modelled as a cubic Bézier curve through (0, 0), (c1x, c1y),
    /// (c2x, c2y) and (1, 1).
    ///
    /// ```swift
    /// let overshoot = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)
    /// ```
    ///
    /// - y values may lie outside [0, 1] (the curve overshoots).
    /// - If any value is NaN or infinite: one diagnostic, and the function is linear, with control
    ///   points (0, 0) and (1, 1) (also as reported by `getControlPoint(at:values:)`).
    /// - If c1x or c2x lies outside [0, 1]: one diagnostic; `getControlPoint(at:values:)` returns
    ///   the values as given, and the curve is evaluated with them clamped to [0, 1], which keeps
    ///   the output a function of the input.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        var points = (c1x, c1y, c2x, c2y)
        if !(c1x.isFinite && c1y.isFinite && c2x.isFinite && c2y.isFinite) {
            KinemaDiagnostics.emit(
                "CAMediaTimingFunction",
                "control points (\(c1x), \(c1y)), (\(c2x), \(c2y)) are not all finite; using linear pacing")
            points = (0, 0, 1, 1)
        } else if !(0 ... 1).contains(c1x) || !(0 ... 1).contains(c2x) {
            KinemaDiagnostics.emit(
                "CAMediaTimingFunction",
                "control point x values \(c1x) and \(c2x) must lie in [0, 1]; evaluating with them clamped")
        }
        (self.c1x, self.c1y, self.c2x, self.c2y) = points
        curve = CubicBezierTimingCurve(
            x1: Double(points.0), y1: Double(points.1), x2: Double(points.2), y2: Double(points.3))
    }

    /// Creates one of the predefined timing functions.
    ///
    /// ```swift
    /// let pacing = CAMediaTimingFunction(name: .easeOut)
    /// ```
    ///
    /// The control points are those Apple documents for each `CAMediaTimingFunctionName`. A name
    /// that is not one of the five reports a diagnostic and gives linear pacing.
    public convenience init(name: CAMediaTimingFunctionName) {
        // The named curves are solved once (making a curve solves its coefficients and rounding
        // bounds, which implicit animations would otherwise pay for at every property change).
        switch name {
        case .linear: self.init(named: Self.linearCurve)
        case .easeIn: self.init(named: Self.easeInCurve)
        case .easeOut: self.init(named: Self.easeOutCurve)
        case .easeInEaseOut: self.init(named: Self.easeInEaseOutCurve)
        case .default: self.init(named: Self.defaultCurve)
        default:
            KinemaDiagnostics.emit(
                "CAMediaTimingFunction", "unknown timing function name \"\(name.rawValue)\"; using linear pacing")
            self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// A named function from its solved curve.
    private init(named: (points: (Float, Float, Float, Float), curve: CubicBezierTimingCurve)) {
        (c1x, c1y, c2x, c2y) = named.points
        curve = named.curve
    }

    private static func named(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float)
        -> (points: (Float, Float, Float, Float), curve: CubicBezierTimingCurve) {
        ((c1x, c1y, c2x, c2y), CubicBezierTimingCurve(x1: Double(c1x), y1: Double(c1y), x2: Double(c2x), y2: Double(c2y)))
    }

    private static let linearCurve = named(0, 0, 1, 1)
    private static let easeInCurve = named(0.42, 0, 1, 1)
    private static let easeOutCurve = named(0, 0, 0.58, 1)
    private static let easeInEaseOutCurve = named(0.42, 0, 0.58, 1)
    private static let defaultCurve = named(0.25, 0.1, 0.25, 1)

    /// Writes the x and y of control point `idx` to `ptr[0]` and `ptr[1]`.
    ///
    /// ```swift
    /// var point: [Float] = [0, 0]
    /// CAMediaTimingFunction(name: .easeIn).getControlPoint(at: 1, values: &point)   // [0.42, 0]
    /// ```
    ///
    /// Index 0 is (0, 0), 1 and 2 are the control points, 3 is (1, 1). `ptr` must point to room for
    /// two `Float`s. Apple requires `idx` in 0…3; any other index reports a diagnostic and writes
    /// nothing. Cost: constant.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (Float, Float)
        switch idx {
        case 0: point = (0, 0)
        case 1: point = (c1x, c1y)
        case 2: point = (c2x, c2y)
        case 3: point = (1, 1)
        default:
            KinemaDiagnostics.emit(
                "CAMediaTimingFunction", "control point index \(idx) is outside 0...3; nothing written")
            return
        }
        ptr[0] = point.0
        ptr[1] = point.1
    }

    /// The output progress for input progress `x` (Kinema addition; Apple evaluates timing
    /// functions only inside Core Animation).
    ///
    /// ```swift
    /// CAMediaTimingFunction(name: .easeIn).value(at: 0.5)   // ≈ 0.3153
    /// ```
    ///
    /// `x` is clamped to [0, 1] (NaN counts as 0); `value(at: 0) == 0` and `value(at: 1) == 1`
    /// exactly. Absolute error below 1e−7 for control y values up to 10⁴ in magnitude. About 15 ns.
    /// See `CubicBezierTimingCurve.value(at:)`.
    @inlinable
    public func value(at x: Double) -> Double {
        curve.value(at: x)
    }

    /// The slope dy/dx at input progress `x` (Kinema addition), for handing velocity between
    /// animations.
    ///
    /// ```swift
    /// CAMediaTimingFunction(name: .easeOut).slope(at: 1)   // 0
    /// ```
    ///
    /// `x` is clamped as in `value(at:)`. Where the tangent is vertical the result is ±infinity;
    /// where dx/dt and dy/dt vanish together it is their limiting ratio. See
    /// `CubicBezierTimingCurve.slope(at:)`.
    @inlinable
    public func slope(at x: Double) -> Double {
        curve.slope(at: x)
    }

    /// Equal when the control points are equal.
    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        lhs.c1x == rhs.c1x && lhs.c1y == rhs.c1y && lhs.c2x == rhs.c2x && lhs.c2y == rhs.c2y
    }

    /// Hashes the control points.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
    }

    /// `CAMediaTimingFunction(controlPoints: c1x, c1y, c2x, c2y)`. (Apple's is NSObject's
    /// `<CAMediaTimingFunction: 0x…>` form; this one shows the curve instead.)
    public var description: String {
        "CAMediaTimingFunction(controlPoints: \(c1x), \(c1y), \(c2x), \(c2y))"
    }
}
