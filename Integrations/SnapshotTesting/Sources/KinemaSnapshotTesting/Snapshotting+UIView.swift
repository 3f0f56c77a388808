// Snapshotting+UIView: `assertSnapshot(of: view, as: .image)` for Kinema's UIView, and the timed
// strategies no platform has — `.image(at:)`, `.frames(at:)`, `.gif(duration:fps:)`.
//
// Audited against: swift-snapshot-testing 1.19's `Snapshotting<UIView, UIImage>.image(
//   drawHierarchyInKeyWindow:precision:perceptualPrecision:size:traits:)` (iOS: the view is put in
//   a window made for the snapshot, at `size` or its frame's size, and drawn with
//   `layer.render(in:)`, which shows model values — running animations are not seen).
// Status: complete without `drawHierarchyInKeyWindow` (there is no key window of an app) and
//   `traits` (Kinema has no trait collections); `scale` stands in for the traits' display scale.
//   Timing: SnapshotHost.swift's header.

import Foundation
import Kinema
import SnapshotTesting

extension Snapshotting where Value == UIView, Format == UIImage {
    /// The view as a PNG at scale 1, as iOS's `.image` draws it: model values, animations not
    /// shown (use `.image(at:)` for a moment of an animation).
    public static var image: Snapshotting { .image() }

    /// The view as a PNG: laid out and drawn on a stage of its size, then rendered with its
    /// model values (running animations are not shown, as on iOS), on a transparent background.
    ///
    /// ```swift
    /// let button = PushButton(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    /// assertSnapshot(of: button, as: .image)
    /// ```
    ///
    /// - Parameters:
    ///   - precision: the fraction of pixels that must match.
    ///   - perceptualPrecision: how close a pixel must be to match (1: identical; 0.98: ΔE ≤ 2).
    ///   - size: the view's size for the snapshot (it is resized); nil keeps its bounds' size.
    ///   - scale: pixels per point.
    ///
    /// A view in a window of your own Stage is drawn where it is, without moving it.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
                             scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale) {
            (view: UIView) throws(SnapshotFailure) -> UIImage in
            if view.window != nil, !SnapshotHost.isHosting(view) {
                // On a stage of the caller's: already laid out and displayed by its turns.
                if let size { UIView.performWithoutAnimation { view.bounds.size = size } }
                try SnapshotHost.check(view.bounds.size, scale: scale)
                view.layoutIfNeeded()
                return SnapshotHost.modelImage(of: view.layer, size: view.bounds.size, scale: scale)
            }
            let host = try SnapshotHost.host(view, size: size, scale: scale)
            try SnapshotHost.advance(host.timed, to: host.stage.time - host.origin)
            return SnapshotHost.modelImage(of: view.layer, size: view.bounds.size, scale: scale)
        }
    }

    /// The view `time` seconds into its animations, as a PNG: the frame a stage shows then.
    ///
    /// ```swift
    /// UIView.animate(withDuration: 1) { view.alpha = 0 }
    /// assertSnapshot(of: view, as: .image(at: 0.5))      // half faded
    /// ```
    ///
    /// The first snapshot of a view hosts it on a stage whose clock starts at 0, when the changes
    /// still pending — the `UIView.animate` blocks run so far — commit, so animations without a
    /// delay begin at 0. Later snapshots of the same view continue on that stage: their times
    /// must not go back. On the way to `time` the stage runs a turn every 1/60 s, so completion
    /// blocks (and the animations they start) run when a device would run them. The view's own
    /// transform and position animations show; the frame covers its untransformed frame.
    /// Pixels nothing covers are transparent.
    public static func image(at time: Double, precision: Float = 1, perceptualPrecision: Float = 1,
                             size: CGSize? = nil, scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.frame(at: time, precision: precision, perceptualPrecision: perceptualPrecision, scale: scale) {
            (view: UIView) throws(SnapshotFailure) -> TimedStage in
            try SnapshotHost.host(view, size: size, scale: scale).timed
        }
    }
}

extension Snapshotting where Value == UIView, Format == AnimationFrames {
    /// The view at each of `times` (seconds into its animations, not decreasing), as one PNG
    /// strip compared frame by frame; the timeline is `.image(at:)`'s.
    ///
    /// ```swift
    /// UIView.animate(withDuration: 1) { view.center.x += 100 }
    /// assertSnapshot(of: view, as: .frames(at: [0, 0.25, 0.5, 1]))
    /// ```
    public static func frames(at times: [Double], precision: Float = 1, perceptualPrecision: Float = 1,
                              size: CGSize? = nil, scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.frames(at: times, precision: precision, perceptualPrecision: perceptualPrecision, scale: scale) {
            (view: UIView) throws(SnapshotFailure) -> TimedStage in
            try SnapshotHost.host(view, size: size, scale: scale).timed
        }
    }
}

extension Snapshotting where Value == UIView, Format == GIFAnimation {
    /// `duration` seconds of the view at `fps` frames a second, from its stage's current time
    /// (0 for a view not snapshotted before), as an animated GIF over white, compared frame by
    /// frame as a viewer shows it.
    ///
    /// ```swift
    /// UIView.animate(withDuration: 0.5, delay: 0, options: [.autoreverse]) { view.alpha = 0.2 }
    /// assertSnapshot(of: view, as: .gif(duration: 1, fps: 10))
    /// ```
    public static func gif(duration: Double, fps: Double = 30, precision: Float = 1, perceptualPrecision: Float = 1,
                           size: CGSize? = nil, scale: CGFloat = 1) -> Snapshotting {
        SnapshotStrategies.gif(duration: duration, fps: fps, precision: precision, perceptualPrecision: perceptualPrecision) {
            (view: UIView) throws(SnapshotFailure) -> TimedStage in
            try SnapshotHost.host(view, size: size, scale: scale).timed
        }
    }
}
