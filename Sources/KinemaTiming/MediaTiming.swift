// MediaTiming: the eight CAMediaTiming parameters as a value, and the time mapping they define.
//
// Audited against: CAMediaTiming docs and CAMediaTiming.h header comments (beginTime, duration,
//   speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode); CATransaction
//   `animationDuration` ("Defaults to 1/4s"); Technical Q&A QA1673 (pausing a layer);
//   UIView `setAnimationRepeatAutoreverses(_:)` (a repeat counts a whole forward+backward cycle).
// Status: complete for the documented rules. Where Apple documents nothing, the choice made and
//   the public evidence behind it are written next to the code (see "Undocumented corners" in
//   `MediaTiming`'s comment): negative speed, timeOffset wrap-around, the exact end time, and
//   repeatCount and repeatDuration set together.
//
// The resolution itself (parent time → active, progress, iteration, local time) lives in
// MediaTiming+Resolve.swift. Timing maths knows no layers: a layer is described to it only as
// "a timing container" (no default duration), an animation as "a timed object" (a default).

import KinemaSupport
import KinemaGeometry

/// What a timed object shows outside its active interval: Core Animation's `fillMode`.
///
/// ```swift
/// var timing = MediaTiming(duration: 1)
/// timing.fillMode = .forwards   // keep showing the final state once finished
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
/// Cost: a one-byte enum.
public enum MediaTimingFillMode: Sendable, Hashable, CaseIterable {
    /// Not part of the presentation outside the active interval (Apple's default).
    case removed
    /// After the active interval, hold the final state.
    case forwards
    /// Before the active interval, hold the initial state.
    case backwards
    /// Hold the initial state before and the final state after the active interval.
    case both

    /// Whether the object is shown, holding its initial state, before its active interval.
    @inlinable @inline(__always) public var fillsBackwards: Bool { self == .backwards || self == .both }

    /// Whether the object is shown, holding its final state, after its active interval.
    @inlinable @inline(__always) public var fillsForwards: Bool { self == .forwards || self == .both }
}

