// UICollectionViewCompositionalLayout+Groups: a group's slots — the frames of the cells one
// repetition of a group holds, nested groups expanded — worked out once per section.
//
// Audited against: NSCollectionLayoutGroup and NSCollectionLayoutItem docs (see
//   NSCollectionLayoutItem.swift for the rules and Kinema's choices).
// Status: complete for horizontal and vertical groups. Bad input (an empty group, a count
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
        let spacing = group.interItemSpacing?.resolved("interItemSpacing") ?? 0
        var placed: [(item: NSCollectionLayoutItem, size: CGSize)] = []
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
            var itemSize = first.layoutSize.resolve(in: area.size, "a group's subitem")
            if case .equallySized = group.arrangement {
                let length = max((along(area.size) - spacing * CGFloat(count - 1)) / CGFloat(count), 0)
                if horizontal { itemSize.width = length } else { itemSize.height = length }
            }
            placed = Array(repeating: (first, itemSize), count: count)
        case .repeatingWhileFits:
            let sizes = group.subitems.map { $0.layoutSize.resolve(in: area.size, "a group's subitem") }
            var used: CGFloat = 0
            var index = 0
            while placed.count < Self.maximumSubitemsPerGroup {
                let position = index % sizes.count
                let next = placed.isEmpty ? along(sizes[position]) : used + spacing + along(sizes[position])
                if !placed.isEmpty, next > along(area.size) + 1e-9 { break }
                placed.append((group.subitems[position], sizes[position]))
                used = next
                index += 1
                // Items of no length with no spacing would fit forever: one round of them is all.
                if index == sizes.count, used <= 0 { break }
            }
        }
        var extra: CGFloat = 0
        if group.interItemSpacing?.isFlexibleSpacing == true, placed.count > 1 {
            let used = placed.reduce(0) { $0 + along($1.size) } + spacing * CGFloat(placed.count - 1)
            extra = max(along(area.size) - used, 0) / CGFloat(placed.count - 1)
        }
        var frames: [CGRect] = []
        var position: CGFloat = 0
        for (item, itemSize) in placed {
            let origin = horizontal ? CGPoint(x: area.minX + position, y: area.minY)
                                    : CGPoint(x: area.minX, y: area.minY + position)
            if let nested = item as? NSCollectionLayoutGroup {
                frames += slots(of: nested, size: itemSize).map { $0.offsetBy(dx: origin.x, dy: origin.y) }
            } else {
                frames.append(CGRect(origin: origin, size: itemSize).insetClamped(by: item.contentInsets))
            }
            position += along(itemSize) + spacing + extra
        }
        return frames
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
