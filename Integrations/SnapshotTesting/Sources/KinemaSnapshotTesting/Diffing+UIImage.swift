// Diffing+UIImage: SnapshotTesting's image diffing for Kinema's UIImage — PNG references through
// Kinema's encoder and decoder, pixel comparison with `precision` and `perceptualPrecision`, and
// a difference image on failure.
//
// Audited against: swift-snapshot-testing 1.19's `Diffing<UIImage>.image(precision:
//   perceptualPrecision:scale:)` and `Snapshotting<UIImage, UIImage>.image` (iOS only there):
//   PNG data, the reference decoded at the given scale, the new image compared after a PNG round
//   trip (as the reference made one), a message and reference / failure / difference attachments.
// Status: complete. The comparison is ImageComparison.swift's; the difference image is written
//   to the artifacts folder (SnapshotArtifacts.swift) because attachments are not saved on Linux.

import Foundation
import Kinema
import SnapshotTesting

extension Diffing where Value == UIImage {
    /// Exact image diffing: every pixel must match.
    public static var image: Diffing { .image() }

    /// Image diffing with PNG references.
    ///
    /// ```swift
    /// assertSnapshot(of: image, as: .image(precision: 0.99, perceptualPrecision: 0.98))
    /// ```
    ///
    /// - Parameters:
    ///   - precision: the fraction of pixels that must match (1: all).
    ///   - perceptualPrecision: how close a pixel must be to match: 1 means identical bytes; below
    ///     1 a pixel matches when its colour difference (CIE76 ΔE, composited over white and
    ///     over black) is at most (1 − perceptualPrecision) × 100 — 0.98 accepts ΔE ≤ 2, about
    ///     what an eye can tell apart. Values outside 0…1 are clamped.
    ///   - scale: the scale references are decoded at (1 when nil); it sets the image's size in
    ///     points, not what is compared.
    ///
    /// A mismatch reports how many pixels differ, the largest channel difference and ΔE, and the
    /// path of a difference image (see docs/SNAPSHOT_TESTING.md).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Diffing {
        let rule = ComparisonRule(precision: precision, perceptualPrecision: perceptualPrecision)
        let decodeScale = KinemaImageData.decodeScale(scale)
        return .diff(
            toData: { KinemaImageData.png(of: $0) },
            fromData: { UIImage(data: $0, scale: decodeScale) ?? UIImage() }
        ) { old, new in
            guard let failure = KinemaImageData.compare(old, new, rule: rule, label: nil) else { return nil }
            return (failure.message, failure.attachments)
        }
    }
}

extension Snapshotting where Value == UIImage, Format == UIImage {
    /// A snapshot of an image as a PNG, every pixel matching.
    public static var image: Snapshotting { .image() }

    /// A snapshot of an image as a PNG (see `Diffing.image(precision:perceptualPrecision:scale:)`).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale))
    }
}

/// What the image diffings share: PNG data and the comparison of two images with its message.
enum KinemaImageData {
    /// A 1 × 1 opaque red PNG, written in place of an image without pixels (SnapshotTesting
    /// always writes something; the failure message says what went wrong).
    static let placeholder: Data = {
        guard let pixmap = try? Pixmap(width: 1, height: 1, premultipliedBytes: [255, 0, 0, 255]) else { return Data() }
        return UIImage(cgImage: CGImage(pixmap: pixmap)).pngData() ?? Data()
    }()

    /// The scale references are decoded at: `scale` when positive and finite, else 1.
    static func decodeScale(_ scale: CGFloat?) -> CGFloat {
        scale.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 1
    }

    /// `image` as PNG data (the placeholder when it has no pixels).
    static func png(of image: UIImage) -> Data {
        image.pngData() ?? placeholder
    }

    /// The pixels `image` has after a PNG round trip (what a reference made from it would hold).
    static func roundTripped(_ image: UIImage) -> Pixmap? {
        guard let data = image.pngData() else { return nil }
        return UIImage(data: data)?.cgImage?.pixmap
    }

    /// A failed comparison: the message and the attachments SnapshotTesting passes on.
    struct Failure {
        var message: String
        var attachments: [DiffAttachment]
        /// The difference image, when the sizes matched.
        var differenceImage: Pixmap?
    }

    /// Compares the reference `old` with the new `new` under `rule`; nil when they match.
    /// `label` names the frame in messages ("frame 2 at 0.5 s"); the difference image is written
    /// unless `writesDifference` is false (the frame diffings write one strip instead).
    static func compare(_ old: UIImage, _ new: UIImage, rule: ComparisonRule, label: String?,
                        writesDifference: Bool = true) -> Failure? {
        let prefix = label.map { "\($0): " } ?? ""
        guard let newPixels = new.cgImage?.pixmap else {
            let reason = SnapshotProblem.take(for: new) ?? "the new image has no pixels"
            return Failure(message: "\(prefix)No snapshot could be taken: \(reason).", attachments: [])
        }
        guard let oldPixels = old.cgImage?.pixmap else {
            return Failure(message: "\(prefix)The reference could not be decoded as an image.", attachments: [])
        }
        guard oldPixels.width == newPixels.width, oldPixels.height == newPixels.height else {
            return Failure(message: "\(prefix)The snapshot is \(newPixels.width) × \(newPixels.height) pixels; the reference is \(oldPixels.width) × \(oldPixels.height).",
                           attachments: [.data(png(of: new), name: "failure.png")])
        }
        let comparable = roundTripped(new) ?? newPixels
        guard let difference = ImageComparison.compare(oldPixels, comparable, rule: rule) else { return nil }
        var message = prefix + describe(difference, rule: rule)
        var attachments: [DiffAttachment] = [.data(png(of: old), name: "reference.png"), .data(png(of: new), name: "failure.png")]
        if let image = difference.image {
            let data = UIImage(cgImage: CGImage(pixmap: image)).pngData() ?? placeholder
            attachments.append(.data(data, name: "difference.png"))
            if writesDifference {
                message += "\nDifference image (red: differs; orange: within the perceptual tolerance): "
                    + SnapshotArtifacts.writeDifference(image, kind: "difference", seed: png(of: new))
            }
        }
        return Failure(message: message, attachments: attachments, differenceImage: difference.image)
    }

    /// "1,234 of 40,000 pixels differ (3.09 %; precision 1 allows 0); largest channel difference
    /// 255 of 255, largest ΔE (CIE76) 86.2."
    static func describe(_ difference: ImageDifference, rule: ComparisonRule) -> String {
        let share = Double(difference.differingPixels) / Double(max(1, difference.totalPixels)) * 100
        var text = "\(difference.differingPixels) of \(difference.totalPixels) pixels differ ("
            + String(format: "%.2f", share) + " %; precision \(rule.precision) allows \(rule.allowedDifferingPixels(of: difference.totalPixels)))"
        if let threshold = rule.deltaEThreshold {
            text += ", beyond ΔE " + String(format: "%.1f", threshold) + " (perceptualPrecision \(rule.perceptualPrecision))"
            if difference.toleratedPixels > 0 {
                text += "; \(difference.toleratedPixels) more differ within it"
            }
        }
        text += "; largest channel difference \(difference.maximumChannelDifference) of 255, largest ΔE (CIE76) "
            + String(format: "%.1f", difference.maximumDeltaE) + "."
        return text
    }
}
