// The UIKit view layer's benchmark (issue "UIKit's view layer"): 1,000 views, each animated by
// UIView.animate every frame, and what one main-thread frame costs — the animation blocks, the
// actions they run, the animations they add, the completions delivered and the commit. Target:
// ≤ 1 ms a frame (≥ 1 M view animations a second), one core. Beside it, the layer-level figure:
// the same motion as implicit animations of 1,000 plain layers, measured in the same run.
import Foundation
import Kinema
import OpenQuartzCore

extension BenchSuite {
    static var views: [Benchmark] { [viewAnimationFrame] }

    /// Each batch is one frame of a stage: 1,000 `UIView.animate(withDuration: 0.25)` blocks
    /// moving a view, then the run-loop turn that commits them and delivers the completions of
    /// the blocks that ended (about 15 animations run on each view at any time). The peer does the
    /// same with 1,000 layers' implicit animations (0.25 s, CATransaction's default).
    static var viewAnimationFrame: Benchmark {
        let count = 1_000
        let (stage, views, layerStage, layers) = MainActor.assumeIsolated {
            let stage = Stage(size: CGSize(width: 64, height: 64), threads: 1)
            let layerStage = Stage(size: CGSize(width: 64, height: 64), threads: 1)
            var views: [UIView] = []
            var layers: [CALayer] = []
            stage.withClock {
                for k in 0..<count {
                    let view = UIView(frame: CGRect(x: CGFloat(k % 40), y: CGFloat(k / 40), width: 4, height: 4))
                    stage.window.addSubview(view)
                    views.append(view)
                }
                stage.turn(to: 0)
            }
            layerStage.withClock {
                for k in 0..<count {
                    let layer = CALayer()
                    layer.frame = CGRect(x: CGFloat(k % 40), y: CGFloat(k / 40), width: 4, height: 4)
                    layerStage.rootLayer.addSublayer(layer)
                    layers.append(layer)
                }
                layerStage.turn(to: 0)
            }
            return (stage, views, layerStage, layers)
        }
        var frame = 0
        var layerFrame = 0
        return Benchmark(
            name: "UIView.animate on 1k views, one frame (main thread)",
            target: 1e6,
            operationsPerBatch: count,
            batch: {
                MainActor.assumeIsolated {
                    frame += 1
                    let dx: CGFloat = frame % 2 == 0 ? 1 : -1
                    stage.withClock {
                        for view in views {
                            UIView.animate(withDuration: 0.25, animations: { view.center.x += dx }) { _ in ViewBenchTally.completions += 1 }
                        }
                        stage.turn(to: Double(frame) / 60)
                    }
                    return Double(ViewBenchTally.completions)
                }
            },
            peer: .init(name: "1k layers' implicit animations, one frame", batch: {
                MainActor.assumeIsolated {
                    layerFrame += 1
                    let dx: CGFloat = layerFrame % 2 == 0 ? 1 : -1
                    layerStage.withClock {
                        for layer in layers {
                            layer.position.x += dx
                        }
                        layerStage.turn(to: Double(layerFrame) / 60)
                    }
                    return Double(layers.count)
                }
            })
        )
    }
}

/// Completions the view benchmark's blocks reported (read so the work cannot be optimised away).
@MainActor
private enum ViewBenchTally {
    static var completions = 0
}
