// Orthogonal sections of a compositional layout scrolling on their own: drags across move the
// section and not the collection view, drags along move the collection view, each behaviour's
// resting place, reuse across a long row, offsets kept out of view and reset by reloadData,
// taps on a scrolled row, the visible-items handler, the layout's target offset asked before
// the delegate, and a frame rendered.
//
// Audited against: UICollectionLayoutSectionOrthogonalScrollingBehavior docs;
//   NSCollectionLayoutSection.visibleItemsInvalidationHandler docs; UIScrollViewDelegate docs
//   (scrollViewWillEndDragging's target); UICollectionViewLayout docs
//   (targetContentOffset(forProposedContentOffset:withScrollingVelocity:)). The resting
//   places are Kinema's documented rules (OrthogonalSection.swift), worked out by hand here.

import Foundation
import Kinema
import Testing
@testable import OpenUIKit

/// Section 0: a row of 140 × 100 groups, 10 apart, scrolling across with `behavior`;
/// section 1: full-width rows 50 deep.
@MainActor
private func rowLayout(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior, leading: CGFloat = 0,
                       handler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler? = nil) -> UICollectionViewCompositionalLayout {
    UICollectionViewCompositionalLayout { index, _ in
        let full = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        guard index == 0 else {
            return NSCollectionLayoutSection(group: .horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                                                                subitems: [full]))
        }
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(140), heightDimension: .absolute(100)),
                                                       subitems: [full])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = behavior
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: leading, bottom: 0, trailing: leading)
        section.visibleItemsInvalidationHandler = handler
        return section
    }
}

/// Where a cell shows, in the collection view's content coordinates.
@MainActor
private func shownFrame(_ collectionView: UICollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
    guard let cell = collectionView.cellForItem(at: IndexPath(item: item, section: section)) else { return nil }
    return cell.convert(cell.bounds, to: collectionView)
}

@MainActor
private func visibleItems(_ collectionView: UICollectionView, section: Int) -> [Int] {
    collectionView.indexPathsForVisibleItems.filter { $0.section == section }.map(\.item)
}

/// Records what a scroll view delegate is told at the release.
@MainActor
private final class ReleaseRecorder: NSObject, UICollectionViewDelegate {
    var proposed: CGPoint?
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        proposed = targetContentOffset.pointee
    }
}

/// Snaps vertical flicks to multiples of 200 pt.
@MainActor
private final class TwoHundredLayout: UICollectionViewFlowLayout {
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                      withScrollingVelocity velocity: CGPoint) -> CGPoint {
        CGPoint(x: proposedContentOffset.x, y: (proposedContentOffset.y / 200).rounded() * 200)
    }
}

/// A cell filled red, green or blue by its tag (the item number, set at dequeue).
@MainActor
final class TintCell: UICollectionViewCell {
    static let colors: [UIColor] = [UIColor(red: 1, green: 0, blue: 0, alpha: 1), UIColor(red: 0, green: 1, blue: 0, alpha: 1),
                                    UIColor(red: 0, green: 0, blue: 1, alpha: 1)]
    static let pixels = [PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255), PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255),
                         PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255)]
    override var tag: Int {
        didSet { contentView.backgroundColor = Self.colors[abs(tag) % 3] }
    }
}

@Suite("Orthogonal sections")
@MainActor
struct OrthogonalScrollingTests {
    @Test("a flick across the row scrolls the section in its own scroller, never the collection view")
    func flickAcross() throws {
        let (stage, collectionView, _) = collectionStage([20, 30], layout: rowLayout(.continuous))
        let scroller = try #require(collectionView.orthogonalScrollers[0])
        #expect(scroller.frame == CGRect(x: 0, y: 0, width: 320, height: 100))
        #expect(scroller.contentSize == CGSize(width: 20 * 150 - 10, height: 100))
        #expect(collectionView.cellForItem(at: IndexPath(item: 0, section: 0))?.superview === scroller)
        #expect(collectionView.cellForItem(at: IndexPath(item: 0, section: 1))?.superview === collectionView)
        var alongMoved = false
        stage.withClock {
            stage.drag(from: CGPoint(x: 250, y: 50), to: CGPoint(x: 150, y: 50), duration: 0.1)
            for step in 1...300 {
                stage.turn(to: Double(step) / 60)
                if collectionView.contentOffset != .zero { alongMoved = true }
            }
        }
        #expect(!alongMoved)
        #expect(!scroller.isDecelerating)
        let x = scroller.contentOffset.x
        #expect(x > 300)
        // What is shown is the layout's frames less the section's offset.
        let first = Int((x / 150).rounded(.down))
        #expect(visibleItems(collectionView, section: 0).first == first)
        let frame = try #require(shownFrame(collectionView, first))
        #expect(abs(frame.minX - (CGFloat(first) * 150 - x)) < 1e-9 && frame.minY == 0 && frame.size == CGSize(width: 140, height: 100))
        // The list below does not move across.
        #expect(shownFrame(collectionView, 0, 1) == CGRect(x: 0, y: 100, width: 320, height: 50))
    }

