// UICollectionView batch updates and layout changes: the flow layout's fades and slides at half
// time, a custom layout's initial and final attributes, the duration rule, completion once, and a
// data source that disagrees with its update.
//
// Audited against: UICollectionView performBatchUpdates(_:completion:) and the update methods'
//   docs; UIKIT_SEMANTICS §5.3; UIKit's NSInternalInconsistencyException text.
// Status: complete for what the suite names. Times are checked at half the 0.25 s default (and of
//   an enclosing 1 s block), where ease in-out is exactly half way.

import Foundation
import Kinema
import Testing
@testable import OpenUIKit

/// A flow layout whose appearing items rise from 500 pt below and whose disappearing items
/// shrink, logging the update calls.
@MainActor
final class RisingLayout: UICollectionViewFlowLayout {
    var log: [String] = []
    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        log.append("prepare " + updateItems.map { "\($0.updateAction)" }.joined(separator: ","))
    }
    override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        log.append("finalize")
    }
    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard collectionView?.updateMap?.inserted.contains(itemIndexPath) == true,
              let start = layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes else {
            return super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
        }
        start.center.y += 500
        return start
    }
    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let end = super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
        if collectionView?.updateMap?.deleted.contains(itemIndexPath) == true {
            end?.alpha = 1
            end?.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
        }
        return end
    }
}

@MainActor
private func presented(_ view: UIView?) throws -> (position: CGPoint, opacity: Float, scale: CGFloat) {
    let layer = try #require(view?.layer.presentation())
    return (layer.position, layer.opacity, layer.transform.m11)
}

@Suite("UICollectionView updates")
@MainActor
struct UICollectionViewUpdateTests {
    @Test("flow layout: the inserted item fades in, the deleted fades out, the others slide; completion once")
    func flowFadesAndSlides() throws {
        let (stage, collectionView, source) = collectionStage([9])
        let deleted = try #require(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        let moved = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        var completions: [Bool] = []
        stage.withClock {
            stage.at(0.1) {
                collectionView.performBatchUpdates({
                    collectionView.deleteItems(at: [IndexPath(item: 1, section: 0)])
                    collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
                }, completion: { completions.append($0) })
            }
            stage.turn(to: 0.1)
            stage.turn(to: 0.225)
        }
        // Old item 0 is now item 1: it slides from x 50 to x 160; at half time (ease in-out) halfway.
        #expect(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) === moved)
        let slide = try presented(moved)
        #expect(abs(slide.position.x - 105) < 0.5)
        let inserted = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(inserted !== moved && inserted !== deleted)
        #expect(abs(Double(try presented(inserted).opacity) - 0.5) < 0.01)
        #expect(deleted.superview === collectionView)
        #expect(abs(Double(try presented(deleted).opacity) - 0.5) < 0.01)
        #expect(completions.isEmpty)
        stage.withClock { stage.turn(to: 0.4) }
        #expect(completions == [true])
        #expect(deleted.superview == nil)
        #expect(collectionView.visibleCells.count == 9)
        #expect(moved.frame == CGRect(x: 110, y: 0, width: 100, height: 100))
        stage.withClock { stage.turn(to: 1) }
        #expect(completions == [true])
        _ = source
    }

    @Test("cells go on screen in index-path order, not the hash seed's: at first and when a batch inserts several")
    func deterministicOrder() throws {
        // The views were shown in a dictionary's order, which Swift seeds at random per process:
        // the subviews' order (and which pooled view an item got) changed from run to run.
        let (stage, collectionView, source) = collectionStage([9])
        func order() -> [IndexPath] {
            collectionView.subviews.compactMap { ($0 as? UICollectionViewCell).flatMap { collectionView.indexPath(for: $0) } }
        }
        // Each new cell goes beneath the views already there (Kinema's insert(_:in:)), so shown
        // in index-path order they stack from the last item at the back to the first on top.
        #expect(order().count == 9)
        #expect(order() == order().sorted(by: >))
        stage.withClock {
            stage.at(0.1) {
                source.counts = [13]
                collectionView.performBatchUpdates {
                    collectionView.insertItems(at: (0 ..< 4).map { IndexPath(item: $0, section: 0) })
                }
            }
            stage.turn(to: 0.1)
            stage.turn(to: 1)
        }
        #expect(order().filter { $0.item < 4 } == (0 ..< 4).reversed().map { IndexPath(item: $0, section: 0) })
    }

    @Test("a custom layout's initial and final attributes are the animation's ends; prepare and finalize bracket it")
    func customInitialFinal() throws {
        let layout = RisingLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let (stage, collectionView, source) = collectionStage([9], layout: layout)
        let deleted = try #require(collectionView.cellForItem(at: IndexPath(item: 4, section: 0)))
        stage.withClock {
            stage.at(0.1) {
                source.counts = [9]
                collectionView.performBatchUpdates {
                    collectionView.deleteItems(at: [IndexPath(item: 4, section: 0)])
                    collectionView.insertItems(at: [IndexPath(item: 8, section: 0)])
                }
            }
            stage.turn(to: 0.1)
        }
        let inserted = try #require(collectionView.cellForItem(at: IndexPath(item: 8, section: 0)))
        // At the start the inserted cell is 500 pt below its place (line 2: centre y 270).
        #expect(abs(try presented(inserted).position.y - 770) < 0.5)
        #expect(layout.log == ["prepare delete,insert", "finalize"])
        stage.withClock { stage.turn(to: 0.225) }
        #expect(abs(try presented(inserted).position.y - 520) < 0.5)
        #expect(abs(try presented(deleted).scale - 0.55) < 0.01)
        #expect(abs(Double(try presented(deleted).opacity) - 1) < 1e-6)
    }

