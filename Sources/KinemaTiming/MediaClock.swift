// MediaClock: the time source behind CACurrentMediaTime(): the system's monotonic clock, or a
// manual clock that tests and the headless host advance by hand.
//
// Audited against: the CAMediaTiming overview ("Absolute time is defined as mach time converted
//   to seconds"): a monotonic clock in seconds, unrelated to wall-clock time. Status: complete.

import KinemaSupport
import KinemaGeometry
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A source of media time in seconds: the monotonic system clock, or a manual clock.
///
/// ```swift
/// let clock = MediaClock.manual(at: 0)
/// MediaClock.current = clock          // every CACurrentMediaTime() now reads this clock
/// clock.advance(to: 0.5)
/// clock.advance(by: 1.0 / 60)
/// clock.now                           // 0.5166…
///
/// // In tests, prefer a task-local override: it cannot leak into tests running in parallel.
/// MediaClock.withCurrent(.manual(at: 2)) {
///     MediaClock.current.now          // 2
/// }
/// ```
///
/// ## Which clock is current
///
/// ``current`` is, in order of precedence:
/// 1. the clock installed by the innermost ``withCurrent(_:operation:)`` on this task (a
///    `@TaskLocal`, inherited by child tasks, invisible to other tasks);
/// 2. otherwise the process-wide clock last assigned to ``current`` (guarded by a mutex);
/// 3. by default, ``system``.
///
/// ## Semantics
///
/// - ``system`` reads `CLOCK_MONOTONIC` (Linux; on Darwin `CLOCK_UPTIME_RAW`, which is
///   mach_absolute_time as Apple's `CACurrentMediaTime()` uses): seconds since an arbitrary
///   point (boot), never going backwards. It cannot be advanced.
/// - A manual clock only changes through ``advance(to:)`` and ``advance(by:)``. Time never goes
///   backwards: moving it back, by a NaN or infinite amount, or advancing the system clock, is
///   reported as a `"CAMediaTiming"` diagnostic and ignored.
///
/// Cost: reading ``now`` is one `clock_gettime` (≈ 20 ns) or one uncontended lock; reading
/// ``current`` is one task-local lookup plus, without an override, one uncontended lock.
public final class MediaClock: Sendable {
    /// The monotonic system clock, the default ``current`` clock.
    public static let system = MediaClock(isManual: false, start: 0)

    /// A new manual clock reading `time` seconds until advanced.
    ///
    /// A NaN or infinite start time is reported and replaced by 0.
    public static func manual(at time: Double = 0) -> MediaClock {
        guard time.isFinite else {
            KinemaDiagnostics.emit("CAMediaTiming", "a manual clock cannot start at \(time); starting it at 0")
            return MediaClock(isManual: true, start: 0)
        }
        return MediaClock(isManual: true, start: time)
    }

    /// Whether this clock is advanced by hand (true) or is the system clock (false).
    public let isManual: Bool

    /// The manual clock's reading; unused by the system clock.
    private let manualNow: LockedValue<Double>

    private init(isManual: Bool, start: Double) {
        self.isManual = isManual
        self.manualNow = LockedValue(start)
    }

    /// The clock's current time in seconds.
    public var now: Double {
        guard isManual else { return Self.monotonicSeconds() }
        return manualNow.withLock { $0 }
    }

    /// Moves a manual clock forward to `time`.
    ///
    /// `time` equal to ``now`` is allowed and changes nothing. Moving backwards, to a NaN or
    /// infinite time, or advancing the system clock is reported and ignored.
    public func advance(to time: Double) {
        guard isManual else {
            KinemaDiagnostics.emit("CAMediaTiming", "the system clock cannot be advanced (to \(time)); ignored")
            return
        }
        guard time.isFinite else {
            KinemaDiagnostics.emit("CAMediaTiming", "cannot advance a manual clock to \(time); ignored")
            return
        }
        let refused: Double? = manualNow.withLock { current in
            guard time >= current else { return current }
            current = time
            return nil
        }
        if let refused {
            KinemaDiagnostics.emit(
                "CAMediaTiming",
                "cannot move a manual clock backwards from \(refused) to \(time); ignored"
            )
        }
    }

    /// Moves a manual clock forward by `seconds` (which must be ≥ 0 and finite).
    ///
    /// A negative, NaN or infinite step, or advancing the system clock, is reported and ignored.
    public func advance(by seconds: Double) {
        guard isManual else {
            KinemaDiagnostics.emit("CAMediaTiming", "the system clock cannot be advanced (by \(seconds)); ignored")
            return
        }
        guard seconds >= 0, seconds < .infinity else {
            KinemaDiagnostics.emit("CAMediaTiming", "cannot advance a manual clock by \(seconds); ignored")
            return
        }
        manualNow.withLock { $0 += seconds }
    }

    /// Reads the monotonic system clock in seconds.
    private static func monotonicSeconds() -> Double {
        var spec = timespec()
        #if canImport(Darwin)
        clock_gettime(CLOCK_UPTIME_RAW, &spec)
        #else
        clock_gettime(CLOCK_MONOTONIC, &spec)
        #endif
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}

extension MediaClock {
    /// The clock `CACurrentMediaTime()` reads: this task's override if one is installed by
    /// ``withCurrent(_:operation:)``, else the process-wide clock (``system`` by default).
    ///
    /// Setting it replaces the process-wide clock for every task and thread without an override.
    /// Tests running in parallel should install their clock with ``withCurrent(_:operation:)``
    /// instead, which no other task can see.
    public static var current: MediaClock {
        get { registry.current }
        set { registry.current = newValue }
    }

    /// Runs `operation` with `clock` as ``current`` on this task (and the child tasks it creates),
    /// taking precedence over the process-wide clock. Overrides nest; the innermost wins.
    public static func withCurrent<Result>(
        _ clock: MediaClock,
        operation: () throws -> Result
    ) rethrows -> Result {
        // Already this task's clock (a run-loop turn inside the stage's `withClock`): nothing to
        // install. Installing it again would change nothing but cost an allocation (each
        // task-local push allocates its record).
        if override === clock { return try operation() }
        return try $override.withValue(clock, operation: operation)
    }

    /// Runs the asynchronous `operation` with `clock` as ``current`` on this task and its
    /// children; see ``withCurrent(_:operation:)``.
    public static func withCurrent<Result>(
        _ clock: MediaClock,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $override.withValue(clock, operation: operation)
    }

    /// The task-local override consulted before the process-wide clock.
    @TaskLocal static var override: MediaClock?

    /// The process-wide clock slot behind ``current``.
    static let registry = Registry(initial: .system)

    /// A slot holding a process-wide clock, consulted after the task-local override. `package` so
    /// tests can exercise assignment and precedence on a private slot without touching the
    /// shared one that parallel tests read.
    package final class Registry: Sendable {
        private let clock: LockedValue<MediaClock>

        package init(initial: MediaClock) {
            clock = LockedValue(initial)
        }

        /// The task-local override if any, else this slot's clock.
        package var current: MediaClock {
            get { MediaClock.override ?? clock.withLock { $0 } }
            set { clock.withLock { $0 = newValue } }
        }
    }
}
