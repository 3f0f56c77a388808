// Tests of deep layer trees: a tree as deep as a user builds it is committed, composited, drawn
// with render(in:), hit-tested, laid out and freed without overflowing the stack (each used to
// end the process with SIGSEGV: the compositor at about 450 levels, freeing at some tens of
// thousands); what lies below the drawn depth limit is left out with a diagnostic.

import Foundation
import KinemaRaster
@testable import KinemaRenderServer
import KinemaSupport
@testable import OpenQuartzCore
import Testing

@Suite("Deep layer trees")
@MainActor
struct DeepTreeTests {
    /// A chain of `count` layers below `root`, each 40 × 40 at (20, 20) in its superlayer, so
    /// every one covers the same square; built bottom-up (cheap whatever the tree code costs
    /// per level). Returns the deepest layer.
    @discardableResult
    static func chain(_ count: Int, under root: CALayer, color: CGColor? = red) -> CALayer {
        let deepest = CALayer()
        var top = deepest
        for _ in 0 ..< count {
            top.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            top.position = CGPoint(x: 20, y: 20)
            top.backgroundColor = color
            let parent = CALayer()
            parent.addSublayer(top)
            top = parent
        }
        // `top` is a spare parent: hand its only sublayer to `root`.
        if let first = top.sublayers?.first { root.addSublayer(first) }
        return deepest
    }

    @Test("a 10,000-level chain commits and composites; levels past the limit are left out with a diagnostic")
    func commitAndCompositeDeepChain() throws {
        let host = Host()
        let deepest = Self.chain(10_000, under: host.root)
        CATransaction.setDisableActions(true)   // no implicit animation of the root's move
        host.root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        host.root.position = CGPoint(x: 30, y: 30)
        let (_, diagnostics) = KinemaDiagnostics.collecting { host.loop.turn(at: 1.0 / 60) }
        #expect(diagnostics.contains { $0.message.contains("deeper than \(LayerTreeDepth.maximumLevels) levels") })
        let tree = try #require(host.context.server.evaluate(at: 1.0 / 60))
        #expect(LayerTreeDepth.levels(of: tree) == LayerTreeDepth.maximumLevels)
        var frame = try Pixmap(width: 60, height: 60)
        Compositor(threads: 2).render(tree, into: &frame, scale: 1)
        #expect(frame.rgba(30, 30) == RGBA(r: 255, g: 0, b: 0, a: 255))
        #expect(frame.rgba(10, 10) == RGBA(r: 255, g: 0, b: 0, a: 255))
        // The deepest layer is still in the model tree.
        #expect(deepest.superlayer != nil)
    }

    @Test("a layer left out below the limit is drawn once the tree is shallow enough")
    func cutLayerReappears() throws {
        let host = Host()
        CATransaction.setDisableActions(true)   // no implicit animation of the root's move
        host.root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        host.root.position = CGPoint(x: 30, y: 30)
        let deepest = Self.chain(LayerTreeDepth.maximumLevels + 5, under: host.root)
        deepest.backgroundColor = green
        host.loop.turn(at: 1.0 / 60)
        var frame = try Pixmap(width: 60, height: 60)
        let compositor = Compositor(threads: 1)
        compositor.render(try #require(host.context.server.evaluate(at: 1.0 / 60)), into: &frame, scale: 1)
        #expect(frame.rgba(30, 30) == RGBA(r: 255, g: 0, b: 0, a: 255))
        // Move the deepest layer up to the root: it is drawn now.
        host.root.addSublayer(deepest)
        host.loop.turn(at: 2.0 / 60)
        compositor.render(try #require(host.context.server.evaluate(at: 2.0 / 60)), into: &frame, scale: 1)
        #expect(frame.rgba(30, 30) == RGBA(r: 0, g: 255, b: 0, a: 255))
    }

    @Test("render(in:) of a 10,000-level chain, model and presentation copy, draws what is within the limit")
    func renderInDeepChain() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        Self.chain(10_000, under: root)
        for layer in [root, root.presentation() ?? root] {
            let context = try #require(CGContext(data: nil, width: 60, height: 60, bitsPerComponent: 8, bytesPerRow: 0,
                                                 space: CGColorSpaceCreateDeviceRGB(),
                                                 bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            let (_, diagnostics) = KinemaDiagnostics.collecting { layer.render(in: context) }
            #expect(diagnostics.contains { $0.domain == "CALayer" && $0.message.contains("render(in:)") })
            let image = try #require(context.makeImage())
            #expect(pixel(of: image, x: 30, y: 30) == [255, 0, 0, 255])
        }
    }

    @Test("hitTest on a 10,000-level chain searches to the limit and reports the rest")
    func hitTestDeepChain() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        root.position = CGPoint(x: 30, y: 30)
        Self.chain(10_000, under: root)
        let (found, diagnostics) = KinemaDiagnostics.collecting { root.hitTest(CGPoint(x: 30, y: 30)) }
        #expect(found != nil && found !== root)
        #expect(diagnostics.contains { $0.message.contains("hitTest(_:)") })
        // The layer found is the deepest searched: the limit's level below the root.
        var levels = 0
        var node = found
        while let layer = node, layer !== root { levels += 1; node = layer.superlayer }
        #expect(levels == LayerTreeDepth.maximumLevels - 1)
    }