    @Test("inside a UIView animation the batch takes its duration")
    func inheritsDuration() throws {
        let (stage, collectionView, source) = collectionStage([3])
        let first = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        stage.withClock {
            stage.at(0.1) {
                source.counts = [2]
                UIView.animate(withDuration: 1, animations: {
                    collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)])
                })
            }
            stage.turn(to: 0.1)
            stage.turn(to: 0.6)
        }
        #expect(abs(Double(try presented(first).opacity) - 0.5) < 0.01)
    }

    @Test("moves and section inserts map the cells; selection follows its item")
    func movesAndSections() throws {
        let (stage, collectionView, source) = collectionStage([4])
        let third = try #require(collectionView.cellForItem(at: IndexPath(item: 2, section: 0)))
        collectionView.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        stage.withClock {
            source.counts = [3, 4]
            collectionView.performBatchUpdates {
                collectionView.insertSections(IndexSet(integer: 0))
                collectionView.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 1))
            }
            stage.turn(to: 1)
        }
        #expect(collectionView.cellForItem(at: IndexPath(item: 0, section: 1)) === third)
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 1)])
        #expect(third.isSelected)
        #expect(collectionView.numberOfSections == 2)
    }

    @Test("a data source that disagrees: UIKit's text as a diagnostic, a reload, completion once with false")
    func disagreeingDataSource() throws {
        let (stage, collectionView, _) = collectionStage([9])
        var completions: [Bool] = []
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                collectionView.performBatchUpdates({
                    collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])   // the count stays 9
                }, completion: { completions.append($0) })
                stage.turn(to: 0.5)
                stage.turn(to: 1)
            }
        }
        #expect(diagnostics.contains { $0.message.contains("Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (9) must be equal to the number of items contained in that section before the update (9), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted)") })
        #expect(completions == [false])
        #expect(collectionView.visibleCells.count == 9)
    }

    @Test("out-of-range deletes and moves are diagnostics and a reload, never a trap")
    func outOfRangeUpdates() {
        let (stage, collectionView, source) = collectionStage([9])
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                source.counts = [8]
                collectionView.deleteItems(at: [IndexPath(item: 99, section: 0)])
                stage.turn(to: 0.5)
                collectionView.moveItem(at: IndexPath(item: -1, section: 4), to: IndexPath(item: 0, section: 0))
                stage.turn(to: 1)
                collectionView.deleteSections(IndexSet(integer: 7))
                stage.turn(to: 1.5)
            }
        }
        #expect(diagnostics.contains { $0.message.contains("attempt to delete item 99 from section 0 which only contains 9 items before the update") })
        #expect(diagnostics.count >= 3)
        #expect(collectionView.visibleCells.count == 8)
    }

    @Test("setCollectionViewLayout animated: cells move from the old attributes to the new in one animation")
    func layoutChangeAnimated() throws {
        let (stage, collectionView, _) = collectionStage([6])
        let second = try #require(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        let big = UICollectionViewFlowLayout()
        big.itemSize = CGSize(width: 150, height: 150)
        var done = 0
        stage.withClock {
            stage.at(0.1) { collectionView.setCollectionViewLayout(big, animated: true) { _ in done += 1 } }
            stage.turn(to: 0.1)
            stage.turn(to: 0.225)
        }
        // Two per line, spacing 20: item 1 goes from centre (160, 50) to (245, 75).
        let middle = try presented(second).position
        #expect(abs(middle.x - 202.5) < 0.5 && abs(middle.y - 62.5) < 0.5)
        stage.withClock { stage.turn(to: 0.5) }
        #expect(second.frame == CGRect(x: 170, y: 0, width: 150, height: 150))
        #expect(done == 1)
        #expect(collectionView.collectionViewLayout === big)
        #expect(collectionView.visibleCells.count == 6)
    }

    @Test("flow layout: an inserted section's header fades in, the headers below slide down")
    func sectionHeadersFade() throws {
        let (stage, collectionView, source) = collectionStage([3, 3]) { flow in
            flow.headerReferenceSize = CGSize(width: 0, height: 40)
        }
        let kind = UICollectionElementKindSectionHeader
        let secondHeader = try #require(collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 1)))
        #expect(secondHeader.frame.minY == 140)
        stage.withClock {
            stage.at(0.1) {
                source.counts = [3, 3, 3]
                collectionView.insertSections(IndexSet(integer: 1))
            }
            stage.turn(to: 0.1)
            stage.turn(to: 0.225)
        }
        let inserted = try #require(collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 1)))
        #expect(inserted !== secondHeader)
        #expect(abs(Double(try presented(inserted).opacity) - 0.5) < 0.01)
        #expect(collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 2)) === secondHeader)
        // Old section 1's header goes from y 140 to 280 (centre 160 → 300): half way at 230.
        #expect(abs(try presented(secondHeader).position.y - 230) < 0.5)
    }
}
