// UICollectionViewLayout: the abstract layout a collection view asks where its elements go —
// subclassed by apps (seed 002's CustomCollectionViewLayout) and by UICollectionViewFlowLayout.
//
// Audited against: UICollectionViewLayout docs — collectionView, prepare() ("the collection view
//   calls -prepareLayout once at its first layout as the first message to the layout instance
//   … and every time the layout is invalidated"), collectionViewContentSize,
//   layoutAttributesForElements(in:), layoutAttributesForItem(at:),
//   layoutAttributesForSupplementaryView(ofKind:at:), layoutAttributesForDecorationView(ofKind:at:),
//   register(_:forDecorationViewOfKind:), invalidateLayout(), invalidateLayout(with:),
//   invalidationContextClass, shouldInvalidateLayout(forBoundsChange:) (default false),
//   invalidationContext(forBoundsChange:), shouldInvalidateLayout(forPreferredLayoutAttributes:
//   withOriginalAttributes:), prepare(forCollectionViewUpdates:), finalizeCollectionViewUpdates(),
//   initialLayoutAttributesForAppearingItem(at:) / finalLayoutAttributesForDisappearingItem(at:)
//   (default nil: "the item … at its final/initial location"), targetContentOffset(forProposed
//   ContentOffset:withScrollingVelocity:) (default: the proposed offset), layoutAttributesClass,
//   prepareForTransition(to:/from:), finalizeLayoutTransition(); UIKIT_SEMANTICS §5.3.
// Status: complete for the documented members above. Missing: the interactive-movement and
//   transition-layout members, invalidation context's item-level bookkeeping beyond flags.

import Foundation
import KinemaSupport
import OpenCoreGraphics

/// What changed, for `invalidateLayout(with:)`: a layout may recompute only part of itself.
@MainActor
open class UICollectionViewLayoutInvalidationContext {
    /// Whether everything is invalid (reloadData, a new data source).
    open internal(set) var invalidateEverything = false
    /// Whether the data source's counts changed (a batch update).
    open internal(set) var invalidateDataSourceCounts = false
    /// A change to the content size to add.
    open var contentSizeAdjustment: CGSize = .zero
    /// A change to the content offset to add.
    open var contentOffsetAdjustment: CGPoint = .zero
    /// The items invalidated.
    open private(set) var invalidatedItemIndexPaths: [IndexPath]?

    /// An empty context: nothing marked invalid yet.
    public required init() {}

    /// Marks the items at `indexPaths` invalid.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }
}

/// One change of a batch update, as `prepare(forCollectionViewUpdates:)` sees it.
@MainActor
public final class UICollectionViewUpdateItem {
    /// What the update does.
    public enum Action: Int, Sendable {
        /// What a batch update does to an item: inserts, deletes, reloads or moves it, or nothing.
        case insert, delete, reload, move, none
    }
    /// The item's (or section's: an index path of one index) path before the update; nil for an insert.
    public let indexPathBeforeUpdate: IndexPath?
    /// The path after the update; nil for a delete.
    public let indexPathAfterUpdate: IndexPath?
    /// The action.
    public let updateAction: Action

    init(before: IndexPath?, after: IndexPath?, action: Action) {
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        updateAction = action
    }
}

