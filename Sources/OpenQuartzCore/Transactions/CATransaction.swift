// CATransaction: Core Animation's mechanism for batching layer-tree changes.
//
// Audited against: the CATransaction class reference (begin(), commit(), flush() — "Flushes any
//   extant implicit transaction … Delays the commit until any nested explicit transactions have
//   completed"; animationDuration() — "Defaults to 1/4s"; animationTimingFunction() — nil by
//   default; disableActions(); value(forKey:) / setValue(_:forKey:) with the
//   kCATransactionAnimationDuration, kCATransactionDisableActions and
//   kCATransactionAnimationTimingFunction keys; lock() / unlock()), CATransaction.h ("Every
//   modification to the layer tree requires a transaction to be part of it"; transactions
//   nest; the implicit transaction is committed when the run loop next iterates).
// Status: complete — begin / commit / flush, nesting with inherited values, the three keys,
//   completion blocks (AnimationEvents.swift), implicit transactions (committed at the end of
//   each run-loop turn of a host — `HostRunLoop` — or by `flush()`), stamping animations'
//   beginTime at commit, and handing the changed layers to the render server
//   (RenderContext.swift).

import Foundation
import KinemaRenderServer
import KinemaSupport

/// The key of a transaction's animation duration (a `CFTimeInterval`).
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of a transaction's "disable actions" flag (a `Bool`).
public let kCATransactionDisableActions = "disableActions"
/// The key of a transaction's animation timing function (a `CAMediaTimingFunction`).
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"

/// A mechanism for grouping multiple layer-tree operations into atomic updates to the render
/// tree (Apple's `CATransaction`).
///
/// ```swift
/// CATransaction.begin()
/// CATransaction.setAnimationDuration(1)
/// layer.opacity = 0          // animates over one second (a layer in a tree)
/// CATransaction.commit()
/// ```
///
/// **Semantics.** Main-actor confined. Transactions nest: each `begin()` pushes a frame whose
/// values start as the enclosing frame's; `commit()` pops it. The first property change made
/// outside any explicit transaction opens an implicit one; `flush()` commits it (Apple's run loop
/// does so at the end of each turn, and so does Kinema's host, `Stage`). The outermost commit
/// lays out and displays the hosted trees, then hands their changed layers to the render server.
/// Animations added with `beginTime` 0 are stamped with the layer's local time when the outermost
/// transaction holding them commits. An unbalanced `commit()` reports a diagnostic and does
/// nothing.
@MainActor
public final class CATransaction {
    /// One open transaction: its values and the layers whose animations await their begin time.
    struct Frame {
        var values: [String: Any]
        var isImplicit: Bool
        var pendingLayers: [CALayer] = []
        /// The layers changed in the transaction: at the outermost commit those in a tree (and
        /// their sublayers) count as displayed, and animate implicitly from then on.
        var changedLayers: [CALayer] = []
        /// Names this frame in layers' marks (`CALayer.transactionMarks`), so that a layer is
        /// listed once per frame without a set lookup. Unique for the process's life.
        var serial: UInt64
        /// `values[kCATransactionDisableActions] as? Bool ?? false`, kept up to date by `setValue`.
        var disablesActions: Bool
        /// The completion block set in this transaction, with the animations it waits for.
        var completion: CompletionGroup?
    }

    /// The source of `Frame.serial`s.
    private static var frameSerials: UInt64 = 0

    static func nextFrameSerial() -> UInt64 {
        frameSerials &+= 1
        return frameSerials
    }

    /// The open transactions, outermost first. Read several times by every property write: the
    /// run-time exclusivity check a global's access makes cost more than the reads (the type is
    /// main-actor confined, and no access to it overlaps another).
    @exclusivity(unchecked) static var stack: [Frame] = []
    /// Whether `flush()` asked for the implicit transaction to commit once the explicit ones
    /// nested in it have completed.
    static var flushPending = false
    private static let recursiveLock = NSRecursiveLock()

    private init() {}

    // MARK: Creating and committing transactions

    /// Begins a new transaction for the current thread, nested in any open one.
    public static func begin() {
        stack.append(Frame(values: stack.last?.values ?? [:], isImplicit: false, serial: nextFrameSerial(),
                           disablesActions: stack.last?.disablesActions ?? false))
    }

    /// Commits every change made during the current transaction. Without an open explicit
    /// transaction this reports a diagnostic and does nothing.
    public static func commit() {
        guard let top = stack.last, !top.isImplicit else {
            KinemaDiagnostics.emit("CATransaction", "commit() without a matching begin(); nothing committed")
            return
        }
        pop()
        if flushPending, stack.count == 1, stack[0].isImplicit {
            flushPending = false
            pop()
        }
    }

    /// Commits the implicit transaction, if one is open; when explicit transactions are nested in
    /// it, the commit waits until they have completed.
    public static func flush() {
        guard let first = stack.first, first.isImplicit else { return }
        if stack.count == 1 {
            pop()
        } else {
            flushPending = true
        }
    }

    /// Acquires Core Animation's transaction lock (recursive). Kinema's model tree is main-actor
    /// confined, so the lock guards nothing more; it is here for source compatibility.
    public static func lock() { recursiveLock.lock() }

    /// Releases the lock taken by `lock()`.
    public static func unlock() { recursiveLock.unlock() }

