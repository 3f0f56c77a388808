// NSDiffableDataSourceSnapshot+Mutations: adding, inserting, deleting, moving and marking sections
// and items, keeping the identifier indexes current.
//
// Audited against: Apple's NSDiffableDataSourceSnapshot reference — appendSections(_:),
//   insertSections(_:beforeSection:/afterSection:), deleteSections(_:),
//   moveSection(_:beforeSection:/afterSection:), reloadSections(_:), appendItems(_:toSection:)
//   ("if you don't specify a section, the items are appended to the last section"),
//   insertItems(_:beforeItem:/afterItem:), deleteItems(_:), deleteAllItems() (removes the sections
//   too), moveItem(_:beforeItem:/afterItem:) (may cross sections), reloadItems(_:),
//   reconfigureItems(_:); and the NSInternalInconsistencyExceptions UIKit raises for each misuse.
// Status: complete. Kinema's safe paths where UIKit raises (each with one diagnostic):
//   - identifiers not unique (repeated in the call, or already in the snapshot) in an append or
//     insert: the first occurrence of each new identifier is added, the rest skipped;
//   - no section to append to, an unknown section to append to, an unknown anchor of an insert or
//     move, an unknown item or section to move, a move relative to itself: the call is ignored;
//   - unknown identifiers in a delete, reload or reconfigure: those are skipped and the known ones
//     acted on (the call's intent, "these are gone / these are marked", holds for them).
//   Deleting an item or section also drops its reload and reconfigure marks.

import Foundation

extension NSDiffableDataSourceSnapshot {
    // MARK: Sections

