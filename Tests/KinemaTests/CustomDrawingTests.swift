// End-to-end test of a layer drawing a custom animatable property, as iOS code draws a progress
// ring: a CALayer subclass declared here (outside Kinema) with a "progress" key, needsDisplay(forKey:)
// true for it, and draw(in:) filling a wedge; a CABasicAnimation of "progress" from 0 to 1 over
// 1 s is recorded by a Stage, and each frame (composited from the render tree) is checked against
// the closed form: the wedge covers the points whose angle from 12 o'clock, clockwise, is below
// 2π × progress(t), progress(t) = t (linear).
//
// Sources: CALayer.needsDisplay(forKey:) ("Animations changing the value of the attribute also
// trigger redisplay"), CALayer.draw(in:), Apple's sample "Custom Animatable Property" (sc2284);
// UIKit's flipped drawing context (APPLE_SEMANTICS.md: increasing angles run clockwise on screen).
// Under KINEMA_UPDATE_GOLDEN=1 the frames are kept as PNG files in
// $TMPDIR/kinema-tests/KinemaTests/custom-drawing/ (docs/TESTING.md).

import Foundation
import Kinema
import KinemaImageIO
import KinemaRaster
import KinemaTestSupport
import Testing

/// A progress ring: a wedge from 12 o'clock, clockwise, over `progress` of a full turn, radius 30
/// about the centre of its bounds, in opaque blue (0, 0.4, 1).
final class ProgressRingLayer: CALayer {
    /// The progress values each drawing saw, in order.
    var seen: [CGFloat] = []

    /// The custom animatable property, stored under the key "progress".
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? CGFloat(0) : super.defaultValue(forKey: key)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let progress = self.progress
        seen.append(progress)
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let start = -CGFloat.pi / 2
        ctx.setFillColor(red: 0, green: 0.4, blue: 1, alpha: 1)
        ctx.move(to: center)
        ctx.addArc(center: center, radius: 30, startAngle: start, endAngle: start + 2 * .pi * progress, clockwise: false)
        ctx.closePath()
        ctx.fillPath()
    }
}

@Suite("Custom drawing of animated keys")
@MainActor
struct CustomDrawingTests {
    /// The sample angles, in degrees from 12 o'clock clockwise, at radius 20 from the ring's centre
    /// (40, 40); each is covered once progress passes angle / 360.
    let angles: [Double] = [45, 135, 225, 315]

    /// Whether the frame's pixel at `degrees` on the sample circle is the ring's blue (true), the
    /// white background (false), or neither (nil: an edge pixel, which the sample angles avoid by
    /// at least 27°, 9 pixels at radius 20).
    func covered(_ frame: Pixmap, _ degrees: Double) -> Bool? {
        let a = degrees * .pi / 180 - .pi / 2
        let x = Int((40 + 20 * cos(a)).rounded(.down)), y = Int((40 + 20 * sin(a)).rounded(.down))
        guard let p = frame.pixel(x: x, y: y) else { return nil }
        if p.red == 0 && p.green == 102 && p.blue == 255 && p.alpha == 255 { return true }
        if p.red == 255 && p.green == 255 && p.blue == 255 && p.alpha == 255 { return false }
        return nil
    }

    func save(_ frame: Pixmap, _ name: String) {
        guard TestEnvironment.updatesGoldens else { return }
        TestEnvironment.keep(try? frame.pngData(), as: "\(name).png", in: "KinemaTests/custom-drawing")
    }

    @Test("a progress ring animated 0 → 1 over 1 s: every frame draws progress(t) = t; after the end, the model value (0.5)")
    func progressRing() throws {
        let stage = Stage(size: CGSize(width: 80, height: 80), scale: 1, threads: 1)
        let ring = ProgressRingLayer()
        let plain = CALayer()
        stage.withClock {
            ring.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
            ring.position = CGPoint(x: 40, y: 40)
            stage.rootLayer.addSublayer(ring)
            stage.rootLayer.addSublayer(plain)
            ring.progress = 0.5                  // the model value the ring keeps after the animation
            plain.setValue(CGFloat(0.5), forKey: "progress")
            for layer in [ring, plain] {
                let fill = CABasicAnimation(keyPath: "progress")
                fill.fromValue = 0
                fill.toValue = 1
                fill.duration = 1
                layer.add(fill, forKey: "fill")
            }
        }
        let times = [0.0, 0.2, 0.5, 0.8, 0.95]
        for t in times {
            let frame = stage.withClock { stage.step(to: t) }
            save(frame, "ring-\(Int(t * 100))")
            for degrees in angles {
                #expect(covered(frame, degrees) == (degrees / 360 < t), "t = \(t), \(degrees)°")
            }
            let shown = stage.withClock { plain.presentation()?.value(forKey: "progress") as? CGFloat }
            #expect(shown.map { abs($0 - t) < 1e-9 } == true, "presentation value(forKey:) at t = \(t): \(String(describing: shown))")
        }
        #expect(ring.progress == 0.5, "the model value is untouched by the drawings")
        let after = stage.withClock { stage.step(to: 1.2) }
        save(after, "ring-120")
        for degrees in angles {
            #expect(covered(after, degrees) == (degrees < 180), "after the end, \(degrees)°: the model's half ring")
        }
        // The commit at t = 0 displays the model value (the change marked the ring), then each turn
        // draws progress(t); after the end one drawing with the model value, then none.
        _ = stage.withClock { (stage.step(to: 1.3), stage.step(to: 1.4)) }
        let expected: [CGFloat] = [0.5] + times.map { CGFloat($0) } + [0.5]
        #expect(ring.seen.count == expected.count && zip(ring.seen, expected).allSatisfy { abs($0 - $1) < 1e-9 },
                "\(ring.seen)")
    }

    @Test("a recording of the ring draws every recorded frame with that frame's value (30 fps, 1 s)")
    func recordedFrames() throws {
        let stage = Stage(size: CGSize(width: 80, height: 80), scale: 1, threads: 1)
        let ring = ProgressRingLayer()
        stage.withClock {
            ring.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
            ring.position = CGPoint(x: 40, y: 40)
            stage.rootLayer.addSublayer(ring)
            ring.progress = 1
            let fill = CABasicAnimation(keyPath: "progress")
            fill.fromValue = 0
            fill.duration = 1
            ring.add(fill, forKey: "fill")
        }
        let sink = CollectingSink()
        try stage.withClock { try stage.record(duration: 1, fps: 30, into: sink) }
        #expect(sink.frames.count == 30)
        for (k, frame) in sink.frames.enumerated() {
            let t = Double(k) / 30
            for degrees in angles where abs(degrees / 360 - t) > 0.05 {
                #expect(covered(frame, degrees) == (degrees / 360 < t), "frame \(k), \(degrees)°")
            }
        }
        // One drawing a frame (the first frame's turn also displays the model value, 1).
        #expect(ring.seen.count == 31 && ring.seen.dropFirst().enumerated().allSatisfy { abs($1 - CGFloat($0) / 30) < 1e-9 })
    }
}

/// Keeps the frames a recording gives it.
final class CollectingSink: FrameSink {
    var frames: [Pixmap] = []

    func append(_ frame: Pixmap, duration: Double) {
        frames.append(frame)
    }

    func finish() {}
}
