// ScrollPhysics: every number of UIScrollView's motion in one place, and the closed forms the
// motion is evaluated from (deceleration, rubber band, bounce-back springs, the animated ease).
//
// Audited against: UIKIT_SEMANTICS §5.1 (deceleration rates per millisecond, v(t) = v0·d^(1000t),
//   x(t) = x0 + v0·(d^(1000t) − 1)/(1000·ln d), the stop threshold measured at 10 pt/s, release
//   velocity from the trailing ~100 ms, pan slop 10 pt, indicators 2.5 pt / 3 pt / 0.4 s) and
//   §5.2 (rubber band f(x) = (1 − 1/(x·c/d + 1))·d, c = 0.55, d = the bounds' length on the axis;
//   bounce-back critically damped at ω = 11 /s after an outward release, overdamped with decay
//   rates 9 and 46 /s from a held overscroll).
// Status: complete for the scrolling the issue lists. Numbers marked UNCONFIRMED are Kinema's
//   choices (no measurement or Apple statement found); each says why it was chosen.
//
// Every motion is a function of the time since it began, so a position does not depend on the
// frame rate it is sampled at:
//
//   released at t = 0         edge crossed at tc               settled at ts
//   |— decay x0 + v0(1 − e^(−kt))/k —|— spring edge + (A + Bτ)e^(−ωτ) —|— rests on the edge
//
// where k = −1000·ln d (per second) and τ = t − tc.

import Foundation

/// The constants and closed forms of UIScrollView's motion.
enum ScrollPhysics {
    /// Distance the finger travels before a pan begins, in points (UIPanGestureRecognizer's
    /// hysteresis; the content then follows the finger 1:1 from there).
    static let panSlop: CGFloat = 10
    /// A deceleration stops when its speed drops below this, in points per second (measured on
    /// iOS 26.1, UIKIT_SEMANTICS §5.1).
    static let stopSpeed: CGFloat = 10
    /// Rubber-band stiffness c of f(x) = (1 − 1/(x·c/d + 1))·d (UIKIT_SEMANTICS §5.2).
    static let rubberBandCoefficient: CGFloat = 0.55
    /// Angular frequency of the critically damped bounce-back after an outward release or an
    /// edge crossed while decelerating, per second (measured, §5.2).
    static let bounceOmega: Double = 11
    /// Decay rates of the overdamped bounce-back from a held overscroll, per second (measured, §5.2).
    static let heldBounceRates: (slow: Double, fast: Double) = (9, 46)
    /// Below this speed (points per second) a release in the overscroll counts as "held" (§5.2).
    static let heldReleaseSpeed: CGFloat = 50
    /// A bounce-back spring rests once it is this close to the edge (points) and slower than
    /// `stopSpeed`. UNCONFIRMED: a tenth of a point is below a pixel at any screen scale.
    static let springRestDistance: Double = 0.1
    /// The longest a spring runs before it is put on the edge, in seconds (a guard; the springs
    /// above settle in well under a second).
    static let springMaximumDuration: Double = 5
    /// Duration of `setContentOffset(_:animated:)` and `scrollRectToVisible(_:animated:)`, in
    /// seconds. UNCONFIRMED: 0.25 s, Core Animation's default duration (Vercantez/openuikit chose
    /// the same), with the ease-in-ease-out curve.
    static let animatedScrollDuration: Double = 0.25
    /// Paging (UNCONFIRMED rule, §5.2): the release velocity is projected with the `.fast` rate,
    /// the nearest page to that is chosen, at most one page from the page the drag began on; the
    /// scroll view then decelerates at the `.fast` rate onto it.
    static let pagingRate: CGFloat = 0.99

