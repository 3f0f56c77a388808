// NSDiffableDataSourceSnapshot against Apple's reference (every query and mutation, the misuse
// UIKit raises on), and SnapshotDifference against UICollectionView's batch-update rules: each
// difference is replayed on the old sections and must give the new ones exactly, and its moves
// are checked against an independent quadratic longest-increasing-subsequence count.
import Foundation
import KinemaSupport
@testable import OpenUIKit
import Testing

fileprivate typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

/// A snapshot with these sections and items, in order.
fileprivate func makeSnapshot(_ contents: [(String, [Int])]) -> Snapshot {
    var snapshot = Snapshot()
    for (section, items) in contents {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// The sections and their items, for comparing whole snapshots.
fileprivate func contents(_ snapshot: Snapshot) -> [String] {
    snapshot.sectionIdentifiers.map { "\($0):\(snapshot.itemIdentifiers(inSection: $0).map(String.init).joined(separator: ","))" }
}

/// Every item's flattened index and section agree with the ordered lists (the indexes are current).
fileprivate func indexesAreConsistent(_ snapshot: Snapshot) -> Bool {
    var flat = 0
    for (sectionIndex, section) in snapshot.sectionIdentifiers.enumerated() {
        guard snapshot.indexOfSection(section) == sectionIndex else { return false }
        for item in snapshot.itemIdentifiers(inSection: section) {
            guard snapshot.indexOfItem(item) == flat, snapshot.sectionIdentifier(containingItem: item) == section else { return false }
            flat += 1
        }
    }
    return flat == snapshot.numberOfItems
}

@Suite struct DiffableSnapshotTests {
    @Test func appendingAndQueries() {
        var snapshot = Snapshot()
        #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0 && snapshot.itemIdentifiers.isEmpty)
        snapshot.appendSections(["A", "B"])
        snapshot.appendItems([1, 2, 3])                      // no section: the last one, B
        snapshot.appendItems([4, 5], toSection: "A")
        #expect(contents(snapshot) == ["A:4,5", "B:1,2,3"])
        #expect(snapshot.sectionIdentifiers == ["A", "B"] && snapshot.itemIdentifiers == [4, 5, 1, 2, 3])
        #expect(snapshot.numberOfSections == 2 && snapshot.numberOfItems == 5)
        #expect(snapshot.numberOfItems(inSection: "A") == 2 && snapshot.itemIdentifiers(inSection: "B") == [1, 2, 3])
        #expect(snapshot.indexOfItem(1) == 2 && snapshot.indexOfItem(5) == 1 && snapshot.indexOfItem(99) == nil)
        #expect(snapshot.indexOfSection("B") == 1 && snapshot.indexOfSection("Z") == nil)
        #expect(snapshot.sectionIdentifier(containingItem: 3) == "B" && snapshot.sectionIdentifier(containingItem: 9) == nil)
        #expect(indexesAreConsistent(snapshot))
    }

    @Test func insertingDeletingAndMovingSections() {
        var snapshot = makeSnapshot([("A", [1]), ("B", [2, 3]), ("C", [4])])
        snapshot.insertSections(["X", "Y"], beforeSection: "B")
        snapshot.insertSections(["Z"], afterSection: "C")
        #expect(snapshot.sectionIdentifiers == ["A", "X", "Y", "B", "C", "Z"])
        snapshot.deleteSections(["B", "Y"])
        #expect(contents(snapshot) == ["A:1", "X:", "C:4", "Z:"])
        #expect(snapshot.numberOfItems == 2 && snapshot.sectionIdentifier(containingItem: 2) == nil && snapshot.indexOfItem(4) == 1)
        snapshot.moveSection("A", afterSection: "C")
        #expect(snapshot.sectionIdentifiers == ["X", "C", "A", "Z"])
        snapshot.moveSection("Z", beforeSection: "X")
        #expect(snapshot.sectionIdentifiers == ["Z", "X", "C", "A"])
        snapshot.moveSection("Z", afterSection: "A")             // first to last
        #expect(snapshot.sectionIdentifiers == ["X", "C", "A", "Z"])
        #expect(snapshot.indexOfItem(1) == 1 && indexesAreConsistent(snapshot))
    }

    @Test func insertingDeletingAndMovingItems() {
        var snapshot = makeSnapshot([("A", [1, 2, 3]), ("B", [4, 5])])
        snapshot.insertItems([10, 11], beforeItem: 2)
        snapshot.insertItems([12], afterItem: 5)
        snapshot.insertItems([13], beforeItem: 4)
        #expect(contents(snapshot) == ["A:1,10,11,2,3", "B:13,4,5,12"])
        snapshot.deleteItems([10, 4, 3])
        #expect(contents(snapshot) == ["A:1,11,2", "B:13,5,12"])
        snapshot.moveItem(1, afterItem: 2)                        // within a section, forward
        #expect(contents(snapshot) == ["A:11,2,1", "B:13,5,12"])
        snapshot.moveItem(12, beforeItem: 11)                     // across sections
        #expect(contents(snapshot) == ["A:12,11,2,1", "B:13,5"])
        snapshot.moveItem(11, afterItem: 5)
        #expect(contents(snapshot) == ["A:12,2,1", "B:13,5,11"])
        snapshot.moveItem(13, afterItem: 11)                      // within B, first to last
        #expect(contents(snapshot) == ["A:12,2,1", "B:5,11,13"])
        #expect(snapshot.indexOfItem(13) == 5 && snapshot.sectionIdentifier(containingItem: 12) == "A")
        #expect(indexesAreConsistent(snapshot))
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0 && snapshot.indexOfItem(5) == nil)
    }

    /// reloadedItemIdentifiers and friends keep the order of marking, each once; deleting drops marks.
    @Test func reloadAndReconfigureMarks() {
        var snapshot = makeSnapshot([("A", [1, 2, 3]), ("B", [4])])
        snapshot.reloadItems([3, 1, 3])
        snapshot.reconfigureItems([2, 4])
        snapshot.reloadSections(["B", "A", "B"])
        #expect(snapshot.reloadedItemIdentifiers == [3, 1])
        #expect(snapshot.reconfiguredItemIdentifiers == [2, 4])
        #expect(snapshot.reloadedSectionIdentifiers == ["B", "A"])
        snapshot.deleteItems([3])
        snapshot.deleteSections(["B"])
        #expect(snapshot.reloadedItemIdentifiers == [1] && snapshot.reconfiguredItemIdentifiers == [2])
        #expect(snapshot.reloadedSectionIdentifiers == ["A"])
    }

    /// A snapshot is a value: a copy changed later leaves the original (and its cached offsets) alone.
    @Test func copiesAreIndependent() {
        var original = makeSnapshot([("A", [1, 2]), ("B", [3])])
        #expect(original.indexOfItem(3) == 2)                     // computes the offsets
        var copy = original
        copy.insertItems([7, 8], beforeItem: 1)
        #expect(original.indexOfItem(3) == 2 && copy.indexOfItem(3) == 4)
        original.deleteItems([1])
        #expect(original.indexOfItem(3) == 1 && copy.indexOfItem(3) == 4)
        #expect(contents(original) == ["A:2", "B:3"] && contents(copy) == ["A:7,8,1,2", "B:3"])
    }

    /// Where UIKit raises NSInternalInconsistencyException: one diagnostic and the safe path.
    @Test func misuseIsReportedAndIgnored() {
        func misuse(_ change: (inout Snapshot) -> Void, leaves expected: [String]) -> [KinemaDiagnostic] {
            var snapshot = makeSnapshot([("A", [1, 2]), ("B", [3])])
            let (_, diagnostics) = KinemaDiagnostics.collecting { change(&snapshot) }
            #expect(contents(snapshot) == expected)
            #expect(indexesAreConsistent(snapshot))
            return diagnostics
        }
        let unchanged = ["A:1,2", "B:3"]
        let cases: [(String, (inout Snapshot) -> Void, [String])] = [
            ("unknown section to append to", { $0.appendItems([9], toSection: "Z") }, unchanged),
            ("insert before unknown item", { $0.insertItems([9], beforeItem: 42) }, unchanged),
            ("insert after unknown section", { $0.insertSections(["Q"], afterSection: "Z") }, unchanged),
            ("move unknown item", { $0.moveItem(42, beforeItem: 1) }, unchanged),
            ("move before unknown item", { $0.moveItem(1, afterItem: 42) }, unchanged),
            ("move item next to itself", { $0.moveItem(1, afterItem: 1) }, unchanged),
            ("move unknown section", { $0.moveSection("Z", beforeSection: "A") }, unchanged),
            ("move section next to itself", { $0.moveSection("A", beforeSection: "A") }, unchanged),
            ("duplicate items in an append: first kept", { $0.appendItems([4, 2, 4, 5], toSection: "B") }, ["A:1,2", "B:3,4,5"]),
            ("duplicate sections", { $0.appendSections(["C", "A", "C"]) }, ["A:1,2", "B:3", "C:"]),
            ("insert an item already present", { $0.insertItems([3, 6], afterItem: 1) }, ["A:1,6,2", "B:3"]),
            ("delete unknown items: known ones deleted", { $0.deleteItems([2, 42]) }, ["A:1", "B:3"]),
            ("delete unknown section", { $0.deleteSections(["Z", "B"]) }, ["A:1,2"]),
            ("reload unknown item", { $0.reloadItems([42]) }, unchanged),
            ("reconfigure unknown item", { $0.reconfigureItems([42]) }, unchanged),
            ("reload unknown section", { $0.reloadSections(["Z"]) }, unchanged),
        ]
        for (name, change, expected) in cases {
            let diagnostics = misuse(change, leaves: expected)
            #expect(diagnostics.count == 1, "\(name)")
            #expect(diagnostics.first?.domain == "NSDiffableDataSourceSnapshot", "\(name)")
            #expect(diagnostics.first?.module == "OpenUIKit", "\(name)")
        }
        // No section at all: appending to "the last section" has nowhere to go.
        var empty = Snapshot()
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            empty.appendItems([1])
            _ = empty.numberOfItems(inSection: "A")
            _ = empty.itemIdentifiers(inSection: "A")
        }
        #expect(diagnostics.count == 3 && empty.numberOfItems == 0 && empty.numberOfSections == 0)
        #expect(diagnostics.first?.message.contains("no section") == true)
    }

    /// 100,000 items in one section: building, looking up, inserting at the front, deleting half.
    /// Quadratic work here (10¹⁰ steps) would not finish; linear work takes well under a second.
    @Test func oneHundredThousandItems() {
        var snapshot = Snapshot()
        snapshot.appendSections(["A"])
        snapshot.appendItems(Array(0..<100_000))
        #expect(snapshot.numberOfItems == 100_000)
        var lookupsRight = true
        for item in stride(from: 0, to: 100_000, by: 1) where snapshot.indexOfItem(item) != item { lookupsRight = false }
        #expect(lookupsRight)
        snapshot.insertItems([-1, -2], beforeItem: 0)
        #expect(snapshot.indexOfItem(99_999) == 100_001 && snapshot.indexOfItem(-2) == 1)
        snapshot.deleteItems(Array(stride(from: 0, to: 100_000, by: 2)))
        #expect(snapshot.numberOfItems == 50_002 && snapshot.indexOfItem(99_999) == 50_001)
        snapshot.moveItem(-1, afterItem: 99_999)
        #expect(snapshot.indexOfItem(-1) == 50_001 && snapshot.indexOfItem(1) == 1)
    }
}

