// UICollectionViewCompositionalLayout: a layout composed of items inside groups inside
// sections, described once and repeated over the data.
//
// Audited against: UICollectionViewCompositionalLayout docs — init(section:),
//   init(section:configuration:), init(sectionProvider:), init(sectionProvider:configuration:)
//   (the provider is called per section with the section index and the layout environment),
//   configuration (setting it invalidates the layout), UICollectionViewCompositionalLayout
//   SectionProvider; UICollectionViewLayout docs for the overridden members.
// Status: complete for the core (see the section, group and item files for what is stored
//   only). Choices: the content fills the collection view's bounds less its adjusted content
//   insets (the scroll view applies those insets), which is the environment's effective
//   content size; a provider returning nil gets a diagnostic and the section lays out nothing;
//   layout-wide headers and footers have index paths (item: n, section: 0), n counting the
//   configuration's items (two indexes so `indexPath.section` never traps); a decoration's
//   attributes have zIndex one below its item's (so the documented default 0 is behind the
//   cells, whose zIndex is 0); pinned headers have zIndex 1024 like the flow layout's.
//   Self-sizing: only along the scroll axis, in sections whose group is estimated along it.
//   Batch updates animate like the flow layout's (+Updates). Orthogonal sections scroll in
//   the collection view's scrollers (OrthogonalSection.swift). Split: the computation is in UICollectionViewCompositionalLayout+Prepare.swift,
//   +Groups.swift and +Updates.swift.

import Foundation
import KinemaSupport
import OpenCoreGraphics