    @Test("a 100,000-level chain lays out, converts through presentation copies and is freed at once")
    func layoutConvertAndFreeDeepChain() {
        weak var weakRoot: CALayer?
        weak var weakDeepest: CALayer?
        do {
            let root = CALayer()
            let deepest = Self.chain(Int(ProcessInfo.processInfo.environment["DEEP_N"] ?? "") ?? 100_000, under: root)
            weakRoot = root
            weakDeepest = deepest
            deepest.setNeedsLayout()
            root.layoutAndDisplayTree()
            #expect(!deepest.needsLayout())
            // The copies of every ancestor, linked upward, freed with the last reference.
            let point = deepest.presentation()?.convert(CGPoint.zero, to: nil)
            #expect(point == CGPoint.zero)
            // The open implicit transaction holds the changed layers until it commits.
            CATransaction.flush()
        }
        #expect(weakRoot == nil && weakDeepest == nil)
    }
}

/// Layer operations that were quadratic in the number of layers or animations. Each runs a size
/// at which the quadratic version took minutes in a debug build (20,000-deep top-down chain:
/// 235 s; 30,000 sibling removals: about 100 s; 40,000 animations: about 100 s, extrapolated
/// from 5,000 at 2.7 s and 1.5 s) and the linear one well under a second. No time is asserted
/// (a time limit failed on the main actor's queue behind other suites): a quadratic version
/// shows as a suite run minutes longer, and the values checked are real.
@Suite("Layer operation costs")
@MainActor
struct LayerOperationCostTests {
    @Test("building a 20,000-deep chain top-down is linear (cycle check and visibility no longer walk to the root)")
    func chainTopDown() {
        let root = CALayer()
        var node = root
        for _ in 0 ..< 20_000 {
            let child = CALayer()
            node.addSublayer(child)
            node = child
        }
        var depth = 0
        var walk: CALayer? = root
        while let layer = walk { depth += 1; walk = layer.sublayers?.first }
        #expect(depth == 20_001)
        // The cycle check still refuses an ancestor, from either end.
        let (_, diagnostics) = KinemaDiagnostics.collecting { node.addSublayer(root) }
        #expect(diagnostics.contains { $0.message.contains("cycle") })
        #expect(root.superlayer == nil)
    }

    @Test("removing 30,000 siblings one by one, first to last and last to first, keeps order and is fast")
    func removeSiblings() {
        let root = CALayer()
        let layers = (0 ..< 30_000).map { _ in CALayer() }
        for layer in layers { root.addSublayer(layer) }
        for layer in layers[..<15_000] { layer.removeFromSuperlayer() }
        for layer in layers[15_000...].reversed().prefix(10_000) { layer.removeFromSuperlayer() }
        let left = root.sublayers ?? []
        #expect(left.count == 5_000)
        #expect(zip(left, layers[15_000 ..< 20_000]).allSatisfy { $0 === $1 })
        #expect(layers[0].superlayer == nil && layers[29_999].superlayer == nil && layers[15_000].superlayer === root)
    }

    @Test("adding 40,000 animations under distinct keys is linear; replacing a key still replaces")
    func manyAnimations() {
        let layer = CALayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        for index in 0 ..< 40_000 {
            layer.add(animation, forKey: "fade\(index)")
        }
        animation.duration = 3
        layer.add(animation, forKey: "fade7")
        let keys = layer.animationKeys() ?? []
        #expect(keys.count == 40_000)
        #expect(keys.first == "fade0" && keys.last == "fade7")
        #expect(layer.animation(forKey: "fade7")?.duration == 3)
        layer.removeAnimation(forKey: "fade0")
        #expect(layer.animation(forKey: "fade0") == nil && layer.animationKeys()?.count == 39_999)
    }
}

@Suite("Nested offscreen groups")
@MainActor
struct NestedOffscreenTests {
    @Test("200 nested transparency groups: at most 32 offscreens nest, deeper layers draw with their opacity, one diagnostic")
    func nestedGroupsAreCapped() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        root.position = CGPoint(x: 30, y: 30)
        let deepest = DeepTreeTests.chain(200, under: root)
        var layer: CALayer? = deepest
        while let current = layer, current !== root {
            current.opacity = 0.99   // with a sublayer: a group of its own (allowsGroupOpacity)
            layer = current.superlayer
        }
        var frame = try Pixmap(width: 60, height: 60)
        let compositor = Compositor(threads: 1)
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            compositor.render(CompositeLayer(modelTree: root), into: &frame, scale: 1)
        }
        #expect(compositor.deepestOffscreenLevels == CompositorPainter.maximumOffscreenLevels)
        #expect(diagnostics.filter { $0.message.contains("nested more than") }.count == 1)
        // Every layer is red at 0.99 over the others: the square is drawn, nearly opaque red.
        let centre = frame.rgba(30, 30)
        #expect(centre.r > 200 && centre.g == 0 && centre.a > 200)
    }
}
