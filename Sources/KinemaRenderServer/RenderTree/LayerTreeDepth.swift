// LayerTreeDepth: how deep a layer tree Kinema draws, and a thread with a stack deep enough to
// draw it.
//
// Audited against: nothing of Apple's — Core Animation documents no nesting limit. Status:
//   Kinema's own bound (docs/RELIABILITY.md, docs/COMPOSITOR.md).
//
// Why. Drawing a tree is recursive: the compositor's walk (paintLayer → paintFlat → paintBody →
// paintInner → paintSublayers) used about 18 KB of stack per level in a debug build, so a chain
// of about 450 plain layers overflowed an 8 MB thread stack and killed the process. The model
// tree may be as deep as a user builds it (its own walks — layout, release, hit tests — are
// iterative or bounded); what is drawn is bounded instead:
//   - the commit (model → render tree), `CompositeLayer(modelTree:)` and `render(in:)` keep at
//     most `maximumLevels` levels (the root is level 1; masks and their sublayers count as
//     levels too); a deeper layer is not drawn, with one diagnostic per commit or render;
//   - a tree more than `inlineLevels` deep is composited on a thread of its own whose stack is
//     sized for its depth (`runOnLargeStack`), so a 1,000-level tree draws from any thread, the
//     cooperative pool's included.

import Foundation
import KinemaSupport

/// The bound on drawn nesting depth, and a large-stack runner for deep trees.
package enum LayerTreeDepth {
    /// The most levels of a layer tree a commit or a model-tree composite keeps: the root is
    /// level 1; a layer deeper than this is left out of what is drawn (with a diagnostic), though
    /// it stays in the model tree. Chosen far above any interface's nesting (UIKit hierarchies
    /// are tens of levels) and low enough that drawing the deepest tree allowed stays cheap: a
    /// 1,000-level chain composites in a fraction of a second in a debug build.
    package static let maximumLevels = 1000

    /// Trees at most this deep are composited on the caller's thread: 24 levels at the ~18 KB a
    /// level a debug build uses is about 430 KB, within a 512 KB stack (the smallest common one)
    /// with room for the caller's frames. Deeper trees go to a thread of their own.
    package static let inlineLevels = 24

    /// Stack reserved per level on a large-stack thread: about five times what a debug build's
    /// compositor used for a plain layer (masks, transitions and replicators add frames per level).
    package static let stackBytesPerLevel = 96 * 1024

    /// The levels of `root`'s tree: 1 for a layer alone; sublayers, masks, the old picture of a
    /// running transition and a replicator's delayed instances each add a level. Iterative.
    package static func levels(of root: CompositeLayer) -> Int {
        var deepest = 0
        var pending: [(layer: CompositeLayer, level: Int)] = [(root, 1)]
        while let (layer, level) = pending.popLast() {
            deepest = max(deepest, level)
            for sublayer in layer.sublayers { pending.append((sublayer, level + 1)) }
            if let mask = layer.mask { pending.append((mask, level + 1)) }
            if let from = layer.transition?.from { pending.append((from, level)) }
            for instance in layer.delayedInstances ?? [] {
                for sublayer in instance { pending.append((sublayer, level + 1)) }
            }
        }
        return deepest
    }

    /// Runs `body` on the caller's thread when `levels` is at most `inlineLevels`; else on a new
    /// thread whose stack holds `levels × stackBytesPerLevel` more (the caller waits for it, and
    /// the caller's diagnostics collection is carried over). Returns false, without running
    /// `body`, when no such thread can be made (address space exhausted): the caller reports it.
    ///
    /// **Cost.** One thread start and join (tens of microseconds) for a deep tree; none otherwise.
    /// The stack is reserved address space: only the pages the drawing touches are used.
    package static func runOnStack(forLevels levels: Int, _ body: () -> Void) -> Bool {
        guard levels > inlineLevels else {
            body()
            return true
        }
        let (product, overflow) = max(levels, 1).multipliedReportingOverflow(by: stackBytesPerLevel)
        let bytes = overflow ? Int.max : product + 4 << 20
        return runOnLargeStack(bytes: bytes, body)
    }

    /// The largest stack `runOnStack` asks for (the rest of a deeper request is refused).
    package static let maximumStackBytes = 2 << 30

    /// Runs `body` on a new thread with a `bytes` stack, waiting for it; false when the thread
    /// cannot be made or `bytes` exceeds `maximumStackBytes`.
    package static func runOnLargeStack(bytes: Int, _ body: () -> Void) -> Bool {
        guard bytes <= maximumStackBytes else { return false }
        let collection = KinemaDiagnostics.current
        return withoutActuallyEscaping(body) { escapable in
            let work = StackWork { KinemaDiagnostics.withCollection(collection) { escapable() } }
            var attributes = pthread_attr_t()
            guard pthread_attr_init(&attributes) == 0 else { return false }
            defer { pthread_attr_destroy(&attributes) }
            // Whole pages, as pthread_attr_setstacksize asks.
            let page = 64 * 1024
            guard pthread_attr_setstacksize(&attributes, (bytes + page - 1) / page * page) == 0 else { return false }
            let context = Unmanaged.passRetained(work)
            #if canImport(Glibc) || canImport(Musl)
            var thread = pthread_t()
            #else
            var thread: pthread_t?
            #endif
            let created = pthread_create(&thread, &attributes, { raw in
                let pointer: UnsafeMutableRawPointer? = raw
                guard let pointer else { return nil }
                let work = Unmanaged<StackWork>.fromOpaque(pointer).takeRetainedValue()
                work.run()
                return nil
            }, context.toOpaque())
            guard created == 0 else {
                context.release()
                return false
            }
            #if canImport(Glibc) || canImport(Musl)
            pthread_join(thread, nil)
            #else
            if let thread { pthread_join(thread, nil) }
            #endif
            return true
        }
    }
}

/// The work handed to a large-stack thread. The caller waits for the thread before it returns,
/// so what `run` captures outlives it; hence `@unchecked Sendable`.
private final class StackWork: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
