// LivePlayer and Stage: play a stage's tree live, with the main thread running the stage's turns
// in real time.
//
// Audited against: CATransaction (the implicit transaction commits when the run loop next
//   iterates) and CADisplayLink (fires once per frame on the main run loop). Status: complete.
//   Kinema choice: the stage's manual clock is left manual (Stage is headless by design); each
//   turn advances it to the live timebase's time, so `CACurrentMediaTime()` on the main thread
//   reads real time at turn granularity.

import Foundation
import Kinema
import KinemaGeometry
import KinemaRenderServer
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics
import OpenQuartzCore

extension LivePlayer {
    /// A player of `stage`'s committed tree, at the stage's pixel size, scale and background,
    /// presenting to `presenter` at `framesPerSecond` (the stage's rate by default). Media time
    /// starts at the stage's time and runs in real time (`timebase`, on the monotonic clock).
    ///
    /// Throws `LiveError.noServer` if the stage's render server cannot be found (it is found
    /// through the stage's run loop, during a turn at the stage's current time if need be).
    @MainActor
    public convenience init(stage: Stage, presenter: any LivePresenter, framesPerSecond: Double? = nil,
                            timebase: LiveTimebase? = nil,
                            compositorThreads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)) throws(LiveError) {
        guard let server = Self.server(of: stage) else {
            throw .noServer("the stage's render server was not found (its run loop did not run a turn)")
        }
        let (width, height) = stage.pixelSize
        try self.init(server: server, timebase: timebase ?? LiveTimebase(startingAt: stage.time),
                      pixelWidth: width, pixelHeight: height, scale: stage.scale,
                      background: stage.backgroundColor?.paintColor.premultiplied, presenter: presenter,
                      framesPerSecond: framesPerSecond ?? stage.framesPerSecond, compositorThreads: compositorThreads)
    }

    /// The render server behind `stage`: its run loop is the current host while one of its turns
    /// runs (and the newest host otherwise); the root layer identifies it.
    @MainActor
    package static func server(of stage: Stage) -> RenderServer? {
        if let host = HostRunLoop.current, host.context.rootLayer === stage.rootLayer {
            return host.context.server
        }
        final class Found {
            var server: RenderServer?
        }
        let found = Found()
        let root = stage.rootLayer
        stage.at(-Double.infinity) { [found] in
            if let host = HostRunLoop.current, host.context.rootLayer === root {
                found.server = host.context.server
            }
        }
        stage.turn(to: stage.time)
        return found.server
    }

    /// Plays `stage` live on the calling (main) thread: starts the render thread, then runs the
    /// main run loop with a timer that, `turnsPerSecond` times a second, runs the stage's turn at
    /// the timebase's time (closures scheduled with `stage.at`, display links, the implicit
    /// commit). Returns when the render thread stops (window closed, screenshot taken, `stop()`)
    /// or, with `seconds`, once media time reaches `seconds`.
    @MainActor
    public func run(_ stage: Stage, seconds: Double? = nil, turnsPerSecond: Double = 60) {
        var rate = turnsPerSecond
        if !(rate.isFinite && rate > 0 && rate <= 1000) {
            KinemaDiagnostics.emit("Live", "turnsPerSecond \(rate) must be in (0, 1000]; using 60")
            rate = 60
        }
        turn(stage)
        start()
        let timer = Timer(timeInterval: 1 / rate, repeats: true) { [self] _ in
            MainActor.assumeIsolated {
                turn(stage)
                if let seconds, timebase.now >= seconds { stop() }
            }
        }
        RunLoop.main.add(timer, forMode: .default)
        // The stage's clock installed once for the whole run: each turn then finds it installed
        // and installs nothing (a task-local push allocates).
        stage.withClock {
            while isRunning {
                _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
            }
        }
        timer.invalidate()
        waitUntilFinished()
    }

    /// One main-thread turn at the timebase's time (a turn never moves the stage's clock back).
    @MainActor
    public func turn(_ stage: Stage) {
        let now = timebase.now
        if now > stage.time {
            stage.turn(to: now)
        }
    }
}
