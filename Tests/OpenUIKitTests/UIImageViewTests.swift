// UIImageView: still images, frame animation timing (animationDuration default count × 1/30 s,
// repeat count, stop), animated images playing by themselves at their own frame delays.

import Foundation
import Kinema
import KinemaImageIO
import Testing

@MainActor
private func solid(_ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, size: CGFloat = 4) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: CGSize(width: size, height: size), format: format).image { context in
        UIColor(red: red, green: green, blue: blue, alpha: 1).setFill()
        context.fill(CGRect(x: 0, y: 0, width: size, height: size))
    }
}

@MainActor
private func shownRed(_ stage: Stage, at point: (Int, Int)) -> UInt8? {
    stage.renderFrame().pixel(x: point.0, y: point.1)?.red
}

@Suite("UIImageView")
@MainActor
struct UIImageViewTests {
    @Test("init(image:) sizes the view to the image; user interaction is off by default")
    func initWithImage() {
        let view = UIImageView(image: solid(1, 0, 0, size: 8))
        #expect(view.frame.size == CGSize(width: 8, height: 8))
        #expect(!view.isUserInteractionEnabled)
        #expect(view.layer.contents != nil)
        #expect(view.intrinsicContentSize == CGSize(width: 8, height: 8))
    }

    @Test("frame animation: each image for duration / count, repeat count honoured, then the still image again (seed 001's Mars blink)")
    func frameAnimation() {
        let stage = Stage(size: CGSize(width: 10, height: 10), threads: 1)
        let red = solid(1, 0, 0, size: 10), black = solid(0, 0, 0, size: 10)
        let view = UIImageView(image: black)
        stage.withClock {
            stage.window.addSubview(view)
            view.animationImages = [red, black, red, black, red]
            view.animationDuration = 2
            view.animationRepeatCount = 1
            view.startAnimating()
            stage.turn(to: 0)
            #expect(view.isAnimating)
            let samples = [0.1, 0.5, 0.9, 1.3, 1.7].map { t -> UInt8? in
                stage.turn(to: t)
                return shownRed(stage, at: (5, 5))
            }
            #expect(samples == [255, 0, 255, 0, 255])
            stage.turn(to: 2.1)
            #expect(shownRed(stage, at: (5, 5)) == 0)
            #expect(!view.isAnimating)
        }
    }

    @Test("animationDuration 0 plays at 1/30 s a frame; stopAnimating shows the image again")
    func defaultDurationAndStop() {
        let stage = Stage(size: CGSize(width: 10, height: 10), threads: 1)
        let view = UIImageView(image: solid(0, 0, 1, size: 10))
        stage.withClock {
            stage.window.addSubview(view)
            view.animationImages = [solid(1, 0, 0, size: 10), solid(0, 1, 0, size: 10)]
            view.startAnimating()
            stage.turn(to: 0)
            stage.turn(to: 0.02)
            #expect(shownRed(stage, at: (5, 5)) == 255)
            stage.turn(to: 0.05)
            #expect(shownRed(stage, at: (5, 5)) == 0)
            #expect(stage.renderFrame().pixel(x: 5, y: 5)?.green == 255)
            stage.turn(to: 0.08)
            #expect(shownRed(stage, at: (5, 5)) == 255)   // repeats forever
            view.stopAnimating()
            #expect(!view.isAnimating)
            stage.turn(to: 0.1)
            #expect(stage.renderFrame().pixel(x: 5, y: 5)?.blue == 255)
        }
    }

    @Test("an animated UIImage plays by itself, each frame for its share of the duration")
    func animatedImage() {
        let stage = Stage(size: CGSize(width: 10, height: 10), threads: 1)
        let image = UIImage.animatedImage(with: [solid(1, 0, 0, size: 10), solid(0, 1, 0, size: 10)], duration: 1)
        let view = UIImageView(image: image)
        stage.withClock {
            stage.window.addSubview(view)
            stage.turn(to: 0)
            stage.turn(to: 0.25)
            #expect(shownRed(stage, at: (5, 5)) == 255)
            stage.turn(to: 0.75)
            #expect(stage.renderFrame().pixel(x: 5, y: 5)?.green == 255)
            stage.turn(to: 1.25)
            #expect(shownRed(stage, at: (5, 5)) == 255)
        }
    }

    @Test("an animated GIF plays each frame for its own delay (0.1 s red, 0.3 s green), then loops")
    func gifDelays() throws {
        let writer = try GIFWriter()
        try writer.append(try #require(solid(1, 0, 0, size: 10).cgImage?.pixmap), duration: 0.1)
        try writer.append(try #require(solid(0, 1, 0, size: 10).cgImage?.pixmap), duration: 0.3)
        try writer.finish()
        let data = try #require(writer.data)
        let image = try #require(UIImage(data: data))
        #expect(image.images?.count == 2 && abs(image.duration - 0.4) < 1e-9)
        let stage = Stage(size: CGSize(width: 10, height: 10), threads: 1)
        let view = UIImageView(image: image)
        stage.withClock {
            stage.window.addSubview(view)
            stage.turn(to: 0)
            let samples = [0.05, 0.15, 0.35, 0.45, 0.6].map { t -> Bool in
                stage.turn(to: t)
                return shownRed(stage, at: (5, 5)) == 255
            }
            #expect(samples == [true, false, false, true, false])
        }
    }

    @Test("bad input: empty animationImages, negative duration and repeat count — diagnostics, no trap")
    func badInput() {
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            view.animationImages = []
            view.startAnimating()
            view.animationImages = [solid(1, 0, 0)]
            view.animationDuration = -1
            view.animationRepeatCount = -2
            view.startAnimating()
        }
        #expect(diagnostics.count == 3)
        #expect(view.isAnimating)
        view.image = nil
        #expect(view.layer.contents == nil)
    }
}
