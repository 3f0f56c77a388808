// RenderContext and HostRunLoop: a hosted layer tree wired to a render server, and the main
// run loop's turn that drives it.
//
// Audited against: CATransaction docs (the implicit transaction "is committed when the run loop
//   next iterates"), CALayer.presentation() (nil until committed), Core Animation Programming
//   Guide → "Core Animation Basics" (the layer tree is what the render server shows), CADisplayLink
//   docs (fires once per frame, before the frame is drawn). Status: complete. Apple's class for a
//   hosted tree (CAContext) is private; these are Kinema's.

import Foundation
import KinemaRenderServer
import KinemaSupport
import KinemaTiming

/// A layer tree whose commits reach a render server (Apple's private CAContext, roughly: what a
/// window owns). The root counts as "in a tree" for implicit animations.
///
/// **Semantics.** Main-actor confined. Every outermost `CATransaction` commit lays out and
/// displays each live context's tree in scope, then commits its changed layers (new render nodes
/// for those only) to the context's server. In scope: during a host's turn (`HostRunLoop`), that
/// host's tree and trees no host runs; outside any turn, every tree. So two Stages in one process
/// keep to themselves: one's turn never lays out, draws or commits the other's tree (that waits
/// for its own turn), and animations are stamped on the clock of the host whose tree they are in.
@MainActor
package final class RenderContext {
    package let rootLayer: CALayer
    package nonisolated let server: RenderServer
    /// The host whose turns drive this tree (set by `HostRunLoop.init`); nil for a bare context.
    package internal(set) weak var host: HostRunLoop?

    private struct WeakContext {
        weak var context: RenderContext?
    }

    private static var all: [WeakContext] = []

    package init(rootLayer: CALayer, server: RenderServer = RenderServer()) {
        self.rootLayer = rootLayer
        self.server = server
        rootLayer.isHostRoot = true
        CALayer.invalidateVisibility()
        Self.all.removeAll { $0.context == nil }
        Self.all.append(WeakContext(context: self))
        rootLayer.markRenderDirty()
    }

    /// The generation of the frozen values this context last handed its server.
    private var frozenGeneration: UInt64?

    /// Commits this context's tree now if it (or the frozen values) changed since its last commit.
    package func commit() {
        // The frozen values (FrozenValues.swift): a scrub changes them and no layer.
        let frozen = FrozenValueStore.commitTable()
        // A new context marks its root dirty, so its first commit always happens.
        guard rootLayer.renderDirty || rootLayer.renderSubtreeDirty || frozen?.generation != frozenGeneration else { return }
        frozenGeneration = frozen?.generation
        let cutsBefore = CALayer.renderCuts
        server.commit(rootLayer.makeRenderNode(), frozen: frozen)
        let cuts = CALayer.renderCuts &- cutsBefore
        if cuts > 0 {
            KinemaDiagnostics.emit(
                "CATransaction",
                "commit: the layer tree is deeper than \(LayerTreeDepth.maximumLevels) levels; the sublayers and masks of \(cuts) layer(s) at that level are not drawn")
        }
    }

    /// Whether a commit now serves this tree: during a host's turn, only that host's tree and
    /// bare contexts; outside any turn, every tree.
    private var isInScope: Bool {
        guard let running = HostRunLoop.running, let host else { return true }
        return host === running
    }

    static func layoutAndDisplayAll() {
        for entry in all {
            guard let context = entry.context, context.isInScope else { continue }
            context.rootLayer.layoutAndDisplayTree()
        }
    }

    /// Whether a hosted tree in scope has a layer that asked for layout or display after the
    /// pre-commit pass had gone by it (during another layer's layout): the next commit serves it.
    static var hasPendingLayoutOrDisplay: Bool {
        all.contains { $0.context.map { $0.isInScope && $0.rootLayer.layoutDisplayPending } ?? false }
    }

    static func commitAll() {
        all.removeAll { $0.context == nil }
        for entry in all {
            guard let context = entry.context, context.isInScope else { continue }
            context.commit()
        }
    }

    /// The clock of the host whose tree `layer` is in, or nil (in no hosted tree, or in a bare
    /// context). A walk to the root: as long as the layer's timing chain.
    static func hostClock(of layer: CALayer) -> MediaClock? {
        var root = layer
        while let parent = root.superlayerStorage { root = parent }
        guard root.isHostRoot else { return nil }
        // A plain loop: a main-actor closure given to `first(where:)` costs an executor check.
        for weakContext in all {
            if let context = weakContext.context, context.rootLayer === root { return context.host?.clock }
        }
        return nil
    }
}

