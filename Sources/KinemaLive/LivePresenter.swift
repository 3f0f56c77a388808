// LivePresenter: where the live render thread's frames go — an X11 window (`LiveWindow`), or a
// recorder in tests.
//
// Audited against: nothing of Apple's (the display side of Core Animation is private). Status:
//   complete.

import KinemaRaster
import KinemaRenderServer
import OpenQuartzCore

/// What a presenter asks of the player after a frame or a poll.
public enum LivePresenterAction: Sendable {
    /// Keep playing.
    case proceed
    /// Stop playback (the window was closed, a screenshot was taken, …).
    case stop
}

/// One presented frame's facts.
public struct LiveFrameInfo: Sendable {
    /// 0 for the first frame presented, then 1, 2, …
    public let index: Int
    /// The media time the frame shows.
    public let time: Double
    /// Display ticks skipped just before this frame because the previous one took too long.
    public let skippedTicks: Int
    /// The committed render tree the frame was evaluated from (nil: nothing committed yet).
    package let committed: RenderNode?
}

/// Receives the render thread's frames.
///
/// ```swift
/// final class Counter: LivePresenter {
///     let count = Mutex(0)
///     func present(_ frame: Pixmap, _ info: LiveFrameInfo) -> LivePresenterAction {
///         count.withLock { $0 += 1 }
///         return .proceed
///     }
/// }
/// ```
///
/// **Semantics.** Called on the player's render thread only, one call at a time, from `start()`
/// until `stop()` is seen: `present` for each new frame, `poll` on display ticks with nothing new
/// to draw, `finish` once at the end. `frame` is the player's reused buffer, premultiplied RGBA8
/// already composited over the background: convert or copy it during the call (keeping the value
/// is allowed; the player's next frame then writes into a copy).
public protocol LivePresenter: AnyObject, Sendable {
    /// Shows `frame`.
    func present(_ frame: Pixmap, _ info: LiveFrameInfo) -> LivePresenterAction
    /// Handles input on a tick without a new frame (a window's close button, keys).
    func poll() -> LivePresenterAction
    /// Releases what the presenter holds on the render thread; called once, last.
    func finish()
}

extension LivePresenter {
    public func poll() -> LivePresenterAction { .proceed }
    public func finish() {}
}