    @Test("a drag up over the row scrolls the collection view, not the section")
    func dragAlong() throws {
        let (stage, collectionView, _) = collectionStage([20, 30], layout: rowLayout(.continuous))
        let scroller = try #require(collectionView.orthogonalScrollers[0])
        stage.withClock {
            stage.drag(from: CGPoint(x: 160, y: 90), to: CGPoint(x: 150, y: 10), duration: 0.5)
            stage.run(until: 0.55)
        }
        // Held still at the end: travel 80.6 less the 10 pt slop, along y only (the content is
        // as wide as the collection view, so only y scrolls).
        #expect(scroller.contentOffset == .zero)
        #expect(collectionView.contentOffset.x == 0)
        #expect(collectionView.contentOffset.y > 60 && collectionView.contentOffset.y < 80)
    }

    @Test("each behaviour's resting place after the same flick", arguments: [
        (UICollectionLayoutSectionOrthogonalScrollingBehavior.groupPaging, 150.0),
        (.groupPagingCentered, 60.0),   // group 1's centre (150 + 70) at the scroller's centre (160)
        (.paging, 320.0),
    ])
    func restingPlaces(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior, _ expected: Double) throws {
        let (stage, collectionView, _) = collectionStage([20, 30], layout: rowLayout(behavior))
        let scroller = try #require(collectionView.orthogonalScrollers[0])
        stage.withClock {
            stage.drag(from: CGPoint(x: 250, y: 50), to: CGPoint(x: 50, y: 50), duration: 0.1)
            stage.run(until: 5)
        }
        // A fast flick of 200 pt still moves one group (one page) only.
        #expect(abs(scroller.contentOffset.x - expected) < 1e-6)
        #expect(collectionView.contentOffset == .zero)
    }

    @Test("continuousGroupLeadingBoundary rests on a group's leading edge, after the leading inset")
    func leadingBoundary() throws {
        let (stage, collectionView, _) = collectionStage([20, 30], layout: rowLayout(.continuousGroupLeadingBoundary, leading: 16))
        let scroller = try #require(collectionView.orthogonalScrollers[0])
        stage.withClock {
            stage.drag(from: CGPoint(x: 250, y: 50), to: CGPoint(x: 150, y: 50), duration: 0.1)
            stage.run(until: 5)
        }
        let x = scroller.contentOffset.x
        #expect(x >= 300)
        #expect(abs(x / 150 - (x / 150).rounded()) < 1e-9)
        // Group n's leading edge sits 16 pt in from the collection view's edge.
        let n = Int((x / 150).rounded())
        #expect(shownFrame(collectionView, n).map { abs($0.minX - 16) < 1e-9 } == true)
    }

    @Test("a slow drag with groupPaging settles back on the group it began on")
    func slowGroupPaging() throws {
        let (stage, collectionView, _) = collectionStage([20, 30], layout: rowLayout(.groupPaging))
        let scroller = try #require(collectionView.orthogonalScrollers[0])
        stage.withClock {
            stage.drag(from: CGPoint(x: 250, y: 50), to: CGPoint(x: 200, y: 50), duration: 1)
            stage.run(until: 1.2)
            stage.run(until: 4)
        }
        #expect(scroller.contentOffset.x == 0)
    }

    @Test("reuse across a row of 1,000: only the cells in view plus the pool")
    func reuseAcross() throws {
        let (stage, collectionView, source) = collectionStage([1000, 30], layout: rowLayout(.continuous))
        let scroller = try #require(collectionView.orthogonalScrollers[0])
        var most = 0
        stage.withClock {
            var t = 0.0
            for step in 1...200 {
                t += 1.0 / 60
                scroller.contentOffset = CGPoint(x: CGFloat(step) * 37, y: 0)
                stage.turn(to: t)
                most = max(most, scroller.subviews.filter { $0 is UICollectionViewCell }.count)
            }
        }
        // 320 pt shows parts of at most 4 groups 150 apart (3 whole + 2 cut would need 330).
        #expect(most == 4 || most == 3)
        #expect(most <= 4)
        #expect(visibleItems(collectionView, section: 0) == Array(49...51).filter { CGFloat($0) * 150 < 7400 + 320 && CGFloat($0) * 150 + 140 > 7400 })
        #expect(collectionView.createdViewCount <= 4 + 11 + UICollectionView.reusePoolLimit)
        // One request per group that came into view: 7,400 pt of groups 150 apart plus the first screen.
        #expect(source.cellRequests >= 49 + 3)
    }

