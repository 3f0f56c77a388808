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

/// Your own stage as a timed subject: its times are its own clock's (time 0 is stage time 0).
@MainActor
private func asIs(_ stage: Stage) -> TimedStage {
    TimedStage(stage: stage, origin: 0)
}

extension Snapshotting where Value == Stage, Format == UIImage {
    /// The stage's frame at its current time (after running that time's turn), as a PNG.
    public static var image: Snapshotting { .image() }

    /// The stage's frame at its current time (after running that time's turn), as a PNG.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        SnapshotStrategies.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: 1) {
            (stage: Stage) throws(SnapshotFailure) -> UIImage in
            try SnapshotHost.frame(of: asIs(stage), at: stage.time)
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
        SnapshotStrategies.frame(at: time, precision: precision, perceptualPrecision: perceptualPrecision, scale: 1, host: asIs)
    }
}

extension Snapshotting where Value == Stage, Format == AnimationFrames {
    /// The stage's frames at stage times `times` (not decreasing, not before its clock), as one
    /// PNG strip compared frame by frame.
    public static func frames(at times: [Double], precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        SnapshotStrategies.frames(at: times, precision: precision, perceptualPrecision: perceptualPrecision, scale: 1, host: asIs)
    }
}

extension Snapshotting where Value == Stage, Format == GIFAnimation {
    /// `duration` seconds of the stage from its current time at `fps`, as an animated GIF over white.
    public static func gif(duration: Double, fps: Double = 30, precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        SnapshotStrategies.gif(duration: duration, fps: fps, precision: precision, perceptualPrecision: perceptualPrecision, host: asIs)
    }
}
