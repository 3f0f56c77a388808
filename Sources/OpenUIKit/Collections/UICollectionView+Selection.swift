// UICollectionView+Selection: highlighting and selecting items by taps and by code, and
// scrolling an item into view.
//
// Audited against: UICollectionView docs — allowsSelection, allowsMultipleSelection,
//   indexPathsForSelectedItems, selectItem(at:animated:scrollPosition:) ("does not cause any
//   selection-related delegate methods to be called"), deselectItem(at:animated:) (likewise),
//   scrollToItem(at:at:animated:), ScrollPosition; UICollectionViewDelegate docs — the order
//   "shouldHighlight, didHighlight (touch down), didUnhighlight, shouldSelect, didSelect (touch
//   up)" from "Managing the selected cells" ("collectionView(_:shouldHighlightItemAt:) …
//   collectionView(_:didUnhighlightItemAt:) … collectionView(_:shouldSelectItemAt:) …").
// Status: complete. Choices: highlighting happens at touch-down (UIKit waits
//   delaysContentTouches' 150 ms, which Kinema's scroll view stores without effect); a touch the
//   pan takes (a scroll) is cancelled: the highlight goes and nothing is selected; a single
//   selection tap on the selected item keeps it selected (no delegate calls but highlight).

import Foundation
import KinemaSupport
import OpenCoreGraphics

extension UICollectionView {
    /// Where `scrollToItem(at:at:animated:)` puts the item.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The item's top edge at the top of the visible area.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item centred vertically in the visible area.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom edge at the bottom of the visible area.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the left of the visible area.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item centred horizontally in the visible area.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the right of the visible area.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The selected items (nil when there are none, as UIKit).
    public var indexPathsForSelectedItems: [IndexPath]? {
        selectedIndexPaths.isEmpty ? nil : selectedIndexPaths
    }

    /// Selects the item (without delegate calls); with a scroll position, scrolls it there.
    /// A single-selection collection view deselects the others. Missing items: a diagnostic.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            deselectAll()
            return
        }
        guard allowsSelection else { return }
        guard isValidItem(indexPath) else {
            KinemaDiagnostics.emit("UICollectionView", "selectItem(at: \(indexPath)): no such item; ignored")
            return
        }
        if !allowsMultipleSelection { deselectAll(except: indexPath) }
        if !selectedIndexPaths.contains(indexPath) { selectedIndexPaths.append(indexPath) }
        cellForItem(at: indexPath)?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item (without delegate calls).
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedIndexPaths.removeAll { $0 == indexPath }
        cellForItem(at: indexPath)?.isSelected = false
    }

    func deselectAll(except kept: IndexPath? = nil) {
        for indexPath in selectedIndexPaths where indexPath != kept { deselectItem(at: indexPath, animated: false) }
    }

    /// Scrolls so the item sits at `scrollPosition` (vertical and horizontal parts), within the
    /// offsets the content may rest on. Missing items: a diagnostic.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard var frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        // An item of an orthogonal section: its section scrolls across, the collection view along.
        if let horizontal = scrollSectionAcross(toItemFrame: frame, section: indexPath.section, at: scrollPosition, animated: animated) {
            if horizontal { frame.origin.x = contentOffset.x } else { frame.origin.y = contentOffset.y }
        }
        let inset = adjustedContentInset, size = bounds.size
        var target = contentOffset
        if scrollPosition.contains(.top) { target.y = frame.minY - inset.top }
        if scrollPosition.contains(.centeredVertically) { target.y = frame.midY - (size.height - inset.bottom + inset.top) / 2 }
        if scrollPosition.contains(.bottom) { target.y = frame.maxY - size.height + inset.bottom }
        if scrollPosition.contains(.left) { target.x = frame.minX - inset.left }
        if scrollPosition.contains(.centeredHorizontally) { target.x = frame.midX - (size.width - inset.right + inset.left) / 2 }
        if scrollPosition.contains(.right) { target.x = frame.maxX - size.width + inset.right }
        if scrollPosition.isEmpty {
            scrollRectToVisible(frame, animated: animated)
            return
        }
        setContentOffset(clampedOffset(target), animated: animated)
    }

    // MARK: Taps

    /// Touch-down: the item under the finger is highlighted if the delegate agrees. Returns
    /// whether the collection view handled it.
    func trackTouchBegan(_ touches: Set<UITouch>) -> Bool {
        guard let touch = touches.first, trackedIndexPath == nil, allowsSelection, !isDragging, !isDecelerating else {
            if isDecelerating, trackedIndexPath == nil { return true }   // a touch that stops a deceleration selects nothing
            return false
        }
        guard let indexPath = indexPathForItem(at: touch.location(in: self)) else { return false }
        guard collectionDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else { return true }
        trackedIndexPath = indexPath
        cellForItem(at: indexPath)?.isHighlighted = true
        collectionDelegate?.collectionView(self, didHighlightItemAt: indexPath)
        return true
    }

    /// Lift: unhighlight, then select (or, with multiple selection, toggle) the item.
    func trackTouchEnded(_ touches: Set<UITouch>) -> Bool {
        guard let indexPath = trackedIndexPath else { return false }
        unhighlight(indexPath)
        guard isValidItem(indexPath) else { return true }
        let delegate = collectionDelegate
        if selectedIndexPaths.contains(indexPath) {
            guard allowsMultipleSelection else { return true }
            guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return true }
            deselectItem(at: indexPath, animated: true)
            delegate?.collectionView(self, didDeselectItemAt: indexPath)
            return true
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return true }
        if !allowsMultipleSelection {
            for other in selectedIndexPaths where other != indexPath {
                deselectItem(at: other, animated: true)
                delegate?.collectionView(self, didDeselectItemAt: other)
            }
        }
        selectedIndexPaths.append(indexPath)
        cellForItem(at: indexPath)?.isSelected = true
        delegate?.collectionView(self, didSelectItemAt: indexPath)
        return true
    }

    /// The touch was cancelled (it became a scroll): the highlight goes.
    func trackTouchCancelled() -> Bool {
        guard let indexPath = trackedIndexPath else { return false }
        unhighlight(indexPath)
        return true
    }

    private func unhighlight(_ indexPath: IndexPath) {
        trackedIndexPath = nil
        cellForItem(at: indexPath)?.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    }
}
