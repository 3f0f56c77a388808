// The damage-only frame benchmark (issue 18, "Damage-only frames"): a 40 × 40 layer moving over a
// static 1280 × 720 scene of 200 layers, one frame per batch through `Stage.step` (the turn, the
// render server's evaluation, the damage found and the bands it meets redrawn, the background).
// Target: ≤ 0.3 ms a frame (≥ 3,333 frames/s). The peer is the same stage drawing every frame
// whole (`redrawsOnlyDamage = false`), measured in the same run.
import Foundation
import Kinema
import KinemaImageIO
import KinemaRaster
import KinemaStage
import OpenQuartzCore

extension BenchSuite {
    static var damage: [Benchmark] { [damageFrame, hintedEncoding(gif: false), hintedEncoding(gif: true)] }

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

    /// The writers told each frame's damage (what `Stage.record` does) against the same writers
    /// comparing whole frames: 12 frames of the damage scene, rendered once, played forwards
    /// and back 8 times (100 frames; a step back has the step forward's damage), encoded into
    /// memory. Timed by the wall clock (the encoding runs on the writer's queue), so a busy
    /// machine shows.
    static func hintedEncoding(gif: Bool) -> Benchmark {
        let frames = MainActor.assumeIsolated {
            let (stage, mover) = damageScene(redrawsOnlyDamage: true)
            return (1...12).map { frame -> (Pixmap, [PixelRect]?) in
                stage.withClock {
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    mover.position = CGPoint(x: 20 + Double(frame * 3), y: 80)
                    CATransaction.commit()
                    let image = stage.step(to: Double(frame) / 60)
                    return (image, frame == 1 ? nil : stage.lastDamage)
                }
            }
        }
        // Indices into `frames`, with the damage from the frame before: 0 1 … 11 10 … 0 1 …
        var order = [(index: 0, damage: [PixelRect]?.none)]
        for pass in 0 ..< 9 {
            for step in 1 ..< frames.count {
                let index = pass % 2 == 0 ? step : frames.count - 1 - step
                // Forwards, frame i's own damage; backwards, the damage of the step undone.
                order.append((index, pass % 2 == 0 ? frames[index].1 : frames[index + 1].1))
            }
        }
        let sequence = order.map { (frames[$0.index].0, $0.damage) }
        func encode(hinted: Bool) -> Double {
            do {
                let writer: any DamageHintedFrameSink = gif ? try GIFWriter() : try APNGWriter()
                for (image, damage) in sequence {
                    if hinted {
                        try writer.append(image, duration: 1.0 / 60, changed: damage)
                    } else {
                        try writer.append(image, duration: 1.0 / 60)
                    }
                }
                try writer.finish()
                return Double(writer.data?.count ?? 0)
            } catch {
                return -1
            }
        }
        let format = gif ? "GIF" : "APNG"
        return Benchmark(
            name: "\(format) writer, 100 frames of the damage scene, told each frame's damage",
            target: nil,
            operationsPerBatch: sequence.count,
            batch: { encode(hinted: true) },
            peer: .init(name: "the same writer comparing whole frames", batch: { encode(hinted: false) }),
            notes: { ["\(format) bytes: \(Int(encode(hinted: true))) with hints, \(Int(encode(hinted: false))) without"] },
            wallClock: true
        )
    }
}
