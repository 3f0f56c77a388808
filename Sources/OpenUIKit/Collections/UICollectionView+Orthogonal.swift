// UICollectionView+Orthogonal: sections that scroll across the layout's axis on their own. Each
// such section in view gets a scroll view of its own inside the collection view, spanning its
// groups; the section's cells live in it, placed by the layout's frames less the scroller's
// origin, so the scroller's pan, deceleration, rubber band and snapping move them.
//
// Audited against: UICollectionLayoutSectionOrthogonalScrollingBehavior docs and
//   NSCollectionLayoutSection.visibleItemsInvalidationHandler docs (see OrthogonalSection.swift);
//   UIScrollView docs for the scroller's motion.
// Status: complete for scrolling, snapping, reuse, hit testing and the visible-items handler.
//   Choices (OrthogonalSection.swift keeps the rules): scrollers exist only for orthogonal
//   sections in view (spares reused, at most `spareScrollerLimit`); a section scrolled out of
//   view keeps its offset across and finds it again when it comes back; `reloadData()` puts
//   every section back at its start. `scrollToItem(at:at:animated:)` scrolls the item's
//   section across and the collection view along. Missing: an animated layout change does not move cells between scrollers until it
//   ends (the next layout pass does).

import Foundation
import KinemaSupport
import OpenCoreGraphics
import OpenQuartzCore

/// The scroll view an orthogonal section's cells live in.
final class OrthogonalScrollView: UIScrollView {
    /// The collection view the section belongs to.
    weak var owner: UICollectionView?
    /// The section's geometry (its frame, content and groups).
    var geometry: OrthogonalSectionGeometry?
    /// Set while the collection view places the scroller (no layout request for that).
    var isConfiguring = false

    /// A scroll of the section lays the collection view out again (its cells are the
    /// collection view's to show).
    override func didChangeContentOffset() {
        super.didChangeContentOffset()
        if !isConfiguring { owner?.setNeedsLayout() }
    }

    /// The section's behaviour decides where a flick rests (OrthogonalSectionGeometry).
    override func restingOffset(forProposed proposed: CGPoint, velocity: CGPoint) -> CGPoint {
        guard let geometry else { return proposed }
        let range = offsetRange
        if geometry.scrollsHorizontally {
            return CGPoint(x: geometry.restingOffset(proposed: proposed.x, dragStart: dragOrigin.x, visibleLength: bounds.width,
                                                     range: CGFloat(range.x.lowerBound)...CGFloat(range.x.upperBound)), y: proposed.y)
        }
        return CGPoint(x: proposed.x, y: geometry.restingOffset(proposed: proposed.y, dragStart: dragOrigin.y, visibleLength: bounds.height,
                                                                range: CGFloat(range.y.lowerBound)...CGFloat(range.y.upperBound)))
    }

    /// The section's offset along its scrolling axis.
    var offsetAcross: CGFloat {
        get { (geometry?.scrollsHorizontally ?? true) ? contentOffset.x : contentOffset.y }
        set { contentOffset = (geometry?.scrollsHorizontally ?? true) ? CGPoint(x: newValue, y: 0) : CGPoint(x: 0, y: newValue) }
    }

    /// The part of the section's content in view, in layout coordinates, limited along the
    /// layout's axis to `visible` (the collection view's bounds).
    func visibleLayoutRect(within visible: CGRect) -> CGRect {
        let shown = bounds.offsetBy(dx: frame.minX, dy: frame.minY)
        guard let geometry else { return shown }
        if geometry.scrollsHorizontally {
            let top = max(shown.minY, visible.minY), bottom = min(shown.maxY, visible.maxY)
            return bottom > top ? CGRect(x: shown.minX, y: top, width: shown.width, height: bottom - top) : .null
        }
        let left = max(shown.minX, visible.minX), right = min(shown.maxX, visible.maxX)
        return right > left ? CGRect(x: left, y: shown.minY, width: right - left, height: shown.height) : .null
    }
}

extension UICollectionView {
    /// The most spare orthogonal scrollers kept for sections coming into view.
    static let spareScrollerLimit = 4

