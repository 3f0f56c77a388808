// The per-frame redraw's benchmarks (issue 4, needsDisplay(forKey:)): what the host's turn pays
// to find layers drawing an animated key in a tree where none does (the cost every animated
// scene now carries), and the redraw of drawing layers (presentation swap, draw(in:) of a 64 × 64
// backing store, the commit that carries it). Target for the first: ≤ 0.2 ms per turn for
// 10,000 layers with three animations each (a tenth of the evaluation budget), ≥ 50 M layers a
// second; none for the second, whose cost is the user's drawing.
import Foundation
import KinemaGeometry
import OpenQuartzCore

/// A ring-like layer drawing a custom "progress" key (a filled wedge), for the redraw benchmark.
final class BenchProgressLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let progress = value(forKey: "progress") as? CGFloat ?? 0
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        ctx.setFillColor(red: 0, green: 0.4, blue: 1, alpha: 1)
        ctx.move(to: center)
        ctx.addArc(center: center, radius: 30, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: false)
        ctx.closePath()
        ctx.fillPath()
    }
}

extension BenchSuite {
    static var animatedDisplays: [Benchmark] {
        [animatedDisplayScan, animatedDisplayRedraw]
    }

    /// The trees are built at the first (untimed, warm-up) batch, not when the suite is listed:
    /// a hosted tree alive during the other benchmarks would join every commit they time.
    static var animatedDisplayScan: Benchmark {
        let count = 10_000
        var root: CALayer?
        return Benchmark(
            name: "redraw scan of 10k animated layers (none drawing)",
            target: 50e6,
            operationsPerBatch: count,
            batch: {
                MainActor.assumeIsolated {
                    // The context is dropped: no commit walks this tree; the scan needs none.
                    let tree = root ?? animatedLayerTree(count: count).0.rootLayer
                    root = tree
                    tree.redrawAnimatedDisplays()
                    return Double(tree.sublayers?.count ?? 0)
                }
            }
        )
    }

    static var animatedDisplayRedraw: Benchmark {
        let count = 100
        let clock = MediaClock.manual(at: 0)
        var host: (RenderContext, CALayer)?
        var frame = 0
        return Benchmark(
            name: "redraw of 100 layers drawing an animated key (64 × 64, + commit)",
            target: nil,
            operationsPerBatch: count,
            batch: {
                MainActor.assumeIsolated {
                    let (context, root) = host ?? progressLayers(count: count, clock: clock)
                    host = (context, root)
                    frame += 1
                    clock.advance(to: Double(frame) / 60)
                    MediaClock.withCurrent(clock) { root.redrawAnimatedDisplays() }
                    return Double(context.server.committedTree?.sublayers.count ?? 0)
                }
            }
        )
    }

    /// A hosted root with `count` progress layers in a 10-wide grid, each filling 0 → 1 over 1 s,
    /// repeating, committed at time 0 of `clock`.
    @MainActor
    static func progressLayers(count: Int, clock: MediaClock) -> (RenderContext, CALayer) {
        MediaClock.withCurrent(clock) {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 640, height: 640)
            let context = RenderContext(rootLayer: root)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for index in 0..<count {
                let layer = BenchProgressLayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
                layer.position = CGPoint(x: Double(index % 10) * 64 + 32, y: Double(index / 10) * 64 + 32)
                layer.setValue(CGFloat(1), forKey: "progress")
                root.addSublayer(layer)
                let fill = CABasicAnimation(keyPath: "progress")
                fill.fromValue = 0
                fill.duration = 1
                fill.repeatCount = .infinity
                fill.beginTime = 1e-9
                layer.add(fill, forKey: "fill")
            }
            CATransaction.commit()
            CATransaction.flush()
            return (context, root)
        }
    }
}
