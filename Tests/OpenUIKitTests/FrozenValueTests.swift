// A scrubbed animator's values go through the frozen-value table (KinemaRenderServer/Animations/
// FrozenValues.swift): a scrub changes no render node, what it shows appears at the commit (not
// before), the render server's frames and the presentation agree, the tables handed over are
// recycled, and an evaluation with no table shows the value the animation was frozen at.

import Foundation
import Synchronization
import Kinema
@testable import KinemaRenderServer
@testable import KinemaStage
@testable import OpenQuartzCore
import Testing
@testable import OpenUIKit

@Suite("Frozen values: scrubbing through the committed table")
@MainActor
struct FrozenValueTests {
    /// The x the render server's frame shows for `view` at the stage's time.
    static func frameX(_ stage: Stage, _ view: UIView) -> Double? {
        func find(_ layer: CompositeLayer, _ id: UInt64) -> CompositeLayer? {
            if layer.id == id { return layer }
            for sublayer in layer.sublayers { if let found = find(sublayer, id) { return found } }
            return nil
        }
        guard let frame = stage.context.server.evaluate(at: stage.clock.now) else { return nil }
        return find(frame, view.layer.renderID).map { Double($0.state.position.x) }
    }

    @Test("a scrub changes no render node; the server's frame and the presentation show the scrubbed value from the commit on, not before")
    func scrubChangesNoNode() throws {
        let (stage, view, animator) = movingView()   // x 50 → 250, linear
        try stage.withClock {
            animator.pauseAnimation()
            animator.fractionComplete = 0.25
            stage.turn(to: 0.1)
            let tree = try #require(stage.context.server.committedTree)
            #expect(Self.frameX(stage, view) == 100)
            for (k, f) in [0.5, 0.75, 0.1, 1.0].enumerated() {
                let before = try #require(view.layer.presentation()).position.x
                animator.fractionComplete = f
                // Not committed yet: the presentation still shows the last commit's value.
                #expect(try #require(view.layer.presentation()).position.x == before)
                stage.turn(to: 0.1 + Double(k + 1) / 60)
                #expect(stage.context.server.committedTree === tree, "scrub \(f) made a new render tree")
                #expect(try #require(view.layer.presentation()).position.x == 50 + 200 * f)
                #expect(Self.frameX(stage, view) == 50 + 200 * f)
            }
            animator.stopAnimation(true)
        }
    }

    @Test("the tables handed to commits are recycled: 200 scrubbed turns make at most three")
    func tablesAreRecycled() {
        let (stage, view, animator) = movingView()
        stage.withClock {
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            stage.turn(to: 0.1)
            let made = FrozenValueStore.tablesMade
            for k in 0..<200 {
                animator.fractionComplete = CGFloat(k % 100) / 100
                stage.turn(to: 0.1 + Double(k + 1) / 60)
                _ = stage.context.server.evaluate(at: stage.clock.now)
            }
            #expect(FrozenValueStore.tablesMade - made <= 3)
            #expect(view.layer.presentation()?.position.x == 50 + 200 * 0.99)
            animator.stopAnimation(true)
        }
    }

    /// Run under `swift test --sanitize=thread`: a render thread evaluating frames while the main
    /// thread scrubs, commits and recycles the tables the server lets go.
    @Test("a render thread evaluates frames while the main thread scrubs: every frame shows a committed value, and tables are recycled under it")
    func renderThreadWhileScrubbing() {
        final class Flag: Sendable {
            let stop = Atomic<Bool>(false)
            let frames = Atomic<Int>(0)
            let wrong = Atomic<Int>(0)
        }
        let (stage, view, animator) = movingView()
        let server = stage.context.server
        let id = view.layer.renderID
        let flag = Flag()
        let done = DispatchSemaphore(value: 0)
        stage.withClock {
            animator.pauseAnimation()
            animator.fractionComplete = 0
            stage.turn(to: 0.1)
        }
        Thread.detachNewThread {
            func x(_ picture: CompositeLayer) -> Double? {
                if picture.id == id { return Double(picture.state.position.x) }
                for sublayer in picture.sublayers { if let found = x(sublayer) { return found } }
                return nil
            }
            while !flag.stop.load(ordering: .acquiring) {
                if let frame = server.evaluate(at: 0.2), let shown = x(frame) {
                    // Every scrub below puts x on a multiple of 2 (to rounding) from 50 to 250.
                    if !(shown >= 50 && shown <= 250 && abs(shown / 2 - (shown / 2).rounded()) < 1e-9) { flag.wrong.add(1, ordering: .relaxed) }
                    flag.frames.add(1, ordering: .relaxed)
                }
            }
            done.signal()
        }
        stage.withClock {
            for k in 0..<300 {
                animator.fractionComplete = CGFloat(k % 101) / 100
                stage.turn(to: 0.1 + Double(k + 1) / 600)
            }
        }
        flag.stop.store(true, ordering: .releasing)
        done.wait()
        #expect(flag.wrong.load(ordering: .relaxed) == 0)
        #expect(flag.frames.load(ordering: .relaxed) > 0)
        stage.withClock { animator.stopAnimation(true) }
    }

    @Test("evaluated with no table current (an old tree drawn outside a frame), a frozen animation shows the value it was frozen at; with the committed table, the last scrub's")
    func noTableShowsFrozenAtValue() throws {
        let (stage, view, animator) = movingView()
        try stage.withClock {
            animator.pauseAnimation()          // frozen here, at fraction 0: the animation's own value
            animator.fractionComplete = 0.25   // scrubs: the table's
            stage.turn(to: 0.1)
            animator.fractionComplete = 0.75
            stage.turn(to: 0.2)
            let (tree, frozen) = stage.context.server.committed
            let root = try #require(tree)
            let id = view.layer.renderID
            func x(_ picture: CompositeLayer) -> Double? {
                if picture.id == id { return Double(picture.state.position.x) }
                for sublayer in picture.sublayers { if let found = x(sublayer) { return found } }
                return nil
            }
            #expect(x(RenderServer.evaluate(root, parentTime: 0.2)) == 50)
            #expect(x(FrozenValueTable.withCurrent(frozen) { RenderServer.evaluate(root, parentTime: 0.2) }) == 200)
            animator.stopAnimation(true)
        }
    }
}
