// SnapshotStrategies: what every Kinema strategy shares — running on the main actor, turning a
// failure into an empty value that carries its reason, and the three kinds of timed snapshot
// (one frame, frames at chosen times, a GIF of a stretch of time) of whatever a stage shows.
//
// Audited against: swift-snapshot-testing 1.19's `Snapshotting` (pathExtension, diffing, a
//   snapshot closure run synchronously by `verifySnapshot`, which is not isolated to an actor).
// Status: complete. Kinema's views and layers are main-actor confined, as UIKit's are: a snapshot
//   taken off the main thread fails with a message rather than trapping.

import Foundation
import Kinema
import SnapshotTesting

/// A value that was checked to be on the main thread and is used there only.
struct OnMainThread<V>: @unchecked Sendable {
    let value: V
}

enum SnapshotStrategies {
    /// The time list `.frames(at:)` may hold at most (a strip of more is unreadable anyway).
    static let maximumFrames = 1000

    /// Runs `body` on the main actor, or gives `failed` the reason it could not.
    static func onMain<V, T: Sendable>(_ value: V, failed: (String) -> T,
                             _ body: @escaping @MainActor (V) throws(SnapshotFailure) -> T) -> T {
        guard isOnMainActor else {
            return failed("Kinema's views, layers and stages are main-actor confined: take the snapshot on the main actor (mark the test or its suite @MainActor)")
        }
        // SnapshotTesting hands the value over outside any actor; this is the main actor's
        // thread or queue (checked above), where the value lives and is used.
        let box = OnMainThread(value: value)
        let outcome: Result<T, SnapshotFailure> = MainActor.assumeIsolated {
            do throws(SnapshotFailure) { return .success(try body(box.value)) } catch { return .failure(error) }
        }
        switch outcome {
        case .success(let result): return result
        case .failure(let failure): return failed(failure.description)
        }
    }

    /// Marks the main queue, so code outside any actor can ask whether it runs there.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether this code runs on the main actor: on the main thread, or — where the main actor's
    /// executor is the main dispatch queue drained by a worker thread, as under Swift Testing on
    /// Linux after `dispatchMain()` — on that queue.
    static var isOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// An image without pixels whose failure message will say `reason`.
    static func failedImage(_ reason: String) -> UIImage {
        let image = UIImage()
        SnapshotProblem.record(reason, for: image)
        return image
    }

    /// A PNG strategy whose image comes from `body` (on the main actor).
    static func image<V>(precision: Float, perceptualPrecision: Float, scale: CGFloat,
                         _ body: @escaping @MainActor (V) throws(SnapshotFailure) -> UIImage) -> Snapshotting<V, UIImage> {
        Snapshotting(pathExtension: "png",
                     diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)) { value in
            onMain(value, failed: failedImage, body)
        }
    }

    /// The frame at `time` of the stage `host` gives.
    static func frame<V>(at time: Double, precision: Float, perceptualPrecision: Float, scale: CGFloat,
                         host: @escaping @MainActor (V) throws(SnapshotFailure) -> TimedStage) -> Snapshotting<V, UIImage> {
        image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale) { (value: V) throws(SnapshotFailure) -> UIImage in
            try SnapshotHost.frame(of: try host(value), at: time)
        }
    }

    /// The frames at `times` (not decreasing) of the stage `host` gives, as a film strip.
    static func frames<V>(at times: [Double], precision: Float, perceptualPrecision: Float, scale: CGFloat,
                          host: @escaping @MainActor (V) throws(SnapshotFailure) -> TimedStage) -> Snapshotting<V, AnimationFrames> {
        Snapshotting(pathExtension: "png",
                     diffing: .frames(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)) { value in
            onMain(value, failed: { AnimationFrames(problem: $0) }) { (value: V) throws(SnapshotFailure) -> AnimationFrames in
                guard !times.isEmpty, times.count <= maximumFrames else {
                    throw SnapshotFailure("frames(at:) takes 1…\(maximumFrames) times; \(times.count) were given")
                }
                guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                    throw SnapshotFailure("frames(at: \(times)): the times must not decrease (a stage's clock only moves forward)")
                }
                let timed = try host(value)
                var frames: [UIImage] = []
                for time in times { frames.append(try SnapshotHost.frame(of: timed, at: time)) }
                return AnimationFrames(frames: frames, times: times)
            }
        }
    }

    /// `duration` seconds at `fps` of the stage `host` gives, from its current time, as a GIF
    /// drawn over white (GIF keeps one bit of alpha).
    static func gif<V>(duration: Double, fps: Double, precision: Float, perceptualPrecision: Float,
                       host: @escaping @MainActor (V) throws(SnapshotFailure) -> TimedStage) -> Snapshotting<V, GIFAnimation> {
        Snapshotting(pathExtension: "gif",
                     diffing: .gif(precision: precision, perceptualPrecision: perceptualPrecision)) { value in
            onMain(value, failed: { GIFAnimation(problem: $0) }) { (value: V) throws(SnapshotFailure) -> GIFAnimation in
                guard duration.isFinite, duration > 0, duration <= SnapshotHost.maximumTime, fps.isFinite, fps > 0, fps <= 100 else {
                    throw SnapshotFailure("gif(duration: \(duration), fps: \(fps)): the duration must be in (0, \(SnapshotHost.maximumTime)] s and fps in (0, 100] (GIF delays are counted in hundredths of a second)")
                }
                let stage = try host(value).stage
                let background = stage.backgroundColor
                stage.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                defer { stage.backgroundColor = background }
                do {
                    let writer = try GIFWriter()
                    try stage.record(duration: duration, fps: fps, into: writer)
                    guard let data = writer.data else { throw SnapshotFailure("the GIF writer gave no data") }
                    return GIFAnimation(data: data)
                } catch let failure as SnapshotFailure {
                    throw failure
                } catch {
                    throw SnapshotFailure("recording the GIF failed: \(error)")
                }
            }
        }
    }
}
