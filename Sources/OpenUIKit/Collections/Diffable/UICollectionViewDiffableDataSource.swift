// UICollectionViewDiffableDataSource: a collection view's data source that holds a snapshot of
// identifiers and, when given a new one, animates the difference as one batch update.
//
// Audited against: UICollectionViewDiffableDataSource docs (init(collectionView:cellProvider:) —
//   "the diffable data source becomes the collection view's data source"; CellProvider
//   (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?;
//   supplementaryViewProvider; apply(_:animatingDifferences:completion:) — "computes the
//   difference between the current state and the new state … and animates the updates";
//   applySnapshotUsingReloadData(_:completion:) — "resets the UI to reflect the state of the data
//   in the snapshot without computing a diff"; snapshot(); itemIdentifier(for:);
//   indexPath(for:); sectionIdentifier(for:); index(for:)); NSDiffableDataSourceSnapshot docs
//   (reloadItems / reconfigureItems mark items for the next apply).
// Choices (UNCONFIRMED; kept here): the difference is SnapshotDifference's (docs/UIKIT.md
//   "Diffable data sources"); reconfigured items are reloaded in place (no reconfigureItems(at:)
//   on the collection view here); the snapshot kept after an apply has its reload and
//   reconfigure marks cleared; a nil from the cell provider is a diagnostic and an empty cell
//   (UIKit raises); `animatingDifferences: false` applies the difference without animation.

import Foundation
import KinemaSupport
import OpenQuartzCore

/// A data source driven by snapshots of identifiers: `apply` a new snapshot and the collection
/// view animates from the old one.
@MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    UICollectionViewDataSource {
    /// Makes the cell for an item.
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a supplementary view of a kind at an index path.
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    /// Makes the supplementary views the layout asks for.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// A data source for `collectionView` (it becomes the collection view's data source) whose
    /// cells come from `cellProvider`.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// A copy of the snapshot shown now.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        current
    }

    /// Shows `snapshot`: the difference from the shown one as one batch update, animated when
    /// `animatingDifferences` (and the collection view is in a window); `completion` after it.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let collectionView else {
            current = Self.unmarked(snapshot)
            completion?()
            return
        }
        let difference = SnapshotDifference(from: current, to: snapshot)
        let update = {
            collectionView.performBatchUpdates({
                self.current = Self.unmarked(snapshot)
                if !difference.deletedSections.isEmpty { collectionView.deleteSections(difference.deletedSections) }
                if !difference.insertedSections.isEmpty { collectionView.insertSections(difference.insertedSections) }
                for move in difference.movedSections { collectionView.moveSection(move.from, toSection: move.to) }
                if !difference.deletedItems.isEmpty { collectionView.deleteItems(at: difference.deletedItems) }
                if !difference.insertedItems.isEmpty { collectionView.insertItems(at: difference.insertedItems) }
                for move in difference.movedItems { collectionView.moveItem(at: move.from, to: move.to) }
                let reloaded = difference.reloadedItems + difference.reconfiguredItems
                if !reloaded.isEmpty { collectionView.reloadItems(at: reloaded) }
            }, completion: { _ in completion?() })
        }
        if animatingDifferences {
            update()
        } else {
            UIView.performWithoutAnimation(update)
        }
    }

    /// Shows `snapshot` with `reloadData()`, without a difference or animation.
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        current = Self.unmarked(snapshot)
        collectionView?.reloadData()
        completion?()
    }

    /// The identifier of the item at `indexPath`, if there is one.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < current.sections.count else { return nil }
        let items = current.sections[indexPath.section].items
        guard indexPath.item >= 0, indexPath.item < items.count else { return nil }
        return items[indexPath.item]
    }

    /// The index path of the item `itemIdentifier`, if it is shown.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.indexPath(of: itemIdentifier).map { IndexPath(item: $0.item, section: $0.section) }
    }

    /// The identifier of the section at `index`, if there is one.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        guard index >= 0, index < current.sections.count else { return nil }
        return current.sections[index].identifier
    }

    /// The index of the section `identifier`, if it is shown.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        current.indexOfSection(sectionIdentifier)
    }

    // MARK: UICollectionViewDataSource

    public func numberOfSections(in collectionView: UICollectionView) -> Int {
        current.numberOfSections
    }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        guard section >= 0, section < current.sections.count else { return 0 }
        return current.sections[section].items.count
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) {
            return cell
        }
        KinemaDiagnostics.emit("UICollectionViewDiffableDataSource", "the cell provider gave no cell for the item at \(indexPath); showed an empty cell")
        return UICollectionViewCell(frame: .zero)
    }

    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        if let view = supplementaryViewProvider?(collectionView, kind, indexPath) { return view }
        KinemaDiagnostics.emit("UICollectionViewDiffableDataSource", "no supplementary view of kind \(kind) at \(indexPath) (supplementaryViewProvider is nil or gave none); showed an empty view")
        return UICollectionReusableView(frame: .zero)
    }

    /// `snapshot` without its reload and reconfigure marks (they belong to one apply).
    private static func unmarked(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>)
        -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        var copy = snapshot
        copy.reloadedSections.removeAll()
        copy.reloadedItems.removeAll()
        copy.reconfiguredItems.removeAll()
        return copy
    }
}
