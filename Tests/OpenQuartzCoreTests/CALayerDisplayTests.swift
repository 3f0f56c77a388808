// Drawing, layout, delegate callbacks and the action search.
//
// Sources: CALayer docs — display() (the delegate's display(_:) if implemented, otherwise a
// backing store filled by draw(in:) replaces the contents), draw(in:) (default: the delegate's
// draw(_:in:)), setNeedsDisplay(), displayIfNeeded(), needsDisplayOnBoundsChange, setNeedsLayout(),
// layoutIfNeeded() (up to the highest ancestor needing layout, then the whole tree beneath it),
// layoutSublayers() (default: the delegate's layoutSublayers(of:)), action(forKey:) (delegate,
// actions, style, defaultAction(forKey:); NSNull ends the search); CALayerDelegate docs;
// APPLE_SEMANTICS.md (contexts handed to layer drawing are flipped to UIKit's top-left space).

import KinemaSupport
import Foundation
import OpenQuartzCore
import Testing

/// Fills a 1 × 1-point red square at the bounds origin, and counts its draws.
private final class SquareLayer: CALayer {
    var draws = 0
    override func draw(in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: bounds.minX, y: bounds.minY, width: 1, height: 1))
    }
}

/// A delegate that logs the callbacks it receives.
@MainActor
private final class LoggingDelegate: CALayerDelegate {
    var log: [String] = []
    var providesDisplay = false
    var action: (any CAAction)?

    func display(_ layer: CALayer) {
        if providesDisplay {
            log.append("display")
            layer.contents = makeImage()
        } else {
            layer.drawContents()   // what the default does
        }
    }

    func layerWillDraw(_ layer: CALayer) { log.append("layerWillDraw") }
    func draw(_ layer: CALayer, in ctx: CGContext) { log.append("draw") }
    func layoutSublayers(of layer: CALayer) { log.append("layout \(layer.name ?? "?")") }
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { action }
}

/// Only draws; every other callback is the protocol's default.
@MainActor
private final class DrawingDelegate: CALayerDelegate {
    var drew = false
    func draw(_ layer: CALayer, in ctx: CGContext) { drew = true }
}

private final class Action: CAAction {
    var runs: [String] = []
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        runs.append(event)
    }
}

private final class DefaultActionLayer: CALayer {
    static let fade = Action()
    override class func defaultAction(forKey event: String) -> (any CAAction)? {
        event == "opacity" ? fade : super.defaultAction(forKey: event)
    }
}

@MainActor
@Suite("CALayer drawing, layout and actions")
struct CALayerDisplayTests {
    @Test("a layer draws only when asked: setNeedsDisplay, then displayIfNeeded, once")
    func displayOnDemand() {
        let layer = SquareLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        #expect(!layer.needsDisplay())
        layer.displayIfNeeded()
        #expect(layer.draws == 0 && layer.contents == nil)
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.displayIfNeeded()
        #expect(layer.draws == 1 && !layer.needsDisplay())
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        layer.displayIfNeeded()
        #expect(layer.draws == 2)
    }

