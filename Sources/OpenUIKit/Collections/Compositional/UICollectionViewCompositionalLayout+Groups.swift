// UICollectionViewCompositionalLayout+Groups: a group's slots — the frames of the cells one
// repetition of a group holds, nested groups expanded — worked out once per section.
//
// Audited against: NSCollectionLayoutGroup and NSCollectionLayoutItem docs (see
//   NSCollectionLayoutItem.swift for the rules and Kinema's choices).
// Status: complete for horizontal and vertical groups, edge spacing included. Choices where
//   Apple documents nothing: an item's edge spacing counts toward whether it fits; flexible
//   spacings — between items and at items' edges — share the group's spare length equally; a
//   section's top-level group's own edgeSpacing is not applied. Bad input (an empty group, a count
//   below 1, NaN or negative sizes and spacings) gets a diagnostic and lays out nothing or 0.

import Foundation
import KinemaSupport
import OpenCoreGraphics

extension UICollectionViewCompositionalLayout {
    /// The most subitems one group may hold (a group of zero-length items with no spacing would
    /// otherwise never fill): a bound far above any screen's worth.
    static let maximumSubitemsPerGroup = 10_000

    /// The cell frames of one repetition of `group` at `size`, relative to the group's origin,
    /// in item order (nested groups' cells in their place in that order).
    func slots(of group: NSCollectionLayoutGroup, size: CGSize) -> [CGRect] {
        let area = CGRect(origin: .zero, size: size).insetClamped(by: group.contentInsets)
        let horizontal = group.axis == .horizontal
        func along(_ size: CGSize) -> CGFloat { horizontal ? size.width : size.height }
        func across(_ size: CGSize) -> CGFloat { horizontal ? size.height : size.width }
        let spacing = group.interItemSpacing?.resolved("interItemSpacing") ?? 0
        var placed: [(item: NSCollectionLayoutItem, size: CGSize, edges: EdgeRoom)] = []
        guard let first = group.subitems.first else {
            KinemaDiagnostics.emit("NSCollectionLayoutGroup", "a group has no subitems; it holds no items")
            return []
        }
        switch group.arrangement {
        case .equallySized(let count), .repeated(let count):
            guard count >= 1 else {
                KinemaDiagnostics.emit("NSCollectionLayoutGroup", "a group's count is \(count); it holds no items")
                return []
            }
            let count = min(count, Self.maximumSubitemsPerGroup)
            let edges = EdgeRoom(first.edgeSpacing, horizontal: horizontal)
            var itemSize = first.layoutSize.resolve(in: area.size, "a group's subitem")
            if case .equallySized = group.arrangement {
                let room = spacing * CGFloat(count - 1) + edges.alongMinimum * CGFloat(count)
                let length = max((along(area.size) - room) / CGFloat(count), 0)
                if horizontal { itemSize.width = length } else { itemSize.height = length }
            }
            placed = Array(repeating: (first, itemSize, edges), count: count)
        case .repeatingWhileFits:
            let sizes = group.subitems.map { $0.layoutSize.resolve(in: area.size, "a group's subitem") }
            let edges = group.subitems.map { EdgeRoom($0.edgeSpacing, horizontal: horizontal) }
            var used: CGFloat = 0
            var index = 0
            while placed.count < Self.maximumSubitemsPerGroup {
                let position = index % sizes.count
                let length = along(sizes[position]) + edges[position].alongMinimum
                let next = placed.isEmpty ? length : used + spacing + length
                if !placed.isEmpty, next > along(area.size) + 1e-9 { break }
                placed.append((group.subitems[position], sizes[position], edges[position]))
                used = next
                index += 1
                // Items of no length with no spacing would fit forever: one round of them is all.
                if index == sizes.count, used <= 0 { break }
            }
        }
        // Flexible spacings (between items and at their edges) share the spare length equally.
        let flexibleGaps = (group.interItemSpacing?.isFlexibleSpacing == true ? max(placed.count - 1, 0) : 0)
            + placed.reduce(0) { $0 + $1.edges.flexibleCount }
        var extra: CGFloat = 0
        if flexibleGaps > 0 {
            let used = placed.reduce(0) { $0 + along($1.size) + $1.edges.alongMinimum } + spacing * CGFloat(max(placed.count - 1, 0))
            extra = max(along(area.size) - used, 0) / CGFloat(flexibleGaps)
        }
        let gap = spacing + (group.interItemSpacing?.isFlexibleSpacing == true ? extra : 0)
        var frames: [CGRect] = []
        var position: CGFloat = 0
        for (item, itemSize, edges) in placed {
            position += edges.lead.minimum + (edges.lead.flexible ? extra : 0)
            let cross = edges.crossOffset(spare: across(area.size) - across(itemSize))
            let origin = horizontal ? CGPoint(x: area.minX + position, y: area.minY + cross)
                                    : CGPoint(x: area.minX + cross, y: area.minY + position)
            if let nested = item as? NSCollectionLayoutGroup {
                frames += slots(of: nested, size: itemSize).map { $0.offsetBy(dx: origin.x, dy: origin.y) }
            } else {
                frames.append(CGRect(origin: origin, size: itemSize).insetClamped(by: item.contentInsets))
            }
            position += along(itemSize) + edges.trail.minimum + (edges.trail.flexible ? extra : 0) + gap
        }
        return frames
    }
}

/// An item's edge spacing in a group: before and after it along the group's axis, and on the
/// two sides across it.
@MainActor
struct EdgeRoom {
    @MainActor
    struct Side {
        var minimum: CGFloat = 0
        var flexible = false
        init(_ spacing: NSCollectionLayoutSpacing?) {
            guard let spacing else { return }
            minimum = spacing.resolved("edgeSpacing")
            flexible = spacing.isFlexibleSpacing
        }
    }
    var lead, trail, crossLead, crossTrail: Side

    init(_ edges: NSCollectionLayoutEdgeSpacing?, horizontal: Bool) {
        lead = Side(horizontal ? edges?.leading : edges?.top)
        trail = Side(horizontal ? edges?.trailing : edges?.bottom)
        crossLead = Side(horizontal ? edges?.top : edges?.leading)
        crossTrail = Side(horizontal ? edges?.bottom : edges?.trailing)
    }

    var alongMinimum: CGFloat { lead.minimum + trail.minimum }
    var flexibleCount: Int { (lead.flexible ? 1 : 0) + (trail.flexible ? 1 : 0) }

    /// Where the item sits across the group: after its fixed leading room; centred in the spare
    /// room when both sides are flexible, pushed to the far side when only the leading one is.
    func crossOffset(spare: CGFloat) -> CGFloat {
        let room = max(spare - crossLead.minimum - crossTrail.minimum, 0)
        switch (crossLead.flexible, crossTrail.flexible) {
        case (true, true): return crossLead.minimum + room / 2
        case (true, false): return crossLead.minimum + room
        default: return crossLead.minimum
        }
    }
}

extension CGRect {
    /// The rectangle shrunk by directional insets (left-to-right), never below zero size; NaN
    /// insets count as 0.
    func insetClamped(by insets: NSDirectionalEdgeInsets) -> CGRect {
        func clean(_ value: CGFloat) -> CGFloat {
            guard value.isFinite else {
                KinemaDiagnostics.emit("NSDirectionalEdgeInsets", "a content inset is \(value); used 0")
                return 0
            }
            return value
        }
        let leading = clean(insets.leading), trailing = clean(insets.trailing)
        let top = clean(insets.top), bottom = clean(insets.bottom)
        return CGRect(x: minX + leading, y: minY + top,
                      width: max(width - leading - trailing, 0), height: max(height - top - bottom, 0))
    }
}
