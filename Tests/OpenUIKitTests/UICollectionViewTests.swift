// UICollectionView with a flow layout: the frames of the flow layout (both directions, insets,
// spacings, headers, pinned headers), real reuse while scrolling, and the helpers the other
// collection view suites share.
//
// Audited against: UICollectionViewFlowLayout docs (defaults, lines, insets, headers and footers,
//   sectionHeadersPinToVisibleBounds); UICollectionView docs (reuse, queries, scrollToItem);
//   UICollectionViewLayout docs (prepare() after invalidation, decoration views).
// Status: complete for what the suite names; the line-alignment expectations are Kinema's
//   documented choices (docs/UIKIT.md, Collection views), not Apple-documented numbers.

import Foundation
import Kinema
import Testing
@testable import OpenUIKit

/// A data source of `counts` items per section that logs what the collection view asks.
@MainActor
final class GridSource: UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var sizes: [IndexPath: CGSize] = [:]
    var log: [String] = []
    var cellRequests = 0
    var identifier = "cell"
    /// The collection view holds its data source weakly: the tests' sources live for the run.
    static var alive: [GridSource] = []
    init(_ counts: [Int]) {
        self.counts = counts
        Self.alive.append(self)
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        cellRequests += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        cell.tag = indexPath.section * 10_000 + indexPath.item
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizes[indexPath] ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        log.append("shouldHighlight \(indexPath.item)"); return true
    }
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) { log.append("didHighlight \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) { log.append("didUnhighlight \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        log.append("shouldSelect \(indexPath.item)"); return true
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { log.append("didSelect \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { log.append("didDeselect \(indexPath.item)") }
}

/// A flow layout of 100 × 100 items, spacing 10, in a 320 × 568 collection view on a stage.
@MainActor
func collectionStage(_ counts: [Int] = [1000], layout: UICollectionViewLayout? = nil,
                     configure: (UICollectionViewFlowLayout) -> Void = { _ in }) -> (Stage, UICollectionView, GridSource) {
    let stage = Stage(size: CGSize(width: 320, height: 568), scale: 1, threads: 1)
    let flow = UICollectionViewFlowLayout()
    flow.itemSize = CGSize(width: 100, height: 100)
    configure(flow)
    let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: layout ?? flow)
    let source = GridSource(counts)
    stage.withClock {
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionElementKindSectionHeader, withReuseIdentifier: "header")
        collectionView.dataSource = source
        collectionView.delegate = source
        stage.window.addSubview(collectionView)
        stage.turn(to: 0)
    }
    return (stage, collectionView, source)
}

@MainActor
func frameOf(_ collectionView: UICollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
    collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
}

@Suite("UICollectionView and UICollectionViewFlowLayout")
@MainActor
struct UICollectionViewTests {
    @Test("vertical lines: justified full lines, a last line aligned to the columns, a lone item centred")
    func verticalFrames() {
        let (_, collectionView, _) = collectionStage([7, 1]) { flow in
            flow.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        }
        // 300 pt across: two items per line (100 + 10 + 100 + 10 + 100 > 300), spread to the edges.
        #expect(frameOf(collectionView, 0) == CGRect(x: 10, y: 10, width: 100, height: 100))
        #expect(frameOf(collectionView, 1) == CGRect(x: 210, y: 10, width: 100, height: 100))
        #expect(frameOf(collectionView, 2) == CGRect(x: 10, y: 120, width: 100, height: 100))
        #expect(frameOf(collectionView, 6) == CGRect(x: 10, y: 340, width: 100, height: 100))
        // Section 0 ends at 10 + 4 lines + 3 spacings + 10 = 450; section 1's one item, after its
        // 10 pt inset, is centred.
        #expect(frameOf(collectionView, 0, 1) == CGRect(x: 110, y: 460, width: 100, height: 100))
        #expect(collectionView.contentSize == CGSize(width: 320, height: 570))
    }

    @Test("items of different heights are centred in their line; the line is as deep as the deepest")
    func mixedHeights() {
        let (_, collectionView, source) = collectionStage([4]) { flow in flow.minimumInteritemSpacing = 5 }
        source.sizes = [IndexPath(item: 0, section: 0): CGSize(width: 100, height: 40),
                        IndexPath(item: 1, section: 0): CGSize(width: 100, height: 80)]
        collectionView.collectionViewLayout.invalidateLayout()
        collectionView.layoutIfNeeded()
        // Three per line (100·3 + 5·2 = 310 ≤ 320), justified: spacing (320 − 300) / 2 = 10.
        #expect(frameOf(collectionView, 0) == CGRect(x: 0, y: 30, width: 100, height: 40))
        #expect(frameOf(collectionView, 1) == CGRect(x: 110, y: 10, width: 100, height: 80))
        #expect(frameOf(collectionView, 2) == CGRect(x: 220, y: 0, width: 100, height: 100))
        #expect(frameOf(collectionView, 3) == CGRect(x: 0, y: 110, width: 100, height: 100))
    }

    @Test("horizontal: columns fill the height, the content grows across")
    func horizontalFrames() {
        let (_, collectionView, _) = collectionStage([5]) { flow in
            flow.scrollDirection = .horizontal
            flow.itemSize = CGSize(width: 50, height: 250)
        }
        // 568 tall: two per column (250 + 10 + 250 ≤ 568), justified: 568 − 500 = 68 between.
        #expect(frameOf(collectionView, 0) == CGRect(x: 0, y: 0, width: 50, height: 250))
        #expect(frameOf(collectionView, 1) == CGRect(x: 0, y: 318, width: 50, height: 250))
        #expect(frameOf(collectionView, 2) == CGRect(x: 60, y: 0, width: 50, height: 250))
        #expect(frameOf(collectionView, 4) == CGRect(x: 120, y: 0, width: 50, height: 250))
        #expect(collectionView.contentSize == CGSize(width: 170, height: 568))
    }

    @Test("headers span the width above the inset; pinned, a header stays at the top until its section ends")
    func headersAndPinning() {
        let (stage, collectionView, _) = collectionStage([9, 9]) { flow in
            flow.headerReferenceSize = CGSize(width: 0, height: 40)
            flow.sectionInset = UIEdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
            flow.sectionHeadersPinToVisibleBounds = true
        }
        let layout = collectionView.collectionViewLayout
        let kind = UICollectionElementKindSectionHeader
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 0, width: 320, height: 40))
        #expect(frameOf(collectionView, 0) == CGRect(x: 0, y: 45, width: 100, height: 100))
        // Section 0: 40 + 5 + 3 lines (320) + 5 = 370; section 1's header at 370.
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: 1))?.frame.minY == 370)
        stage.withClock {
            collectionView.contentOffset = CGPoint(x: 0, y: 200)
            stage.turn(to: 0.1)
        }
        let header0 = collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 0))
        #expect(header0?.frame.minY == 200)
        stage.withClock {
            collectionView.contentOffset = CGPoint(x: 0, y: 350)
            stage.turn(to: 0.2)
        }
        // Pushed up by the end of its section: 370 − 40.
        #expect(collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 0))?.frame.minY == 330)
    }

    @Test("scrolling through 1000 items: only the visible cells exist, recycled through the pool")
    func reuseWhileScrolling() {
        let (stage, collectionView, source) = collectionStage([1000])
        // Three per line (300 + 20 = 320), lines every 110 pt: 568 = 5 · 110 + 18, so at most 7
        // lines meet the bounds → 21 cells.
        var most = 0
        stage.withClock {
            var y: CGFloat = 0
            var t = 0.0
            while y < collectionView.contentSize.height - 568 {
                y += 37
                t += 1.0 / 60
                collectionView.contentOffset = CGPoint(x: 0, y: y)
                stage.turn(to: t)
                let cells = collectionView.subviews.compactMap { $0 as? UICollectionViewCell }
                most = max(most, cells.count)
                #expect(cells.count == collectionView.visibleCells.count)
                #expect(collectionView.visibleCells.allSatisfy { $0.frame.intersects(collectionView.bounds) })
            }
        }
        #expect(most == 21)
        #expect(collectionView.createdViewCount <= 21 + UICollectionView.reusePoolLimit)
        #expect(source.cellRequests > 900)   // every item was shown once on the way down
        let last = collectionView.indexPathsForVisibleItems.last
        #expect(last == IndexPath(item: 999, section: 0))
        // The cell shown for an item is the one the data source configured for it.
        #expect(collectionView.visibleCells.allSatisfy { cell in collectionView.indexPath(for: cell)?.item == cell.tag })
    }

    @Test("indexPathForItem(at:), scrollToItem, visible index paths")
    func queries() {
        let (stage, collectionView, _) = collectionStage([100])
        #expect(collectionView.indexPathForItem(at: CGPoint(x: 150, y: 150)) == IndexPath(item: 4, section: 0))
        #expect(collectionView.indexPathForItem(at: CGPoint(x: 105, y: 50)) == nil)   // in the spacing
        stage.withClock {
            collectionView.scrollToItem(at: IndexPath(item: 30, section: 0), at: .top, animated: false)
            stage.turn(to: 0.1)
        }
        #expect(collectionView.contentOffset.y == 1100)   // line 10
        #expect(collectionView.indexPathsForVisibleItems.first == IndexPath(item: 30, section: 0))
    }

    @Test("footers follow the bottom inset; decoration views come from the layout's registered class, behind the cells")
    func footersAndDecorations() throws {
        let layout = ShelfLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.footerReferenceSize = CGSize(width: 0, height: 30)
        layout.sectionInset = UIEdgeInsets(top: 0, left: 0, bottom: 8, right: 0)
        layout.register(ShelfView.self, forDecorationViewOfKind: "shelf")
        let (stage, collectionView, _) = collectionStage([4], layout: layout)
        stage.withClock {
            collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionElementKindSectionFooter, withReuseIdentifier: "header")
            collectionView.reloadData()
            stage.turn(to: 0.1)
        }
        // Two lines (0 and 110), the inset, then the footer at 218.
        let footer = try #require(collectionView.supplementaryView(forElementKind: UICollectionElementKindSectionFooter, at: IndexPath(item: 0, section: 0)))
        #expect(footer.frame == CGRect(x: 0, y: 218, width: 320, height: 30))
        #expect(collectionView.contentSize.height == 248)
        let shelves = collectionView.subviews.compactMap { $0 as? ShelfView }
        #expect(shelves.count == 2)
        #expect(shelves.map(\.frame.minY).sorted() == [90, 200])
        #expect(shelves.allSatisfy { $0.layer.zPosition == -1 })
    }

    @Test("prepare() runs once per invalidation, and on scrolls only when shouldInvalidateLayout(forBoundsChange:) says so")
    func invalidation() {
        let layout = CountingLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let (stage, collectionView, _) = collectionStage([300], layout: layout)
        #expect(layout.prepares == 1)
        stage.withClock {
            for step in 1...5 {
                collectionView.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 40)
                stage.turn(to: Double(step) / 60)
            }
        }
        #expect(layout.prepares == 1)   // a scroll does not change the flow layout's width
        layout.invalidatesOnScroll = true
        stage.withClock {
            collectionView.contentOffset = CGPoint(x: 0, y: 400)
            stage.turn(to: 0.2)
            layout.invalidateLayout()
            layout.invalidateLayout()
            stage.turn(to: 0.3)
        }
        #expect(layout.prepares == 3)   // the scroll, then the two invalidations in one pass
        let context = UICollectionViewLayoutInvalidationContext()
        context.contentOffsetAdjustment = CGPoint(x: 0, y: 25)
        stage.withClock {
            layout.invalidatesOnScroll = false
            layout.invalidateLayout(with: context)
            stage.turn(to: 0.4)
        }
        #expect(collectionView.contentOffset.y == 425)
        #expect(layout.prepares == 4)
    }
}

/// A flow layout counting its prepare() calls, optionally invalidated by every bounds change.
@MainActor
final class CountingLayout: UICollectionViewFlowLayout {
    var prepares = 0
    var invalidatesOnScroll = false
    override func prepare() {
        super.prepare()
        prepares += 1
    }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        invalidatesOnScroll || super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
}

/// A view drawn under each line of a ShelfLayout.
final class ShelfView: UICollectionReusableView {}

/// A flow layout with a 10 pt "shelf" decoration view under each 100 pt line.
@MainActor
final class ShelfLayout: UICollectionViewFlowLayout {
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var all = super.layoutAttributesForElements(in: rect) ?? []
        for line in 0..<2 {
            let shelf = UICollectionViewLayoutAttributes(forDecorationViewOfKind: "shelf", with: IndexPath(item: line, section: 0))
            shelf.frame = CGRect(x: 0, y: CGFloat(line) * 110 + 90, width: 320, height: 10)
            shelf.zIndex = -1
            if shelf.frame.intersects(rect) { all.append(shelf) }
        }
        return all
    }
}
