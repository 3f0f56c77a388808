// LiveTimebase: media time that runs in real time, shared by the main thread (which advances the
// stage's manual clock to it each turn) and the render thread (which draws the frame for it).
//
// Audited against: the CAMediaTiming overview (absolute time is a monotonic clock in seconds) and
//   CACurrentMediaTime(). Status: complete. Kinema choice: live time starts at the stage's time
//   when playback starts, so scenes built for the headless stage (beginTime 0, `stage.at(0.5)`)
//   play unchanged.

import KinemaSupport
import KinemaGeometry
import KinemaTiming

/// Media time for live playback: `start` + the seconds `reference` has advanced since the
/// timebase was made.
///
/// ```swift
/// let timebase = LiveTimebase(startingAt: stage.time)     // reference: the monotonic clock
/// timebase.now                                          // 0.0, then 0.016…, 0.033…
/// ```
///
/// **Semantics.** `Sendable`, immutable: any thread may read `now` at any time; readings never go
/// backwards (the reference is monotonic, or a manual clock that cannot move back). In live
/// playback the reference is `MediaClock.system` (CLOCK_MONOTONIC); tests pass a manual clock they
/// advance by hand, so the render thread sees exactly the times the test chooses.
///
/// **Cost.** One clock read per `now` (≈ 20 ns for the system clock).
public final class LiveTimebase: Sendable {
    /// The clock whose advance is media time's advance.
    public let reference: MediaClock
    /// Media time when the timebase was made.
    public let start: Double
    /// `reference.now` when the timebase was made.
    private let origin: Double

    /// A timebase reading `start` now and running with `reference` (the monotonic system clock
    /// by default). A non-finite `start` is reported and replaced by 0.
    public init(reference: MediaClock = .system, startingAt start: Double = 0) {
        var start = start
        if !start.isFinite {
            KinemaDiagnostics.emit("Live", "a live timebase cannot start at \(start); starting at 0")
            start = 0
        }
        self.reference = reference
        self.start = start
        self.origin = reference.now
    }

    /// The current media time in seconds.
    public var now: Double {
        start + max(0, reference.now - origin)
    }
}
