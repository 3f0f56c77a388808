// The pinterest demo's scene: drawn photos, the banner naming each phase, and the timeline of
// flicks, reloads, updates and layout changes (the seed's code is in PinterestDemo.swift).
//
// Audited against: UIScrollView (drags, deceleration, rubber band: UIKIT_SEMANTICS §5.1–§5.2),
//   UICollectionView reloadData / performBatchUpdates / setCollectionViewLayout(_:animated:) docs.
// Status: complete. The scene loops: it returns to its first state 1 s before the end.

import Foundation
import Kinema

enum PinterestDemo {
    static let size = CGSize(width: 320, height: 568)
    static let duration = 15.0
    static let bannerHeight: CGFloat = 44
    /// When each phase begins (demo seconds).
    static let firstFlickAt = 0.5, secondFlickAt = 2.6, pullAt = 5.0, reloadAt = 6.8, fixAt = 8.2,
               thirdFlickAt = 8.7, batchAt = 10.9, flowAt = 12.3, resetAt = 14.0
    /// The batch update's and the layout change's duration (an enclosing UIView animation).
    static let changeDuration = 0.8

    static let palette: [(UIColor, UIColor)] = [
        (UIColor(red: 0.99, green: 0.80, blue: 0.55, alpha: 1), UIColor(red: 0.55, green: 0.30, blue: 0.25, alpha: 1)),
        (UIColor(red: 0.62, green: 0.84, blue: 0.98, alpha: 1), UIColor(red: 0.20, green: 0.36, blue: 0.55, alpha: 1)),
        (UIColor(red: 0.75, green: 0.92, blue: 0.72, alpha: 1), UIColor(red: 0.18, green: 0.45, blue: 0.28, alpha: 1)),
        (UIColor(red: 0.96, green: 0.72, blue: 0.80, alpha: 1), UIColor(red: 0.50, green: 0.20, blue: 0.40, alpha: 1)),
        (UIColor(red: 0.82, green: 0.78, blue: 0.98, alpha: 1), UIColor(red: 0.30, green: 0.25, blue: 0.60, alpha: 1)),
        (UIColor(red: 0.98, green: 0.90, blue: 0.55, alpha: 1), UIColor(red: 0.60, green: 0.42, blue: 0.10, alpha: 1)),
    ]

