// Seeded random use of the whole layer model, most of it wrong: every key path (and junk ones)
// set to values of every kind, animations of every class with absurd timing and mistyped values,
// hierarchy changes that would make cycles, unbalanced transactions, evaluation at NaN and
// infinite times, compositing the result. The model must never trap (a trap ends the test run),
// and after each turn the trees must still be trees: finite geometry in the model, no cycle, a
// render tree of the same shape as the model tree.

import Foundation
import KinemaGeometry
import KinemaRaster
@testable import KinemaRenderServer
import KinemaSupport
@testable import OpenQuartzCore
import Testing
import KinemaTestSupport

@Suite("Layer model robustness (seeded)")
@MainActor
struct LayerModelRobustnessTests {
    /// Every key path in the table, the documented component paths, and paths that name nothing.
    static let keyPaths: [String] = LayerKeyPath.table.keys.sorted() + [
        "position.x", "position.y", "bounds.size.width", "bounds.origin.y", "bounds.size", "frame",
        "transform.rotation.z", "transform.rotation", "transform.scale", "transform.scale.x",
        "transform.translation.y", "sublayerTransform.translation.x", "shadowOffset.height",
        "anchorPoint.x", "contentsRect.size.width", "", ".", "position..x", "position.z",
        "transform.rotation.q", "sublayers", "superlayer", "isHidden", "robustness.key",
        // Custom keys are declared process-wide: names no other test uses.
        "robustnessKeyA", "robustnessKeyB",
    ]

    // The last is a subnormal: 2024 × the smallest, which the literal 1e-320 rounded to (written so,
    // it needs no underflow warning).
    static let numbers: [Double] = [0, 1, -1, 0.5, 3, 1e308, -1e308, .nan, .infinity, -.infinity, 2024 * .leastNonzeroMagnitude]

    /// A value of a random kind, often nonsense for the key it goes to.
    static func value(_ g: inout SplitMix64) -> Any? {
        let n = { (g: inout SplitMix64) in g.pick(numbers) }
        switch Int.random(in: 0..<22, using: &g) {
        case 0: return nil
        case 1: return n(&g)
        case 2: return Float(n(&g))
        case 3: return CGFloat(n(&g))
        case 4: return Int.random(in: -3...5, using: &g)
        case 5: return CGPoint(x: n(&g), y: n(&g))
        case 6: return CGSize(width: n(&g), height: n(&g))
        case 7: return CGRect(x: n(&g), y: n(&g), width: n(&g), height: n(&g))
        case 8: return CGColor(red: n(&g), green: 0.5, blue: n(&g), alpha: n(&g))
        case 9: return CATransform3DMakeRotation(n(&g), n(&g), 0, 1)
        case 10: return CATransform3DMakeScale(n(&g), 0, 1)
        case 11: return CGAffineTransform(rotationAngle: n(&g))
        case 12: return "text"
        case 13: return [n(&g), n(&g)]
        case 14: return [CGColor(gray: 0.5, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: n(&g))]
        case 15: return true
        case 16:
            // Perspective and a turn about y: the compositor's projected path.
            var t = CATransform3DMakeRotation(n(&g), 0, 1, 0)
            t.m34 = g.pick([-1.0 / 500, -1, 0, .nan])
            return t
        case 17: return Int.random(in: -5...100_000, using: &g)
        case 18: return [NSNumber(value: n(&g)), NSNumber(value: 2), NSNumber(value: n(&g))]
        case 19: return makeImage(width: Int.random(in: 1...6, using: &g), height: 3)
        case 20: return [n(&g), 0.5, n(&g)].map { NSNumber(value: $0) }
        default:
            let path = CGMutablePath()
            path.move(to: CGPoint(x: n(&g), y: 0))
            path.addLine(to: CGPoint(x: 10, y: n(&g)))
            return path
        }
    }