// MARK: - SnapshotDifference

/// The difference's update replayed on `old`'s sections (inserted sections and items taken from
/// `new` at their new indexes, as a data source supplies them), or nil when it is invalid.
fileprivate func replay(_ difference: SnapshotDifference, from old: Snapshot, to new: Snapshot) -> [String]? {
    let oldSections = old.sectionIdentifiers.map { (section: $0, items: old.itemIdentifiers(inSection: $0)) }
    let newSections = new.sectionIdentifiers
    let newItems = newSections.map { new.itemIdentifiers(inSection: $0) }
    let result = difference.applied(toSections: oldSections, insertedSection: { newSections.indices.contains($0) ? newSections[$0] : "?" },
                                    insertedItem: { path in
                                        guard newItems.indices.contains(path.section), newItems[path.section].indices.contains(path.item) else { return Int.min }
                                        return newItems[path.section][path.item]
                                    })
    return result?.map { "\($0.section):\($0.items.map(String.init).joined(separator: ","))" }
}

/// The difference from `old` to `new`, checked: its replay gives `new` exactly and its counts
/// pass UICollectionView's per-section rule.
fileprivate func checkedDifference(_ old: Snapshot, _ new: Snapshot, sourceLocation: SourceLocation = #_sourceLocation) -> SnapshotDifference {
    let difference = SnapshotDifference(from: old, to: new)
    #expect(replay(difference, from: old, to: new) == contents(new), sourceLocation: sourceLocation)
    let oldCounts = old.sectionIdentifiers.map { old.numberOfItems(inSection: $0) }
    let newCounts = new.sectionIdentifiers.map { new.numberOfItems(inSection: $0) }
    #expect(difference.applied(to: oldCounts) == newCounts, sourceLocation: sourceLocation)
    return difference
}

