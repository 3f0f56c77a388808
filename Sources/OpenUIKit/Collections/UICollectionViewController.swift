// UICollectionViewController: a view controller whose view is a collection view, and which is
// that collection view's data source and delegate.
//
// Audited against: UICollectionViewController docs — init(collectionViewLayout:), collectionView
//   ("the collection view … created in loadView"), collectionViewLayout,
//   clearsSelectionOnViewWillAppear (default true), installsStandardGestureForInteractiveMovement
//   (stored); "the collection view controller … sets itself as the data source and delegate".
// Status: complete except interactive movement and the layout-transition helpers. The data
//   source and delegate methods are declared here (open) so subclasses `override` them as in UIKit;
//   the default item count is 0, and cellForItemAt's default (never reached with 0 items) is a
//   diagnostic and a plain cell.

import Foundation
import KinemaSupport
import OpenCoreGraphics

/// A view controller showing a collection view it feeds.
///
/// ```swift
/// final class GridController: UICollectionViewController {
///     override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 30 }
///     override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
///         collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
///     }
/// }
/// let controller = GridController(collectionViewLayout: UICollectionViewFlowLayout())
/// ```
@MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private var initialLayout: UICollectionViewLayout

    /// A controller whose collection view (made in `loadView()`) uses `layout`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// No archives: a flow layout and a diagnostic (UIViewController's).
    public required init?(coder: NSCoder) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// Whether the selection is cleared when the view appears (stored). Default true.
    open var clearsSelectionOnViewWillAppear = true
    /// Whether a long press reorders items (stored; no interactive movement in Kinema). Default false.
    open var installsStandardGestureForInteractiveMovement = false

    /// Makes the collection view with the layout, this controller its data source and delegate.
    open override func loadView() {
        let collectionView = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: initialLayout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .systemBackground
        collectionView.dataSource = self
        collectionView.delegate = self
        view = collectionView
    }

    /// Clears the selection first when `clearsSelectionOnViewWillAppear`.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if clearsSelectionOnViewWillAppear, let collectionView = viewIfLoaded as? UICollectionView {
            for indexPath in collectionView.indexPathsForSelectedItems ?? [] { collectionView.deselectItem(at: indexPath, animated: animated) }
        }
    }

    /// The collection view (the view; loads it).
    open var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set { view = newValue }
    }

    /// The collection view's layout.
    open var collectionViewLayout: UICollectionViewLayout {
        (viewIfLoaded as? UICollectionView)?.collectionViewLayout ?? initialLayout
    }

    // MARK: Data source (override these)

    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        KinemaDiagnostics.emit("UICollectionViewController", "\(type(of: self)) does not override collectionView(_:cellForItemAt:); showed an empty cell")
        return UICollectionViewCell(frame: .zero)
    }

    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        KinemaDiagnostics.emit("UICollectionViewController", "\(type(of: self)) does not override collectionView(_:viewForSupplementaryElementOfKind:at:); showed an empty view")
        return UICollectionReusableView(frame: .zero)
    }

    // MARK: Delegate (override these)

    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    open func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}
