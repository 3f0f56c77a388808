// NSCollectionLayoutSection, UICollectionLayoutSectionOrthogonalScrollingBehavior,
// UICollectionViewCompositionalLayoutConfiguration and the layout environment a section
// provider is given (NSCollectionLayoutEnvironment, NSCollectionLayoutContainer).
//
// Audited against: NSCollectionLayoutSection docs — init(group:), contentInsets,
//   interGroupSpacing, orthogonalScrollingBehavior ("the section's scrolling behavior in
//   relation to the main layout axis"), boundarySupplementaryItems, decorationItems,
//   supplementariesFollowContentInsets (iOS 16, default true);
//   UICollectionLayoutSectionOrthogonalScrollingBehavior docs (none, continuous,
//   continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered);
//   UICollectionViewCompositionalLayoutConfiguration docs (scrollDirection default vertical,
//   interSectionSpacing, boundarySupplementaryItems); NSCollectionLayoutEnvironment and
//   NSCollectionLayoutContainer docs (container; contentSize, effectiveContentSize,
//   contentInsets, effectiveContentInsets).
// Status: orthogonal sections are laid out in one row (column) that the collection view scrolls
//   on its own (OrthogonalSection.swift, UICollectionView+Orthogonal.swift). Missing:
//   contentInsetsReference, supplementaryContentInsetsReference, list sections
//   (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`), the environment's trait collection.

import Foundation
import OpenCoreGraphics

/// How a section scrolls across the layout's axis. An orthogonal section is laid out in one line
/// and scrolls across on its own (in a scroll view inside the collection view); the behaviour
/// says where it comes to rest (see OrthogonalSection.swift for Kinema's rules).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    /// The section does not scroll across: its groups stack along the layout's axis.
    case none = 0
    /// Scrolls freely.
    case continuous
    /// Scrolls freely, coming to rest on a group's leading edge.
    case continuousGroupLeadingBoundary
    /// Scrolls a page (the collection view's width) at a time.
    case paging
    /// Scrolls a group at a time, resting on a group's leading edge.
    case groupPaging
    /// Scrolls a group at a time, resting with a group centred.
    case groupPagingCentered
}

/// A section of a compositional layout: one group, repeated until the section's items run out,
/// with insets, spacing between the groups, headers and footers and backgrounds.
///
/// ```swift
/// let section = NSCollectionLayoutSection(group: group)
/// section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
/// section.interGroupSpacing = 8
/// ```
///
/// **Semantics.** Groups are stacked along the layout's scroll axis (across it, in one line,
/// when `orthogonalScrollingBehavior` is not `.none`) inside the section's content insets; the
/// last group holds the items that are left, at the places a full group gives them.
@MainActor
public final class NSCollectionLayoutSection {
    /// The group the section repeats.
    public let group: NSCollectionLayoutGroup
    /// Insets around the section's groups. Default zero.
    public var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Space between consecutive groups. Default 0.
    public var interGroupSpacing: CGFloat = 0
    /// Whether the section scrolls across the layout's axis, and where it comes to rest.
    /// Default `.none`.
    public var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// Called before each layout pass with the section's visible items (cells and supplementary
    /// views), the offset the section is scrolled to (across: the section's own scroll; along:
    /// the collection view's) and the environment; it may change the items' alpha, transform,
    /// centre, zIndex and hidden state for this pass. Default nil.
    public var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
    /// The section's headers and footers.
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// The section's backgrounds.
    public var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Whether headers and footers are inset across by `contentInsets` like the groups. Default true.
    public var supplementariesFollowContentInsets = true

    /// A section repeating `group`.
    public init(group: NSCollectionLayoutGroup) {
        self.group = group
    }
}

/// The scroll direction, spacing and layout-wide headers and footers of a compositional layout.
@MainActor
public final class UICollectionViewCompositionalLayoutConfiguration {
    /// The layout's scroll axis. Default `.vertical`.
    public var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// Space between consecutive sections. Default 0.
    public var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout (index paths of one index).
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []

    /// The default configuration.
    public init() {}
}

/// The size and insets of the area a compositional layout fills.
@MainActor
public protocol NSCollectionLayoutContainer: AnyObject {
    /// The container's size: the collection view's bounds size.
    var contentSize: CGSize { get }
    /// The container's size less its content insets: what the layout's sections fill.
    var effectiveContentSize: CGSize { get }
    /// The container's insets (the collection view's adjusted content insets, left-to-right).
    var contentInsets: NSDirectionalEdgeInsets { get }
    /// The insets that apply: the same as `contentInsets` in Kinema.
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider is told about where its section will be laid out.
@MainActor
public protocol NSCollectionLayoutEnvironment: AnyObject {
    /// The area the layout fills.
    var container: any NSCollectionLayoutContainer { get }
}

/// The container and environment a compositional layout hands its section provider.
@MainActor
final class CompositionalLayoutContainer: NSCollectionLayoutContainer, NSCollectionLayoutEnvironment {
    let contentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
    var effectiveContentSize: CGSize {
        CGSize(width: max(contentSize.width - contentInsets.leading - contentInsets.trailing, 0),
               height: max(contentSize.height - contentInsets.top - contentInsets.bottom, 0))
    }
    var container: any NSCollectionLayoutContainer { self }

    init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
    }
}