fileprivate func paths(_ pairs: [(Int, Int)]) -> [IndexPath] { pairs.map { IndexPath(item: $0.1, section: $0.0) } }
fileprivate func moves(_ difference: SnapshotDifference) -> [[Int]] { difference.movedItems.map { [$0.from.section, $0.from.item, $0.to.section, $0.to.item] } }

/// The length of a longest strictly increasing subsequence, by the quadratic textbook recurrence
/// (independent of the engine's patience sorting).
fileprivate func quadraticLISLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices { for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) } }
    return best.max() ?? 0
}

@Suite struct SnapshotDifferenceTests {
    @Test func identicalSnapshotsChangeNothing() {
        let snapshot = makeSnapshot([("A", [1, 2]), ("B", [3])])
        #expect(checkedDifference(snapshot, snapshot).isEmpty)
    }

    @Test func pureInserts() {
        let difference = checkedDifference(makeSnapshot([("A", [1, 2, 3])]), makeSnapshot([("A", [1, 9, 2, 3, 8])]))
        #expect(difference.insertedItems == paths([(0, 1), (0, 4)]))
        #expect(difference.deletedItems.isEmpty && difference.movedItems.isEmpty && difference.insertedSections.isEmpty)
    }

    @Test func pureDeletes() {
        let difference = checkedDifference(makeSnapshot([("A", [1, 2, 3, 4]), ("B", [5])]), makeSnapshot([("A", [2, 4]), ("B", [])]))
        #expect(difference.deletedItems == paths([(0, 0), (0, 2), (1, 0)]))
        #expect(difference.insertedItems.isEmpty && difference.movedItems.isEmpty && difference.deletedSections.isEmpty)
    }