/// The abstract layout of a collection view: subclass it and override `prepare()`,
/// `collectionViewContentSize`, `layoutAttributesForElements(in:)` and
/// `layoutAttributesForItem(at:)`.
///
/// ```swift
/// final class ColumnLayout: UICollectionViewLayout {
///     private var cache: [UICollectionViewLayoutAttributes] = []
///     override func prepare() {
///         cache = (0..<(collectionView?.numberOfItems(inSection: 0) ?? 0)).map { item in
///             let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
///             a.frame = CGRect(x: 0, y: CGFloat(item) * 50, width: 320, height: 50)
///             return a
///         }
///     }
///     override var collectionViewContentSize: CGSize { CGSize(width: 320, height: CGFloat(cache.count) * 50) }
///     override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
///         cache.filter { $0.frame.intersects(rect) }
///     }
///     override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
///         cache[indexPath.item]
///     }
/// }
/// ```
///
/// **Semantics.** The collection view calls `prepare()` at its first layout and at the next
/// layout after every invalidation (`invalidateLayout()`, `reloadData()`, a batch update, a
/// bounds change the layout asks for), then reads `collectionViewContentSize` and asks for the
/// elements in its visible rectangle on each layout pass (every scroll). The defaults draw
/// nothing: a zero content size and no elements. **Cost.** What the subclass spends.
@MainActor
open class UICollectionViewLayout {
    /// The collection view using this layout (weak), nil until one takes it.
    public internal(set) weak var collectionView: UICollectionView?
    /// Set by invalidation, cleared when the collection view prepares the layout.
    var needsPrepare = true
    /// The decoration view classes, by kind.
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]

    /// The sections whose items scroll across the layout's axis on their own, in layout order
    /// (the compositional layout's orthogonal sections). Default none.
    var orthogonalSections: [OrthogonalSectionGeometry] { [] }

    /// Lets sections adjust their visible elements before they are shown (the compositional
    /// layout's `visibleItemsInvalidationHandler`). `offset(section)` is the scroll offset the
    /// section is seen at. Default: nothing.
    func adjustVisibleElements(_ elements: inout [UICollectionView.ElementKey: UICollectionViewLayoutAttributes],
                               offset: (Int) -> CGPoint) {}

    /// A layout not yet attached to a collection view.
    public init() {}

    /// The class of the attributes the layout makes (override to use a subclass).
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }
    /// The class of the invalidation contexts the layout makes.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    // MARK: Providing the layout

    /// Computes the layout (called before the collection view asks for attributes, after each
    /// invalidation). Default: nothing.
    open func prepare() {}
    /// The size of the whole content. Default zero.
    open var collectionViewContentSize: CGSize { .zero }
    /// The attributes of every element that intersects `rect`. Default nil (none).
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    /// The attributes of the cell at `indexPath`. Default nil.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// The attributes of the supplementary view of `elementKind` at `indexPath`. Default nil.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// The attributes of the decoration view of `elementKind` at `indexPath`. Default nil.
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Registers the view class of decoration views of `elementKind` (nil unregisters).
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        guard let viewClass else {
            decorationClasses[elementKind] = nil
            return
        }
        guard let reusable = viewClass as? UICollectionReusableView.Type else {
            KinemaDiagnostics.emit("UICollectionViewLayout", "register(_:forDecorationViewOfKind: \(elementKind)): \(viewClass) is not a UICollectionReusableView; ignored")
            return
        }
        decorationClasses[elementKind] = reusable
    }

    // MARK: Invalidation

    /// Marks the layout invalid: the collection view calls `prepare()` again at its next layout.
    open func invalidateLayout() {
        needsPrepare = true
        collectionView?.setNeedsLayout()
    }

    /// Invalidates the parts `context` names (the base layout invalidates everything) and adds
    /// the context's offset adjustment to the collection view's content offset.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.contentOffsetAdjustment != .zero, let collectionView {
            let offset = collectionView.contentOffset, delta = context.contentOffsetAdjustment
            collectionView.contentOffset = CGPoint(x: offset.x + delta.x, y: offset.y + delta.y)
        }
        invalidateLayout()
    }

    /// Whether a change of the collection view's bounds (a scroll, a resize) invalidates the
    /// layout. Default false.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context for a bounds change the layout asked to be invalidated for.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        makeInvalidationContext()
    }

    /// Whether a self-sizing cell's preferred attributes invalidate the layout. Default false.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool { false }

    /// The context for a self-sizing cell's preferred attributes.
    open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                  withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        context.invalidateItems(at: [originalAttributes.indexPath])
        return context
    }

    func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
        (type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)?.init()
            ?? UICollectionViewLayoutInvalidationContext()
    }

    // MARK: Updates and transitions

    /// A batch update is about to be animated: `updateItems` lists its changes. Default: nothing.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}
    /// The batch update's animations are set up. Default: nothing.
    open func finalizeCollectionViewUpdates() {}
    /// Where an item appearing in an update starts (nil: at its final attributes). Default nil.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// Where an item disappearing in an update ends (nil: where it is). Default nil.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// Where a supplementary view appearing in an update starts. Default nil.
    open func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// Where a supplementary view disappearing in an update ends. Default nil.
    open func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// This layout is about to replace the collection view's layout. Default: nothing.
    open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}
    /// This layout is about to be replaced by `newLayout`. Default: nothing.
    open func prepareForTransition(to newLayout: UICollectionViewLayout) {}
    /// A layout change is set up. Default: nothing.
    open func finalizeLayoutTransition() {}

    // MARK: Scrolling

    /// Where a flick that would stop at `proposedContentOffset` stops instead: asked when a
    /// release decelerates (in Kinema after the delegate's `scrollViewWillEndDragging`, whose
    /// target it receives; UIKit asks it first). Default: the proposed offset.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                  withScrollingVelocity velocity: CGPoint) -> CGPoint { proposedContentOffset }

    /// The offset to keep after a layout change or update. Default: the proposed offset.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }
}

extension UICollectionViewLayout {
    /// The fade-and-slide rule of the flow and compositional layouts (UIKIT_SEMANTICS §5.3): an
    /// inserted item fades in at its final frame; a moved one starts where it was (`before`
    /// answers the attributes an old index path had before the update).
    func fadingInitialAttributes(at itemIndexPath: IndexPath,
                                 before: (IndexPath) -> UICollectionViewLayoutAttributes?) -> UICollectionViewLayoutAttributes? {
        guard let map = collectionView?.updateMap else { return nil }
        if map.inserted.contains(itemIndexPath) {
            let start = layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes
            start?.alpha = 0
            return start
        }
        guard let old = map.newToOld[itemIndexPath], let attributes = before(old),
              let start = attributes.copy() as? UICollectionViewLayoutAttributes else { return nil }
        start.indexPath = itemIndexPath
        return start
    }

    /// The same rule's end: a deleted item fades out where it was; a moved one ends where it goes.
    func fadingFinalAttributes(at itemIndexPath: IndexPath,
                               before: (IndexPath) -> UICollectionViewLayoutAttributes?) -> UICollectionViewLayoutAttributes? {
        guard let map = collectionView?.updateMap else { return nil }
        if map.deleted.contains(itemIndexPath) {
            let end = before(itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes
            end?.alpha = 0
            return end
        }
        guard let new = map.oldToNew[itemIndexPath] else { return nil }
        return layoutAttributesForItem(at: new)
    }
}
