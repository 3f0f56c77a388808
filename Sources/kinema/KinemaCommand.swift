// The `kinema` command-line tool: the entry point a new user runs.
// Subcommands: `demo` (the seed samples as animations, to GIF / APNG / PNG / video), `draw` (the
// seed article's Core Graphics drawings to PNG), `play` (a scene live in a window) and `bench`
// (performance figures; its code is the KinemaBench module).
import ArgumentParser
import KinemaBench
import KinemaSupport

@main
struct KinemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinema",
        abstract: "Apple's animation stack (Core Graphics, Core Animation, UIKit animation) for Linux.",
        version: KinemaVersion.string,
        subcommands: [BenchCommand.self, DemoCommand.self, DrawCommand.self, PlayCommand.self]
    )
}
