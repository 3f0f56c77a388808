// Tests of the live render thread without a window: a recording presenter receives the frames
// while the test's main thread moves the model and runs turns. Run them under the thread
// sanitizer too: swift test --sanitize=thread --filter Live --scratch-path /tmp/kinema-tsan-live
//
// References: each frame is re-rendered on the test thread from the same committed tree at the
// same time with the test's own Compositor (exact: same code, same inputs, so any difference is a
// torn read, a race or a stale buffer), and checked against closed-form positions of the layers
// (which pixels must be red / blue / white), independent of the compositor.

import Foundation
import Kinema
import KinemaGeometry
import KinemaLive
import KinemaRaster
import KinemaRenderServer
import KinemaSupport
import OpenQuartzCore
import Synchronization
import Testing

/// Keeps every frame (a copy: the pixmap value) and its facts; Sendable through its lock (a
/// pthread lock, which the thread sanitizer sees).
final class RecordingPresenter: LivePresenter {
    let frames = LockedValue<[(frame: Pixmap, info: LiveFrameInfo)]>([])
    let finished = Atomic<Int>(0)

    func present(_ frame: Pixmap, _ info: LiveFrameInfo) -> LivePresenterAction {
        frames.withLock { $0.append((frame, info)) }
        return .proceed
    }

    func finish() { finished.add(1, ordering: .relaxed) }

    /// The committed tree of the newest frame.
    var newestTree: RenderNode? { frames.withLock { $0.last?.info.committed } }
}

