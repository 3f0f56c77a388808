// UICollectionViewFlowLayout+Prepare: the flow layout's computation — sections, lines, the
// justified spacing — and the binary search that answers layoutAttributesForElements(in:).
//
// Audited against: UICollectionViewFlowLayout docs (see UICollectionViewFlowLayout.swift).
// Status: complete. Bad input (a delegate's NaN or negative size, spacing or inset; an item
//   wider than the line) is a diagnostic: NaN and negative sizes become 0, NaN spacings and
//   insets 0, an item too wide for a line gets a line of its own at the line's width.

import Foundation
import KinemaSupport
import OpenCoreGraphics

/// One section's elements and its extent along the scroll axis.
struct FlowSection {
    var header: UICollectionViewLayoutAttributes?
    var footer: UICollectionViewLayoutAttributes?
    var items: [UICollectionViewLayoutAttributes] = []
    /// Where the section's items (with insets) end along the scroll axis, and where it begins.
    var start: CGFloat = 0
    var itemsEnd: CGFloat = 0
}

/// A run of elements with one extent along the scroll axis: a header, a line, a footer.
struct FlowBand {
    var start: CGFloat
    var end: CGFloat
    var range: Range<Int>
}

extension UICollectionViewFlowLayout {
    private var isVertical: Bool { scrollDirection == .vertical }

    /// A rectangle from scroll-axis ("main") and cross-axis coordinates.
    private func rect(main: CGFloat, cross: CGFloat, mainLength: CGFloat, crossLength: CGFloat) -> CGRect {
        isVertical ? CGRect(x: cross, y: main, width: crossLength, height: mainLength)
            : CGRect(x: main, y: cross, width: mainLength, height: crossLength)
    }

    private func clean(_ value: CGFloat, _ what: String) -> CGFloat {
        guard value.isFinite else {
            KinemaDiagnostics.emit("UICollectionViewFlowLayout", "\(what) is \(value); used 0")
            return 0
        }
        return value
    }

