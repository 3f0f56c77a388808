// NSDiffableDataSourceSnapshot: the sections and items of a diffable data source, by identifier —
// the storage, its indexes and the read-only queries. The mutations are in
// NSDiffableDataSourceSnapshot+Mutations.swift; what changed between two snapshots is
// SnapshotDifference.swift.
//
// Audited against: Apple's NSDiffableDataSourceSnapshot reference (iOS 13: the queries, the section
//   and item mutations, appendItems(_:toSection:) defaulting to the last section, deleteAllItems;
//   iOS 15: reconfigureItems(_:), reloadedSectionIdentifiers, reloadedItemIdentifiers,
//   reconfiguredItemIdentifiers), and the NSInternalInconsistencyExceptions UIKit raises on misuse
//   (identifiers not unique, no section to append to, an unknown item or section).
// Status: complete. Where UIKit raises, Kinema reports a diagnostic and does the safe thing (see
//   the mutations file); indexOfItem(_:) counts in the flattened item list, as UIKit does.
//
// Cost: every identifier is indexed in a dictionary, so the lookups (indexOfItem, indexOfSection,
// sectionIdentifier(containingItem:), the anchors of inserts and moves) are O(1); a mutation costs
// O(k) for k identifiers plus O(n) for the one section of n items whose positions shift. The
// global item offsets of the sections are computed on the first indexOfItem after a change and
// kept until the next one, so filling 100,000 sections one append at a time stays linear.

import Foundation
import KinemaSupport

/// The state of the data in a view at one moment: ordered sections, each an ordered list of items,
/// all named by unique identifiers.
///
/// ```swift
/// var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
/// snapshot.appendSections([0, 1])
/// snapshot.appendItems(["a", "b"], toSection: 0)
/// snapshot.appendItems(["c"])                       // to the last section, 1
/// snapshot.moveItem("c", beforeItem: "a")
/// snapshot.itemIdentifiers(inSection: 0)            // ["c", "a", "b"]
/// snapshot.indexOfItem("b")                         // 2
/// ```
///
/// **Semantics.** A value type: copies are independent. Section identifiers are unique among
/// sections and item identifiers among all items. Misuse that makes UIKit raise
/// `NSInternalInconsistencyException` (a duplicate identifier, an unknown anchor, items with no
/// section) emits a `KinemaDiagnostics` report and leaves the snapshot as the call's documented
/// safe path says; it never traps. Reload and reconfigure marks are kept until the snapshot is
/// applied by a data source, which compares them with its current snapshot (`SnapshotDifference`).
///
/// **Cost.** Identifier lookups O(1); `itemIdentifiers` O(n) (it flattens); mutations as the file
/// header says. Memory: each item is stored once in its section and once in the index.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// One section and its items, in order.
    struct Section: Sendable {
        var identifier: SectionIdentifierType
        var items: [ItemIdentifierType]
    }

    /// Where an item is: its section's identifier (stable when sections move) and its index there.
    struct ItemLocation: Sendable {
        var section: SectionIdentifierType
        var index: Int
    }

    /// The sections in order, with their items.
    var sections: [Section] = []
    /// The index of each section in `sections`.
    var sectionIndexes: [SectionIdentifierType: Int] = [:]
    /// The location of each item.
    var itemLocations: [ItemIdentifierType: ItemLocation] = [:]
    /// Reload and reconfigure marks, in the order they were made, each identifier once.
    var reloadedSections = DiffableOrderedIdentifiers<SectionIdentifierType>()
    var reloadedItems = DiffableOrderedIdentifiers<ItemIdentifierType>()
    var reconfiguredItems = DiffableOrderedIdentifiers<ItemIdentifierType>()
    /// The flattened index of each section's first item, computed when first asked for.
    var offsets = DiffableSectionOffsets()

    /// Creates an empty snapshot: no sections, no items.
    public init() {}

    // MARK: Counts and identifiers

    /// The number of items in all sections.
    public var numberOfItems: Int { itemLocations.count }

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The section identifiers, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections.map(\.identifier) }

    /// Every item identifier, section by section, in order.
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap(\.items) }

    /// The identifiers of the sections marked by `reloadSections(_:)`, in the order they were marked.
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections.list }

    /// The identifiers of the items marked by `reloadItems(_:)`, in the order they were marked.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems.list }

    /// The identifiers of the items marked by `reconfigureItems(_:)`, in the order they were marked.
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems.list }

    /// The number of items in a section; 0, with a diagnostic, for a section not in the snapshot
    /// (UIKit raises).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        guard let index = sectionIndexes[identifier] else {
            Self.report("numberOfItems(inSection:) with section \(Self.describe(identifier)) not in the snapshot; returned 0")
            return 0
        }
        return sections[index].items.count
    }

    /// The item identifiers of a section, in order; empty, with a diagnostic, for a section not in
    /// the snapshot (UIKit raises).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        guard let index = sectionIndexes[identifier] else {
            Self.report("itemIdentifiers(inSection:) with section \(Self.describe(identifier)) not in the snapshot; returned []")
            return []
        }
        return sections[index].items
    }

    /// The section holding an item, or nil when the item is not in the snapshot.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        itemLocations[identifier]?.section
    }

    /// An item's index in the flattened list of all items (`itemIdentifiers`), or nil when the
    /// item is not in the snapshot.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let location = itemLocations[identifier], let section = sectionIndexes[location.section] else { return nil }
        return offsets.start(of: section, in: sections) + location.index
    }

    /// A section's index, or nil when the section is not in the snapshot.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        sectionIndexes[identifier]
    }

    // MARK: Internal lookups (for SnapshotDifference and the data sources)

    /// An item's section index and index in that section, or nil when it is not in the snapshot.
    func indexPath(of identifier: ItemIdentifierType) -> (section: Int, item: Int)? {
        guard let location = itemLocations[identifier], let section = sectionIndexes[location.section] else { return nil }
        return (section, location.index)
    }

    /// Reports misuse under the snapshot's name.
    static func report(_ message: String) {
        KinemaDiagnostics.emit("NSDiffableDataSourceSnapshot", message)
    }

    /// A short description of an identifier for a diagnostic.
    static func describe(_ identifier: some Hashable) -> String {
        String(reflecting: identifier)
    }

    /// A short description of several identifiers: the first three and how many more.
    static func describe(_ identifiers: [some Hashable]) -> String {
        let shown = identifiers.prefix(3).map { describe($0) }.joined(separator: ", ")
        return identifiers.count > 3 ? "[\(shown), … \(identifiers.count - 3) more]" : "[\(shown)]"
    }
}

