// RenderTree: the committed, immutable copy of a layer tree that the render server owns.
//
// Audited against: Core Animation Programming Guide → "Core Animation Basics" / "Layer Trees
//   Reflect Different Aspects of the Animation State" ("Objects in the render tree perform the
//   actual animations and are private to Core Animation"); CALayer.add(_:forKey:) ("the animation
//   object is copied by the render tree, not referenced"); CATransaction (changes reach the render
//   tree when the transaction commits). Status: complete. How a commit builds it is in
//   CALayer+RenderTree.swift; how the server evaluates it, in RenderServer.swift.

import CKinemaRasterSupport
import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// One layer as of the last commit that changed it: its model state, its committed animations and
/// its committed sublayers. Immutable and `Sendable`; a commit reuses the nodes of layers (and
/// whole subtrees) that did not change, so an unchanged tree costs nothing to re-commit.
///
/// **Cost.** About 350 bytes per layer (its animations are shared with the layer's cache); built
/// only for changed layers and their ancestors.
package final class RenderNode: Sendable {
    // Declared in the order a recycled frame reads them: everything it reads of a node whose
    // program writes all its targets sits in the first two cache lines; the state, which it then
    // does not read, comes last.
    package let id: UInt64
    /// The layer's own timing (beginTime, speed, timeOffset …): how its local time — its
    /// animations' and sublayers' parent time — follows its parent's.
    package let timing: MediaTiming
    /// `animationSet.program`, kept here too, unretained: the server reads it for every layer at
    /// every frame, and this saves a pointer chase there and a retain and a release per commit.
    /// `animationSet` keeps it alive for the node's life.
    private let programReference: Unmanaged<AnimationProgram>?

    /// Whether the node has a program.
    package var hasProgram: Bool { programReference != nil }

    /// Runs `body` with the program, borrowed (no retain); nil without one.
    @discardableResult
    package func withProgram<Result>(_ body: (AnimationProgram) -> Result) -> Result? {
        programReference?._withUnsafeGuaranteedRef(body)
    }

    /// Committed animations in order of addition.
    package var animations: [RenderAnimation] { animationSet.animations }
    /// The animations' snapshots, in the same order, with basic from/by/to resolved against
    /// `state` (what the general evaluation reads).
    package var snapshots: [AnimationSnapshot] { animationSet.snapshots }
    /// A variable only so that `deinit` can release them in order with cache hints (see there);
    /// never changed otherwise: the node is immutable once made.
    @exclusivity(unchecked) package nonisolated(unsafe) private(set) var sublayers: [RenderNode]
    package let mask: RenderNode?
    /// For a subtree without animations, its picture — the same at every time — made once at
    /// commit so that frames reuse it; nil when something in the subtree animates.
    package let staticComposite: CompositeLayer?
    /// Whether an animation in this subtree (masks included) reports its start and stop: the
    /// server's event scan skips subtrees where none does.
    package let subtreeReportsEvents: Bool
    /// Whether one of the animations is a transition (the compositor's "old picture" case).
    package let hasTransition: Bool
    /// Committed animations, their resolved snapshots, their compiled program: one shared object,
    /// which the layer keeps between commits while its animations do not change (a commit of a
    /// moved layer then retains one reference instead of three arrays).
    package let animationSet: RenderAnimationSet
    /// Where the objects this node's release releases live (its animation set, its state's
    /// cold part), as plain address bits: cache hints for the parent's `deinit`, never followed.
    private let releaseHints: (animations: UInt, cold: UInt)
    /// The layer's model state.
    package let state: LayerState

    /// A node; `animations` must have been made for `state` (see `RenderAnimationSet`).
    package init(id: UInt64, state: LayerState, timing: MediaTiming, animations: RenderAnimationSet,
                 sublayers: [RenderNode], mask: RenderNode?) {
        self.id = id
        self.state = state
        self.timing = timing
        animationSet = animations
        programReference = animations.program.map { Unmanaged.passUnretained($0) }
        self.sublayers = sublayers
        self.mask = mask
        hasTransition = animations.hasTransition
        releaseHints = (UInt(bitPattern: Unmanaged.passUnretained(animations).toOpaque()), UInt(bitPattern: state.coldAddress))
        subtreeReportsEvents = animations.reportsEvents
            || sublayers.contains(where: \.subtreeReportsEvents) || mask?.subtreeReportsEvents == true
        if animations.isEmpty, mask == nil || mask?.staticComposite != nil {
            var composites: [CompositeLayer] = []
            composites.reserveCapacity(sublayers.count)
            for sublayer in sublayers {
                guard let composite = sublayer.staticComposite else { break }
                composites.append(composite)
            }
            staticComposite = composites.count == sublayers.count
                ? CompositeLayer(id: id, state: state, sublayers: composites, mask: mask?.staticComposite)
                : nil
        } else {
            staticComposite = nil
        }
    }

    /// Releases the sublayers' nodes last to first, asking the cache ahead for what each release
    /// touches: the node sixteen places ahead, and the objects the node eight places ahead
    /// releases. A replaced wide tree is freed at the commit that replaces it, its nodes spread
    /// over the heap and out of the cache since they were made; released without hints, each
    /// waited for memory three times in a row.
    deinit {
        guard sublayers.count >= 16 else { return }
        var nodes = sublayers
        sublayers = []
        while !nodes.isEmpty {
            let count = nodes.count
            nodes.withUnsafeBufferPointer { nodes in
                if count > 16 {
                    kinema_prefetch_lines_for_write(UnsafeRawPointer(nodes.unretained(at: count - 17).toOpaque()), 6)
                }
                if count > 8 {
                    nodes.unretained(at: count - 9)._withUnsafeGuaranteedRef { node in
                        if let animations = UnsafeRawPointer(bitPattern: node.releaseHints.animations) {
                            kinema_prefetch_lines_for_write(animations, 1)
                        }
                        if let cold = UnsafeRawPointer(bitPattern: node.releaseHints.cold) {
                            kinema_prefetch_lines_for_write(cold, 1)
                        }
                    }
                }
            }
            nodes.removeLast()
        }
    }

    /// Asks the cache for the fields a recycled frame reads of this node (the first three lines:
    /// see the order of the declarations). A hint for the server's evaluation loop.
    func prefetchNode() {
        kinema_prefetch_lines(UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()), 3)
    }

    /// Asks the cache for the program's fields, without touching the program (a hint).
    func prefetchProgramHeader() {
        guard let programReference else { return }
        kinema_prefetch_lines(UnsafeRawPointer(programReference.toOpaque()), 1)
    }

    /// The number of nodes in this subtree (masks included).
    package var subtreeCount: Int {
        1 + sublayers.reduce(0) { $0 + $1.subtreeCount } + (mask?.subtreeCount ?? 0)
    }
}

