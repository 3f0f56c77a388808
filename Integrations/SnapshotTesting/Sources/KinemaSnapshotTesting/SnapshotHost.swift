// SnapshotHost: the Stage a snapshot strategy puts a view, a view controller or a layer on, and
// the stepping of its clock to the times a strategy asks for.
//
// Audited against: docs/UIKIT.md "Hosting a screen" and Kinema's `Stage` (a window on a manual
//   clock; `turn(to:)` runs a run-loop turn — events, completions, display links, the commit —
//   `step(to:)` a turn and a frame; `record(duration:fps:into:)`); swift-snapshot-testing 1.19's
//   `prepareView` (the view is added to a window made for the snapshot, at the size asked for).
// Status: complete for Kinema's public API. The timeline: the first snapshot of a subject hosts it
//   on a new stage, after committing the changes still pending (its `UIView.animate` blocks) —
//   so animations without a delay begin at the snapshot's time 0 and `.image(at: 0.5)` is half a
//   second into them. Time 0 is the media clock's reading at that moment when the current clock
//   is a manual one (a Stage's, or a test's `.manualClock`): the pending changes commit on it and
//   the new stage is turned to that reading, so an animation delayed by d from when it was made
//   begins at d. On the system clock (no Stage made yet, no manual clock installed), which moves
//   by itself, they commit on a fresh manual clock at 0 instead: undelayed animations still
//   begin at 0, but a delay made on the system clock cannot be lined up (docs/SNAPSHOT_TESTING.md
//   says to use `.manualClock`). Later snapshots of the same subject continue on its stage (the
//   eight most recent are kept), whose clock only moves forward; turns run at 60 per second on
//   the way to a time, as a display would run them, so completion blocks that chain animations
//   run when they would on a device.

import Foundation
import Kinema

/// A stage and the stage time a timed strategy's time 0 is (0 for a Stage snapshotted as it is).
@MainActor
struct TimedStage {
    let stage: Stage
    let origin: Double
}

/// Why a snapshot could not be taken (the strategy's failure message says it).
struct SnapshotFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

@MainActor
final class SnapshotHost {
    /// The stage the subject is on.
    let stage: Stage
    /// The stage time a timed strategy's time 0 is: the media clock's reading when the subject
    /// was hosted (see the header).
    let origin: Double
    /// The view a hosted view sits in, placed so the view's untransformed frame fills the stage.
    private(set) var viewContainer: UIView?
    /// The layer a hosted layer sits in, placed likewise.
    private(set) var layerContainer: CALayer?

    /// The longest time a timed strategy may step to (seconds): an hour of turns at 60 per second.
    static let maximumTime = 3600.0
    /// Hosts kept for later snapshots of the same subject (the oldest are let go).
    static let keptHosts = 8
    private static var recent: [SnapshotHost] = []
    /// Every subject a strategy hosted (weakly): one whose host was let go is hosted anew, with
    /// its running animations ended — their begin times belong to the old stage's timeline.
    private static var hostedSubjects: [WeakSubject] = []

    private struct WeakSubject {
        weak var subject: AnyObject?
    }

    /// Whether a strategy hosted `subject` before (its host kept or let go).
    static func wasHosted(_ subject: AnyObject) -> Bool {
        hostedSubjects.contains { $0.subject === subject }
    }

    private static func remember(_ subject: AnyObject) {
        hostedSubjects.removeAll { $0.subject == nil }
        if !wasHosted(subject) { hostedSubjects.append(WeakSubject(subject: subject)) }
    }

    /// Removes the animations of `layer` and every layer under it (their completions run with
    /// `finished` false), as a view leaving its window has them removed.
    private static func endAnimations(under layer: CALayer) {
        layer.removeAllAnimations()
        for sublayer in layer.sublayers ?? [] { endAnimations(under: sublayer) }
    }

    private init(stage: Stage, origin: Double) {
        self.stage = stage
        self.origin = origin
    }

    /// The stage with its time 0, for the timed strategies.
    var timed: TimedStage { TimedStage(stage: stage, origin: origin) }

    // MARK: Hosting

    /// The kept host `view` sits on, if any.
    private static func keptHost(of view: UIView) -> SnapshotHost? {
        recent.first { $0.viewContainer != nil && $0.viewContainer === view.superview }
    }

