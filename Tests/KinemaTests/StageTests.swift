// Tests of the headless Stage: frames show the committed tree at the stepped time; implicit
// animations run over the transaction's duration; recording writes decodable files.

import KinemaSupport
import Foundation
import Kinema
@testable import OpenQuartzCore
import KinemaImageIO
import KinemaRaster
import Testing

@Suite("Stage")
@MainActor
struct StageTests {
    /// A stage 100 × 60 points with one 20 × 20 red square at (20, 30).
    func redSquareStage(scale: CGFloat = 1) -> (Stage, CALayer) {
        let stage = Stage(size: CGSize(width: 100, height: 60), scale: scale, threads: 1)
        let square = CALayer()
        stage.withClock {
            square.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            square.position = CGPoint(x: 20, y: 30)
            square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            stage.rootLayer.addSublayer(square)
        }
        return (stage, square)
    }

    func isRed(_ frame: Pixmap, _ x: Int, _ y: Int) -> Bool {
        guard let p = frame.pixel(x: x, y: y) else { return false }
        return p.red == 255 && p.green == 0 && p.blue == 0 && p.alpha == 255
    }

    func isWhite(_ frame: Pixmap, _ x: Int, _ y: Int) -> Bool {
        guard let p = frame.pixel(x: x, y: y) else { return false }
        return p.red == 255 && p.green == 255 && p.blue == 255 && p.alpha == 255
    }

    @Test("the first frame shows the layers added before it, over the white background")
    func firstFrame() {
        let (stage, _) = redSquareStage(scale: 2)
        let frame = stage.withClock { stage.step(to: 0) }
        #expect(frame.width == 200 && frame.height == 120)
        #expect(isRed(frame, 40, 60) && isRed(frame, 21, 41) && isRed(frame, 58, 78))
        #expect(isWhite(frame, 18, 60) && isWhite(frame, 61, 60) && isWhite(frame, 150, 10))
    }

    @Test("an implicit position animation: 0.25 s with the default curve, from the old value (CATransaction.animationDuration, CAMediaTimingFunction default)")
    func implicitAnimation() {
        let (stage, square) = redSquareStage()
        stage.withClock {
            stage.step(to: 0)
            stage.at(0.1) { square.position = CGPoint(x: 80, y: 30) }
            stage.step(to: 0.1)
            let half = stage.step(to: 0.225)
            // Halfway in time; the default curve (0.25, 0.1, 0.25, 1) is at y(0.5) ≈ 0.8024.
            let expected = 20 + 60 * CAMediaTimingFunction(name: .default).value(at: 0.5)
            let left = Double(expected) - 10
            #expect(isRed(half, Int(left.rounded(.up)) + 1, 30) && isWhite(half, Int(left.rounded(.down)) - 1, 30))
            let end = stage.step(to: 0.4)
            #expect(isRed(end, 75, 30) && isWhite(end, 69, 30))
        }
    }

    @Test("a stage starts at a transaction boundary: changes left uncommitted by earlier code do not delay the begin times of the scene's animations")
    func startsAtTransactionBoundary() throws {
        // Earlier code changed a hosted layer and no turn committed it: an implicit transaction
        // is open (this is what made a demo probe fail now and then, after other tests).
        let other = RenderContext(rootLayer: CALayer())
        let stray = CALayer()
        other.rootLayer.addSublayer(stray)
        stray.opacity = 0.5
        let stage = Stage(size: CGSize(width: 40, height: 40), fps: 30)
        let layer = CALayer()
        stage.withClock {
            CATransaction.begin()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            stage.rootLayer.addSublayer(layer)
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 40
            move.duration = 1
            layer.add(move, forKey: "move")   // beginTime 0: the commit's time
            CATransaction.commit()
            stage.turn(to: 1.0 / 30)
        }
        let begin = try #require(layer.animation(forKey: "move")).beginTime
        #expect(begin == 0, "begin time \(begin): the scene's commit nested in the stray transaction")
        withExtendedLifetime(other) {}
    }