/// Identifiers in the order they were added, each once, with O(1) membership.
struct DiffableOrderedIdentifiers<Identifier: Hashable & Sendable>: Sendable {
    private(set) var list: [Identifier] = []
    private(set) var members: Set<Identifier> = []

    mutating func append(_ identifier: Identifier) {
        if members.insert(identifier).inserted { list.append(identifier) }
    }

    mutating func remove(_ removed: Set<Identifier>) {
        guard !members.isDisjoint(with: removed) else { return }
        members.subtract(removed)
        list.removeAll { removed.contains($0) }
    }

    mutating func removeAll() {
        list = []
        members = []
    }

    func contains(_ identifier: Identifier) -> Bool { members.contains(identifier) }
}

/// The flattened index of each section's first item, computed on demand and shared by copies of
/// a snapshot until one of them changes (a change replaces the cache with an empty one).
struct DiffableSectionOffsets: Sendable {
    private final class Cache: Sendable {
        let starts = LockedValue<[Int]?>(nil)
    }

    private var cache = Cache()

    /// Forgets the offsets: the counts of items changed.
    mutating func invalidate() {
        cache = Cache()
    }

    /// The flattened index of the first item of `section`, counting the items before it.
    func start<Section, Item>(of section: Int, in sections: [NSDiffableDataSourceSnapshot<Section, Item>.Section]) -> Int {
        cache.starts.withLock { starts in
            if starts == nil {
                var running = 0
                starts = sections.map { section in
                    defer { running += section.items.count }
                    return running
                }
            }
            return starts?[section] ?? 0
        }
    }
}