    /// A landscape of `height` points: sky, sun, two ridges; new photos have a dark sky and a moon.
    @MainActor
    static func photo(_ index: Int, height: CGFloat, isNew: Bool = false) -> Photo {
        let size = CGSize(width: 148, height: height)
        let (sky, ground) = palette[index % palette.count]
        let image = UIGraphicsImageRenderer(size: size).image { context in
            (isNew ? UIColor(red: 0.10, green: 0.12, blue: 0.30, alpha: 1) : sky).setFill()
            context.fill(CGRect(origin: .zero, size: size))
            UIColor(white: 1, alpha: isNew ? 0.95 : 0.8).setFill()
            let sun = CGFloat(18 + (index * 7) % 16)
            UIBezierPath(ovalIn: CGRect(x: size.width * (0.2 + CGFloat(index % 3) * 0.25), y: height * 0.15, width: sun, height: sun)).fill()
            let ridge = UIBezierPath()
            ridge.move(to: CGPoint(x: 0, y: height))
            ridge.addLine(to: CGPoint(x: 0, y: height * 0.7))
            ridge.addLine(to: CGPoint(x: size.width * 0.35, y: height * (0.38 + CGFloat(index % 4) * 0.05)))
            ridge.addLine(to: CGPoint(x: size.width * 0.6, y: height * 0.68))
            ridge.addLine(to: CGPoint(x: size.width * 0.82, y: height * 0.5))
            ridge.addLine(to: CGPoint(x: size.width, y: height * 0.62))
            ridge.addLine(to: CGPoint(x: size.width, y: height))
            ridge.close()
            ground.withAlphaComponent(0.6).setFill()
            ridge.fill()
            ground.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: height * 0.86, width: size.width, height: height * 0.14)).fill()
        }
        return Photo(image: image, caption: isNew ? "New \(index + 1)" : "Photo \(index + 1) · \(Int(height)) pt")
    }

    /// The 60 photos, 90 to 219 pt tall.
    @MainActor
    static func firstPhotos() -> [Photo] {
        (0..<60).map { photo($0, height: CGFloat(90 + ($0 * 53) % 130)) }
    }

    /// The view holding the controller's collection view — and the controller, which nothing
    /// else owns (the collection view holds its data source weakly, as UIKit).
    final class Host: UIView {
        let controller: CustomCollectionViewController

        init(frame: CGRect, controller: CustomCollectionViewController) {
            self.controller = controller
            super.init(frame: frame)
            controller.collectionView.frame = bounds
            addSubview(controller.collectionView)
        }

        required init?(coder: NSCoder) { nil }
    }

    @MainActor
    static func build(_ scene: DemoScene) {
        let banner = UILabel(frame: CGRect(x: 0, y: 0, width: size.width, height: bannerHeight))
        banner.backgroundColor = UIColor(red: 0.11, green: 0.11, blue: 0.12, alpha: 1)
        banner.textColor = .white
        banner.font = UIFont.systemFont(ofSize: 12, weight: .semibold)
        banner.textAlignment = .center
        banner.numberOfLines = 2
        let controller = CustomCollectionViewController(collectionViewLayout: CustomCollectionViewLayout())
        controller.photos = firstPhotos()
        let host = Host(frame: CGRect(x: 0, y: bannerHeight, width: size.width, height: size.height - bannerHeight), controller: controller)
        let collectionView: UICollectionView = controller.collectionView
        scene.view.backgroundColor = .white
        scene.view.addSubview(host)
        scene.view.addSubview(banner)
        func say(_ text: String) { banner.text = text }
        say("seed 002: CustomCollectionViewLayout, 60 photos")
        // Touches are scripted in the demo view's coordinates (the collection view's own move
        // with its content offset). A flick: 20 pt in 0.2 s, then `length` pt in 0.1 s and lift —
        // the key points are reported at any frame rate, so the release velocity (from the last
        // 0.1 s of touches) is length / 0.1 s at 10 fps as at 30.
        func flick(_ length: CGFloat) {
            let point = { (y: CGFloat) in scene.view.convert(CGPoint(x: 160, y: y), to: nil) }
            scene.stage.perform(TouchScript([
                TouchScript.Finger(at: point(500)).move(to: point(480), at: 0.2).move(to: point(480 - length), at: 0.3).lift(),
            ]))
        }
        scene.at(firstFlickAt) { flick(400) }
        scene.at(secondFlickAt) { flick(420) }
        scene.at(pullAt) {
            say("past the bottom: the rubber band, then the spring back")
            let from = scene.view.convert(CGPoint(x: 160, y: 460), to: nil), to = scene.view.convert(CGPoint(x: 160, y: 200), to: nil)
            scene.stage.perform(TouchScript([TouchScript.Finger(at: from).move(to: to, at: 0.5).hold(until: 0.8).lift()]))
        }
        scene.at(reloadAt) {
            controller.photos += (60..<80).map { photo($0, height: CGFloat(100 + ($0 * 31) % 90), isNew: true) }
            collectionView.reloadData()
            say("reloadData, 20 more items: the cache.isEmpty\nguard skips prepare() — none of them appear")
        }
        scene.at(fixAt) {
            let fixed = FixedCustomCollectionViewLayout()
            fixed.delegate = controller
            collectionView.setCollectionViewLayout(fixed, animated: false)
            collectionView.reloadData()
            say("the guard removed: prepare() lays out\nall 80 items — the new ones (dark) below")
        }
        scene.at(thirdFlickAt) { flick(300) }
        scene.at(batchAt) {
            say("performBatchUpdates: 2 deleted, 2 inserted")
            let visible = collectionView.indexPathsForVisibleItems.map(\.item)
            guard visible.count >= 6 else { return }
            let first = visible[1], second = visible[4], insertAt = visible[2] - 1
            controller.photos.remove(at: second)
            controller.photos.remove(at: first)
            controller.photos.insert(photo(80, height: 120, isNew: true), at: insertAt)
            controller.photos.insert(photo(81, height: 160, isNew: true), at: insertAt + 1)
            UIView.animate(withDuration: changeDuration, animations: {
                collectionView.performBatchUpdates {
                    collectionView.deleteItems(at: [IndexPath(item: first, section: 0), IndexPath(item: second, section: 0)])
                    collectionView.insertItems(at: [IndexPath(item: insertAt, section: 0), IndexPath(item: insertAt + 1, section: 0)])
                }
            })
        }
        scene.at(flowAt) {
            say("setCollectionViewLayout(flowLayout,\nanimated: true)")
            let flow = UICollectionViewFlowLayout()
            flow.itemSize = CGSize(width: 148, height: 148)
            flow.minimumLineSpacing = 12
            flow.sectionInset = UIEdgeInsets(top: 6, left: 6, bottom: 6, right: 6)
            UIView.animate(withDuration: changeDuration, animations: {
                collectionView.setCollectionViewLayout(flow, animated: true)
            })
        }
        scene.at(resetAt) {
            controller.photos = firstPhotos()
            collectionView.reloadData()
            let layout = CustomCollectionViewLayout()
            layout.delegate = controller
            collectionView.setCollectionViewLayout(layout, animated: false)
            collectionView.setContentOffset(.zero, animated: false)
            say("seed 002: CustomCollectionViewLayout, 60 photos")
        }
    }
}
