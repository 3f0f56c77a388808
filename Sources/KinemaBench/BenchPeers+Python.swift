// The peer renderers, run in the same `kinema bench` as Kinema's figures: finds the Python
// environments `Scripts/bench/setup-peers.sh` made and `Scripts/bench/raster_peers.py`, runs the
// script once per environment on the exported workload, and reads its `PEER` lines.
//
// Nothing here trusts the subprocess: a missing interpreter or script, a crash, a timeout or an
// unreadable line is reported as a note and the peer is left out; it never stops the benchmark.
import Foundation

/// One peer's figure for one benchmark, or why it has none.
struct PeerFigure {
    var peer: String
    var benchmark: String
    /// Thread CPU milliseconds per run, best of the runs; nil when the peer cannot do the work.
    var cpuMilliseconds: Double?
    var wallMilliseconds: Double?
    /// Milliseconds of the same loop of Python calls with empty paths: the part of the figure
    /// that is the binding, not the renderer (nil where not measured).
    var callsMilliseconds: Double?
    /// Why there is no figure ("n/a" lines), or nil.
    var reason: String?
}

struct PeerRun {
    var figures: [PeerFigure] = []
    /// `peer → version text`, from `VERSION` lines.
    var versions: [String: String] = [:]
    /// Problems met while running the peers, printed under the table.
    var notes: [String] = []
}

enum BenchPeers {
    /// The environments and the peers each one runs.
    static let environments: [(folder: String, peers: [String])] = [
        ("venv", ["skia", "cairo"]),
        ("venv-blend2d", ["blend2d"]),
    ]

    /// `$KINEMA_PEERS_HOME`, else `~/.cache/kinema-peers`.
    static var home: URL {
        if let custom = ProcessInfo.processInfo.environment["KINEMA_PEERS_HOME"], !custom.isEmpty {
            return URL(fileURLWithPath: custom)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/kinema-peers")
    }

    static let scriptRelativePath = "Scripts/bench/raster_peers.py"

    /// The peers' script: beside the current directory, or above the executable (which a
    /// `swift build` puts in `.build/<triple>/release/` of the package).
    static func findScript() -> URL? {
        var candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0 ..< 5 {
            candidates.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        return candidates.map { $0.appendingPathComponent(scriptRelativePath) }
            .first { FileManager.default.isReadableFile(atPath: $0.path) }
    }

    /// Runs every environment found; `nil` when none exists (the caller prints how to install).
    static func run(workload: URL, benchmarks: [String], runs: Int, imagesDirectory: URL?) -> PeerRun? {
        let interpreters = environments.compactMap { env -> (URL, [String])? in
            let python = home.appendingPathComponent(env.folder).appendingPathComponent("bin/python")
            return FileManager.default.isExecutableFile(atPath: python.path) ? (python, env.peers) : nil
        }
        guard !interpreters.isEmpty else { return nil }
        var result = PeerRun()
        guard let script = findScript() else {
            result.notes.append("peers' script \(scriptRelativePath) not found (run from the package folder)")
            return result
        }
        for (python, peers) in interpreters {
            var arguments = [script.path, "--workload", workload.path, "--peers", peers.joined(separator: ","),
                             "--runs", String(runs), "--benchmarks", benchmarks.joined(separator: ",")]
            if let imagesDirectory { arguments += ["--write-images", imagesDirectory.path] }
            // Whatever the script printed is kept, even when it then failed; the failure is noted.
            let (output, problem) = runProcess(python, arguments: arguments, timeoutSeconds: 1200)
            parse(output, into: &result)
            if let problem { result.notes.append("\(peers.joined(separator: ", ")): \(problem)") }
            for peer in peers where !result.figures.contains(where: { $0.peer == peer }) {
                result.notes.append("\(peer): the script printed no figure")
            }
        }
        return result
    }

    /// Reads `PEER <peer> <benchmark> ms=<cpu> wall_ms=<wall> [calls_ms=<ms>]`,
    /// `PEER <peer> <benchmark> n/a <reason…>` and `VERSION <peer> <text…>`; ignores other lines.
    static func parse(_ output: String, into result: inout PeerRun) {
        for line in output.split(whereSeparator: \.isNewline) {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if words.count >= 3, words[0] == "VERSION" {
                result.versions[words[1]] = words[2...].joined(separator: " ")
                continue
            }
            guard words.count >= 4, words[0] == "PEER" else { continue }
            var figure = PeerFigure(peer: words[1], benchmark: words[2])
            if words[3] == "n/a" {
                figure.reason = words.count > 4 ? words[4...].joined(separator: " ") : "not available"
            } else {
                for word in words[3...] {
                    let pair = word.split(separator: "=", maxSplits: 1).map(String.init)
                    guard pair.count == 2, let value = Double(pair[1]), value.isFinite, value >= 0 else { continue }
                    switch pair[0] {
                    case "ms": figure.cpuMilliseconds = value
                    case "wall_ms": figure.wallMilliseconds = value
                    case "calls_ms": figure.callsMilliseconds = value
                    default: break
                    }
                }
                if figure.cpuMilliseconds == nil || figure.cpuMilliseconds == 0 {
                    figure.cpuMilliseconds = nil
                    figure.reason = "unreadable figure: \(line)"
                }
            }
            result.figures.append(figure)
        }
    }

    /// Runs `executable` with its output in temporary files (no pipe to fill up), polling until
    /// it exits or `timeoutSeconds` pass (then it is terminated). Returns what it printed and,
    /// when it could not start, timed out or exited non-zero, what went wrong (with the end of
    /// its standard error).
    static func runProcess(_ executable: URL, arguments: [String], timeoutSeconds: Double) -> (output: String, problem: String?) {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("kinema-peer-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0 ... .max))")
        let outURL = scratch.appendingPathExtension("out"), errURL = scratch.appendingPathExtension("err")
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
              FileManager.default.createFile(atPath: errURL.path, contents: nil),
              let out = try? FileHandle(forWritingTo: outURL), let err = try? FileHandle(forWritingTo: errURL)
        else { return ("", "could not create temporary files in \(scratch.deletingLastPathComponent().path)") }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return ("", "could not start \(executable.path): \(error)")
        }
        let deadline = wallSeconds() + timeoutSeconds
        while process.isRunning, wallSeconds() < deadline { usleep(50_000) }
        let timedOut = process.isRunning
        if timedOut {
            process.terminate()
            process.waitUntilExit()
        }
        try? out.close()
        try? err.close()
        let stdout = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        if timedOut { return (stdout, "timed out after \(Int(timeoutSeconds)) s") }
        guard process.terminationStatus == 0 else {
            let tail = stderr.split(whereSeparator: \.isNewline).suffix(3).joined(separator: " | ")
            return (stdout, "the script exited with status \(process.terminationStatus): \(tail)")
        }
        return (stdout, nil)
    }
}