    static func animation(_ g: inout SplitMix64, depth: Int = 0) -> CAAnimation {
        let keyPath = g.pick(keyPaths)
        let animation: CAAnimation
        switch Int.random(in: 0..<(depth < 2 ? 5 : 4), using: &g) {
        case 0:
            let basic = CABasicAnimation(keyPath: keyPath)
            basic.fromValue = value(&g)
            basic.toValue = value(&g)
            if Bool.random(using: &g) { basic.byValue = value(&g) }
            basic.isAdditive = Bool.random(using: &g)
            basic.isCumulative = Bool.random(using: &g)
            if Bool.random(using: &g) {
                basic.valueFunction = CAValueFunction(name: g.pick([.rotateZ, .scale, .translateX]))
            }
            animation = basic
        case 1:
            let keyframes = CAKeyframeAnimation(keyPath: keyPath)
            keyframes.values = (0..<Int.random(in: 0..<5, using: &g)).map { _ in value(&g) as Any }
            if Bool.random(using: &g) {
                keyframes.keyTimes = (0..<Int.random(in: 0..<5, using: &g)).map { _ in NSNumber(value: g.pick(numbers)) }
            }
            keyframes.calculationMode = g.pick([.linear, .discrete, .paced, .cubic, .cubicPaced,
                                         CAAnimationCalculationMode(rawValue: "junk")])
            if Bool.random(using: &g), let path = value(&g) as? CGPath { keyframes.path = path }
            keyframes.rotationMode = Bool.random(using: &g) ? .rotateAuto : nil
            keyframes.tensionValues = [NSNumber(value: g.pick(numbers))]
            animation = keyframes
        case 2:
            let spring = CASpringAnimation(keyPath: keyPath)
            spring.fromValue = value(&g)
            spring.toValue = value(&g)
            spring.mass = CGFloat(g.pick(numbers))
            spring.stiffness = CGFloat(g.pick(numbers))
            spring.damping = CGFloat(g.pick(numbers))
            spring.initialVelocity = CGFloat(g.pick(numbers))
            animation = spring
        case 3:
            let transition = CATransition()
            transition.type = g.pick([.fade, .push, .moveIn, .reveal, CATransitionType(rawValue: "cube")])
            transition.subtype = Bool.random(using: &g) ? .fromLeft : nil
            transition.startProgress = Float(g.pick(numbers))
            transition.endProgress = Float(g.pick(numbers))
            animation = transition
        default:
            let group = CAAnimationGroup()
            group.animations = (0..<Int.random(in: 0..<4, using: &g)).map { _ in Self.animation(&g, depth: depth + 1) }
            animation = group
        }
        let timing = { (g: inout SplitMix64) in g.pick(numbers) }
        animation.duration = Bool.random(using: &g) ? 1 : timing(&g)
        if Bool.random(using: &g) { animation.repeatCount = Float(timing(&g)) }
        if Bool.random(using: &g) { animation.speed = Float(timing(&g)) }
        if Bool.random(using: &g) { animation.timeOffset = timing(&g) }
        if Bool.random(using: &g) { animation.beginTime = timing(&g) }
        animation.autoreverses = Bool.random(using: &g)
        animation.fillMode = g.pick([.removed, .forwards, .backwards, .both, CAMediaTimingFillMode(rawValue: "junk")])
        animation.isRemovedOnCompletion = Bool.random(using: &g)
        // Key-value coding on the animation: its timing keys, its value keys and any other.
        if Bool.random(using: &g) {
            let key = g.pick(["duration", "beginTime", "speed", "repeatCount", "removedOnCompletion", "fromValue",
                              "toValue", "values", "keyPath", "additive", "path", "robustnessTag"])
            animation.setValue(value(&g), forKey: key)
            _ = animation.value(forKey: key)
        }
        if Bool.random(using: &g) {
            animation.timingFunction = CAMediaTimingFunction(
                controlPoints: Float(timing(&g)), Float(timing(&g)), Float(timing(&g)), Float(timing(&g)))
        }
        return animation
    }

    static func makeLayer(_ g: inout SplitMix64) -> CALayer {
        let layer: CALayer = switch Int.random(in: 0..<6, using: &g) {
        case 0: CAShapeLayer()
        case 1: CAGradientLayer()
        case 2: CAReplicatorLayer()
        case 3: CATransformLayer()
        case 4: CATextLayer()
        default: CALayer()
        }
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        return layer
    }

    /// Whether `layer`'s superlayer chain ends (no cycle) within `limit` steps.
    static func chainEnds(_ layer: CALayer, limit: Int) -> Bool {
        var current: CALayer? = layer
        for _ in 0...limit {
            guard let layer = current else { return true }
            current = layer.superlayer
        }
        return false
    }

    /// Layers in `layer`'s tree, counting sublayers (not masks).
    static func count(_ layer: CALayer) -> Int {
        1 + (layer.sublayers ?? []).reduce(0) { $0 + count($1) }
    }

    static func count(_ node: RenderNode) -> Int {
        1 + node.sublayers.reduce(0) { $0 + count($1) }
    }