    /// Forwards frames to a GIF or APNG writer without damage hints, or with a wrong one (no change).
    final class ForwardingSink: FrameSink {
        let inner: any DamageHintedFrameSink
        let claimsNoChange: Bool
        init(_ inner: any DamageHintedFrameSink, claimsNoChange: Bool) { self.inner = inner; self.claimsNoChange = claimsNoChange }
        func append(_ frame: Pixmap, duration: Double) throws(EncodingError) {
            if claimsNoChange {
                try inner.append(frame, duration: duration, changed: [])
            } else {
                try inner.append(frame, duration: duration)
            }
        }
        func finish() throws(EncodingError) { try inner.finish() }
    }

    @Test("record tells a GIF or APNG writer each frame's damage; the file is the same bytes as one found by comparing whole frames",
          arguments: ["gif", "apng"])
    func writersWithDamageHints(format: String) throws {
        enum Hints { case damage, none, wrong }
        func recording(_ hints: Hints) throws -> (Data?, [PixelRect]?) {
            let (stage, square) = redSquareStage(scale: 2)
            let writer: any DamageHintedFrameSink = format == "gif" ? try GIFWriter() : try APNGWriter()
            try stage.withClock {
                stage.at(0.1) {
                    let dot = CALayer()
                    dot.frame = CGRect(x: 70, y: 10, width: 8, height: 8)
                    dot.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
                    stage.rootLayer.addSublayer(dot)
                    square.position = CGPoint(x: 60, y: 40)   // an implicit 0.25 s move
                    square.opacity = 0.6
                }
                let sink: any FrameSink = switch hints {
                case .damage: writer
                case .none: ForwardingSink(writer, claimsNoChange: false)
                case .wrong: ForwardingSink(writer, claimsNoChange: true)
                }
                try stage.record(duration: 0.5, fps: 30, into: sink)
            }
            return (writer.data, stage.lastDamage)
        }
        let (withHints, lastDamage) = try recording(.damage)
        let (without, _) = try recording(.none)
        let (wrong, _) = try recording(.wrong)
        // Frames written (an APNG frame has one fcTL chunk, a GIF frame one graphic control
        // extension): the recording moves for about eight of them.
        let bytes = try [UInt8](#require(without))
        let tag = format == "gif" ? [0x21, 0xF9, 4] : Array("fcTL".utf8)
        let frameControls = (0..<max(0, bytes.count - tag.count)).count {
            bytes[$0..<$0 + tag.count].elementsEqual(tag)
        }
        #expect(frameControls >= 5, "the recording moves")
        #expect(withHints == without)
        // The writer believes its hints: claiming every frame unchanged gives another file.
        #expect(wrong != without)
        // The frames were drawn damage-only, so hints were given (the last frame changed nothing).
        #expect(lastDamage == [])
    }

    @Test("record writes a GIF whose frames decode to what the stage rendered")
    func recordGIF() throws {
        let (stage, square) = redSquareStage()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stage-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        try stage.withClock {
            stage.at(0.1) { square.position = CGPoint(x: 80, y: 30) }
            try stage.record(duration: 0.5, fps: 20, to: url)
        }
        let animation = try GIFDecoder.decode(Data(contentsOf: url))
        #expect(animation.frames.count >= 2)
        #expect(abs(animation.frames.map(\.delay).reduce(0, +) - 0.5) < 0.011)
    }

    @Test("record refuses a duration that is finite but asks for more frames than it makes (1e300 s), and bad ones, with an error")
    func recordRefusesEndlessDurations() throws {
        let (stage, _) = redSquareStage()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stage-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        for duration in [1e300, Double(Stage.maximumRecordedFrames) / 10 + 1, .nan, -1, .infinity] {
            #expect(throws: StageError.self, "duration \(duration)") {
                try stage.withClock { try stage.record(duration: duration, fps: 10, to: url) }
            }
        }
        #expect(stage.time == 0, "nothing was stepped")
    }

    @Test("a frame beyond Pixmap's pixel count (each side within limits) is refused at init with a diagnostic, not at every frame")
    func oversizedStage() {
        let (stage, diagnostics) = KinemaDiagnostics.collecting {
            Stage(size: CGSize(width: 30_000, height: 30_000), scale: 1, threads: 1)
        }
        #expect(stage.size == CGSize(width: 1, height: 1))
        #expect(diagnostics.count == 1)
        let frame = stage.withClock { stage.step(to: 0) }
        #expect(frame.width == 1 && frame.height == 1)
    }
}
