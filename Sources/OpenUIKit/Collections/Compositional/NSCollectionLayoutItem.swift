// NSCollectionLayoutItem and NSCollectionLayoutGroup: the cells of a compositional layout and
// the rows and columns that hold them, nested to any depth.
//
// Audited against: NSCollectionLayoutItem docs — init(layoutSize:), init(layoutSize:
//   supplementaryItems:), layoutSize, contentInsets ("the amount of space between the content
//   of the item and its boundaries"; applied after the item is sized), edgeSpacing,
//   supplementaryItems; NSCollectionLayoutGroup docs — horizontal(layoutSize:subitems:),
//   vertical(layoutSize:subitems:), horizontal/vertical(layoutSize:subitem:count:) ("equally
//   sized items … up to the number specified by count"; with interItemSpacing "the group keeps
//   the same number of items and automatically resizes them"), horizontal/vertical(layoutSize:
//   repeatingSubitem:count:) (iOS 16: the subitem repeated count times at its own size; "it's
//   your responsibility to ensure that the group's layoutSize can fit count repetitions"),
//   subitems, interItemSpacing, supplementaryItems.
// Status: complete except custom(layoutSize:itemProvider:), visualDescription(). Stored only,
//   not applied: the items' and groups' supplementaryItems (badges). edgeSpacing is applied
//   inside groups (see UICollectionViewCompositionalLayout+Groups.swift).
//   Choices where Apple documents nothing: a group of `subitems` repeats them in order while
//   the next one fits along the group's axis (the usual `.fractionalWidth(1/3)` grid gives three
//   a row) and always holds at least one; subitems sit at the start of the group's cross axis;
//   a group's own contentInsets shrink the area its subitems are laid out in.

import Foundation
import KinemaSupport
import OpenCoreGraphics

/// One cell's place in a compositional layout: its size (relative to its group) and the insets
/// that shrink the cell inside that place.
///
/// ```swift
/// let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
///     widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
/// item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
/// ```
///
/// **Semantics.** The item's slot is `layoutSize` resolved against its group's size; the cell's
/// frame is the slot inset by `contentInsets`. **Cost.** A small object, read during `prepare()`.
@MainActor
public class NSCollectionLayoutItem {
    /// The item's size, relative to its containing group.
    public let layoutSize: NSCollectionLayoutSize
    /// Insets of the cell inside its slot. Default zero.
    public var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Space around the item inside its group (fixed, or flexible to share the group's spare room).
    public var edgeSpacing: NSCollectionLayoutEdgeSpacing?
    /// Supplementary items attached to the item (stored; not laid out by Kinema).
    public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]

    /// An item of `layoutSize`.
    public convenience init(layoutSize: NSCollectionLayoutSize) {
        self.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// An item of `layoutSize` with supplementary items (stored only).
    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }
}

/// A row (horizontal) or column (vertical) of items and nested groups; the section repeats it
/// along its axis until the items run out.
///
/// ```swift
/// let large = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(2.0 / 3), heightDimension: .fractionalHeight(1)))
/// let small = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
/// let pair = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)), subitems: [small])
/// let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)), subitems: [large, pair])
/// ```
///
/// **Semantics.** Subitems are placed one after another along the group's axis with
/// `interItemSpacing` between them, from the group's leading (horizontal) or top (vertical)
/// edge; `subitems` repeat while the next fits. A group with `count` holds that many. **Cost.**
/// The layout works out a group's slots once per size and reuses them for each repetition.
@MainActor
public final class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    /// The axis a group lays its subitems along.
    enum Axis { case horizontal, vertical }
    /// How a group fills itself.
    enum Arrangement {
        /// The subitems in order, repeated while the next fits.
        case repeatingWhileFits
        /// The one subitem `count` times, sized equally to fill the group (iOS 13's `subitem:count:`).
        case equallySized(count: Int)
        /// The one subitem `count` times at its own size (iOS 16's `repeatingSubitem:count:`).
        case repeated(count: Int)
    }

    let axis: Axis
    let arrangement: Arrangement
    /// The group's items and groups.
    public let subitems: [NSCollectionLayoutItem]
    /// The space between subitems along the group's axis. Default nil (none).
    public var interItemSpacing: NSCollectionLayoutSpacing?

    init(layoutSize: NSCollectionLayoutSize, axis: Axis, arrangement: Arrangement, subitems: [NSCollectionLayoutItem]) {
        self.axis = axis
        self.arrangement = arrangement
        self.subitems = subitems
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// A row of `subitems`, repeated while they fit.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        .init(layoutSize: layoutSize, axis: .horizontal, arrangement: .repeatingWhileFits, subitems: subitems)
    }

    /// A column of `subitems`, repeated while they fit.
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        .init(layoutSize: layoutSize, axis: .vertical, arrangement: .repeatingWhileFits, subitems: subitems)
    }

    /// A row of `count` equally wide copies of `subitem` filling the group (deprecated in iOS 16).
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        .init(layoutSize: layoutSize, axis: .horizontal, arrangement: .equallySized(count: count), subitems: [subitem])
    }

    /// A column of `count` equally tall copies of `subitem` filling the group (deprecated in iOS 16).
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        .init(layoutSize: layoutSize, axis: .vertical, arrangement: .equallySized(count: count), subitems: [subitem])
    }

    /// A row of `subitem` repeated `count` times at its own size (iOS 16).
    public static func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        .init(layoutSize: layoutSize, axis: .horizontal, arrangement: .repeated(count: count), subitems: [subitem])
    }

    /// A column of `subitem` repeated `count` times at its own size (iOS 16).
    public static func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        .init(layoutSize: layoutSize, axis: .vertical, arrangement: .repeated(count: count), subitems: [subitem])
    }
}