    /// Whether `view` sits on a kept stage a snapshot strategy made.
    static func isHosting(_ view: UIView) -> Bool {
        keptHost(of: view) != nil
    }

    /// The host of `view`: the one it is already on, or a new stage of `size` (the view's bounds
    /// size when nil) at `scale`. A view in a window no host made is refused.
    static func host(_ view: UIView, size: CGSize?, scale: CGFloat) throws(SnapshotFailure) -> SnapshotHost {
        if let host = keptHost(of: view), size == nil || size == host.stage.size, scale == host.stage.scale {
            return host
        }
        if wasHosted(view) {
            // Its host was let go: hosted anew, its running animations ended.
            endAnimations(under: view.layer)
            view.removeFromSuperview()
        }
        if view.window != nil, !isHosting(view) {
            throw SnapshotFailure("the view is in a window that no snapshot strategy made (a Stage of your own?): timed snapshots host the view on a stage of their own, which would remove it and end its animations; snapshot your Stage instead (assertSnapshot(of: stage, as: .image(at: t)))")
        }
        if let size {
            try check(size, scale: scale)
            UIView.performWithoutAnimation { view.bounds.size = size }
        }
        let size = view.bounds.size
        try check(size, scale: scale)
        let host = newHost(size: size, scale: scale)
        let container = UIView(frame: CGRect(origin: .zero, size: size))
        container.bounds.origin = untransformedOrigin(center: view.center, anchor: view.layer.anchorPoint, size: size)
        host.stage.window.addSubview(container)
        container.addSubview(view)
        host.viewContainer = container
        remember(view)
        return host
    }

    /// The host of `controller`: the one it is already on, or a new stage of `size` at `scale`
    /// with the controller as the window's root view controller.
    static func host(_ controller: UIViewController, size: CGSize, scale: CGFloat) throws(SnapshotFailure) -> SnapshotHost {
        if let host = recent.first(where: { $0.stage.window.rootViewController === controller }) {
            if size == host.stage.size, scale == host.stage.scale { return host }
            throw SnapshotFailure("the view controller is already on a snapshot stage of \(host.stage.size) at scale \(host.stage.scale); a controller is hosted once, at one size")
        }
        if wasHosted(controller), let view = controller.viewIfLoaded {
            // Its host was let go: hosted anew, its running animations ended.
            endAnimations(under: view.layer)
            view.removeFromSuperview()
        }
        if controller.viewIfLoaded?.window != nil {
            throw SnapshotFailure("the view controller's view is in a window that no snapshot strategy made; snapshot that window's Stage instead")
        }
        try check(size, scale: scale)
        let host = newHost(size: size, scale: scale)
        host.stage.window.rootViewController = controller
        host.stage.window.makeKeyAndVisible()
        remember(controller)
        return host
    }

    /// The host of `layer`: the one it is already on, or a new stage of the layer's bounds size
    /// at `scale` (a layer in another tree is moved onto it).
    static func host(_ layer: CALayer, scale: CGFloat) throws(SnapshotFailure) -> SnapshotHost {
        if let host = recent.first(where: { $0.layerContainer != nil && $0.layerContainer === layer.superlayer }),
           scale == host.stage.scale, layer.bounds.size == host.stage.size {
            return host
        }
        if wasHosted(layer) {
            // Its host was let go (or it is hosted at another size or scale): hosted anew, its
            // running animations ended.
            endAnimations(under: layer)
        }
        let size = layer.bounds.size
        try check(size, scale: scale)
        let host = newHost(size: size, scale: scale)
        let container = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.bounds = CGRect(origin: untransformedOrigin(center: layer.position, anchor: layer.anchorPoint, size: size), size: size)
        container.position = CGPoint(x: size.width / 2, y: size.height / 2)
        host.stage.rootLayer.addSublayer(container)
        container.addSublayer(layer)
        CATransaction.commit()
        host.layerContainer = container
        remember(layer)
        return host
    }

    /// Where the top-left of a box of `size` is, whose anchor point sits at `center`.
    private static func untransformedOrigin(center: CGPoint, anchor: CGPoint, size: CGSize) -> CGPoint {
        CGPoint(x: center.x - anchor.x * size.width, y: center.y - anchor.y * size.height)
    }

