// UICollectionView+Updates: inserting, deleting, moving and reloading items and sections, alone
// or together in performBatchUpdates, animated from the layout's initial and final attributes.
//
// Audited against: UICollectionView docs — performBatchUpdates(_:completion:) ("deletes are
//   processed before inserts in batch operations … the completion handler … is called when all
//   animations finish"), insertItems(at:), deleteItems(at:), moveItem(at:to:), reloadItems(at:),
//   insertSections(_:), deleteSections(_:), moveSection(_:toSection:), reloadSections(_:);
//   UIKIT_SEMANTICS §5.3 (initial/final layout attributes, the batch inside a UIView animation,
//   prepare(forCollectionViewUpdates:) / finalizeCollectionViewUpdates()).
// Status: complete. Choices (UIKIT_SEMANTICS §5.3 leaves them open): the duration is the
//   enclosing UIView animation's (`UIView.inheritedAnimationDuration`) if any, else
//   `UICollectionView.batchUpdateDuration` = 0.25 s (Core Animation's default), ease in-out; a
//   data source whose counts disagree with the update gets UIKit's exception text as a
//   diagnostic, then `reloadData()`, and the completion runs at the next turn with false; an
//   update before the counts were ever read is a reload (nothing is on screen to animate).

import Foundation
import KinemaSupport
import OpenCoreGraphics
import OpenQuartzCore

extension UICollectionView {
    /// The duration of a batch update outside any UIView animation (Kinema's choice: Core
    /// Animation's default transaction duration; UIKit's own is undocumented).
    public static let batchUpdateDuration: TimeInterval = 0.25