    /// Gives each orthogonal section in view its scroller (kept, a spare, or a new one) placed
    /// over its groups; scrollers of sections that left view keep the section's offset and go
    /// to the spares.
    func syncOrthogonalScrollers() {
        let sections = layout.orthogonalSections
        guard !sections.isEmpty || !orthogonalScrollers.isEmpty else { return }
        let bounds = self.bounds
        var shown: [Int: OrthogonalScrollView] = [:]
        for geometry in sections where geometry.groupCount > 0 && shown[geometry.section] == nil {
            let inView = geometry.scrollsHorizontally
                ? geometry.frame.maxY > bounds.minY && geometry.frame.minY < bounds.maxY
                : geometry.frame.maxX > bounds.minX && geometry.frame.minX < bounds.maxX
            guard inView else { continue }
            if let scroller = orthogonalScrollers.removeValue(forKey: geometry.section) {
                place(scroller, geometry)
                shown[geometry.section] = scroller
            } else {
                let scroller = spareOrthogonalScrollers.popLast() ?? makeOrthogonalScroller()
                place(scroller, geometry)
                scroller.isConfiguring = true
                scroller.offsetAcross = orthogonalOffsets.removeValue(forKey: geometry.section) ?? 0
                scroller.contentOffset = scroller.clampedOffset(scroller.contentOffset)
                scroller.isConfiguring = false
                insertSubview(scroller, at: backgroundView == nil ? 0 : 1)
                shown[geometry.section] = scroller
            }
        }
        for (section, scroller) in orthogonalScrollers {
            scroller.stopMotion()
            orthogonalOffsets[section] = scroller.offsetAcross
            scroller.removeFromSuperview()
            scroller.geometry = nil
            if spareOrthogonalScrollers.count < Self.spareScrollerLimit { spareOrthogonalScrollers.append(scroller) }
        }
        orthogonalScrollers = shown
    }

    private func makeOrthogonalScroller() -> OrthogonalScrollView {
        let scroller = OrthogonalScrollView(frame: .zero)
        scroller.owner = self
        scroller.showsHorizontalScrollIndicator = false
        scroller.showsVerticalScrollIndicator = false
        scroller.clipsToBounds = false
        return scroller
    }

    /// Puts a scroller over `geometry`'s groups with its content and behaviour.
    private func place(_ scroller: OrthogonalScrollView, _ geometry: OrthogonalSectionGeometry) {
        scroller.isConfiguring = true
        defer { scroller.isConfiguring = false }
        if scroller.geometry != geometry {
            scroller.geometry = geometry
            if scroller.frame != geometry.frame { scroller.frame = geometry.frame }
            if scroller.contentSize != geometry.contentSize { scroller.contentSize = geometry.contentSize }
            scroller.isPagingEnabled = geometry.behavior == .paging
            let groupPaging = geometry.behavior == .groupPaging || geometry.behavior == .groupPagingCentered
            scroller.decelerationRate = groupPaging ? .fast : .normal
        }
        if !scroller.isDragging, scroller.motion == nil {
            let clamped = scroller.clampedOffset(scroller.contentOffset)
            if clamped != scroller.contentOffset { scroller.contentOffset = clamped }
        }
    }

    /// Every orthogonal section back at its start (`reloadData()`).
    func resetOrthogonalOffsets() {
        orthogonalOffsets.removeAll()
        for scroller in orthogonalScrollers.values {
            scroller.stopMotion()
            scroller.isConfiguring = true
            scroller.contentOffset = .zero
            scroller.isConfiguring = false
        }
    }

    /// The view an element's view goes in: its section's scroller for a cell of an orthogonal
    /// section in view, else the collection view.
    func container(for key: ElementKey) -> UIView {
        if !orthogonalScrollers.isEmpty, key.category == .cell, let scroller = orthogonalScrollers[key.indexPath.section] {
            return scroller
        }
        return self
    }