    /// One item taken from the front to the back is one move; the four others keep their order.
    @Test func oneMove() {
        let difference = checkedDifference(makeSnapshot([("A", [1, 2, 3, 4, 5])]), makeSnapshot([("A", [2, 3, 4, 5, 1])]))
        #expect(moves(difference) == [[0, 0, 0, 4]])
        #expect(difference.deletedItems.isEmpty && difference.insertedItems.isEmpty)
    }

    /// Neighbours swapped: one move. Ends swapped: two (the middle keeps its order).
    @Test func swaps() {
        let neighbours = checkedDifference(makeSnapshot([("A", [1, 2, 3, 4])]), makeSnapshot([("A", [1, 3, 2, 4])]))
        #expect(moves(neighbours) == [[0, 1, 0, 2]])
        let ends = checkedDifference(makeSnapshot([("A", [1, 2, 3, 4, 5])]), makeSnapshot([("A", [5, 2, 3, 4, 1])]))
        #expect(moves(ends) == [[0, 0, 0, 4], [0, 4, 0, 0]])
    }

    /// A section moved to the front carries its items: one section move, no item change.
    @Test func sectionMoves() {
        let old = makeSnapshot([("A", [1]), ("B", [2, 3]), ("C", [4, 5])])
        let difference = checkedDifference(old, makeSnapshot([("C", [4, 5]), ("A", [1]), ("B", [2, 3])]))
        #expect(difference.movedSections.map { [$0.from, $0.to] } == [[2, 0]])
        #expect(difference.movedItems.isEmpty && difference.deletedItems.isEmpty && difference.insertedItems.isEmpty)
        // Moved and reordered inside: the section move plus one item move, in old → new paths.
        let reordered = checkedDifference(old, makeSnapshot([("C", [5, 4]), ("A", [1]), ("B", [2, 3])]))
        #expect(reordered.movedSections.map { [$0.from, $0.to] } == [[2, 0]])
        #expect(moves(reordered) == [[2, 0, 0, 1]])               // 4: old (2, 0) → new (0, 1)
    }

