// Tests of the render tree, the render server and the events it sends back: commits copy only
// changed layers; the server's evaluation matches presentation(); delegates, removal on
// completion, completion blocks and display links run at the documented turns; the server
// evaluates on another thread while the main thread changes the model.

import Foundation
import KinemaGeometry
@testable import KinemaRenderServer
import KinemaTiming
@testable import OpenQuartzCore
import Testing

/// A hosted tree with a manual clock at 0 and a run loop to turn.
@MainActor
struct Host {
    let clock = MediaClock.manual(at: 0)
    let root = CALayer()
    let context: RenderContext
    let loop: HostRunLoop

    init() {
        context = RenderContext(rootLayer: root)
        loop = HostRunLoop(context: context, clock: clock)
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        loop.turn(at: 0)
    }

    /// Runs the turns at k/60 s after the clock's time, up to `time`.
    func run(to time: Double) {
        var k = (clock.now * 60 + 1e-6).rounded(.down) + 1
        while k / 60 <= time + 1e-9 {
            loop.turn(at: k / 60)
            k += 1
        }
    }
}

/// Records delegate calls with the time they arrived.
@MainActor
final class Recorder: CAAnimationDelegate {
    var calls: [String] = []
    let clock: MediaClock

    init(clock: MediaClock) { self.clock = clock }

    nonisolated func animationDidStart(_ anim: CAAnimation) {
        MainActor.assumeIsolated { calls.append("start@\(rounded(clock.now))") }
    }

    nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        MainActor.assumeIsolated { calls.append("stop(\(flag))@\(rounded(clock.now))") }
    }

    private func rounded(_ t: Double) -> String { String(format: "%.3f", t) }
}

