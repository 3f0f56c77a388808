// UICollectionView: a scroll view that shows a data source's items where its layout puts them,
// making views only for what is visible and recycling them as they scroll away.
//
// Audited against: UICollectionView docs — init(frame:collectionViewLayout:), collectionViewLayout,
//   dataSource / delegate, register(_:forCellWithReuseIdentifier:),
//   register(_:forSupplementaryViewOfKind:withReuseIdentifier:), numberOfSections,
//   numberOfItems(inSection:), reloadData() ("call this method sparingly … the collection view
//   discards any currently visible items and redisplays them"), visibleCells,
//   indexPathsForVisibleItems, indexPathForItem(at:), indexPath(for:), cellForItem(at:),
//   layoutAttributesForItem(at:), layoutAttributesForSupplementaryElement(ofKind:at:),
//   scrollToItem(at:at:animated:), backgroundView; UICollectionViewLayout docs for when
//   prepare() runs.
// Status: complete for these. Split: reuse UICollectionView+Reuse.swift, the layout pass
//   UICollectionView+Display.swift, updates UICollectionView+Updates.swift (and +UpdateMap),
//   selection UICollectionView+Selection.swift, layout changes UICollectionView+LayoutChange.swift,
//   queries UICollectionView+Queries.swift, orthogonal sections UICollectionView+Orthogonal.swift.
//   Missing: prefetching, drag and drop, interactive movement, focus, the diffable data source
//   and the compositional layout (built apart). Choices: the visible area is the bounds exactly
//   (no look-ahead); a layout returning attributes outside it gets no views for them.

import Foundation
import KinemaSupport
import OpenCoreGraphics
import OpenQuartzCore

/// A scroll view showing a data source's items in sections, placed by a `UICollectionViewLayout`.
///
/// ```swift
/// let layout = UICollectionViewFlowLayout()
/// layout.itemSize = CGSize(width: 100, height: 100)
/// let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: layout)
/// collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
/// collectionView.dataSource = self   // numberOfItemsInSection, cellForItemAt (dequeue there)
/// ```
///
/// **Semantics.** On each layout pass (the end of a run-loop turn after a scroll, a reload, an
/// invalidation, or `layoutIfNeeded`) the collection view prepares the layout if it was
/// invalidated, takes its content size, and asks it for the elements in the bounds. Elements that
/// left the bounds have their views taken off and put in their reuse identifier's pool
/// (`didEndDisplaying`); elements that came in get a view from the data source, which dequeues it
/// from the pool or a new one from the registered class (`willDisplay`). So only the visible
/// views plus a pool of at most `UICollectionView.reusePoolLimit` per identifier exist.
///
/// **Cost.** Per layout pass: the layout's `layoutAttributesForElements(in:)` plus a dictionary
/// look-up per visible element; views are made only when the pool is empty.
@MainActor
open class UICollectionView: UIScrollView {
    /// An element's identity: category, kind (nil for cells) and index path.
    struct ElementKey: Hashable, Comparable {
        var category: ElementCategory
        var kind: String?
        var indexPath: IndexPath

        /// Cells, then supplementary views, then decoration views; by kind, then index path.
        static func < (lhs: ElementKey, rhs: ElementKey) -> Bool {
            (lhs.category.rawValue, lhs.kind ?? "", lhs.indexPath) < (rhs.category.rawValue, rhs.kind ?? "", rhs.indexPath)
        }
    }

    /// The most views kept in one reuse identifier's pool; further views leaving are dropped.
    /// Kinema's choice (UIKit's pool size is undocumented): enough for a screen's worth of
    /// churn in one frame of a fast scroll on a phone-sized grid.
    public static let reusePoolLimit = 12

    // MARK: Stored state

