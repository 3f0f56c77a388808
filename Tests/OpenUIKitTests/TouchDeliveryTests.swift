// Touch delivery against UIKit's event model: hit-tested once at touch-down, delivered to that
// view through touchesBegan/Moved/Ended, up the responder chain by default; scripted on the
// stage's clock.

import Foundation
import Kinema
import Testing

@Suite("Touch delivery")
@MainActor
struct TouchDeliveryTests {
    @Test("a tap: began, then ended Stage.tapDuration later, in the hit view, timestamps on the stage clock")
    func tapDelivery() throws {
        let (stage, view) = touchStage()
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 160))
            stage.run(until: 0.2)
        }
        #expect(view.log == ["began", "ended"])
        let touch = try #require(view.touches.first)
        #expect(touch.view === view)
        #expect(touch.window === stage.window)
        #expect(touch.phase == .ended)
        #expect(abs(touch.timestamp - Stage.tapDuration) < 1e-9)
        #expect(touch.location(in: view) == CGPoint(x: 50, y: 60))
        #expect(touch.location(in: nil) == CGPoint(x: 150, y: 160))
        #expect(touch.tapCount == 1)
    }

    @Test("a drag: moved at every frame; the touch stays with the view it began in, even outside it")
    func dragStaysWithView() throws {
        let (stage, view) = touchStage()
        stage.withClock {
            stage.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 390, y: 390), duration: 0.5)
            stage.run(until: 0.6)
        }
        #expect(view.log.first == "began")
        #expect(view.log.last == "ended")
        // 30 frames at 60 fps: 29 in-between moves (the last frame is the lift).
        #expect(view.log.filter { $0 == "moved" }.count == 29)
        let touch = try #require(view.touches.first)
        #expect(touch.location(in: nil) == CGPoint(x: 390, y: 390))
        #expect(touch.view === view)
    }

    @Test("hit-testing skips hidden, transparent (alpha < 0.01) and non-interactive views")
    func hitTestingSkips() {
        let (stage, back) = touchStage()
        let hidden = TouchLogView(frame: back.bounds)
        hidden.isHidden = true
        let clear = TouchLogView(frame: back.bounds)
        clear.alpha = 0.005
        let inert = TouchLogView(frame: back.bounds)
        inert.isUserInteractionEnabled = false
        stage.withClock {
            for view in [hidden, clear, inert] { back.addSubview(view) }
            stage.tap(at: CGPoint(x: 200, y: 200))
            stage.run(until: 0.2)
        }
        #expect(back.log == ["began", "ended"])
        #expect(hidden.log.isEmpty && clear.log.isEmpty && inert.log.isEmpty)
    }

    @Test("a view that does not handle touches passes them up the responder chain")
    func responderChain() {
        let (stage, parent) = touchStage()
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        stage.withClock {
            parent.addSubview(child)
            stage.tap(at: CGPoint(x: 120, y: 120))
            stage.run(until: 0.2)
        }
        #expect(parent.log == ["began", "ended"])
        #expect(parent.touches.first?.view === child)
    }

    @Test("a touch beginning outside the window is a diagnostic and is not delivered")
    func outsideWindow() {
        let (stage, view) = touchStage()
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            stage.withClock {
                stage.drag(from: CGPoint(x: -20, y: 150), to: CGPoint(x: 150, y: 150), duration: 0.2)
                stage.tap(at: CGPoint(x: 500, y: 500))
                stage.run(until: 0.4)
            }
        }
        #expect(view.log.isEmpty)
        #expect(diagnostics.filter { $0.message.contains("outside the window") }.count == 2)
    }

    @Test("tapCount counts quick taps at one place; a pause or a distant tap starts again")
    func tapCount() {
        let (stage, view) = touchStage()
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 0.2)
            stage.tap(at: CGPoint(x: 152, y: 151))
            stage.run(until: 0.4)
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 1.0)
            stage.tap(at: CGPoint(x: 150, y: 150))   // 0.55 s after the last lift
            stage.run(until: 1.2)
        }
        #expect(view.touches.map(\.tapCount) == [1, 2, 3, 1])
    }

    @Test("a multi-touch script: fingers that touch down together arrive in one event")
    func multiTouch() {
        let (stage, view) = touchStage()
        view.isMultipleTouchEnabled = true
        final class Counter: UIView {
            var sizes: [Int] = []
            var all: [Int] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                sizes.append(touches.count)
                all.append(event?.allTouches?.count ?? 0)
            }
        }
        let counter = Counter(frame: view.bounds)
        counter.isMultipleTouchEnabled = true
        stage.withClock {
            view.addSubview(counter)
            stage.perform(TouchScript([
                .init(at: CGPoint(x: 150, y: 150)).move(to: CGPoint(x: 160, y: 150), at: 0.1).lift(),
                .init(at: CGPoint(x: 250, y: 250)).move(to: CGPoint(x: 240, y: 250), at: 0.1).lift(),
                .init(at: CGPoint(x: 200, y: 200), time: 0.05).lift(at: 0.2),
            ]))
            stage.run(until: 0.3)
        }
        #expect(counter.sizes == [2, 1])
        #expect(counter.all == [2, 3])
    }

    @Test("a view without isMultipleTouchEnabled gets only the first of simultaneous touches")
    func singleTouchView() {
        let (stage, view) = touchStage()
        stage.withClock {
            stage.perform(TouchScript([
                .init(at: CGPoint(x: 150, y: 150)).hold(until: 0.2).lift(),
                .init(at: CGPoint(x: 250, y: 250), time: 0.05).hold(until: 0.1).lift(),
            ]))
            stage.run(until: 0.3)
        }
        #expect(view.log == ["began", "ended"])
    }
}
