// The Core Animation model's benchmarks (issue "Core Animation's model"): evaluating a committed
// tree of 10,000 layers, each with three running animations, and committing 10,000 changed
// layers. Targets: ≤ 2 ms per evaluated frame (≥ 15 M animation evaluations a second) and ≤ 5 ms
// per commit of 10,000 changed layers (≥ 2 M layers a second), one core.
import Foundation
import KinemaBenchBaselines
import KinemaGeometry
import OpenQuartzCore

extension BenchSuite {
    static var layers: [Benchmark] {
        [layerEvaluation(keepsFrames: false), layerEvaluation(keepsFrames: true),
         layerEvaluation(keepsFrames: false, distinctKeyframes: true), layerCommit]
    }

    /// A hosted root with `count` sublayers, each with a basic animation on position, a keyframe
    /// animation on transform and a spring on opacity, committed at time 0. The keyframe values
    /// are the same for every layer (one animation added to many layers, which programs share:
    /// docs/ANIMATIONS.md), or with `distinctKeyframes` differ by a hair per layer, so that no
    /// two layers share them.
    @MainActor
    static func animatedLayerTree(count: Int, distinctKeyframes: Bool = false) -> (RenderContext, [CALayer]) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1280, height: 720)
        let context = RenderContext(rootLayer: root)
        var layers: [CALayer] = []
        layers.reserveCapacity(count)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for index in 0..<count {
            let layer = CALayer()
            let x = Double(index % 100) * 12.8, y = Double(index / 100) * 7.2
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 6)
            layer.position = CGPoint(x: x, y: y)
            root.addSublayer(layer)
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: x, y: y)
            move.toValue = CGPoint(x: x + 40, y: y + 20)
            move.duration = 2 + Double(index % 7) * 0.1
            move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            move.repeatCount = .infinity
            move.autoreverses = true
            move.beginTime = 1e-9   // nonzero: no per-layer stamping at commit
            let spin = CAKeyframeAnimation(keyPath: "transform")
            spin.values = [
                CATransform3DIdentity,
                CATransform3DMakeRotation(.pi / 2 + (distinctKeyframes ? Double(index) * 1e-6 : 0), 0, 0, 1),
                CATransform3DScale(CATransform3DMakeRotation(.pi, 0, 0, 1), 1.5, 1.5, 1),
            ]
            spin.duration = 3
            spin.repeatCount = .infinity
            spin.beginTime = 1e-9
            let pulse = CASpringAnimation(keyPath: "opacity")
            pulse.fromValue = 0.2
            pulse.toValue = 1
            pulse.duration = pulse.settlingDuration
            pulse.repeatCount = .infinity
            pulse.beginTime = 1e-9
            layer.add(move, forKey: "move")
            layer.add(spin, forKey: "spin")
            layer.add(pulse, forKey: "pulse")
            layers.append(layer)
        }
        CATransaction.commit()
        // The root's bounds opened the implicit transaction the explicit one nested in.
        CATransaction.flush()
        return (context, layers)
    }

    /// One frame's presentation tree per batch. The frame is let go of after one read, as
    /// `Stage` and the live player do, so the server evaluates into the last frame's objects;
    /// with `keepsFrames` each frame is kept until the next is made (a caller that holds
    /// frames): nothing can be recycled, every frame allocates its pictures and frees the last.
    /// `distinctKeyframes` gives every layer keyframe values of its own (see `animatedLayerTree`).
    static func layerEvaluation(keepsFrames: Bool, distinctKeyframes: Bool = false) -> Benchmark {
        let count = 10_000
        let (context, server) = MainActor.assumeIsolated {
            let context = animatedLayerTree(count: count, distinctKeyframes: distinctKeyframes).0
            return (context, context.server)
        }
        var frame = 0
        var kept: CompositeLayer?
        return Benchmark(
            name: keepsFrames ? "RenderServer.evaluate 10k layers × 3, previous frame kept"
                : distinctKeyframes ? "RenderServer.evaluate 10k layers × 3, keyframes distinct per layer"
                : "RenderServer.evaluate 10k layers × 3 animations",
            target: keepsFrames || distinctKeyframes ? nil : 15e6,
            operationsPerBatch: count * 3,
            batch: {
                frame += 1
                withExtendedLifetime(context) {}
                guard let tree = server.evaluate(at: Double(frame) / 60) else { return 0 }
                if keepsFrames { kept = tree }
                return Double((kept ?? tree).sublayers[frame % count].state.opacity)
            }
        )
    }

    static var layerCommit: Benchmark {
        let count = 10_000
        let (context, layers) = MainActor.assumeIsolated { animatedLayerTree(count: count) }
        let floor = MainActor.assumeIsolated { commitFloor(context: context, layers: layers) }
        var frame = 0
        var floorFrame = 0
        return Benchmark(
            name: "commit of 10k changed layers (writes + snapshot)",
            target: 2e6,
            operationsPerBatch: count,
            batch: {
                MainActor.assumeIsolated {
                    frame += 1
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    let dx = CGFloat(frame % 2)
                    for layer in layers {
                        layer.position.x += dx
                    }
                    CATransaction.commit()
                    return Double(context.server.committedTree?.sublayers.count ?? 0)
                }
            },
            peer: floor.map { scene in
                .init(name: "C floor (same allocations, copies, counts)", batch: {
                    floorFrame += 1
                    return kinema_baseline_commit(scene.pointer, Double(floorFrame % 2))
                })
            }
        )
    }

    /// The C floor of a commit (KinemaBenchBaselines.h) sized from the objects a commit of this
    /// tree allocates, retains and frees: the layers, their render nodes, their states' shared
    /// parts and their animation sets (malloc's usable sizes, as allocated).
    @MainActor
    private static func commitFloor(context: RenderContext, layers: [CALayer]) -> CommitFloorScene? {
        guard let layer = layers.first, let node = context.server.committedTree?.sublayers.first else { return nil }
        func size(_ object: AnyObject) -> Int32 {
            kinema_baseline_heap_size(Unmanaged.passUnretained(object).toOpaque())
        }
        let scene = kinema_baseline_commit_scene_create(
            Int32(layers.count), size(layer), size(node), kinema_baseline_heap_size(node.state.coldAddress),
            size(node.animationSet))
        return scene.map(CommitFloorScene.init)
    }
}

/// The C floor's scene, used by the benchmark's one thread only.
private struct CommitFloorScene: @unchecked Sendable {
    let pointer: OpaquePointer
}
