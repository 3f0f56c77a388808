// UICollectionView selection by scripted taps (the delegate's order), drags that select nothing,
// the layout's target offset for a flick, self-sizing cells, and bad input that must not trap.
//
// Audited against: UICollectionViewDelegate docs ("Managing the selected cells": the highlight and
//   selection order), UICollectionView selection docs, UICollectionViewLayout
//   targetContentOffset(forProposedContentOffset:withScrollingVelocity:), UICollectionViewFlowLayout
//   estimatedItemSize.
// Status: complete for what the suite names.

import Foundation
import Kinema
import Testing
@testable import OpenUIKit

/// A flow layout that stops flicks on multiples of 330 pt (three lines).
@MainActor
final class SnappingLayout: UICollectionViewFlowLayout {
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                      withScrollingVelocity velocity: CGPoint) -> CGPoint {
        CGPoint(x: proposedContentOffset.x, y: (proposedContentOffset.y / 330).rounded() * 330)
    }
}

/// A cell that wants to be 30, 40 or 50 pt tall by its item.
@MainActor
final class ShortCell: UICollectionViewCell {
    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        layoutAttributes.size.height = 30 + 10 * CGFloat(layoutAttributes.indexPath.item % 3)
        return layoutAttributes
    }
}

@Suite("UICollectionView selection and input")
@MainActor
struct UICollectionViewSelectionTests {
    @Test("a tap highlights then selects, in UIKit's delegate order; a second tap elsewhere moves the selection")
    func tapSelects() throws {
        let (stage, collectionView, source) = collectionStage([30])
        var highlightedDuringTouch = false
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 150))   // item 4
            stage.turn(to: 1.0 / 60)
            highlightedDuringTouch = collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.isHighlighted ?? false
            stage.run(until: 0.5)
        }
        #expect(highlightedDuringTouch)
        #expect(source.log == ["shouldHighlight 4", "didHighlight 4", "didUnhighlight 4", "shouldSelect 4", "didSelect 4"])
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        #expect(collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.isSelected == true)
        source.log.removeAll()
        stage.withClock {
            stage.tap(at: CGPoint(x: 50, y: 50))   // item 0
            stage.run(until: 1)
        }
        #expect(source.log == ["shouldHighlight 0", "didHighlight 0", "didUnhighlight 0", "shouldSelect 0", "didDeselect 4", "didSelect 0"])
        #expect(collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.isSelected == false)
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    }

    @Test("multiple selection: a tap on a selected item deselects it")
    func multipleSelection() {
        let (stage, collectionView, source) = collectionStage([30])
        collectionView.allowsMultipleSelection = true
        stage.withClock {
            stage.tap(at: CGPoint(x: 50, y: 50))
            stage.run(until: 0.5)
            stage.tap(at: CGPoint(x: 150, y: 50))
            stage.run(until: 1)
            stage.tap(at: CGPoint(x: 50, y: 50))
            stage.run(until: 1.5)
        }
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(source.log.filter { $0.hasPrefix("didSelect") || $0.hasPrefix("didDeselect") } == ["didSelect 0", "didSelect 1", "didDeselect 0"])
    }

    @Test("a drag scrolls and selects nothing: the highlight goes when the pan takes the touch")
    func dragSelectsNothing() {
        let (stage, collectionView, source) = collectionStage([60])
        stage.withClock {
            stage.drag(from: CGPoint(x: 150, y: 400), to: CGPoint(x: 150, y: 200), duration: 0.3)
            stage.run(until: 3)
        }
        #expect(collectionView.contentOffset.y > 100)
        #expect(collectionView.indexPathsForSelectedItems == nil)
        #expect(!source.log.contains { $0.hasPrefix("didSelect") })
        // Touch-down on item 10 (line 3) highlighted it; the pan's recognition cancelled the touch.
        #expect(source.log == ["shouldHighlight 10", "didHighlight 10", "didUnhighlight 10"])
    }

    @Test("a flick comes to rest where the layout's targetContentOffset says")
    func layoutTargetOffset() {
        let layout = SnappingLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let (stage, collectionView, _) = collectionStage([300], layout: layout)
        stage.withClock {
            stage.drag(from: CGPoint(x: 150, y: 500), to: CGPoint(x: 150, y: 300), duration: 0.1)
            stage.run(until: 5)
        }
        let y = collectionView.contentOffset.y
        #expect(y > 330)
        #expect(abs(y / 330 - (y / 330).rounded()) < 1e-6)
        #expect(!collectionView.isDecelerating)
    }

    @Test("self-sizing: cells start at the estimate and take the size they prefer")
    func selfSizing() {
        let (stage, collectionView, source) = collectionStage([6]) { flow in
            flow.estimatedItemSize = CGSize(width: 100, height: 100)
        }
        stage.withClock {
            collectionView.register(ShortCell.self, forCellWithReuseIdentifier: "short")
            source.identifier = "short"
            collectionView.reloadData()
            stage.turn(to: 0.1)
            stage.turn(to: 0.2)
        }
        // Heights 30, 40, 50 in a line 50 deep; the second line starts at 60.
        #expect(frameOf(collectionView, 0) == CGRect(x: 0, y: 10, width: 100, height: 30))
        #expect(frameOf(collectionView, 2) == CGRect(x: 220, y: 0, width: 100, height: 50))
        #expect(frameOf(collectionView, 3) == CGRect(x: 0, y: 70, width: 100, height: 30))
        #expect(collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.height == 40)
        #expect(collectionView.contentSize.height == 110)
    }

    @Test("bad input never traps: unregistered identifiers, missing items, NaN sizes and points")
    func badInput() throws {
        let (stage, collectionView, source) = collectionStage([5])
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                source.identifier = "nobody"
                source.sizes[IndexPath(item: 1, section: 0)] = CGSize(width: CGFloat.nan, height: 40)
                source.sizes[IndexPath(item: 2, section: 0)] = CGSize(width: 900, height: -3)
                collectionView.reloadData()
                stage.turn(to: 0.1)
            }
            #expect(collectionView.cellForItem(at: IndexPath(item: 99, section: 0)) == nil)
            #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 3)) == nil)
            #expect(collectionView.layoutAttributesForItem(at: IndexPath(index: 2)) == nil)
            #expect(collectionView.numberOfItems(inSection: 7) == 0)
            #expect(collectionView.indexPathForItem(at: CGPoint(x: CGFloat.nan, y: 0)) == nil)
            collectionView.selectItem(at: IndexPath(item: 50, section: 0), animated: false, scrollPosition: .top)
            collectionView.scrollToItem(at: IndexPath(item: 50, section: 0), at: .top, animated: true)
            #expect(collectionView.indexPathsForSelectedItems == nil)
        }
        #expect(collectionView.visibleCells.count == 5)
        #expect(collectionView.visibleCells.allSatisfy { type(of: $0) == UICollectionViewCell.self })
        #expect(collectionView.visibleCells.allSatisfy { $0.frame.minX.isFinite && $0.frame.width.isFinite })
        #expect(frameOf(collectionView, 2)?.size == CGSize(width: 320, height: 0))
        #expect(diagnostics.contains { $0.message.contains("could not dequeue a view of kind: UICollectionElementKindCell with identifier nobody") })
        #expect(diagnostics.contains { $0.message.contains("nan") })
        #expect(diagnostics.contains { $0.message.contains("numberOfItems(inSection: 7)") })
    }
}