    var layout: UICollectionViewLayout
    /// The data source (weak).
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { if oldValue !== dataSource { reloadData() } }
    }
    /// The cell classes by reuse identifier; the supplementary classes by kind, then identifier.
    var cellClasses: [String: UICollectionViewCell.Type] = [:]
    var supplementaryClasses: [String: [String: UICollectionReusableView.Type]] = [:]
    /// Recycled views, by pool key ("cell/identifier", "kind/identifier", "decoration/kind").
    var reusePools: [String: [UICollectionReusableView]] = [:]
    /// The views shown, by element.
    var visibleViews: [ElementKey: UICollectionReusableView] = [:]
    /// The attributes last applied to each shown view.
    var appliedAttributes: [ElementKey: UICollectionViewLayoutAttributes] = [:]
    /// Views animating out of an update or a layout change (recycled when it ends).
    var leavingViews: [UICollectionReusableView] = []
    /// The item counts per section, read from the data source at the first need after a reload.
    var itemCounts: [Int]?
    /// The bounds of the last layout pass (for shouldInvalidateLayout(forBoundsChange:)).
    var lastLayoutBounds: CGRect = .null
    /// How many views the collection view has made (tests: reuse keeps it small).
    var createdViewCount = 0
    /// The selected items, in selection order.
    var selectedIndexPaths: [IndexPath] = []
    /// The item a finger is down on (highlighted), and whether it was highlighted.
    var trackedIndexPath: IndexPath?
    /// While an update is set up: the recorded changes (nil outside `performBatchUpdates`).
    var pendingUpdates: PendingUpdates?
    /// While an update animates: the map from new index paths to old ones.
    var updateMap: UpdateMap?
    /// The scroll views of the orthogonal sections in view, by section, and spare ones
    /// (UICollectionView+Orthogonal.swift).
    var orthogonalScrollers: [Int: OrthogonalScrollView] = [:]
    var spareOrthogonalScrollers: [OrthogonalScrollView] = []
    /// The offsets across of orthogonal sections scrolled out of view, by section.
    var orthogonalOffsets: [Int: CGFloat] = [:]

    // MARK: Init

    /// A collection view with `frame` laid out by `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        self.layout = layout
        super.init(frame: frame)
        adopt(layout)
    }

    /// No archives in Kinema: a zero frame, a flow layout and a diagnostic (UIView's).
    public required init?(coder: NSCoder) {
        layout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        adopt(layout)
    }

    func adopt(_ layout: UICollectionViewLayout) {
        if let previous = layout.collectionView, previous !== self {
            KinemaDiagnostics.emit("UICollectionView", "the layout is already used by another collection view; it moves to this one")
            previous.layout = UICollectionViewFlowLayout()
            previous.adopt(previous.layout)
        }
        layout.collectionView = self
        layout.needsPrepare = true
        setNeedsLayout()
    }

    // MARK: Overrides (UICollectionView+Display.swift, UICollectionView+Selection.swift)

    /// Lays out the elements in the bounds (see the type's semantics).
    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutElements()
    }

    override func restingOffset(forProposed proposed: CGPoint, velocity: CGPoint) -> CGPoint {
        layoutRestingOffset(forProposed: proposed, velocity: velocity)
    }

    /// A finger touched down on an item: highlight it (it arrives from the cell's responder chain).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !trackTouchBegan(touches) { super.touchesBegan(touches, with: event) }
    }

    /// A finger lifted: select (or deselect) the highlighted item.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !trackTouchEnded(touches) { super.touchesEnded(touches, with: event) }
    }

    /// The touch became a scroll (the pan took it): the highlight goes, nothing is selected.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !trackTouchCancelled() { super.touchesCancelled(touches, with: event) }
    }

    /// The layout (setting it is `setCollectionViewLayout(_:animated: false)`).
    open var collectionViewLayout: UICollectionViewLayout {
        get { layout }
        set { setCollectionViewLayout(newValue, animated: false) }
    }

    /// A view behind the content, filling the bounds (not scrolling).
    open var backgroundView: UIView? {
        didSet {
            guard oldValue !== backgroundView else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView {
                backgroundView.layer.zPosition = -1_000_000
                insertSubview(backgroundView, at: 0)
                setNeedsLayout()
            }
        }
    }

    /// Whether the user can select items (taps). Default true; turning it off deselects all.
    open var allowsSelection = true {
        didSet { if !allowsSelection { deselectAll() } }
    }
    /// Whether the user can select more than one item (a tap on a selected item deselects it).
    /// Default false; turning it off keeps only the last selected item.
    open var allowsMultipleSelection = false {
        didSet { if !allowsMultipleSelection, selectedIndexPaths.count > 1, let last = selectedIndexPaths.last { deselectAll(except: last) } }
    }

    /// The collection view's delegate, if the delegate is one.
    var collectionDelegate: (any UICollectionViewDelegate)? { delegate as? any UICollectionViewDelegate }

    // MARK: Registration

    /// Registers the class of cells dequeued with `identifier` (nil unregisters).
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else {
            cellClasses[identifier] = nil
            return
        }
        guard let cell = cellClass as? UICollectionViewCell.Type else {
            KinemaDiagnostics.emit("UICollectionView", "register(_:forCellWithReuseIdentifier: \(identifier)): \(cellClass) is not a UICollectionViewCell; ignored")
            return
        }
        cellClasses[identifier] = cell
    }

    /// Registers the class of supplementary views of `elementKind` dequeued with `identifier`.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        guard let viewClass else {
            supplementaryClasses[elementKind]?[identifier] = nil
            return
        }
        guard let view = viewClass as? UICollectionReusableView.Type else {
            KinemaDiagnostics.emit("UICollectionView", "register(_:forSupplementaryViewOfKind: \(elementKind), withReuseIdentifier: \(identifier)): \(viewClass) is not a UICollectionReusableView; ignored")
            return
        }
        supplementaryClasses[elementKind, default: [:]][identifier] = view
    }

    // MARK: Counts

    /// The number of sections (the data source's; 0 without one).
    open var numberOfSections: Int { counts.count }

    /// The number of items in `section` as the collection view knows it (0, with a diagnostic,
    /// for a section that does not exist).
    open func numberOfItems(inSection section: Int) -> Int {
        let counts = self.counts
        guard counts.indices.contains(section) else {
            KinemaDiagnostics.emit("UICollectionView", "numberOfItems(inSection: \(section)): there are \(counts.count) sections; returned 0")
            return 0
        }
        return counts[section]
    }

    /// The counts, read from the data source the first time they are needed after a reload.
    var counts: [Int] {
        if let itemCounts { return itemCounts }
        let read = readCounts()
        itemCounts = read
        return read
    }

    /// The data source's counts now (negative answers taken as 0 with a diagnostic).
    func readCounts() -> [Int] {
        guard let dataSource else { return [] }
        var sections = dataSource.numberOfSections(in: self)
        if sections < 0 {
            KinemaDiagnostics.emit("UICollectionView", "numberOfSections(in:) returned \(sections); used 0")
            sections = 0
        }
        return (0..<sections).map { section in
            let items = dataSource.collectionView(self, numberOfItemsInSection: section)
            if items < 0 {
                KinemaDiagnostics.emit("UICollectionView", "collectionView(_:numberOfItemsInSection: \(section)) returned \(items); used 0")
                return 0
            }
            return items
        }
    }

    /// Whether `indexPath` names an item that exists.
    func isValidItem(_ indexPath: IndexPath) -> Bool {
        guard indexPath.count == 2 else { return false }
        let counts = self.counts
        return counts.indices.contains(indexPath.section) && indexPath.item >= 0 && indexPath.item < counts[indexPath.section]
    }

    // MARK: Reloading

    /// Discards the views shown and the counts; the next layout pass re-reads the data source,
    /// prepares the layout again and shows the items. Clears the selection.
    open func reloadData() {
        for (key, view) in visibleViews.inKeyOrder { endDisplaying(view, key: key) }
        resetOrthogonalOffsets()
        visibleViews.removeAll()
        appliedAttributes.removeAll()
        itemCounts = nil
        selectedIndexPaths.removeAll()
        trackedIndexPath = nil
        layout.invalidateLayout()
        setNeedsLayout()
    }
}
