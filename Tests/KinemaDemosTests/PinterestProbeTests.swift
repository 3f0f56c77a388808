// pinterest probes: the demo's phases checked through the collection view's public state — the
// flick reaching the bottom and resting there, the rubber band past it, the seed's pitfall
// (80 items counted, 60 laid out) and its fix, the batch update and the return to the start.

import Foundation
import Kinema
import KinemaDemos
import Testing

@MainActor
func findCollectionView(_ view: UIView) -> UICollectionView? {
    if let found = view as? UICollectionView { return found }
    for sub in view.subviews { if let found = findCollectionView(sub) { return found } }
    return nil
}

@Suite("pinterest probes")
@MainActor
struct PinterestProbeTests {
    @Test("the phases: bottom and bounce, rubber band, the pitfall, the fix, the update, the flow layout, the loop")
    func phases() throws {
        let run = DemoRun(.pinterest)
        _ = run.frame(at: 1)
        let collectionView = try #require(findCollectionView(run.stage.window))
        let bottom = collectionView.contentSize.height - collectionView.bounds.height
        #expect(collectionView.contentOffset.y > 500)   // the first flick, decelerating
        var furthest: CGFloat = 0
        for step in 0...19 {
            _ = run.frame(at: 3 + Double(step) / 10)
            furthest = max(furthest, collectionView.contentOffset.y)
        }
        #expect(furthest > bottom + 5)   // the second flick crossed the end …
        #expect(abs(collectionView.contentOffset.y - bottom) < 0.5)   // … and came back to rest on it
        _ = run.frame(at: 5.4)
        #expect(collectionView.contentOffset.y > bottom + 40)   // pulled past the end: the rubber band
        _ = run.frame(at: 7.5)
        #expect(collectionView.numberOfItems(inSection: 0) == 80)
        #expect(collectionView.contentOffset.y == bottom)   // sprang back; the content did not grow
        #expect(collectionView.indexPathsForVisibleItems.allSatisfy { $0.item < 60 })
        _ = run.frame(at: 10.5)
        #expect(collectionView.contentSize.height > bottom + collectionView.bounds.height + 1000)
        #expect(collectionView.indexPathsForVisibleItems.contains(IndexPath(item: 79, section: 0)))
        _ = run.frame(at: 11.3)   // half way through the 0.8 s batch update
        #expect(collectionView.visibleCells.contains { cell in cell.layer.presentation().map { abs($0.position.y - cell.center.y) > 1 } ?? false })
        _ = run.frame(at: 13.5)
        #expect(collectionView.collectionViewLayout is UICollectionViewFlowLayout)
        #expect(collectionView.visibleCells.allSatisfy { $0.bounds.size == CGSize(width: 148, height: 148) })
        _ = run.frame(at: 15)
        #expect(collectionView.contentOffset == .zero)
        #expect(collectionView.indexPathsForVisibleItems == (0..<8).map { IndexPath(item: $0, section: 0) })
    }
}
