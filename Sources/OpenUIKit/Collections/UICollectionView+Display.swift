// UICollectionView+Display: the layout pass — prepare the layout when invalid, take the content
// size, show the elements in the bounds and recycle the rest — and the layout's say in where a
// flick comes to rest.
//
// Audited against: UICollectionViewLayout docs (prepare() after every invalidation,
//   shouldInvalidateLayout(forBoundsChange:), invalidationContext(forBoundsChange:),
//   shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:) for self-sizing,
//   targetContentOffset(forProposedContentOffset:withScrollingVelocity:)); UICollectionViewDelegate
//   docs (willDisplay / didEndDisplaying); UICollectionViewLayoutAttributes docs (what is applied).
// Status: complete. Choices: attributes with a non-finite number and cells for items that do not
//   exist are skipped with a diagnostic; two attributes for one element: the later one wins; the
//   layout's target offset is asked at the release, before the delegate's
//   scrollViewWillEndDragging (which sees the layout's answer as its target), as UIKit does.

import Foundation
import KinemaSupport
import OpenCoreGraphics
import OpenQuartzCore

extension UICollectionView {
    /// The layout pass: the background view, invalidation for a bounds change, prepare, the elements.
    func layOutElements() {
        backgroundView?.frame = CGRect(origin: contentOffset, size: bounds.size)
        let bounds = self.bounds
        if !lastLayoutBounds.isNull, bounds != lastLayoutBounds, layout.shouldInvalidateLayout(forBoundsChange: bounds) {
            layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: bounds))
        }
        lastLayoutBounds = bounds
        prepareLayoutIfNeeded()
        updateVisibleViews()
    }

    /// Runs the layout's `prepare()` if it was invalidated, then takes its content size.
    func prepareLayoutIfNeeded() {
        guard layout.needsPrepare else { return }
        layout.needsPrepare = false
        _ = counts
        layout.prepare()
        updateContentSize()
    }

    /// The scroll view's content size from the layout's (non-finite or negative: zero, diagnostic).
    func updateContentSize() {
        var size = layout.collectionViewContentSize
        if !size.width.isFinite || !size.height.isFinite {
            KinemaDiagnostics.emit("UICollectionViewLayout", "collectionViewContentSize \(size) is not finite; used zero")
            size = .zero
        }
        size = CGSize(width: max(size.width, 0), height: max(size.height, 0))
        if contentSize != size { contentSize = size }
    }

    /// The layout's elements in the bounds, filed by element (later duplicates win; invalid
    /// ones skipped with a diagnostic).
    func wantedElements(in rect: CGRect) -> [ElementKey: UICollectionViewLayoutAttributes] {
        var wanted: [ElementKey: UICollectionViewLayoutAttributes] = [:]
        for attributes in layout.layoutAttributesForElements(in: rect) ?? [] {
            guard attributes.isFinite else {
                KinemaDiagnostics.emit("UICollectionViewLayout", "attributes for \(attributes.indexPath) have a non-finite frame or alpha (\(attributes.frame)); not shown")
                continue
            }
            guard attributes.frame.intersects(rect) else { continue }
            let key = attributes.elementKey
            if key.category == .cell, !isValidItem(key.indexPath) {
                KinemaDiagnostics.emit("UICollectionViewLayout", "attributes for item \(key.indexPath), which does not exist (\(counts) items per section); not shown")
                continue
            }
            wanted[key] = attributes
        }
        return wanted
    }

    /// Shows the elements in the bounds: recycles views that left, applies the attributes to the
    /// views that stay, makes views for the elements that came in.
    func updateVisibleViews() {
        syncOrthogonalScrollers()
        let wanted = visibleElements()
        for (key, view) in visibleViews.inKeyOrder where wanted[key] == nil {
            visibleViews[key] = nil
            appliedAttributes[key] = nil
            endDisplaying(view, key: key)
        }
        for (key, attributes) in wanted.inKeyOrder {
            if let view = visibleViews[key] {
                let container = container(for: key)
                if view.superview !== container {
                    insert(view, in: container)
                    apply(attributes, to: view, key: key)
                } else if appliedAttributes[key].map({ !$0.isEqual(attributes) }) ?? true {
                    apply(attributes, to: view, key: key)
                }
            } else if let view = makeView(for: attributes) {
                display(view, key: key, attributes: attributes)
            }
        }
    }

    /// Puts a new view on screen at `attributes`: state, `willDisplay`, into the hierarchy, and
    /// the self-sizing question.
    func display(_ view: UICollectionReusableView, key: ElementKey, attributes: UICollectionViewLayoutAttributes) {
        UIView.performWithoutAnimation {
            apply(attributes, to: view, key: key)
            if let cell = view as? UICollectionViewCell {
                cell.isSelected = selectedIndexPaths.contains(key.indexPath)
                cell.isHighlighted = trackedIndexPath == key.indexPath
            }
        }
        visibleViews[key] = view
        if let delegate = collectionDelegate {
            if let cell = view as? UICollectionViewCell, key.category == .cell {
                delegate.collectionView(self, willDisplay: cell, forItemAt: key.indexPath)
            } else if key.category == .supplementaryView, let kind = key.kind {
                delegate.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: key.indexPath)
            }
        }
        let container = container(for: key)
        if view.superview !== container { insert(view, in: container) }
        if key.category == .cell { askPreferredAttributes(of: view, original: attributes) }
    }

    /// Puts an element's view in its container, behind what is there (above the background view).
    func insert(_ view: UICollectionReusableView, in container: UIView) {
        container.insertSubview(view, at: container === self && backgroundView != nil ? 1 : 0)
    }

    /// Self-sizing: the cell's preferred attributes, passed to the layout.
    private func askPreferredAttributes(of view: UICollectionReusableView, original: UICollectionViewLayoutAttributes) {
        guard let preferred = view.preferredLayoutAttributesFitting(original.copy() as? UICollectionViewLayoutAttributes ?? original) as UICollectionViewLayoutAttributes?,
              preferred.size != original.size else { return }
        guard preferred.isFinite, preferred.size.width >= 0, preferred.size.height >= 0 else {
            KinemaDiagnostics.emit("UICollectionReusableView", "preferredLayoutAttributesFitting returned a size of \(preferred.size); ignored")
            return
        }
        if layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) {
            layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
        }
    }

    /// Sets a view's geometry and look from `attributes`, then `apply(_:)` (animated when called
    /// in an animation block). The centre is in the coordinates of the view's container (an
    /// orthogonal section's scroller, for its cells): the element's, or the view's superview
    /// for a view leaving (`key` nil).
    func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView, key: ElementKey?) {
        view.bounds = CGRect(origin: .zero, size: attributes.size)
        view.center = placedCenter(attributes, in: key.map { container(for: $0) } ?? view.superview)
        view.transform3D = attributes.transform3D
        view.alpha = attributes.alpha
        view.isHidden = attributes.isHidden
        view.layer.zPosition = CGFloat(attributes.zIndex)
        view.apply(attributes)
        if let key { appliedAttributes[key] = attributes }
    }

    // MARK: The layout's target offset

    /// Where a flick comes to rest: the layout's `targetContentOffset(forProposedContentOffset:
    /// withScrollingVelocity:)` (velocity in points per millisecond, as UIKit passes it), asked
    /// before the delegate's `scrollViewWillEndDragging` as UIKit does; not asked for a release
    /// that springs back from past an edge or has no velocity.
    func layoutRestingOffset(forProposed proposed: CGPoint, velocity: CGPoint) -> CGPoint {
        let range = offsetRange
        guard range.x.contains(Double(proposed.x)), range.y.contains(Double(proposed.y)), velocity != .zero else { return proposed }
        return layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
    }
}

extension Dictionary where Key == UICollectionView.ElementKey {
    /// The entries sorted by key (`ElementKey.<`). Views are shown, recycled and told of changes
    /// in this order, so which view a reuse pool hands out and the order of subviews — hence the
    /// pixels — do not depend on the process's random hash seed (they did: frames of a batch
    /// update differed from one run of the same recording to the next).
    var inKeyOrder: [(key: Key, value: Value)] {
        sorted { $0.key < $1.key }
    }
}
