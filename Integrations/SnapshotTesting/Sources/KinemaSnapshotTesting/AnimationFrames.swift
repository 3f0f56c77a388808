// AnimationFrames: the format of `.frames(at:)` snapshots — frames of an animation at chosen
// times, stored as one PNG film strip and compared frame by frame.
//
// Audited against: swift-snapshot-testing 1.19's `Diffing` (toData / fromData / diffV2; the
//   reference is read back with fromData and compared with the new value).
// Status: complete. The strip holds the pictures only: a reference read back is cut into frames
//   of the new snapshot's count and size, and a strip of another size is reported as such.

import Foundation
import Kinema
import SnapshotTesting

/// Frames of an animation at chosen times: what `.frames(at:)` snapshots, stored as one PNG with
/// the frames side by side, left to right.
///
/// A failure names each differing frame with its time, how many of its pixels differ and by how
/// much, and writes one difference strip (see docs/SNAPSHOT_TESTING.md).
public struct AnimationFrames: Sendable {
    /// The frames, in order; all of one size.
    public let frames: [UIImage]
    /// The time of each frame in seconds; empty for frames read back from a reference file.
    public let times: [Double]
    /// A reference strip read back, not yet cut (its frame count is the new snapshot's).
    let strip: UIImage?
    /// Why no frames could be taken (a strategy's failure), when that is so.
    let problem: String?

    /// Frames at `times` (one time per frame).
    public init(frames: [UIImage], times: [Double]) {
        self.frames = frames
        self.times = times
        self.strip = nil
        self.problem = nil
    }

    init(strip: UIImage) {
        self.frames = []
        self.times = []
        self.strip = strip
        self.problem = nil
    }

    /// No frames, because of `problem`.
    init(problem: String) {
        self.frames = []
        self.times = []
        self.strip = nil
        self.problem = problem
    }

    /// The frames side by side as one image (nil when there are none or they have no pixels).
    public var filmStrip: UIImage? {
        if let strip { return strip }
        let pixmaps = frames.compactMap { $0.cgImage?.pixmap }
        guard pixmaps.count == frames.count, let strip = Self.strip(pixmaps) else { return nil }
        return UIImage(cgImage: CGImage(pixmap: strip), scale: frames[0].scale, orientation: .up)
    }

    /// `pixmaps` side by side, left to right; nil when there are none or their sizes differ.
    static func strip(_ pixmaps: [Pixmap]) -> Pixmap? {
        guard let first = pixmaps.first, pixmaps.allSatisfy({ $0.width == first.width && $0.height == first.height }),
              var strip = try? Pixmap(width: first.width * pixmaps.count, height: first.height) else { return nil }
        strip.withMutableRegion { region in
            for (index, pixmap) in pixmaps.enumerated() { region.copy(from: pixmap, toX: index * first.width, y: 0) }
        }
        return strip
    }
}

extension Diffing where Value == AnimationFrames {
    /// Frame-by-frame diffing of film strips, each frame under `precision` and
    /// `perceptualPrecision` as `Diffing<UIImage>.image` applies them.
    public static func frames(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Diffing {
        let rule = ComparisonRule(precision: precision, perceptualPrecision: perceptualPrecision)
        let decodeScale = KinemaImageData.decodeScale(scale)
        return .diff(
            toData: { value in value.filmStrip.map { KinemaImageData.png(of: $0) } ?? KinemaImageData.placeholder },
            fromData: { AnimationFrames(strip: UIImage(data: $0, scale: decodeScale) ?? UIImage()) }
        ) { old, new in
            guard let failure = compare(old, new, rule: rule) else { return nil }
            return (failure.message, failure.attachments)
        }
    }

    /// Compares a reference with a new snapshot frame by frame.
    static func compare(_ old: AnimationFrames, _ new: AnimationFrames, rule: ComparisonRule) -> KinemaImageData.Failure? {
        guard let firstNew = new.frames.first else {
            return KinemaImageData.Failure(message: "No snapshot could be taken: \(new.problem ?? "there are no frames").", attachments: [])
        }
        guard let newSize = firstNew.cgImage.map({ ($0.width, $0.height) }) else {
            let reason = SnapshotProblem.take(for: firstNew) ?? "the new frames have no pixels"
            return KinemaImageData.Failure(message: "No snapshot could be taken: \(reason).", attachments: [])
        }
        let reference: [UIImage]
        if let strip = old.strip {
            guard let pixels = strip.cgImage?.pixmap else {
                return KinemaImageData.Failure(message: "The reference could not be decoded as an image.", attachments: [])
            }
            let count = new.frames.count
            guard pixels.width == newSize.0 * count, pixels.height == newSize.1 else {
                return KinemaImageData.Failure(
                    message: "The reference strip is \(pixels.width) × \(pixels.height) pixels; \(count) frames of \(newSize.0) × \(newSize.1) make \(newSize.0 * count) × \(newSize.1): the number of frames or their size changed.",
                    attachments: [])
            }
            reference = (0..<count).compactMap { index in
                pixels.copy(PixelRect(x: index * newSize.0, y: 0, width: newSize.0, height: newSize.1))
                    .map { UIImage(cgImage: CGImage(pixmap: $0), scale: strip.scale, orientation: .up) }
            }
        } else {
            reference = old.frames
        }
        guard reference.count == new.frames.count else {
            return KinemaImageData.Failure(message: "The reference has \(reference.count) frames; the snapshot \(new.frames.count).", attachments: [])
        }
        return compareFrames(reference, new.frames, times: new.times, rule: rule, kind: "frames")
    }

    /// Compares equal-length frame lists, one message line per differing frame and one
    /// difference strip (matching frames ghosted) written for them all.
    static func compareFrames(_ reference: [UIImage], _ frames: [UIImage], times: [Double], rule: ComparisonRule,
                              kind: String) -> KinemaImageData.Failure? {
        var lines: [String] = []
        var differences: [Pixmap] = []
        var attachments: [DiffAttachment] = []
        for index in frames.indices {
            let time = index < times.count ? " at \(times[index]) s" : ""
            let label = "frame \(index)\(time)"
            if let failure = KinemaImageData.compare(reference[index], frames[index], rule: rule, label: label, writesDifference: false) {
                lines.append(failure.message)
                attachments += failure.attachments.map { attachment in
                    if case .data(let data, let name) = attachment { return .data(data, name: "\(index)-\(name)") }
                    return attachment
                }
                if let image = failure.differenceImage { differences.append(image) }
            } else if let pixels = reference[index].cgImage?.pixmap,
                      let ghost = ImageComparison.differenceImage(reference: pixels, kinds: [UInt8](repeating: 0, count: pixels.width * pixels.height)) {
                differences.append(ghost)
            }
        }
        guard !lines.isEmpty else { return nil }
        var message = "\(lines.count) of \(frames.count) frames differ:\n" + lines.joined(separator: "\n")
        if differences.count == frames.count, let strip = AnimationFrames.strip(differences) {
            let seed = frames.compactMap { $0.pngData() }.reduce(Data(), +)
            message += "\nDifference strip (frames left to right; red: differs; orange: within the perceptual tolerance): "
                + SnapshotArtifacts.writeDifference(strip, kind: "\(kind)-difference", seed: seed)
        }
        return KinemaImageData.Failure(message: message, attachments: attachments)
    }
}
