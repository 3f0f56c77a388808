// pinterest: seed 002's two-column, dynamic-height collection view layout over 60 drawn photos
// with captions — a flick down with iOS's deceleration, the bounce and a rubber band at the
// bottom; reloadData with 20 more items, first with the article's `cache.isEmpty` guard (the new
// items never appear, as the article warns) and then with the guard removed (they do); an
// animated batch delete and insert; and an animated switch to a flow layout.
//
// Audited against: seed 002 "UICollectionView Custom Layout Tutorial" (TracDV:
//   CustomCollectionViewLayoutDelegate, CustomCollectionViewLayout's five parts, prepare(),
//   layoutAttributesForElements(in:), layoutAttributesForItem(at:), the view controller's
//   extension and viewDidLoad lines, the fix); UICollectionView / UICollectionViewLayout /
//   UICollectionViewFlowLayout docs; UIKIT_SEMANTICS §5.1–§5.3.
// Edits to the article's code: `import UIKit` → `import Kinema`; the delegate protocol is marked
//   `@MainActor` (Swift 6 language mode refuses a main-actor view controller's conformance
//   otherwise, on iOS too). Not shown in the article, so written here: the class line and
//   closing braces of the layout, the view controller's class (a UICollectionViewController),
//   its Photo model, cell and data source, and the fixed layout's class — the article's fix (the
//   guard's `cache.isEmpty` commented out) plus one marked line that empties the cache first:
//   the fix alone appends every attribute again at each prepare() (SeedCollectionLayoutTests
//   shows the doubled cache), which leaves layoutAttributesForItem(at:) answering from the first
//   pass.
// Status: complete.

import Foundation
import Kinema

extension Demo {
    /// Seed 002's Pinterest layout: scrolling, the reloadData pitfall and its fix, updates, a layout change.
    public static let pinterest = Demo(
        name: "pinterest",
        summary: "seed 002's two-column dynamic-height layout: a flick with deceleration and bounce, the rubber band, reloadData with and without the cache.isEmpty guard, an animated batch update, an animated switch to a flow layout",
        source: "seed 002 — UICollectionView Custom Layout Tutorial (CustomCollectionViewLayout)",
        size: PinterestDemo.size, duration: PinterestDemo.duration, fps: 30, body: PinterestDemo.build)
}

// MARK: The article's code

@MainActor   // Swift 6 language mode (see the header)
protocol CustomCollectionViewLayoutDelegate: AnyObject {
  func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat
}

class CustomCollectionViewLayout: UICollectionViewLayout {   // class line: written in
    // 1
    weak var delegate: CustomCollectionViewLayoutDelegate?

    // 2
    private let numberOfColumns = 2
    private let cellPadding: CGFloat = 6

    // 3
    private var cache: [UICollectionViewLayoutAttributes] = []

    // 4
    private var contentHeight: CGFloat = 0

    private var contentWidth: CGFloat {
      guard let collectionView = collectionView else {
        return 0
      }
      let insets = collectionView.contentInset
      return collectionView.bounds.width - (insets.left + insets.right)
    }
    // 5
    override var collectionViewContentSize: CGSize {
      return CGSize(width: contentWidth, height: contentHeight)
    }

    override func prepare() {
      // 1
      guard
        cache.isEmpty,
        let collectionView = collectionView
        else {
          return
      }
      // 2
      let columnWidth = contentWidth / CGFloat(numberOfColumns)
      var xOffset: [CGFloat] = []
      for column in 0..<numberOfColumns {
        xOffset.append(CGFloat(column) * columnWidth)
      }
      var column = 0
      var yOffset: [CGFloat] = .init(repeating: 0, count: numberOfColumns)

      // 3
      for item in 0..<collectionView.numberOfItems(inSection: 0) {
        let indexPath = IndexPath(item: item, section: 0)

        // 4
        let photoHeight = delegate?.collectionView(
          collectionView,
          heightForPhotoAtIndexPath: indexPath) ?? 180
        let height = cellPadding * 2 + photoHeight
        let frame = CGRect(x: xOffset[column],
                           y: yOffset[column],
                           width: columnWidth,
                           height: height)
        let insetFrame = frame.insetBy(dx: cellPadding, dy: cellPadding)

        // 5
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = insetFrame
        cache.append(attributes)

        // 6
        contentHeight = max(contentHeight, frame.maxY)
        yOffset[column] = yOffset[column] + height

        column = column < (numberOfColumns - 1) ? (column + 1) : 0
      }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
      var visibleLayoutAttributes: [UICollectionViewLayoutAttributes] = []

      // Loop through the cache and look for items in the rect
      for attributes in cache {
        if attributes.frame.intersects(rect) {
          visibleLayoutAttributes.append(attributes)
        }
      }
      return visibleLayoutAttributes
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
      return cache[indexPath.item]
    }
}

