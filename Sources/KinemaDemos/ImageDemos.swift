// The image-animation demos of seed 001: Mars blinking in a UIImageView, the six red circles of
// an animated UIImage, and an animated GIF played as a UIImage.
//
// Audited against: seed 001 "UIImageView" (let mars = UIImage(named: "Mars")!; empty =
//   UIGraphicsImageRenderer(size: mars.size).image { _ in }; [mars, empty, mars, empty, mars];
//   animationDuration 2; animationRepeatCount 1; startAnimating()), "UIImage.animatedImage"
//   (six red circles 18 pt wide, each inset 1 pt more, animatedImage(with:duration: 0.5)), and its
//   note that GIF frames must be split by hand on iOS (Kinema opens an animated GIF as an
//   animated UIImage, docs/UIKIT.md); UIImageView and UIImage docs.
// Status: complete. "Mars" is a drawn picture (Scripts/demo-images/make_mars.py) shipped as
//   this module's resource and found by UIImage(named:) through UIImage.searchDirectories. The
//   circles play in a UIButton's image view, as in the seed, shown 4× larger.

import Foundation
import Kinema
import KinemaImageIO

extension Demo {
    /// Seed 001's Mars blinking three times, beside its animated red circles.
    public static let marsBlink = Demo(
        name: "mars-blink",
        summary: "seed 001: a UIImageView blinks Mars three times (animationImages, 2 s, once) beside UIImage.animatedImage's six red circles",
        source: "seed 001 — UIImageView frame animation, UIImage.animatedImage",
        size: CGSize(width: 320, height: 240), duration: 3, fps: 30, body: MarsBlinkDemo.build)

    /// An animated GIF, made in memory and opened as an animated UIImage, played by an image view.
    public static let gifFrames = Demo(
        name: "gif-frames",
        summary: "an animated GIF (frames with their own delays) opened as an animated UIImage and played by a UIImageView",
        source: "seed 001 — animated GIF frames",
        size: CGSize(width: 240, height: 180), duration: GIFFramesDemo.delays.reduce(0, +), fps: 30, body: GIFFramesDemo.build)
}

/// The demos' own pictures (this module's resources) become findable by `UIImage(named:)`.
@MainActor
enum DemoImages {
    static func register() {
        // Where the bundle's files land differs between platforms; find the folder by a file in it.
        guard let file = Bundle.module.url(forResource: "Mars", withExtension: "png", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: "Mars", withExtension: "png") else { return }
        let folder = file.deletingLastPathComponent()
        if !UIImage.searchDirectories.contains(folder) {
            UIImage.searchDirectories.append(folder)
        }
    }
}

/// The numbers of the mars-blink demo.
public enum MarsBlinkDemo {
    /// When the blinking starts (demo time).
    public static let startAt = 0.5
    /// The seed's circle image width.
    public static let circleWidth: CGFloat = 18

    @MainActor
    static func build(_ scene: DemoScene) {
        DemoImages.register()
        let view = scene.view
        view.backgroundColor = UIColor(cgColor: Palette.ink)
        // The seed's code, with its `CGPoint(100,100)` helper spelled out.
        guard let mars = UIImage(named: "Mars") else {
            KinemaDiagnostics.emit("mars-blink", "the demo's Mars picture is missing from its resources")
            return
        }
        let empty = UIGraphicsImageRenderer(size: mars.size).image { _ in }
        let arr = [mars, empty, mars, empty, mars]
        let iv = UIImageView(image: empty)
        iv.frame.origin = CGPoint(x: 100, y: 70)
        view.addSubview(iv)
        iv.animationImages = arr
        iv.animationDuration = 2
        iv.animationRepeatCount = 1
        scene.at(startAt) { iv.startAnimating() }

        var circles = [UIImage]()
        let w = circleWidth
        for i in 0 ..< 6 {
            let r = UIGraphicsImageRenderer(size: CGSize(width: w, height: w))
            circles += [r.image { ctx in
                let con = ctx.cgContext
                con.setFillColor(UIColor.red.cgColor)
                let ii = CGFloat(i)
                con.addEllipse(in: CGRect(x: 0 + ii, y: 0 + ii, width: w - ii * 2, height: w - ii * 2))
                con.fillPath()
            }]
        }
        let im = UIImage.animatedImage(with: circles, duration: 0.5)
        let b = UIButton(type: .custom)
        b.frame = CGRect(x: 253, y: 109, width: 18, height: 18)
        b.setImage(im, for: .normal) // b là 1 button trong giao diện
        // Scaled 4× so the circles read in a small recording.
        b.transform = CGAffineTransform(scaleX: 4, y: 4)
        view.addSubview(b)
    }
}

/// The numbers of the gif-frames demo.
public enum GIFFramesDemo {
    /// Each frame's delay: a ball dropping fast and resting at the ends.
    public static let delays: [Double] = [0.5, 0.1, 0.1, 0.1, 0.1, 0.5, 0.1, 0.1, 0.1, 0.1]

    @MainActor
    static func build(_ scene: DemoScene) {
        let view = scene.view
        view.backgroundColor = UIColor(cgColor: Palette.background)
        guard let gif = makeGIF(), let image = UIImage(data: gif) else { return }
        let player = UIImageView(image: image)
        player.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        view.addSubview(player)
    }

    /// A 120 × 120 GIF: a ball falling and rising along ten frames with `delays`.
    @MainActor
    static func makeGIF() -> Data? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 120, height: 120), format: format)
        let heights: [CGFloat] = [10, 30, 55, 80, 95, 95, 80, 55, 30, 10]
        var options = FrameSinkOptions()
        options.loopCount = 0
        guard let writer = try? GIFWriter(options: options) else { return nil }
        for (k, y) in heights.enumerated() {
            let frame = renderer.image { context in
                UIColor(cgColor: Palette.white).setFill()
                context.fill(CGRect(x: 0, y: 0, width: 120, height: 120))
                UIColor(cgColor: Palette.lightGray).setFill()
                context.fill(CGRect(x: 10, y: 112, width: 100, height: 4))
                UIColor(cgColor: k < 5 ? Palette.orange : Palette.blue).setFill()
                UIBezierPath(ovalIn: CGRect(x: 45, y: y, width: 30, height: 30 - (y > 90 ? 6 : 0))).fill()
            }
            guard let pixels = frame.cgImage?.pixmap else { return nil }
            do { try writer.append(pixels, duration: delays[k]) } catch { return nil }
        }
        do { try writer.finish() } catch { return nil }
        return writer.data
    }
}
