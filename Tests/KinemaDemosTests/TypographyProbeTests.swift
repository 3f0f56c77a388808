// Semantic probes of the typography demo: the animated text layer's fontSize and colour against
// closed forms (presentation and pixels), and the 48 pt Vietnamese line's stacked marks reaching
// above and below the letters.

import Foundation
import Kinema
import KinemaDemos
import Testing

@Suite("Typography demo probes")
@MainActor
struct TypographyProbeTests {
    /// The demo's animated layer's frame (the card inset by 10, 8).
    static let animatedFrame = Typography.animatedCard.insetBy(dx: 10, dy: 8)

    @Test("the animated layer's fontSize: 16 at 0, 25 at 1 s (half-way on the symmetric ease-in-ease-out), 34 at 2 s, 25 at 3 s")
    func fontSizeClosedForm() throws {
        let run = DemoRun(.typography)
        for (time, expected) in [(0.0, 16.0), (1.0, 25.0), (2.0, 34.0), (3.0, 25.0)] {
            _ = run.frame(at: time)
            let layer = try #require(run.presentation(of: "typography.animated") as? CATextLayer)
            #expect(abs(Double(layer.fontSize) - expected) < 1e-3, "at \(time) s: \(layer.fontSize)")
        }
    }

    @Test("the animated layer's glyphs are blue at 0 and half-way from pink to orange at 2 s, in the presentation and in the pixels")
    func colorInThePixels() throws {
        let run = DemoRun(.typography)
        // (time, expected RGB): systemBlue 007AFF; pink FF2D55 and orange FF9500 mixed half-way
        // (keyTimes 0.33 and 0.67, t = 0.5 of the loop).
        for (time, expected) in [(0.0, (0, 122, 255)), (2.0, (255, 97, 43))] {
            let image = Image(run.frame(at: time))
            let layer = try #require(run.presentation(of: "typography.animated") as? CATextLayer)
            let components = try #require(layer.foregroundColor?.components)
            let presented = (Int((components[0] * 255).rounded()), Int((components[1] * 255).rounded()),
                             Int((components[2] * 255).rounded()))
            #expect(close(presented, expected, 1), "presentation at \(time) s: \(presented)")
            // The glyph pixel farthest from the white card is fully covered: it has the colour.
            let frame = Self.animatedFrame
            var best = (255, 255, 255), bestDistance = 0
            for y in Int(frame.minY) ..< Int(frame.maxY) {
                for x in Int(frame.minX) ..< Int(frame.maxX) {
                    let p = image.rgb(x, y)
                    let distance = (255 - p.0) + (255 - p.1) + (255 - p.2)
                    if distance > bestDistance { best = p; bestDistance = distance }
                }
            }
            #expect(close(best, expected, 3), "glyph pixel at \(time) s: \(best), expected \(expected)")
        }
    }

    @Test("ệ ở ữ ặ at 48 pt: the marks stack above the letters and the dots sit below the baseline (ink taller than the x-height by far)")
    func stackedMarks() throws {
        let image = Image(DemoRun(.typography).frame(at: 0))
        // The fourth title's layer: below the three before it (heights 15, 23, 35 plus 4 apart).
        let top = 14 + (15 + 4) + (23 + 4) + (35 + 4), height = 60
        var rows: [Int] = []
        for y in top ..< top + height {
            for x in 20 ..< 300 where image.rgb(x, y).0 < 100 {
                rows.append(y)
                break
            }
        }
        let first = try #require(rows.first), last = try #require(rows.last)
        // DejaVu Sans at 48 pt: x-height ≈ 26 px; circumflex, hook, tilde and breve reach ~ 14 px
        // above it, the dots below ~ 8 px under the baseline.
        #expect(last - first + 1 >= 44, "ink from row \(first) to \(last)")
        #expect(first - top <= 14, "the marks reach near the layer's top: \(first - top)")
    }
}
