// UICollectionView+UpdateMap: a batch update's changes checked against the data source's counts
// before and after, and turned into a map from old index paths to new ones.
//
// Audited against: UICollectionView.performBatchUpdates(_:completion:) docs and UIKIT_SEMANTICS
//   §5.3 — deletes and reloads name pre-update index paths, inserts post-update ones, moves both;
//   a reload is a delete and an insert; UIKit's NSInternalInconsistencyException texts ("Invalid
//   update: invalid number of items in section …", "… invalid number of sections …",
//   "attempt to delete item … which only contains … items before the update").
// Status: complete for items and sections. Choices: items of a reloaded section all count as
//   reloaded (deleted and inserted); a move out of or into a deleted or inserted section is
//   refused (UIKit refuses it too).

import Foundation

/// The changes recorded inside `performBatchUpdates`.
struct PendingUpdates {
    var deletedSections = IndexSet(), insertedSections = IndexSet(), reloadedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []
    var deletedItems: [IndexPath] = [], insertedItems: [IndexPath] = [], reloadedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    /// Completions of nested batches, run with the outer one's.
    var nestedCompletions: [(Bool) -> Void] = []
}

/// Where each old item and section went.
struct UpdateMap {
    var oldToNew: [IndexPath: IndexPath] = [:]
    var newToOld: [IndexPath: IndexPath] = [:]
    var sectionOldToNew: [Int: Int] = [:]
    /// New index paths of inserted (and reloaded) items.
    var inserted: Set<IndexPath> = []
    /// Old index paths of deleted (and reloaded) items.
    var deleted: Set<IndexPath> = []
    /// What `prepare(forCollectionViewUpdates:)` is told.
    var updateItems: [(before: IndexPath?, after: IndexPath?, action: UICollectionViewUpdateItem.Action)] = []

