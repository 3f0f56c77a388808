// UICollectionViewCompositionalLayout+Prepare: the layout's computation — sections one after
// another along the scroll axis, each its headers, its content insets, its group repeated until
// the items run out (across, in one line, when orthogonal, with the geometry the collection
// view's scroller for it needs), its footers and its backgrounds — and the cache the queries search.
//
// Audited against: NSCollectionLayoutSection, NSCollectionLayoutBoundarySupplementaryItem,
//   NSCollectionLayoutDecorationItem and UICollectionViewCompositionalLayoutConfiguration docs
//   (see those files).
// Status: complete for the core. Choices where Apple documents nothing: a section is its
//   headers, its leading content inset, its groups, its trailing inset, its footers (headers
//   are outside the insets along the scroll axis and, with supplementariesFollowContentInsets,
//   inside them across); a header aligned across the axis only (.leading in a vertical layout,
//   .none) is a diagnostic and placed as a header; .top/.bottom (vertical) centre a narrower
//   header across; a background covers the section from its first header to its last footer
//   and the layout's whole width, less the decoration's content insets. Self-sizing: where a
//   section's group is `.estimated` along the scroll axis (not orthogonal), a cell's preferred
//   length along that axis (preferredLayoutAttributesFitting) replaces its slot's; the cells of a
//   repetition keep their places and the repetition is as long as its longest cell.

import Foundation
import KinemaSupport
import OpenCoreGraphics

/// A supplementary or decoration element's name: its kind and index path.
struct ElementName: Hashable {
    var kind: String
    var indexPath: IndexPath
}

/// A header that stays in view while its section passes (`pinToVisibleBounds`).
struct PinnedHeader {
    var attributes: UICollectionViewLayoutAttributes
    var sectionStart: CGFloat
    var itemsEnd: CGFloat
}

/// The computed layout: every element in scroll order, in bands (a group repetition, a header,
/// a background) with the running largest band end for the binary search.
struct CompositionalCache {
    var items: [[UICollectionViewLayoutAttributes]] = []
    var supplementaries: [ElementName: UICollectionViewLayoutAttributes] = [:]
    var decorations: [ElementName: UICollectionViewLayoutAttributes] = [:]
    var elements: [UICollectionViewLayoutAttributes] = []
    var bands: [FlowBand] = []
    var bandMaxEnds: [CGFloat] = []
    var pinned: [PinnedHeader] = []
    /// The sections whose group is estimated along the scroll axis (their cells size themselves).
    var selfSizingSections: Set<Int> = []
    /// The sections that scroll across on their own, in layout order.
    var orthogonalSections: [OrthogonalSectionGeometry] = []
    /// The sections' visible-items handlers, by section.
    var visibleItemHandlers: [Int: NSCollectionLayoutSectionVisibleItemsInvalidationHandler] = [:]
    var contentSize: CGSize = .zero

    mutating func addBand(_ members: [UICollectionViewLayoutAttributes], start: CGFloat, end: CGFloat) {
        let from = elements.count
        elements += members
        bands.append(FlowBand(start: start, end: end, range: from..<elements.count))
        bandMaxEnds.append(max(bandMaxEnds.last ?? -.infinity, end))
    }
}

extension UICollectionViewCompositionalLayout {
    private var isVertical: Bool { configuration.scrollDirection == .vertical }

    /// A rectangle from scroll-axis ("main") and cross-axis coordinates.
    private func rect(main: CGFloat, cross: CGFloat, mainLength: CGFloat, crossLength: CGFloat) -> CGRect {
        isVertical ? CGRect(x: cross, y: main, width: crossLength, height: mainLength)
            : CGRect(x: main, y: cross, width: mainLength, height: crossLength)
    }

    private func finite(_ value: CGFloat, _ what: String) -> CGFloat {
        guard value.isFinite, value >= 0 else {
            KinemaDiagnostics.emit("UICollectionViewCompositionalLayout", "\(what) is \(value); used 0")
            return 0
        }
        return value
    }

