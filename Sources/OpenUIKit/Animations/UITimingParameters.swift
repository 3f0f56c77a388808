// UITimingParameters: the timing curves an animator can follow — cubic Bézier curves and springs.
//
// Audited against: Apple's docs of UITimingCurveProvider, UITimingCurveType (builtin 0, cubic 1,
//   spring 2, composed 3), UICubicTimingParameters (init(), init(animationCurve:),
//   init(controlPoint1:controlPoint2:), animationCurve, controlPoint1, controlPoint2) and
//   UISpringTimingParameters (init() "damping ratio 4.56", init(dampingRatio:),
//   init(dampingRatio:initialVelocity:), init(mass:stiffness:damping:initialVelocity:), the iOS 17
//   init(duration:bounce:) and init(duration:bounce:initialVelocity:), initialVelocity);
//   UIKIT_SEMANTICS §2.4 (a damping-ratio spring is fitted to the animator's duration; a
//   mass/stiffness/damping spring ignores it and runs until settled); APPLE_SEMANTICS "Springs".
// Status: complete for the initialisers and properties above. NSCoding / NSCopying are not
//   adopted (no archiving here); the providers are immutable, so sharing one is safe.
// Choices (UNCONFIRMED): a cubic made from control points reports `animationCurve` .easeInOut;
//   init() is the spring mass 3, stiffness 1000, damping 500 (Spring.uiKitDefault, ratio 4.5644).

import Foundation
import KinemaSupport
import KinemaTiming
import OpenQuartzCore

/// The kind of timing curve a provider describes (UITimingCurveType; raw values as UIKit's).
public enum UITimingCurveType: Int, Sendable {
    /// One of UIKit's named curves.
    case builtin = 0
    /// A cubic Bézier curve with custom control points.
    case cubic = 1
    /// A spring.
    case spring = 2
    /// Cubic and spring parameters together.
    case composed = 3
}

/// Timing information for an animator (UITimingCurveProvider).
@MainActor
public protocol UITimingCurveProvider: AnyObject {
    /// The kind of curve.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic parameters, if the curve has any.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring parameters, if the curve has any.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) (UICubicTimingParameters).
///
/// ```swift
/// let overshoot = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.65, y: -0.55),
///                                         controlPoint2: CGPoint(x: 0.27, y: 1.55))
/// ```
@MainActor
public final class UICubicTimingParameters: UITimingCurveProvider {
    /// The named curve (.easeInOut for a curve made from control points).
    public let animationCurve: UIView.AnimationCurve
    /// The first control point.
    public let controlPoint1: CGPoint
    /// The second control point.
    public let controlPoint2: CGPoint
    private let isBuiltin: Bool
    /// The Core Animation function that paces the curve.
    let timingFunction: CAMediaTimingFunction

    /// The ease-in-out curve.
    public convenience init() {
        self.init(animationCurve: .easeInOut)
    }

    /// One of UIKit's named curves; its control points are Core Animation's for the same name.
    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        isBuiltin = true
        timingFunction = curve.timingFunction
        var points: [Float] = [0, 0]
        timingFunction.getControlPoint(at: 1, values: &points)
        controlPoint1 = CGPoint(x: CGFloat(points[0]), y: CGFloat(points[1]))
        timingFunction.getControlPoint(at: 2, values: &points)
        controlPoint2 = CGPoint(x: CGFloat(points[0]), y: CGFloat(points[1]))
    }

    /// A custom curve through (0, 0), `point1`, `point2` and (1, 1). x values outside [0, 1] or
    /// non-finite values take `CAMediaTimingFunction`'s documented path (a diagnostic; clamped,
    /// or linear).
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        isBuiltin = false
        controlPoint1 = point1
        controlPoint2 = point2
        timingFunction = CAMediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
    }

    public var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }
}

/// A spring timing curve (UISpringTimingParameters).
///
/// ```swift
/// // Settle without overshoot, starting at half the distance per second.
/// let spring = UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: 0.5, dy: 0))
/// ```
///
/// Two kinds: a **damping-ratio** spring (`init(dampingRatio:…)`, iOS 17's duration and bounce)
/// is fitted to the animator's duration, as UIKit does (within 0.001 of the distance at the
/// end); a **physical** spring (`init(mass:stiffness:damping:initialVelocity:)`, `init()`) keeps
/// its own motion and the animator runs until it settles, whatever duration it was given.
@MainActor
public final class UISpringTimingParameters: UITimingCurveProvider {
    enum Kind {
        case ratio(Double)
        case physical(Spring)
    }

