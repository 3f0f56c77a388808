// Seed 000's avatar transition in the avatar-present demo, probed mid-flight: the stand-in avatar
// moves and grows along the ease-in-out curve from the list's avatar to the big one (at half time
// the curve is at exactly half, so the centre and the width are the averages of the ends), the
// arriving screen fades in with it, and both real avatars are back at the end.

import Foundation
import Kinema
import KinemaDemos
import Testing

@Suite("avatar-present probes")
@MainActor
struct AvatarPresentProbeTests {
    /// The demo stepped at its frame rate until the presentation's container appears; returns
    /// the run and the turn time the transition began.
    func startedRun() throws -> (DemoRun, Double) {
        let demo = try #require(Demo.named("avatar-present"))
        let run = DemoRun(demo)
        var t = 0.0
        while t < demo.duration {
            t += 1 / demo.fps
            _ = run.frame(at: t)
            if run.stage.window.subviews.count > 1 { return (run, t) }
        }
        Issue.record("the presentation never started")
        return (run, t)
    }

    @Test("the stand-in avatar is half way in place and size at half time; the screen half faded in")
    func halfway() throws {
        let (run, start) = try startedRun()
        let container = try #require(run.stage.window.subviews.last)
        let fake = try #require(container.subviews.last as? UIImageView)
        let arriving = try #require(container.subviews.first)
        func frame(at t: Double) -> CGRect {
            _ = run.frame(at: t)
            return run.stage.withClock { fake.layer.presentation()?.frame ?? .null }
        }
        let begin = frame(at: start)
        let middle = frame(at: start + 0.2)
        let middleOpacity = run.stage.withClock { arriving.layer.presentation()?.opacity ?? -1 }
        let end = frame(at: start + 0.4 - 1e-6)
        #expect(begin.width == 80)
        #expect(abs(end.width - 240) < 0.01)
        #expect(abs(middle.midX - (begin.midX + end.midX) / 2) < 0.05)
        #expect(abs(middle.midY - (begin.midY + end.midY) / 2) < 0.05)
        #expect(abs(middle.width - (begin.width + end.width) / 2) < 0.05)
        #expect(abs(middleOpacity - 0.5) < 0.001)
        // The big avatar's place: centred horizontally, 140 pt from the top of the avatar screen.
        #expect(abs(end.midX - 160) < 0.01)
        _ = run.frame(at: start + 0.5)
        #expect(fake.superview == nil)
        #expect(container.subviews.allSatisfy { $0.layer.opacity == 1 })
    }
}
