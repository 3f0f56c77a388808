// SeedSnapshotTests: iOS-style snapshot tests of the seed samples' views through
// KinemaSnapshotTesting — the push buttons and the counter view as images, a view
// mid-animation, a slide as frames, a flip transition as frames, a fade as a GIF, a view
// controller and a layer — against the references in __Snapshots__/SeedSnapshotTests.
//
// Audited against: swift-snapshot-testing 1.19's `assertSnapshot(of:as:)` under Swift Testing
//   (`Test.current` set: issues are recorded with `Issue.record`, snapshot names counted per test).
// Status: each test also checks pixels of its own snapshot (taken through the strategy's
//   `snapshot` closure) against values worked out from the scene, so a wrong reference recorded
//   by mistake would not pass unnoticed. Record anew with SNAPSHOT_TESTING_RECORD=all (then
//   look at the images).

import Foundation
import Kinema
import KinemaSnapshotTesting
import SnapshotTesting
import Testing

/// Takes a snapshot through `strategy` without comparing it (for the tests' own checks).
@MainActor
func take<Value, Format>(_ value: Value, _ strategy: Snapshotting<Value, Format>) -> Format? {
    var result: Format?
    strategy.snapshot(value).run { result = $0 }
    return result
}

/// The premultiplied RGBA of the pixel (x, y) of `image`.
func pixel(_ image: UIImage?, _ x: Int, _ y: Int) -> [Int] {
    guard let color = image?.cgImage?.pixmap.pixel(x: x, y: y) else { return [-1, -1, -1, -1] }
    return [Int(color.red), Int(color.green), Int(color.blue), Int(color.alpha)]
}

/// A 200 × 100 panel with a 40 × 40 blue square at (20, 30).
@MainActor
func slidePanel() -> (panel: UIView, square: UIView) {
    let panel = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    panel.backgroundColor = .white
    let square = UIView(frame: CGRect(x: 20, y: 30, width: 40, height: 40))
    square.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    panel.addSubview(square)
    return (panel, square)
}