    /// The property's rate of change at the start, as a fraction of the animation's distance per
    /// second (dx; dy is used when dx is 0 — see docs/UIKIT.md, "Property animator").
    public let initialVelocity: CGVector
    let kind: Kind

    /// UIKit's default spring: damping ratio 4.56 (mass 3, stiffness 1000, damping 500), no
    /// initial velocity.
    public convenience init() {
        self.init(physical: Spring.uiKitDefault, velocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring with `ratio` (1: no overshoot; towards 0: more oscillation) and no initial velocity.
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring with `ratio` starting at `velocity` (fractions of the distance per second).
    /// A negative or non-finite ratio becomes 1, a non-finite velocity 0, each with a diagnostic.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        var r = Double(ratio)
        if !r.isFinite || r < 0 {
            KinemaDiagnostics.emit("UISpringTimingParameters", "dampingRatio \(ratio) must be finite and ≥ 0; used 1")
            r = 1
        }
        kind = .ratio(r)
        initialVelocity = Self.checked(velocity)
    }

    /// A physical spring. The damping ratio is damping / (2·√(stiffness·mass)). Invalid values
    /// (mass or stiffness ≤ 0, negative damping, non-finite) take `Spring`'s defaults with a
    /// diagnostic.
    public convenience init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        self.init(physical: Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping)), velocity: velocity)
    }

    /// iOS 17: a spring of perceptual `duration` and `bounce` (−1…1; 0 is critically damped),
    /// mapped as WWDC23 "Animate with springs" gives: mass 1, stiffness (2π / duration)²,
    /// damping 4π·ζ / duration with ζ = 1 − bounce, or 1 / (1 + bounce) for negative bounce.
    public convenience init(duration: TimeInterval, bounce: CGFloat) {
        self.init(duration: duration, bounce: bounce, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// iOS 17: the duration-and-bounce spring with an initial velocity.
    public convenience init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector) {
        var b = Double(bounce)
        if !b.isFinite {
            KinemaDiagnostics.emit("UISpringTimingParameters", "bounce \(bounce) is not finite; used 0")
            b = 0
        }
        self.init(physical: Spring(duration: duration, bounce: min(max(b, -1), 1)), velocity: velocity)
    }

    private init(physical spring: Spring, velocity: CGVector) {
        kind = .physical(spring)
        initialVelocity = Self.checked(velocity)
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }

    /// The one velocity an animator uses (its properties share one progress): dx, or dy when
    /// dx is 0.
    var scalarVelocity: Double {
        initialVelocity.dx != 0 ? Double(initialVelocity.dx) : Double(initialVelocity.dy)
    }

    /// The spring that runs over `duration` seconds starting at `velocity` (fractions of the
    /// distance per second), and how long it runs: a ratio spring fitted to `duration`; a
    /// physical spring as given, for its settling duration.
    func spring(over duration: Double, velocity: Double) -> (spring: Spring, duration: Double) {
        switch kind {
        case .ratio(let ratio):
            let d = duration > 0 ? duration : Spring.fallbackDuration
            let fitted = Spring(dampingRatio: ratio, duration: d, initialVelocity: velocity)
            return (Spring(mass: fitted.mass, stiffness: fitted.stiffness, damping: fitted.damping, initialVelocity: velocity), d)
        case .physical(let base):
            let spring = Spring(mass: base.mass, stiffness: base.stiffness, damping: base.damping, initialVelocity: velocity)
            return (spring, spring.settlingDuration)
        }
    }

    private static func checked(_ velocity: CGVector) -> CGVector {
        guard velocity.dx.isFinite, velocity.dy.isFinite else {
            KinemaDiagnostics.emit("UISpringTimingParameters", "initialVelocity (\(velocity.dx), \(velocity.dy)) is not finite; used zero")
            return CGVector(dx: 0, dy: 0)
        }
        return velocity
    }
}