/// The timing of one object in Core Animation's timing hierarchy (a layer, an animation, a group):
/// where it starts in its parent's time, how fast it runs, how long an iteration lasts, how often
/// it repeats, whether it plays back, and what it shows outside its active interval.
///
/// ```swift
/// var timing = MediaTiming(beginTime: 1, duration: 2)
/// timing.repeatCount = 1.5
/// timing.fillMode = .forwards
/// let state = timing.resolve(parentTime: 5, defaultDuration: MediaTiming.defaultAnimationDuration)
/// // 5 s is past the end (1 + 2 × 1.5 = 4 s): state.phase == .after, state.isActive == true,
/// // state.progress == 0.5 (the final state of a one-and-a-half-iteration run)
/// ```
///
/// ## The timeline
///
/// Parent time `tp` becomes **active local time** `t = (tp − beginTime) × speed + timeOffset`
/// (the header's formula), then **basic local time**: `t` wrapped into one iteration of `duration`
/// seconds, played backwards on the second half of each cycle when `autoreverses` is set.
/// `progress` is basic local time ÷ duration, before any timing function.
///
/// ```text
///  duration d = 1, repeatCount = 2.5, speed = 1, timeOffset = 0, fillMode = .both
///
///  parent time ──┬──────────────┬──────────────┬──────────────────────┬───────────────────▶
///            beginTime         +1             +2                  +2.5 = end
///                │◀───────────── active interval [begin, end) ───────▶│
///   fill         │ iteration 0  │ iteration 1  │ iteration 2 (½)      │  fill
///   backwards:   │ 0 ─────────▶1│ 0 ─────────▶1│ 0 ───▶ ½             │  forwards:
///   holds 0      │              │              │                      │  holds ½
///  ══════════════╪══════════════╪══════════════╪══════════════════════╪═══════════════════
///
///  autoreverses = true: one cycle is forward then backward (2 × d); repeatCount counts cycles
///
///                │◀──────── cycle 0 ─────────▶│◀─ cycle 1 (½) ─▶│
///                │ 0 ─────▶ 1 ─────▶ 0        │ 0 ─────▶ 1      │  fill forwards holds 1
///                begin                        +2d               +3d = end   (repeatCount 1.5)
///
///  timeOffset shifts the phase, not the interval: the object still runs for its whole active
///  duration and wraps around (d = 1.5, timeOffset = 1):
///
///                │ 1.0 ──▶ 1.5 │ 0 ─────────▶ 1.0 │
///                begin        +0.5               +1.5 = end     fill forwards holds 1.0 (⅔)
///
///  speed scales the parent's seconds: speed 2 runs the same interval in half the parent time;
///  speed 0 freezes local time at timeOffset; negative speed runs local time backwards from
///  timeOffset (see below).
/// ```
///
/// ## Defaults and durations
///
/// Apple's defaults: beginTime 0, duration 0, speed 1, timeOffset 0, repeatCount 0,
/// repeatDuration 0, autoreverses false, fillMode `.removed`. `duration` 0 means "no duration of
/// its own"; what that becomes is the caller's `defaultDuration` in ``resolve(parentTime:defaultDuration:)``:
/// - an **animation** passes the enclosing transaction's duration,
///   ``defaultAnimationDuration`` (0.25 s) unless the transaction says otherwise;
/// - a **layer** passes `nil`: a layer with duration 0 is a pure timing container — it never
///   ends, never wraps, and passes its active local time straight through to its sublayers and
///   animations (that is how QA1673's pause and `convertTime(_:from:)` behave). A layer given a
///   positive duration is timed like any other object.
///
/// repeatCount and repeatDuration bound the **active duration** `A` (in local seconds):
/// `repeatDuration` when it is positive, else `repeatCount × cycle` when repeatCount is positive
/// (fractional counts play part of a cycle; `.infinity` repeats forever), else one cycle, where a
/// cycle is `duration`, or `2 × duration` with `autoreverses`. In parent time the object is active
/// on `[beginTime, beginTime + A / |speed|)`.
///
/// ## Undocumented corners (decisions, with the public evidence)
///
/// - **timeOffset wraps.** The offset shifts where in its cycle the object starts, not when it
///   stops: a 3 s animation with timeOffset 1.5 starts in the middle, plays to the end, then
///   plays the skipped first half. Reported by developers on Stack Overflow ("timeOffset:
///   C→D→E→A→B") and in annotated copies of CAMediaTiming.h. Hence the active interval is
///   decided from `(tp − beginTime) × |speed|`, and the offset only moves the phase.
/// - **Negative speed** runs local time backwards from timeOffset over the same active interval:
///   with timeOffset 0 a single-iteration object goes from its final state (progress 1) back to
///   its initial state. Evidence: Applidium's ADTransitionController reverses a transition by
///   negating its animations' speed (timeOffset 0, fill forwards); lottie-ios's Core Animation
///   engine plays a clip backwards with `speed = -1` and `timeOffset` at the clip's start. Apple
///   does not document it; the iteration boundaries are taken from the side local time arrives
///   from, so a reversed run is the exact mirror image of a forward one.
/// - **At exactly the end** the object is finished: the interval is half-open, `[begin, end)`.
///   With fill forwards it shows the final state, which is the limit of the running state (so a
///   1-iteration run ends at progress 1, not at the start of a next iteration). No published
///   measurement of Apple's frame at exactly `end` was found; with fill forwards the choice is
///   invisible, with `.removed` it decides whether the last frame is drawn.
/// - **repeatCount and repeatDuration both set**: Apple calls it undefined; Kinema uses
///   repeatDuration.
/// - `repeatDuration` is read in the object's local seconds, like `duration` (so speed 2 halves
///   the parent time it lasts).
///
/// ## Bad input
///
/// Every property is checked when set (and by the initialiser); a bad value is replaced and one
/// diagnostic is emitted under `"CAMediaTiming"`:
///
/// | property | rejected | replaced by |
/// |---|---|---|
/// | beginTime, timeOffset | NaN, ±∞ | 0 |
/// | speed | NaN, ±∞ | 1 |
/// | duration | NaN, ∞, negative | 0 (the default duration) |
/// | repeatCount, repeatDuration | NaN, negative | 0 (one cycle) |
///
/// So a `MediaTiming` value always holds valid parameters and resolving it never needs checks.
///
/// Cost: six `Double`s, a `Bool` and a one-byte enum (50 bytes); copying and hashing are trivial.
public struct MediaTiming: Sendable, Hashable {
    /// The transaction duration an animation with `duration` 0 gets by default: a quarter second
    /// (CATransaction `animationDuration`: "Defaults to 1/4s").
    public static let defaultAnimationDuration: Double = 0.25

