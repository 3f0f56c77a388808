// Seed 002's Pinterest-style layout ("UICollectionView Custom Layout Tutorial", TracDV): the
// article's CustomCollectionViewLayout and its view controller's two snippets, with the frames
// of known photo heights, and the pitfall the article warns about — the `cache.isEmpty` guard
// keeps reloadData from showing new items — reproduced, then the article's fix.
//
// Audited against: seed 002 (the delegate protocol, the layout class's five numbered parts,
//   prepare(), layoutAttributesForElements(in:), layoutAttributesForItem(at:), the view
//   controller's extension and viewDidLoad lines, the fix: the guard's `cache.isEmpty` commented
//   out); UICollectionViewLayout docs (prepare() after each invalidation; reloadData invalidates).
// Edits to the article's code: `import UIKit` → `import Kinema`; `weak var delegate:
//   CustomCollectionViewLayoutDelegate?` spelled `(any CustomCollectionViewLayoutDelegate)?`
//   (the package's ExistentialAny setting); the protocol is marked `@MainActor` (Swift 6 language
//   mode refuses a main-actor view controller's conformance otherwise, on iOS too); the class line and closing braces the article leaves
//   out are written in. Not shown in the article, so written here and marked: the view
//   controller's class (a UICollectionViewController), its `Photo` model and data source, and
//   the fixed layout's class (the same code with the guard's `cache.isEmpty` commented out).
// Status: complete.

import Foundation
import Kinema
import KinemaRaster
import Testing

// MARK: The article's code

@MainActor   // Swift 6 language mode: the conforming view controller is main-actor isolated
protocol CustomCollectionViewLayoutDelegate: AnyObject {
  func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat
}

class CustomCollectionViewLayout: UICollectionViewLayout {   // class line: written in
    // 1
    weak var delegate: (any CustomCollectionViewLayoutDelegate)?

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

// Written in: the article's fix applied — the same class with the guard's `cache.isEmpty`
// commented out, as the article shows it.
class FixedCustomCollectionViewLayout: UICollectionViewLayout {
    weak var delegate: (any CustomCollectionViewLayoutDelegate)?
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

// Written in: the view controller around the article's two snippets.
struct Photo {
    var image: UIImage
}

class CustomCollectionViewController: UICollectionViewController {
    var photos: [Photo] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        // The article's lines:
        if let layout = collectionView.collectionViewLayout as? CustomCollectionViewLayout {
            layout.delegate = self
        }
        // Written in: the fixed layout gets the delegate too; the cell class.
        if let layout = collectionView.collectionViewLayout as? FixedCustomCollectionViewLayout {
            layout.delegate = self
        }
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Photo")
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        photos.count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
        cell.contentView.backgroundColor = .systemTeal
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

// MARK: Tests

@MainActor
func seedPhotos(_ heights: [CGFloat]) -> [Photo] {
    heights.map { height in
        Photo(image: UIGraphicsImageRenderer(size: CGSize(width: 10, height: height)).image { context in
            UIColor.systemTeal.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: height))
        })
    }
}

@MainActor
func seedStage(_ layout: UICollectionViewLayout, heights: [CGFloat]) -> (Stage, CustomCollectionViewController) {
    let stage = Stage(size: CGSize(width: 320, height: 568), scale: 1, threads: 1)
    let controller = CustomCollectionViewController(collectionViewLayout: layout)
    stage.withClock {
        controller.photos = seedPhotos(heights)
        stage.window.rootViewController = controller
        stage.window.makeKeyAndVisible()
        controller.collectionView.frame = CGRect(x: 0, y: 0, width: 320, height: 568)
        stage.turn(to: 0)
    }
    return (stage, controller)
}

@Suite("Seed 002's collection view layout")
@MainActor
struct SeedCollectionLayoutTests {
    @Test("two columns taken in turn, 6 pt padding: the frames and content height of known photo heights")
    func framesOfKnownHeights() throws {
        let (_, controller) = seedStage(CustomCollectionViewLayout(), heights: [100, 50, 80, 120, 60])
        let collectionView = try #require(controller.collectionView)
        let frames = (0..<5).map { collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames[0] == CGRect(x: 6, y: 6, width: 148, height: 100))
        #expect(frames[1] == CGRect(x: 166, y: 6, width: 148, height: 50))
        #expect(frames[2] == CGRect(x: 6, y: 118, width: 148, height: 80))
        #expect(frames[3] == CGRect(x: 166, y: 68, width: 148, height: 120))
        #expect(frames[4] == CGRect(x: 6, y: 210, width: 148, height: 60))
        #expect(collectionView.contentSize == CGSize(width: 320, height: 276))
        // The cells sit at those frames.
        #expect(collectionView.cellForItem(at: IndexPath(item: 3, section: 0))?.frame == frames[3])
        #expect(collectionView.visibleCells.count == 5)
    }

