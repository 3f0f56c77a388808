// The `kinema` executable run as a subprocess (it is built with the tests, beside the test
// bundle): output it cannot write is reported with a failing status instead of a crash, and its
// output paths behave as `cp` users expect (issue 19). Each run is a small, short recording.
import Foundation
import Testing

@Suite("kinema command line")
struct CommandLineTests {
    /// The built `kinema` next to the test bundle (.build/<triple>/debug/).
    static let executable: URL? = {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [here, here.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("kinema")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    struct Run {
        var status: Int32
        var exited: Bool
        var standardError: String
    }

    /// Runs kinema with `arguments` in `directory`; standard output goes to `output` (a path, or
    /// a pipe that is read when nil) and standard error to `errors` (likewise).
    static func run(_ arguments: [String], in directory: URL? = nil, output: String? = nil, errors: String? = nil) throws -> Run {
        let executable = try #require(Self.executable, "the kinema executable is not built beside the tests (swift build)")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let errorPipe = Pipe()
        process.standardOutput = output.flatMap { FileHandle(forWritingAtPath: $0) } ?? FileHandle.nullDevice
        process.standardError = errors.flatMap { FileHandle(forWritingAtPath: $0) } ?? errorPipe
        try process.run()
        let text = errors == nil ? String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        process.waitUntilExit()
        return Run(status: process.terminationStatus, exited: process.terminationReason == .exit, standardError: text)
    }

    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-cli-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// A tiny, short recording of the first demo.
    static let small = ["demo", "basic-animations", "--size", "40x30", "--duration", "0.2"]

    @Test("a standard output that cannot be written is reported, status 1, no crash",
          arguments: [["demo", "--list"], ["draw", "--list"], ["--version"], ["--help"]])
    func fullStandardOutput(_ arguments: [String]) throws {
        let run = try Self.run(arguments, output: "/dev/full")
        #expect(run.exited, "killed by a signal (status \(run.status))")
        #expect(run.status == 1)
        #expect(run.standardError.contains("cannot write to standard output: No space left on device"), "\(run.standardError)")
    }

    @Test("an error path with standard error unwritable exits 1, no crash")
    func fullStandardError() throws {
        let run = try Self.run(["demo", "no-such-demo"], errors: "/dev/full")
        #expect(run.exited, "killed by a signal (status \(run.status))")
        #expect(run.status == 1)
    }

    @Test("-o \"\" is an error and writes nothing")
    func emptyOutput() throws {
        let folder = try Self.folder("empty")
        let run = try Self.run(Self.small + ["-o", ""], in: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("empty"), "\(run.standardError)")
        #expect(Self.names(in: folder) == [])
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("-o link.gif writes through the symlink to its target")
    func symlinkOutput() throws {
        let folder = try Self.folder("symlink")
        try Data("old".utf8).write(to: folder.appendingPathComponent("real.gif"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.gif").path, withDestinationPath: "real.gif")
        let run = try Self.run(Self.small + ["-o", "link.gif"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.gif").path) == "real.gif")
        #expect(try Data(contentsOf: folder.appendingPathComponent("real.gif")).starts(with: Data("GIF89a".utf8)))
        #expect(Self.names(in: folder) == ["link.gif", "real.gif"])
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("a read-only output file is refused with Permission denied and kept", arguments: [[String](), ["--time", "0.1"]])
    func readOnlyOutput(_ extra: [String]) throws {
        let folder = try Self.folder("read-only-\(extra.count)")
        let name = extra.isEmpty ? "locked.gif" : "locked.png"
        let file = folder.appendingPathComponent(name)
        try Data("old".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        let run = try Self.run(Self.small + extra + ["-o", name], in: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("Permission denied"), "\(run.standardError)")
        #expect(try Data(contentsOf: file) == Data("old".utf8))
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        try? FileManager.default.removeItem(at: folder)
    }
}