    @Test("draw(in:) gets a flipped context of bounds × contentsScale; its image becomes contents")
    func drawIntoFlippedContext() throws {
        let layer = SquareLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 3)
        layer.contentsScale = 2
        layer.display()
        let image = try #require(layer.contents as? CGImage)
        #expect(image.width == 8 && image.height == 6)
        #expect(pixel(of: image, x: 0, y: 0) == [255, 0, 0, 255], "y = 0 is the top row: the context is flipped")
        #expect(pixel(of: image, x: 1, y: 1) == [255, 0, 0, 255], "one point is two pixels")
        #expect(pixel(of: image, x: 2, y: 0) == [0, 0, 0, 0])
        #expect(pixel(of: image, x: 0, y: 5) == [0, 0, 0, 0], "nothing at the bottom")
    }

    @Test("the bounds origin is the context's origin")
    func boundsOriginIsTheContextOrigin() throws {
        let layer = SquareLayer()
        layer.bounds = CGRect(x: 10, y: 20, width: 3, height: 3)
        layer.display()
        let image = try #require(layer.contents as? CGImage)
        #expect(image.width == 3 && image.height == 3)
        #expect(pixel(of: image, x: 0, y: 0) == [255, 0, 0, 255])
    }

    @Test("empty bounds draw nothing and clear the contents")
    func emptyBounds() throws {
        let layer = SquareLayer()
        layer.contents = makeImage()
        let (_, diagnostics) = KinemaDiagnostics.collecting { layer.display() }
        #expect(layer.contents == nil && diagnostics.isEmpty)
        #expect(layer.draws == 0)
    }

    @Test("display(): a delegate's display(_:) replaces the drawing; otherwise layerWillDraw then draw(_:in:)")
    func delegateDisplayOrder() throws {
        let delegate = LoggingDelegate()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 2, height: 2)
        layer.delegate = delegate
        layer.display()
        #expect(delegate.log == ["layerWillDraw", "draw"])
        #expect(layer.contents is CGImage)
        delegate.log = []
        delegate.providesDisplay = true
        layer.display()
        #expect(delegate.log == ["display"])

        let drawing = DrawingDelegate()
        let other = CALayer()
        other.bounds = CGRect(x: 0, y: 0, width: 2, height: 2)
        other.delegate = drawing
        other.display()
        #expect(drawing.drew, "the protocol's default display(_:) draws through draw(_:in:)")
        #expect(other.contents is CGImage)
    }

    @Test("the delegate is held weakly")
    func weakDelegate() {
        let layer = CALayer()
        do {
            let delegate = LoggingDelegate()
            layer.delegate = delegate
            #expect(layer.delegate != nil)
        }
        #expect(layer.delegate == nil)
    }

    @Test("needsDisplayOnBoundsChange: a bounds change marks the layer for display")
    func needsDisplayOnBoundsChange() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(!layer.needsDisplay())
        layer.needsDisplayOnBoundsChange = true
        layer.bounds.size.width = 20
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
        #expect(layer.needsDisplay(), "setting the frame changes the bounds")
        layer.displayIfNeeded()
        layer.position = CGPoint(x: 9, y: 9)
        #expect(!layer.needsDisplay(), "moving is not a bounds change")
    }

    @Test("layout: setNeedsLayout, then layoutIfNeeded lays out top-down through the delegate, once")
    func layout() {
        let delegate = LoggingDelegate()
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.name = "root"
        child.name = "child"
        grandchild.name = "grandchild"
        for layer in [root, child, grandchild] { layer.delegate = delegate }
        root.addSublayer(child)
        child.addSublayer(grandchild)
        #expect(root.needsLayout() && child.needsLayout(), "adding a sublayer marks the superlayer")
        grandchild.setNeedsLayout()
        grandchild.layoutIfNeeded()   // climbs to the root: the whole chain needs layout
        #expect(delegate.log == ["layout root", "layout child", "layout grandchild"])
        #expect(!root.needsLayout() && !child.needsLayout() && !grandchild.needsLayout())
        delegate.log = []
        root.layoutIfNeeded()
        #expect(delegate.log.isEmpty)
        grandchild.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(delegate.log == ["layout grandchild"], "the tree beneath is searched")
        delegate.log = []
        child.bounds.size = CGSize(width: 10, height: 10)
        #expect(child.needsLayout(), "a new size marks the layer for layout")
        child.bounds.origin = CGPoint(x: 1, y: 1)
        child.layoutIfNeeded()
        #expect(delegate.log == ["layout child"])
    }

    @Test("action(forKey:): the delegate first, then actions, then the style's actions, then defaultAction(forKey:)")
    func actionSearch() {
        let delegate = LoggingDelegate()
        let fromDelegate = Action(), fromActions = Action(), fromStyle = Action(), fromNestedStyle = Action()
        let layer = DefaultActionLayer()
        #expect(layer.action(forKey: "opacity") === DefaultActionLayer.fade)
        #expect(layer.action(forKey: "position") == nil)
        layer.style = ["style": ["actions": ["position": fromNestedStyle]]]
        #expect(layer.action(forKey: "position") === fromNestedStyle)
        layer.style = ["actions": ["opacity": fromStyle]]
        #expect(layer.action(forKey: "opacity") === fromStyle)
        layer.actions = ["opacity": fromActions]
        #expect(layer.action(forKey: "opacity") === fromActions)
        layer.delegate = delegate
        #expect(layer.action(forKey: "opacity") === fromActions, "a delegate answering nil continues the search")
        delegate.action = fromDelegate
        #expect(layer.action(forKey: "opacity") === fromDelegate)
        delegate.action = NSNull()
        #expect(layer.action(forKey: "opacity") is NSNull, "NSNull ends the search: no action")
        fromActions.run(forKey: "opacity", object: layer, arguments: nil)
        #expect(fromActions.runs == ["opacity"])
    }

    @Test("layers compare and hash by identity, and describe themselves as NSObjects do")
    func identity() {
        let a = CALayer(), b = CALayer()
        #expect(a == a && a != b)
        #expect(Set([a, a, b]).count == 2)
        #expect(a.description.hasPrefix("<CALayer: 0x"))
        #expect(CATransformLayer().description.hasPrefix("<CATransformLayer: "))
    }
}