    /// Adds empty sections after the last one.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        let added = freshSections(identifiers, "appendSections(_:)")
        guard !added.isEmpty else { return }
        for identifier in added {
            sectionIndexes[identifier] = sections.count
            sections.append(Section(identifier: identifier, items: []))
        }
        offsets.invalidate()
    }

    /// Inserts empty sections before a section already in the snapshot.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, next: toIdentifier, after: false, "insertSections(_:beforeSection:)")
    }

    /// Inserts empty sections after a section already in the snapshot.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, next: toIdentifier, after: true, "insertSections(_:afterSection:)")
    }

    /// Removes sections and all their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        var doomed = Set<SectionIdentifierType>()
        var unknown: [SectionIdentifierType] = []
        for identifier in identifiers {
            if sectionIndexes[identifier] != nil { doomed.insert(identifier) } else { unknown.append(identifier) }
        }
        if !unknown.isEmpty {
            Self.report("deleteSections(_:) with sections not in the snapshot \(Self.describe(unknown)); those were skipped")
        }
        guard !doomed.isEmpty else { return }
        var first = sections.count
        var removedItems: [ItemIdentifierType] = []
        for identifier in doomed {
            guard let index = sectionIndexes.removeValue(forKey: identifier) else { continue }
            first = min(first, index)
            for item in sections[index].items { itemLocations[item] = nil }
            removedItems += sections[index].items
        }
        sections.removeAll { doomed.contains($0.identifier) }
        reindexSections(from: first)
        reloadedSections.remove(doomed)
        forgetMarks(of: removedItems)
        offsets.invalidate()
    }

    /// Moves a section, with its items, to just before another section.
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, after: false, "moveSection(_:beforeSection:)")
    }

    /// Moves a section, with its items, to just after another section.
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, after: true, "moveSection(_:afterSection:)")
    }

    /// Marks sections to be reloaded when the snapshot is applied (their cells and supplementary
    /// views replaced).
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        let known = identifiers.filter { sectionIndexes[$0] != nil }
        if known.count < identifiers.count {
            let unknown = identifiers.filter { sectionIndexes[$0] == nil }
            Self.report("reloadSections(_:) with sections not in the snapshot \(Self.describe(unknown)); those were skipped")
        }
        for identifier in known { reloadedSections.append(identifier) }
    }

    // MARK: Items

    /// Adds items at the end of a section; with no section given, at the end of the last section.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let target: Int
        if let sectionIdentifier {
            guard let index = sectionIndexes[sectionIdentifier] else {
                Self.report("appendItems(_:toSection:) to section \(Self.describe(sectionIdentifier)) not in the snapshot; ignored")
                return
            }
            target = index
        } else {
            guard !sections.isEmpty else {
                Self.report("appendItems(_:toSection:) with no section to append to (the snapshot has no sections); ignored")
                return
            }
            target = sections.count - 1
        }
        let added = freshItems(identifiers, "appendItems(_:toSection:)")
        guard !added.isEmpty else { return }
        let start = sections[target].items.count
        sections[target].items += added
        reindexItems(inSection: target, from: start)
        offsets.invalidate()
    }

    /// Inserts items just before an item already in the snapshot, in that item's section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insertItems(identifiers, next: beforeIdentifier, after: false, "insertItems(_:beforeItem:)")
    }

    /// Inserts items just after an item already in the snapshot, in that item's section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insertItems(identifiers, next: afterIdentifier, after: true, "insertItems(_:afterItem:)")
    }

    /// Removes items from the snapshot.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        var doomed = Set<ItemIdentifierType>()
        var unknown: [ItemIdentifierType] = []
        var firstRemoved: [Int: Int] = [:]    // section index → first index removed there
        for identifier in identifiers {
            guard let location = itemLocations[identifier], let section = sectionIndexes[location.section] else {
                unknown.append(identifier)
                continue
            }
            doomed.insert(identifier)
            firstRemoved[section] = min(firstRemoved[section] ?? location.index, location.index)
        }
        if !unknown.isEmpty {
            Self.report("deleteItems(_:) with items not in the snapshot \(Self.describe(unknown)); those were skipped")
        }
        guard !doomed.isEmpty else { return }
        for identifier in doomed { itemLocations[identifier] = nil }
        for (section, first) in firstRemoved {
            sections[section].items.removeAll { doomed.contains($0) }
            reindexItems(inSection: section, from: first)
        }
        forgetMarks(of: Array(doomed))
        offsets.invalidate()
    }

    /// Removes every item and every section.
    public mutating func deleteAllItems() {
        sections = []
        sectionIndexes = [:]
        itemLocations = [:]
        reloadedSections.removeAll()
        reloadedItems.removeAll()
        reconfiguredItems.removeAll()
        offsets.invalidate()
    }

    /// Moves an item to just before another item, into that item's section.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, next: toIdentifier, after: false, "moveItem(_:beforeItem:)")
    }

    /// Moves an item to just after another item, into that item's section.
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, next: toIdentifier, after: true, "moveItem(_:afterItem:)")
    }

    /// Marks items to be reloaded when the snapshot is applied (their cells replaced by new ones).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in knownItems(identifiers, "reloadItems(_:)") { reloadedItems.append(identifier) }
    }

    /// Marks items to be reconfigured when the snapshot is applied (their existing cells updated in
    /// place, cheaper than a reload).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in knownItems(identifiers, "reconfigureItems(_:)") { reconfiguredItems.append(identifier) }
    }

    // MARK: Shared steps

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], next anchor: SectionIdentifierType, after: Bool, _ api: String) {
        guard let anchorIndex = sectionIndexes[anchor] else {
            Self.report("\(api) next to section \(Self.describe(anchor)), which is not in the snapshot; ignored")
            return
        }
        let added = freshSections(identifiers, api)
        guard !added.isEmpty else { return }
        let position = anchorIndex + (after ? 1 : 0)
        sections.insert(contentsOf: added.map { Section(identifier: $0, items: []) }, at: position)
        reindexSections(from: position)
        offsets.invalidate()
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, next anchor: SectionIdentifierType, after: Bool, _ api: String) {
        guard let from = sectionIndexes[identifier] else {
            Self.report("\(api) of section \(Self.describe(identifier)), which is not in the snapshot; ignored")
            return
        }
        guard let anchorIndex = sectionIndexes[anchor] else {
            Self.report("\(api) next to section \(Self.describe(anchor)), which is not in the snapshot; ignored")
            return
        }
        guard identifier != anchor else {
            Self.report("\(api) of section \(Self.describe(identifier)) next to itself; ignored")
            return
        }
        let moving = sections.remove(at: from)
        let position = (anchorIndex > from ? anchorIndex - 1 : anchorIndex) + (after ? 1 : 0)
        sections.insert(moving, at: position)
        reindexSections(from: min(from, position))
        offsets.invalidate()
    }

    private mutating func insertItems(_ identifiers: [ItemIdentifierType], next anchor: ItemIdentifierType, after: Bool, _ api: String) {
        guard let location = itemLocations[anchor], let section = sectionIndexes[location.section] else {
            Self.report("\(api) next to item \(Self.describe(anchor)), which is not in the snapshot; ignored")
            return
        }
        let added = freshItems(identifiers, api)
        guard !added.isEmpty else { return }
        let position = location.index + (after ? 1 : 0)
        sections[section].items.insert(contentsOf: added, at: position)
        reindexItems(inSection: section, from: position)
        offsets.invalidate()
    }

    private mutating func moveItem(_ identifier: ItemIdentifierType, next anchor: ItemIdentifierType, after: Bool, _ api: String) {
        guard let from = itemLocations[identifier], let fromSection = sectionIndexes[from.section] else {
            Self.report("\(api) of item \(Self.describe(identifier)), which is not in the snapshot; ignored")
            return
        }
        guard itemLocations[anchor] != nil else {
            Self.report("\(api) next to item \(Self.describe(anchor)), which is not in the snapshot; ignored")
            return
        }
        guard identifier != anchor else {
            Self.report("\(api) of item \(Self.describe(identifier)) next to itself; ignored")
            return
        }
        sections[fromSection].items.remove(at: from.index)
        reindexItems(inSection: fromSection, from: from.index)
        // The anchor's location is current again after the reindex.
        guard let target = itemLocations[anchor], let toSection = sectionIndexes[target.section] else { return }
        let position = target.index + (after ? 1 : 0)
        sections[toSection].items.insert(identifier, at: position)
        reindexItems(inSection: toSection, from: position)
        offsets.invalidate()
    }

    /// The identifiers in the snapshot; one diagnostic names the others.
    private func knownItems(_ identifiers: [ItemIdentifierType], _ api: String) -> [ItemIdentifierType] {
        let known = identifiers.filter { itemLocations[$0] != nil }
        if known.count < identifiers.count {
            let unknown = identifiers.filter { itemLocations[$0] == nil }
            Self.report("\(api) with items not in the snapshot \(Self.describe(unknown)); those were skipped")
        }
        return known
    }

    /// Drops the reload and reconfigure marks of removed items.
    private mutating func forgetMarks(of items: [ItemIdentifierType]) {
        guard !reloadedItems.list.isEmpty || !reconfiguredItems.list.isEmpty else { return }
        let removed = Set(items)
        reloadedItems.remove(removed)
        reconfiguredItems.remove(removed)
    }

    /// Brings `sectionIndexes` up to date for the sections from `start` on.
    private mutating func reindexSections(from start: Int) {
        for index in start..<sections.count { sectionIndexes[sections[index].identifier] = index }
    }

    /// Brings `itemLocations` up to date for the items of a section from `start` on.
    private mutating func reindexItems(inSection section: Int, from start: Int) {
        let identifier = sections[section].identifier
        let items = sections[section].items
        for index in start..<items.count { itemLocations[items[index]] = ItemLocation(section: identifier, index: index) }
    }

    private func freshSections(_ identifiers: [SectionIdentifierType], _ api: String) -> [SectionIdentifierType] {
        Self.fresh(identifiers, api, kind: "section") { sectionIndexes[$0] != nil }
    }

    private func freshItems(_ identifiers: [ItemIdentifierType], _ api: String) -> [ItemIdentifierType] {
        Self.fresh(identifiers, api, kind: "item") { itemLocations[$0] != nil }
    }

    /// The identifiers not yet present, each once in its first position; one diagnostic names the
    /// rest (UIKit raises "identifiers are not unique").
    private static func fresh<Identifier: Hashable>(_ identifiers: [Identifier], _ api: String, kind: String,
                                                    isPresent: (Identifier) -> Bool) -> [Identifier] {
        var seen = Set<Identifier>(minimumCapacity: identifiers.count)
        var kept: [Identifier] = []
        kept.reserveCapacity(identifiers.count)
        var rejected: [Identifier] = []
        for identifier in identifiers {
            if !isPresent(identifier) && seen.insert(identifier).inserted { kept.append(identifier) } else { rejected.append(identifier) }
        }
        if !rejected.isEmpty {
            report("\(api): \(kind) identifiers not unique, \(describe(rejected)) already in the snapshot or repeated; the first of each added, the rest skipped")
        }
        return kept
    }
}
