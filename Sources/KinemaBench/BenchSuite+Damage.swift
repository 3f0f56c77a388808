// The damage-only frame benchmark (issue 18, "Damage-only frames"): a 40 × 40 layer moving over a
// static 1280 × 720 scene of 200 layers, one frame per batch through `Stage.step` (the turn, the
// render server's evaluation, the damage found and the bands it meets redrawn, the background).
// Target: ≤ 0.3 ms a frame (≥ 3,333 frames/s). The peer is the same stage drawing every frame
// whole (`redrawsOnlyDamage = false`), measured in the same run.
import Foundation
import Kinema
import KinemaStage
import OpenQuartzCore

extension BenchSuite {
    static var damage: [Benchmark] { [damageFrame] }

    /// The static scene: 200 tiles (rounded, some bordered, some translucent) in a 20 × 10 grid
    /// over a full-screen backdrop; the moving layer runs along the top rows, 3 px a frame, so it
    /// stays in the first of the frame's four bands.
    @MainActor
    static func damageScene(redrawsOnlyDamage: Bool) -> (Stage, CALayer) {
        let stage = Stage(size: CGSize(width: 1280, height: 720), scale: 1, threads: 1)
        stage.redrawsOnlyDamage = redrawsOnlyDamage
        let mover = CALayer()
        stage.withClock {
            let backdrop = CALayer()
            backdrop.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
            backdrop.backgroundColor = CGColor(red: 0.93, green: 0.94, blue: 0.96, alpha: 1)
            stage.rootLayer.addSublayer(backdrop)
            for index in 0 ..< 199 {
                let tile = CALayer()
                tile.frame = CGRect(x: Double(index % 20) * 64 + 4, y: Double(index / 20) * 72 + 4, width: 56, height: 64)
                tile.backgroundColor = CGColor(red: Double(index % 7) / 7, green: 0.5, blue: Double(index % 5) / 5,
                                               alpha: index % 3 == 0 ? 0.7 : 1)
                tile.cornerRadius = 6
                if index % 4 == 0 { tile.borderWidth = 2; tile.borderColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1) }
                backdrop.addSublayer(tile)
            }
            mover.frame = CGRect(x: 0, y: 60, width: 40, height: 40)
            mover.backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
            mover.cornerRadius = 8
            stage.rootLayer.addSublayer(mover)
            stage.step(to: 0)
        }
        return (stage, mover)
    }

    static var damageFrame: Benchmark {
        let (stage, mover, wholeStage, wholeMover) = MainActor.assumeIsolated {
            let (stage, mover) = damageScene(redrawsOnlyDamage: true)
            let (wholeStage, wholeMover) = damageScene(redrawsOnlyDamage: false)
            return (stage, mover, wholeStage, wholeMover)
        }
        var frame = 0
        var wholeFrame = 0
        /// One frame: the mover steps 3 px along the top (wrapping), then the stage renders.
        @MainActor func step(_ stage: Stage, _ mover: CALayer, _ frame: Int) -> Double {
            stage.withClock {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                mover.position = CGPoint(x: 20 + Double((frame * 3) % 1240), y: 80)
                CATransaction.commit()
                let image = stage.step(to: Double(frame) / 60)
                return Double(image.pixel(x: 20 + (frame * 3) % 1240, y: 80)?.red ?? 0)
            }
        }
        return Benchmark(
            name: "40×40 layer moving over 200 static layers, 1280×720 frame (damage only)",
            target: 1 / 0.3e-3,
            operationsPerBatch: 1,
            batch: {
                MainActor.assumeIsolated {
                    frame += 1
                    return step(stage, mover, frame)
                }
            },
            peer: .init(name: "the same stage drawing whole frames", batch: {
                MainActor.assumeIsolated {
                    wholeFrame += 1
                    return step(wholeStage, wholeMover, wholeFrame)
                }
            }),
            notes: {
                MainActor.assumeIsolated {
                    let rects = stage.lastDamage.map {
                        $0.map { "x \($0.minX)..<\($0.maxX), y \($0.minY)..<\($0.maxY)" }.joined(separator: "; ")
                    } ?? "the whole frame"
                    return ["damage-only frame: redrew \(rects) of 1280 × 720"]
                }
            }
        )
    }
}