    @Test("a row scrolled out of view keeps its offset; reloadData puts it back at the start")
    func offsetKept() throws {
        let (stage, collectionView, _) = collectionStage([20, 30], layout: rowLayout(.continuous))
        stage.withClock {
            collectionView.orthogonalScrollers[0]?.contentOffset = CGPoint(x: 455, y: 0)
            stage.turn(to: 0.1)
            collectionView.contentOffset = CGPoint(x: 0, y: 800)
            stage.turn(to: 0.2)
        }
        #expect(collectionView.orthogonalScrollers.isEmpty)
        #expect(collectionView.subviews.allSatisfy { !($0 is OrthogonalScrollView) })
        #expect(visibleItems(collectionView, section: 0).isEmpty)
        stage.withClock {
            collectionView.contentOffset = CGPoint(x: 0, y: 50)
            stage.turn(to: 0.3)
        }
        let back = try #require(collectionView.orthogonalScrollers[0])
        #expect(back.contentOffset.x == 455)
        #expect(visibleItems(collectionView, section: 0) == [3, 4, 5])
        stage.withClock {
            collectionView.reloadData()
            stage.turn(to: 0.4)
        }
        #expect(collectionView.orthogonalScrollers[0]?.contentOffset.x == 0)
        #expect(visibleItems(collectionView, section: 0) == [0, 1, 2])
    }

    @Test("a tap on a scrolled row selects the item under the finger")
    func tapScrolled() throws {
        let (stage, collectionView, source) = collectionStage([20, 30], layout: rowLayout(.continuous))
        stage.withClock {
            collectionView.orthogonalScrollers[0]?.contentOffset = CGPoint(x: 600, y: 0)
            stage.turn(to: 0.1)
            stage.tap(at: CGPoint(x: 50, y: 50))
            stage.run(until: 0.5)
        }
        // x 50 + 600 = 650 lies in group 4 (600…740).
        #expect(collectionView.indexPathForItem(at: CGPoint(x: 50, y: 50)) == IndexPath(item: 4, section: 0))
        #expect(collectionView.indexPathForItem(at: CGPoint(x: 50, y: 120)) == IndexPath(item: 0, section: 1))
        #expect(source.log.contains("didSelect 4"))
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
    }

