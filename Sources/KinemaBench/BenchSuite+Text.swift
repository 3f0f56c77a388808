// The text benchmark (issue 14, text): 10,000 labels of 20–40 characters, Latin and Vietnamese,
// at 11–17 px in a few colours, drawn into the 1280×720 pixmap on one thread with a warm glyph
// cache. Target: ≤ 8 ms a frame. Two figures:
//   text.labels.draw         the labels' layouts made before timing (a label keeps its laid-out
//                            text between frames, as UILabel and CATextLayer do); the run draws them
//   text.labels.layout+draw  each label laid out (shaping, line breaking, line setting) and drawn
//   text.labels.outlines the first without the glyph cache: every glyph outline filled
//   text.labels.uikit        the same labels as UILabels drawn through UIKit (BenchSuite+TextUIKit.swift)
// The peer is the same labels through Pango and cairo (PangoCairo via PyGObject, the bundled
// DejaVu Sans, no hinting), Scripts/bench/text_peers.py, run by this benchmark in the same
// `kinema bench` with the environment `Scripts/bench/setup-peers.sh` makes (venv-text).
import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaText

extension BenchSuite {
    static var text: [PixelBenchmark] {
        [textLabels(layoutEachRun: false), textUIKit, textLabels(layoutEachRun: false, glyphCache: false), textLabels(layoutEachRun: true)]
    }

    /// `glyphCache: false` fills every glyph's outline (what `draw` did before the glyph cache):
    /// the cache's gain, measured in the same run.
    static func textLabels(layoutEachRun: Bool, glyphCache: Bool = true) -> PixelBenchmark {
        let canvas = makeCanvas()
        // Prepared on first use, so listing the benchmarks costs nothing.
        var prepared: (texts: [StyledText], layouts: [TextLayout], origins: [CGPoint])?
        func prepare() -> (texts: [StyledText], layouts: [TextLayout], origins: [CGPoint]) {
            if let prepared { return prepared }
            let labels = TextBenchWorkload.standard.labels
            let made = (labels.map(\.text), labels.map { TextLayoutEngine.layout($0.text, in: TextContainer()) }, labels.map(\.origin))
            prepared = made
            return made
        }
        return PixelBenchmark(
            name: layoutEachRun ? "text.labels.layout+draw" : glyphCache ? "text.labels.draw" : "text.labels.outlines",
            summary: layoutEachRun ? "10,000 labels laid out and drawn, 11–17 px"
                : glyphCache ? "10,000 laid-out labels drawn, 11–17 px" : "the same, every glyph outline filled (no cache)",
            reset: {
                _ = prepare()
                clearToBackground(canvas)
            },
            run: {
                let work = prepare()
                canvas.pixmap.withMutableRegion { region in
                    let cache = glyphCache ? GlyphCache.shared : nil
                    // Each layout drawn where it is stored (through the buffer, which borrows it): a
                    // copy (`let layout = work.layouts[i]`, and even `work.layouts[i].draw`) retained
                    // and released each of its references, ~3 ms of the frame.
                    work.layouts.withUnsafeBufferPointer { layouts in
                        for i in work.origins.indices {
                            if layoutEachRun {
                                TextLayoutEngine.layout(work.texts[i], in: TextContainer())
                                    .draw(into: &region, at: work.origins[i], scale: 1, alpha: 1, cache: cache)
                            } else {
                                layouts[i].draw(into: &region, at: work.origins[i], scale: 1, alpha: 1, cache: cache)
                            }
                        }
                    }
                }
            },
            picture: { canvas.pixmap },
            hasPeers: false
        )
    }
}

/// The labels: deterministic (SplitMix64), written for the peer as labels.json.
struct TextBenchWorkload {
    struct Label {
        var string: String
        var origin: CGPoint
        var size: Double
        var color: (red: Int, green: Int, blue: Int)
        var text: StyledText
    }

    var labels: [Label]
    let family = "DejaVu Sans"

    static let standard = TextBenchWorkload(count: 10_000, seed: 0x7E47)

    static let words = [
        "Tùy", "chỉnh", "viewcontroller", "transition", "Bài", "viết", "hôm", "nay", "Hiệu", "ứng", "chuyển", "động",
        "ệ", "ở", "ữ", "ặ", "Người", "dùng", "thích", "màn", "hình", "AVATAR", "Wave", "office", "the", "quick",
        "brown", "fox", "jumps", "over", "lazy", "dog", "Settings", "Profile", "Messages", "Today", "animation",
        "spring", "layer", "view", "42", "3.14", "Ọ", "Ượ", "khuyến", "mãi",
    ]
    static let sizes = [11.0, 13, 15, 17]
    static let colors = [(0, 0, 0), (34, 34, 34), (0, 90, 200), (200, 30, 40), (20, 120, 60)]

