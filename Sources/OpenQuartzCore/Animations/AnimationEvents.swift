// AnimationEvents: animation start and stop events, from the render server back to the main
// thread — delegate calls, removal on completion, transaction completion blocks.
//
// Audited against: CAAnimationDelegate (animationDidStart(_:), animationDidStop(_:finished:) —
//   "flag: true if the animation reached the end of its active duration without being removed"),
//   CAAnimation.isRemovedOnCompletion, CAAnimation.delegate ("retained by the receiver"),
//   CATransaction.setCompletionBlock(_:) ("guaranteed to be called (on the main thread) as soon
//   as all animations subsequently added by this transaction group have completed (or have been
//   removed.) If no animations are added before the current transaction group is committed (or
//   the completion block is set to a different value,) the block will be invoked immediately").
// Status: complete. Kinema's timing, where Apple only says "as soon as": every event is delivered
//   at the first run-loop turn whose time is at or after the event (start: the animation's begin
//   time; stop: the end of its active duration; removal: the turn after the removal), in this
//   order within a turn: starts, stops (with their removals), then completion blocks in the order
//   their transactions committed (an inner transaction's before its outer one's). "Invoked
//   immediately" blocks run at the next turn too, never inside `commit()`.

import Foundation
import KinemaRenderServer

/// A transaction's completion block and the animations it waits for.
@MainActor
final class CompletionGroup {
    let block: @MainActor () -> Void
    /// Serials of the animations added while the group was set and not yet stopped.
    var waiting: Set<UInt64> = []
    /// Whether the transaction that set it has committed (no more animations can join).
    var isSealed = false
    var hasRun = false
    /// Order of sealing: groups ready in the same turn run in this order (an inner
    /// transaction's block before its outer one's).
    var sealOrder = 0
    static var nextSealOrder = 0

    init(block: @escaping @MainActor () -> Void) {
        self.block = block
    }
}

/// The main thread's side of animation events: which animations want them, and the queue of
/// deliveries waiting for the next run-loop turn.
@MainActor
package enum AnimationEventHub {
    struct Tracked {
        weak var layer: CALayer?
        /// The layer's copy of the animation (what the delegate is given, as on Apple platforms
        /// where the delegate sees the render tree's copy, not the object passed to `add`).
        var animation: CAAnimation
        var groups: [CompletionGroup]
        var started = false
    }

    static var tracked: [UInt64: Tracked] = [:]
    /// `CALayer.deaths` when the tracked animations were last checked for a freed layer.
    static var deathsChecked: UInt64 = 0
    /// Stops decided on the main thread (removals), delivered at the next turn.
    static var pendingStops: [(serial: UInt64, finished: Bool)] = []
    /// Groups whose every animation has stopped (or that had none), run at the next turn.
    static var readyGroups: [CompletionGroup] = []

    /// Starts tracking a newly added animation when it has a delegate or a completion block
    /// waits for it; returns whether it is tracked.
    static func track(_ entry: LayerAnimationEntry, on layer: CALayer) -> Bool {
        let groups = CATransaction.openCompletionGroups()
        for group in groups {
            group.waiting.insert(entry.serial)
        }
        guard entry.animation.delegate != nil || !groups.isEmpty else { return false }
        tracked[entry.serial] = Tracked(layer: layer, animation: entry.animation, groups: groups)
        return true
    }

    /// An animation left its layer before finishing: a committed one stops with
    /// `finished: false` at the next turn; an uncommitted one simply leaves (it never ran), though
    /// it still stops waiting completion groups.
    static func removed(_ entry: LayerAnimationEntry) {
        guard tracked[entry.serial] != nil else { return }
        if entry.isCommitted {
            pendingStops.append((entry.serial, false))
        } else {
            stop(entry.serial, finished: false, notify: false)
        }
    }

    /// A sealed group with nothing left to wait for runs at the next turn.
    static func groupSealed(_ group: CompletionGroup) {
        group.isSealed = true
        group.sealOrder = CompletionGroup.nextSealOrder
        CompletionGroup.nextSealOrder += 1
        if group.waiting.isEmpty {
            readyGroups.append(group)
        }
    }

    /// Forgets everything: tracked animations, queued stops and ready completion groups, without
    /// a call. For a harness that has let go of every layer and run loop (the layers fuzz target,
    /// between inputs): the hub is process-wide, and an animation whose run loop is gone never
    /// finishes, so its completion groups — and what their blocks capture — would stay.
    package static func reset() {
        tracked.removeAll()
        pendingStops.removeAll()
        readyGroups.removeAll()
        deathsChecked = CALayer.deaths.load(ordering: .relaxed)
    }

    /// Forgets the tracked animations whose layer is gone (releasing their delegates, as the
    /// layer would have) and stops their completion groups waiting, without calls. Each run-loop
    /// turn does it first (looking only when a layer was freed since the last look); until then
    /// such an animation stays tracked.
    package static func forgetAnimationsOfFreedLayers() {
        let deaths = CALayer.deaths.load(ordering: .relaxed)
        guard deaths != deathsChecked else { return }
        deathsChecked = deaths
        for (serial, entry) in tracked where entry.layer == nil {
            stop(serial, finished: false, notify: false)
        }
    }

    /// Delivers `events` from the render server and everything queued: starts, then stops, then
    /// completion blocks. Called once per run-loop turn.
    package static func deliver(_ events: [AnimationEvent]) {
        // Animations whose layer is gone can never finish: forget them (releasing their delegates,
        // as the layer would have) and stop their completion groups waiting, without calls.
        // Looked for only when a layer was freed since the last look: the walk over every tracked
        // animation was a tenth of a frame of 1,000 views each animated every frame.
        forgetAnimationsOfFreedLayers()
        for event in events where event.kind == .started {
            guard var entry = tracked[event.serial], !entry.started else { continue }
            entry.started = true
            tracked[event.serial] = entry
            entry.animation.delegate?.animationDidStart(entry.animation)
        }
        var stops = pendingStops
        pendingStops.removeAll()
        stops += events.filter { $0.kind == .finished }.map { ($0.serial, true) }
        for (serial, finished) in stops {
            stop(serial, finished: finished, notify: true)
        }
        let ready = readyGroups.sorted { $0.sealOrder < $1.sealOrder }
        readyGroups.removeAll()
        for group in ready where !group.hasRun {
            group.hasRun = true
            group.block()
        }
    }

    private static func stop(_ serial: UInt64, finished: Bool, notify: Bool) {
        guard let entry = tracked.removeValue(forKey: serial) else { return }
        if notify {
            if finished, let layer = entry.layer, entry.animation.isRemovedOnCompletion {
                layer.finishAnimation(serial: serial)
            }
            entry.animation.delegate?.animationDidStop(entry.animation, finished: finished)
        }
        for group in entry.groups {
            group.waiting.remove(serial)
            if group.isSealed, group.waiting.isEmpty, !group.hasRun, !readyGroups.contains(where: { $0 === group }) {
                readyGroups.append(group)
            }
        }
    }
}

extension CALayer {
    /// Removes the finished animation `serial` (removed on completion) from the model layer.
    final func finishAnimation(serial: UInt64) {
        // Serials are unique. A plain loop: `removeAll(where:)` copied every entry out and paid an
        // executor check per call of its main-actor closure.
        for index in animationStore.entries.indices where animationStore.entries[index].serial == serial {
            animationStore.entries.remove(at: index)
            animationsDidChange()
            return
        }
    }
}
