// CADisplayLink: a timer synchronized to the display's refresh.
//
// Audited against: the CADisplayLink class reference (init(target:selector:), add(to:forMode:),
//   remove(from:forMode:), invalidate(), isPaused, timestamp — "the time of the last frame that
//   was displayed", targetTimestamp — "the time of the next frame", duration — "the time
//   interval between screen refresh updates", preferredFramesPerSecond — "0 … the maximum
//   refresh rate of the display"). Status: the timing API complete. Kinema differences: there is
//   no Objective-C runtime on Linux, so `init(target:selector:)` takes a method reference
//   (`CADisplayLink(target: self, selector: Ticker.step)` for `#selector(step)`, the method taking
//   the link or nothing; the target is held weakly — Apple's link retains it — and a link whose
//   target is gone does nothing), or a Swift closure (`init(handler:)`); `add(to:forMode:)`
//   attaches it to the host's run loop (the one
//   `Stage` turns), whatever RunLoop is passed. `preferredFrameRateRange` is not provided.

import Foundation
import KinemaRenderServer
import KinemaSupport

/// A timer that calls its handler once per displayed frame.
///
/// ```swift
/// let link = CADisplayLink { link in
///     layer.position.x += 120 * CGFloat(link.targetTimestamp - link.timestamp)
/// }
/// link.preferredFramesPerSecond = 30
/// link.add(to: .main, forMode: .common)
/// ```
///
/// **Semantics.** Main-actor confined. A link fires during the host's run-loop turn for each
/// frame, before the frame is committed and drawn; `timestamp` is the turn's time, `duration`
/// the display's frame interval, `targetTimestamp` `timestamp + duration`. With
/// `preferredFramesPerSecond` below the display's rate the link skips turns so that it fires
/// about that often (it fires on the first turn at least 1/fps − ½ frame after its last one).
@MainActor
public final class CADisplayLink {
    private let handler: @MainActor (CADisplayLink) -> Void
    /// The time of the last frame the link fired for.
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time between display refreshes (1/60 s until attached to a host).
    public private(set) var duration: CFTimeInterval = 1.0 / 60
    /// The time of the next frame: `timestamp + duration` (times the frame skip).
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// Whether the link is suspended. Defaults to false.
    public var isPaused = false
    /// The rate the link should fire at; 0 (the default) is the display's rate.
    public var preferredFramesPerSecond: Int = 0
    private(set) var isInvalidated = false
    private var lastFire: CFTimeInterval?

    /// A link calling `handler` each frame once added to a run loop.
    public init(handler: @escaping @MainActor (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// A link calling `selector` — a method reference such as `Ticker.step`, for a method taking
    /// the link — on `target` each frame. The target is held weakly.
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        self.init { [weak target] link in
            guard let target else { return }
            selector(target)(link)
        }
    }

    /// A link calling `selector` — a method reference such as `Ticker.step`, for a method taking
    /// no arguments — on `target` each frame. The target is held weakly.
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
        self.init { [weak target] _ in
            guard let target else { return }
            selector(target)()
        }
    }

    /// Attaches the link to the current host's run loop (Kinema has one main run loop per host;
    /// `runloop` and `mode` are accepted for source compatibility). Without a host the link never
    /// fires, with a diagnostic.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard let host = HostRunLoop.current else {
            KinemaDiagnostics.emit("CADisplayLink", "add(to:forMode:): no host is running (make a Stage first); the link will not fire")
            return
        }
        host.displayLinks.append(self)
        duration = host.frameInterval
    }

    /// Detaches the link from the run loop (it stops firing; `add` attaches it again).
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        HostRunLoop.current?.displayLinks.removeAll { $0 === self }
    }

    /// Removes the link from every run loop for good.
    public func invalidate() {
        isInvalidated = true
    }

    /// Called by the host once per frame at `time`.
    func fire(at time: CFTimeInterval, frameInterval: CFTimeInterval) {
        guard !isPaused, !isInvalidated else { return }
        duration = frameInterval
        let rate = preferredFramesPerSecond > 0 ? Double(preferredFramesPerSecond) : 1 / frameInterval
        let interval = max(frameInterval, 1 / rate)
        if let last = lastFire, time - last < interval - frameInterval / 2 { return }
        lastFire = time
        timestamp = time
        targetTimestamp = time + interval
        handler(self)
    }
}
