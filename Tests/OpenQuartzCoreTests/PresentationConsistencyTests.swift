// One evaluation, two readers: `presentation()` (the model side, general evaluation) and the
// render server (compiled programs where it can, on the render tree) must show the same values
// for the same layer at the same time. Seeded random scenes of valid animations of every class
// and timing, on layers with their own timing (speed, offset), checked at many times.

import Foundation
import KinemaGeometry
@testable import KinemaRenderServer
import KinemaSupport
import KinemaTestSupport
import KinemaTiming
@testable import OpenQuartzCore
import Testing

@Suite("presentation() and the render server agree (seeded scenes)")
@MainActor
struct PresentationConsistencyTests {
    /// Animatable key paths with a generator of valid values for each.
    fileprivate static let keys: [(String, (inout SplitMix64) -> Any)] = [
        ("position", { g in CGPoint(x: g.uniform(-50...150), y: g.uniform(-50...150)) }),
        ("position.x", { g in g.uniform(-50...150) }),
        ("bounds", { g in CGRect(x: g.uniform(-5...5), y: 0, width: g.uniform(1...60), height: g.uniform(1...60)) }),
        ("bounds.size.width", { g in g.uniform(1...80) }),
        ("opacity", { g in Float(g.uniform(0...1)) }),
        ("zPosition", { g in g.uniform(-10...10) }),
        ("anchorPoint", { g in CGPoint(x: g.uniform(0...1), y: g.uniform(0...1)) }),
        ("transform", { g in
            var t = CATransform3DMakeRotation(g.uniform(-3...3), g.uniform(-1...1), g.uniform(-1...1), 1)
            t = CATransform3DScale(t, g.uniform(0.2...2), g.uniform(0.2...2), 1)
            return CATransform3DTranslate(t, g.uniform(-20...20), 0, 0)
        }),
        ("transform.rotation.z", { g in g.uniform(-6...6) }),
        ("transform.scale", { g in g.uniform(0.1...3) }),
        ("backgroundColor", { g in CGColor(red: g.uniform(0...1), green: g.uniform(0...1), blue: g.uniform(0...1), alpha: g.uniform(0...1)) }),
        ("cornerRadius", { g in g.uniform(0...20) }),
        ("shadowOffset", { g in CGSize(width: g.uniform(-10...10), height: g.uniform(-10...10)) }),
    ]

    static func timed(_ a: CAAnimation, _ g: inout SplitMix64) -> CAAnimation {
        a.duration = g.pick([0.2, 0.5, 1, 2.5])
        a.repeatCount = Float(g.pick([0, 1, 1.5, 2, .infinity]))
        a.autoreverses = g.pick([false, true])
        a.speed = Float(g.pick([1, 1, 2, 0.5]))
        a.timeOffset = g.pick([0, 0, 0.3])
        a.fillMode = g.pick([.removed, .forwards, .backwards, .both])
        a.isRemovedOnCompletion = g.pick([true, false])
        if g.pick([false, true]) { a.timingFunction = CAMediaTimingFunction(name: g.pick([.easeIn, .easeOut, .easeInEaseOut, .linear])) }
        return a
    }

    static func animation(_ g: inout SplitMix64, depth: Int = 0) -> CAAnimation {
        let (key, make) = g.pick(keys)
        switch Int.random(in: 0..<(depth == 0 ? 4 : 3), using: &g) {
        case 0:
            let basic = CABasicAnimation(keyPath: key)
            switch Int.random(in: 0..<3, using: &g) {
            case 0: basic.fromValue = make(&g); basic.toValue = make(&g)
            case 1: basic.toValue = make(&g)
            default: basic.fromValue = make(&g)
            }
            basic.isAdditive = g.pick([false, false, true])
            return timed(basic, &g)
        case 1:
            let keyframes = CAKeyframeAnimation(keyPath: key)
            let count = Int.random(in: 2...4, using: &g)
            keyframes.values = (0..<count).map { _ in make(&g) }
            keyframes.calculationMode = g.pick([.linear, .linear, .discrete, .cubic])
            if g.pick([false, true]) {
                let inner = (1..<(count - 1)).map { Double($0) / Double(count - 1) + g.uniform(-0.1...0.1) / Double(count) }
                keyframes.keyTimes = ([0] + inner + [1]).map { NSNumber(value: $0) }
            }
            return timed(keyframes, &g)
        case 2:
            let spring = CASpringAnimation(keyPath: key)
            spring.fromValue = make(&g)
            spring.toValue = make(&g)
            spring.damping = g.pick([10, 5, 20])
            spring.duration = spring.settlingDuration
            let result = timed(spring, &g)
            if g.pick([false, true]) { result.duration = spring.settlingDuration }
            return result
        default:
            let group = CAAnimationGroup()
            group.animations = (0..<Int.random(in: 1...3, using: &g)).map { _ in animation(&g, depth: depth + 1) }
            return timed(group, &g)
        }
    }

