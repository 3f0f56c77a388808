// The Core Animation model's benchmarks (issue "Core Animation's model"): evaluating a committed
// tree of 10,000 layers, each with three running animations, and committing 10,000 changed
// layers. Targets: ≤ 2 ms per evaluated frame (≥ 15 M animation evaluations a second) and ≤ 5 ms
// per commit of 10,000 changed layers (≥ 2 M layers a second), one core.
import Foundation
import KinemaBenchBaselines
import KinemaBenchScenes
import KinemaGeometry
import KinemaRenderServer
import OpenQuartzCore

extension BenchSuite {
    static var layers: [Benchmark] {
        [layerEvaluation(keepsFrames: false), layerEvaluation(keepsFrames: true),
         layerEvaluation(keepsFrames: false, distinctKeyframes: true), layerCommit]
    }

    /// The scene (KinemaBenchScenes): `count` layers with a basic animation on position, a
    /// keyframe animation on transform and a spring on opacity each. The keyframe values are the
    /// same for every layer (one animation added to many layers, which programs share:
    /// docs/ANIMATIONS.md), or with `distinctKeyframes` differ by a hair per layer, so that no
    /// two layers share them.
    @MainActor
    static func animatedLayerTree(count: Int, distinctKeyframes: Bool = false) -> (RenderContext, [CALayer]) {
        AnimatedLayerScene.make(count: count, distinctKeyframes: distinctKeyframes)
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
        // The C floor for the spec scene (shared key values), checked against the server first:
        // a floor that computed something else would make the ratio meaningless.
        let floor = keepsFrames || distinctKeyframes ? nil : evaluationFloor(count: count, server: server)
        var floorFrame = 0
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
            },
            peer: floor.map { floor in
                .init(name: "C floor (same maths, flat arrays)", batch: {
                    floorFrame += 1
                    return floor.evaluate(at: Double(floorFrame) / 60)
                })
            }
        )
    }

    /// The C evaluation floor of the scene, if it computes what `server` does at a few times
    /// (positions within 1e-5, transforms within 1e-9, opacity within 1e-6); nil, with a note on
    /// standard error, otherwise.
    private static func evaluationFloor(count: Int, server: RenderServer) -> EvaluationFloor? {
        guard let floor = EvaluationFloor(count: count) else { return nil }
        for time in [0.1, 1.7, 2.9, 4.35] {
            _ = floor.evaluate(at: time)
            guard let frame = server.evaluate(at: time) else { return nil }
            let d = floor.differences(from: frame)
            guard d.position <= 1e-5, d.transform <= 1e-9, d.opacity <= 1e-6 else {
                FileHandle.standardError.write(Data(
                    "bench: the C evaluation floor disagrees with the render server at t = \(time) \(d); no ratio\n".utf8))
                return nil
            }
        }
        return floor
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
