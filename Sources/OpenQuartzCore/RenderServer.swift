// RenderServer: owns the committed render tree, evaluates it at any time on any thread, and
// reports animation starts and stops.
//
// Audited against: Core Animation Programming Guide → "Core Animation Basics" (the render tree
//   performs the animations, private to Core Animation), CAMediaTiming (layers are the timing
//   parents of their sublayers and animations), CAAnimationDelegate. Status: complete for
//   evaluation and events. Kinema choices: a replicator's instances are evaluated at their delayed times
//   (`CompositeLayer.delayedInstances`); a layer's own timing properties are read from the model
//   (they are not animated).

import Foundation
import KinemaGeometry
import KinemaTiming
import Synchronization
import CKinemaRasterSupport

/// Frames allocate and free a few megabytes of small objects each (one `CompositeLayer` per
/// animated layer); glibc's default returns freed memory at the top of the heap to the kernel
/// past 128 KiB, so every frame page-faulted it back in (a quarter of the evaluation's time for
/// 10,000 layers). Raising the trim threshold keeps it for the next frame. Done once per process.
private let freedMemoryPolicy: Bool = kinema_set_heap_trim_threshold(256 << 20) == 1

private func keepFreedMemoryForReuse() {
    _ = freedMemoryPolicy
}

/// The render server: the committed render tree (from the main thread's commits) and the
/// evaluation of that tree at a time (from any thread).
///
/// ```swift
/// let server = RenderServer()
/// let context = RenderContext(rootLayer: root, server: server)   // commits reach `server`
/// let frame = server.evaluate(at: 1.5)        // CompositeLayer tree, presentation values
/// ```
///
/// **Semantics.** Thread-safe: `commit` replaces the tree atomically; `evaluate` and `events` read
/// the tree current when they start and never touch a model layer, so a render thread can run
/// while the main thread changes the model. Evaluation is the same pure function `presentation()`
/// uses (`evaluate(_:animations:at:)`), applied down the tree with each layer's local time.
///
/// **Cost.** `evaluate` is O(layers + animations) and allocates one `CompositeLayer` per layer with
/// an animation in its subtree (others reuse their still picture); `events` walks only the
/// subtrees holding animations that report events.
package final class RenderServer: Sendable {
    private struct Shared {
        var root: RenderNode?
        /// Serials whose start / finish was already reported.
        var started: Set<UInt64> = []
        var finished: Set<UInt64> = []
    }

    private let shared = LockedValue(Shared())

    package init() {
        keepFreedMemoryForReuse()
    }

    /// Replaces the committed tree (nil: nothing on screen).
    package func commit(_ root: RenderNode?) {
        shared.withLock {
            $0.root = root
        }
    }

    /// The committed tree.
    package var committedTree: RenderNode? { shared.withLock { $0.root } }

    /// The committed tree with every animation applied at absolute media time `time`; nil when
    /// nothing is committed.
    package func evaluate(at time: Double) -> CompositeLayer? {
        guard let root = committedTree else { return nil }
        return Self.evaluate(root, parentTime: time)
    }

    /// The starts and finishes not yet reported that have happened by absolute time `time`, for
    /// animations that report events. Each is reported once.
    package func events(through time: Double) -> [AnimationEvent] {
        shared.withLock { shared in
            guard let root = shared.root else { return [] }
            var events: [AnimationEvent] = []
            var seen: Set<UInt64> = []
            Self.scan(root, parentTime: time, shared: &shared, seen: &seen, into: &events)
            // Forget serials that left the tree: their events can no longer happen.
            shared.started.formIntersection(seen)
            shared.finished.formIntersection(seen)
            return events
        }
    }

    // MARK: Evaluation

    /// The most replicator instances evaluated at their own delayed times (the compositor draws
    /// at most 4,096 instances, the same cap).
    package static let maximumDelayedInstances = 4096

    /// `node`'s subtree evaluated with `parentTime` the time of its parent.
    package static func evaluate(_ node: RenderNode, parentTime: Double) -> CompositeLayer {
        if let still = node.staticComposite { return still }
        let local = node.timing.activeLocalTime(forParentTime: parentTime)
        var state = node.state
        if !node.snapshots.isEmpty {
            applyAnimations(node.snapshots, model: node.state, at: local, into: &state)
        }
        let transition = runningTransition(node, local: local, parentTime: parentTime)
        var sublayers: [CompositeLayer] = []
        sublayers.reserveCapacity(node.sublayers.count)
        for sublayer in node.sublayers {
            sublayers.append(evaluate(sublayer, parentTime: local))
        }
        var delayed: [[CompositeLayer]]?
        if let replicator = state.replicator, replicator.instanceDelay != 0, replicator.instanceDelay.isFinite,
           replicator.instanceCount > 1, !node.sublayers.isEmpty {
            // Instance k shows its sublayers k × instanceDelay earlier (CAReplicatorLayer docs:
            // "the delay, in seconds, between replicated copies").
            let count = min(replicator.instanceCount, maximumDelayedInstances)
            delayed = (1..<count).map { k in
                node.sublayers.map { evaluate($0, parentTime: local - Double(k) * replicator.instanceDelay) }
            }
        }
        return CompositeLayer(id: node.id, state: state, sublayers: sublayers,
                              mask: node.mask.map { evaluate($0, parentTime: local) }, transition: transition,
                              delayedInstances: delayed)
    }

    /// The newest transition of `node` running at its local time `local` (nil for most layers,
    /// which have none), with the layer's old picture evaluated at the same time.
    private static func runningTransition(_ node: RenderNode, local: Double, parentTime: Double) -> CompositeTransition? {
        guard node.hasTransition else { return nil }
        for animation in node.animations.reversed() {
            guard case .transition(let t) = animation.snapshot.content,
                  let progress = transitionProgress(animation.snapshot, at: local) else { continue }
            if animation.snapshot.isRemovedOnCompletion, local >= animation.snapshot.endTime { continue }
            return CompositeTransition(type: t.type, subtype: t.subtype, progress: progress,
                                       from: animation.transitionFrom.map { evaluate($0, parentTime: parentTime) })
        }
        return nil
    }

    private static func scan(_ node: RenderNode, parentTime: Double, shared: inout Shared, seen: inout Set<UInt64>,
                             into events: inout [AnimationEvent]) {
        guard node.subtreeReportsEvents else { return }
        let local = node.timing.activeLocalTime(forParentTime: parentTime)
        for animation in node.animations where animation.reportsEvents {
            let serial = animation.serial
            seen.insert(serial)
            let timing = animation.snapshot.timing
            if !shared.started.contains(serial), local >= timing.beginTime {
                shared.started.insert(serial)
                events.append(AnimationEvent(serial: serial, kind: .started))
            }
            let end = animation.snapshot.endTime
            if !shared.finished.contains(serial), end.isFinite, local >= end {
                shared.finished.insert(serial)
                events.append(AnimationEvent(serial: serial, kind: .finished))
            }
        }
        for sublayer in node.sublayers {
            scan(sublayer, parentTime: local, shared: &shared, seen: &seen, into: &events)
        }
        if let mask = node.mask {
            scan(mask, parentTime: local, shared: &shared, seen: &seen, into: &events)
        }
    }
}
