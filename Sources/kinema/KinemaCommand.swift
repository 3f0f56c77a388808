// The `kinema` command-line tool: the entry point a new user runs.
// Subcommands: `demo` (the seed samples as animations, to GIF / APNG / PNG / video), `merge` (joins
// recordings split by frame range), `draw` (the seed article's Core Graphics drawings to PNG),
// `play` (a scene live in a window) and `bench` (performance figures; its code is the KinemaBench
// module).
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import KinemaBench
import KinemaSupport

@main
struct KinemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinema",
        abstract: "Apple's animation stack (Core Graphics, Core Animation, UIKit animation) for Linux.",
        discussion: """
            Examples:
              kinema demo --list                           (the animation demos)
              kinema demo basic-animations                 (records basic-animations.gif)
              kinema demo transitions -o transitions.mp4   (needs ffmpeg)
              kinema demo spinner --frames 0..59 -o a/     (a shard; `kinema merge` joins shards)
              kinema draw --list
              kinema play spinner                          (a window; needs X11)
              kinema bench --filter raster.blur
              kinema help demo                             (its options and examples)
            """,
        version: KinemaVersion.string,
        subcommands: [BenchCommand.self, DemoCommand.self, DrawCommand.self, MergeCommand.self, PlayCommand.self]
    )

    /// ArgumentParser's `main()`, with output that cannot be written reported instead of trapping
    /// or being lost: messages go through `Console`, standard output is flushed and checked before
    /// exit, and the status is non-zero when anything could not be written.
    static func main() {
        Console.start()
        var status: Int32 = 0
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code.isSuccess { Console.out(message + "\n") } else { Console.err(message + "\n") }
            }
            status = code.rawValue
        }
        Glibc.exit(Console.finish(status: status))
    }
}
