// The seed articles' UIKit samples, copied from ../shared/seeds with only DESIGN.md §1's
// mechanical edits (import line; @IBDesignable / @IBInspectable / @objc dropped; the book's
// unlabelled CGPoint(100,100) / CGSize(w,w) / CGRect(a,b,c,d) helpers defined below), compiled
// and run: what they draw and animate is checked. Seed 000's PushButton and CounterView live in
// KinemaDemos (SeedViews.swift, `public` added), which the drawing demo shows; they are checked
// here.

import Foundation
import Kinema
import KinemaDemos
import KinemaTestSupport
import Testing

// The book writes `CGPoint(100,100)`, `CGSize(w,w)`, `CGRect(0+ii,0+ii,w-ii*2,w-ii*2)`.
extension CGPoint { init(_ x: CGFloat, _ y: CGFloat) { self.init(x: x, y: y) } }
extension CGSize { init(_ width: CGFloat, _ height: CGFloat) { self.init(width: width, height: height) } }
extension CGRect { init(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) { self.init(x: x, y: y, width: width, height: height) } }

// MARK: Seed 000 — "Simple Animation"

final class StyledButtonController: UIViewController {
    let styledButton = UIView(frame: CGRect(x: 20, y: 20, width: 160, height: 50))

    override func viewDidLoad() {
        styledButton.backgroundColor = .systemBlue
        styledButton.layer.cornerRadius = 8
        view.addSubview(styledButton)
    }

    func animate() {
        let newButtonWidth: CGFloat = 60

        UIView.animate(withDuration: 2.0) {
            self.styledButton.frame = CGRect(x: 0, y: 0, width:
        newButtonWidth, height: newButtonWidth)
            self.styledButton.center = self.view.center
            self.styledButton.layer.cornerRadius = newButtonWidth/2
        }
    }
}

// MARK: Seed 001 — UIImageView and UIImage.animatedImage (the book's code inside a controller)

final class MarsController: UIViewController {
    var iv: UIImageView?
    var circles: UIImage?

    func blink(mars: UIImage) {
        let empty = UIGraphicsImageRenderer(size:mars.size).image {_ in}
        let arr = [mars, empty, mars, empty, mars]
        let iv = UIImageView(image:empty)
        iv.frame.origin = CGPoint(100,100)
        self.view.addSubview(iv)
        iv.animationImages = arr
        iv.animationDuration = 2
        iv.animationRepeatCount = 1
        iv.startAnimating()
        self.iv = iv
    }

    func makeCircles() {
        var arr = [UIImage]()
        let w : CGFloat = 18
        for i in 0 ..< 6 {
         let r = UIGraphicsImageRenderer(size:CGSize(w,w))
         arr += [r.image { ctx in
         let con = ctx.cgContext
         con.setFillColor(UIColor.red.cgColor)
         let ii = CGFloat(i)
         con.addEllipse(in:CGRect(0+ii,0+ii,w-ii*2,w-ii*2))
         con.fillPath()
         }]
        }
        let im = UIImage.animatedImage(with:arr, duration:0.5)
        circles = im
    }

    func legacy() {
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(1)
        self.view.backgroundColor = .red
        UIView.commitAnimations()
    }

    func blockBased() {
        UIView.animate (withDuration: 1) {
        self.view.backgroundColor = .red
        }
    }
}

@Suite("Seed UIKit samples")
@MainActor
struct SeedUIKitSampleTests {
    @Test("seed 000 CounterView, drawn by draw(_:) with UIBezierPath, matches the CGContext drawing of the same sample (arc gap at the bottom; tolerance: 2 levels, 0.5 % of pixels — two paths to the same curves)")
    func counterView() throws {
        let stage = Stage(size: CGSize(width: 230, height: 230), scale: 2, threads: 1)
        stage.backgroundColor = nil
        let view = CounterView(frame: CGRect(x: 0, y: 0, width: 230, height: 230))
        view.isOpaque = false
        let frame = stage.withClock {
            stage.window.addSubview(view)
            return stage.step(to: 0)
        }
        try GoldenFolder("Golden", in: .module).expect(
            frame, matchesFile: "seed-counter-view.png",
            within: GoldenTolerance(maximum: 2, mean: 0.2, outlierFraction: 0.005, reason: "UIBezierPath arcs and CGContext arcs flatten the same curves separately"))
    }

    @Test("seed 000 PushButton (a UIButton subclass drawing in draw(_:)) matches the CGContext drawing of the same sample, plus and minus")
    func pushButton() throws {
        for isAddButton in [true, false] {
            let stage = Stage(size: CGSize(width: 100, height: 100), scale: 2, threads: 1)
            stage.backgroundColor = nil
            let button = PushButton(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            button.isAddButton = isAddButton
            let frame = stage.withClock {
                stage.window.addSubview(button)
                return stage.step(to: 0)
            }
            try GoldenFolder("Golden", in: .module).expect(
                frame, matchesFile: isAddButton ? "seed-push-button.png" : "seed-push-button-minus.png",
                within: GoldenTolerance(maximum: 2, mean: 0.2, outlierFraction: 0.005, reason: "UIBezierPath and CGContext paths flatten the same curves separately"))
        }
    }

    @Test("seed 000 Simple Animation: the button shrinks to 60 × 60, moves to the centre and turns round over 2 s")
    func simpleAnimation() {
        let stage = Stage(size: CGSize(width: 320, height: 480), threads: 1)
        let controller = StyledButtonController()
        stage.withClock {
            stage.window.rootViewController = controller
            stage.window.makeKeyAndVisible()
            stage.turn(to: 0)
            controller.animate()
            stage.turn(to: 0.01)
            stage.turn(to: 1.01)
            let shown = controller.styledButton.layer.presentation()
            let ease = CGFloat(CAMediaTimingFunction(name: .easeInEaseOut).value(at: 0.5))
            #expect(abs((shown?.bounds.width ?? 0) - (160 + (60 - 160) * ease)) < 1e-6)
            #expect(abs((shown?.cornerRadius ?? 0) - (8 + (30 - 8) * ease)) < 1e-6)
            stage.turn(to: 2.1)
        }
        #expect(controller.styledButton.frame == CGRect(x: 130, y: 210, width: 60, height: 60))
        #expect(controller.styledButton.layer.presentation()?.position == CGPoint(x: 160, y: 240))
    }

    @Test("seed 001: Mars blinks three times in 2 s, once; the six red circles become a 0.5 s animated image; begin/commit and block animations of backgroundColor")
    func imageSamples() throws {
        let stage = Stage(size: CGSize(width: 320, height: 320), threads: 1)
        let controller = MarsController()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let mars = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { context in
            UIColor.orange.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        try stage.withClock {
            stage.window.rootViewController = controller
            stage.window.makeKeyAndVisible()
            controller.blink(mars: mars)
            controller.makeCircles()
            stage.turn(to: 0)
            let iv = try #require(controller.iv)
            #expect(iv.frame.origin == CGPoint(x: 100, y: 100))
            var shown: [Bool] = []
            for t in [0.2, 0.6, 1.0, 1.4, 1.8, 2.2] {
                stage.turn(to: t)
                shown.append(stage.renderFrame().pixel(x: 110, y: 110)?.blue == 0)
            }
            #expect(shown == [true, false, true, false, true, false])
            #expect(controller.circles?.images?.count == 6 && controller.circles?.duration == 0.5)
            controller.legacy()
            #expect(controller.view.layer.animation(forKey: "backgroundColor")?.duration == 1)
            controller.blockBased()
            #expect(controller.view.layer.animation(forKey: "backgroundColor")?.duration == 1)
        }
    }
}
