// UICollectionView+Queries: what is shown and where — visible cells and index paths, the item
// at a point, the layout's attributes of an item or supplementary element.
//
// Audited against: UICollectionView docs — visibleCells, indexPathsForVisibleItems,
//   cellForItem(at:) ("nil if the cell is not visible or indexPath is out of range"),
//   indexPath(for:), supplementaryView(forElementKind:at:), indexPathForItem(at:),
//   layoutAttributesForItem(at:), layoutAttributesForSupplementaryElement(ofKind:at:).
// Status: complete. Missing items and non-finite points: nil with a diagnostic.

import Foundation
import KinemaSupport
import OpenCoreGraphics

extension UICollectionView {
    /// The cells shown, in no particular order.
    public var visibleCells: [UICollectionViewCell] {
        visibleViews.compactMap { $0.key.category == .cell ? $0.value as? UICollectionViewCell : nil }
    }

    /// The index paths of the cells shown, sorted.
    public var indexPathsForVisibleItems: [IndexPath] {
        visibleViews.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
    }

    /// The cell shown for `indexPath`, or nil (not visible or no such item).
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        visibleViews[ElementKey(category: .cell, kind: nil, indexPath: indexPath)] as? UICollectionViewCell
    }

    /// The index path of a cell shown, or nil.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        visibleViews.first { $0.value === cell && $0.key.category == .cell }?.key.indexPath
    }

    /// The supplementary view shown for `elementKind` at `indexPath`, or nil.
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        visibleViews[ElementKey(category: .supplementaryView, kind: elementKind, indexPath: indexPath)]
    }

    /// The item at `point` (content coordinates), by the layout: the front-most, or nil. Over an
    /// orthogonal section, the item there as the section is scrolled across.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite else {
            KinemaDiagnostics.emit("UICollectionView", "indexPathForItem(at: \(point)): not finite; nil")
            return nil
        }
        prepareLayoutIfNeeded()
        // Over an orthogonal section in view: its items where it is scrolled to.
        let over = orthogonalSection(at: point)
        let point = over?.layoutPoint ?? point
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        let hits = (layout.layoutAttributesForElements(in: probe) ?? []).filter {
            guard $0.representedElementCategory == .cell, !$0.isHidden, $0.frame.contains(point), isValidItem($0.indexPath) else { return false }
            if let over { return $0.indexPath.section == over.section }
            return orthogonalScrollers[$0.indexPath.section] == nil
        }
        return hits.max { $0.zIndex < $1.zIndex }?.indexPath
    }

    /// The layout's attributes of the item at `indexPath` (nil, with a diagnostic, for an item
    /// that does not exist).
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard isValidItem(indexPath) else {
            KinemaDiagnostics.emit("UICollectionView", "layoutAttributesForItem(at: \(indexPath)): no such item; nil")
            return nil
        }
        prepareLayoutIfNeeded()
        return layout.layoutAttributesForItem(at: indexPath)
    }

    /// The layout's attributes of the supplementary element of `kind` at `indexPath`.
    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return layout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }
}