    init(count: Int, seed: UInt64) {
        var random = SplitMix64(state: seed)
        let face = FontDatabase.shared.bundledFace
        var labels: [Label] = []
        labels.reserveCapacity(count)
        for _ in 0..<count {
            let length = 20 + Int(random.next() % 21)
            var string = ""
            while string.count < length {
                if !string.isEmpty { string += " " }
                string += Self.words[Int(random.next() % UInt64(Self.words.count))]
            }
            string = String(string.prefix(length))
            let size = Self.sizes[Int(random.next() % UInt64(Self.sizes.count))]
            let c = Self.colors[Int(random.next() % UInt64(Self.colors.count))]
            let origin = CGPoint(x: (random.unit() * 1100).rounded(), y: (random.unit() * 700).rounded())
            var style: TextStyle
            if let face {
                style = TextStyle(font: TextFont(face: face, size: size, request: FontRequest()))
            } else {
                style = TextStyle(font: TextFont.system(size: size))
            }
            style.foregroundColor = TextColor(red: Double(c.0) / 255, green: Double(c.1) / 255, blue: Double(c.2) / 255, alpha: 1)
            labels.append(Label(string: string, origin: origin, size: size, color: c, text: StyledText(string, style: style)))
        }
        self.labels = labels
    }

    func export(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let json: [String: Any] = [
            "version": 1,
            "width": RasterWorkload.width, "height": RasterWorkload.height,
            "font": FontDatabase.shared.bundledFace?.path ?? "",
            "family": family,
            "labels": labels.map { label in
                ["text": label.string, "x": Double(label.origin.x), "y": Double(label.origin.y), "size": label.size,
                 "color": [label.color.red, label.color.green, label.color.blue]] as [String: Any]
            },
        ]
        let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        try data.write(to: folder.appendingPathComponent("labels.json"))
    }
}

/// Runs the text peer and prints its figures beside Kinema's.
enum TextBenchPeer {
    static let scriptRelativePath = "Scripts/bench/text_peers.py"
    static let target = 8.0

    static func report(ours: [(name: String, timing: PixelBenchmark.Timing)], runs: Int, images: URL?) -> [String] {
        let texts = ours.filter { $0.name.hasPrefix("text.") }
        guard !texts.isEmpty else { return [] }
        var lines = ["text — ms per frame (thread CPU), target ≤ \(PixelReport.ms(target)) ms for text.labels.draw; "
            + "ratio = Pango's ms / Kinema's ms (> 1: Kinema is faster)"]
        let python = BenchPeers.home.appendingPathComponent("venv-text/bin/python")
        let script = BenchPeers.findScript().map {
            $0.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(scriptRelativePath)
        }
        var run = PeerRun()
        if !FileManager.default.isExecutableFile(atPath: python.path) {
            run.notes.append("Pango peer not installed (\(python.path)); bash Scripts/bench/setup-peers.sh makes it")
        } else if let script, FileManager.default.isReadableFile(atPath: script.path) {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("kinema-text-workload-\(ProcessInfo.processInfo.processIdentifier)")
            defer { try? FileManager.default.removeItem(at: folder) }
            do {
                try TextBenchWorkload.standard.export(to: folder)
                var arguments = [script.path, "--workload", folder.path, "--runs", String(runs)]
                if let images { arguments += ["--write-images", images.path] }
                let (output, problem) = BenchPeers.runProcess(python, arguments: arguments, timeoutSeconds: 1200)
                BenchPeers.parse(output, into: &run)
                if let problem { run.notes.append("pango: \(problem)") }
            } catch {
                run.notes.append("could not write the labels to \(folder.path): \(error)")
            }
        } else {
            run.notes.append("peer script \(scriptRelativePath) not found (run from the package folder)")
        }
        for (name, timing) in texts {
            var row = "  " + name.padding(toLength: 24, withPad: " ", startingAt: 0) + PixelReport.leftPad(PixelReport.ms(timing.cpuMilliseconds), 8) + " ms"
            if name == "text.labels.draw" {
                row += timing.cpuMilliseconds <= target ? "  (target met)" : "  (target MISSED)"
            }
            if let figure = run.figures.first(where: { $0.peer == "pango" && $0.benchmark == name }), let theirs = figure.cpuMilliseconds {
                row += "   pango " + PixelReport.ms(theirs) + " ms  " + String(format: "%.2f×", theirs / timing.cpuMilliseconds)
            }
            lines.append(row)
        }
        if let version = run.versions["pango"] { lines.append("  versions: \(version)") }
        lines += run.notes.map { "  note: " + $0 }
        return lines
    }
}
