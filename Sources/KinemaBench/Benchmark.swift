// The benchmark harness: times a batch body and reports operations per second.
import KinemaSupport
import Foundation
import KinemaGeometry
import Synchronization

/// One benchmark: a name, a target figure from the issue that asked for it, and a batch body.
///
/// `batch` performs exactly `operationsPerBatch` operations on inputs prepared beforehand and
/// returns a checksum of their results, which is kept so the optimizer cannot drop the work.
struct Benchmark {
    var name: String
    /// The figure the project promises (operations per second, one core), if any.
    var target: Double?
    var operationsPerBatch: Int
    var batch: () -> Double
    /// A peer doing the same work, measured in the same run, for the ratio column.
    var peer: Peer?
    /// Further figures printed under the line, measured after the timing (per-frame costs,
    /// allocation counts).
    var notes: (() -> [String])? = nil
    /// Time by the wall clock instead of this thread's CPU time: for work handed to other
    /// threads (an encoder's queue), which this thread's CPU time does not count.
    var wallClock = false

    struct Peer {
        var name: String
        var batch: () -> Double
    }

    struct Result {
        var name: String
        var operationsPerSecond: Double
        var target: Double?
        var peerName: String?
        var peerOperationsPerSecond: Double?

        func line(nameWidth: Int, machine: String) -> String {
            var parts = [name.padding(toLength: nameWidth, withPad: " ", startingAt: 0), Self.format(operationsPerSecond) + " ops/s"]
            if let target {
                parts.append("target " + Self.format(target) + (operationsPerSecond >= target ? " (met)" : " (MISSED)"))
            }
            if let peerName, let peerOperationsPerSecond {
                let ratio = operationsPerSecond / peerOperationsPerSecond
                parts.append(String(format: "%.2f× %@ (%@ ops/s)", ratio, peerName, Self.format(peerOperationsPerSecond)))
            }
            parts.append(machine)
            return parts.joined(separator: "  ")
        }

        static func format(_ value: Double) -> String {
            if value >= 1e6 { return String(format: "%.1fM", value / 1e6) }
            if value >= 1e3 { return String(format: "%.1fk", value / 1e3) }
            return String(format: "%.1f", value)
        }
    }

    func measure(rounds: Int, minimumSeconds: Double) -> Result {
        let clock = wallClock ? wallSeconds : threadCPUSeconds
        let own = Self.time(batch, operationsPerBatch: operationsPerBatch, rounds: rounds, minimumSeconds: minimumSeconds,
                            clock: clock)
        let peerFigure = peer.map {
            Self.time($0.batch, operationsPerBatch: operationsPerBatch, rounds: rounds, minimumSeconds: minimumSeconds,
                      clock: clock)
        }
        return Result(name: name, operationsPerSecond: own, target: target, peerName: peer?.name, peerOperationsPerSecond: peerFigure)
    }

    /// Best-of-`rounds` operations per second, after one untimed warm-up round.
    ///
    /// Time is this thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`) unless the benchmark asks for
    /// the wall clock: the project's machines are small and shared, and CPU time does not count
    /// the slices other processes take.
    private static func time(_ batch: () -> Double, operationsPerBatch: Int, rounds: Int, minimumSeconds: Double,
                             clock: () -> Double) -> Double {
        var checksum = 0.0
        var best = 0.0
        for round in 0...rounds {
            var batches = 0
            let start = clock()
            var elapsed = 0.0
            repeat {
                checksum += batch()
                batches += 1
                elapsed = clock() - start
            } while elapsed < minimumSeconds
            let rate = Double(batches * operationsPerBatch) / elapsed
            if round > 0 { best = max(best, rate) }  // round 0 warms up
        }
        blackHole(checksum)
        return best
    }
}

/// CPU seconds consumed by the calling thread.
func threadCPUSeconds() -> Double {
    var spec = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return 0 }
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// Stores a value where the optimizer cannot see it unused, so the work that produced it stays.
@inline(never)
func blackHole(_ value: Double) {
    benchSink.withLock { $0 += value }
}

private let benchSink = LockedValue<Double>(0)