    /// Checks `updates` against the counts and builds the map, or returns UIKit's error text.
    static func make(old: [Int], new: [Int], updates: PendingUpdates) -> Result<UpdateMap, MapError> {
        var map = UpdateMap()
        func fail(_ text: String) -> Result<UpdateMap, MapError> { .failure(MapError(text: text)) }
        // Sections.
        let removed = updates.deletedSections.union(IndexSet(updates.movedSections.map(\.from)))
        for section in updates.deletedSections.union(updates.reloadedSections) + updates.movedSections.map(\.from) where section >= old.count || section < 0 {
            return fail("attempt to delete or reload section \(section), but there are only \(old.count) sections before the update")
        }
        var placed = [Int?](repeating: nil, count: new.count)
        var taken = [Bool](repeating: false, count: new.count)
        for section in updates.insertedSections {
            guard section >= 0, section < new.count else { return fail("attempt to insert section \(section) but there are only \(new.count) sections after the update") }
            taken[section] = true
        }
        for move in updates.movedSections {
            guard move.to >= 0, move.to < new.count, !taken[move.to] else { return fail("attempt to move section \(move.from) to section \(move.to), which is out of range or taken (\(new.count) sections after the update)") }
            taken[move.to] = true
            placed[move.to] = move.from
        }
        let survivors = (0..<old.count).filter { !removed.contains($0) }
        let free = (0..<new.count).filter { !taken[$0] }
        guard survivors.count == free.count else {
            return fail("Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(new.count)) must be equal to the number of sections contained in the collection view before the update (\(old.count)), plus or minus the number of sections inserted or deleted (\(updates.insertedSections.count) inserted, \(updates.deletedSections.count) deleted) and plus or minus the number of sections moved into or out of the collection view (0 moved in, 0 moved out).")
        }
        for (slot, section) in zip(free, survivors) { placed[slot] = section }
        for (newSection, oldSection) in placed.enumerated() {
            if let oldSection { map.sectionOldToNew[oldSection] = newSection }
        }
        // Items, per new section.
        for (newSection, origin) in placed.enumerated() {
            guard let oldSection = origin, !updates.reloadedSections.contains(oldSection) else {
                for item in 0..<new[newSection] { map.inserted.insert(IndexPath(item: item, section: newSection)) }
                continue
            }
            var slots = [IndexPath?](repeating: nil, count: new[newSection])
            var filled = [Bool](repeating: false, count: new[newSection])
            let deletes = updates.deletedItems.filter { $0.section == oldSection }
            for path in deletes where path.item < 0 || path.item >= old[oldSection] {
                return fail("attempt to delete item \(path.item) from section \(oldSection) which only contains \(old[oldSection]) items before the update")
            }
            let reloads = updates.reloadedItems.filter { $0.section == oldSection }
            for path in reloads where path.item < 0 || path.item >= old[oldSection] {
                return fail("attempt to reload item \(path.item) from section \(oldSection) which only contains \(old[oldSection]) items before the update")
            }
            let movesOut = updates.movedItems.filter { $0.from.section == oldSection }
            let movesIn = updates.movedItems.filter { $0.to.section == newSection }
            let inserts = updates.insertedItems.filter { $0.section == newSection }
            let gone = Set(deletes.map(\.item)).union(movesOut.map(\.from.item))
            let kept = (0..<old[oldSection]).filter { !gone.contains($0) }
            guard kept.count + movesIn.count + inserts.count == new[newSection] else {
                return fail("Invalid update: invalid number of items in section \(newSection). The number of items contained in an existing section after the update (\(new[newSection])) must be equal to the number of items contained in that section before the update (\(old[oldSection])), plus or minus the number of items inserted or deleted from that section (\(inserts.count) inserted, \(deletes.count) deleted) and plus or minus the number of items moved into or out of that section (\(movesIn.count) moved in, \(movesOut.count) moved out).")
            }
            for path in inserts {
                guard path.item >= 0, path.item < slots.count, !filled[path.item] else { return fail("attempt to insert item \(path.item) into section \(newSection), but there are only \(slots.count) items in section \(newSection) after the update (or two changes name it)") }
                filled[path.item] = true
                map.inserted.insert(path)
                map.updateItems.append((nil, path, .insert))
            }
            for move in movesIn {
                guard move.to.item >= 0, move.to.item < slots.count, !filled[move.to.item],
                      move.from.item >= 0, move.from.section >= 0, move.from.section < old.count, move.from.item < old[move.from.section] else {
                    return fail("attempt to move item \(move.from) to \(move.to), which is out of range or taken")
                }
                filled[move.to.item] = true
                slots[move.to.item] = move.from
                map.updateItems.append((move.from, move.to, .move))
            }
            var next = 0
            for item in kept {
                while next < filled.count, filled[next] { next += 1 }
                guard next < filled.count else { break }
                slots[next] = IndexPath(item: item, section: oldSection)
                filled[next] = true
            }
            for (item, source) in slots.enumerated() {
                guard let source else { continue }
                let target = IndexPath(item: item, section: newSection)
                if reloads.contains(source) {
                    map.deleted.insert(source)
                    map.inserted.insert(target)
                    map.updateItems.append((source, target, .reload))
                } else {
                    map.oldToNew[source] = target
                    map.newToOld[target] = source
                }
            }
            for path in deletes {
                map.deleted.insert(path)
                map.updateItems.append((path, nil, .delete))
            }
        }
        // Items of deleted and reloaded sections.
        for section in updates.deletedSections.union(updates.reloadedSections) {
            for item in 0..<old[section] { map.deleted.insert(IndexPath(item: item, section: section)) }
            map.updateItems.append((IndexPath(index: section), nil, updates.deletedSections.contains(section) ? .delete : .reload))
        }
        for section in updates.insertedSections { map.updateItems.append((nil, IndexPath(index: section), .insert)) }
        // The order UIKit processes them in: deletes (and reloads), then inserts, then moves.
        let rank: [UICollectionViewUpdateItem.Action: Int] = [.delete: 0, .reload: 1, .insert: 2, .move: 3, .none: 4]
        map.updateItems = map.updateItems.enumerated().sorted {
            (rank[$0.element.action] ?? 4, $0.offset) < (rank[$1.element.action] ?? 4, $1.offset)
        }.map(\.element)
        return .success(map)
    }

    struct MapError: Error {
        var text: String
    }
}