    @Test func itemsMovingAcrossSections() {
        let difference = checkedDifference(makeSnapshot([("A", [1, 2]), ("B", [3])]), makeSnapshot([("A", [1]), ("B", [2, 3])]))
        #expect(moves(difference) == [[0, 1, 1, 0]])
        #expect(difference.deletedItems.isEmpty && difference.insertedItems.isEmpty)
    }

    /// Sections deleted take their items; inserted ones bring theirs (counted, not listed); an item
    /// leaving a deleted section for a kept one is inserted, one entering an inserted section deleted.
    @Test func sectionInsertsAndDeletes() {
        let old = makeSnapshot([("A", [1, 2]), ("B", [3, 4]), ("C", [5])])
        let new = makeSnapshot([("A", [1, 3]), ("N", [2, 6]), ("C", [5])])
        let difference = checkedDifference(old, new)
        #expect(difference.deletedSections == IndexSet([1]) && difference.insertedSections == IndexSet([1]))
        #expect(difference.insertedSectionItemCounts == [1: 2])
        #expect(difference.deletedItems == paths([(0, 1)]))       // 2 goes into the inserted N
        #expect(difference.insertedItems == paths([(0, 1)]))      // 3 comes from the deleted B
        #expect(difference.movedItems.isEmpty && difference.movedSections.isEmpty)
    }

    /// A reload stays a reload at its old path; a reloaded item that moves is deleted and inserted;
    /// a reloaded section is deleted and inserted; reconfigures are listed at old paths, moves kept.
    @Test func reloadsAndReconfigures() {
        let old = makeSnapshot([("A", [1, 2, 3]), ("B", [4, 5])])
        var new = makeSnapshot([("A", [3, 1, 2]), ("B", [5, 4])])
        new.reloadItems([2, 3])
        new.reconfigureItems([5])
        let difference = checkedDifference(old, new)
        #expect(difference.reloadedItems == paths([(0, 1)]))      // 2 stays in order
        #expect(difference.deletedItems == paths([(0, 2)]) && difference.insertedItems == paths([(0, 0)]))    // 3 moved
        #expect(moves(difference) == [[1, 0, 1, 1]])                // 4 moves after 5, which stays
        #expect(difference.reconfiguredItems == paths([(1, 1)]))

        var sectionReload = makeSnapshot([("A", [1, 2, 3]), ("B", [4, 5])])
        sectionReload.reloadSections(["B"])
        let reloaded = checkedDifference(old, sectionReload)
        #expect(reloaded.deletedSections == IndexSet([1]) && reloaded.insertedSections == IndexSet([1]))
        #expect(reloaded.insertedSectionItemCounts == [1: 2] && reloaded.deletedItems.isEmpty && reloaded.movedItems.isEmpty)
    }

