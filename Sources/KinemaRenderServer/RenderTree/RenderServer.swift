// RenderServer: owns the committed render tree, evaluates it at any time on any thread, and
// reports animation starts and stops.
//
// Audited against: Core Animation Programming Guide → "Core Animation Basics" (the render tree
//   performs the animations, private to Core Animation), CAMediaTiming (layers are the timing
//   parents of their sublayers and animations), CAAnimationDelegate. Status: complete for
//   evaluation and events. Kinema choices: a replicator's instances are evaluated at their delayed times
//   (`CompositeLayer.delayedInstances`); a layer's own timing properties are read from the model
//   (they are not animated).

import CKinemaRasterSupport
import Foundation
import KinemaGeometry
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics
import Synchronization

/// Frames allocate and free a few megabytes of small objects each (one `CompositeLayer` per
/// animated layer); glibc's default returns freed memory at the top of the heap to the kernel
/// past 128 KiB, so every frame page-faulted it back in (a quarter of the evaluation's time for
/// 10,000 layers). Raising the trim threshold keeps it for the next frame. That setting also
/// stops glibc raising its mmap threshold by itself, which left every frame-sized buffer (a
/// frame, its copy for the encoder, an encoder's converted rows) to fresh mmap'd pages faulted
/// in and zeroed each time: 1.8 of 9.2 CPU seconds for 300 frames of a 720p PNG recording. So
/// allocations up to 32 MiB (glibc's ceiling; a 1080p frame is 8.3 MB) come from the heap too:
/// 0.15 s of system time and 15 % less wall time for those frames. Done once per process.
private let freedMemoryPolicy: Bool = kinema_set_heap_trim_threshold(256 << 20) == 1
    && kinema_set_mmap_threshold(32 << 20) == 1

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
/// **Cost.** `evaluate` is O(layers + animations). It allocates one `CompositeLayer` per layer with
/// an animation in its subtree (others reuse their still picture) — except when the caller has
/// let go of the previous frame: that frame's objects are then evaluated into again (recycled),
/// and a frame allocates nothing. `events` walks only the subtrees holding animations that
/// report events.
package final class RenderServer: Sendable {
    private struct Shared {
        var root: RenderNode?
        /// The frozen values committed with `root` (FrozenValues.swift).
        var frozen: FrozenValueTable?
        /// Serials whose start / finish was already reported.
        var started: Set<UInt64> = []
        var finished: Set<UInt64> = []
        /// The last frame `evaluate(at:)` returned, to evaluate the next one into when nobody
        /// else holds it any more.
        var lastFrame: CompositeLayer?
    }

    private let shared = LockedValue(Shared())

    package init() {
        keepFreedMemoryForReuse()
    }

    /// Replaces the committed tree (nil: nothing on screen) and the frozen values its frozen
    /// animations show (FrozenValues.swift).
    package func commit(_ root: RenderNode?, frozen: FrozenValueTable? = nil) {
        // The replaced tree is released after the lock: freeing thousands of nodes must not keep
        // a render thread waiting.
        var replaced = root
        var replacedFrozen = frozen
        shared.withLock { shared in
            swap(&shared.root, &replaced)
            swap(&shared.frozen, &replacedFrozen)
        }
        withExtendedLifetime(replaced) {}
        withExtendedLifetime(replacedFrozen) {}
    }

    /// The committed tree.
    package var committedTree: RenderNode? { shared.withLock { $0.root } }

    /// The committed tree and the frozen values committed with it, read together: evaluate the
    /// tree inside `FrozenValueTable.withCurrent(frozen)`.
    package var committed: (tree: RenderNode?, frozen: FrozenValueTable?) { shared.withLock { ($0.root, $0.frozen) } }

    /// The committed tree with every animation applied at absolute media time `time`; nil when
    /// nothing is committed.
    ///
    /// When the frame this returned last time is no longer referenced by anyone else, its
    /// objects are reused for this one (the caller must not keep a frame's layers after letting
    /// go of the frame's root — it would not be unique then, and nothing is reused).
    package func evaluate(at time: Double) -> CompositeLayer? {
        // Take the last frame out (moved, not copied), so that concurrent evaluations never
        // share one and its reference count says whether the caller still holds it.
        var last: CompositeLayer?
        let (tree, frozen) = shared.withLock { shared in
            swap(&last, &shared.lastFrame)
            return (shared.root, shared.frozen)
        }
        guard let root = tree else { return nil }
        let frame = FrozenValueTable.withCurrent(frozen) { () -> CompositeLayer in
            if isKnownUniquelyReferenced(&last), let recycled = last, recycled.id == root.id, root.staticComposite == nil {
                Self.evaluate(root, parentTime: time, into: recycled)
                return recycled
            }
            return Self.evaluate(root, parentTime: time)
        }
        shared.withLock { $0.lastFrame = frame }
        return frame
    }

    /// The starts and finishes not yet reported that have happened by absolute time `time`, for
    /// animations that report events. Each is reported once.
    package func events(through time: Double) -> [AnimationEvent] {
        shared.withLock { shared in
            guard let root = shared.root else { return [] }
            var events: [AnimationEvent] = []
            var reporting = 0
            Self.scan(root, parentTime: time, shared: &shared, reporting: &reporting, into: &events)
            // Forget serials that left the tree (their events can no longer happen) once the
            // remembered ones outnumber those in the tree: a second walk collects the serials in
            // the tree. Done every turn, that walk and its set were a tenth of a frame of 1,000
            // views each animated every frame.
            let slack = 2 * reporting + 256
            if shared.started.count > slack || shared.finished.count > slack {
                var seen: Set<UInt64> = []
                seen.reserveCapacity(reporting)
                Self.collectSerials(root, into: &seen)
                shared.started.formIntersection(seen)
                shared.finished.formIntersection(seen)
            }
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
        animate(node, at: local, into: &state)
        let transition = runningTransition(node, local: local, parentTime: parentTime)
        let sublayers = evaluateSublayers(node, local: local)
        let delayed = node.sublayers.isEmpty ? nil : delayedInstances(node, state: state, local: local)
        let picture = CompositeLayer(id: node.id, state: state, sublayers: sublayers,
                                     mask: node.mask.map { evaluate($0, parentTime: local) }, transition: transition,
                                     delayedInstances: delayed)
        picture.source = node
        return picture
    }

    /// `node`'s animations applied at `local`, its local time, to `state` (its model state): the
    /// compiled program when it has one, else the general evaluation.
    private static func animate(_ node: RenderNode, at local: Double, into state: inout LayerState) {
        if node.hasProgram {
            node.withProgram { $0.apply(at: local, into: &state) }
        } else if !node.snapshots.isEmpty {
            applyAnimations(node.snapshots, model: node.state, at: local, into: &state)
        }
    }

    /// `node`'s subtree evaluated into `layer`, last frame's picture of the same layer, which
    /// nobody else holds (checked by the caller). Gives the same values as
    /// `evaluate(_:parentTime:)`; its sublayers are recycled the same way where they can be.
    private static func evaluate(_ node: RenderNode, parentTime: Double, into layer: CompositeLayer) {
        let local = node.timing.activeLocalTime(forParentTime: parentTime)
        if layer.source === node, node.hasProgram {
            // Last frame evaluated the same node with the same program: only the properties it
            // writes differ from the model. Those this frame's animations write are replaced
            // whole; the rest go back to the model's values.
            node.withProgram { program in
                let written = program.apply(at: local, into: &layer.state)
                program.restoreTargets(from: node, into: layer, except: written)
            }
        } else {
            layer.state = node.state
            layer.source = node
            animate(node, at: local, into: &layer.state)
        }
        // Most layers have no transition, mask or sublayers, and neither had last frame's
        // picture: their fields are left alone. (Assigning nil over nil still ran the optional's
        // outlined destroy, and a leaf's empty `sublayers` is the shared empty array, which the
        // mutable loop below copied into a fresh allocation at every frame.)
        if node.hasTransition || layer.transition != nil {
            layer.transition = runningTransition(node, local: local, parentTime: parentTime)
        }
        if node.sublayers.isEmpty {
            if !layer.sublayers.isEmpty { layer.sublayers = [] }
        } else if layer.sublayers.count == node.sublayers.count {
            node.sublayers.withUnsafeBufferPointer { children in
                layer.sublayers.withUnsafeMutableBufferPointer { pictures in
                    let pictureRefs = UnsafeBufferPointer(pictures)
                    for index in children.indices {
                        prefetch(children, after: index)
                        if index + 4 < pictures.count {
                            // Last frame's picture, which this frame writes.
                            kinema_prefetch_lines(UnsafeRawPointer(pictureRefs.unretained(at: index + 4).toOpaque()), 5)
                        }
                        // Both read as unmanaged references: loading them as strong ones retained
                        // and released each node and picture, twice per layer and frame. The
                        // arrays keep them alive meanwhile.
                        let child = children.unretained(at: index)
                        let unique = isKnownUniquelyReferenced(&pictures[index])
                        let picture = pictureRefs.unretained(at: index)
                        let recycled = child._withUnsafeGuaranteedRef { child in
                            picture._withUnsafeGuaranteedRef { picture in
                                guard unique, picture.id == child.id, child.staticComposite == nil else { return false }
                                evaluate(child, parentTime: local, into: picture)
                                return true
                            }
                        }
                        if !recycled {
                            pictures[index] = child._withUnsafeGuaranteedRef { evaluate($0, parentTime: local) }
                        }
                    }
                }
            }
        } else {
            layer.sublayers = evaluateSublayers(node, local: local)
        }
        // Masks and delayed replicator instances are few: made anew.
        if node.mask != nil || layer.mask != nil {
            layer.mask = node.mask.map { evaluate($0, parentTime: local) }
        }
        if !node.sublayers.isEmpty || layer.delayedInstances != nil {
            layer.delayedInstances = node.sublayers.isEmpty ? nil : delayedInstances(node, state: layer.state, local: local)
        }
    }

    /// Asks the cache for the nodes and programs that the loop over `children` reads next: a
    /// frame reads each animated layer's node and program once, from memory the cache no longer
    /// holds for a large tree.
    /// Eight nodes ahead the node, four ahead its program's header, two ahead the program's data
    /// — each step reads what the one before asked for. The nodes are read as unmanaged
    /// references: reading one as a strong reference retains it, touching the very memory the
    /// hint is meant to get ahead of.
    private static func prefetch(_ children: UnsafeBufferPointer<RenderNode>, after index: Int) {
        func node(_ offset: Int) -> Unmanaged<RenderNode>? {
            index + offset < children.count ? children.unretained(at: index + offset) : nil
        }
        node(8)?._withUnsafeGuaranteedRef { $0.prefetchNode() }
        node(4)?._withUnsafeGuaranteedRef { $0.prefetchProgramHeader() }
        node(2)?._withUnsafeGuaranteedRef { $0.withProgram { $0.prefetchData() } }
    }

    /// `node`'s sublayers evaluated anew at `local`, its local time.
    private static func evaluateSublayers(_ node: RenderNode, local: Double) -> [CompositeLayer] {
        var sublayers: [CompositeLayer] = []
        sublayers.reserveCapacity(node.sublayers.count)
        node.sublayers.withUnsafeBufferPointer { children in
            for index in children.indices {
                prefetch(children, after: index)
                sublayers.append(evaluate(children[index], parentTime: local))
            }
        }
        return sublayers
    }

    /// For a replicator with an instance delay, instance k's sublayers (k ≥ 1) evaluated
    /// k × delay earlier; nil otherwise.
    private static func delayedInstances(_ node: RenderNode, state: LayerState, local: Double) -> [[CompositeLayer]]? {
        guard !node.sublayers.isEmpty, let replicator = state.replicator, replicator.instanceDelay != 0,
              replicator.instanceDelay.isFinite, replicator.instanceCount > 1 else { return nil }
        // Instance k shows its sublayers k × instanceDelay earlier (CAReplicatorLayer docs:
        // "the delay, in seconds, between replicated copies").
        let count = min(replicator.instanceCount, maximumDelayedInstances)
        return (1..<count).map { k in
            node.sublayers.map { evaluate($0, parentTime: local - Double(k) * replicator.instanceDelay) }
        }
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

    private static func scan(_ node: RenderNode, parentTime: Double, shared: inout Shared, reporting: inout Int,
                             into events: inout [AnimationEvent]) {
        guard node.subtreeReportsEvents else { return }
        let local = node.timing.activeLocalTime(forParentTime: parentTime)
        // Read in place: a copy of each animation would retain its snapshot's storage, touching
        // the object the kept times are there to avoid.
        node.animationSet.animations.withUnsafeBufferPointer { animations in
            for index in animations.indices where animations[index].reportsEvents {
                let serial = animations[index].serial
                reporting += 1
                // The times first (kept in the animation, not read from its snapshot's storage):
                // each set look-up is a hash, and most animations have started and not yet ended.
                if local >= animations[index].beginTime, !shared.started.contains(serial) {
                    shared.started.insert(serial)
                    events.append(AnimationEvent(serial: serial, kind: .started))
                }
                let end = animations[index].endTime
                if end.isFinite, local >= end, !shared.finished.contains(serial) {
                    shared.finished.insert(serial)
                    events.append(AnimationEvent(serial: serial, kind: .finished))
                }
            }
        }
        for sublayer in node.sublayers {
            scan(sublayer, parentTime: local, shared: &shared, reporting: &reporting, into: &events)
        }
        if let mask = node.mask {
            scan(mask, parentTime: local, shared: &shared, reporting: &reporting, into: &events)
        }
    }

    /// The serials of the animations in `node`'s subtree that report events.
    private static func collectSerials(_ node: RenderNode, into seen: inout Set<UInt64>) {
        guard node.subtreeReportsEvents else { return }
        for animation in node.animations where animation.reportsEvents {
            seen.insert(animation.serial)
        }
        for sublayer in node.sublayers {
            collectSerials(sublayer, into: &seen)
        }
        if let mask = node.mask {
            collectSerials(mask, into: &seen)
        }
    }
}
