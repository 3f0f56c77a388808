// UICollectionViewLayoutAttributes: where a layout puts one element of a collection view — a
// cell, a supplementary view or a decoration view — and how it looks there.
//
// Audited against: UICollectionViewLayoutAttributes docs — init(forCellWith:),
//   init(forSupplementaryViewOfKind:with:), init(forDecorationViewOfKind:with:), frame ("the
//   frame rectangle of the item"; setting it sets center and size), center, size, bounds,
//   transform, transform3D ("if you set … transform3D, the value of transform is replaced"),
//   alpha, zIndex, isHidden, indexPath, representedElementCategory, representedElementKind
//   (nil for cells); NSCopying (`copy()`: subclasses copy their own properties).
// Status: complete. Deviation: the class is not an NSObject (Kinema's UIKit classes are plain
//   Swift classes); subclasses copy their own properties by overriding `copy(with:)`, and must
//   keep `required init()` so `copy` can make one of their class.

import Foundation
import OpenCoreGraphics
import OpenQuartzCore

extension UICollectionView {
    /// What kind of element a set of layout attributes places.
    public enum ElementCategory: Int, Sendable {
        /// A cell.
        case cell = 0
        /// A supplementary view, such as a header or footer.
        case supplementaryView = 1
        /// A decoration view.
        case decorationView = 2
    }
}

/// Where a collection view layout places one element, and its transform, alpha, stacking and
/// visibility there. A layout makes one per element, in `prepare()` or on demand; the collection
/// view applies it to the element's view (`UICollectionReusableView.apply(_:)`).
///
/// ```swift
/// let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
/// attributes.frame = CGRect(x: 6, y: 190, width: 148, height: 120)
/// attributes.alpha = 0.5
/// ```
///
/// **Semantics.** `frame` is derived from `center` and `size` (as on iOS, a transform does not
/// change it); `bounds` is `(0, 0, size)`. Setting `transform` sets `transform3D` to its 3D form
/// and back. **Cost.** A small object; copying is a few stores.
@MainActor
open class UICollectionViewLayoutAttributes {
    /// The element's centre, in the collection view's content coordinates.
    open var center: CGPoint = .zero
    /// The element's size.
    open var size: CGSize = .zero
    /// The element's 3D transform (about its centre). Default identity.
    open var transform3D: CATransform3D = CATransform3DIdentity
    /// The element's opacity, 0…1. Default 1.
    open var alpha: CGFloat = 1
    /// The element's stacking order: greater is in front. Default 0 (cells), 0 for others too.
    open var zIndex: Int = 0
    /// Whether the element is hidden. Default false.
    open var isHidden = false
    /// The element's index path.
    open var indexPath = IndexPath(item: 0, section: 0)
    /// Whether the element is a cell, a supplementary view or a decoration view.
    public private(set) var representedElementCategory: UICollectionView.ElementCategory = .cell
    /// The kind of a supplementary or decoration view; nil for a cell.
    public private(set) var representedElementKind: String?

    /// Attributes of nothing in particular (a cell at [0, 0]); `copy` makes subclasses with it.
    public required init() {}

    /// Attributes of the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Attributes of the supplementary view of `elementKind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// Attributes of the decoration view of `decorationViewKind` at `indexPath`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// The element's frame: `center` and `size` (setting it sets both).
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            let rect = newValue.standardized
            size = rect.size
            center = CGPoint(x: rect.midX, y: rect.midY)
        }
    }

    /// The element's bounds: `(0, 0, size)`; setting it sets `size`.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.standardized.size }
    }

    /// The element's affine transform: `transform3D` read as 2D (setting it replaces `transform3D`).
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }

    /// A copy of the attributes, of the same class (`copy(with:)`).
    public func copy() -> Any {
        copy(with: nil)
    }

    /// A copy of the attributes, of the same class. Subclasses with properties of their own
    /// override it: call `super.copy(with:)`, cast, and copy their properties over.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.center = center
        copy.size = size
        copy.transform3D = transform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.indexPath = indexPath
        copy.representedElementCategory = representedElementCategory
        copy.representedElementKind = representedElementKind
        return copy
    }

    /// Whether `other` places its element the same way (UIKit's `isEqual(_:)`).
    open func isEqual(_ other: Any?) -> Bool {
        guard let other = other as? UICollectionViewLayoutAttributes else { return false }
        return center == other.center && size == other.size && CATransform3DEqualToTransform(transform3D, other.transform3D)
            && alpha == other.alpha && zIndex == other.zIndex && isHidden == other.isHidden && indexPath == other.indexPath
            && representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind
    }

    /// The key the collection view files the element under.
    var elementKey: UICollectionView.ElementKey {
        UICollectionView.ElementKey(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
    }

    /// Whether every number is finite (a layout's NaN frame is refused with a diagnostic).
    var isFinite: Bool {
        center.x.isFinite && center.y.isFinite && size.width.isFinite && size.height.isFinite && alpha.isFinite
    }
}
