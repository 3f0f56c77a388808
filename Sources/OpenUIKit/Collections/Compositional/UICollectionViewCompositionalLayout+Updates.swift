// UICollectionViewCompositionalLayout+Updates: where items start and end in an animated batch
// update — inserted items fade in at their place, deleted ones fade out at theirs, the others
// slide from their old place to their new one.
//
// Audited against: UICollectionViewLayout docs (prepare(forCollectionViewUpdates:),
//   finalizeCollectionViewUpdates(), initialLayoutAttributesForAppearingItem(at:),
//   finalLayoutAttributesForDisappearingItem(at:)); UIKIT_SEMANTICS §5.3 (inserted items fade in
//   at their final frame, deleted fade out at their old one, moved items slide) — the same rules
//   as UICollectionViewFlowLayout's.
// Status: complete for items (the overrides are in UICollectionViewCompositionalLayout.swift:
//   Swift classes cannot override in extensions). Supplementary views and backgrounds take the base class's nil
//   (they appear and disappear at their places).

import Foundation
import OpenCoreGraphics

extension UICollectionViewCompositionalLayout {
    /// Inserted items fade in at their final frame; moved items start where they were.
    func appearingAttributes(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let map = collectionView?.updateMap else { return nil }
        if map.inserted.contains(itemIndexPath) {
            let start = layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes
            start?.alpha = 0
            return start
        }
        guard let old = map.newToOld[itemIndexPath], let before = attributesBeforeUpdate(at: old),
              let start = before.copy() as? UICollectionViewLayoutAttributes else { return nil }
        start.indexPath = itemIndexPath
        return start
    }

    /// Deleted items fade out where they were; moved items end where they go.
    func disappearingAttributes(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let map = collectionView?.updateMap else { return nil }
        if map.deleted.contains(itemIndexPath) {
            let end = attributesBeforeUpdate(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes
            end?.alpha = 0
            return end
        }
        guard let new = map.oldToNew[itemIndexPath] else { return nil }
        return layoutAttributesForItem(at: new)
    }

    private func attributesBeforeUpdate(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, let before = itemsBeforeUpdate, before.indices.contains(indexPath.section),
              before[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return before[indexPath.section][indexPath.item]
    }
}
