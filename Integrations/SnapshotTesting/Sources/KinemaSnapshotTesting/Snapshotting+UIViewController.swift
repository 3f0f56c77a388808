// Snapshotting+UIViewController: `assertSnapshot(of: controller, as: .image)` for Kinema's
// UIViewController, and its timed strategies.
//
// Audited against: swift-snapshot-testing 1.19's `Snapshotting<UIViewController, UIImage>.image(
//   on:precision:perceptualPrecision:size:traits:)` (iOS: the controller is made the root of a
//   window of the configured size — appearance callbacks and layout run — and its view drawn with
//   `layer.render(in:)`, model values).
// Status: complete without `on:` (device configurations: pass the size) and `traits`; `scale`
//   stands in for the display scale. The default size is 390 × 844 points (Kinema's default
//   screen, an iPhone 14's). Timing: SnapshotHost.swift's header.

import Foundation
import Kinema
import SnapshotTesting

/// The size controllers are snapshotted at when none is given: Kinema's default screen.
let defaultControllerSize = CGSize(width: 390, height: 844)

extension Snapshotting where Value == UIViewController, Format == UIImage {
    /// The controller's screen as a PNG at 390 × 844 points, scale 1 (model values, as on iOS).
    public static var image: Snapshotting { .image() }

    /// The controller's screen as a PNG: the controller becomes the root view controller of a
    /// stage's window of `size` (its view loads, appears and is laid out), and the window is
    /// rendered with its model values — running animations are not shown, as on iOS.
    ///
    /// ```swift
    /// assertSnapshot(of: CardViewController(), as: .image(size: CGSize(width: 320, height: 568)))
    /// ```
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
                             scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale) {
            (controller: UIViewController) throws(SnapshotFailure) -> UIImage in
            let host = try SnapshotHost.host(controller, size: size ?? defaultControllerSize, scale: scale)
            try SnapshotHost.advance(host.timed, to: host.stage.time - host.origin)
            return SnapshotHost.modelImage(of: host.stage.rootLayer, size: host.stage.size, scale: scale)
        }
    }

    /// The controller's screen `time` seconds after it was hosted (see `Snapshotting<UIView,
    /// UIImage>.image(at:)` for the timeline): animations begun in `viewDidAppear` or before the
    /// snapshot show as a device shows them then.
    public static func image(at time: Double, precision: Float = 1, perceptualPrecision: Float = 1,
                             size: CGSize? = nil, scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.frame(at: time, precision: precision, perceptualPrecision: perceptualPrecision, scale: scale) {
            (controller: UIViewController) throws(SnapshotFailure) -> TimedStage in
            try SnapshotHost.host(controller, size: size ?? defaultControllerSize, scale: scale).timed
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == AnimationFrames {
    /// The controller's screen at each of `times` (not decreasing), as one PNG strip compared
    /// frame by frame.
    public static func frames(at times: [Double], precision: Float = 1, perceptualPrecision: Float = 1,
                              size: CGSize? = nil, scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.frames(at: times, precision: precision, perceptualPrecision: perceptualPrecision, scale: scale) {
            (controller: UIViewController) throws(SnapshotFailure) -> TimedStage in
            try SnapshotHost.host(controller, size: size ?? defaultControllerSize, scale: scale).timed
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == GIFAnimation {
    /// `duration` seconds of the controller's screen at `fps`, as an animated GIF over white.
    public static func gif(duration: Double, fps: Double = 30, precision: Float = 1, perceptualPrecision: Float = 1,
                           size: CGSize? = nil, scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.gif(duration: duration, fps: fps, precision: precision, perceptualPrecision: perceptualPrecision) {
            (controller: UIViewController) throws(SnapshotFailure) -> TimedStage in
            try SnapshotHost.host(controller, size: size ?? defaultControllerSize, scale: scale).timed
        }
    }
}