    /// Where the object starts, in its parent's time (seconds). Default 0.
    public var beginTime: Double {
        didSet { if !beginTime.isFinite { beginTime = Self.rejected("beginTime", beginTime, 0) } }
    }

    /// The duration of one iteration in local seconds; 0 (the default) means "use the default
    /// duration" (see ``resolve(parentTime:defaultDuration:)``).
    public var duration: Double {
        didSet {
            if !(duration >= 0 && duration < .infinity) { duration = Self.rejected("duration", duration, 0) }
        }
    }

    /// How fast local time runs against parent time: 2 is twice as fast, 0 freezes, negative runs
    /// local time backwards. Default 1.
    public var speed: Double {
        didSet { if !speed.isFinite { speed = Self.rejected("speed", speed, 1) } }
    }

    /// An offset added in active local time: `t = (tp − beginTime) × speed + timeOffset`.
    /// It shifts the phase (and wraps around), not the active interval. Default 0.
    public var timeOffset: Double {
        didSet { if !timeOffset.isFinite { timeOffset = Self.rejected("timeOffset", timeOffset, 0) } }
    }

    /// How many cycles to play; may be fractional, `.infinity` repeats forever, 0 (the default)
    /// plays one cycle. With `autoreverses`, one cycle is forward plus backward.
    public var repeatCount: Double {
        didSet { if !(repeatCount >= 0) { repeatCount = Self.rejected("repeatCount", repeatCount, 0) } }
    }

    /// How long to repeat, in local seconds; when positive it sets the active duration instead
    /// of `repeatCount`. `.infinity` repeats forever. Default 0.
    public var repeatDuration: Double {
        didSet {
            if !(repeatDuration >= 0) { repeatDuration = Self.rejected("repeatDuration", repeatDuration, 0) }
        }
    }

    /// Whether each cycle plays forwards then backwards (doubling its length). Default false.
    public var autoreverses: Bool

    /// What the object shows outside its active interval. Default `.removed`.
    public var fillMode: MediaTimingFillMode