    /// Refuses sizes a stage cannot show.
    static func check(_ size: CGSize, scale: CGFloat) throws(SnapshotFailure) {
        guard scale.isFinite, scale > 0, scale <= 16 else {
            throw SnapshotFailure("scale \(scale) must be in (0, 16]")
        }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw SnapshotFailure("the size \(size.width) × \(size.height) is not positive and finite; give the view a frame or pass size:")
        }
        let width = (size.width * scale).rounded(.up), height = (size.height * scale).rounded(.up)
        guard width <= CGFloat(Pixmap.maximumDimension), height <= CGFloat(Pixmap.maximumDimension),
              width * height <= CGFloat(Pixmap.maximumPixelCount) else {
            throw SnapshotFailure("\(size.width) × \(size.height) points at scale \(scale) exceed the frame limits (\(Pixmap.maximumDimension) pixels a side, \(Pixmap.maximumPixelCount) in all)")
        }
    }

    /// A new stage, kept among the recent hosts, after committing what is pending (see the
    /// header): on the current media clock when it is a manual one — the stage then starts at
    /// that clock's reading, so animations delayed from it keep their offsets — else (the system
    /// clock, which moves by itself) on a fresh manual clock at 0.
    private static func newHost(size: CGSize, scale: CGFloat) -> SnapshotHost {
        let current = MediaClock.current
        let origin: Double
        if current.isManual {
            origin = current.now
            CATransaction.flush()
        } else {
            origin = 0
            MediaClock.withCurrent(.manual(at: 0)) { CATransaction.flush() }
        }
        let stage = Stage(size: size, scale: scale, fps: 60, threads: 1)
        stage.backgroundColor = nil
        if origin > 0 { stage.turn(to: origin) }
        let host = SnapshotHost(stage: stage, origin: origin)
        recent.append(host)
        if recent.count > keptHosts { recent.removeFirst(recent.count - keptHosts) }
        return host
    }

    // MARK: Time

    /// Runs the turns due up to `time` at the stage's frame rate, then the turn at `time`
    /// (committing, laying out and displaying what changed), without rendering.
    static func advance(_ timed: TimedStage, to relative: Double) throws(SnapshotFailure) {
        let stage = timed.stage
        guard relative.isFinite, relative >= 0, relative <= maximumTime else {
            throw SnapshotFailure("the time \(relative) s must be finite and in 0…\(maximumTime) s")
        }
        let time = timed.origin + relative
        // A time a hair before the clock (0.1 + 0.2 vs 0.3) counts as the clock's.
        guard time >= stage.time - 1e-9 else {
            throw SnapshotFailure("the time \(relative) s is before the stage's clock (\(stage.time - timed.origin) s): a subject's snapshots move forward in time — take earlier times first, or snapshot a new view")
        }
        // First the turn now: it commits what changed since the last turn (a controller's
        // viewDidAppear animations, a transition added between snapshots), which so begins now,
        // as it would at the end of the current run-loop turn on a device.
        stage.turn(to: stage.time)
        let interval = 1 / stage.framesPerSecond
        var frame = (stage.time / interval).rounded(.down) + 1
        while frame * interval < time - 1e-9 {
            stage.turn(to: frame * interval)
            frame += 1
        }
        stage.turn(to: max(time, stage.time))
    }

    /// The frame at `time` (after the turns on the way), as an image at the stage's scale.
    static func frame(of timed: TimedStage, at time: Double) throws(SnapshotFailure) -> UIImage {
        try advance(timed, to: time)
        return image(timed.stage.renderFrame(), scale: timed.stage.scale)
    }

    /// `pixmap` as a UIImage at `scale`.
    static func image(_ pixmap: Pixmap, scale: CGFloat) -> UIImage {
        UIImage(cgImage: CGImage(pixmap: pixmap), scale: scale, orientation: .up)
    }

    /// `layer`'s model tree (animations ignored, as Apple's `render(in:)` draws) in its own
    /// bounds, at `scale`, on a transparent background.
    static func modelImage(of layer: CALayer, size: CGSize, scale: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = false
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            layer.render(in: context.cgContext)
        }
    }
}
