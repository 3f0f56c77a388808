// CAMediaTiming: Apple's timing protocol, adopted by CALayer and CAAnimation, and its fill modes.
//
// Audited against: CAMediaTiming protocol docs and CAMediaTiming.h (property types, defaults and
//   comments); CAMediaTimingFillMode docs and the kCAFillMode* constants (raw values "removed",
//   "forwards", "backwards", "both"). Status: complete; the timing rules themselves, and how the
//   undocumented corners (negative speed, timeOffset wrap-around, the exact end time) are
//   decided, are documented on KinemaTiming's `MediaTiming`.

import KinemaRenderServer
import KinemaSupport
import KinemaTiming

/// Methods that model a hierarchical timing system, allowing objects to map time between their
/// parent and local time (Apple's protocol, adopted by `CALayer` and `CAAnimation`).
///
/// ```swift
/// final class Clip: CAMediaTiming {
///     var beginTime: CFTimeInterval = 0
///     var duration: CFTimeInterval = 0
///     var speed: Float = 1
///     var timeOffset: CFTimeInterval = 0
///     var repeatCount: Float = 0
///     var repeatDuration: CFTimeInterval = 0
///     var autoreverses = false
///     var fillMode: CAMediaTimingFillMode = .removed
/// }
/// ```
///
/// Parent time `tp` maps to active local time `t = (tp − beginTime) × speed + timeOffset`, then to
/// basic local time by repeating `duration` (`repeatCount` or `repeatDuration` times, playing
/// backwards on alternate halves with `autoreverses`); `fillMode` decides what is shown outside
/// the active duration:
///
/// ```text
///  parent time ───────────┬───────────────┬───────────────┬──────────┬──────────────▶
///                     beginTime       +duration      +2×duration    end
///   fill backwards:       │ iteration 0   │ iteration 1   │ ½        │ fill forwards:
///   holds the start       │ 0 ────────▶ 1 │ 0 ────────▶ 1 │ 0 ──▶ ½  │ holds ½
///                         ▲ local time t = timeOffset        (repeatCount = 2.5)
/// ```
///
/// Defaults (Apple's): beginTime 0, duration 0 (an animation then uses its transaction's
/// duration, 0.25 s by default), speed 1, timeOffset 0, repeatCount 0, repeatDuration 0,
/// autoreverses false, fillMode `.removed`.
public protocol CAMediaTiming: AnyObject {
    /// Specifies the begin time of the receiver in relation to its parent object, if applicable.
    /// Defaults to 0.
    var beginTime: CFTimeInterval { get set }
    /// Specifies the basic duration of the animation, in seconds. Defaults to 0.
    var duration: CFTimeInterval { get set }
    /// Specifies how time is mapped to receiver's time space from the parent time space: with
    /// 2, local time progresses twice as fast as parent time. Defaults to 1.
    var speed: Float { get set }
    /// Specifies an additional time offset in active local time:
    /// `t = (tp − beginTime) × speed + timeOffset`. Defaults to 0.
    var timeOffset: CFTimeInterval { get set }
    /// Determines the number of times the animation will repeat. May be fractional; 0 is
    /// ignored (one cycle). `Float.greatestFiniteMagnitude` (Apple's documented value) or
    /// `.infinity` repeats forever. Defaults to 0.
    var repeatCount: Float { get set }
    /// Determines how many seconds the animation will repeat for. Defaults to 0.
    var repeatDuration: CFTimeInterval { get set }
    /// Determines if the receiver plays in the reverse upon completion. Defaults to false.
    var autoreverses: Bool { get set }
    /// Determines if the receiver's presentation is frozen or removed once its active duration
    /// has completed. Defaults to `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}

extension CAMediaTiming {
    /// The receiver's timing as the engine's value type, ready for
    /// `resolve(parentTime:defaultDuration:)`.
    ///
    /// `speed` and `repeatCount` widen from Float exactly, except that a repeatCount of
    /// `Float.greatestFiniteMagnitude` ("will cause the animation to repeat forever", CAMediaTiming
    /// docs) becomes `.infinity`, so the engine sees an object that never ends. Bad values are
    /// replaced as
    /// `MediaTiming` documents (NaN or infinite times, a negative duration, a negative
    /// repeatCount …), and an unknown fill mode is timed as `.removed`; each emits a
    /// `"CAMediaTiming"` diagnostic every time this property is read, so callers convert once
    /// per change rather than once per frame.
    ///
    /// Cost: eight property reads and the checks of `MediaTiming.init`.
    package var mediaTiming: MediaTiming {
        let fill: MediaTimingFillMode
        if let known = fillMode.engineValue {
            fill = known
        } else {
            KinemaDiagnostics.emit(
                "CAMediaTiming",
                "unknown fillMode \"\(fillMode.rawValue)\"; timing the object as \"removed\""
            )
            fill = .removed
        }
        return MediaTiming(
            beginTime: beginTime,
            duration: duration,
            speed: Double(speed),
            timeOffset: timeOffset,
            repeatCount: repeatCount >= .greatestFiniteMagnitude ? .infinity : Double(repeatCount),
            repeatDuration: repeatDuration,
            autoreverses: autoreverses,
            fillMode: fill
        )
    }
}