@Suite("Live player")
@MainActor
struct LivePlayerTests {
    static let white = PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)

    /// What the frame for `tree` at `time` must be: evaluate + composite + white background, on
    /// this thread with this test's compositor.
    func expectedFrame(_ tree: RenderNode?, at time: Double, width: Int, height: Int, compositor: Compositor) throws -> Pixmap {
        var frame = try Pixmap(width: width, height: height)
        if let tree {
            compositor.render(RenderServer.evaluate(tree, parentTime: time), into: &frame, scale: 1)
        }
        frame.composite(over: Self.white)
        return frame
    }

    @Test("the render thread shows the main thread's commits: every frame equals evaluate + composite of its tree at its time, in time order")
    func framesFollowCommits() throws {
        let stage = Stage(size: CGSize(width: 96, height: 40), scale: 1, fps: 60, threads: 1)
        // A blue square the render server animates (x: 10 → 90 over 1 s, linear), and a red
        // square the main thread moves by hand each turn (model changes, actions disabled).
        let animated = CALayer(), moved = CALayer()
        stage.withClock {
            animated.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            animated.position = CGPoint(x: 10, y: 10)
            animated.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 10.0
            slide.toValue = 90.0
            slide.duration = 1
            slide.timingFunction = CAMediaTimingFunction(name: .linear)
            slide.fillMode = .forwards
            slide.isRemovedOnCompletion = false
            animated.add(slide, forKey: "slide")
            moved.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            moved.position = CGPoint(x: 8, y: 30)
            moved.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            stage.rootLayer.addSublayer(animated)
            stage.rootLayer.addSublayer(moved)
        }
        let reference = MediaClock.manual(at: 0)
        let timebase = LiveTimebase(reference: reference, startingAt: 0)
        let presenter = RecordingPresenter()
        let player = try LivePlayer(stage: stage, presenter: presenter, framesPerSecond: 500,
                                    timebase: timebase, compositorThreads: 1)
        let server = player.server

        // The main thread: 40 turns 1/60 s apart; before each, the red square moves 2 pt right.
        // Every 4th turn it waits until a frame of the tree it just committed was presented, so
        // the render thread runs both between commits and while they happen.
        var committed: [(tree: RenderNode?, movedX: Double)] = []
        var times: Set<Double> = [0]
        player.start()
        for turn in 1 ... 40 {
            let x = 8.0 + 2 * Double(turn)
            stage.withClock {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                moved.position.x = x
                CATransaction.commit()
            }
            reference.advance(to: Double(turn) / 60)
            times.insert(timebase.now)
            stage.withClock { player.turn(stage) }
            let tree = server.committedTree
            committed.append((tree, x))
            if turn % 4 == 0 {
                // Bounded wait (a hang guard, not a timing assertion): 60 s on a loaded machine.
                var waited = 0
                while presenter.newestTree !== tree, waited < 60_000 {
                    Thread.sleep(forTimeInterval: 0.001)
                    waited += 1
                }
                #expect(presenter.newestTree === tree, "the frame of turn \(turn)'s commit was never presented")
            }
        }
        player.stop()
        player.waitUntilFinished()
        #expect(!player.isRunning)
        #expect(presenter.finished.load(ordering: .relaxed) == 1)

        let frames = presenter.frames.withLock { $0 }
        #expect(frames.count >= 10)
        #expect(player.statistics.frames == frames.count)
        let compositor = Compositor(threads: 1)
        var previous: LiveFrameInfo?
        var shownCommits = 0
        for (frame, info) in frames {
            if let previous {
                #expect(info.index == previous.index + 1)
                // Time order; an equal time only for a newer commit.
                #expect(info.time > previous.time || (info.time == previous.time && info.committed !== previous.committed))
            }
            previous = info
            // Drawn for a time the clock actually read (the current time), never a tick's own time.
            #expect(times.contains(info.time), "frame \(info.index) at \(info.time) is not a time the clock showed")
            let expected = try expectedFrame(info.committed, at: info.time, width: frame.width, height: frame.height,
                                             compositor: compositor)
            let same = frame == expected   // a Bool, so a failure does not print every pixel
            #expect(same, "frame \(info.index) at t = \(info.time) differs from evaluate + composite of its tree")
            // Closed form: the blue square's centre is at x = 10 + 80 t; the red one's where the
            // main thread put it for the commit this frame shows. (Frames drawn before the first
            // turn show the tree committed when the stage was made: the root alone.)
            if let match = committed.first(where: { $0.tree === info.committed }) {
                shownCommits += 1
                let blueX = Int((10 + 80 * info.time).rounded(.down))
                #expect(frame.pixel(x: blueX, y: 10) == PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255),
                        "frame \(info.index) at \(info.time)")
                let redX = Int(match.movedX.rounded(.down))
                #expect(frame.pixel(x: redX, y: 30) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
                #expect(frame.pixel(x: redX + 6, y: 30) == Self.white)
            }
        }
        #expect(shownCommits >= 10, "frames showed \(shownCommits) of the main thread's commits")

        // After the main thread stopped, the last frame is exactly server.evaluate(at:) of its time.
        if let last = frames.last {
            #expect(last.info.committed === server.committedTree)
            var direct = try Pixmap(width: last.frame.width, height: last.frame.height)
            if let tree = server.evaluate(at: last.info.time) {
                compositor.render(tree, into: &direct, scale: 1)
            }
            direct.composite(over: Self.white)
            let same = direct == last.frame
            #expect(same, "the last frame differs from server.evaluate(at: \(last.info.time)) composited")
        }
    }

    @Test("a player finds its own stage's render server, also when another stage was made after it")
    func findsTheStagesServer() throws {
        let first = Stage(size: CGSize(width: 20, height: 20), threads: 1)
        let second = Stage(size: CGSize(width: 20, height: 20), threads: 1)
        first.withClock { first.rootLayer.addSublayer(CALayer()) }
        second.withClock {
            second.rootLayer.addSublayer(CALayer())
            second.rootLayer.addSublayer(CALayer())
        }
        // `second` is the newest host; `first` is found through a turn at its own time.
        let firstServer = first.withClock { LivePlayer.server(of: first) }
        let secondServer = second.withClock { LivePlayer.server(of: second) }
        #expect(firstServer !== secondServer)
        // Each stage's turn commits its own tree only (docs/ARCHITECTURE.md, "Several hosts").
        first.withClock { first.turn(to: first.time) }
        second.withClock { second.turn(to: second.time) }
        #expect(firstServer?.committedTree?.sublayers.count == 1)
        #expect(secondServer?.committedTree?.sublayers.count == 2)
    }

    @Test("the timebase reads its start plus the reference clock's advance, from any thread")
    func timebase() async {
        let reference = MediaClock.manual(at: 100)
        let timebase = LiveTimebase(reference: reference, startingAt: 2)
        #expect(timebase.now == 2)
        reference.advance(to: 100.25)
        #expect(timebase.now == 2.25)
        let seen = await Task.detached { timebase.now }.value
        #expect(seen == 2.25)
        let (nan, diagnostics) = KinemaDiagnostics.collecting { LiveTimebase(reference: reference, startingAt: .nan) }
        #expect(nan.now == 0)
        #expect(diagnostics.map(\.domain) == ["Live"])
    }

    @Test("a player refuses a frame size outside Pixmap's limits with a typed error")
    func invalidSize() {
        #expect(throws: LiveError.self) {
            try LivePlayer(server: RenderServer(), timebase: LiveTimebase(), pixelWidth: 0, pixelHeight: 10, scale: 1,
                           background: nil, presenter: RecordingPresenter())
        }
    }

    @Test("stop before any frame: the thread ends, the presenter is finished once, waiting returns")
    func stopEarly() throws {
        let presenter = RecordingPresenter()
        let player = try LivePlayer(server: RenderServer(), timebase: LiveTimebase(reference: .manual(at: 0)),
                                    pixelWidth: 4, pixelHeight: 4, scale: 1, background: nil, presenter: presenter)
        player.waitUntilFinished()   // never started: returns at once
        player.start()
        player.stop()
        player.waitUntilFinished()
        player.waitUntilFinished()
        #expect(!player.isRunning)
        #expect(presenter.finished.load(ordering: .relaxed) == 1)
    }
}
