// MediaClock: manual and system clocks, the task-local override and the process-wide slot.
//
// No test here assigns the process-wide `MediaClock.current`: clocks are installed with
// `MediaClock.withCurrent` (task-local) or on a private `MediaClock.Registry`, so parallel tests
// never observe each other's clocks.

import KinemaSupport
import KinemaGeometry
import Testing
import KinemaTiming

@Suite("MediaClock")
struct MediaClockTests {
    @Test("a manual clock starts where asked and advances by hand, exactly")
    func manualAdvance() {
        let clock = MediaClock.manual(at: 0)
        #expect(clock.isManual)
        #expect(clock.now == 0)
        clock.advance(to: 0.5)
        #expect(clock.now == 0.5)
        clock.advance(by: 1.0 / 60)
        #expect(clock.now == 0.5 + 1.0 / 60)
        #expect(MediaClock.manual().now == 0)
        #expect(MediaClock.manual(at: 12.25).now == 12.25)
    }

    @Test("advancing to the current time, or by zero, is allowed and silent")
    func advanceToSameTime() {
        let (now, diagnostics) = KinemaDiagnostics.collecting {
            let clock = MediaClock.manual(at: 3)
            clock.advance(to: 3)
            clock.advance(by: 0)
            return clock.now
        }
        #expect(now == 3)
        #expect(diagnostics.isEmpty)
    }

    @Test("moving backwards or by NaN/∞ is reported and ignored")
    func badAdvances() {
        let (now, diagnostics) = KinemaDiagnostics.collecting {
            let clock = MediaClock.manual(at: 2)
            clock.advance(to: 1)
            clock.advance(to: .nan)
            clock.advance(to: .infinity)
            clock.advance(by: -0.5)
            clock.advance(by: .nan)
            clock.advance(by: .infinity)
            return clock.now
        }
        #expect(now == 2)
        #expect(diagnostics.count == 6)
        #expect(diagnostics.allSatisfy { $0.domain == "CAMediaTiming" })
    }

    @Test("a manual clock cannot start at NaN or ∞")
    func badStart() {
        let (clock, diagnostics) = KinemaDiagnostics.collecting { MediaClock.manual(at: .nan) }
        #expect(clock.now == 0 && clock.isManual)
        #expect(diagnostics.count == 1)
    }

    // CAMediaTiming overview: "Absolute time is defined as mach time converted to seconds" (monotonic).
    @Test("the system clock is monotonic, not manual, and cannot be advanced")
    func systemClock() {
        let system = MediaClock.system
        #expect(!system.isManual)
        var previous = system.now
        #expect(previous > 0)
        for _ in 0..<1_000 {
            let next = system.now
            #expect(next >= previous)
            previous = next
        }
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            system.advance(to: previous + 100)
            system.advance(by: 1)
        }
        #expect(diagnostics.count == 2)
        #expect(system.now < previous + 100)
    }

    @Test("withCurrent installs a task-local clock; the innermost override wins")
    func taskLocalOverride() {
        let outer = MediaClock.manual(at: 1)
        let inner = MediaClock.manual(at: 2)
        MediaClock.withCurrent(outer) {
            #expect(MediaClock.current === outer)
            MediaClock.withCurrent(inner) {
                #expect(MediaClock.current === inner)
                #expect(MediaClock.current.now == 2)
            }
            #expect(MediaClock.current === outer)
            outer.advance(by: 0.25)
            #expect(MediaClock.current.now == 1.25)
        }
        #expect(MediaClock.current !== outer)
    }

    @Test("the async override reaches child tasks")
    func asyncOverride() async {
        let clock = MediaClock.manual(at: 7)
        let seen = await MediaClock.withCurrent(clock) {
            await withTaskGroup(of: Double.self) { group in
                for _ in 0..<4 { group.addTask { MediaClock.current.now } }
                var values: [Double] = []
                for await value in group { values.append(value) }
                return values
            }
        }
        #expect(seen == [7, 7, 7, 7])
    }

    @Test("a clock slot holds the assigned clock; a task-local override takes precedence")
    func registryPrecedence() {
        let registry = MediaClock.Registry(initial: .system)
        #expect(registry.current === MediaClock.system)
        let assigned = MediaClock.manual(at: 5)
        registry.current = assigned
        #expect(registry.current === assigned)
        let override = MediaClock.manual(at: 9)
        MediaClock.withCurrent(override) {
            #expect(registry.current === override)
        }
        #expect(registry.current === assigned)
    }

    @Test("the documented global usage compiles")
    func documentedUsageCompiles() {
        // Not run: assigning the process-wide clock would leak into parallel tests.
        let install: (MediaClock) -> Void = { clock in MediaClock.current = clock }
        _ = install
    }

    @Test("concurrent advances are all applied (mutex-guarded)")
    func concurrentAdvances() async {
        let clock = MediaClock.manual(at: 0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 { clock.advance(by: 0.25) }
                }
            }
        }
        #expect(clock.now == 2_000)
    }

    @Test("concurrent readers of current see their own override")
    func concurrentOverrides() async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let clock = MediaClock.manual(at: Double(index))
                    return MediaClock.withCurrent(clock) {
                        (0..<200).allSatisfy { _ in MediaClock.current.now == Double(index) }
                    }
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
