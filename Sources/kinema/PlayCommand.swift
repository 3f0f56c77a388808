// `kinema play`: a scene in an X11 window in real time — the render thread draws at the display
// rate while the main thread runs the scene's turns (docs/LIVE.md). `--screenshot` reads the
// window back from the X server at a chosen time and writes it as a PNG (what the Xvfb test
// uses); `--reference` writes the headless frame at that time instead, without any display.
import ArgumentParser
import Foundation
import Kinema
import KinemaDemos
import KinemaImageIO
import KinemaLive

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a scene live in a window (X11).",
        discussion: """
            Needs an X display ($DISPLAY) and libX11.so.6 (apt-get install libx11-6); on a machine \
            without a desktop, run it under xvfb-run -a -s '-screen 0 1280x1024x24'. Escape, q or the \
            window's close button stop it. `kinema play --list` names the demos and scenes.

            Examples:
              kinema play --list
              kinema play transitions
              xvfb-run -a -s '-screen 0 1280x1024x24' kinema play spinner --seconds 3
              kinema play shuttle --reference shuttle.png --at 0.5     (no display needed)
            """
    )

    @Argument(help: "The demo or built-in scene to play (see --list).")
    var name: String?

    @Option(help: "Stop after this many seconds of media time, at most 3600 (default: until the window is closed).")
    var seconds: Double?

    @Option(help: "Pixels per point, in (0, 16].")
    var scale: Double = 2

    @Option(help: "Display ticks per second of the render thread, in (0, 1000].")
    var fps: Double = 60

    @Option(help: "Read the window's content back at --at and write it to this PNG file, then exit.")
    var screenshot: String?

    @Option(help: "Write the headless frame at --at to this PNG file and exit (no display needed).")
    var reference: String?

    @Option(help: "Media time in seconds of --screenshot or --reference.")
    var at: Double?

    @Flag(help: "List the scenes and exit.")
    var list = false

    func run() throws {
        if list {
            let entries = Demo.all.map { ($0.name, "demo: \($0.summary)") } + Demo.playbackChecks.map { ($0.name, $0.summary) }
            let width = entries.map(\.0.count).max() ?? 0
            for (name, summary) in entries {
                Console.out("\(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(summary)\n")
            }
            return
        }
        guard let name else { throw fail("name a demo or scene, or pass --list to see them") }
        // One catalogue with `kinema demo` (KinemaDemos): the seed demos and the playback checks.
        guard let scene = Demo.named(name) else {
            let known = Demo.catalogue.map(\.name)
            throw fail("unknown demo or scene \"\(name)\"; known: \(known.joined(separator: ", "))")
        }
        // The limits are KinemaDemos' (DemoLimits), the same `kinema demo` checks.
        do throws(DemoLimitError) {
            _ = try DemoLimits.scale(scale)
            _ = try DemoLimits.fps(fps)
            _ = try DemoLimits.pixels(size: scene.size, scale: scale, remedy: "lower --scale")
            if let seconds { _ = try DemoLimits.duration(seconds, option: "--seconds") }
        } catch {
            throw fail(error.description)
        }
        if screenshot?.isEmpty == true || reference?.isEmpty == true {
            throw fail("the --screenshot / --reference path is empty: give a PNG file name")
        }
        if screenshot != nil || reference != nil {
            guard let at, DemoLimits.isTime(at) else {
                throw fail("--screenshot and --reference need --at T (0 ≤ T ≤ \(Int(DemoLimits.maximumSeconds)))")
            }
        }
        try MainActor.assumeIsolated { try play(scene) }
    }

    @MainActor
    private func play(_ scene: Demo) throws {
        let stage = Stage(size: scene.size, scale: CGFloat(scale), fps: fps)
        scene.build(on: stage)
        if let reference, let at {
            do {
                try stage.withClock { try stage.writeFrame(at: at, to: URL(fileURLWithPath: reference)) }
            } catch {
                throw fail("cannot write \(reference): \(error)")
            }
            Console.out("wrote \(reference) (headless frame of \(scene.name) at \(at) s)\n")
            return
        }
        let (width, height) = stage.pixelSize
        let window: LiveWindow
        let player: LivePlayer
        do {
            window = try LiveWindow(title: "kinema — \(scene.name)", width: width, height: height)
            window.screenshotTime = screenshot == nil ? nil : at
            player = try LivePlayer(stage: stage, presenter: window, framesPerSecond: fps)
        } catch {
            throw fail("cannot play: \(error)")
        }
        stage.withClock { player.run(stage, seconds: seconds) }
        let stats = player.statistics
        if let problem = window.lastError { throw fail("the window failed: \(problem)") }
        let frames = Double(max(1, stats.frames))
        Console.out(String(format: "played %@: %d frames to t = %.3f s, %d ticks skipped; frame %.2f ms mean (present %.2f ms), %.1f ms longest",
                     scene.name, stats.frames, stats.lastTime, stats.skippedTicks, stats.totalFrameTime / frames * 1000,
                     stats.totalPresentTime / frames * 1000, stats.longestFrame * 1000) + "\n")
        guard let screenshot else { return }
        guard let shot = window.screenshot else { throw fail("no screenshot: playback stopped before t = \(at ?? 0) s") }
        do {
            try OutputFile.write(PNGEncoder.encode(DecodedImage(width: width, height: height, pixels: shot.pixels)),
                                 to: URL(fileURLWithPath: screenshot))
        } catch {
            throw fail("cannot write \(screenshot): \(error)")
        }
        Console.out(String(format: "wrote %@ (window content read back at t = %.4f s)\n", screenshot, shot.time))
    }

    /// Prints `message` to standard error and returns the failure exit code.
    private func fail(_ message: String) -> ExitCode {
        Console.err("kinema play: \(message)\n")
        return .failure
    }
}
