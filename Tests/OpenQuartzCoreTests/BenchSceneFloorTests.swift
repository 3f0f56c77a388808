// The layer benchmark's C evaluation floor (KinemaBenchBaselines) against the render server: the
// bench reports Kinema's evaluation as a ratio to the floor, which means something only if both
// compute the same values. The floor is also an independent reference: textbook C (Newton on the
// curve, the sum form of the spring, fmod timing) agreeing with Kinema's compiled programs.

import Foundation
import KinemaBenchScenes
import KinemaGeometry
@testable import KinemaRenderServer
@testable import OpenQuartzCore
import Testing

@Suite("Benchmark scene: the C evaluation floor computes what the render server does")
@MainActor
struct BenchSceneFloorTests {
    /// The scene's server and its floor, for `count` layers (kept alive by the returned context).
    func sceneAndFloor(count: Int) throws -> (RenderServer, EvaluationFloor, (RenderContext, [CALayer])) {
        let scene = AnimatedLayerScene.make(count: count)
        return (scene.0.server, try #require(EvaluationFloor(count: count)), scene)
    }

    @Test("positions, transforms and opacities agree over repeats, reversals and every key segment")
    func floorMatchesServer() throws {
        let count = 150
        let (server, floor, scene) = try sceneAndFloor(count: count)
        defer { withExtendedLifetime(scene) {} }
        // Across the first key segment, the second, a repeat of each animation, an autoreversal
        // of the move and the spring's second repetition. (Not at 0: the animations begin at
        // 1e-9, and before that Kinema shows the model's opacity, 1, where the floor, which has
        // no notion of an animation not yet active, shows the spring's start.)
        for time in [0.001, 0.05, 0.4, 1.2, 1.5, 2.05, 2.9, 3.3, 4.7, 6.01, 9.99] {
            _ = floor.evaluate(at: time)
            let frame = try #require(server.evaluate(at: time))
            #expect(frame.sublayers.count == count)
            let d = floor.differences(from: frame)
            // The floor's Newton stops at 1e-7 in x: up to ~1e-7 × 45 points of move.
            #expect(d.position <= 1e-5, "t = \(time): \(d)")
            #expect(d.transform <= 1e-9, "t = \(time): \(d)")
            // Kinema keeps opacity as a Float.
            #expect(d.opacity <= 1e-6, "t = \(time): \(d)")
        }
    }

    @Test("the comparison notices a difference: a frame of another time disagrees")
    func comparisonCanFail() throws {
        let (server, floor, scene) = try sceneAndFloor(count: 20)
        defer { withExtendedLifetime(scene) {} }
        _ = floor.evaluate(at: 1.0)
        let frame = try #require(server.evaluate(at: 1.1))
        let d = floor.differences(from: frame)
        #expect(d.position > 1e-3 && d.transform > 1e-3 && d.opacity > 1e-3)
    }
}
