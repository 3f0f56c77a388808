// The `kinema` executable as a person at a terminal meets it (issue 20 §3): the progress line of
// a recording (forced on with KINEMA_PROGRESS=1, since the tests' standard error is a pipe, and
// off with --quiet), Ctrl-C (SIGINT sent to the subprocess) finishing a shorter, valid output
// with exit status 130, and an example in every command's help. Each run is a tiny recording.
import Foundation
import KinemaImageIO
import Testing

@Suite("kinema command line: progress, Ctrl-C, help examples")
struct CommandLineRecordingTests {
    struct Output {
        var status: Int32
        var exited: Bool
        var standardOutput: String
        var standardError: String
    }

    /// A kinema process with both outputs piped and `KINEMA_PROGRESS` set to `progress` (or
    /// removed when nil).
    static func start(_ arguments: [String], in directory: URL? = nil, progress: String?) throws -> (Process, Pipe, Pipe) {
        let executable = try #require(CommandLineTests.executable, "the kinema executable is not built beside the tests (swift build)")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        environment["KINEMA_PROGRESS"] = progress
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    /// Runs kinema to the end. (Standard output is read on another thread so that neither pipe
    /// can fill up and stall the process.)
    static func run(_ arguments: [String], in directory: URL? = nil, progress: String? = nil) throws -> Output {
        let (process, output, errors) = try start(arguments, in: directory, progress: progress)
        let reader = OutputReader(output.fileHandleForReading)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Output(status: process.terminationStatus, exited: process.terminationReason == .exit,
                      standardOutput: reader.text(), standardError: text)
    }

    /// Reads a pipe to its end on a background thread.
    final class OutputReader: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func text() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    @Test("each command's --help shows examples of itself",
          arguments: [[], ["demo"], ["draw"], ["play"], ["bench"], ["bench", "scene"]])
    func helpExamples(_ command: [String]) throws {
        let run = try Self.run(command + ["--help"])
        #expect(run.status == 0, "\(run.standardError)")
        let example = (["kinema"] + (command.isEmpty ? ["demo"] : command)).joined(separator: " ")
        #expect(run.standardOutput.contains("Examples:\n  \(example)"), "\(run.standardOutput)")
    }

    @Test("a recording draws its progress line: frames, percent, rate; redrawn with \\r, ended with a newline")
    func progressLine() throws {
        let folder = try CommandLineTests.folder("progress")
        let run = try Self.run(CommandLineTests.small + ["-o", "p.gif"], in: folder, progress: "1")
        #expect(run.status == 0, "\(run.standardError)")
        // 0.2 s at basic-animations' 30 fps: 6 frames; the last one is always drawn.
        #expect(run.standardError.hasPrefix("\rbasic-animations ["), "\(run.standardError)")
        #expect(run.standardError.contains("] 6/6 frames 100%, "), "\(run.standardError)")
        #expect(run.standardError.contains(" frames/s"), "\(run.standardError)")
        #expect(run.standardError.hasSuffix("\u{1B}[K\n"), "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("wrote p.gif: 6 frames"), "\(run.standardOutput)")
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("no progress line with --quiet / -q, nor when standard error is not a terminal",
          arguments: [(["--quiet"], "1"), (["-q"], "1"), ([], nil)] as [([String], String?)])
    func quiet(_ flags: [String], _ progress: String?) throws {
        let folder = try CommandLineTests.folder("quiet-\(flags.first ?? "none")")
        let run = try Self.run(CommandLineTests.small + flags + ["-o", "q.gif"], in: folder, progress: progress)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError == "")
        #expect(run.standardOutput.hasPrefix("wrote q.gif: 6 frames"), "\(run.standardOutput)")
        try? FileManager.default.removeItem(at: folder)
    }

    /// The frames an "interrupted: wrote N of M frames to PATH" message names.
    static func interruptedCounts(_ text: String) -> (written: Int, total: Int)? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("interrupted: wrote ") }) else { return nil }
        let words = line.split(separator: " ")
        guard words.count >= 5, let written = Int(words[2]), let total = Int(words[4]) else { return nil }
        return (written, total)
    }

    @Test("Ctrl-C finishes a shorter, valid output with the frames made so far, exit status 130",
          arguments: ["i.gif", "frames/"])
    func interrupt(_ name: String) throws {
        let folder = try CommandLineTests.folder("interrupt-\(name.hasSuffix("/") ? "sequence" : "gif")")
        // 120 s at the spinner's 60 fps: 7,200 tiny frames, seconds of work even in a release
        // build; the signal is sent once the first progress line is out.
        let arguments = ["demo", "spinner", "--size", "40x25", "--duration", "120", "-o", name]
        let (process, output, errors) = try Self.start(arguments, in: folder, progress: "1")
        let reader = OutputReader(output.fileHandleForReading)
        var text = ""
        while !text.contains("frames/s") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        text += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        _ = reader.text()
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 130, "\(text)")
        let counts = try #require(Self.interruptedCounts(text), "\(text)")
        #expect(counts.total == 7200)
        #expect(counts.written > 0 && counts.written < 7200, "\(counts)")
        #expect(text.contains("frames to \(name)\n"), "\(text)")

        if name.hasSuffix("/") {
            // The staged frames were moved in, with a manifest naming exactly them; no staging
            // folder is left.
            let directory = folder.appendingPathComponent(name)
            let files = CommandLineTests.names(in: directory)
            #expect(files.count == counts.written + 1, "\(files.count) files for \(counts.written) frames")
            #expect(!files.contains { $0.hasPrefix(".") }, "\(files.filter { $0.hasPrefix(".") })")
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("frames.json")))
            let frames = try #require((manifest as? [String: Any])?["frames"] as? [Any])
            #expect(frames.count == counts.written)
        } else {
            // A complete GIF (the trailer is there; the decoder refuses a truncated one) lasting
            // the frames written (identical frames are merged, so there may be fewer images).
            let gif = try GIFDecoder.decode(Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(gif.frames.count >= 1 && gif.frames.count <= counts.written)
            let seconds = gif.frames.reduce(0) { $0 + $1.delay }
            #expect(abs(seconds - Double(counts.written) / 60) < 0.05, "\(seconds) s for \(counts.written) frames")
            #expect(CommandLineTests.names(in: folder) == [name])
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
