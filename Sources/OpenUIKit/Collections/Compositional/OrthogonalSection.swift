// Orthogonal sections: where a compositional section that scrolls across the layout's axis
// sits, how its groups come to rest for each UICollectionLayoutSectionOrthogonalScrollingBehavior,
// and the visible items a section's visibleItemsInvalidationHandler is handed.
//
// Audited against: UICollectionLayoutSectionOrthogonalScrollingBehavior docs — continuous
//   ("scroll its content orthogonally with continuous scrolling"),
//   continuousGroupLeadingBoundary ("coming to a natural stop at the leading boundary of the
//   visible group"), paging ("page its content orthogonally"), groupPaging ("page its content
//   orthogonally one group at a time"), groupPagingCentered ("… one group at a time, centering
//   each group"); NSCollectionLayoutSection.visibleItemsInvalidationHandler ("a closure called
//   before each layout cycle to allow modification of the items in the section immediately
//   before they are displayed"; its parameters: the visible items, the scroll offset, the
//   layout environment); NSCollectionLayoutVisibleItem docs (alpha, zIndex, isHidden, center,
//   transform, transform3D settable; name, indexPath, frame, bounds,
//   representedElementCategory, representedElementKind read-only).
// Status: complete for these. Kinema's choices (Apple documents no numbers; keep them here):
//   - a section rests with a group's leading edge at the section's leading content inset
//     (offset i × (group length + interGroupSpacing)); `.groupPagingCentered` rests with the
//     group's centre at the scroller's centre; both clamped to the offsets the content allows;
//   - `.continuousGroupLeadingBoundary` takes the group nearest where the flick would stop;
//     `.groupPaging` / `.groupPagingCentered` move at most one group from where the drag began,
//     like `isPagingEnabled`, at the fast (paging) rate; `.paging` is the scroll view's paging
//     by the scroller's width;
//   - the scroller shows no indicators and does not clip (cells scaled by a handler may
//     overhang); it spans the section's groups along the layout's axis and the collection
//     view's whole width (height) across;
//   - items' frames are in layout coordinates without the orthogonal scroll (as
//     `layoutAttributesForItem(at:)` answers); the handler's offset is the section's scroll
//     offset across and the collection view's along.

import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// Where an orthogonal section is and how it scrolls: what the collection view needs to host
/// its cells in a scroll view of their own.
struct OrthogonalSectionGeometry: Equatable {
    var section: Int
    var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior
    /// The scroller's frame in layout coordinates: the groups' extent along the layout's axis,
    /// the whole layout across.
    var frame: CGRect
    /// Whether the section scrolls horizontally (its layout scrolls vertically).
    var scrollsHorizontally: Bool
    /// The length of the section's content across (insets included).
    var contentLength: CGFloat
    /// The first group's leading edge (the section's leading content inset), the distance from
    /// one group's leading edge to the next, the groups' length and their count.
    var leadingInset: CGFloat
    var groupPitch: CGFloat
    var groupLength: CGFloat
    var groupCount: Int

    /// The scroller's content size.
    var contentSize: CGSize {
        scrollsHorizontally ? CGSize(width: max(contentLength, frame.width), height: frame.height)
            : CGSize(width: frame.width, height: max(contentLength, frame.height))
    }