    @Test("the pitfall: with the cache.isEmpty guard, reloadData with 20 more items shows none of them")
    func pitfallReproduced() throws {
        let heights = (0..<60).map { CGFloat(80 + ($0 * 37) % 120) }
        let (stage, controller) = seedStage(CustomCollectionViewLayout(), heights: heights)
        let collectionView = try #require(controller.collectionView)
        let before = collectionView.contentSize
        stage.withClock {
            controller.photos += seedPhotos((0..<20).map { CGFloat(60 + $0 * 5) })
            collectionView.reloadData()
            stage.turn(to: 0.1)
            collectionView.setContentOffset(CGPoint(x: 0, y: collectionView.contentSize.height - 568), animated: false)
            stage.turn(to: 0.2)
        }
        #expect(collectionView.numberOfItems(inSection: 0) == 80)
        #expect(collectionView.contentSize == before)   // prepare() returned at once: 60 items' height
        #expect(!collectionView.visibleCells.isEmpty)
        #expect(collectionView.indexPathsForVisibleItems.allSatisfy { $0.item < 60 })
    }

    @Test("the article's fix: without the guard the 20 new items are laid out and shown at the bottom — and the cache holds both passes")
    func pitfallFixed() throws {
        let heights = (0..<60).map { CGFloat(80 + ($0 * 37) % 120) }
        let (stage, controller) = seedStage(FixedCustomCollectionViewLayout(), heights: heights)
        let collectionView = try #require(controller.collectionView)
        let before = collectionView.contentSize
        stage.withClock {
            controller.photos += seedPhotos((0..<20).map { CGFloat(60 + $0 * 5) })
            collectionView.reloadData()
            stage.turn(to: 0.1)
            collectionView.setContentOffset(CGPoint(x: 0, y: collectionView.contentSize.height - 568), animated: false)
            stage.turn(to: 0.2)
        }
        #expect(collectionView.contentSize.height > before.height)
        #expect(collectionView.indexPathsForVisibleItems.contains(IndexPath(item: 79, section: 0)))
        // Item 79 (height 155) is in column 1 at the very bottom.
        let last = try #require(collectionView.cellForItem(at: IndexPath(item: 79, section: 0)))
        #expect(last.frame.minX == 166 && last.frame.height == 155)
        #expect(abs(last.frame.maxY + 6 - collectionView.contentSize.height) < 1e-9
                || last.frame.maxY + 6 < collectionView.contentSize.height)
        // As the article writes it, prepare() appends to the cache again: every item twice.
        let everything = CGRect(origin: .zero, size: collectionView.contentSize)
        #expect(collectionView.collectionViewLayout.layoutAttributesForElements(in: everything)?.count == 140)
    }

    @Test("rendered: the cells cover their frames, the 12 pt gutters between them show the background")
    func rendered() throws {
        let (stage, controller) = seedStage(CustomCollectionViewLayout(), heights: [100, 50, 80, 120, 60])
        controller.collectionView.backgroundColor = .white
        let frame = stage.withClock { stage.step(to: 0.1) }
        func rgb(_ x: Int, _ y: Int) throws -> [UInt8] {
            let pixel = try #require(frame.pixel(x: x, y: y))
            return [pixel.red, pixel.green, pixel.blue]
        }
        let teal = try rgb(80, 56)                  // inside item 0 (6…154 × 6…106)
        #expect(teal != [255, 255, 255])
        #expect(try rgb(240, 128) == teal)          // item 3 (166…314 × 68…188)
        #expect(try rgb(160, 56) == [255, 255, 255])   // between the columns
        #expect(try rgb(240, 62) == [255, 255, 255])   // between items 1 and 3
        #expect(try rgb(80, 300) == [255, 255, 255])   // below the content (item 4 ends at 270)
    }
}