    /// Where two states differ in the values both sides compute (nil when they agree).
    static func difference(_ a: LayerState, _ b: LayerState) -> String? {
        func far(_ x: Double, _ y: Double) -> Bool { !(abs(x - y) <= 1e-9 * max(1, abs(x), abs(y))) }
        if far(a.position.x, b.position.x) || far(a.position.y, b.position.y) { return "position \(a.position) vs \(b.position)" }
        if far(a.bounds.width, b.bounds.width) || far(a.bounds.height, b.bounds.height) || far(a.bounds.minX, b.bounds.minX) {
            return "bounds \(a.bounds) vs \(b.bounds)"
        }
        if far(Double(a.opacity), Double(b.opacity)) { return "opacity \(a.opacity) vs \(b.opacity)" }
        if far(a.zPosition, b.zPosition) { return "zPosition \(a.zPosition) vs \(b.zPosition)" }
        if far(a.anchorPoint.x, b.anchorPoint.x) || far(a.anchorPoint.y, b.anchorPoint.y) { return "anchorPoint" }
        if zip(a.transform.entries, b.transform.entries).contains(where: { far($0, $1) }) { return "transform \(a.transform) vs \(b.transform)" }
        if far(a.cornerRadius, b.cornerRadius) { return "cornerRadius \(a.cornerRadius) vs \(b.cornerRadius)" }
        if far(a.shadowOffset.width, b.shadowOffset.width) || far(a.shadowOffset.height, b.shadowOffset.height) { return "shadowOffset" }
        let ca = a.backgroundColor?.components ?? [], cb = b.backgroundColor?.components ?? []
        if ca.count != cb.count || zip(ca, cb).contains(where: { far($0, $1) }) { return "backgroundColor \(ca) vs \(cb)" }
        return nil
    }

    /// The picture of layer `id` in `frame`'s tree.
    static func picture(_ id: UInt64, in frame: CompositeLayer) -> CompositeLayer? {
        if frame.id == id { return frame }
        for sublayer in frame.sublayers {
            if let found = picture(id, in: sublayer) { return found }
        }
        return nil
    }

    @Test("every layer's presentation() equals its picture in the server's frame", arguments: TestEnvironment.seeds(ci: 12, long: 600))
    func agree(seed: UInt64) throws {
        var g = SplitMix64(state: seed &* 0x2545_F491_4F6C_DD1D)
        let host = Host()
        try MediaClock.withCurrent(host.clock) {
            var layers: [CALayer] = []
            for _ in 0..<10 {
                let layer = CALayer()
                layer.bounds = CGRect(x: 0, y: 0, width: g.uniform(5...40), height: g.uniform(5...40))
                layer.position = CGPoint(x: g.uniform(0...100), y: g.uniform(0...100))
                layer.backgroundColor = CGColor(gray: g.uniform(0...1), alpha: 1)
                // Layers are timing parents of their sublayers and animations.
                layer.speed = Float(g.pick([1, 1, 2, 0.5]))
                layer.timeOffset = g.pick([0, 0, 0.25])
                (layers.isEmpty || g.pick([false, true]) ? host.root : g.pick(layers)).addSublayer(layer)
                layers.append(layer)
            }
            host.loop.turn(at: 0.01)
            var time = 0.01
            for round in 0..<4 {
                for layer in layers where g.pick([false, true]) {
                    let animation = Self.animation(&g)
                    if g.pick([false, true]) { animation.beginTime = CACurrentMediaTime() + g.pick([-0.5, 0.2, 1]) }
                    layer.add(animation, forKey: g.pick(["a", "b", "c"]))
                }
                for _ in 0..<12 {
                    time += g.pick([0.05, 0.13, 0.4, 1.1])
                    host.loop.turn(at: time)
                    let frame = try #require(host.context.server.evaluate(at: time))
                    for (index, layer) in layers.enumerated() {
                        let shown = try #require(layer.presentation())
                        let drawn = try #require(Self.picture(layer.renderID, in: frame))
                        let difference = Self.difference(shown.state, drawn.state)
                        #expect(difference == nil, "seed \(seed), round \(round), t = \(time), layer \(index): \(difference ?? "")")
                    }
                }
            }
        }
    }
}
