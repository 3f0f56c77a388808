// A deep layer tree through the whole Stage: turn, commit, evaluation, compositing. A chain of
// about 450 layers used to end the process with SIGSEGV in the compositor's recursion.

import Foundation
import Kinema
import KinemaSupport
import Testing

@Suite("Stage with a deep layer tree")
@MainActor
struct DeepStageTests {
    @Test("a 2,000-level chain steps and shows its top 1,000 levels; the cut is reported")
    func deepChainSteps() {
        let stage = Stage(size: CGSize(width: 60, height: 60), scale: 1, threads: 2)
        stage.withClock {
            var node = stage.rootLayer
            for index in 0 ..< 2_000 {
                let layer = CALayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                layer.position = CGPoint(x: 20, y: 20)
                layer.backgroundColor = index < 999 ? CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                    : CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                node.addSublayer(layer)
                node = layer
            }
            let (frame, diagnostics) = KinemaDiagnostics.collecting { stage.step(to: 0) }
            // The root is level 1: layers 2 … 1,000 (indices 0 … 998) are drawn, all red.
            let p = frame.pixel(x: 10, y: 10)
            #expect(p?.red == 255 && p?.green == 0 && p?.blue == 0)
            #expect(diagnostics.contains { $0.message.contains("deeper than 1000 levels") })
        }
    }
}
