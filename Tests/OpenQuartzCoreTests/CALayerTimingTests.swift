// Layer time spaces: convertTime(_:from:) and convertTime(_:to:).
//
// Sources: CAMediaTiming docs (t = (tp − beginTime) × speed + timeOffset; layers are the timing
// parents of their sublayers), CALayer.convertTime docs, Technical Q&A QA1673 (pausing and
// resuming a layer tree with speed, timeOffset, beginTime and convertTime(_:from: nil)).

import KinemaSupport
import Foundation
import OpenQuartzCore
import Testing

@MainActor
@Suite("CALayer time spaces")
struct CALayerTimingTests {
    @Test("each layer maps its parent's time by (t − beginTime) × speed + timeOffset, down the tree")
    func conversion() {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        root.speed = 2
        root.beginTime = 1
        child.timeOffset = 0.5
        #expect(root.convertTime(3, from: nil) == 4)
        #expect(child.convertTime(3, from: nil) == 4.5)
        #expect(child.convertTime(4.5, to: nil) == 3)
        #expect(child.convertTime(4, from: root) == 4.5)
        #expect(root.convertTime(4.5, from: child) == 4)
        #expect(child.convertTime(4.5, to: root) == 4)
        #expect(root.mediaTiming.speed == 2, "the layer's CAMediaTiming values")
    }

    @Test("QA1673: pausing freezes local time at the pause; resuming continues from it")
    func pauseAndResume() {
        let layer = CALayer()
        let pausedAt = 10.0
        // Pause.
        let pausedTime = layer.convertTime(pausedAt, from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
        #expect(layer.convertTime(25, from: nil) == pausedTime, "time stands still")
        // Resume at 14.
        let resumedAt = 14.0
        let paused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(resumedAt, from: nil) - paused
        #expect(layer.convertTime(resumedAt, from: nil) == pausedTime)
        #expect(layer.convertTime(resumedAt + 1, from: nil) == pausedTime + 1)
    }

    @Test("converting out of a paused layer (speed 0) has no single answer: its beginTime, with a diagnostic")
    func pausedLayerInverse() {
        let layer = CALayer()
        layer.speed = 0
        layer.beginTime = 3
        let (time, diagnostics) = KinemaDiagnostics.collecting { layer.convertTime(7, to: nil) }
        #expect(time == 3 && diagnostics.count == 1)
    }
}
