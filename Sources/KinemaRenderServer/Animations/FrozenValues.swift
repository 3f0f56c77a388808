// FrozenValues: values that a paused, scrubbed animation shows, committed beside the render tree
// instead of inside it, so that scrubbing changes no node.
//
// Audited against: nothing Apple documents (an engine mechanism). The behaviour it serves is
//   UIViewPropertyAnimator's `fractionComplete` set while paused (APPLE_SEMANTICS.md, the property
//   animator): each set shows the animations at the new fraction from the next commit on.
// Status: complete for what it serves.
//
// A scrubbed animator (UIViewPropertyAnimator+Tracks.swift) freezes each of its tracks: the
// layer keeps one basic animation whose value is constant, and a scrub changes that value at every
// frame. Made as a new snapshot each time, that was a new animation set and a new render node per
// layer per frame (seven allocations a scrubbed view; the animator benchmark's 500 scrubbed views
// made 3,500 a frame). Here the animation's snapshot names a slot (`.frozen` motion) once; a scrub
// writes the slot's value in the model-side table (`FrozenValueStore`), and each commit that finds
// the values changed hands the render server an immutable copy (`FrozenValueTable`) beside the tree
// it commits. The tree itself does not change.
//
// Transactions: a value written between commits is seen by nobody until the commit hands it over
// (frames, `presentation()`, the actions' "from the presentation value" all read a committed
// table), as a new snapshot would have been.
//
// Evaluation: a frozen snapshot reads the table current on its thread (`FrozenValueTable.current`,
// a C thread-local, set around each evaluation by whoever evaluates: the render server's frame,
// the live player, the model layer's presentation copies), and with none (an evaluation of an
// old tree, such as a transition's "from" picture) shows the value it was frozen at.
//
// Memory: the copies handed over are recycled. The store keeps them; a copy that nothing else
// holds any more (the server let it go at a later commit) is written over, in place, for the next
// commit. In steady state two or three copies take turns and a commit allocates nothing.
//
// Threads: slots are numbered by the store (main thread); a slot is freed by its object's deinit,
// which may run on the render thread (the last tree holding it), through a mutex. A table is
// written only while the store holds its only reference, before it is handed over.

import CKinemaRasterSupport
import Foundation
import Synchronization

/// A slot of the frozen-value table: what a frozen snapshot names. Freed (its number reused) when
/// the last snapshot and the animator naming it are gone.
package final class FrozenSlot: Sendable {
    package let index: Int

    fileprivate init(index: Int) {
        self.index = index
    }

    deinit {
        FrozenSlot.free.withLock { $0.append(index) }
    }

    /// Numbers given back, reused first.
    fileprivate static let free = Mutex<[Int]>([])
}

/// The frozen values as of one commit. Immutable once handed over (see the file comment).
package final class FrozenValueTable: @unchecked Sendable {
    /// Written only by `FrozenValueStore` while it holds the only reference.
    fileprivate var values: [AnimatableValue]
    /// The store's generation these values are (a table is reused for a later generation once
    /// nothing holds it: compare generations, not objects).
    package fileprivate(set) var generation: UInt64

    fileprivate init(values: [AnimatableValue], generation: UInt64) {
        self.values = values
        self.generation = generation
    }

    /// The value of `slot` (nil when the table was made before the slot).
    package subscript(slot: FrozenSlot) -> AnimatableValue? {
        slot.index < values.count ? values[slot.index] : nil
    }

    /// Runs `body` with `table` as this thread's current table (restoring the one before).
    package static func withCurrent<Result>(_ table: FrozenValueTable?, _ body: () throws -> Result) rethrows -> Result {
        let outer = kinema_frozen_table_current()
        kinema_frozen_table_set_current(table.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) })
        defer { kinema_frozen_table_set_current(outer) }
        return try withExtendedLifetime(table) { try body() }
    }

    /// The value of `slot` in this thread's current table; nil without one.
    static func currentValue(_ slot: FrozenSlot) -> AnimatableValue? {
        guard let pointer = kinema_frozen_table_current() else { return nil }
        return Unmanaged<FrozenValueTable>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0[slot] }
    }
}

/// The model side: the values as scrubs last wrote them, and the copies handed to commits.
@MainActor
package enum FrozenValueStore {
    private static var values: [AnimatableValue] = []
    /// Bumped by every write.
    private static var generation: UInt64 = 0
    /// The copy the last `commitTable()` returned: the committed values.
    package private(set) static var committed: FrozenValueTable?
    /// Every copy made, for reuse once nothing else holds it.
    private static var tables: [FrozenValueTable] = []

    /// A new slot showing `value`.
    package static func makeSlot(_ value: AnimatableValue) -> FrozenSlot {
        let index: Int
        if let reused = FrozenSlot.free.withLock({ $0.popLast() }) {
            index = reused
            values[index] = value
        } else {
            index = values.count
            values.append(value)
        }
        generation &+= 1
        return FrozenSlot(index: index)
    }

    /// Writes `slot`'s value, handed to the render tree at the next commit.
    package static func set(_ slot: FrozenSlot, _ value: AnimatableValue) {
        guard slot.index < values.count else { return }
        values[slot.index] = value
        generation &+= 1
    }

    /// Whether values were written since the last `commitTable()`.
    private static var hasChanges: Bool { generation != (committed?.generation ?? 0) }

    /// The committed table, made anew (into a copy nothing else holds, when there is one) when
    /// values were written since the last call.
    package static func commitTable() -> FrozenValueTable? {
        guard hasChanges else { return committed }
        var reused: FrozenValueTable?
        for index in tables.indices where isKnownUniquelyReferenced(&tables[index]) {
            reused = tables[index]
            break
        }
        let table: FrozenValueTable
        if let reused {
            table = reused
            // Into the storage it has (no allocation once it has held as many values).
            table.values.removeAll(keepingCapacity: true)
            table.values.append(contentsOf: values)
            table.generation = generation
        } else {
            table = FrozenValueTable(values: values, generation: generation)
            tables.append(table)
        }
        committed = table
        return table
    }

    /// Copies made so far (a work counter for the tests: steady state makes none).
    package static var tablesMade: Int { tables.count }
}
