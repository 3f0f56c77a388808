// Snapshotting+Stage: snapshots of a Stage of your own — its frame now, at a time, at several
// times, or a GIF of a stretch of its timeline.
//
// Audited against: Kinema's `Stage` (`step(to:)`: the turn at a time, then the frame;
//   `record(duration:fps:into:)`).
// Status: complete. Times are the stage's own clock (not relative to the snapshot) and must not
//   be before it; the stage's size, scale and background colour are used as they are.

import Foundation
import Kinema
import SnapshotTesting

extension Snapshotting where Value == Stage, Format == UIImage {
    /// The stage's frame at its current time (after running that time's turn), as a PNG.
    public static var image: Snapshotting { .image() }

    /// The stage's frame at its current time (after running that time's turn), as a PNG.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        .init(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { stage in
            SnapshotStrategies.onMain(stage, failed: SnapshotStrategies.failedImage) { (stage: Stage) throws(SnapshotFailure) -> UIImage in
                try SnapshotHost.frame(of: TimedStage(stage: stage, origin: 0), at: stage.time)
            }
        }
    }

    /// The stage's frame at stage time `time` (not before its clock), after the turns on the way
    /// at 60 per second.
    ///
    /// ```swift
    /// let stage = Stage(size: CGSize(width: 320, height: 240))
    /// stage.window.addSubview(card)
    /// stage.at(0.2) { UIView.animate(withDuration: 0.5) { card.alpha = 0 } }
    /// assertSnapshot(of: stage, as: .image(at: 0.45))
    /// ```
    public static func image(at time: Double, precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        .init(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { stage in
            SnapshotStrategies.onMain(stage, failed: SnapshotStrategies.failedImage) { (stage: Stage) throws(SnapshotFailure) -> UIImage in
                try SnapshotHost.frame(of: TimedStage(stage: stage, origin: 0), at: time)
            }
        }
    }
}

extension Snapshotting where Value == Stage, Format == AnimationFrames {
    /// The stage's frames at stage times `times` (not decreasing, not before its clock), as one
    /// PNG strip compared frame by frame.
    public static func frames(at times: [Double], precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        .init(pathExtension: "png", diffing: .frames(precision: precision, perceptualPrecision: perceptualPrecision)) { stage in
            SnapshotStrategies.onMain(stage, failed: { AnimationFrames(problem: $0) }) { (stage: Stage) throws(SnapshotFailure) -> AnimationFrames in
                guard !times.isEmpty, times.count <= SnapshotStrategies.maximumFrames,
                      zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                    throw SnapshotFailure("frames(at: \(times)): give 1…\(SnapshotStrategies.maximumFrames) times that do not decrease")
                }
                var frames: [UIImage] = []
                for time in times { frames.append(try SnapshotHost.frame(of: TimedStage(stage: stage, origin: 0), at: time)) }
                return AnimationFrames(frames: frames, times: times)
            }
        }
    }
}

extension Snapshotting where Value == Stage, Format == GIFAnimation {
    /// `duration` seconds of the stage from its current time at `fps`, as an animated GIF over white.
    public static func gif(duration: Double, fps: Double = 30, precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        SnapshotStrategies.gif(duration: duration, fps: fps, precision: precision, perceptualPrecision: perceptualPrecision) {
            (stage: Stage) throws(SnapshotFailure) -> TimedStage in TimedStage(stage: stage, origin: 0)
        }
    }
}
