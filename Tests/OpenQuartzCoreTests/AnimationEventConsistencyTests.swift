// The delegate calls and completion blocks of many animations at once, added, replaced and
// removed at random (seeded), against the rules docs/ANIMATIONS.md states from Apple's
// CAAnimationDelegate and CATransaction documentation:
//   - each committed animation gets at most one animationDidStart, at a turn at or after its
//     begin time, and exactly one animationDidStop, after its start if it had one; one replaced
//     in the transaction that added it was never committed and gets neither;
//   - finished: true only at a turn at or after the end of its active duration, for an animation
//     not removed before that end; finished: false only for an animation that was removed;
//   - a transaction's completion block runs once, at the turn that delivers the last stop of
//     the animations added in it (never before one of them stops).

import Foundation
import KinemaGeometry
import KinemaSupport
import KinemaTestSupport
import KinemaTiming
@testable import OpenQuartzCore
import Testing

/// What happened to one added animation, by its serial (a custom key copied with it).
@MainActor
private final class EventLog: CAAnimationDelegate {
    struct Record {
        var addedAt: Double
        var transaction: Int
        var starts: [Double] = []
        var stops: [(time: Double, finished: Bool)] = []
        var removedAt: Double?
        /// Replaced in the transaction that added it, before that transaction committed.
        var replacedBeforeCommit = false
        /// Begin time and active duration as committed (the layer's copy, stamped at commit).
        var begin: Double?
        var activeDuration: Double?
    }

    var records: [Int: Record] = [:]
    var completions: [Int: [Double]] = [:]
    let clock: MediaClock

    init(clock: MediaClock) {
        self.clock = clock
    }

    static func serial(of animation: CAAnimation) -> Int? {
        animation.value(forKey: "testSerial") as? Int
    }

    /// The delegate methods are nonisolated (the protocol is); Kinema calls them on the main
    /// thread, where this box carries the animation back in.
    private struct Carried: @unchecked Sendable { let animation: CAAnimation }

    nonisolated func animationDidStart(_ anim: CAAnimation) {
        let carried = Carried(animation: anim)
        MainActor.assumeIsolated {
            guard let serial = Self.serial(of: carried.animation) else { return }
            records[serial]?.starts.append(clock.now)
            note(carried.animation, serial)
        }
    }

    nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        let carried = Carried(animation: anim)
        MainActor.assumeIsolated {
            guard let serial = Self.serial(of: carried.animation) else { return }
            records[serial]?.stops.append((clock.now, flag))
            note(carried.animation, serial)
        }
    }

    /// Notes that the animation `serial` was removed (or replaced) at `time`, the first time.
    func markRemoved(_ animation: CAAnimation?, at time: Double, inTransaction transaction: Int? = nil) {
        guard let animation, let serial = Self.serial(of: animation), records[serial]?.removedAt == nil else { return }
        records[serial]?.removedAt = time
        if let transaction, records[serial]?.transaction == transaction { records[serial]?.replacedBeforeCommit = true }
    }

    /// Records the committed copy's timing (beginTime is stamped at commit on the copy).
    private func note(_ anim: CAAnimation, _ serial: Int) {
        let cycle = anim.duration * (anim.autoreverses ? 2 : 1)
        let repeats = anim.repeatCount > 0 ? Double(anim.repeatCount) : 1
        records[serial]?.begin = anim.beginTime
        records[serial]?.activeDuration = cycle * repeats / Double(anim.speed)
    }
}

@Suite("Animation events and completion blocks under random use (seeded)")
@MainActor
struct AnimationEventConsistencyTests {
    @Test("delegate calls and completion blocks keep their documented rules", arguments: TestEnvironment.seeds(ci: 10, long: 500))
    func eventsKeepTheirRules(seed: UInt64) throws {
        var g = SplitMix64(state: seed &* 0x5851_F42D_4C95_7F2D)
        let host = Host()
        // The host's clock for the explicit commits below too (they stamp begin times).
        try MediaClock.withCurrent(host.clock) { try run(seed: seed, &g, host) }
    }

