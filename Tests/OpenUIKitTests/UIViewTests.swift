// UIView's geometry, hierarchy, layout, drawing and hit-testing, and hosting a screen on a Stage.

import Foundation
import Kinema
import Testing

@Suite("UIView")
@MainActor
struct UIViewTests {
    @Test("frame, bounds, center and transform are the layer's (UIView docs: center is the layer's position)")
    func geometry() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.layer.position == view.center)
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == CGRect(x: -40, y: -5, width: 200, height: 100))
        #expect(view.transform3D.m11 == 2)
        view.alpha = 0.25
        #expect(view.layer.opacity == 0.25)
        view.backgroundColor = .red
        #expect(view.layer.backgroundColor == UIColor.red.cgColor)
        view.clipsToBounds = true
        #expect(view.layer.masksToBounds)
        view.contentMode = .top
        #expect(view.layer.contentsGravity == .bottom)   // Core Animation's y-up naming
    }

    @Test("hierarchy: add, insert at/above/below, bring to front, send to back, exchange — layers follow the subviews' order")
    func hierarchy() {
        let root = UIView()
        let a = UIView(), b = UIView(), c = UIView(), d = UIView()
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, at: 0)
        root.insertSubview(d, aboveSubview: c)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [c, d, a, b].map { ObjectIdentifier($0) })
        root.bringSubviewToFront(c)
        root.sendSubviewToBack(b)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [b, d, a, c].map { ObjectIdentifier($0) })
        root.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [c, d, a, b].map { ObjectIdentifier($0) })
        #expect(root.layer.sublayers?.map { ObjectIdentifier($0) } == [c, d, a, b].map { ObjectIdentifier($0.layer) })
        a.removeFromSuperview()
        #expect(a.superview == nil && root.subviews.count == 3 && a.layer.superlayer == nil)
    }

    @Test("a view added to its own subtree: a diagnostic and nothing changes")
    func cycle() {
        let root = UIView(), child = UIView()
        root.addSubview(child)
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            child.addSubview(root)
            root.addSubview(root)
        }
        #expect(diagnostics.count == 2)
        #expect(root.superview == nil && child.superview === root)
    }

    @Test("viewWithTag searches depth first from the view itself; isDescendant(of:)")
    func tags() {
        let root = UIView(), a = UIView(), b = UIView()
        root.addSubview(a)
        a.addSubview(b)
        b.tag = 7
        #expect(root.viewWithTag(7) === b)
        #expect(root.viewWithTag(0) === root)
        #expect(b.isDescendant(of: root) && !root.isDescendant(of: b))
    }

    @Test("hooks run in UIKit's order when a view moves into a window")
    func hooks() {
        final class Probe: UIView {
            var log: [String] = []
            override func willMove(toSuperview newSuperview: UIView?) { log.append("willMoveToSuperview") }
            override func didMoveToSuperview() { log.append("didMoveToSuperview") }
            override func willMove(toWindow newWindow: UIWindow?) { log.append(newWindow == nil ? "willLeaveWindow" : "willMoveToWindow") }
            override func didMoveToWindow() { log.append("didMoveToWindow") }
        }
        let stage = Stage(size: CGSize(width: 50, height: 50), threads: 1)
        let probe = Probe()
        stage.withClock {
            stage.window.addSubview(probe)
            probe.removeFromSuperview()
        }
        #expect(probe.log == ["willMoveToSuperview", "willMoveToWindow", "didMoveToSuperview", "didMoveToWindow",
                              "willMoveToSuperview", "willLeaveWindow", "didMoveToSuperview", "didMoveToWindow"])
    }

    @Test("autoresizing: flexible parts share the change in proportion to their lengths (autoresizingMask docs)")
    func autoresizing() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let fill = UIView(frame: CGRect(x: 10, y: 10, width: 180, height: 80))
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let pinned = UIView(frame: CGRect(x: 150, y: 0, width: 50, height: 20))
        pinned.autoresizingMask = [.flexibleLeftMargin]
        let both = UIView(frame: CGRect(x: 50, y: 0, width: 100, height: 10))
        both.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
        for view in [fill, pinned, both] { root.addSubview(view) }
        root.frame = CGRect(x: 0, y: 0, width: 350, height: 150)
        #expect(fill.frame == CGRect(x: 10, y: 10, width: 330, height: 130))
        #expect(pinned.frame == CGRect(x: 300, y: 0, width: 50, height: 20))
        #expect(both.frame == CGRect(x: 100, y: 0, width: 200, height: 10))
    }

    @Test("hitTest skips hidden, transparent (alpha < 0.01) and non-interactive views and points outside the bounds")
    func hitTesting() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let front = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(back)
        root.addSubview(front)
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === front)
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        front.isHidden = false
        front.alpha = 0.005
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        back.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 150, y: 10), with: nil) == nil)
        #expect(root.hitTest(CGPoint(x: CGFloat.nan, y: 10), with: nil) == nil)
    }

    @Test("convert between views and to the window")
    func conversion() {
        let stage = Stage(size: CGSize(width: 300, height: 300), threads: 1)
        let outer = UIView(frame: CGRect(x: 100, y: 50, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 30))
        stage.withClock {
            stage.window.addSubview(outer)
            outer.addSubview(inner)
        }
        #expect(inner.convert(CGPoint(x: 1, y: 2), to: nil) == CGPoint(x: 111, y: 72))
        #expect(inner.convert(CGPoint(x: 111, y: 72), from: nil) == CGPoint(x: 1, y: 2))
        #expect(outer.convert(CGRect(x: 10, y: 20, width: 5, height: 5), to: inner) == CGRect(x: 0, y: 0, width: 5, height: 5))
    }

    @Test("draw(_:) draws into the layer's backing store in UIKit's top-left orientation; a view that does not draw keeps none")
    func drawing() {
        final class Painted: UIView {
            override func draw(_ rect: CGRect) {
                let context = UIGraphicsGetCurrentContext()
                context?.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                context?.fill(CGRect(x: 0, y: 0, width: rect.width, height: rect.height / 2))
            }
        }
        let stage = Stage(size: CGSize(width: 100, height: 100), threads: 1)
        let painted = Painted(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let plain = UIView(frame: CGRect(x: 50, y: 0, width: 40, height: 40))
        let frame = stage.withClock {
            stage.window.addSubview(painted)
            stage.window.addSubview(plain)
            return stage.step(to: 0)
        }
        #expect(painted.layer.contents != nil)
        #expect(plain.layer.contents == nil)
        let top = frame.pixel(x: 20, y: 5), bottom = frame.pixel(x: 20, y: 35)
        #expect(top?.blue == 255 && top?.red == 0)
        #expect(bottom?.red == 255 && bottom?.blue == 255)   // white background below the blue half
    }

    @Test("contents set by hand on a view that does not draw stay (such a view never displays on iOS)")
    func handSetContents() throws {
        let stage = Stage(size: CGSize(width: 20, height: 20), threads: 1)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let image = CGImage(pixmap: try Pixmap(width: 1, height: 1, premultipliedBytes: [0, 255, 0, 255]))
        stage.withClock {
            view.layer.contents = image
            stage.window.addSubview(view)
            stage.turn(to: 0)
        }
        #expect(view.layer.contents as? CGImage === image)
        #expect(stage.renderFrame().pixel(x: 10, y: 10)?.green == 255)
    }

    @Test("the Stage hosts a UIKit screen: window.rootViewController + makeKeyAndVisible; UIScreen.main has the stage's bounds and scale")
    func hosting() {
        final class Controller: UIViewController {
            var log: [String] = []
            override func viewDidLoad() { log.append("viewDidLoad") }
            override func viewWillAppear(_ animated: Bool) { log.append("viewWillAppear") }
            override func viewDidAppear(_ animated: Bool) { log.append("viewDidAppear") }
            override func viewWillLayoutSubviews() { log.append("viewWillLayoutSubviews") }
            override func viewDidLayoutSubviews() { log.append("viewDidLayoutSubviews") }
        }
        let stage = Stage(size: CGSize(width: 320, height: 480), scale: 2, threads: 1)
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(UIScreen.main.scale == 2)
        let controller = Controller()
        #expect(!controller.isViewLoaded)
        stage.withClock {
            stage.window.rootViewController = controller
            stage.window.makeKeyAndVisible()
        }
        #expect(controller.isViewLoaded)
        #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(controller.view.window === stage.window)
        #expect(stage.window.isKeyWindow)
        #expect(controller.view.contentScaleFactor == 2)
        #expect(controller.log.prefix(2) == ["viewDidLoad", "viewWillAppear"])
        #expect(controller.log.contains("viewDidLayoutSubviews"))
        #expect(controller.log.last == "viewDidAppear")
        #expect(controller.view.next === controller)
    }

    @Test("a nib name that cannot be loaded: a diagnostic, and the view comes from loadView()")
    func nibFallback() {
        let controller = UIViewController(nibName: "Main", bundle: nil)
        let (view, diagnostics) = KinemaDiagnostics.collecting { controller.view }
        #expect(diagnostics.count == 1)
        #expect(view?.bounds.size == UIScreen.main.bounds.size)
    }

    @Test("a custom layerClass backs the view with that class")
    func layerClass() {
        final class ShapeView: UIView {
            override class var layerClass: AnyClass { CAShapeLayer.self }
        }
        #expect(ShapeView().layer is CAShapeLayer)
        #expect(UIView().layer.delegate === nil || UIView().layer.delegate is UIView)
    }
}

