// UICollectionViewDiffableDataSource on a collection view in a Stage: a snapshot applied without
// animation lays the cells out; a second snapshot (a delete, an insert, a move) animates as one
// batch update — the moved cell is between its places mid-way, the completion runs once at the
// end — and the identifier lookups follow; reload marks re-run the cell provider; bad input.

import Foundation
import Kinema
import Testing

@MainActor
final class DiffableItemCell: UICollectionViewCell {
    var item = ""
}

@MainActor
@Suite("Diffable data source")
struct DiffableDataSourceTests {
    @MainActor final class Made { var items: [String] = []; var completions = 0 }

    func makeCollection(in stage: Stage) -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 200, height: 40)
        layout.minimumLineSpacing = 0
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
        collectionView.register(DiffableItemCell.self, forCellWithReuseIdentifier: "item")
        stage.window.addSubview(collectionView)
        return collectionView
    }

    func cell(_ collectionView: UICollectionView, _ item: Int) -> DiffableItemCell? {
        collectionView.cellForItem(at: IndexPath(item: item, section: 0)) as? DiffableItemCell
    }

    @Test("apply animates the difference as one batch update; lookups follow the snapshot")
    func applyAnimates() {
        let stage = Stage(size: CGSize(width: 200, height: 400), scale: 1, threads: 1)
        let collectionView = makeCollection(in: stage)
        let made = Made()
        let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { view, indexPath, item in
            made.items.append(item)
            let cell = view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as? DiffableItemCell
            cell?.item = item
            return cell
        }
        var first = NSDiffableDataSourceSnapshot<Int, String>()
        first.appendSections([0])
        first.appendItems(["a", "b", "c"])
        dataSource.apply(first, animatingDifferences: false)
        stage.turn(to: 0)
        #expect(collectionView.numberOfItems(inSection: 0) == 3)
        #expect(cell(collectionView, 1)?.item == "b")
        #expect(cell(collectionView, 2)?.frame.minY == 80)

        var second = dataSource.snapshot()
        second.deleteItems(["a"])
        second.appendItems(["d"])
        second.moveItem("c", beforeItem: "b")
        // Applied in a turn of this stage's run loop, as app code runs (outside a turn the
        // newest Stage's loop would get the completion: tests run side by side).
        stage.at(0.05) { dataSource.apply(second) { made.completions += 1 } }
        stage.turn(to: 0.05)
        #expect(dataSource.snapshot().itemIdentifiers == ["c", "b", "d"])
        let moving = cell(collectionView, 0)
        #expect(moving?.item == "c")
        stage.turn(to: 0.175)
        let y = moving?.layer.presentation()?.frame.minY ?? -1
        #expect(y > 1 && y < 79)
        stage.turn(to: 1)
        stage.turn(to: 1.02)
        #expect(made.completions == 1)
        #expect(cell(collectionView, 0)?.frame.minY == 0)
        #expect(cell(collectionView, 2)?.item == "d")
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)) == "b")
        #expect(dataSource.indexPath(for: "d") == IndexPath(item: 2, section: 0))
        #expect(dataSource.indexPath(for: "a") == nil)
        #expect(dataSource.sectionIdentifier(for: 0) == 0)
        #expect(dataSource.index(for: 0) == 0)

        // A reload mark re-runs the provider for that item only, and is not kept.
        made.items.removeAll()
        var third = dataSource.snapshot()
        third.reloadItems(["b"])
        stage.at(1.1) { dataSource.apply(third, animatingDifferences: false) }
        stage.turn(to: 1.1)
        stage.turn(to: 1.2)
        #expect(made.items == ["b"])
        #expect(dataSource.snapshot().reloadedItemIdentifiers.isEmpty)
    }

    @Test("applySnapshotUsingReloadData, a provider giving no cell, out-of-range lookups")
    func reloadDataAndBadInput() {
        let stage = Stage(size: CGSize(width: 200, height: 400), scale: 1, threads: 1)
        let collectionView = makeCollection(in: stage)
        let dataSource = UICollectionViewDiffableDataSource<String, Int>(collectionView: collectionView) { view, indexPath, item in
            item == 2 ? nil : view.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["s"])
        snapshot.appendItems([1, 2, 3])
        let made = Made()
        let (_, reports) = KinemaDiagnostics.collecting {
            stage.at(0) { dataSource.applySnapshotUsingReloadData(snapshot) { made.completions += 1 } }
            stage.turn(to: 0)
            stage.turn(to: 0.1)
        }
        #expect(made.completions == 1)
        #expect(collectionView.numberOfItems(inSection: 0) == 3)
        #expect(reports.contains { $0.message.contains("gave no cell") })
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 7, section: 0)) == nil)
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 0, section: 3)) == nil)
        #expect(dataSource.sectionIdentifier(for: -1) == nil)
    }
}