// Written in: the article's fix — the guard's `cache.isEmpty` commented out — and one marked line.
class FixedCustomCollectionViewLayout: UICollectionViewLayout {
    weak var delegate: CustomCollectionViewLayoutDelegate?
    private let numberOfColumns = 2
    private let cellPadding: CGFloat = 6
    private var cache: [UICollectionViewLayoutAttributes] = []
    private var contentHeight: CGFloat = 0
    private var contentWidth: CGFloat {
      guard let collectionView = collectionView else { return 0 }
      let insets = collectionView.contentInset
      return collectionView.bounds.width - (insets.left + insets.right)
    }
    override var collectionViewContentSize: CGSize {
      return CGSize(width: contentWidth, height: contentHeight)
    }
    override func prepare() {
      // 1
      guard
//        cache.isEmpty,
        let collectionView = collectionView
        else {
          return
      }
      cache.removeAll(); contentHeight = 0   // Kinema: not in the article (see the header)
      let columnWidth = contentWidth / CGFloat(numberOfColumns)
      var xOffset: [CGFloat] = []
      for column in 0..<numberOfColumns {
        xOffset.append(CGFloat(column) * columnWidth)
      }
      var column = 0
      var yOffset: [CGFloat] = .init(repeating: 0, count: numberOfColumns)
      for item in 0..<collectionView.numberOfItems(inSection: 0) {
        let indexPath = IndexPath(item: item, section: 0)
        let photoHeight = delegate?.collectionView(collectionView, heightForPhotoAtIndexPath: indexPath) ?? 180
        let height = cellPadding * 2 + photoHeight
        let frame = CGRect(x: xOffset[column], y: yOffset[column], width: columnWidth, height: height)
        let insetFrame = frame.insetBy(dx: cellPadding, dy: cellPadding)
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = insetFrame
        cache.append(attributes)
        contentHeight = max(contentHeight, frame.maxY)
        yOffset[column] = yOffset[column] + height
        column = column < (numberOfColumns - 1) ? (column + 1) : 0
      }
    }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
      var visibleLayoutAttributes: [UICollectionViewLayoutAttributes] = []
      for attributes in cache {
        if attributes.frame.intersects(rect) {
          visibleLayoutAttributes.append(attributes)
        }
      }
      return visibleLayoutAttributes
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
      return cache[indexPath.item]
    }
}

// Written in: the view controller around the article's two snippets, its model and cell.
struct Photo {
    var image: UIImage
    var caption: String
}

final class PhotoCell: UICollectionViewCell {
    let imageView = UIImageView(image: nil)
    let captionLabel = UILabel(frame: .zero)

    required init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 8
        contentView.clipsToBounds = true
        contentView.backgroundColor = UIColor(white: 0.9, alpha: 1)
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        contentView.addSubview(imageView)
        captionLabel.font = UIFont.systemFont(ofSize: 11, weight: .semibold)
        captionLabel.textColor = .white
        captionLabel.backgroundColor = UIColor(white: 0, alpha: 0.45)
        captionLabel.textAlignment = .center
        contentView.addSubview(captionLabel)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = contentView.bounds
        captionLabel.frame = CGRect(x: 0, y: contentView.bounds.height - 20, width: contentView.bounds.width, height: 20)
    }
}

class CustomCollectionViewController: UICollectionViewController {
    var photos: [Photo] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        // The article's lines:
        if let layout = collectionView.collectionViewLayout as? CustomCollectionViewLayout {
            layout.delegate = self
        }
        collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: "Photo")
        collectionView.backgroundColor = .white
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        photos.count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
        if let cell = cell as? PhotoCell {
            cell.imageView.image = photos[indexPath.item].image
            cell.captionLabel.text = photos[indexPath.item].caption
        }
        return cell
    }
}

// The article's extension:
extension CustomCollectionViewController: CustomCollectionViewLayoutDelegate {
  func collectionView(
    _ collectionView: UICollectionView,
    heightForPhotoAtIndexPath indexPath:IndexPath) -> CGFloat {
    return photos[indexPath.item].image.size.height
  }
}