/// A layer's committed animations as the render tree holds them: the animations, their snapshots
/// resolved against the model state, the compiled program and two facts the server asks per
/// node. Immutable; shared by every node made while the layer's animations (and, when they read
/// the model, its state) do not change.
package final class RenderAnimationSet: Sendable {
    package let animations: [RenderAnimation]
    /// The snapshots with basic from/by/to resolved against the state the set was made for.
    package let snapshots: [AnimationSnapshot]
    /// `snapshots` compiled, which the server runs instead of them; nil when one of them is
    /// outside the compiled fast path, or there are none.
    package let program: AnimationProgram?
    /// Whether a snapshot reads the model state (a basic animation missing an end): then the set
    /// is made anew for each committed state.
    package let dependsOnModel: Bool
    /// Whether one of the animations is a transition.
    package let hasTransition: Bool
    /// Whether one of them reports its start and stop.
    package let reportsEvents: Bool
    /// Whether there are none: kept beside the other facts, so that a commit asking it reads this
    /// object (which it retains anyway) and not the array's storage too.
    package let isEmpty: Bool

    /// No animations.
    package static let empty = RenderAnimationSet([], on: LayerState())

    /// The set of `animations` for a layer whose model state is `state`.
    package init(_ animations: [RenderAnimation], on state: LayerState) {
        self.animations = animations
        // One pass, reading each animation in place (the closures of `contains(where:)` and
        // `map` copied every snapshot out, each copy a handful of retains).
        var dependsOnModel = false
        var hasTransition = false
        var reportsEvents = false
        for index in animations.indices {
            if animations[index].snapshot.dependsOnModel { dependsOnModel = true }
            if animations[index].reportsEvents { reportsEvents = true }
            if case .transition = animations[index].snapshot.content { hasTransition = true }
        }
        var snapshots: [AnimationSnapshot] = []
        snapshots.reserveCapacity(animations.count)
        for index in animations.indices {
            snapshots.append(dependsOnModel ? animations[index].snapshot.resolvingEnds(on: state) : animations[index].snapshot)
        }
        self.dependsOnModel = dependsOnModel
        self.hasTransition = hasTransition
        self.reportsEvents = reportsEvents
        self.snapshots = snapshots
        program = snapshots.isEmpty ? nil : AnimationProgram(snapshots)
        isEmpty = animations.isEmpty
    }
}

/// One committed animation.
package struct RenderAnimation: Sendable {
    /// Names the animation for events: unique for the process's life.
    package var serial: UInt64
    package let snapshot: AnimationSnapshot
    /// The snapshot's begin and end times, kept here for the server's event scan, which reads
    /// them for every animation of every turn: read from the snapshot they were a cache miss each
    /// (its storage is a separate object; 61 % of the scan's samples in `UIView.animate on 1k`).
    package let beginTime: Double
    package let endTime: Double
    /// Whether the model layer wants to hear when it starts or stops (a delegate is set, or a
    /// transaction's completion block waits for it). Others are not tracked.
    package var reportsEvents: Bool
    /// For a transition: the layer (and its subtree) as last committed before the transition was
    /// added — the "old" picture the transition moves away from. Nil for other animations and for
    /// a layer committed for the first time.
    package var transitionFrom: RenderNode?

    package init(serial: UInt64, snapshot: AnimationSnapshot, reportsEvents: Bool, transitionFrom: RenderNode? = nil) {
        self.serial = serial
        self.snapshot = snapshot
        beginTime = snapshot.timing.beginTime
        endTime = snapshot.endTime
        self.reportsEvents = reportsEvents
        self.transitionFrom = transitionFrom
    }
}

extension UnsafeBufferPointer where Element: AnyObject {
    /// The object at `index` (in bounds) as an unmanaged reference, read without a retain. For
    /// loops over arrays that hold their objects anyway: a retain is an atomic, which waits for
    /// the stores before it and touches the object ahead of any cache hint asked for it.
    /// Inlinable: the commit (OpenQuartzCore) calls it per layer, and unspecialized across the
    /// module line it looked up its generic metadata at every call.
    @inlinable
    package func unretained(at index: Int) -> Unmanaged<Element> {
        UnsafeRawBufferPointer(self).load(fromByteOffset: index * MemoryLayout<Element>.stride, as: Unmanaged<Element>.self)
    }
}
