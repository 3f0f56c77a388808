// CAMediaTiming: Apple's timing protocol, adopted by CALayer and CAAnimation, and its fill modes.
//
// Audited against: CAMediaTiming protocol docs and CAMediaTiming.h (property types, defaults and
//   comments); CAMediaTimingFillMode docs and the kCAFillMode* constants (raw values "removed",
//   "forwards", "backwards", "both"). Status: complete; the timing rules themselves, and how the
//   undocumented corners (negative speed, timeOffset wrap-around, the exact end time) are
//   decided, are documented on KinemaTiming's `MediaTiming`.

import KinemaSupport
import KinemaTiming

/// How a timed object behaves outside its active duration (Apple's `fillMode` values).
///
/// ```swift
/// animation.fillMode = .forwards      // hold the final state after the animation ends
/// ```
///
/// ```text
///              before begin      [begin ─── active ─── end)      after end
/// .removed     (not shown)        plays                         (not shown)
/// .backwards   holds the start    plays                         (not shown)
/// .forwards    (not shown)        plays                         holds the end
/// .both        holds the start    plays                         holds the end
/// ```
///
/// Like Apple's type it wraps a string, so unknown raw values can be created; a timed object
/// with an unknown fill mode is timed as `.removed`, with a diagnostic.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The fill mode's name: `"removed"`, `"forwards"`, `"backwards"` or `"both"`.
    public let rawValue: String

    /// Creates a fill mode from its name (no check is made here; see the type's comment).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The receiver is removed from the presentation when the animation is completed (and is
    /// not shown before it begins). The default.
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The receiver remains visible in its final state when the animation is completed.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The receiver shows its initial state before the animation begins (local time before zero
    /// is clamped to zero).
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// The receiver clamps local time at both ends: initial state before, final state after.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    /// The engine's fill mode, or nil for an unknown raw value.
    package var engineValue: MediaTimingFillMode? {
        switch rawValue {
        case "removed": .removed
        case "forwards": .forwards
        case "backwards": .backwards
        case "both": .both
        default: nil
        }
    }
}

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