    private func run(seed: UInt64, _ g: inout SplitMix64, _ host: Host) throws {
        let log = EventLog(clock: host.clock)
        let layers = (0..<5).map { _ in CALayer() }
        for layer in layers { host.root.addSublayer(layer) }
        host.loop.turn(at: 0.01)
        var time = 0.01
        var serial = 0
        var transaction = 0
        for _ in 0..<60 {
            // A transaction adding a few animations, with a completion block.
            transaction += 1
            let id = transaction
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.completions[id, default: []].append(host.clock.now) }
            for _ in 0..<Int.random(in: 0...3, using: &g) {
                serial += 1
                let animation = CABasicAnimation(keyPath: g.pick(["opacity", "position.x", "zPosition"]))
                animation.fromValue = 0
                animation.toValue = 1
                animation.duration = g.pick([0.1, 0.35, 1])
                animation.repeatCount = Float(g.pick([0, 0, 2, 1.5, .infinity]))
                animation.autoreverses = g.pick([false, true])
                animation.speed = Float(g.pick([1, 1, 2]))
                animation.isRemovedOnCompletion = g.pick([true, true, false])
                animation.delegate = log
                animation.setValue(serial, forKey: "testSerial")
                log.records[serial] = EventLog.Record(addedAt: time, transaction: id)
                let layer = g.pick(layers), key = g.pick(["a", "b", "c", "d"])
                // Adding under a key in use replaces (removes) the animation there.
                log.markRemoved(layer.animation(forKey: key), at: time, inTransaction: id)
                layer.add(animation, forKey: key)
            }
            CATransaction.commit()
            // Sometimes remove: one key, or all of a layer's.
            if Int.random(in: 0..<4, using: &g) == 0 {
                let layer = g.pick(layers)
                let keys = g.pick([false, true]) ? (layer.animationKeys() ?? []) : [g.pick(["a", "b", "c", "d"])]
                for key in keys {
                    log.markRemoved(layer.animation(forKey: key), at: time)
                    layer.removeAnimation(forKey: key)
                }
            }
            time += g.pick([0.016, 0.05, 0.2, 0.6])
            host.loop.turn(at: time)
        }
        // Finally remove everything still running and let every stop arrive.
        for layer in layers {
            for key in layer.animationKeys() ?? [] {
                log.markRemoved(layer.animation(forKey: key), at: time)
            }
            layer.removeAllAnimations()
        }
        for _ in 0..<3 {
            time += 0.05
            host.loop.turn(at: time)
        }

        for (serial, record) in log.records.sorted(by: { $0.key < $1.key }) {
            let context = "seed \(seed), animation \(serial)"
            // Replaced in its own transaction, it was never committed: no calls at all
            // (docs/ANIMATIONS.md: a removed animation reports only "if it had been committed").
            if record.replacedBeforeCommit {
                #expect(record.stops.isEmpty && record.starts.isEmpty, "\(context): calls for an animation never committed")
                continue
            }
            #expect(record.stops.count == 1, "\(context): \(record.stops.count) stops")
            #expect(record.starts.count <= 1, "\(context): \(record.starts.count) starts")
            guard let stop = record.stops.first else { continue }
            if let start = record.starts.first {
                #expect(start <= stop.time, "\(context): start after stop")
                if let begin = record.begin { #expect(start >= begin - 1e-9, "\(context): started at \(start) before its begin \(begin)") }
            }
            if stop.finished {
                if let begin = record.begin, let active = record.activeDuration {
                    #expect(stop.time >= begin + active - 1e-9, "\(context): finished at \(stop.time) before its end \(begin + active)")
                    if let removed = record.removedAt {
                        #expect(removed >= begin + active - 1e-9, "\(context): finished, yet removed at \(removed) before its end")
                    }
                }
            } else {
                // Unfinished: removed, or replaced under its key.
                #expect(record.removedAt != nil, "\(context): stopped unfinished without being removed")
                if let removed = record.removedAt { #expect(stop.time >= removed, "\(context): stopped before its removal") }
            }
        }
        // Completion blocks: once each, not before any of their animations stopped.
        for id in 1...transaction {
            let runs = log.completions[id] ?? []
            #expect(runs.count == 1, "seed \(seed), transaction \(id): block ran \(runs.count) times")
            guard let ran = runs.first else { continue }
            let lastStop = log.records.values.filter { $0.transaction == id && !$0.replacedBeforeCommit }
                .compactMap { $0.stops.first?.time }.max()
            if let lastStop { #expect(ran == lastStop, "seed \(seed), transaction \(id): block at \(ran), last stop at \(lastStop)") }
        }
    }
}