@Suite("CADisplayLink target-action")
@MainActor
struct DisplayLinkTargetTests {
    final class Ticker {
        var ticks = 0, bare = 0
        func step(_ link: CADisplayLink) { ticks += 1 }
        func tick() { bare += 1 }
    }

    @Test("CADisplayLink(target:selector:) with a method reference (the #selector edit), with or without the link; the target is weak")
    func methodReferences() {
        let stage = Stage(size: CGSize(width: 4, height: 4), threads: 1)
        var ticker: Ticker? = Ticker()
        weak let weakTicker = ticker
        stage.withClock {
            guard let strong = ticker else { return }
            let withLink = CADisplayLink(target: strong, selector: Ticker.step)
            let bare = CADisplayLink(target: strong, selector: Ticker.tick)
            withLink.add(to: .main, forMode: .common)
            bare.add(to: .main, forMode: .common)
            stage.turn(to: 1.0 / 60)
            stage.turn(to: 2.0 / 60)
            #expect(strong.ticks == 2 && strong.bare == 2)
        }
        ticker = nil
        #expect(weakTicker == nil)
        stage.withClock { stage.turn(to: 3.0 / 60) }
    }
}

@Suite("UIView pattern background")
@MainActor
struct UIViewPatternBackgroundTests {
    @Test("a UIColor(patternImage:) background is tiled under the view (a 2 × 2 checker at 1×)")
    func tiledPattern() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let tile = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            context.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
            context.fill(CGRect(x: 0, y: 1, width: 1, height: 1))
        }
        let stage = Stage(size: CGSize(width: 8, height: 8), threads: 1)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
        view.backgroundColor = UIColor(patternImage: tile)
        let frame = stage.withClock {
            stage.window.addSubview(view)
            return stage.step(to: 0)
        }
        #expect(view.layer.backgroundColor == nil)
        #expect(frame.pixel(x: 4, y: 4)?.red == 255 && frame.pixel(x: 5, y: 4)?.blue == 255)
        #expect(frame.pixel(x: 7, y: 7)?.red == 255 && frame.pixel(x: 6, y: 7)?.blue == 255)
        // The tiles follow the bounds whatever the content mode; a plain colour ends that.
        view.contentMode = .center
        #expect(view.layer.needsDisplayOnBoundsChange)
        view.backgroundColor = .green
        #expect(view.layer.backgroundColor == UIColor.green.cgColor)
        #expect(!view.layer.needsDisplayOnBoundsChange)
        view.contentMode = .redraw
        #expect(view.layer.needsDisplayOnBoundsChange)
    }
}
