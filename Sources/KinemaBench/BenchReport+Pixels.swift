// Printing the pixel benchmarks: Kinema's figures as they are measured, then one table with
// every peer's figure from the same run, the ratios, the targets and the memcpy floor.
import Foundation

enum PixelReport {
    /// The issue's targets: faster than these peers …
    static let mustBeat: Set<String> = ["skia", "cairo"]
    /// … and at most this many times Blend2D's time (the goal is to match it).
    static let blend2dAllowance = 1.5
    /// Column order; peers the script reports beyond these follow in name order.
    static let peerOrder = ["skia", "cairo", "blend2d"]

    static func ms(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }

    /// `text` right-aligned in `width` columns.
    static func leftPad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func header(runs: Int) -> String {
        "pixels — ms per run, best of \(runs) runs after a warm-up, thread CPU time [wall], "
            + "\(RasterWorkload.width)×\(RasterWorkload.height) premultiplied RGBA8, one thread"
    }

    static func line(name: String, summary: String, timing: PixelBenchmark.Timing, nameWidth: Int) -> String {
        "  " + name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
            + summary.padding(toLength: 52, withPad: " ", startingAt: 0)
            + leftPad(ms(timing.cpuMilliseconds), 8)
            + " ms  [" + ms(timing.wallMilliseconds) + " wall]"
    }

    /// The comparison table. `ours` is in the order the benchmarks ran.
    static func table(ours: [(name: String, timing: PixelBenchmark.Timing)], peers: PeerRun, floor: PixelBenchmark.Timing) -> [String] {
        let known = Set(peers.figures.map(\.peer))
        let columns = peerOrder.filter(known.contains) + known.subtracting(peerOrder).sorted()
        let nameWidth = max(ours.map(\.name.count).max() ?? 0, 9)
        var lines = ["peers, same run — thread CPU ms per run; ratio = peer ms / Kinema ms (> 1: Kinema is faster); "
            + "targets: faster than skia and cairo, within \(blend2dAllowance)× of Blend2D's time"]
        var head = "  " + "benchmark".padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "    kinema"
        for peer in columns { head += "  " + peer.padding(toLength: 15, withPad: " ", startingAt: 0) }
        head += "   floor  targets"
        lines.append(head)
        for (name, timing) in ours {
            var row = "  " + name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            row += leftPad(ms(timing.cpuMilliseconds), 10)
            var verdicts: [String] = []
            for peer in columns {
                let figure = peers.figures.first { $0.peer == peer && $0.benchmark == name }
                guard let figure, let theirs = figure.cpuMilliseconds else {
                    row += "  " + "n/a".padding(toLength: 15, withPad: " ", startingAt: 0)
                    continue
                }
                let ratio = theirs / timing.cpuMilliseconds
                let cell = ms(theirs) + " " + String(format: "%.2f×", ratio)
                row += "  " + cell.padding(toLength: 15, withPad: " ", startingAt: 0)
                if mustBeat.contains(peer) {
                    verdicts.append(peer + (ratio > 1 ? " met" : " MISSED"))
                } else if peer == "blend2d" {
                    let times = timing.cpuMilliseconds / theirs
                    verdicts.append(times <= blend2dAllowance
                        ? String(format: "blend2d met (%.2f× its time)", times)
                        : String(format: "blend2d MISSED (%.2f× its time)", times))
                }
            }
            row += leftPad(ms(floor.cpuMilliseconds), 8) + "  " + verdicts.joined(separator: ", ")
            lines.append(row)
        }
        lines.append("  floor = memcpy of one \(RasterWorkload.width)×\(RasterWorkload.height)×4-byte frame on this machine")
        let calls = peers.figures.compactMap { f -> String? in
            guard let c = f.callsMilliseconds, c > 0 else { return nil }
            return "\(f.peer) \(f.benchmark.replacingOccurrences(of: "raster.", with: "")) \(ms(c))"
        }
        if !calls.isEmpty {
            lines.append("  Python calls inside the peer figures (same loop, empty paths), ms: " + calls.joined(separator: ", "))
        }
        for figure in peers.figures where figure.cpuMilliseconds == nil {
            lines.append("  n/a: \(figure.peer) \(figure.benchmark): \(figure.reason ?? "not available")")
        }
        if !peers.versions.isEmpty {
            lines.append("  versions: " + peers.versions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "; "))
        }
        lines += peers.notes.map { "  note: " + $0 }
        return lines
    }

    static func peersMissing(home: URL) -> [String] {
        [
            "peers: none installed under \(home.path) (KINEMA_PEERS_HOME overrides it); Kinema's figures alone above.",
            "  To compare in the same run: bash Scripts/bench/setup-peers.sh, then run kinema bench again from the package folder.",
        ]
    }
}