    /// The elements to show: the layout's in the bounds, except that an orthogonal section's
    /// cells are the layout's in its scroller's view; then the sections' visible-item handlers.
    func visibleElements() -> [ElementKey: UICollectionViewLayoutAttributes] {
        var wanted = wantedElements(in: bounds)
        let sections = layout.orthogonalSections
        if !sections.isEmpty {
            let orthogonal = Set(sections.map(\.section))
            wanted = wanted.filter { !($0.key.category == .cell && orthogonal.contains($0.key.indexPath.section)) }
            for (section, scroller) in orthogonalScrollers {
                let rect = scroller.visibleLayoutRect(within: bounds)
                guard !rect.isNull else { continue }
                for (key, attributes) in wantedElements(in: rect).inKeyOrder where key.category == .cell && key.indexPath.section == section {
                    wanted[key] = attributes
                }
            }
        }
        layout.adjustVisibleElements(&wanted) { section in self.scrollOffset(ofSection: section) }
        return wanted
    }

    /// The offset a section is seen at: across, its scroller's (or the one it keeps out of
    /// view); along, the collection view's.
    func scrollOffset(ofSection section: Int) -> CGPoint {
        let offset = contentOffset
        guard let geometry = orthogonalScrollers[section]?.geometry ?? layout.orthogonalSections.first(where: { $0.section == section }) else {
            return offset
        }
        let across = orthogonalScrollers[section]?.offsetAcross ?? orthogonalOffsets[section] ?? 0
        return geometry.scrollsHorizontally ? CGPoint(x: across, y: offset.y) : CGPoint(x: offset.x, y: across)
    }

    /// Where a view's centre goes for `attributes`: layout coordinates less the origin of the
    /// scroller it lives in (if any).
    func placedCenter(_ attributes: UICollectionViewLayoutAttributes, in container: UIView?) -> CGPoint {
        guard let scroller = container as? OrthogonalScrollView else { return attributes.center }
        let origin = scroller.frame.origin
        return CGPoint(x: attributes.center.x - origin.x, y: attributes.center.y - origin.y)
    }

    /// `scrollToItem` for an item of an orthogonal section: the section's scroller (or the
    /// offset it will come back to, out of view) moves across to put `frame` (layout
    /// coordinates) at `position`'s across part, or just into view without one. Returns whether
    /// the section scrolls horizontally (true) or vertically, nil for a section that is not orthogonal.
    func scrollSectionAcross(toItemFrame frame: CGRect, section: Int, at position: ScrollPosition, animated: Bool) -> Bool? {
        guard let geometry = layout.orthogonalSections.first(where: { $0.section == section }) else { return nil }
        let horizontal = geometry.scrollsHorizontally
        let length = horizontal ? geometry.frame.width : geometry.frame.height
        let low = horizontal ? frame.minX - geometry.frame.minX : frame.minY - geometry.frame.minY
        let high = horizontal ? frame.maxX - geometry.frame.minX : frame.maxY - geometry.frame.minY
        let scroller = orthogonalScrollers[section]
        let current = scroller?.offsetAcross ?? orthogonalOffsets[section] ?? 0
        let leading: ScrollPosition = horizontal ? .left : .top
        let centred: ScrollPosition = horizontal ? .centeredHorizontally : .centeredVertically
        let trailing: ScrollPosition = horizontal ? .right : .bottom
        var target = current
        if position.contains(leading) {
            target = low
        } else if position.contains(centred) {
            target = (low + high) / 2 - length / 2
        } else if position.contains(trailing) {
            target = high - length
        } else if low < current {
            target = low
        } else if high > current + length {
            target = high - length
        }
        target = min(max(target, 0), max(geometry.contentLength - length, 0))
        if let scroller {
            let offset = horizontal ? CGPoint(x: target, y: 0) : CGPoint(x: 0, y: target)
            scroller.setContentOffset(offset, animated: animated)
        } else {
            orthogonalOffsets[section] = target
        }
        return horizontal
    }

    /// The orthogonal section in view whose scroller is under `point` (content coordinates),
    /// and the point in layout coordinates of its scrolled content.
    func orthogonalSection(at point: CGPoint) -> (section: Int, layoutPoint: CGPoint)? {
        for (section, scroller) in orthogonalScrollers where scroller.frame.contains(point) {
            let offset = scroller.contentOffset
            return (section, CGPoint(x: point.x + offset.x, y: point.y + offset.y))
        }
        return nil
    }
}