    /// The replay rejects what UICollectionView raises on.
    @Test func invalidUpdatesAreRejected() {
        var difference = SnapshotDifference()
        #expect(difference.applied(to: [2, 1]) == [2, 1])
        difference.deletedItems = paths([(0, 2)])                 // past the end of section 0
        #expect(difference.applied(to: [2, 1]) == nil)
        difference = SnapshotDifference()
        difference.insertedItems = paths([(0, 3)])                // leaves a hole: 0 + 2 items, index 3
        #expect(difference.applied(to: [2, 1]) == nil)
        difference.insertedItems = paths([(0, 2)])
        #expect(difference.applied(to: [2, 1]) == [3, 1])
        difference.deletedSections = IndexSet([0])                // deleting a section and an item in it
        difference.insertedItems = []
        difference.deletedItems = paths([(0, 0)])
        #expect(difference.applied(to: [2, 1]) == nil)
        difference = SnapshotDifference()
        difference.movedItems = [(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1))]
        difference.reloadedItems = paths([(0, 0)])                // reload and move of one path
        #expect(difference.applied(to: [2, 1]) == nil)
        difference.reloadedItems = []
        #expect(difference.applied(to: [2, 1]) == [1, 2])
        difference.insertedSections = IndexSet([1])               // moving into an inserted section
        difference.insertedSectionItemCounts = [1: 4]
        #expect(difference.applied(to: [2, 1]) == nil)
        difference.movedItems = []
        #expect(difference.applied(to: [2, 1]) == [2, 4, 1])
    }

    /// Random edits of random snapshots (seeded): every difference replays to the new snapshot; no
    /// item is deleted or inserted that both snapshots keep; the moves are exactly as few as the
    /// longest increasing subsequences allow, counted by the quadratic recurrence.
    @Test(arguments: 1...40) func randomEditsReplayExactlyWithFewestMoves(seed: Int) {
        var random = SplitMix64(state: UInt64(seed))
        let (old, new) = randomEdit(&random, reloads: false)
        let difference = checkedDifference(old, new)

        let kept = old.sectionIdentifiers.filter { new.indexOfSection($0) != nil }
        #expect(difference.movedSections.count == kept.count - quadraticLISLength(kept.compactMap { new.indexOfSection($0) }))
        var expectedMoves = 0
        for item in old.itemIdentifiers {
            guard let from = old.sectionIdentifier(containingItem: item), let to = new.sectionIdentifier(containingItem: item),
                  kept.contains(from), kept.contains(to) else { continue }
            if from != to { expectedMoves += 1 }
        }
        for section in kept {
            let staying = old.itemIdentifiers(inSection: section).filter { new.sectionIdentifier(containingItem: $0) == section }
            let newIndexes = staying.compactMap { item in new.itemIdentifiers(inSection: section).firstIndex(of: item) }
            expectedMoves += staying.count - quadraticLISLength(newIndexes)
        }
        #expect(difference.movedItems.count == expectedMoves)
        // Deleted items are gone or in an inserted section; inserted ones new or from a deleted one.
        for path in difference.deletedItems {
            let item = old.itemIdentifiers(inSection: old.sectionIdentifiers[path.section])[path.item]
            #expect(new.sectionIdentifier(containingItem: item).map { !kept.contains($0) } ?? true)
        }
        for path in difference.insertedItems {
            let item = new.itemIdentifiers(inSection: new.sectionIdentifiers[path.section])[path.item]
            #expect(old.sectionIdentifier(containingItem: item).map { !kept.contains($0) } ?? true)
        }
    }

    /// With reloads and reconfigures marked at random, the replay still gives the new snapshot.
    @Test(arguments: 101...130) func randomEditsWithReloadsReplayExactly(seed: Int) {
        var random = SplitMix64(state: UInt64(seed))
        let (old, new) = randomEdit(&random, reloads: true)
        let difference = checkedDifference(old, new)
        #expect(Set(difference.reloadedItems).isDisjoint(with: Set(difference.movedItems.map(\.from))))
        #expect(Set(difference.reloadedItems).isDisjoint(with: Set(difference.deletedItems)))
    }

    /// 100,000 items in 10 sections, 3,000 deleted, 3,000 inserted, 3,000 moved, two sections
    /// moved: the difference finishes (a quadratic engine would need ~10¹⁰ steps) and replays.
    @Test func oneHundredThousandItemDifference() {
        var random = SplitMix64(state: 17)
        var sections = (0..<10).map { section in (name: "S\(section)", items: Array(section * 10_000..<(section + 1) * 10_000)) }
        let old = makeSnapshot(sections.map { ($0.name, $0.items) })
        for _ in 0..<3_000 {
            let section = Int.random(in: 0..<10, using: &random)
            sections[section].items.remove(at: Int.random(in: 0..<sections[section].items.count, using: &random))
        }
        for step in 0..<3_000 {
            let section = Int.random(in: 0..<10, using: &random)
            sections[section].items.insert(1_000_000 + step, at: Int.random(in: 0...sections[section].items.count, using: &random))
        }
        for _ in 0..<3_000 {
            let from = Int.random(in: 0..<10, using: &random), to = Int.random(in: 0..<10, using: &random)
            let item = sections[from].items.remove(at: Int.random(in: 0..<sections[from].items.count, using: &random))
            sections[to].items.insert(item, at: Int.random(in: 0...sections[to].items.count, using: &random))
        }
        sections.swapAt(2, 7)
        let new = makeSnapshot(sections.map { ($0.name, $0.items) })
        let difference = checkedDifference(old, new)
        #expect(difference.movedSections.count == 2)
        #expect(difference.insertedItems.count == 3_000 && difference.deletedItems.count == 3_000)
        #expect(difference.movedItems.count >= 2_500 && difference.movedItems.count <= 3_000)
    }
}