/// Where a supplementary item attaches to its container (stored only in Kinema).
@MainActor
public final class NSCollectionLayoutAnchor {
    /// The edges of the container the item is pinned to.
    public let edges: NSDirectionalRectEdge
    /// The offset from those edges, in points.
    public let offset: CGPoint

    /// An anchor on `edges`.
    public convenience init(edges: NSDirectionalRectEdge) { self.init(edges: edges, absoluteOffset: .zero) }
    /// An anchor on `edges`, moved by `absoluteOffset` points.
    public init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        self.edges = edges
        offset = absoluteOffset
    }
}

/// An extra view attached to an item, a group, a section or the layout, of an element kind.
@MainActor
public class NSCollectionLayoutSupplementaryItem {
    /// The view's size.
    public let layoutSize: NSCollectionLayoutSize
    /// The element kind the data source is asked for.
    public let elementKind: String
    /// Where it attaches (stored only).
    public let containerAnchor: NSCollectionLayoutAnchor?
    /// The stacking order. Default 1 (Kinema's choice: above the cells; Apple documents no default).
    public var zIndex = 1
    /// Insets of the view inside its frame. Default zero.
    public var contentInsets: NSDirectionalEdgeInsets = .zero

    /// A supplementary item of `elementKind` anchored to its container (stored only in Kinema).
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
    }

    init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        containerAnchor = nil
    }
}

/// A header or footer of a section (`boundarySupplementaryItems`) or of the whole layout (the
/// configuration's): placed before or after the content along the scroll axis by `alignment`.
///
/// ```swift
/// let header = NSCollectionLayoutBoundarySupplementaryItem(
///     layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
///     elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
/// ```
@MainActor
public final class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    /// The edge it sits on.
    public let alignment: NSRectAlignment
    /// A shift of its frame, in points.
    public let offset: CGPoint
    /// Whether it makes room for itself (true) — Kinema always makes room; stored.
    public var extendsBoundary = true
    /// Whether a header stays at the top (leading edge) of the visible area while its section passes.
    public var pinToVisibleBounds = false

    /// A boundary item of `elementKind` on the `alignment` edge.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }

    /// A boundary item of `elementKind` on the `alignment` edge, moved by `absoluteOffset`.
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }
}

/// A view behind a section: `background(elementKind:)` covers the whole section. The layout
/// makes the view from the class registered with `register(_:forDecorationViewOfKind:)`.
@MainActor
public final class NSCollectionLayoutDecorationItem {
    /// The decoration kind (its registered view class).
    public let elementKind: String
    /// The stacking order. Default 0: below everything else in the section.
    public var zIndex = 0
    /// Insets of the view inside the section's frame. Default zero.
    public var contentInsets: NSDirectionalEdgeInsets = .zero

    init(elementKind: String) { self.elementKind = elementKind }

    /// A background of the section, of `elementKind`.
    public static func background(elementKind: String) -> NSCollectionLayoutDecorationItem { .init(elementKind: elementKind) }
}
