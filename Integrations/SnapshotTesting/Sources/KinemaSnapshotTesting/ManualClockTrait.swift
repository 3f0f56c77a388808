// ManualClockTrait: `@Test(.manualClock)` — a test (or every test of a suite) runs with a manual
// media clock reading 0 as its task's clock, so animations with a delay or an explicit begin
// time line up with the timed snapshots whatever ran before in the process.
//
// Audited against: Swift Testing's `TestScoping` (a trait that provides a scope runs the test
//   inside it; `isRecursive` applies a suite trait to each test) and Kinema's
//   `MediaClock.withCurrent(_:operation:)` (a task-local clock that wins over the process-wide
//   one `CACurrentMediaTime()` otherwise reads).
// Status: complete.

#if canImport(Testing)
import Kinema
import Testing

/// Runs each test with a manual media clock reading 0 as its task's clock (see
/// docs/SNAPSHOT_TESTING.md, "Time").
///
/// ```swift
/// @Test(.manualClock) func delayedFade() {
///     UIView.animate(withDuration: 0.5, delay: 0.25) { view.alpha = 0 }
///     assertSnapshot(of: view, as: .image(at: 0.5))   // half-way: the delay counts from 0
/// }
/// ```
public struct ManualClockTrait: TestTrait, SuiteTrait, TestScoping {
    /// True: on a suite, the trait applies to each of its tests.
    public var isRecursive: Bool { true }

    /// Runs `function` (one test, or one case of a parameterized test) with a new manual clock
    /// reading 0 installed by `MediaClock.withCurrent`.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // A suite's trait scopes each test (isRecursive), not the suite as a whole.
        guard testCase != nil || !test.isSuite else {
            try await function()
            return
        }
        try await MediaClock.withCurrent(.manual(at: 0)) { try await function() }
    }
}

extension Trait where Self == ManualClockTrait {
    /// Runs the test (each test of a suite) with a manual media clock reading 0 as its clock, so
    /// `UIView.animate(withDuration:delay:…)` delays count from a snapshot's time 0.
    public static var manualClock: Self { ManualClockTrait() }
}
#endif