/// A random snapshot and a randomly edited copy: sections deleted, inserted and moved; items
/// deleted, inserted and moved within and across sections; with `reloads`, random marks.
fileprivate func randomEdit(_ random: inout SplitMix64, reloads: Bool) -> (old: Snapshot, new: Snapshot) {
    var nextItem = 0
    var nextSection = 0
    func freshItems(_ count: Int) -> [Int] {
        defer { nextItem += count }
        return Array(nextItem..<nextItem + count)
    }
    func freshSection() -> String {
        defer { nextSection += 1 }
        return "S\(nextSection)"
    }
    var sections: [(String, [Int])] = (0..<Int.random(in: 0...6, using: &random)).map { _ in
        (freshSection(), freshItems(Int.random(in: 0...12, using: &random)))
    }
    let old = makeSnapshot(sections)
    for _ in 0..<Int.random(in: 0...3, using: &random) where !sections.isEmpty {
        sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) {
        sections.insert((freshSection(), freshItems(Int.random(in: 0...4, using: &random))), at: Int.random(in: 0...sections.count, using: &random))
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) where sections.count > 1 {
        let moving = sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
        sections.insert(moving, at: Int.random(in: 0...sections.count, using: &random))
    }
    for _ in 0..<Int.random(in: 0...20, using: &random) where !sections.isEmpty {
        let section = Int.random(in: 0..<sections.count, using: &random)
        let roll = random.unit()
        if roll < 0.3, !sections[section].1.isEmpty {
            sections[section].1.remove(at: Int.random(in: 0..<sections[section].1.count, using: &random))
        } else if roll < 0.55 {
            sections[section].1.insert(contentsOf: freshItems(1), at: Int.random(in: 0...sections[section].1.count, using: &random))
        } else if !sections[section].1.isEmpty {
            let item = sections[section].1.remove(at: Int.random(in: 0..<sections[section].1.count, using: &random))
            let target = Int.random(in: 0..<sections.count, using: &random)
            sections[target].1.insert(item, at: Int.random(in: 0...sections[target].1.count, using: &random))
        }
    }
    var new = makeSnapshot(sections)
    if reloads {
        let items = new.itemIdentifiers
        new.reloadItems(items.filter { _ in random.unit() < 0.2 })
        new.reconfigureItems(items.filter { _ in random.unit() < 0.2 })
        new.reloadSections(new.sectionIdentifiers.filter { _ in random.unit() < 0.2 })
    }
    return (old, new)
}
