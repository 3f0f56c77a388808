// GIFAnimation: the format of `.gif(duration:fps:)` snapshots — a whole animation recorded as an
// animated GIF by Kinema's writer, compared frame by frame as a viewer shows it.
//
// Audited against: swift-snapshot-testing 1.19's `Diffing`; Kinema's GIFWriter (deterministic:
//   the same frames and options give the same bytes; frames identical to the one before lengthen
//   its delay instead of being written) and `UIImage(data:)` (an animated GIF opens with `images`,
//   the frames as displayed, and `duration`, their total).
// Status: complete. Both sides are compared after the GIF encoding (the new snapshot is decoded
//   from its own bytes), so the palette's rounding is the same on both; a changed frame count or
//   total duration is reported before any pixels.

import Foundation
import Kinema
import SnapshotTesting

/// An animation recorded as an animated GIF: what `.gif(duration:fps:)` snapshots.
public struct GIFAnimation: Sendable {
    /// The GIF file's bytes.
    public let data: Data
    /// The frames as a viewer displays them (runs of identical frames are one frame).
    public let frames: [UIImage]
    /// The total display time in seconds.
    public let duration: Double
    /// Why no animation could be recorded (a strategy's failure), when that is so.
    let problem: String?

    /// The animation in `data` (an empty one when it does not decode).
    public init(data: Data) {
        self.data = data
        if let image = UIImage(data: data) {
            frames = image.images ?? [image]
            duration = image.duration
        } else {
            frames = []
            duration = 0
        }
        problem = nil
    }

    /// An empty animation standing for a recording that failed because of `problem`.
    init(problem: String) {
        data = Data()
        frames = []
        duration = 0
        self.problem = problem
    }
}

extension Diffing where Value == GIFAnimation {
    /// Frame-by-frame diffing of animated GIFs, each frame under `precision` and
    /// `perceptualPrecision` as `Diffing<UIImage>.image` applies them.
    public static func gif(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        let rule = ComparisonRule(precision: precision, perceptualPrecision: perceptualPrecision)
        return .diff(
            toData: { $0.data.isEmpty ? KinemaImageData.placeholder : $0.data },
            fromData: { GIFAnimation(data: $0) }
        ) { old, new in
            if new.frames.isEmpty {
                let reason = new.problem ?? "the GIF has no frames"
                return ("No snapshot could be taken: \(reason).", [])
            }
            guard !old.frames.isEmpty else { return ("The reference could not be decoded as a GIF.", []) }
            guard old.frames.count == new.frames.count else {
                return ("The reference shows \(old.frames.count) distinct frames over \(old.duration) s; the snapshot \(new.frames.count) over \(new.duration) s.", [])
            }
            guard abs(old.duration - new.duration) < 0.005 else {
                return ("The reference lasts \(old.duration) s; the snapshot \(new.duration) s.", [])
            }
            guard let failure = Diffing<AnimationFrames>.compareFrames(old.frames, new.frames, times: [], rule: rule, kind: "gif") else {
                return nil
            }
            return (failure.message, failure.attachments)
        }
    }
}