/// One main run loop for a hosted tree: scheduled closures, display links, event delivery and the
/// implicit commit, turn by turn at times a host chooses (`Stage` steps it).
///
/// A turn at time t, in order:
/// 1. the clock moves to t;
/// 2. animation events that happened by t (starts, finishes — from the render server) and queued
///    removals and completion blocks are delivered;
/// 3. closures scheduled at or before t run, in time order (ties in order of scheduling);
/// 4. display links due run, with `timestamp` t;
/// 5. the implicit transaction commits (`CATransaction.flush()`), reaching the render server;
/// 6. layers that draw a key their animations change redraw with the values at t, and that
///    commits too (`CALayer.redrawAnimatedDisplays()`).
/// Everything runs with `MediaClock.current` being this loop's clock.
@MainActor
package final class HostRunLoop {
    package let clock: MediaClock
    package let context: RenderContext
    private var scheduled: [(time: Double, order: Int, body: @MainActor () -> Void)] = []
    private var nextOrder = 0
    var displayLinks: [CADisplayLink] = []
    /// The display's frame interval (what display links report as `duration`).
    package var frameInterval: Double

    private static weak var latest: HostRunLoop?

    /// The host display links, completions and UIKit's scheduling attach to: the one whose turn
    /// is running, else the one whose `withClock` is running, else the newest.
    package static var current: HostRunLoop? { running ?? focused ?? latest }
    /// The host whose `withClock` is running, if any.
    private static weak var focused: HostRunLoop?
    /// The host whose turn is running, if any.
    package private(set) static weak var running: HostRunLoop?

    package init(context: RenderContext, clock: MediaClock, frameInterval: Double = 1.0 / 60) {
        self.context = context
        self.clock = clock
        self.frameInterval = frameInterval.isFinite && frameInterval > 0 ? frameInterval : 1.0 / 60
        Self.latest = self
        context.host = self
    }

    /// Runs `body` at the first turn whose time is ≥ `time` (a NaN time: the next turn, with a
    /// diagnostic).
    package func schedule(at time: Double, _ body: @escaping @MainActor () -> Void) {
        var time = time
        if time.isNaN {
            KinemaDiagnostics.emit("HostRunLoop", "schedule(at: nan): ran it at the next turn")
            time = -.infinity
        }
        // Kept sorted by (time, order): insert after every entry due at or before `time`.
        var low = 0, high = scheduled.count
        while low < high {
            let middle = (low + high) / 2
            if scheduled[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        scheduled.insert((time, nextOrder, body), at: low)
        nextOrder += 1
    }

    /// Runs `body` with this loop's clock as `MediaClock.current` and this loop as `current`
    /// (so code run for one of several Stages schedules on that Stage's loop).
    package func withClock<R>(_ body: () throws -> R) rethrows -> R {
        let outer = Self.focused
        Self.focused = self
        defer { Self.focused = outer }
        return try MediaClock.withCurrent(clock, operation: body)
    }

    /// Runs one turn at `time` (see the type's documentation). A time earlier than the clock's is
    /// a diagnostic, and the turn runs at the clock's time.
    package func turn(at time: Double) {
        var time = time
        if !time.isFinite || time < clock.now {
            KinemaDiagnostics.emit("HostRunLoop", "turn(at: \(time)): time must be finite and not before the clock (\(clock.now)); ran the turn at \(clock.now)")
            time = clock.now
        }
        clock.advance(to: time)
        let outer = Self.running
        Self.running = self
        defer { Self.running = outer }
        withClock {
            AnimationEventHub.deliver(context.server.events(through: time))
            runScheduled(through: time)
            fireDisplayLinks(at: time)
            CATransaction.flush()
            // Layers drawing an animated key draw its values at t (CALayer+AnimatedDisplay.swift),
            // in a transaction of their own, committed here when none is left open.
            context.rootLayer.redrawAnimatedDisplays()
            // An explicit transaction left open waits for its commit(), as on Apple platforms.
            if !CATransaction.isOpen {
                // Changes made to this tree while another host's turn committed were left for
                // this turn: lay out and display them (free when nothing asked), then commit.
                if context.rootLayer.layoutDisplayPending {
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    context.rootLayer.layoutAndDisplayTree()
                    CATransaction.commit()
                }
                context.commit()
            }
        }
    }

    /// Runs the closures due by `time` in time order (ties in order of scheduling); a closure
    /// scheduled meanwhile for a time already due runs in this turn too, in its place in that order.
    private func runScheduled(through time: Double) {
        while let first = scheduled.first, first.time <= time {
            scheduled.removeFirst()
            first.body()
        }
    }

    private func fireDisplayLinks(at time: Double) {
        displayLinks.removeAll { $0.isInvalidated }
        for link in displayLinks {
            link.fire(at: time, frameInterval: frameInterval)
        }
    }
}

