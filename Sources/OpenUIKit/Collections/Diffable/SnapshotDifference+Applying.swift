// SnapshotDifference+Applying: replays a batch update on the old sections the way
// UICollectionView does, and rejects what UICollectionView would reject — so tests (and the
// collection view) can check that an update is consistent before animating it.
//
// Audited against: UICollectionView performBatchUpdates(_:completion:) and the update methods'
//   docs; UIKIT_SEMANTICS §5.3 (pre-update indexes for deletes and reloads, post-update for
//   inserts, deletes → inserts → moves); UIKit's NSInternalInconsistencyException checks on a
//   batch: indexes out of range, an index deleted, moved or inserted twice, an item deleted from
//   or moved out of a section being deleted, inserted or moved into a section being inserted, a
//   reload of an item being deleted or moved, and the per-section count rule
//   (after = before − deleted + inserted − moved out + moved in).
// Status: complete. The replay: take out deleted sections and the sources of section moves;
//   place inserted sections and move destinations at their new indexes; the remaining sections
//   fill the free places in their old order. Then in each section the same for items. This is
//   the only placement consistent with the count rule that keeps unmoved items in order.

import Foundation

extension SnapshotDifference {
    /// The number of items in each section after the update, from the numbers before it, as
    /// UICollectionView computes them to validate a batch; nil when the update is invalid for
    /// those counts (UIKit raises NSInternalInconsistencyException). Inserted sections take their
    /// counts from `insertedSectionItemCounts`, as UIKit takes them from the data source.
    func applied(to oldCounts: [Int]) -> [Int]? {
        guard oldCounts.allSatisfy({ $0 >= 0 }) else { return nil }
        let placeholders = oldCounts.map { (section: (), items: [Void](repeating: (), count: $0)) }
        return applied(toSections: placeholders, insertedSection: { _ in () }, insertedItem: { _ in () })?.map(\.items.count)
    }

    /// The sections after the update is replayed on `old`, each with its items; nil when the
    /// update is invalid for `old`. Kept sections and items are carried along; inserted ones come
    /// from `insertedSection` (by new section index) and `insertedItem` (by new index path, also
    /// for every item of an inserted section).
    func applied<Section, Item>(toSections old: [(section: Section, items: [Item])],
                                insertedSection: (Int) -> Section,
                                insertedItem: (IndexPath) -> Item) -> [(section: Section, items: [Item])]? {
        guard let sourceOfNew = replaySections(oldCount: old.count) else { return nil }
        var newOfOld = [Int](repeating: -1, count: old.count)
        for (newIndex, oldIndex) in sourceOfNew.enumerated() where oldIndex >= 0 { newOfOld[oldIndex] = newIndex }

        // What happens to each old item: kept, deleted or moved away.
        var fates = old.map { [ItemFate](repeating: .kept, count: $0.items.count) }
        func isOldItem(_ path: IndexPath) -> Bool {
            path.count == 2 && old.indices.contains(path.section) && newOfOld[path.section] >= 0
                && old[path.section].items.indices.contains(path.item)
        }
        for path in deletedItems {
            guard isOldItem(path), fates[path.section][path.item] == .kept else { return nil }
            fates[path.section][path.item] = .deleted
        }
        // Items placed at new index paths: inserts and move destinations.
        var placed = [[Int: Item]](repeating: [:], count: sourceOfNew.count)
        func place(_ item: Item, at path: IndexPath) -> Bool {
            guard path.count == 2, sourceOfNew.indices.contains(path.section), sourceOfNew[path.section] >= 0,
                  path.item >= 0, placed[path.section][path.item] == nil else { return false }
            placed[path.section][path.item] = item
            return true
        }
        for move in movedItems {
            guard isOldItem(move.from), fates[move.from.section][move.from.item] == .kept else { return nil }
            fates[move.from.section][move.from.item] = .moved
            guard place(old[move.from.section].items[move.from.item], at: move.to) else { return nil }
        }
        for path in insertedItems {
            guard place(insertedItem(path), at: path) else { return nil }
        }
        for path in reloadedItems {
            guard isOldItem(path), fates[path.section][path.item] == .kept else { return nil }
        }
        for path in reconfiguredItems {
            guard isOldItem(path), fates[path.section][path.item] != .deleted else { return nil }
        }

        var result: [(section: Section, items: [Item])] = []
        result.reserveCapacity(sourceOfNew.count)
        for (newIndex, oldIndex) in sourceOfNew.enumerated() {
            guard oldIndex >= 0 else {
                let count = insertedSectionItemCounts[newIndex] ?? 0
                guard count >= 0 else { return nil }
                let items = (0..<count).map { insertedItem(IndexPath(item: $0, section: newIndex)) }
                result.append((section: insertedSection(newIndex), items: items))
                continue
            }
            let source = old[oldIndex].items
            let carried = source.indices.lazy.filter { fates[oldIndex][$0] == .kept }.map { source[$0] }
            var next = carried.startIndex
            let total = carried.count + placed[newIndex].count
            var items: [Item] = []
            items.reserveCapacity(total)
            for newItem in 0..<total {
                if let item = placed[newIndex][newItem] {
                    items.append(item)
                } else {
                    // A placed index past the end leaves a hole the carried items cannot fill.
                    guard next != carried.endIndex else { return nil }
                    items.append(carried[next])
                    next = carried.index(after: next)
                }
            }
            result.append((section: old[oldIndex].section, items: items))
        }
        return result
    }

    /// What a batch does to an old item.
    private enum ItemFate: UInt8 {
        case kept, deleted, moved
    }

    /// The old index each new section comes from (−1: inserted), or nil when the section changes
    /// are invalid for `oldCount` sections.
    private func replaySections(oldCount: Int) -> [Int]? {
        guard deletedSections.allSatisfy({ $0 >= 0 && $0 < oldCount }) else { return nil }
        let newCount = oldCount - deletedSections.count + insertedSections.count
        guard insertedSections.allSatisfy({ $0 >= 0 && $0 < newCount }) else { return nil }
        let unfilled = -2
        var sourceOfNew = [Int](repeating: unfilled, count: newCount)
        for newIndex in insertedSections { sourceOfNew[newIndex] = -1 }
        var movedAway = [Bool](repeating: false, count: oldCount)
        for move in movedSections {
            guard (0..<oldCount).contains(move.from), !deletedSections.contains(move.from), !movedAway[move.from],
                  (0..<newCount).contains(move.to), sourceOfNew[move.to] == unfilled else { return nil }
            movedAway[move.from] = true
            sourceOfNew[move.to] = move.from
        }
        var free = 0
        for oldIndex in 0..<oldCount where !movedAway[oldIndex] && !deletedSections.contains(oldIndex) {
            while free < newCount && sourceOfNew[free] != unfilled { free += 1 }
            guard free < newCount else { return nil }
            sourceOfNew[free] = oldIndex
            free += 1
        }
        guard !sourceOfNew.contains(unfilled) else { return nil }
        return sourceOfNew
    }
}