    /// The offset (along the scroller's axis) the section rests at for `behavior`, given where a
    /// flick would stop (`proposed`), where the drag began (`dragStart`), the scroller's length
    /// and the offsets allowed. The resting places are the groups' (leading edge or centred),
    /// clamped into `range`; groups that clamp to one place count as one.
    func restingOffset(proposed: CGFloat, dragStart: CGFloat, visibleLength: CGFloat,
                       range: ClosedRange<CGFloat>) -> CGFloat {
        guard groupCount > 0, groupPitch > 0, proposed.isFinite, dragStart.isFinite else { return proposed }
        let centred = behavior == .groupPagingCentered
        var places: [CGFloat] = []
        places.reserveCapacity(groupCount)
        for index in 0..<groupCount {
            let raw = centred ? leadingInset + CGFloat(index) * groupPitch + groupLength / 2 - visibleLength / 2
                : CGFloat(index) * groupPitch
            let place = min(max(raw, range.lowerBound), range.upperBound)
            if place != places.last { places.append(place) }
        }
        func nearest(_ offset: CGFloat) -> Int {
            // The places rise: a binary search for the first at or past `offset`, then the closer
            // of it and the one before.
            var low = 0, high = places.count
            while low < high {
                let mid = (low + high) / 2
                if places[mid] < offset { low = mid + 1 } else { high = mid }
            }
            if low == places.count { return places.count - 1 }
            if low > 0, offset - places[low - 1] <= places[low] - offset { return low - 1 }
            return low
        }
        switch behavior {
        case .continuousGroupLeadingBoundary:
            return places[nearest(proposed)]
        case .groupPaging, .groupPagingCentered:
            let start = nearest(dragStart)
            return places[min(max(nearest(proposed), start - 1), start + 1)]
        case .none, .continuous, .paging:
            return proposed
        }
    }
}

/// The closure a section calls before each layout pass with its visible items, the offset it is
/// scrolled to and the layout environment; it may change the items' alpha, transform, centre,
/// zIndex and hidden state.
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    @MainActor ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

/// An item a section shows, as its `visibleItemsInvalidationHandler` sees it.
@MainActor
public protocol NSCollectionLayoutVisibleItem: AnyObject {
    /// Opacity (0…1).
    var alpha: CGFloat { get set }
    /// Stacking order.
    var zIndex: Int { get set }
    /// Whether the item is hidden.
    var isHidden: Bool { get set }
    /// The item's centre (layout coordinates, before the section's scroll across).
    var center: CGPoint { get set }
    /// The item's affine transform.
    var transform: CGAffineTransform { get set }
    /// The item's 3D transform.
    var transform3D: CATransform3D { get set }
    /// The item's name: its element kind, or "cell" for cells.
    var name: String { get }
    /// The item's index path.
    var indexPath: IndexPath { get }
    /// The item's frame (layout coordinates, before the section's scroll across).
    var frame: CGRect { get }
    /// The item's bounds.
    var bounds: CGRect { get }
    /// Whether the item is a cell, a supplementary view or a decoration view.
    var representedElementCategory: UICollectionView.ElementCategory { get }
    /// The supplementary or decoration kind (nil for cells).
    var representedElementKind: String? { get }
}

/// A visible item over a copy of its layout attributes (the copy is what is shown).
@MainActor
final class LayoutVisibleItem: NSCollectionLayoutVisibleItem {
    let attributes: UICollectionViewLayoutAttributes

    init(_ attributes: UICollectionViewLayoutAttributes) {
        self.attributes = attributes
    }

    var alpha: CGFloat {
        get { attributes.alpha }
        set { attributes.alpha = newValue }
    }
    var zIndex: Int {
        get { attributes.zIndex }
        set { attributes.zIndex = newValue }
    }
    var isHidden: Bool {
        get { attributes.isHidden }
        set { attributes.isHidden = newValue }
    }
    var center: CGPoint {
        get { attributes.center }
        set { attributes.center = newValue }
    }
    var transform: CGAffineTransform {
        get { attributes.transform }
        set { attributes.transform = newValue }
    }
    var transform3D: CATransform3D {
        get { attributes.transform3D }
        set { attributes.transform3D = newValue }
    }
    var name: String { attributes.representedElementKind ?? "cell" }
    var indexPath: IndexPath { attributes.indexPath }
    var frame: CGRect { attributes.frame }
    var bounds: CGRect { attributes.bounds }
    var representedElementCategory: UICollectionView.ElementCategory { attributes.representedElementCategory }
    var representedElementKind: String? { attributes.representedElementKind }
}
