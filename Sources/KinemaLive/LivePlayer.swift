// LivePlayer: real-time playback of a committed layer tree — Core Animation's "animation server"
// on its own thread, while the main thread keeps running the model and its run-loop turns.
//
// Audited against: Core Animation Programming Guide → "Core Animation Basics" (the render tree
//   runs the animations apart from the app's main thread), CADisplayLink (one frame per display
//   refresh). Status: complete for one window at a fixed display rate. docs/LIVE.md describes the
//   threads, frame pacing and the known limits.
//
// Who owns what. The main thread owns the model (layers, transactions, the stage) and runs turns
// (`stage.turn(to:)`), whose commits reach the render server. The render thread owns a Compositor
// (not Sendable: one per thread), the reused frame buffer and the presenter (an X window is used
// by that thread only). They share only Sendable values: the RenderServer (mutex inside), the
// LiveTimebase (immutable, reads the monotonic clock) and this player's stop flag and statistics.

import Foundation
import Kinema
import KinemaGeometry
import KinemaRaster
import KinemaRenderServer
import KinemaSupport
import KinemaTiming
import OpenQuartzCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Plays a render server's committed tree in real time: a render thread that, at the display
/// rate, evaluates the tree at the current media time, composites it and hands the frame to a
/// presenter.
///
/// ```swift
/// let stage = Stage(size: CGSize(width: 320, height: 240), scale: 2)
/// buildScene(on: stage)
/// let window = try LiveWindow(title: "demo", width: 640, height: 480)
/// let player = try LivePlayer(stage: stage, presenter: window)
/// player.run(stage, seconds: 5)     // main thread: turns at 60 Hz; render thread: frames
/// ```
///
/// **Semantics.** Frame k of the render thread is drawn for `timebase.now` read when its tick
/// begins; ticks are `1 / framesPerSecond` apart on the monotonic clock. A frame that takes longer
/// than a tick makes the player skip the ticks it overran (`skippedTicks`), and the next frame is
/// drawn for the time it starts at: late frames are never queued, so the display shows the
/// present, not a backlog. A tick with neither a later time nor a new commit draws nothing (the
/// presenter is polled instead). Each frame equals `server.evaluate(at: time)` composited at
/// `scale` over the background.
///
/// **Cost.** One thread; one frame buffer of width × height pixels, reused; the compositor's
/// buffers. Per frame: one evaluation and one composite, as `Stage.renderFrame`.
public final class LivePlayer: Sendable {
    /// Counters the render thread keeps; read them at any time.
    public struct Statistics: Sendable, Equatable {
        /// Frames presented.
        public var frames = 0
        /// Display ticks skipped because a frame overran its tick.
        public var skippedTicks = 0
        /// The longest evaluate + composite + present, in seconds.
        public var longestFrame: Double = 0
        /// All frames' evaluate + composite + present, in seconds (÷ `frames`: the mean).
        public var totalFrameTime: Double = 0
        /// The part of `totalFrameTime` spent in the presenter (conversion and XPutImage for a window).
        public var totalPresentTime: Double = 0
        /// The media time of the last frame presented (−∞ before the first).
        public var lastTime = -Double.infinity
    }

    private struct Control {
        var started = false
        var statistics = Statistics()
    }

    package let server: RenderServer
    /// Media time, shared by both threads.
    public let timebase: LiveTimebase
    /// Display ticks per second on the monotonic clock.
    public let framesPerSecond: Double
    /// The frame size in pixels.
    public let pixelWidth: Int, pixelHeight: Int
    /// Pixels per point.
    public let scale: CGFloat
    private let background: PremultipliedColor?
    private let presenter: any LivePresenter
    private let compositorThreads: Int
    private let control = LockedValue(Control())
    private let stopRequested = Atomic<Bool>(false)
    private let running = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    /// A player of `server`'s tree, `pixelWidth` × `pixelHeight` pixels at `scale`, over
    /// `background` (nil: transparent), ticking at `framesPerSecond` (default 60; (0, 1000],
    /// else 60 with a diagnostic); its compositor uses `compositorThreads` bands.
    package init(server: RenderServer, timebase: LiveTimebase, pixelWidth: Int, pixelHeight: Int, scale: CGFloat,
                 background: PremultipliedColor?, presenter: any LivePresenter, framesPerSecond: Double = 60,
                 compositorThreads: Int = 1) throws(LiveError) {
        guard (1 ... Pixmap.maximumDimension).contains(pixelWidth), (1 ... Pixmap.maximumDimension).contains(pixelHeight),
              pixelWidth * pixelHeight <= Pixmap.maximumPixelCount else {
            throw .invalidArgument("frame size \(pixelWidth) × \(pixelHeight) pixels is outside Pixmap's limits")
        }
        guard scale.isFinite, scale > 0 else { throw .invalidArgument("scale \(scale) must be positive and finite") }
        var fps = framesPerSecond
        if !(fps.isFinite && fps > 0 && fps <= 1000) {
            KinemaDiagnostics.emit("Live", "framesPerSecond \(fps) must be in (0, 1000]; using 60")
            fps = 60
        }
        self.server = server
        self.timebase = timebase
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.background = background
        self.presenter = presenter
        self.framesPerSecond = fps
        self.compositorThreads = max(1, compositorThreads)
    }

