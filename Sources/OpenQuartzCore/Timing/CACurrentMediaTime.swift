// CACurrentMediaTime: Core Animation's clock, read from Kinema's MediaClock.
//
// Audited against: CACurrentMediaTime docs and the CAMediaTiming overview ("Absolute time is
//   defined as mach time converted to seconds. The CACurrentMediaTime() function is provided as
//   a convenience for getting the current absolute time."); CFTimeInterval (a Double number of
//   seconds). Status: complete.

import KinemaRenderServer
import KinemaTiming

/// The current Core Animation absolute time in seconds: `MediaClock.current.now`.
///
/// By default that is the system's monotonic clock (seconds since an arbitrary point, never
/// going backwards). Headless rendering and tests install a manual clock, which makes every
/// timing computation deterministic:
///
/// ```swift
/// let clock = MediaClock.manual(at: 10)
/// MediaClock.withCurrent(clock) {
///     CACurrentMediaTime()            // 10
///     clock.advance(by: 1.0 / 60)
///     CACurrentMediaTime()            // 10.0166…
/// }
/// ```
///
/// A task-local clock installed with `MediaClock.withCurrent(_:operation:)` takes precedence
/// over the process-wide `MediaClock.current`.
///
/// Cost: one task-local lookup and one clock read (≈ 20–40 ns).
public func CACurrentMediaTime() -> CFTimeInterval {
    MediaClock.current.now
}
