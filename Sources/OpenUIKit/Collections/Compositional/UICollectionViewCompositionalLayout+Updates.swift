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
        fadingInitialAttributes(at: itemIndexPath, before: attributesBeforeUpdate)
    }

    /// Deleted items fade out where they were; moved items end where they go.
    func disappearingAttributes(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        fadingFinalAttributes(at: itemIndexPath, before: attributesBeforeUpdate)
    }

    private func attributesBeforeUpdate(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, let before = itemsBeforeUpdate, before.indices.contains(indexPath.section),
              before[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return before[indexPath.section][indexPath.item]
    }
}