    /// What the render thread has done so far.
    public var statistics: Statistics { control.withLock { $0.statistics } }

    /// Whether the render thread is running (started and not yet finished).
    public var isRunning: Bool { running.load(ordering: .acquiring) }

    /// Starts the render thread. A second call does nothing.
    public func start() {
        let first = control.withLock { control in
            defer { control.started = true }
            return !control.started
        }
        guard first else { return }
        running.store(true, ordering: .releasing)
        let thread = Thread { [self] in renderLoop() }
        thread.name = "kinema.live.render"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Asks the render thread to stop after its current frame. Any thread may call it.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
    }

    /// Blocks until the render thread has finished (returns at once if it never started).
    public func waitUntilFinished() {
        guard control.withLock({ $0.started }) else { return }
        done.wait()
        done.signal()   // later callers return at once too
    }

    // MARK: The render thread

    private func renderLoop() {
        defer {
            presenter.finish()
            running.store(false, ordering: .releasing)
            done.signal()
        }
        let compositor = Compositor(threads: compositorThreads)
        var frame: Pixmap
        do {
            frame = try Pixmap(width: pixelWidth, height: pixelHeight)
        } catch {
            KinemaDiagnostics.emit("Live", "could not make the \(pixelWidth) × \(pixelHeight) frame buffer: \(error)")
            return
        }
        let interval = 1 / framesPerSecond
        var deadline = MediaClock.system.now
        var lastTime = -Double.infinity
        var lastTree: RenderNode?
        var lastFrozen: UInt64?
        var index = 0
        var skipped = 0
        while !stopRequested.load(ordering: .acquiring) {
            let time = timebase.now
            let (tree, frozen) = server.committed
            let action: LivePresenterAction
            if index == 0 || time > lastTime || tree !== lastTree || frozen?.generation != lastFrozen {
                let began = MediaClock.system.now
                if let tree {
                    let picture = FrozenValueTable.withCurrent(frozen) { RenderServer.evaluate(tree, parentTime: time) }
                    compositor.render(picture, into: &frame, scale: scale)
                } else {
                    frame.clear()
                }
                if let background { frame.composite(over: background) }
                let presenting = MediaClock.system.now
                action = presenter.present(frame, LiveFrameInfo(index: index, time: time, skippedTicks: skipped, committed: tree))
                let finished = MediaClock.system.now
                let took = finished - began
                control.withLock { control in
                    control.statistics.frames += 1
                    control.statistics.skippedTicks += skipped
                    control.statistics.longestFrame = max(control.statistics.longestFrame, took)
                    control.statistics.totalFrameTime += took
                    control.statistics.totalPresentTime += finished - presenting
                    control.statistics.lastTime = time
                }
                index += 1
                lastTime = time
                lastTree = tree
                lastFrozen = frozen?.generation
                skipped = 0
            } else {
                action = presenter.poll()
            }
            if action == .stop { break }
            // Pacing: the next tick; ticks already past are skipped, never drawn late.
            deadline += interval
            let now = MediaClock.system.now
            if now > deadline {
                let missed = ((now - deadline) / interval).rounded(.down) + 1
                skipped += Int(missed)
                deadline += missed * interval
            }
            Self.sleep(until: deadline)
        }
    }

    /// Sleeps until the monotonic clock reads `deadline` (seconds).
    private static func sleep(until deadline: Double) {
        guard deadline.isFinite, deadline > 0 else { return }
        #if canImport(Glibc) || canImport(Musl)
        // An absolute deadline on the clock MediaClock.system reads: no drift from wake-up latency.
        let seconds = deadline.rounded(.down)
        var spec = timespec(tv_sec: Int(seconds), tv_nsec: Int((deadline - seconds) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, nil) == EINTR {}
        #else
        let remaining = deadline - MediaClock.system.now
        if remaining > 0 { Thread.sleep(forTimeInterval: remaining) }
        #endif
    }
}

/// Why live playback could not start.
public enum LiveError: Error, CustomStringConvertible, Sendable {
    /// A size, scale or time out of range.
    case invalidArgument(String)
    /// No window: what is missing and how to get it (no DISPLAY, libX11 not installed, …).
    case noDisplay(String)
    /// The window system refused an operation.
    case window(String)
    /// The stage's render server could not be found.
    case noServer(String)

    public var description: String {
        switch self {
        case .invalidArgument(let message), .noDisplay(let message), .window(let message), .noServer(let message):
            message
        }
    }
}