    // MARK: Transaction properties

    /// The duration of animations added to layers in this transaction. Defaults to 1/4 s.
    public static func animationDuration() -> CFTimeInterval {
        (value(forKey: kCATransactionAnimationDuration) as? CFTimeInterval) ?? 0.25
    }

    /// Sets the animation duration for the current transaction.
    public static func setAnimationDuration(_ dur: CFTimeInterval) {
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function of animations added in this transaction; nil by default.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the timing function for the current transaction.
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// The completion block of the current transaction (nil when none was set).
    public static func completionBlock() -> (@MainActor () -> Void)? {
        stack.last?.completion?.block
    }

    /// Sets the block run on the main thread once every animation added to a layer after this
    /// call, in this transaction (nested ones included), has stopped — finished or removed. With
    /// no such animation it runs right after the commit (at the next run-loop turn). Setting
    /// another block seals this one: later animations wait for the new block only.
    public static func setCompletionBlock(_ block: (@MainActor () -> Void)?) {
        ensureOpen()
        if let previous = stack[stack.count - 1].completion {
            AnimationEventHub.groupSealed(previous)
        }
        stack[stack.count - 1].completion = block.map { CompletionGroup(block: $0) }
    }

    /// The completion groups an animation added now waits to join: one per open transaction
    /// with a block.
    static func openCompletionGroups() -> [CompletionGroup] {
        stack.compactMap(\.completion)
    }

    /// Whether actions triggered by property changes are suppressed. Defaults to false.
    public static func disableActions() -> Bool {
        // Read at every property write: kept as a flag beside the values (see `setValue`).
        guard let top = stack.indices.last else { return false }
        return stack[top].disablesActions
    }

    /// Sets whether actions triggered by property changes are suppressed.
    public static func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The value of the transaction property `key` (one of the `kCATransaction…` keys or your own).
    public static func value(forKey key: String) -> Any? {
        guard let top = stack.indices.last else { return nil }
        return stack[top].values[key]
    }

    /// Sets the transaction property `key` in the current transaction (opening the implicit
    /// transaction when none is open).
    public static func setValue(_ anObject: Any?, forKey key: String) {
        ensureOpen()
        let top = stack.count - 1
        stack[top].values[key] = anObject
        if key == kCATransactionDisableActions {
            stack[top].disablesActions = (anObject as? Bool) ?? false
        }
    }

    // MARK: Package hooks

    /// Opens the implicit transaction when no transaction is open.
    static func ensureOpen() {
        if stack.isEmpty {
            stack.append(Frame(values: [:], isImplicit: true, serial: nextFrameSerial(), disablesActions: false))
        }
    }

    /// Whether any transaction (explicit or implicit) is open.
    static var isOpen: Bool { !stack.isEmpty }

    /// Records that `layer` has animations whose begin time is resolved at commit.
    static func registerPending(_ layer: CALayer) {
        guard let top = stack.indices.last, layer.transactionMarks.pending != stack[top].serial else { return }
        layer.transactionMarks.pending = stack[top].serial
        stack[top].pendingLayers.append(layer)
    }

    /// Records that `layer` changed in the current transaction.
    static func registerChange(_ layer: CALayer) {
        // A plain list and a mark on the layer: a set of weak references cost a dictionary
        // probe per write and gave every layer a weak-reference side table, which slows each
        // retain and release of it. The list holds the layers until the commit (as Core
        // Animation's transactions do).
        guard let top = stack.indices.last, layer.transactionMarks.changed != stack[top].serial else { return }
        layer.transactionMarks.changed = stack[top].serial
        stack[top].changedLayers.append(layer)
    }

    /// Pops the top frame: a nested frame hands its pending layers to the enclosing one; the
    /// outermost stamps them.
    private static func pop() {
        if stack.count == 1, RenderContext.hasPendingLayoutOrDisplay {
            // Core Animation lays out and displays the hosted trees just before committing them,
            // inside the transaction, with actions disabled (new contents do not animate). Only
            // when a tree asked for it: setting the flag is the first write to the transaction's
            // values, an allocation a turn with nothing to lay out has no need of.
            let disabled = stack[0].values[kCATransactionDisableActions]
            setValue(true, forKey: kCATransactionDisableActions)
            RenderContext.layoutAndDisplayAll()
            setValue(disabled, forKey: kCATransactionDisableActions)
        }
        let frame = stack.removeLast()
        if let group = frame.completion {
            AnimationEventHub.groupSealed(group)
        }
        if stack.isEmpty {
            for layer in frame.pendingLayers {
                layer.stampPendingBeginTimes()
            }
            // A committed layer with nothing below it has nothing left to mark; asking whether
            // it is in a tree would read its superlayer (a weak reference) for nothing.
            CALayer.beginCommitMarks()
            for layer in frame.changedLayers where !layer.isCommittedLeaf && layer.isInLayerTree {
                layer.markCommitted()
            }
            RenderContext.commitAll()
            // A layer that asked for layout or display behind the pass (from another layer's
            // layout) is served by the next commit, which this opens.
            if RenderContext.hasPendingLayoutOrDisplay {
                ensureOpen()
            }
        } else {
            for layer in frame.pendingLayers {
                registerPending(layer)
            }
            for layer in frame.changedLayers {
                registerChange(layer)
            }
        }
    }
}