    /// Creates a timing with Apple's defaults for every parameter not given.
    ///
    /// Bad values are replaced as listed in the type's documentation, with one diagnostic each.
    public init(
        beginTime: Double = 0,
        duration: Double = 0,
        speed: Double = 1,
        timeOffset: Double = 0,
        repeatCount: Double = 0,
        repeatDuration: Double = 0,
        autoreverses: Bool = false,
        fillMode: MediaTimingFillMode = .removed
    ) {
        self.beginTime = beginTime.isFinite ? beginTime : Self.rejected("beginTime", beginTime, 0)
        self.duration = duration >= 0 && duration < .infinity ? duration : Self.rejected("duration", duration, 0)
        self.speed = speed.isFinite ? speed : Self.rejected("speed", speed, 1)
        self.timeOffset = timeOffset.isFinite ? timeOffset : Self.rejected("timeOffset", timeOffset, 0)
        self.repeatCount = repeatCount >= 0 ? repeatCount : Self.rejected("repeatCount", repeatCount, 0)
        self.repeatDuration =
            repeatDuration >= 0 ? repeatDuration : Self.rejected("repeatDuration", repeatDuration, 0)
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Reports a rejected parameter and returns its replacement.
    static func rejected(_ name: String, _ value: Double, _ replacement: Double) -> Double {
        KinemaDiagnostics.emit(
            "CAMediaTiming",
            "\(name) \(value) is not a valid value; using \(replacement) instead"
        )
        return replacement
    }
}

extension MediaTiming {
    /// Active local time for a parent time: `(parentTime − beginTime) × speed + timeOffset`, the
    /// header's formula, with no wrapping or clamping.
    ///
    /// For a layer (a timing container) this is the time its sublayers and animations see, i.e.
    /// what `convertTime(parentTime, from: superlayer)` returns.
    ///
    /// ```swift
    /// MediaTiming(beginTime: 1, speed: 2, timeOffset: 0.5).activeLocalTime(forParentTime: 3) // 4.5
    /// ```
    ///
    /// Cost: one subtraction, one multiply-add.
    @inlinable
    public func activeLocalTime(forParentTime parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }

    /// The parent time at which active local time equals `activeLocalTime`: the inverse of
    /// ``activeLocalTime(forParentTime:)``, `beginTime + (activeLocalTime − timeOffset) / speed`.
    ///
    /// Returns nil when speed is 0 (every parent time maps to `timeOffset`, so there is no single
    /// answer) and when the result is not finite (for example a NaN argument).
    ///
    /// ```swift
    /// let timing = MediaTiming(beginTime: 1, speed: 2, timeOffset: 0.5)
    /// timing.parentTime(forActiveLocalTime: 4.5) // 3
    /// ```
    ///
    /// Tolerance: exact up to the rounding of one subtraction, one division and one addition.
    @inlinable
    public func parentTime(forActiveLocalTime activeLocalTime: Double) -> Double? {
        guard speed != 0 else { return nil }
        let parent = beginTime + (activeLocalTime - timeOffset) / speed
        return parent.isFinite ? parent : nil
    }

    /// The duration of one iteration after the default is applied, or nil for a timing
    /// container (duration 0 with no usable default: nil, 0, negative, NaN or infinite).
    @inlinable
    public func effectiveDuration(defaultDuration: Double?) -> Double? {
        let basic = duration > 0 ? duration : (defaultDuration ?? 0)
        return basic > 0 && basic < .infinity ? basic : nil
    }

    /// The active duration in local seconds (`repeatDuration`, or `repeatCount` cycles, or one
    /// cycle); `.infinity` for a timing container or an object that repeats forever.
    ///
    /// ```swift
    /// MediaTiming(duration: 2, repeatCount: 1.5, autoreverses: true)
    ///     .activeDuration(defaultDuration: nil) // 6: 1.5 cycles of (2 forward + 2 backward)
    /// ```
    @inlinable
    public func activeDuration(defaultDuration: Double?) -> Double {
        guard let basic = effectiveDuration(defaultDuration: defaultDuration) else { return .infinity }
        let cycle = autoreverses ? basic + basic : basic
        if repeatDuration > 0 { return repeatDuration }
        return repeatCount > 0 ? repeatCount * cycle : cycle
    }

    /// The parent time at which the object finishes, `beginTime + activeDuration / |speed|`;
    /// `.infinity` if it never does (a container, endless repeats, or speed 0).
    ///
    /// The active interval is half-open: at exactly this time the object is already finished.
    @inlinable
    public func endTime(defaultDuration: Double?) -> Double {
        let active = activeDuration(defaultDuration: defaultDuration)
        let magnitude = speed.magnitude
        guard magnitude > 0, active < .infinity else { return .infinity }
        return beginTime + active / magnitude
    }
}