@Suite("Render server and events")
@MainActor
struct RenderServerTests {
    @Test("a commit makes new nodes for changed layers and their ancestors only")
    func changedLayersOnly() throws {
        let host = Host()
        let a = CALayer(), b = CALayer(), c = CALayer(), a1 = CALayer()
        for layer in [a, b, c] { host.root.addSublayer(layer) }
        a.addSublayer(a1)
        host.loop.turn(at: 0.1)
        let first = try #require(host.context.server.committedTree)
        #expect(first.subtreeCount == 5)
        a1.opacity = 0.5
        host.loop.turn(at: 0.2)
        let second = try #require(host.context.server.committedTree)
        #expect(second !== first)
        #expect(second.sublayers[0] !== first.sublayers[0], "a's node is new: its sublayer changed")
        #expect(second.sublayers[0].sublayers[0].state.opacity == 0.5)
        #expect(second.sublayers[1] === first.sublayers[1] && second.sublayers[2] === first.sublayers[2],
                "unchanged siblings keep their nodes")
        host.loop.turn(at: 0.3)
        #expect(host.context.server.committedTree === second, "nothing changed: the same tree")
    }

    @Test("the server's evaluation at t equals presentation() at t (one evaluation function)")
    func evaluationMatchesPresentation() throws {
        let host = Host()
        let layer = CALayer()
        host.root.addSublayer(layer)
        host.root.speed = 2
        let slide = basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 40))
        slide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(slide, forKey: "slide")
        host.loop.turn(at: 0.1)
        host.clock.advance(to: 0.3)
        let shown = try #require(host.loop.withClock { layer.presentation() })
        let evaluated = try #require(host.context.server.evaluate(at: 0.3))
        let node = evaluated.sublayers[0]
        #expect(node.state.position == shown.position)
        #expect(abs(node.state.position.x - 100 * CAMediaTimingFunction(name: .easeInEaseOut).value(at: 0.4)) < 1e-6,
                "root speed 2: 0.2 s of media time is 0.4 s of the layer's")
    }

    @Test("delegate: animationDidStart at the first turn at or after the begin, didStop(true) at the first turn at or after the end; then removed (CAAnimationDelegate)")
    func delegateFinished() {
        let host = Host()
        let layer = CALayer()
        host.root.addSublayer(layer)
        let recorder = Recorder(clock: host.clock)
        let fade = basic("opacity", from: 1, to: 0, duration: 0.5)
        fade.delegate = recorder
        host.loop.schedule(at: 0.1) { layer.add(fade, forKey: "fade") }
        host.run(to: 0.7)
        // Added and committed in the turn at 0.1 (begins 0.1); the next turn (0.1 + 1/60) sees it
        // started; it ends at 0.6, seen by the turn at 0.6 (36/60 s).
        #expect(recorder.calls == ["start@0.117", "stop(true)@0.600"])
        #expect(layer.animationKeys() == nil)
    }

    @Test("delegate: removal and replacement stop the animation with finished false at the next turn")
    func delegateRemoved() {
        let host = Host()
        let layer = CALayer()
        host.root.addSublayer(layer)
        let first = Recorder(clock: host.clock), second = Recorder(clock: host.clock)
        let a = basic("opacity", from: 1, to: 0)
        a.delegate = first
        let b = basic("opacity", from: 0, to: 1)
        b.delegate = second
        layer.add(a, forKey: "fade")
        host.run(to: 0.2)
        layer.add(b, forKey: "fade")
        host.run(to: 0.3)
        layer.removeAnimation(forKey: "fade")
        host.run(to: 2)
        // Each add commits with the implicit transaction at the end of the next turn, which is
        // when it begins; the turn after sees it started.
        #expect(first.calls == ["start@0.033", "stop(false)@0.217"])
        #expect(second.calls == ["start@0.233", "stop(false)@0.317"])
    }

    @Test("an animation whose layer is deallocated is forgotten: its delegate is released and the completion block waiting for it runs")
    func deallocatedLayer() {
        let host = Host()
        var log: [String] = []
        weak var released: Recorder?
        do {
            let recorder = Recorder(clock: host.clock)
            released = recorder
            let layer = CALayer()
            host.root.addSublayer(layer)
            host.loop.turn(at: 0.05)
            host.loop.withClock {
                CATransaction.begin()
                CATransaction.setCompletionBlock { log.append("done") }
                let fade = basic("opacity", from: 1, to: 0, duration: 10)
                fade.delegate = recorder
                layer.add(fade, forKey: "fade")
                CATransaction.commit()
            }
            layer.removeFromSuperlayer()
            host.loop.turn(at: 0.1)
        }
        host.loop.turn(at: 0.2)
        host.loop.turn(at: 0.3)
        #expect(released == nil, "the delegate is not kept alive by the event bookkeeping")
        #expect(log == ["done"])
    }

    @Test("completion block: runs once every animation added after it finished; nested transactions count; none → the next turn (CATransaction.setCompletionBlock)")
    func completionBlocks() {
        let host = Host()
        let layer = CALayer()
        host.root.addSublayer(layer)
        host.loop.turn(at: 0.05)
        var log: [String] = []
        // Code outside a turn reads the host's clock only inside withClock (a Stage installs it
        // process-wide; parallel tests cannot).
        host.loop.withClock {
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("outer@\(host.clock.now)") }
        CATransaction.setAnimationDuration(0.5)
        layer.opacity = 0.5                       // implicit animation, 0.5 s
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("inner@\(host.clock.now)") }
        layer.add(basic("position.x", from: 0, to: 10, duration: 1), forKey: "x")
        CATransaction.commit()
        CATransaction.commit()
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("empty@\(host.clock.now)") }
        CATransaction.commit()
        }
        #expect(log.isEmpty, "never inside commit()")
        host.loop.turn(at: 0.1)
        #expect(log == ["empty@0.1"])
        host.loop.turn(at: 0.5)
        host.loop.turn(at: 0.55)
        #expect(log == ["empty@0.1"], "the opacity animation ends at 0.55 but the inner one runs to 1.05")
        host.loop.turn(at: 1.06)
        #expect(log == ["empty@0.1", "inner@1.06", "outer@1.06"])
    }

    @Test("the implicit transaction commits at the end of the turn")
    func implicitCommitPerTurn() throws {
        let host = Host()
        let layer = CALayer()
        host.loop.schedule(at: 0.5) {
            host.root.addSublayer(layer)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        host.loop.turn(at: 0.4)
        #expect(host.context.server.committedTree?.sublayers.isEmpty == true)
        host.loop.turn(at: 0.5)
        let tree = try #require(host.context.server.committedTree)
        #expect(tree.sublayers.count == 1 && tree.sublayers[0].state.backgroundColor != nil)
    }

    @Test("a transition keeps the layer's previous render node as its 'from' picture")
    func transitionFrom() throws {
        let host = Host()
        let layer = CALayer()
        host.root.addSublayer(layer)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        host.loop.turn(at: 0.1)
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 1
        layer.add(push, forKey: "transition")
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        host.loop.turn(at: 0.2)
        let frame = try #require(host.context.server.evaluate(at: 0.7))
        let transition = try #require(frame.sublayers[0].transition)
        #expect(transition.type == "push" && transition.subtype == "fromRight")
        #expect(abs(transition.progress - 0.5) < 1e-9)
        #expect(transition.from?.state.backgroundColor?.components?.first == 1, "the old picture is red")
        #expect(frame.sublayers[0].state.backgroundColor?.components?[2] == 1, "the new one blue")
        #expect(host.context.server.evaluate(at: 1.3)?.sublayers[0].transition == nil, "over and removed")
    }

    @Test("a replicator's instance k shows its sublayers k × instanceDelay earlier (CAReplicatorLayer.instanceDelay)")
    func replicatorDelay() throws {
        let host = Host()
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 3
        replicator.instanceDelay = 0.1
        let bar = CALayer()
        replicator.addSublayer(bar)
        host.root.addSublayer(replicator)
        host.loop.turn(at: 0.05)
        let fade = basic("opacity", from: 1, to: 0, duration: 1)
        fade.beginTime = 0.2
        bar.add(fade, forKey: "fade")
        host.loop.turn(at: 0.1)
        let frame = try #require(host.context.server.evaluate(at: 0.7))
        let layer = frame.sublayers[0]
        let opacities = (0..<3).map { Double(layer.instanceSublayers($0)[0].state.opacity) }
        #expect(zip(opacities, [0.5, 0.6, 0.7]).allSatisfy { abs($0 - $1) < 1e-6 }, "\(opacities)")
        #expect(layer.instanceSublayers(5)[0] === layer.sublayers[0], "past the count: the undelayed sublayers")
    }

    @Test("display links fire once per turn; preferredFramesPerSecond 30 on a 60 Hz host fires every other turn")
    func displayLinks() {
        let host = Host()
        var every: [Double] = [], half: [Double] = []
        let link = CADisplayLink { every.append($0.targetTimestamp - $0.timestamp) }
        let slow = CADisplayLink { half.append($0.timestamp) }
        slow.preferredFramesPerSecond = 30
        host.loop.withClock {
            link.add(to: .main, forMode: .common)
            slow.add(to: .main, forMode: .common)
        }
        host.run(to: 0.1 + 1e-9)
        #expect(every.count == 6 && every.allSatisfy { abs($0 - 1.0 / 60) < 1e-12 })
        #expect(half.count == 3)
        link.invalidate()
        host.run(to: 0.2)
        #expect(every.count == 6)
    }

    @Test("the server evaluates on another thread while the main thread changes the model (run under --sanitize=thread)")
    func backgroundEvaluation() async {
        let host = Host()
        var layers: [CALayer] = []
        for i in 0..<50 {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.position = CGPoint(x: Double(i), y: 0)
            host.root.addSublayer(layer)
            layer.add(basic("opacity", from: 1, to: 0, duration: 10), forKey: "fade")
            layers.append(layer)
        }
        host.loop.turn(at: 0.01)
        let server = host.context.server
        let reader = Task.detached {
            var seen = 0
            for step in 0..<400 {
                if let frame = server.evaluate(at: Double(step) / 100) {
                    seen += frame.sublayers.count
                }
            }
            return seen
        }
        for step in 1...200 {
            for (i, layer) in layers.enumerated() {
                layer.position = CGPoint(x: Double(i + step), y: Double(step))
            }
            host.loop.turn(at: 0.01 + Double(step) / 100)
        }
        let seen = await reader.value
        #expect(seen == 400 * 50)
        #expect(host.context.server.committedTree?.sublayers[3].state.position == CGPoint(x: 203, y: 200))
    }
}
