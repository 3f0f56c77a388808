// `kinema merge`: joins the shards of a recording split by frame range (`kinema demo --frames`)
// into one output — PNG folders into any format (byte-identical to an unsplit recording), video
// segments into one video without re-encoding. The work is KinemaImageIO's FrameShardMerge.
//
// Audited against: FrameShardMerge's documentation (what is checked, what is byte-identical);
//   docs/SCALING.md (the workflow this command ends).
// Status: complete. Left out: GIF and APNG shards as inputs (refused with the way to record
//   mergeable shards: see FrameShardMerge).
import ArgumentParser
import Foundation
import Kinema
import KinemaImageIO

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the shards of a recording split with `kinema demo --frames` into one output.",
        discussion: """
            Shards are PNG folders (-o DIR/ with --frames; their files keep their frame numbers) or videos \
            recorded with --frames. PNG folders merge into a PNG folder (files hard-linked, or copied), .gif, .apng/.png or \
            video, and the result is byte for byte the file an unsplit recording writes. Videos merge into a \
            video of the same extension through ffmpeg's concat demuxer, without re-encoding (each segment \
            keeps its own key frames, so the frames are not those of an unsplit encode). Shards may be given \
            in any order; gaps, overlaps, missing shards, mixed kinds and mixed sizes are errors, and the \
            output is then left as it was. GIF and APNG shards cannot be merged (see docs/SCALING.md).

            Examples:
              kinema demo spinner --frames 0..59 -o a/
              kinema demo spinner --frames 60.. -o b/
              kinema merge spinner.gif a/ b/
              kinema merge all/ a/ b/
              kinema merge whole.mp4 part1.mp4 part2.mp4 part3.mp4
            """
    )

    @Argument(help: "The output: .gif, .png, .apng, .mp4, .mov, .mkv, .webm, or a directory ending in '/'.")
    var output: String

    @Argument(help: "The shards: PNG folders, or videos recorded with --frames.")
    var shards: [String] = []

    @Flag(name: .shortAndLong, help: "No progress line on standard error.")
    var quiet = false

    func run() throws {
        guard !output.isEmpty else { throw fail("the output path is empty") }
        guard !shards.isEmpty else { throw fail("name the shards to merge after the output: kinema merge OUT SHARD...") }
        let url = URL(fileURLWithPath: output, isDirectory: output.hasSuffix("/"))
        let started = Date()
        let progress = ProgressLine(label: "merge", quiet: quiet)
        let report: FrameShardMerge.Report
        do {
            report = try FrameShardMerge.merge(shards.map { URL(fileURLWithPath: $0) }, into: url) { done, all in
                progress.update(done, of: all)
            }
        } catch {
            progress.end()
            throw fail("\(error.reason)")
        }
        progress.end()
        let seconds = Date().timeIntervalSince(started)
        Console.out("wrote \(output): \(report.frames.count) frame\(report.frames.count == 1 ? "" : "s") from \(report.shards) shard\(report.shards == 1 ? "" : "s"), "
                    + "\(report.width)×\(report.height) px, \(DemoCommand.formattedBytes(DemoCommand.bytes(at: output))) in \(String(format: "%.2f", seconds)) s\n")
    }

    /// Prints `message` to standard error and returns the failure exit code.
    private func fail(_ message: String) -> ExitCode {
        Console.err("kinema merge: \(message)\n")
        return ExitCode(1)
    }
}
