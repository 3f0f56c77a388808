// UICollectionView+Reuse: dequeuing cells and supplementary views from the reuse pools or the
// registered classes, and putting views that leave back in their pools.
//
// Audited against: UICollectionView docs — dequeueReusableCell(withReuseIdentifier:for:) ("if a
//   cell is available for reuse, this method calls prepareForReuse … you must register a class
//   … before calling this method"), dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:
//   for:); UICollectionReusableView.prepareForReuse.
// Status: complete. Where UIKit throws (an unregistered identifier: "could not dequeue a view of
//   kind: UICollectionElementKindCell with identifier X - must register a nib or a class for the
//   identifier"), Kinema emits that text as a diagnostic and hands out a plain view.

import Foundation
import KinemaSupport
import OpenCoreGraphics

extension UICollectionView {
    /// A cell for `indexPath` of the class registered under `identifier`: a recycled one
    /// (after `prepareForReuse()`) or a new one. Unregistered: a diagnostic and a plain cell.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let poolKey = "cell/" + identifier
        if let recycled = popPool(poolKey) as? UICollectionViewCell {
            recycled.prepareForReuse()
            recycled.wasDequeued = true
            return recycled
        }
        let cell: UICollectionViewCell
        if let cellClass = cellClasses[identifier] {
            cell = cellClass.init(frame: .zero)
        } else {
            KinemaDiagnostics.emit("UICollectionView", "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard; used a plain UICollectionViewCell")
            cell = UICollectionViewCell(frame: .zero)
        }
        createdViewCount += 1
        cell.reuseIdentifier = identifier
        cell.wasDequeued = true
        return cell
    }

    /// A supplementary view of `elementKind` for `indexPath` of the class registered under
    /// `identifier`: recycled or new. Unregistered: a diagnostic and a plain view.
    public func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        let poolKey = elementKind + "/" + identifier
        if let recycled = popPool(poolKey) {
            recycled.prepareForReuse()
            recycled.wasDequeued = true
            return recycled
        }
        let view: UICollectionReusableView
        if let viewClass = supplementaryClasses[elementKind]?[identifier] {
            view = viewClass.init(frame: .zero)
        } else {
            KinemaDiagnostics.emit("UICollectionView", "could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier; used a plain UICollectionReusableView")
            view = UICollectionReusableView(frame: .zero)
        }
        createdViewCount += 1
        view.reuseIdentifier = identifier
        view.wasDequeued = true
        return view
    }

    /// Takes a view from a pool.
    func popPool(_ key: String) -> UICollectionReusableView? {
        guard var pool = reusePools[key], let view = pool.popLast() else { return nil }
        reusePools[key] = pool
        return view
    }

    /// The pool a view goes back to.
    func poolKey(of view: UICollectionReusableView, key: ElementKey) -> String? {
        guard let identifier = view.reuseIdentifier else { return nil }
        switch key.category {
        case .cell: return "cell/" + identifier
        case .supplementaryView: return (key.kind ?? "") + "/" + identifier
        case .decorationView: return "decoration/" + (key.kind ?? "")
        }
    }

    /// A view for the element `attributes` places: the data source's for cells and
    /// supplementary views, the layout's registered class for decoration views.
    func makeView(for attributes: UICollectionViewLayoutAttributes) -> UICollectionReusableView? {
        let key = attributes.elementKey
        switch key.category {
        case .cell:
            guard let dataSource else { return nil }
            let cell = dataSource.collectionView(self, cellForItemAt: key.indexPath)
            checkDequeued(cell, "collectionView(_:cellForItemAt:)")
            return cell
        case .supplementaryView:
            guard let dataSource, let kind = key.kind else { return nil }
            let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: key.indexPath)
            checkDequeued(view, "collectionView(_:viewForSupplementaryElementOfKind:at:)")
            return view
        case .decorationView:
            let kind = key.kind ?? ""
            let poolKey = "decoration/" + kind
            if let recycled = popPool(poolKey) {
                recycled.prepareForReuse()
                return recycled
            }
            guard let viewClass = layout.decorationClasses[kind] else {
                KinemaDiagnostics.emit("UICollectionViewLayout", "no class registered for decoration views of kind \(kind); none shown")
                return nil
            }
            let view = viewClass.init(frame: .zero)
            createdViewCount += 1
            view.reuseIdentifier = kind
            return view
        }
    }

    private func checkDequeued(_ view: UICollectionReusableView, _ method: String) {
        if !view.wasDequeued {
            KinemaDiagnostics.emit("UICollectionView", "the view returned from \(method) was not retrieved by calling a dequeue method; shown, but it will not be reused")
        }
    }

    /// Takes a shown view off: `didEndDisplaying`, out of the hierarchy, into its pool (or
    /// dropped when the pool is full).
    func endDisplaying(_ view: UICollectionReusableView, key: ElementKey) {
        view.removeFromSuperview()
        (view as? UICollectionViewCell)?.isHighlighted = false
        view.layer.removeAllAnimations()
        if let delegate = collectionDelegate {
            if key.category == .cell, let cell = view as? UICollectionViewCell {
                delegate.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
            } else if key.category == .supplementaryView, let kind = key.kind {
                delegate.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: key.indexPath)
            }
        }
        recycle(view, key: key)
    }

    /// Puts a view no longer shown in its pool.
    func recycle(_ view: UICollectionReusableView, key: ElementKey) {
        view.wasDequeued = false
        guard let poolKey = poolKey(of: view, key: key) else { return }
        var pool = reusePools[poolKey] ?? []
        guard pool.count < Self.reusePoolLimit, !pool.contains(where: { $0 === view }) else { return }
        pool.append(view)
        reusePools[poolKey] = pool
    }
}
