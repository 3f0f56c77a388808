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
//   layout's target offset is asked on the first frame of a deceleration (after the delegate's
//   scrollViewWillEndDragging) and the motion re-aimed from where it began.

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
        let wanted = wantedElements(in: bounds)
        for (key, view) in visibleViews where wanted[key] == nil {
            visibleViews[key] = nil
            appliedAttributes[key] = nil
            endDisplaying(view, key: key)
        }
        for (key, attributes) in wanted {
            if let view = visibleViews[key] {
                if appliedAttributes[key].map({ !$0.isEqual(attributes) }) ?? true { apply(attributes, to: view, key: key) }
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
        if view.superview !== self { insertSubview(view, at: backgroundView == nil ? 0 : 1) }
        if key.category == .cell { askPreferredAttributes(of: view, original: attributes) }
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
    /// in an animation block).
    func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView, key: ElementKey?) {
        view.bounds = CGRect(origin: .zero, size: attributes.size)
        view.center = attributes.center
        view.transform3D = attributes.transform3D
        view.alpha = attributes.alpha
        view.isHidden = attributes.isHidden
        view.layer.zPosition = CGFloat(attributes.zIndex)
        view.apply(attributes)
        if let key { appliedAttributes[key] = attributes }
    }

    // MARK: The layout's target offset

    /// On the first frame of a deceleration, lets the layout move its end.
    func aimDecelerationIfStarting() {
        if isDecelerating, let motion, motion.start != aimedMotionStart {
            aimedMotionStart = motion.start
            aimDeceleration(motion)
        }
    }

    /// Re-aims a deceleration at the layout's `targetContentOffset(forProposedContentOffset:
    /// withScrollingVelocity:)` (velocity in points per millisecond, as UIKit passes it).
    private func aimDeceleration(_ motion: ScrollMotion) {
        let proposed = motion.offset(at: .infinity), range = offsetRange
        guard range.x.contains(Double(proposed.x)), range.y.contains(Double(proposed.y)) else { return }
        let velocity = CGPoint(x: motion.x.velocity(at: 0) / 1000, y: motion.y.velocity(at: 0) / 1000)
        guard velocity != .zero else { return }
        let target = layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
        guard target != proposed else { return }
        guard target.x.isFinite, target.y.isFinite else {
            KinemaDiagnostics.emit("UICollectionViewLayout", "targetContentOffset(forProposedContentOffset:withScrollingVelocity:) returned \(target); kept \(proposed)")
            return
        }
        let chosen = clampedOffset(target), from = motion.offset(at: motion.start)
        let k = ScrollPhysics.decayConstant(decelerationRate.rawValue)
        var aimed = motion
        if chosen.x != proposed.x { aimed.x = .decay(from: Double(from.x), to: Double(chosen.x), k: k) }
        if chosen.y != proposed.y { aimed.y = .decay(from: Double(from.y), to: Double(chosen.y), k: k) }
        self.motion = aimed
    }
}