    /// The environment for the collection view's current bounds and insets.
    func makeEnvironment() -> CompositionalLayoutContainer {
        guard let collectionView else { return CompositionalLayoutContainer(contentSize: .zero, contentInsets: .zero) }
        let inset = collectionView.adjustedContentInset
        return CompositionalLayoutContainer(contentSize: collectionView.bounds.size,
                                            contentInsets: NSDirectionalEdgeInsets(top: inset.top, leading: inset.left, bottom: inset.bottom, trailing: inset.right))
    }

    /// Lays every section out (prepare()).
    func computeLayout() {
        cache = CompositionalCache()
        guard let collectionView else { return }
        let environment = makeEnvironment()
        let container = environment.effectiveContentSize
        let crossExtent = isVertical ? container.width : container.height
        var main: CGFloat = 0
        let interSection = finite(configuration.interSectionSpacing, "interSectionSpacing")
        let global = configuration.boundarySupplementaryItems
        for (index, item) in global.enumerated() where placesBefore(item) {
            main = addBoundary(item, at: main, in: container, crossStart: 0, crossLength: crossExtent, indexPath: IndexPath(item: index, section: 0), pin: nil)
        }
        let sectionCount = collectionView.numberOfSections
        cache.items.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            if section > 0 { main += interSection }
            let count = collectionView.numberOfItems(inSection: section)
            guard let description = sectionDescription(section, environment) else {
                cache.items.append([])
                continue
            }
            main = layOut(description, section: section, count: count, at: main, container: container, crossExtent: crossExtent)
        }
        for (index, item) in global.enumerated() where !placesBefore(item) {
            main = addBoundary(item, at: main, in: container, crossStart: 0, crossLength: crossExtent, indexPath: IndexPath(item: index, section: 0), pin: nil)
        }
        cache.contentSize = isVertical ? CGSize(width: crossExtent, height: main) : CGSize(width: main, height: crossExtent)
    }

    /// Lays out one section from `start`; returns where it ends.
    private func layOut(_ description: NSCollectionLayoutSection, section: Int, count: Int, at start: CGFloat,
                        container: CGSize, crossExtent: CGFloat) -> CGFloat {
        let insets = description.contentInsets
        let top = finite(insets.top, "section contentInsets.top"), bottom = finite(insets.bottom, "section contentInsets.bottom")
        let leading = finite(insets.leading, "section contentInsets.leading"), trailing = finite(insets.trailing, "section contentInsets.trailing")
        let mainStart = isVertical ? top : leading, mainEnd = isVertical ? bottom : trailing
        let crossStart = isVertical ? leading : top, crossEnd = isVertical ? trailing : bottom
        let content = CGSize(width: max(container.width - leading - trailing, 0), height: max(container.height - top - bottom, 0))
        let spacing = finite(description.interGroupSpacing, "interGroupSpacing")
        let follows = description.supplementariesFollowContentInsets
        let boundaryContainer = follows ? content : container
        let boundaryCross = follows ? crossStart : 0
        let boundaryCrossLength = follows ? max(crossExtent - crossStart - crossEnd, 0) : crossExtent
        let firstBand = cache.bands.count
        var main = start
        var pins: [Int] = []
        let path = IndexPath(item: 0, section: section)
        for item in description.boundarySupplementaryItems where placesBefore(item) {
            if item.pinToVisibleBounds { pins.append(cache.pinned.count) }
            main = addBoundary(item, at: main, in: boundaryContainer, crossStart: boundaryCross, crossLength: boundaryCrossLength,
                               indexPath: path, pin: item.pinToVisibleBounds ? start : nil)
        }
        main += mainStart
        // The groups.
        let groupSize = description.group.layoutSize.resolve(in: content, "section \(section)'s group")
        let slots = slots(of: description.group, size: groupSize)
        if slots.isEmpty, count > 0 {
            KinemaDiagnostics.emit("UICollectionViewCompositionalLayout", "section \(section)'s group holds no items; its \(count) items are not laid out")
        }
        let orthogonal = description.orthogonalScrollingBehavior != .none
        let groupMain = isVertical ? groupSize.height : groupSize.width
        let groupCross = isVertical ? groupSize.width : groupSize.height
        var attributes: [UICollectionViewLayoutAttributes] = []
        attributes.reserveCapacity(count)
        // Self-sizing along the scroll axis: each cell takes the length it prefers, the
        // repetition is as long as its longest cell (plus what the slots leave after it).
        let selfSizing = !orthogonal && (isVertical ? description.group.layoutSize.heightDimension : description.group.layoutSize.widthDimension).isEstimated
        if selfSizing { cache.selfSizingSections.insert(section) }
        let slotsEnd = slots.map { isVertical ? $0.maxY : $0.maxX }.max() ?? 0
        let trailingGap = max(groupMain - slotsEnd, 0)
        var placed = 0, repetitions = 0
        var cursor = main
        while placed < count, !slots.isEmpty {
            let groupMainStart = orthogonal ? main : cursor
            let groupCrossStart = orthogonal ? crossStart + CGFloat(repetitions) * (groupCross + spacing) : crossStart
            let origin = isVertical ? CGPoint(x: groupCrossStart, y: groupMainStart) : CGPoint(x: groupMainStart, y: groupCrossStart)
            let taken = min(slots.count, count - placed)
            var band: [UICollectionViewLayoutAttributes] = []
            band.reserveCapacity(taken)
            var cellsEnd: CGFloat = groupMainStart
            var sized = false
            for slot in 0..<taken {
                let path = IndexPath(item: placed + slot, section: section)
                let cell = UICollectionViewLayoutAttributes(forCellWith: path)
                var frame = slots[slot].offsetBy(dx: origin.x, dy: origin.y)
                if selfSizing, let length = preferredLengths[path] {
                    if isVertical { frame.size.height = length } else { frame.size.width = length }
                    sized = true
                }
                cell.frame = frame
                cellsEnd = max(cellsEnd, isVertical ? frame.maxY : frame.maxX)
                band.append(cell)
            }
            let length = sized ? cellsEnd - groupMainStart + trailingGap : groupMain
            cache.addBand(band, start: groupMainStart, end: max(groupMainStart + length, cellsEnd))
            attributes += band
            placed += taken
            repetitions += 1
            cursor = groupMainStart + length + spacing
        }
        cache.items.append(attributes)
        if orthogonal {
            let across = repetitions > 0 ? CGFloat(repetitions) * (groupCross + spacing) - spacing : 0
            cache.orthogonalSections.append(OrthogonalSectionGeometry(
                section: section, behavior: description.orthogonalScrollingBehavior,
                frame: rect(main: main, cross: 0, mainLength: repetitions > 0 ? groupMain : 0, crossLength: crossExtent),
                scrollsHorizontally: isVertical, contentLength: crossStart + across + crossEnd,
                leadingInset: crossStart, groupPitch: groupCross + spacing, groupLength: groupCross, groupCount: repetitions))
        }
        if let handler = description.visibleItemsInvalidationHandler { cache.visibleItemHandlers[section] = handler }
        if repetitions > 0 {
            main = orthogonal ? main + groupMain : cursor - spacing
        }
        main += mainEnd
        for index in pins { cache.pinned[index].itemsEnd = main }
        for item in description.boundarySupplementaryItems where !placesBefore(item) {
            main = addBoundary(item, at: main, in: boundaryContainer, crossStart: boundaryCross, crossLength: boundaryCrossLength, indexPath: path, pin: nil)
        }
        addBackgrounds(description.decorationItems, section: section, from: start, to: main, crossExtent: crossExtent, beforeBand: firstBand)
        return main
    }

    /// Whether a boundary item goes before the content along the scroll axis (else after).
    private func placesBefore(_ item: NSCollectionLayoutBoundarySupplementaryItem) -> Bool {
        let before: Set<NSRectAlignment> = isVertical ? [.top, .topLeading, .topTrailing] : [.leading, .topLeading, .bottomLeading]
        let after: Set<NSRectAlignment> = isVertical ? [.bottom, .bottomLeading, .bottomTrailing] : [.trailing, .topTrailing, .bottomTrailing]
        if before.contains(item.alignment) { return true }
        if after.contains(item.alignment) { return false }
        KinemaDiagnostics.emit("NSCollectionLayoutBoundarySupplementaryItem", "alignment \(item.alignment) of \(item.elementKind) is not on an edge across the scroll axis; placed as a header")
        return true
    }

    /// Places a header or footer at `main`; returns the position after it.
    private func addBoundary(_ item: NSCollectionLayoutBoundarySupplementaryItem, at main: CGFloat, in container: CGSize,
                             crossStart: CGFloat, crossLength: CGFloat, indexPath: IndexPath, pin sectionStart: CGFloat?) -> CGFloat {
        let size = item.layoutSize.resolve(in: container, "\(item.elementKind)")
        let mainLength = isVertical ? size.height : size.width
        let length = isVertical ? size.width : size.height
        let startAligned: Set<NSRectAlignment> = isVertical ? [.topLeading, .bottomLeading, .leading] : [.topLeading, .topTrailing, .top]
        let endAligned: Set<NSRectAlignment> = isVertical ? [.topTrailing, .bottomTrailing, .trailing] : [.bottomLeading, .bottomTrailing, .bottom]
        let cross = startAligned.contains(item.alignment) ? crossStart
            : endAligned.contains(item.alignment) ? crossStart + crossLength - length
            : crossStart + (crossLength - length) / 2
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: item.elementKind, with: indexPath)
        let offset = CGPoint(x: item.offset.x.isFinite ? item.offset.x : 0, y: item.offset.y.isFinite ? item.offset.y : 0)
        attributes.frame = rect(main: main, cross: cross, mainLength: mainLength, crossLength: length)
            .offsetBy(dx: offset.x, dy: offset.y).insetClamped(by: item.contentInsets)
        attributes.zIndex = item.zIndex
        let name = ElementName(kind: item.elementKind, indexPath: indexPath)
        if cache.supplementaries[name] != nil {
            KinemaDiagnostics.emit("UICollectionViewCompositionalLayout", "two supplementary items of kind \(item.elementKind) at \(indexPath); the later one is used")
        }
        cache.supplementaries[name] = attributes
        if let sectionStart {
            cache.pinned.append(PinnedHeader(attributes: attributes, sectionStart: sectionStart, itemsEnd: main + mainLength))
        } else {
            cache.addBand([attributes], start: main, end: main + mainLength)
        }
        return main + mainLength
    }

    /// Section backgrounds: bands inserted before the section's first band (so band starts stay
    /// in order for the search).
    private func addBackgrounds(_ items: [NSCollectionLayoutDecorationItem], section: Int, from start: CGFloat, to end: CGFloat,
                                crossExtent: CGFloat, beforeBand firstBand: Int) {
        guard !items.isEmpty else { return }
        var backgrounds: [UICollectionViewLayoutAttributes] = []
        for item in items {
            let path = IndexPath(item: 0, section: section)
            let attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: item.elementKind, with: path)
            attributes.frame = rect(main: start, cross: 0, mainLength: end - start, crossLength: crossExtent).insetClamped(by: item.contentInsets)
            attributes.zIndex = item.zIndex - 1
            cache.decorations[ElementName(kind: item.elementKind, indexPath: path)] = attributes
            backgrounds.append(attributes)
        }
        // Rebuild the section's bands with the backgrounds first.
        let firstElement = firstBand < cache.bands.count ? cache.bands[firstBand].range.lowerBound : cache.elements.count
        let laterBands = Array(cache.bands[firstBand...])
        let laterElements = Array(cache.elements[firstElement...])
        cache.bands.removeSubrange(firstBand...)
        cache.bandMaxEnds.removeSubrange(firstBand...)
        cache.elements.removeSubrange(firstElement...)
        cache.addBand(backgrounds, start: start, end: end)
        for band in laterBands {
            let members = Array(laterElements[(band.range.lowerBound - firstElement)..<(band.range.upperBound - firstElement)])
            cache.addBand(members, start: band.start, end: band.end)
        }
    }
}
