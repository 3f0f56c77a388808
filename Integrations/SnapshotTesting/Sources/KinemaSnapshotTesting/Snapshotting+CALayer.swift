// Snapshotting+CALayer: `assertSnapshot(of: layer, as: .image)` for Kinema's CALayer, and its
// timed strategies.
//
// Audited against: swift-snapshot-testing 1.19's `Snapshotting<CALayer, UIImage>.image(precision:
//   perceptualPrecision:traits:)` (iOS: `layer.render(in:)` into an image of the layer's bounds
//   size — model values).
// Status: complete without `traits`; `scale` stands in for the display scale. The layer is moved
//   onto a stage of its bounds' size (from any superlayer it had), which lays it out and displays
//   it before it is drawn. Timing: SnapshotHost.swift's header.

import Foundation
import Kinema
import SnapshotTesting

extension Snapshotting where Value == CALayer, Format == UIImage {
    /// The layer as a PNG at scale 1, with its model values.
    public static var image: Snapshotting { .image() }

    /// The layer and its sublayers as a PNG of its bounds' size, with their model values
    /// (animations not shown, as Apple's `render(in:)` draws), on a transparent background.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale) {
            (layer: CALayer) throws(SnapshotFailure) -> UIImage in
            let host = try SnapshotHost.host(layer, scale: scale)
            try SnapshotHost.advance(host.timed, to: host.stage.time - host.origin)
            return SnapshotHost.modelImage(of: layer, size: layer.bounds.size, scale: scale)
        }
    }

    /// The layer `time` seconds into its animations (the timeline of `Snapshotting<UIView,
    /// UIImage>.image(at:)`): animations added with `beginTime` 0 before the first snapshot
    /// begin at 0.
    ///
    /// ```swift
    /// let fade = CABasicAnimation(keyPath: "opacity")
    /// fade.fromValue = 1; fade.toValue = 0; fade.duration = 1
    /// layer.add(fade, forKey: "fade")
    /// assertSnapshot(of: layer, as: .image(at: 0.5))
    /// ```
    public static func image(at time: Double, precision: Float = 1, perceptualPrecision: Float = 1,
                             scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.frame(at: time, precision: precision, perceptualPrecision: perceptualPrecision, scale: scale) {
            (layer: CALayer) throws(SnapshotFailure) -> TimedStage in
            try SnapshotHost.host(layer, scale: scale).timed
        }
    }
}

extension Snapshotting where Value == CALayer, Format == AnimationFrames {
    /// The layer at each of `times` (not decreasing), as one PNG strip compared frame by frame.
    public static func frames(at times: [Double], precision: Float = 1, perceptualPrecision: Float = 1,
                              scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.frames(at: times, precision: precision, perceptualPrecision: perceptualPrecision, scale: scale) {
            (layer: CALayer) throws(SnapshotFailure) -> TimedStage in
            try SnapshotHost.host(layer, scale: scale).timed
        }
    }
}

extension Snapshotting where Value == CALayer, Format == GIFAnimation {
    /// `duration` seconds of the layer at `fps`, as an animated GIF over white.
    public static func gif(duration: Double, fps: Double = 30, precision: Float = 1, perceptualPrecision: Float = 1,
                           scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.gif(duration: duration, fps: fps, precision: precision, perceptualPrecision: perceptualPrecision) {
            (layer: CALayer) throws(SnapshotFailure) -> TimedStage in
            try SnapshotHost.host(layer, scale: scale).timed
        }
    }
}