    @Test("visibleItemsInvalidationHandler: a carousel scaled by distance from the centre")
    func handlerCarousel() throws {
        var offsets: [CGPoint] = []
        let handler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler = { items, offset, environment in
            offsets.append(offset)
            for item in items {
                let distance = abs(item.frame.midX - offset.x - environment.container.contentSize.width / 2)
                let scale = max(1 - distance / environment.container.contentSize.width, 0.5)
                item.transform = CGAffineTransform(scaleX: scale, y: scale)
                item.alpha = scale
            }
        }
        let (stage, collectionView, _) = collectionStage([20, 30], layout: rowLayout(.continuous, handler: handler))
        stage.withClock {
            collectionView.orthogonalScrollers[0]?.contentOffset = CGPoint(x: 90, y: 0)
            stage.turn(to: 0.1)
        }
        #expect(offsets.last == CGPoint(x: 90, y: 0))
        // Item 1's centre: 150 + 70 − 90 = 130 on screen, 30 from the centre: scale 1 − 30/320.
        let cell = try #require(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        let scale = 1 - 30.0 / 320
        #expect(abs(cell.transform.a - scale) < 1e-9 && abs(cell.transform.d - scale) < 1e-9)
        #expect(abs(cell.alpha - scale) < 1e-9)
        // The layout's own attributes are untouched (the handler works on copies).
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.transform == .identity)
        // The list's rows have no handler.
        #expect(collectionView.cellForItem(at: IndexPath(item: 0, section: 1))?.transform == .identity)
    }

    @Test("the layout's targetContentOffset is asked before scrollViewWillEndDragging, which sees its answer")
    func layoutBeforeDelegate() {
        let layout = TwoHundredLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let (stage, collectionView, _) = collectionStage([300], layout: layout)
        let recorder = ReleaseRecorder()
        stage.withClock {
            collectionView.delegate = recorder
            stage.drag(from: CGPoint(x: 150, y: 500), to: CGPoint(x: 150, y: 300), duration: 0.1)
            stage.run(until: 5)
        }
        let proposed = recorder.proposed?.y ?? -1
        #expect(proposed > 200 && proposed.truncatingRemainder(dividingBy: 200) == 0)
        #expect(collectionView.contentOffset.y == proposed)
        withExtendedLifetime(recorder) {}
    }

    @Test("a carousel frame rendered: the scrolled row over the list")
    func renderRow() throws {
        let (stage, collectionView, source) = collectionStage([20, 30], layout: rowLayout(.groupPagingCentered, leading: 20))
        stage.withClock {
            collectionView.backgroundColor = .white
            collectionView.register(TintCell.self, forCellWithReuseIdentifier: "tint")
            source.identifier = "tint"
            collectionView.reloadData()
            stage.turn(to: 0.05)
            stage.drag(from: CGPoint(x: 250, y: 50), to: CGPoint(x: 150, y: 50), duration: 0.1)
            stage.run(until: 3)
        }
        let scroller = try #require(collectionView.orthogonalScrollers[0])
        // Group 1 centred: 20 + 150 + 70 − 160 = 80.
        #expect(abs(scroller.contentOffset.x - 80) < 1e-6)
        let pixmap = stage.step(to: 3)
        try? stage.writeFrame(at: 3, to: URL(fileURLWithPath: NSTemporaryDirectory() + "kinema-orthogonal-row.png"))
        // Group 1 spans 90…230 on screen; its centre pixel is its colour, the gaps are white.
        #expect(pixmap.pixel(x: 160, y: 50) == TintCell.pixels[1])
        #expect(pixmap.pixel(x: 92, y: 50) == TintCell.pixels[1])
        #expect(pixmap.pixel(x: 85, y: 50) == PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
        // Group 0's last 10 pt (… 80 on screen) and group 2 from 240.
        #expect(pixmap.pixel(x: 75, y: 50) == TintCell.pixels[0])
        #expect(pixmap.pixel(x: 245, y: 50) == TintCell.pixels[2])
    }
}

@Suite("Orthogonal sections: scrollToItem")
@MainActor
struct OrthogonalScrollToItemTests {
    @Test("scrollToItem moves the item's section across and the collection view along")
    func scrollToItem() throws {
        let (stage, collectionView, _) = collectionStage([20, 30], layout: rowLayout(.continuous))
        stage.withClock {
            collectionView.scrollToItem(at: IndexPath(item: 6, section: 0), at: [.centeredHorizontally, .top], animated: false)
            stage.turn(to: 0.1)
        }
        let scroller = try #require(collectionView.orthogonalScrollers[0])
        // Item 6 spans 900…1040: centred, the row is at 970 − 160 = 810.
        #expect(scroller.contentOffset.x == 810)
        #expect(collectionView.contentOffset == .zero)
        #expect(shownFrame(collectionView, 6) == CGRect(x: 90, y: 0, width: 140, height: 100))
        // No across position: just into view (item 2 at 300…440 is left of 810: leading edge).
        stage.withClock {
            collectionView.scrollToItem(at: IndexPath(item: 2, section: 0), at: [], animated: false)
            stage.turn(to: 0.2)
        }
        #expect(scroller.contentOffset.x == 300)
        // Out of view: the offset waits for the section to come back.
        stage.withClock {
            collectionView.scrollToItem(at: IndexPath(item: 20, section: 1), at: .top, animated: false)
            stage.turn(to: 0.3)
            collectionView.scrollToItem(at: IndexPath(item: 19, section: 0), at: .right, animated: false)
            stage.turn(to: 0.4)
        }
        // The list as far as it goes (1,600 − 568); the row waits at its last item's right edge
        // (2,990 − 320).
        #expect(collectionView.contentOffset.y == 1032)
        #expect(collectionView.orthogonalScrollers.isEmpty)
        #expect(collectionView.orthogonalOffsets[0] == CGFloat(2670))
        stage.withClock {
            collectionView.contentOffset = .zero
            stage.turn(to: 0.5)
        }
        let back = try #require(collectionView.orthogonalScrollers[0])
        #expect(back.contentOffset.x == 2670)
        #expect(visibleItems(collectionView, section: 0) == [17, 18, 19])
    }
}