    @Test("random operations, mostly invalid, never trap and keep the trees well formed", arguments: TestEnvironment.seeds(ci: 8, long: 400))
    func randomUse(seed: UInt64) throws {
        var g = SplitMix64(state: seed &* 0x1234_5678_9ABC_DEF1)
        let host = Host()
        var pool = (0..<12).map { _ in Self.makeLayer(&g) }
        var time = 0.0
        var openTransactions = 0
        // Odd seeds composite with two threads into a larger frame (banded).
        let compositor = Compositor(threads: seed % 2 == 1 ? 2 : 1)
        var pixmap = try Pixmap(width: seed % 2 == 1 ? 96 : 32, height: seed % 2 == 1 ? 72 : 32)
        // Thousands of diagnostics, on purpose: collected, not logged.
        _ = KinemaDiagnostics.collecting(logging: false) {
            for step in 0..<2000 {
                let layer = g.pick(pool)
                let other = g.pick(pool)
                let keyPath = g.pick(Self.keyPaths)
                switch Int.random(in: 0..<20, using: &g) {
                case 0...4: layer.setValue(Self.value(&g), forKeyPath: keyPath)
                case 5: _ = layer.value(forKeyPath: keyPath)
                case 6...8: layer.add(Self.animation(&g), forKey: Bool.random(using: &g) ? nil : keyPath)
                case 9:
                    switch Int.random(in: 0..<3, using: &g) {
                    case 0: layer.removeAnimation(forKey: keyPath)
                    case 1: layer.removeAllAnimations()
                    default: _ = layer.animation(forKey: keyPath)
                    }
                case 10: (Bool.random(using: &g) ? host.root : layer).addSublayer(other)
                case 11: layer.insertSublayer(other, at: UInt32.random(in: 0...20, using: &g))
                case 12:
                    let sibling = g.pick(pool)
                    if Bool.random(using: &g) { layer.insertSublayer(other, above: sibling) } else { layer.insertSublayer(other, below: sibling) }
                case 13:
                    if let old = layer.sublayers?.first { layer.replaceSublayer(old, with: other) } else { other.removeFromSuperlayer() }
                case 14: layer.mask = Bool.random(using: &g) ? other : nil
                case 15:
                    switch Int.random(in: 0..<5, using: &g) {
                    case 0: CATransaction.begin(); openTransactions += 1
                    case 1: CATransaction.commit(); openTransactions = max(0, openTransactions - 1)   // sometimes unbalanced
                    case 2: CATransaction.setDisableActions(Bool.random(using: &g))
                    case 3: CATransaction.setAnimationDuration(g.pick(Self.numbers))
                    default:
                        let key = g.pick(["animationDuration", "disableActions", "animationTimingFunction", "completionBlock", "robustnessKey"])
                        CATransaction.setValue(Self.value(&g), forKey: key)
                        _ = CATransaction.value(forKey: key)
                    }
                case 16:
                    let point = CGPoint(x: g.pick(Self.numbers), y: 5)
                    _ = layer.hitTest(point)
                    _ = layer.convert(point, from: other)
                    _ = layer.convert(CGRect(origin: point, size: CGSize(width: 1, height: CGFloat.nan)), to: other)
                    _ = layer.presentation()?.position
                    _ = layer.convertTime(point.x, from: other)
                case 17:
                    layer.setNeedsDisplay()
                    layer.setNeedsLayout()
                    layer.layoutIfNeeded()
                    layer.displayIfNeeded()
                case 18:
                    if pool.count < 40 { pool.append(Self.makeLayer(&g)) }
                    if Bool.random(using: &g) { other.removeFromSuperlayer() }
                default:
                    // A turn: commit, then evaluate and composite at odd times.
                    while openTransactions > 0 { CATransaction.commit(); openTransactions -= 1 }
                    time += g.pick([0.001, 0.1, 0.7, 3])
                    host.loop.turn(at: time)
                    let server = host.context.server
                    for t in [time, .nan, .infinity, -.infinity, -1, 1e300] {
                        _ = server.evaluate(at: t)
                    }
                    _ = server.events(through: time)
                    if let frame = server.evaluate(at: time) {
                        compositor.render(frame, into: &pixmap, scale: 1)
                        compositor.render(frame, into: &pixmap, scale: 0.5)
                    }
                    // The trees are still trees.
                    for layer in pool + [host.root] {
                        #expect(Self.chainEnds(layer, limit: pool.count + 2), "step \(step): a superlayer cycle")
                        #expect(layer.position.x.isFinite && layer.position.y.isFinite, "step \(step)")
                        #expect(layer.bounds.width.isFinite && layer.bounds.height.isFinite, "step \(step)")
                    }
                    if let tree = server.committedTree {
                        #expect(Self.count(tree) == Self.count(host.root), "step \(step): render tree and model tree differ in shape")
                    }
                }
            }
            while openTransactions > 0 { CATransaction.commit(); openTransactions -= 1 }
            CATransaction.flush()
        }
    }
}
