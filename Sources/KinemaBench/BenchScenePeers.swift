// The peers of `kinema bench scene`: the scripts of Scripts/bench/scene (bench_skia.py,
// bench_cairo.py, bench_blend2d.py), run with the Python environments that
// Scripts/bench/setup-peers.sh made, on the same scene and frame
// count. Each prints `RESULT <name> ms_per_frame=<x> …` (wall time, perf_counter) and writes
// frame 60 as PNG. Nothing here trusts the subprocess: a missing environment or script, a
// failure or an unreadable line becomes a note and the peer is left out.
import Foundation

enum BenchScenePeers {
    struct Figure {
        var name: String
        var milliseconds: Double
        /// The peer cannot draw shadows (the Blend2D binding): its figure is for --no-shadows.
        var shadowsOff: Bool
    }

    struct Run {
        var figures: [Figure] = []
        var notes: [String] = []
    }

    /// (environment folder, script, forces --no-shadows)
    static let peers: [(env: String, script: String, noShadowsOnly: Bool)] = [
        ("venv", "bench_skia.py", false),
        ("venv", "bench_cairo.py", false),
        ("venv-blend2d", "bench_blend2d.py", true),
    ]

    /// `option` when given, else `Scripts/bench/scene` in the package folder (found from the
    /// current directory or above the executable), when it holds the scripts.
    static func folder(option: String?) -> URL? {
        if let option { return URL(fileURLWithPath: option) }
        var candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0 ..< 5 {
            candidates.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        for root in candidates where FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            let peers = root.appendingPathComponent("Scripts/bench/scene")
            if FileManager.default.fileExists(atPath: peers.appendingPathComponent("scene_common.py").path) { return peers }
        }
        return nil
    }

    static func run(folder: URL, frames: Int, noShadows: Bool, out: URL?) -> Run {
        var result = Run()
        for peer in peers {
            let python = BenchPeers.home.appendingPathComponent(peer.env).appendingPathComponent("bin/python")
            let script = folder.appendingPathComponent(peer.script)
            guard FileManager.default.isExecutableFile(atPath: python.path) else {
                result.notes.append("\(peer.script): no \(python.path) (run Scripts/bench/setup-peers.sh); skipped")
                continue
            }
            guard FileManager.default.isReadableFile(atPath: script.path) else {
                result.notes.append("\(peer.script): not found in \(folder.path); skipped")
                continue
            }
            var arguments = [script.path, "--frames", String(frames)]
            if noShadows || peer.noShadowsOnly { arguments.append("--no-shadows") }
            if let out {
                let name = peer.script.replacingOccurrences(of: "bench_", with: "").replacingOccurrences(of: ".py", with: "")
                arguments += ["--out", out.appendingPathComponent("\(name)_frame\(BenchSceneCommand.savedFrame).png").path]
            }
            let (output, problem) = BenchPeers.runProcess(python, arguments: arguments, timeoutSeconds: 1200)
            if let problem { result.notes.append("\(peer.script): \(problem)") }
            var found = false
            for line in output.split(whereSeparator: \.isNewline) {
                let words = line.split(separator: " ").map(String.init)
                guard words.count >= 3, words[0] == "RESULT" else { continue }
                for word in words[2...] where word.hasPrefix("ms_per_frame=") {
                    if let value = Double(word.dropFirst("ms_per_frame=".count)), value.isFinite, value > 0 {
                        result.figures.append(Figure(name: words[1], milliseconds: value, shadowsOff: peer.noShadowsOnly))
                        found = true
                    }
                }
            }
            if !found && problem == nil { result.notes.append("\(peer.script): printed no RESULT line") }
        }
        return result
    }
}