    /// Indicator thickness, points (measured, §5.1).
    static let indicatorThickness: CGFloat = 2.5
    /// Gap between an indicator and the scroll view's edges, points (measured, §5.1).
    static let indicatorInset: CGFloat = 3
    /// How long indicators take to fade out once scrolling stops, seconds (measured, §5.1).
    static let indicatorFadeDuration: Double = 0.4
    /// How long `flashScrollIndicators()` keeps them fully visible before fading. UNCONFIRMED:
    /// 0.5 s, long enough to be seen.
    static let indicatorFlashHold: Double = 0.5
    /// Shortest indicator, points, unless rubber-banding squeezes it. UNCONFIRMED: 36 pt.
    static let indicatorMinimumLength: CGFloat = 36
    /// Opacity of the default indicator colour (black), as measured (§5.1).
    static let indicatorAlpha: CGFloat = 0.35

    // MARK: Deceleration

    /// k = −1000·ln d: the decay constant per second of a rate per millisecond.
    static func decayConstant(_ rate: CGFloat) -> Double {
        -1000 * log(Double(rate))
    }

    /// Position after `t` seconds of decay from `x0` at velocity `v0` (pt/s) at `rate` per ms:
    /// x0 + v0·(d^(1000t) − 1)/(1000·ln d).
    static func decayedPosition(_ x0: Double, _ v0: Double, k: Double, at t: Double) -> Double {
        x0 + v0 * (1 - exp(-k * t)) / k
    }

    /// Velocity after `t` seconds: v0·d^(1000t).
    static func decayedVelocity(_ v0: Double, k: Double, at t: Double) -> Double {
        v0 * exp(-k * t)
    }

    /// How long a decay from `v0` runs before |v| < `stopSpeed`: ln(|v0|/stop)/k; 0 when already slower.
    static func decayDuration(_ v0: Double, k: Double) -> Double {
        let speed = abs(v0), stop = Double(stopSpeed)
        return speed > stop ? log(speed / stop) / k : 0
    }

    /// Where a decay from `x0` at `v0` comes to rest: x0 + (v0 ∓ stopSpeed)/k (the WWDC18
    /// projection x0 + (v0/1000)·d/(1 − d) without the last `stopSpeed` of speed).
    static func restingPosition(_ x0: Double, _ v0: Double, k: Double) -> Double {
        let speed = abs(v0), stop = Double(stopSpeed)
        guard speed > stop else { return x0 }
        return x0 + (v0 < 0 ? -(speed - stop) : speed - stop) / k
    }

    /// The velocity whose decay comes to rest exactly `distance` away (for a target the
    /// delegate changed, or a page): distance·k ± stopSpeed.
    static func velocity(toTravel distance: Double, k: Double) -> Double {
        guard distance != 0 else { return 0 }
        return distance * k + (distance < 0 ? -Double(stopSpeed) : Double(stopSpeed))
    }

    /// When a decay from `x0` at `v0` reaches `edge`, if it does before it stops (seconds).
    static func crossingTime(_ x0: Double, _ v0: Double, k: Double, edge: Double) -> Double? {
        let argument = 1 - (edge - x0) * k / v0
        guard v0 != 0, argument > 0, argument <= 1 else { return nil }
        let t = -log(argument) / k
        return t <= decayDuration(v0, k: k) ? t : nil
    }

    // MARK: Rubber band

    /// The displayed overscroll for a raw (finger) overscroll `x` ≥ 0 over an axis `length` long:
    /// (1 − 1/(x·c/d + 1))·d. Always below `length`.
    static func rubberBand(_ x: CGFloat, length d: CGFloat) -> CGFloat {
        guard d > 0, x > 0 else { return 0 }
        return (1 - 1 / (x * rubberBandCoefficient / d + 1)) * d
    }

    /// The raw overscroll that displays as `y` (the inverse of `rubberBand`): y / (c·(1 − y/d)).
    static func rawOverscroll(displayed y: CGFloat, length d: CGFloat) -> CGFloat {
        guard d > 0, y > 0 else { return 0 }
        let fraction = min(y / d, 0.999)
        return y / (rubberBandCoefficient * (1 - fraction))
    }
}