    /// Applies the inserts, deletes, moves and reloads `updates` makes, animated together, then
    /// calls `completion` once with whether the animations ran to their end.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        if pendingUpdates != nil {
            updates?()
            if let completion { pendingUpdates?.nestedCompletions.append(completion) }
            return
        }
        guard let oldCounts = itemCounts else {
            // Nothing shown yet: the changes are collected (so the single-change calls inside
            // do not start batches of their own) and the data is loaded.
            pendingUpdates = PendingUpdates()
            updates?()
            let nested = pendingUpdates?.nestedCompletions ?? []
            pendingUpdates = nil
            reloadData()
            let completions = [completion].compactMap { $0 } + nested
            if !completions.isEmpty { finishLater({ finished in completions.forEach { $0(finished) } }, finished: true) }
            return
        }
        prepareLayoutIfNeeded()
        updateVisibleViews()
        pendingUpdates = PendingUpdates()
        updates?()
        let pending = pendingUpdates ?? PendingUpdates()
        pendingUpdates = nil
        let completions = [completion].compactMap { $0 } + pending.nestedCompletions
        let all: (Bool) -> Void = { finished in completions.forEach { $0(finished) } }
        let newCounts = readCounts()
        switch UpdateMap.make(old: oldCounts, new: newCounts, updates: pending) {
        case .failure(let error):
            KinemaDiagnostics.emit("UICollectionView", "\(error.text) — reloaded the data instead")
            reloadData()
            finishLater(all, finished: false)
        case .success(let map):
            animateUpdate(map, newCounts: newCounts, completion: all)
        }
    }

    private func finishLater(_ completion: ((Bool) -> Void)?, finished: Bool) {
        guard let completion else { return }
        UIView.animate(withDuration: 0, animations: {}, completion: { _ in completion(finished) })
    }

    // MARK: The single changes (each its own batch outside performBatchUpdates)

    /// Inserts items at `indexPaths` (post-update paths).
    public func insertItems(at indexPaths: [IndexPath]) { record { $0.insertedItems += indexPaths } }
    /// Deletes the items at `indexPaths` (pre-update paths).
    public func deleteItems(at indexPaths: [IndexPath]) { record { $0.deletedItems += indexPaths } }
    /// Reloads the items at `indexPaths` (pre-update paths): new cells cross-fade with the old.
    public func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloadedItems += indexPaths } }
    /// Moves the item at `indexPath` (pre-update) to `newIndexPath` (post-update).
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { record { $0.movedItems.append((indexPath, newIndexPath)) } }
    /// Inserts the sections `sections` (post-update indexes).
    public func insertSections(_ sections: IndexSet) { record { $0.insertedSections.formUnion(sections) } }
    /// Deletes the sections `sections` (pre-update indexes).
    public func deleteSections(_ sections: IndexSet) { record { $0.deletedSections.formUnion(sections) } }
    /// Reloads the sections `sections` (pre-update indexes).
    public func reloadSections(_ sections: IndexSet) { record { $0.reloadedSections.formUnion(sections) } }
    /// Moves section `section` (pre-update) to `newSection` (post-update).
    public func moveSection(_ section: Int, toSection newSection: Int) { record { $0.movedSections.append((section, newSection)) } }

    private func record(_ change: (inout PendingUpdates) -> Void) {
        if var pending = pendingUpdates {
            change(&pending)
            pendingUpdates = pending
        } else {
            var single = PendingUpdates()
            change(&single)
            performBatchUpdates { self.pendingUpdates = single }
        }
    }

    // MARK: Animating

    private func animateUpdate(_ map: UpdateMap, newCounts: [Int], completion: @escaping (Bool) -> Void) {
        let oldVisible = visibleViews, oldApplied = appliedAttributes
        itemCounts = newCounts
        selectedIndexPaths = selectedIndexPaths.compactMap { map.oldToNew[$0] }
        updateMap = map
        defer { updateMap = nil }
        layout.prepare(forCollectionViewUpdates: map.updateItems.map {
            UICollectionViewUpdateItem(before: $0.before, after: $0.after, action: $0.action)
        })
        layout.invalidateLayout()
        prepareLayoutIfNeeded()
        let clamped = clampedOffset(contentOffset)
        if clamped != contentOffset { contentOffset = clamped }
        let wanted = wantedElements(in: bounds)
        visibleViews.removeAll()
        appliedAttributes.removeAll()
        var moves: [(UICollectionReusableView, ElementKey, UICollectionViewLayoutAttributes)] = []
        var leaving: [(UICollectionReusableView, ElementKey, UICollectionViewLayoutAttributes?)] = []
        for (oldKey, view) in oldVisible.inKeyOrder {
            var newKey = oldKey
            var survives = true
            if oldKey.category == .cell {
                if let path = map.oldToNew[oldKey.indexPath] { newKey.indexPath = path } else { survives = false }
            } else if let section = map.sectionOldToNew[oldKey.indexPath.section] {
                newKey.indexPath = IndexPath(item: oldKey.indexPath.count > 1 ? oldKey.indexPath.item : 0, section: section)
            } else {
                survives = false
            }
            if survives, let final = wanted[newKey] {
                visibleViews[newKey] = view
                moves.append((view, newKey, final))
                continue
            }
            let final: UICollectionViewLayoutAttributes?
            switch oldKey.category {
            case .cell:
                final = layout.finalLayoutAttributesForDisappearingItem(at: oldKey.indexPath)
                    ?? (survives ? layout.layoutAttributesForItem(at: newKey.indexPath) : nil)
            case .supplementaryView:
                final = layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: oldKey.kind ?? "", at: oldKey.indexPath)
            case .decorationView:
                final = nil
            }
            leaving.append((view, oldKey, final ?? oldApplied[oldKey]))
        }
        var appearing: [(UICollectionReusableView, ElementKey, UICollectionViewLayoutAttributes)] = []
        for (key, final) in wanted.inKeyOrder where visibleViews[key] == nil {
            guard let view = makeView(for: final) else { continue }
            let initial: UICollectionViewLayoutAttributes?
            switch key.category {
            case .cell: initial = layout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
            case .supplementaryView: initial = layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
            case .decorationView: initial = nil
            }
            display(view, key: key, attributes: (initial?.isFinite ?? false) ? initial ?? final : final)
            appearing.append((view, key, final))
        }
        leavingViews += leaving.map(\.0)
        let inherited = UIView.inheritedAnimationDuration
        let duration = inherited > 0 ? inherited : Self.batchUpdateDuration
        UIView.animate(withDuration: duration, delay: 0, options: [], animations: {
            for (view, key, final) in moves + appearing { self.apply(final, to: view, key: key) }
            for (view, _, final) in leaving {
                if let final, final.isFinite { self.apply(final, to: view, key: nil) }
            }
            self.layout.finalizeCollectionViewUpdates()
        }, completion: { [weak self] finished in
            if let self {
                for (view, key, _) in leaving where self.leavingViews.contains(where: { $0 === view }) {
                    self.leavingViews.removeAll { $0 === view }
                    if !self.visibleViews.values.contains(where: { $0 === view }) { self.endDisplaying(view, key: key) }
                }
            }
            completion(finished)
        })
    }
}
