// Every demo builds and renders without diagnostics, loops, and matches its committed golden
// frames.
//
// The golden frames (Golden/<demo>-<percent>.png, the demo at scale 0.5, frames at 0, 25, 50,
// 75 and 100 % of its loop) are REGRESSION GUARDS, not independent references: they were made by
// this code (KINEMA_UPDATE_GOLDEN=1 swift test --filter KinemaDemosTests rewrites them) and were
// looked at by eye when committed. They catch a change in what a demo shows; the probes in
// DemoProbeTests check what the frames should show against closed forms. An independent check of
// a static frame would redraw the same composition with another renderer (e.g. skia-python drawing
// the same rectangles, rounded rectangles, paths and gradient at the same coordinates) and compare;
// that script does not exist yet, so none is claimed here.

import Foundation
import Kinema
import KinemaDemos
import KinemaImageIO
import Testing

@Suite("Demo frames")
@MainActor
struct DemoFrameTests {
    static let percents = [0, 25, 50, 75, 100]

    @Test("every demo builds and renders its frames at 0, 25, 50, 75 and 100 % without diagnostics", arguments: Demo.all.map(\.name))
    func rendersWithoutDiagnostics(name: String) throws {
        let demo = try #require(Demo.named(name))
        let (frames, diagnostics) = KinemaDiagnostics.collecting {
            let run = DemoRun(demo)
            return Self.percents.map { run.frame(at: demo.duration * Double($0) / 100) }
        }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(frames.allSatisfy { $0.width == Int(demo.size.width) && $0.height == Int(demo.size.height) })
        // Not blank: every frame has more than the background colour in it.
        for frame in frames {
            let image = Image(frame)
            let first = image.rgb(0, 0)
            var others = 0
            for y in stride(from: 0, to: image.height, by: 3) {
                for x in stride(from: 0, to: image.width, by: 3) where image.rgb(x, y) != first { others += 1 }
            }
            #expect(others > 100)
        }
    }

    @Test("every demo loops: the frame at the end of its duration is the frame at 0", arguments: Demo.all.map(\.name))
    func loops(name: String) throws {
        let demo = try #require(Demo.named(name))
        let run = DemoRun(demo)
        let first = Image(run.frame(at: 0))
        let last = Image(run.frame(at: demo.duration))
        let difference = try #require(first.difference(from: last, threshold: 8))
        // Rotations by 2π and colour round trips are exact up to rounding: a few edge pixels may
        // differ by a unit or two, no pixel by more than 8.
        #expect(difference.farFraction == 0, "\(difference)")
        #expect(difference.mean < 0.05, "\(difference)")
    }

    @Test("golden frames at scale 0.5 (regression guard; tolerance: mean |Δ| ≤ 1/255, ≤ 0.5 % of pixels off by > 24)",
          arguments: Demo.all.map(\.name))
    func golden(name: String) throws {
        let demo = try #require(Demo.named(name))
        let run = DemoRun(demo, scale: 0.5)
        let update = ProcessInfo.processInfo.environment["KINEMA_UPDATE_GOLDEN"] == "1"
        for percent in Self.percents {
            let image = Image(run.frame(at: demo.duration * Double(percent) / 100))
            let file = "\(name)-\(percent).png"
            if update {
                let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
                try image.png().write(to: folder.appendingPathComponent(file))
                continue
            }
            let url = try #require(Bundle.module.url(forResource: "Golden/\(file)", withExtension: nil), "missing golden \(file)")
            let golden = Image(try PNGDecoder.decode(Data(contentsOf: url)))
            // Why this tolerance: anti-aliasing and compositor refinements move edge pixels by
            // small amounts; a layer that moves, appears or changes colour changes many pixels
            // by far more than 24.
            let difference = try #require(image.difference(from: golden), "\(file): size \(image.width)×\(image.height) vs \(golden.width)×\(golden.height)")
            #expect(difference.mean <= 1, "\(file): \(difference)")
            #expect(difference.farFraction <= 0.005, "\(file): \(difference)")
        }
    }
}