@MainActor
@Suite("Seed views through KinemaSnapshotTesting", .serialized)
struct SeedSnapshotTests {
    @Test("the seed's plus button as an image")
    func pushButton() {
        let button = PushButton(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        assertSnapshot(of: button, as: .image(scale: 2))
        let image = take(button, .image(scale: 2))
        #expect(image?.cgImage?.width == 120)
        #expect(pixel(image, 20, 60) == [0, 255, 0, 255])     // the green oval, left of the plus
        #expect(pixel(image, 60, 60) == [255, 255, 255, 255]) // the plus's centre, white
        #expect(pixel(image, 2, 2)[3] == 0)                    // outside the oval: transparent
    }

    @Test("the seed's minus button as an image")
    func minusButton() {
        let button = PushButton(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        button.fillColor = .red
        button.isAddButton = false
        assertSnapshot(of: button, as: .image(scale: 2))
        let image = take(button, .image(scale: 2))
        #expect(pixel(image, 61, 40) == [255, 0, 0, 255])     // no vertical stroke: red above the bar
    }

    @Test("the seed's counter view as an image")
    func counterView() {
        let counter = CounterView(frame: CGRect(x: 0, y: 0, width: 230, height: 230))
        counter.counter = 5
        assertSnapshot(of: counter, as: .image)
        let image = take(counter, .image)
        // The orange arc's gap is at the bottom (UIKit's clockwise): the top is UIColor.orange
        // (1, 0.5, 0), the bottom middle is clear.
        #expect(pixel(image, 115, 40) == [255, 128, 0, 255])
        #expect(pixel(image, 115, 200)[3] == 0)
    }

    @Test("a view half-way through UIView.animate: .image(at: 0.5), where ease-in-out puts it")
    func midAnimation() {
        let (panel, square) = slidePanel()
        UIView.animate(withDuration: 1) {
            square.center.x += 100
            square.alpha = 0.5
        }
        assertSnapshot(of: panel, as: .image(at: 0.5))
        // Again at 0.5 on the same stage (a subject's later snapshots continue its timeline).
        let image = take(panel, .image(at: 0.5))
        // Ease in-out is symmetric: at half time the square is half-way, x 70…110, and its
        // alpha half-way, 0.75 — blue over white: (64, 64, 255).
        #expect(pixel(image, 90, 50) == [64, 64, 255, 255])
        #expect(pixel(image, 65, 50) == [255, 255, 255, 255])
        #expect(pixel(image, 115, 50) == [255, 255, 255, 255])
        // .image shows the model, as iOS's does: the square at its end (x 120…160), half clear.
        let model = take(panel, .image)
        #expect(pixel(model, 90, 50) == [255, 255, 255, 255])
        #expect(pixel(model, 140, 50)[2] == 255 && pixel(model, 140, 50)[0] < 130)
    }

    @Test("a slide as frames: .frames(at: [0, 0.25, 0.5, 1])")
    func slideFrames() {
        let (panel, square) = slidePanel()
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
            square.center.x += 100
        })
        assertSnapshot(of: panel, as: .frames(at: [0, 0.25, 0.5, 1]))
        let (again, moving) = slidePanel()
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
            moving.center.x += 100
        })
        let frames = take(again, .frames(at: [0, 0.25, 0.5, 1]))?.frames ?? []
        #expect(frames.count == 4)
        // Linear: the square's left edge at 20, 45, 70, 120.
        for (index, left) in [20, 45, 70, 120].enumerated() {
            #expect(pixel(frames[safe: index], left + 1, 50) == [0, 0, 255, 255])
            #expect(pixel(frames[safe: index], left - 1, 50) == [255, 255, 255, 255])
        }
    }

    @Test("the seed's flip transition as frames, after the panel's first image")
    func flipTransition() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 112))
        let front = UIView(frame: container.bounds)
        front.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        let back = UIView(frame: container.bounds)
        back.backgroundColor = UIColor(red: 1, green: 0.6, blue: 0.1, alpha: 1)
        back.isHidden = true
        container.addSubview(front)
        container.addSubview(back)
        // The first snapshot hosts the panel and commits it: the transition then has a picture
        // to turn from, as on a screen.
        assertSnapshot(of: container, as: .image)
        UIView.transition(with: container, duration: 1.5, options: [.transitionFlipFromLeft, .curveEaseInOut], animations: {
            front.isHidden = true
            back.isHidden = false
        })
        assertSnapshot(of: container, as: .frames(at: [0, 0.375, 0.75, 1.125, 1.5]))
    }

    @Test("a fade as a GIF: .gif(duration:fps:)")
    func fadeGIF() {
        let (panel, square) = slidePanel()
        UIView.animate(withDuration: 0.4) { square.alpha = 0 }
        assertSnapshot(of: panel, as: .gif(duration: 0.5, fps: 10))
        let (again, fading) = slidePanel()
        UIView.animate(withDuration: 0.4) { fading.alpha = 0 }
        let gif = take(again, .gif(duration: 0.5, fps: 10))
        // Five frames at 0, 0.1 … 0.4 s, all different (the square fades), lasting 0.5 s.
        #expect(gif?.frames.count == 5)
        #expect(abs((gif?.duration ?? 0) - 0.5) < 0.011)
        #expect(pixel(gif?.frames.first, 40, 50) == [0, 0, 255, 255])
        #expect(pixel(gif?.frames.last, 40, 50) == [255, 255, 255, 255])
    }

    @Test("a view controller's screen, and its appearance animation at 0.25 s")
    func viewController() {
        final class BadgeController: UIViewController {
            let badge = UIView(frame: CGRect(x: 50, y: 100, width: 100, height: 100))
            override func viewDidLoad() {
                super.viewDidLoad()
                view.backgroundColor = UIColor(white: 0.95, alpha: 1)
                badge.backgroundColor = .systemBlue
                badge.layer.cornerRadius = 20
                view.addSubview(badge)
            }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                badge.alpha = 0
                UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: { self.badge.alpha = 1 })
            }
        }
        let size = CGSize(width: 200, height: 300)
        assertSnapshot(of: BadgeController(), as: .image(size: size))
        assertSnapshot(of: BadgeController(), as: .image(at: 0.25, size: size))
        let half = take(BadgeController(), .image(at: 0.25, size: size))
        let whole = take(BadgeController(), .image(size: size))
        // Linear fade-in, half-way at 0.25 s: system blue (0, 122, 255) half over 0.95 white (242).
        #expect(pixel(half, 100, 150) == [121, 182, 249, 255])
        #expect(pixel(whole, 100, 150) == [0, 122, 255, 255])
    }

    @Test("a layer as an image and mid-animation")
    func layer() {
        func makeLayer() -> CALayer {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
            layer.backgroundColor = CGColor(red: 1, green: 0.3, blue: 0.2, alpha: 1)
            layer.cornerRadius = 40
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = Double.pi / 2
            spin.duration = 1
            let dot = CALayer()
            dot.frame = CGRect(x: 35, y: 5, width: 10, height: 10)
            dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            layer.addSublayer(dot)
            layer.add(spin, forKey: "spin")
            return layer
        }
        assertSnapshot(of: makeLayer(), as: .image)
        assertSnapshot(of: makeLayer(), as: .image(at: 1.0 / 3))
        // Linear, a third of the way: turned 30° (clockwise on screen), so the white dot has
        // moved from (40, 10) to (40 + 30 sin 30°, 40 − 30 cos 30°) = (55, 14).
        let turned = take(makeLayer(), .image(at: 1.0 / 3))
        #expect(pixel(turned, 55, 14) == [255, 255, 255, 255])
        #expect(pixel(turned, 40, 10) == [255, 77, 51, 255])
        let still = take(makeLayer(), .image)
        #expect(pixel(still, 40, 10) == [255, 255, 255, 255])
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
