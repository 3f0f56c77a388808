// UICollectionView+LayoutChange: replacing the layout, at once or with the elements moving from
// the old layout's attributes to the new one's in one UIView animation.
//
// Audited against: UICollectionView docs — setCollectionViewLayout(_:animated:) and
//   setCollectionViewLayout(_:animated:completion:) ("the completion handler … called when the
//   animation finishes"); UICollectionViewLayout docs — prepareForTransition(to:),
//   prepareForTransition(from:), finalizeLayoutTransition(), targetContentOffset(forProposed
//   ContentOffset:) (asked for the offset to keep); UICollectionReusableView willTransition /
//   didTransition(from:to:).
// Status: complete. Choices: the animation's duration is the enclosing UIView animation's if any,
//   else 0.25 s (UICollectionView.batchUpdateDuration); the content offset kept is the old one
//   clamped into the new content, after the new layout's targetContentOffset(forProposedContentOffset:).

import Foundation
import KinemaSupport
import OpenCoreGraphics

extension UICollectionView {
    /// Replaces the layout; animated, the elements move from their old places to the new ones.
    public func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }

    /// Replaces the layout, then calls `completion` (once; at the next turn when not animated).
    public func setCollectionViewLayout(_ newLayout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        let oldLayout = layout
        guard newLayout !== oldLayout else {
            if let completion { UIView.animate(withDuration: 0, animations: {}, completion: completion) }
            return
        }
        prepareLayoutIfNeeded()
        updateVisibleViews()
        oldLayout.prepareForTransition(to: newLayout)
        newLayout.prepareForTransition(from: oldLayout)
        let oldVisible = visibleViews, oldApplied = appliedAttributes
        oldLayout.collectionView = nil
        layout = newLayout
        adopt(newLayout)
        prepareLayoutIfNeeded()
        let proposed = newLayout.targetContentOffset(forProposedContentOffset: contentOffset)
        let offset = proposed.x.isFinite && proposed.y.isFinite ? clampedOffset(proposed) : clampedOffset(contentOffset)
        if offset != contentOffset { contentOffset = offset }
        lastLayoutBounds = bounds
        let wanted = wantedElements(in: bounds)
        visibleViews.removeAll()
        appliedAttributes.removeAll()
        for (_, view) in oldVisible.inKeyOrder { view.willTransition(from: oldLayout, to: newLayout) }
        guard animated else {
            for (key, view) in oldVisible.inKeyOrder {
                if wanted[key] != nil { visibleViews[key] = view } else { endDisplaying(view, key: key) }
            }
            updateVisibleViews()
            for (_, view) in visibleViews.inKeyOrder { view.didTransition(from: oldLayout, to: newLayout) }
            newLayout.finalizeLayoutTransition()
            if let completion { UIView.animate(withDuration: 0, animations: {}, completion: completion) }
            return
        }
        var moves: [(UICollectionReusableView, ElementKey, UICollectionViewLayoutAttributes)] = []
        var leaving: [(UICollectionReusableView, ElementKey, UICollectionViewLayoutAttributes?)] = []
        for (key, view) in oldVisible.inKeyOrder {
            if let final = wanted[key] {
                visibleViews[key] = view
                moves.append((view, key, final))
            } else {
                let final = key.category == .cell && isValidItem(key.indexPath) ? newLayout.layoutAttributesForItem(at: key.indexPath) : nil
                leaving.append((view, key, final ?? oldApplied[key]))
            }
        }
        for (key, final) in wanted.inKeyOrder where visibleViews[key] == nil {
            guard let view = makeView(for: final) else { continue }
            let start = key.category == .cell ? oldLayout.layoutAttributesForItem(at: key.indexPath) : nil
            display(view, key: key, attributes: (start?.isFinite ?? false) ? start ?? final : final)
            moves.append((view, key, final))
        }
        leavingViews += leaving.map(\.0)
        let inherited = UIView.inheritedAnimationDuration
        UIView.animate(withDuration: inherited > 0 ? inherited : Self.batchUpdateDuration, delay: 0, options: [], animations: {
            for (view, key, final) in moves { self.apply(final, to: view, key: key) }
            for (view, _, final) in leaving {
                if let final, final.isFinite { self.apply(final, to: view, key: nil) }
            }
        }, completion: { [weak self] finished in
            if let self {
                for (view, key, _) in leaving where self.leavingViews.contains(where: { $0 === view }) {
                    self.leavingViews.removeAll { $0 === view }
                    self.endDisplaying(view, key: key)
                }
                for (_, view) in self.visibleViews.inKeyOrder { view.didTransition(from: oldLayout, to: newLayout) }
                newLayout.finalizeLayoutTransition()
            }
            completion?(finished)
        })
    }
}