    private func clean(_ size: CGSize, _ what: String) -> CGSize {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            KinemaDiagnostics.emit("UICollectionViewFlowLayout", "\(what) \(size) is not a finite, non-negative size; used its finite non-negative parts")
            return CGSize(width: size.width.isFinite ? max(size.width, 0) : 0, height: size.height.isFinite ? max(size.height, 0) : 0)
        }
        return size
    }

    /// Lays every section out (prepare()).
    func computeLayout() {
        sections = []
        elements = []
        bands = []
        bandMaxEnds = []
        guard let collectionView else {
            contentSize = .zero
            return
        }
        let flowDelegate = collectionView.delegate as? any UICollectionViewDelegateFlowLayout
        let inset = collectionView.adjustedContentInset
        let crossExtent = max(isVertical ? collectionView.bounds.width - inset.left - inset.right
                                         : collectionView.bounds.height - inset.top - inset.bottom, 0)
        var main: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            var flow = FlowSection()
            flow.start = main
            let sectionInset = flowDelegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? self.sectionInset
            let lineSpacing = clean(flowDelegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing, "minimumLineSpacing")
            let itemSpacing = clean(flowDelegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing, "minimumInteritemSpacing")
            let insetMainStart = clean(isVertical ? sectionInset.top : sectionInset.left, "sectionInset")
            let insetMainEnd = clean(isVertical ? sectionInset.bottom : sectionInset.right, "sectionInset")
            let insetCrossStart = clean(isVertical ? sectionInset.left : sectionInset.top, "sectionInset")
            let insetCrossEnd = clean(isVertical ? sectionInset.right : sectionInset.bottom, "sectionInset")
            let path = IndexPath(item: 0, section: section)
            // Header.
            let headerSize = clean(flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize, "header size")
            let headerLength = isVertical ? headerSize.height : headerSize.width
            if headerLength > 0 {
                let header = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionElementKindSectionHeader, with: path)
                header.frame = rect(main: main, cross: 0, mainLength: headerLength, crossLength: crossExtent)
                flow.header = header
                addBand([header], start: main, end: main + headerLength)
                main += headerLength
            }
            main += insetMainStart
            // Items in lines.
            let available = max(crossExtent - insetCrossStart - insetCrossEnd, 0)
            let count = collectionView.numberOfItems(inSection: section)
            var sizes: [CGSize] = []
            sizes.reserveCapacity(count)
            for item in 0..<count {
                let indexPath = IndexPath(item: item, section: section)
                var size: CGSize
                if estimatedItemSize != .zero {
                    size = preferredSizes[indexPath] ?? (estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize)
                } else {
                    size = flowDelegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? itemSize
                }
                size = clean(size, "the size of item \(indexPath)")
                if (isVertical ? size.width : size.height) > available {
                    KinemaDiagnostics.emit("UICollectionViewFlowLayout", "the item \(indexPath) (\(size)) is larger across than the line (\(available)) — the section insets and content insets included; made it as wide as the line")
                    if isVertical { size.width = available } else { size.height = available }
                }
                sizes.append(size)
            }
            var lines: [Range<Int>] = []
            var first = 0
            while first < count {
                var used = isVertical ? sizes[first].width : sizes[first].height
                var end = first + 1
                while end < count {
                    let next = isVertical ? sizes[end].width : sizes[end].height
                    guard used + itemSpacing + next <= available + 1e-9 else { break }
                    used += itemSpacing + next
                    end += 1
                }
                lines.append(first..<end)
                first = end
            }
            var previousSpacing = itemSpacing
            flow.items.reserveCapacity(count)
            for (lineIndex, line) in lines.enumerated() {
                let crossLengths = line.map { isVertical ? sizes[$0].width : sizes[$0].height }
                let depth = line.map { isVertical ? sizes[$0].height : sizes[$0].width }.max() ?? 0
                let total = crossLengths.reduce(0, +)
                var spacing = itemSpacing
                var cross = insetCrossStart
                let isLast = lineIndex == lines.count - 1
                if line.count == 1, !(isLast && lines.count > 1) {
                    cross = insetCrossStart + (available - total) / 2
                } else if isLast && lines.count > 1 {
                    spacing = previousSpacing
                } else {
                    spacing = (available - total) / CGFloat(line.count - 1)
                    previousSpacing = spacing
                }
                let bandStart = elements.count
                for (offset, item) in line.enumerated() {
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                    let itemDepth = depth - (isVertical ? sizes[item].height : sizes[item].width)
                    attributes.frame = rect(main: main + itemDepth / 2, cross: cross, mainLength: depth - itemDepth, crossLength: crossLengths[offset])
                    cross += crossLengths[offset] + spacing
                    flow.items.append(attributes)
                    elements.append(attributes)
                }
                appendBand(start: main, end: main + depth, from: bandStart)
                main += depth + (isLast ? 0 : lineSpacing)
            }
            main += insetMainEnd
            flow.itemsEnd = main
            // Footer.
            let footerSize = clean(flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize, "footer size")
            let footerLength = isVertical ? footerSize.height : footerSize.width
            if footerLength > 0 {
                let footer = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionElementKindSectionFooter, with: path)
                footer.frame = rect(main: main, cross: 0, mainLength: footerLength, crossLength: crossExtent)
                flow.footer = footer
                addBand([footer], start: main, end: main + footerLength)
                main += footerLength
            }
            sections.append(flow)
        }
        contentSize = isVertical ? CGSize(width: crossExtent, height: main) : CGSize(width: main, height: crossExtent)
    }

    private func addBand(_ members: [UICollectionViewLayoutAttributes], start: CGFloat, end: CGFloat) {
        let from = elements.count
        elements += members
        appendBand(start: start, end: end, from: from)
    }

    private func appendBand(start: CGFloat, end: CGFloat, from: Int) {
        bands.append(FlowBand(start: start, end: end, range: from..<elements.count))
        bandMaxEnds.append(max(bandMaxEnds.last ?? -.infinity, end))
    }

    /// The elements meeting `rect`: binary search for the first band that may reach it, then
    /// the bands until one starts past it; pinned headers moved into the visible area.
    func elementsIntersecting(_ rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite else { return [] }
        let low = isVertical ? rect.minY : rect.minX, high = isVertical ? rect.maxY : rect.maxX
        var lo = 0, hi = bands.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if bandMaxEnds[mid] < low { lo = mid + 1 } else { hi = mid }
        }
        var result: [UICollectionViewLayoutAttributes] = []
        var index = lo
        while index < bands.count, bands[index].start <= high {
            for element in elements[bands[index].range] where element.frame.intersects(rect) {
                if sectionHeadersPinToVisibleBounds, element.representedElementKind == UICollectionElementKindSectionHeader { continue }
                result.append(element)
            }
            index += 1
        }
        if sectionHeadersPinToVisibleBounds {
            for flow in sections where flow.header != nil && flow.start <= high && flow.itemsEnd >= low {
                if let header = flow.header {
                    let shown = pinned(header, in: flow)
                    if shown.frame.intersects(rect) { result.append(shown) }
                }
            }
        }
        return result
    }

    /// A header held at the top (leading edge) of the visible area while its section passes.
    func pinned(_ header: UICollectionViewLayoutAttributes, in flow: FlowSection) -> UICollectionViewLayoutAttributes {
        guard let collectionView else { return header }
        let offset = collectionView.contentOffset, inset = collectionView.adjustedContentInset
        let visibleStart = isVertical ? offset.y + inset.top : offset.x + inset.left
        let natural = isVertical ? header.frame.minY : header.frame.minX
        let length = isVertical ? header.size.height : header.size.width
        let position = min(max(natural, visibleStart), flow.itemsEnd - length)
        guard position != natural, let moved = header.copy() as? UICollectionViewLayoutAttributes else { return header }
        var frame = header.frame
        if isVertical { frame.origin.y = position } else { frame.origin.x = position }
        moved.frame = frame
        moved.zIndex = Self.pinnedHeaderZIndex
        return moved
    }
}
