// Two independent readings of the same geometry: `hitTest(_:)` (the model's coordinate
// conversions) and the compositor's pixels (its own maps and scan conversion). In seeded random
// trees of opaque layers, each filled with its own colour, the layer hitTest finds at a pixel's
// centre must be the one whose colour the compositor drew there — wherever the pixel is wholly
// one colour (edges, where anti-aliasing mixes colours, are skipped).

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaTestSupport
@testable import OpenQuartzCore
import Testing

@Suite("hitTest finds the layer the compositor drew (seeded trees)")
@MainActor
struct HitTestDrawingConsistencyTests {
    @Test("at every pixel wholly covered by one layer, hitTest names that layer", arguments: TestEnvironment.seeds(ci: 16, long: 400))
    func hitTestMatchesPixels(seed: UInt64) throws {
        try check(seed: seed, threeD: false)
    }

    /// The same with layers turned about x and y under a parent's perspective (m34), so both
    /// sides go through projections: hitTest unprojects into each layer's plane, the compositor
    /// draws the projected quads.
    @Test("the same with 3-D turns under perspective", arguments: TestEnvironment.seeds(ci: 16, long: 400))
    func hitTestMatchesPixelsIn3D(seed: UInt64) throws {
        try check(seed: seed, threeD: true)
    }

    private func check(seed: UInt64, threeD: Bool) throws {
        var g = SplitMix64(state: seed &* 0xD1B5_4A32_D192_ED03 &+ (threeD ? 1 : 0))
        let size = 160
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        root.position = CGPoint(x: size / 2, y: size / 2)
        var layers = [root]
        for _ in 0..<9 {
            let layer = CALayer()
            layer.bounds = CGRect(x: g.uniform(-10...10), y: g.uniform(-10...10), width: g.uniform(15...70), height: g.uniform(15...70))
            layer.position = CGPoint(x: g.uniform(10...150), y: g.uniform(10...150))
            layer.anchorPoint = CGPoint(x: g.uniform(0...1), y: g.uniform(0...1))
            var t = CATransform3DMakeRotation(g.uniform(-3...3), 0, 0, 1)
            t = CATransform3DScale(t, g.uniform(0.5...1.5), g.uniform(0.5...1.5), 1)
            if threeD, g.pick([false, true]) {
                let angle: CGFloat = g.uniform(-1...1), x: CGFloat = g.pick([1, 0]), y: CGFloat = g.pick([0, 1])
                // The drawn axis is (0, 0, 0) a quarter of the time: no rotation, with a diagnostic.
                t = KinemaDiagnostics.collecting { CATransform3DRotate(t, angle, x, y, 0) }.0
            }
            if g.pick([false, true]) { layer.transform = t }
            if threeD, g.pick([false, true]) {
                var perspective = CATransform3DIdentity
                perspective.m34 = -1 / g.uniform(200...600)
                layer.sublayerTransform = perspective
            }
            if !threeD, g.pick([false, false, true]) { layer.sublayerTransform = CATransform3DMakeTranslation(g.uniform(-10...10), g.uniform(-10...10), 0) }
            layer.zPosition = g.pick([0, 0, 0, 1, -1, 2])
            layer.masksToBounds = g.pick([false, true])
            layer.isHidden = g.pick([false, false, false, false, true])
            layer.isGeometryFlipped = g.pick([false, false, true])
            g.pick(layers).addSublayer(layer)
            layers.append(layer)
        }
        // Opaque, distinct colours: layer k is (k × 25, 255 − k × 25, 128).
        for (k, layer) in layers.enumerated() {
            layer.backgroundColor = CGColor(red: Double(k) * 25 / 255, green: Double(255 - k * 25) / 255, blue: 128.0 / 255, alpha: 1)
        }
        let pixmap = try composite(root, width: size, height: size)
        var checked = 0
        for py in 0..<size {
            for px in 0..<size where (px + 3 * py) % 7 == 0 {
                let colour = pixmap.rgba(px, py)
                guard colour.a == 255, colour.b == 128 else { continue }
                let k = Int(colour.r) / 25
                guard Int(colour.r) == k * 25, Int(colour.g) == 255 - k * 25, k < layers.count else { continue }
                // Wholly one colour only if the neighbours agree too (not an anti-aliased blend
                // that happens to match).
                let neighbours = [(px - 1, py), (px + 1, py), (px, py - 1), (px, py + 1)].filter { $0.0 >= 0 && $0.0 < size && $0.1 >= 0 && $0.1 < size }
                guard neighbours.allSatisfy({ pixmap.rgba($0.0, $0.1) == colour }) else { continue }
                let hit = root.hitTest(CGPoint(x: Double(px) + 0.5, y: Double(py) + 0.5))
                #expect(hit === layers[k], "seed \(seed), pixel (\(px), \(py)): drawn layer \(k), hit \(hit.map { layers.firstIndex(of: $0).map(String.init) ?? "?" } ?? "nil")")
                checked += 1
            }
        }
        #expect(checked > 500, "seed \(seed): only \(checked) pixels checked")
    }
}
