// LockedValue: a value behind a pthread mutex, for state shared between threads.
//
// Why not the standard library's `Synchronization.Mutex`: its contended path runs inside the
// uninstrumented runtime library, so the thread sanitizer does not see the lock hand-over and
// reports the guarded accesses as data races (seen on the render server's tree and the live
// player's test presenter). `NSLock` is a pthread mutex, which the sanitizer intercepts, so
// `swift test --sanitize=thread` stays meaningful. Status: complete.

import Foundation

/// A value that threads read and change only inside `withLock`.
///
/// ```swift
/// let count = LockedValue(0)
/// DispatchQueue.concurrentPerform(iterations: 8) { _ in count.withLock { $0 += 1 } }
/// count.withLock { $0 }    // 8
/// ```
///
/// **Semantics.** Every `withLock` runs alone; the value never escapes except by copy. Not
/// reentrant: calling `withLock` from inside `withLock` on the same instance deadlocks, as with
/// `Mutex`. **Cost.** One uncontended pthread lock and unlock (tens of nanoseconds).
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