/// The closure a compositional layout asks for each section's description.
public typealias UICollectionViewCompositionalLayoutSectionProvider =
    @MainActor (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// A layout of sections, each repeating a group of items (and nested groups) along the scroll
/// axis — lists, grids, mosaics and carousels from one description.
///
/// ```swift
/// let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1.0 / 3),
///                                                     heightDimension: .fractionalHeight(1)))
/// item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
/// let group = NSCollectionLayoutGroup.horizontal(
///     layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1.0 / 3)),
///     subitems: [item])
/// let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
/// ```
///
/// **Semantics.** `prepare()` asks the provider (or takes the one section) for every section,
/// works out each group's slots once, and repeats the group along the scroll axis (across it for
/// an orthogonal section) until the section's items are placed; sections follow one another
/// with `interSectionSpacing`. A change of the collection view's size invalidates the layout.
///
/// **Cost.** `prepare()` is linear in the items (one attributes object each);
/// `layoutAttributesForElements(in:)` is a binary search over the groups plus the elements
/// returned; `layoutAttributesForItem(at:)` is an array lookup.
@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// The layout's zIndex for a header pinned to the visible bounds (as the flow layout's).
    static let pinnedHeaderZIndex = 1024

    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
    /// The scroll direction, inter-section spacing and layout-wide supplementary items;
    /// setting it invalidates the layout.
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    /// The computed layout (see +Prepare).
    var cache = CompositionalCache()
    /// The items' attributes before a batch update (for its animation's ends; see +Updates).
    var itemsBeforeUpdate: [[UICollectionViewLayoutAttributes]]?
    /// Lengths along the scroll axis that self-sizing cells asked for, by index path.
    var preferredLengths: [IndexPath: CGFloat] = [:]

    /// A layout of sections that all look like `section`.
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// A layout of sections that all look like `section`, configured.
    public convenience init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.init(sectionProvider: { _, _ in section }, configuration: configuration)
    }

    /// A layout that asks `sectionProvider` for each section.
    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// A layout that asks `sectionProvider` for each section, configured.
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
                configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// The section description for `index` (nil from the provider: diagnostic, nil).
    func sectionDescription(_ index: Int, _ environment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? {
        guard let section = sectionProvider(index, environment) else {
            KinemaDiagnostics.emit("UICollectionViewCompositionalLayout", "the section provider returned nil for section \(index); its items are not laid out")
            return nil
        }
        return section
    }

    open override func prepare() {
        super.prepare()
        computeLayout()
    }

    open override var collectionViewContentSize: CGSize { cache.contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        elementsIntersecting(rect)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, cache.items.indices.contains(indexPath.section),
              cache.items[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return cache.items[indexPath.section][indexPath.item]
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = cache.supplementaries[ElementName(kind: elementKind, indexPath: indexPath)] else { return nil }
        if let pin = cache.pinned.first(where: { $0.attributes === attributes }) { return pinned(pin) }
        return attributes
    }

    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.decorations[ElementName(kind: elementKind, indexPath: indexPath)]
    }

    /// A change of the collection view's size lays the sections out again.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.lastLayoutBounds.size
    }

    /// Self-sizing: in a section whose group is estimated along the scroll axis, a cell asking
    /// for another length along it invalidates the layout, which keeps the length.
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        let path = originalAttributes.indexPath
        guard originalAttributes.representedElementCategory == .cell, path.count == 2,
              cache.selfSizingSections.contains(path.section) else { return false }
        let vertical = configuration.scrollDirection == .vertical
        let wanted = vertical ? preferredAttributes.size.height : preferredAttributes.size.width
        let current = vertical ? originalAttributes.size.height : originalAttributes.size.width
        guard wanted.isFinite, wanted >= 0, wanted != current else { return false }
        preferredLengths[path] = wanted
        return true
    }

    // MARK: Orthogonal sections and visible-item handlers (OrthogonalSection.swift)

    override var orthogonalSections: [OrthogonalSectionGeometry] { cache.orthogonalSections }

    /// Runs each section's `visibleItemsInvalidationHandler` over copies of its visible cells
    /// and supplementary views; the copies are what is shown.
    override func adjustVisibleElements(_ elements: inout [UICollectionView.ElementKey: UICollectionViewLayoutAttributes],
                                        offset: (Int) -> CGPoint) {
        guard !cache.visibleItemHandlers.isEmpty else { return }
        var bySection: [Int: [LayoutVisibleItem]] = [:]
        for (key, attributes) in elements where key.category != .decorationView && cache.visibleItemHandlers[key.indexPath.section] != nil {
            guard let copy = attributes.copy() as? UICollectionViewLayoutAttributes else { continue }
            elements[key] = copy
            bySection[key.indexPath.section, default: []].append(LayoutVisibleItem(copy))
        }
        let environment = makeEnvironment()
        for (section, items) in bySection.sorted(by: { $0.key < $1.key }) {
            guard let handler = cache.visibleItemHandlers[section] else { continue }
            let ordered = items.sorted { ($0.indexPath, $0.name) < ($1.indexPath, $1.name) }
            handler(ordered, offset(section), environment)
        }
    }

    // MARK: Updates (see +Updates)

    open override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        itemsBeforeUpdate = cache.items
    }

    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        itemsBeforeUpdate = nil
    }

    /// Inserted items fade in at their final frame; moved items start where they were.
    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        appearingAttributes(at: itemIndexPath)
    }

    /// Deleted items fade out where they were; moved items end where they go.
    open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        disappearingAttributes(at: itemIndexPath)
    }

    // MARK: Queries

    /// The elements meeting `rect`: a binary search for the first band (a group, a header, a
    /// background) that may reach it, then the bands until one starts past it; pinned headers
    /// moved into the visible area.
    func elementsIntersecting(_ rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return [] }
        let vertical = configuration.scrollDirection == .vertical
        let low = vertical ? rect.minY : rect.minX, high = vertical ? rect.maxY : rect.maxX
        var lo = 0, hi = cache.bands.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if cache.bandMaxEnds[mid] < low { lo = mid + 1 } else { hi = mid }
        }
        var result: [UICollectionViewLayoutAttributes] = []
        var index = lo
        while index < cache.bands.count, cache.bands[index].start <= high {
            for element in cache.elements[cache.bands[index].range] where element.frame.intersects(rect) {
                result.append(element)
            }
            index += 1
        }
        for pin in cache.pinned where pin.sectionStart <= high && pin.itemsEnd >= low {
            let shown = pinned(pin)
            if shown.frame.intersects(rect) { result.append(shown) }
        }
        return result
    }

    /// A pinned header held at the top (leading edge) of the visible area while its section passes.
    func pinned(_ pin: PinnedHeader) -> UICollectionViewLayoutAttributes {
        guard let collectionView else { return pin.attributes }
        let vertical = configuration.scrollDirection == .vertical
        let header = pin.attributes
        let offset = collectionView.contentOffset, inset = collectionView.adjustedContentInset
        let visibleStart = vertical ? offset.y + inset.top : offset.x + inset.left
        let natural = vertical ? header.frame.minY : header.frame.minX
        let length = vertical ? header.size.height : header.size.width
        let position = max(min(max(natural, visibleStart), pin.itemsEnd - length), natural)
        guard let moved = header.copy() as? UICollectionViewLayoutAttributes else { return header }
        var frame = header.frame
        if vertical { frame.origin.y = position } else { frame.origin.x = position }
        moved.frame = frame
        moved.zIndex = Self.pinnedHeaderZIndex
        return moved
    }
}
