// Gesture recognizers against UIKit's state machine (UIKIT_SEMANTICS §8): state sequences from
// scripted touches on the stage's manual clock, values checked against the script's geometry.

import Foundation
import Kinema
import Testing

/// The seed 003 idiom (popover card) after the one mechanical edit: `@objc` dropped and
/// `#selector(handleCardTap(recognzier:))` → `MainViewController.handleCardTap`.
@MainActor
final class MainViewController: UIViewController {
    let handleArea = UIView(frame: CGRect(x: 0, y: 300, width: 400, height: 100))
    var log: [String] = []
    var lastTranslation: CGPoint = .zero

    func setupCard() {
        view.addSubview(handleArea)
        let tapGestureRecognizer = UITapGestureRecognizer(target: self, action: MainViewController.handleCardTap)
        let panGestureRecognizer = UIPanGestureRecognizer(target: self, action: MainViewController.handleCardPan)
        handleArea.addGestureRecognizer(tapGestureRecognizer)
        handleArea.addGestureRecognizer(panGestureRecognizer)
    }

    private func handleCardTap(_ recognzier: UITapGestureRecognizer) {
        switch recognzier.state {
        case .ended: log.append("tap")
        default: break
        }
    }

    private func handleCardPan(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began: log.append("began")
        case .changed: lastTranslation = recognizer.translation(in: handleArea)
        case .ended: log.append("ended")
        default: break
        }
    }
}

/// A delegate with switchable answers.
@MainActor
final class SwitchDelegate: UIGestureRecognizerDelegate {
    var shouldBegin = true
    var shouldReceive = true
    var simultaneous = false
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { shouldReceive }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { simultaneous }
}

@Suite("Gesture recognizers")
@MainActor
struct GestureRecognizerTests {
    @Test("State raw values are UIKit's; recognized is ended")
    func rawValues() {
        #expect([UIGestureRecognizer.State.possible, .began, .changed, .ended, .cancelled, .failed].map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(UIGestureRecognizer.State.recognized == .ended)
        #expect(UISwipeGestureRecognizer.Direction.right.rawValue == 1 && UISwipeGestureRecognizer.Direction.down.rawValue == 8)
    }

    @Test("tap: recognized at the lift; the view gets touchesCancelled (cancelsTouchesInView); reset to possible")
    func tapRecognized() {
        let (stage, view) = touchStage()
        let log = StateLog()
        let tap = UITapGestureRecognizer(target: log, action: StateLog.handle)
        view.addGestureRecognizer(tap)
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 0.3)
        }
        #expect(log.states == [.ended])
        #expect(abs((log.times.first ?? 0) - Stage.tapDuration) < 1e-9)
        #expect(view.log == ["began", "cancelled"])
        #expect(tap.state == .possible)
        #expect(tap.location(in: view) == CGPoint(x: 50, y: 50))
    }

    @Test("cancelsTouchesInView = false: the view gets its touchesEnded too")
    func tapWithoutCancelling() {
        let (stage, view) = touchStage()
        let log = StateLog()
        let tap = UITapGestureRecognizer(target: log, action: StateLog.handle)
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 0.3)
        }
        #expect(log.states == [.ended])
        #expect(view.log == ["began", "ended"])
    }

    @Test("tap: fails when the finger moves beyond 10 pt; the view then gets the whole touch")
    func tapMovedTooFar() {
        let (stage, view) = touchStage()
        let log = StateLog()
        view.addGestureRecognizer(UITapGestureRecognizer(target: log, action: StateLog.handle))
        stage.withClock {
            stage.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 162, y: 150), duration: 0.1)
            stage.run(until: 0.3)
            stage.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 158, y: 150), duration: 0.1)
            stage.run(until: 0.6)
        }
        #expect(log.states == [.ended])   // only the 8 pt one
        #expect(view.log.first == "began" && view.log.contains("ended"))
    }

    @Test("delaysTouchesBegan: the view sees nothing of a recognized tap, and the whole touch once the tap fails")
    func delaysTouchesBegan() {
        let (stage, view) = touchStage()
        let log = StateLog()
        let tap = UITapGestureRecognizer(target: log, action: StateLog.handle)
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 0.3)
            #expect(log.states == [.ended])
            #expect(view.log.isEmpty)
            stage.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 180, y: 150), duration: 0.2)
            stage.at(0.35) { #expect(view.log.isEmpty) }   // 5 pt: the tap is still possible
            stage.run(until: 0.8)
        }
        #expect(view.phases == ["began", "moved", "ended"])
    }

    @Test("a scripted cancel reaches the view as touchesCancelled and cancels a pan in progress")
    func scriptedCancel() {
        let (stage, view) = touchStage()
        let log = StateLog()
        view.addGestureRecognizer(UIPanGestureRecognizer(target: log, action: StateLog.handle))
        stage.withClock {
            stage.perform(TouchScript([.init(at: CGPoint(x: 150, y: 150)).move(to: CGPoint(x: 250, y: 150), at: 0.3).cancel(at: 0.4)]))
            stage.run(until: 0.6)
            #expect(log.sequence == [.began, .changed, .cancelled])
            view.gestureRecognizers = nil
            stage.perform(TouchScript([.init(at: CGPoint(x: 150, y: 150)).hold(until: 0.1).cancel()]))
            stage.run(until: 1.0)
        }
        #expect(view.phases == ["began", "moved", "cancelled", "began", "cancelled"])
    }

    @Test("double tap: recognized at the second lift; a slow second tap fails it")
    func doubleTap() {
        let (stage, view) = touchStage()
        let log = StateLog()
        let doubleTap = UITapGestureRecognizer(target: log, action: StateLog.handle)
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 0.2)
            stage.tap(at: CGPoint(x: 153, y: 150))
            stage.run(until: 0.5)
            #expect(log.states == [.ended])
            #expect(abs((log.times.first ?? 0) - (0.2 + Stage.tapDuration)) < 1e-9)
            // 0.5 s between taps (> 0.35 s): no double tap.
            stage.run(until: 1.0)
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 1.6)
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 2.0)
        }
        #expect(log.states == [.ended])
    }

    @Test("require(toFail:): the single tap waits for the double tap to fail")
    func requireToFail() {
        let (stage, view) = touchStage()
        let single = StateLog(), double = StateLog()
        let singleTap = UITapGestureRecognizer(target: single, action: StateLog.handle)
        let doubleTap = UITapGestureRecognizer(target: double, action: StateLog.handle)
        doubleTap.numberOfTapsRequired = 2
        singleTap.require(toFail: doubleTap)
        view.addGestureRecognizer(singleTap)
        view.addGestureRecognizer(doubleTap)
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 0.3)
            #expect(single.states.isEmpty)   // still waiting (0.35 s after the lift at 0.05)
            stage.run(until: 0.45)
            #expect(single.states == [.ended])
            #expect((single.times.first ?? 0) >= Stage.tapDuration + 0.35 - 1e-9)
            #expect(double.states.isEmpty)
            stage.run(until: 1.0)
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 1.15)
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 2.0)
        }
        #expect(double.states == [.ended])
        #expect(single.states == [.ended])   // the double tap did not also fire the single
    }

    @Test("pan: began after 10 pt, changed, ended; translation and velocity from the script's geometry")
    func pan() throws {
        let (stage, view) = touchStage()
        let log = StateLog()
        log.reference = view
        let pan = UIPanGestureRecognizer(target: log, action: StateLog.handle)
        view.addGestureRecognizer(pan)
        var beganLocation: CGPoint?
        let witness = UIPanGestureRecognizer { recognizer in
            if recognizer.state == .began { beganLocation = recognizer.location(in: nil) }
        }
        let delegate = SwitchDelegate()
        delegate.simultaneous = true
        witness.delegate = delegate
        view.addGestureRecognizer(witness)
        // 150 pt down in 0.5 s: 300 pt/s.
        stage.withClock {
            stage.drag(from: CGPoint(x: 150, y: 120), to: CGPoint(x: 150, y: 270), duration: 0.5)
            stage.run(until: 0.7)
        }
        #expect(log.sequence == [.began, .changed, .ended])
        let began = try #require(log.snapshots.first)
        #expect(began.translation == .zero)
        let start = try #require(beganLocation)
        #expect(start.y - 120 >= 10 && start.y - 120 < 15)   // the first frame past 10 pt (5 pt a frame)
        let end = try #require(log.snapshots.last)
        #expect(abs(end.translation.y - (270 - start.y)) < 1e-9)
        #expect(end.translation.x == 0)
        #expect(abs(end.velocity.y - 300) < 1e-6)
        #expect(abs(end.velocity.x) < 1e-9)
        #expect(view.phases == ["began", "moved", "cancelled"])   // moves until the pan began
        #expect(pan.state == .possible)
    }

    @Test("pan: setTranslation(_:in:) moves the origin; translation is in the view's coordinates")
    func panSetTranslation() {
        let (stage, view) = touchStage()
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        var translations: [CGPoint] = []
        let pan = UIPanGestureRecognizer { recognizer in
            guard let pan = recognizer as? UIPanGestureRecognizer, pan.state == .changed else { return }
            translations.append(pan.translation(in: pan.view))
            pan.setTranslation(.zero, in: pan.view)
        }
        view.addGestureRecognizer(pan)
        stage.withClock {
            stage.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 320, y: 200), duration: 0.5)
            stage.run(until: 0.7)
        }
        // Each frame moves 4 pt in the window, 2 pt in the view scaled by 2.
        #expect(!translations.isEmpty)
        #expect(translations.allSatisfy { abs($0.x - 2) < 1e-9 && $0.y == 0 })
    }

    @Test("pan: a 6 pt drag never begins (fails at the lift); the view keeps its touch")
    func panBelowThreshold() {
        let (stage, view) = touchStage()
        let log = StateLog()
        view.addGestureRecognizer(UIPanGestureRecognizer(target: log, action: StateLog.handle))
        stage.withClock {
            stage.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 156, y: 150), duration: 0.2)
            stage.run(until: 0.4)
        }
        #expect(log.states.isEmpty)
        #expect(view.phases == ["began", "moved", "ended"])
    }

    @Test("long press: began 0.5 s after touch-down, changed on moves, ended at the lift")
    func longPress() throws {
        let (stage, view) = touchStage()
        let log = StateLog()
        view.addGestureRecognizer(UILongPressGestureRecognizer(target: log, action: StateLog.handle))
        stage.withClock {
            stage.perform(TouchScript([
                .init(at: CGPoint(x: 150, y: 150)).hold(until: 0.7).move(to: CGPoint(x: 200, y: 150), at: 0.8).lift(at: 0.9),
            ]))
            stage.run(until: 0.45)
            #expect(log.states.isEmpty)
            stage.run(until: 1.0)
        }
        #expect(log.sequence == [.began, .changed, .ended])
        #expect(abs((log.times.first ?? 0) - 0.5) < 1e-9)
        #expect(abs((log.times.last ?? 0) - 0.9) < 1e-9)
    }

    @Test("long press: a lift before 0.5 s or 20 pt of movement fails it")
    func longPressFails() {
        let (stage, view) = touchStage()
        let log = StateLog()
        view.addGestureRecognizer(UILongPressGestureRecognizer(target: log, action: StateLog.handle))
        stage.withClock {
            stage.perform(TouchScript([.init(at: CGPoint(x: 150, y: 150)).hold(until: 0.3).lift()]))
            stage.run(until: 1.0)
            stage.perform(TouchScript([.init(at: CGPoint(x: 150, y: 150)).move(to: CGPoint(x: 170, y: 150), at: 0.2).hold(until: 1.0).lift()]))
            stage.run(until: 2.5)
        }
        #expect(log.states.isEmpty)
    }

    @Test("swipe: recognized in its directions after 50 pt within 0.5 s; other directions and slow strokes fail")
    func swipe() {
        let (stage, view) = touchStage()
        let right = StateLog(), vertical = StateLog()
        let swipeRight = UISwipeGestureRecognizer(target: right, action: StateLog.handle)
        let swipeVertical = UISwipeGestureRecognizer(target: vertical, action: StateLog.handle)
        swipeVertical.direction = [.up, .down]
        let delegate = SwitchDelegate()
        delegate.simultaneous = true
        swipeRight.delegate = delegate
        view.addGestureRecognizer(swipeRight)
        view.addGestureRecognizer(swipeVertical)
        stage.withClock {
            stage.drag(from: CGPoint(x: 120, y: 200), to: CGPoint(x: 280, y: 210), duration: 0.2)   // right
            stage.run(until: 0.5)
            #expect(right.states == [.ended] && vertical.states.isEmpty)
            stage.drag(from: CGPoint(x: 280, y: 200), to: CGPoint(x: 120, y: 200), duration: 0.2)   // left
            stage.run(until: 1.0)
            stage.drag(from: CGPoint(x: 200, y: 280), to: CGPoint(x: 200, y: 120), duration: 0.2)   // up
            stage.run(until: 1.5)
            stage.drag(from: CGPoint(x: 120, y: 200), to: CGPoint(x: 280, y: 200), duration: 2)   // slow: 50 pt after 0.625 s
            stage.run(until: 3.5)
        }
        #expect(right.states == [.ended])
        #expect(vertical.states == [.ended])
    }

    @Test("pinch: two fingers from 100 pt apart to 200 pt: scale 2 at the end, positive velocity")
    func pinch() throws {
        let (stage, view) = touchStage()
        let log = StateLog()
        view.addGestureRecognizer(UIPinchGestureRecognizer(target: log, action: StateLog.handle))
        var velocities: [CGFloat] = []
        let witness = UIPinchGestureRecognizer { velocities.append(($0 as? UIPinchGestureRecognizer)?.velocity ?? 0) }
        let delegate = SwitchDelegate()
        delegate.simultaneous = true
        witness.delegate = delegate
        view.addGestureRecognizer(witness)
        stage.withClock {
            stage.perform(TouchScript([
                .init(at: CGPoint(x: 150, y: 200)).move(to: CGPoint(x: 100, y: 200), at: 0.5).hold(until: 0.6).lift(),
                .init(at: CGPoint(x: 250, y: 200)).move(to: CGPoint(x: 300, y: 200), at: 0.5).hold(until: 0.6).lift(),
            ]))
            stage.run(until: 0.8)
        }
        #expect(log.sequence == [.began, .changed, .ended])
        let began = try #require(log.snapshots.first)
        #expect(began.scale > 1.09 && began.scale < 1.2)   // ≥ 10 pt wider than 100 pt
        let lastChange = try #require(log.snapshots.last { $0.state == .changed })
        #expect(abs(lastChange.scale - 2) < 1e-9)
        // 100 pt more over 0.5 s on a 100 pt base: 2 per second.
        #expect(velocities.dropLast().allSatisfy { abs($0 - 2) < 1e-6 })
    }

    @Test("delegate vetoes: gestureRecognizerShouldBegin false fails it; shouldReceive false keeps touches away")
    func delegateVetoes() {
        let (stage, view) = touchStage()
        let log = StateLog()
        let tap = UITapGestureRecognizer(target: log, action: StateLog.handle)
        let delegate = SwitchDelegate()
        delegate.shouldBegin = false
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 0.3)
            #expect(log.states.isEmpty)
            #expect(view.log == ["began", "ended"])
            delegate.shouldBegin = true
            delegate.shouldReceive = false
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 0.6)
        }
        #expect(log.states.isEmpty)
        #expect(view.log == ["began", "ended", "began", "ended"])
    }

    @Test("one recognizer wins a touch unless simultaneous recognition is allowed")
    func exclusivity() {
        let (stage, parent) = touchStage()
        let child = TouchLogView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let inner = StateLog(), outer = StateLog()
        child.addGestureRecognizer(UIPanGestureRecognizer(target: inner, action: StateLog.handle))
        let outerPan = UIPanGestureRecognizer(target: outer, action: StateLog.handle)
        parent.addGestureRecognizer(outerPan)
        stage.withClock {
            parent.addSubview(child)
            stage.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 250, y: 150), duration: 0.3)
            stage.run(until: 0.5)
            #expect(inner.sequence == [.began, .changed, .ended])
            #expect(outer.states.isEmpty)
            let delegate = SwitchDelegate()
            delegate.simultaneous = true
            outerPan.delegate = delegate
            stage.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 250, y: 150), duration: 0.3)
            stage.run(until: 1.0)
            _ = delegate
        }
        #expect(outer.sequence == [.began, .changed, .ended])
    }

    @Test("disabling a recognizer mid-gesture cancels it")
    func disableCancels() {
        let (stage, view) = touchStage()
        let log = StateLog()
        let pan = UIPanGestureRecognizer(target: log, action: StateLog.handle)
        view.addGestureRecognizer(pan)
        stage.withClock {
            stage.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 250, y: 150), duration: 0.5)
            stage.at(0.3) { pan.isEnabled = false }
            stage.run(until: 0.7)
        }
        #expect(log.sequence == [.began, .changed, .cancelled])
        #expect(pan.state == .possible)
    }

    @Test("the target is held weakly: once released, its action is not called and nothing traps")
    func weakTarget() {
        let (stage, view) = touchStage()
        var target: StateLog? = StateLog()
        weak let weakTarget = target
        if let target { view.addGestureRecognizer(UITapGestureRecognizer(target: target, action: StateLog.handle)) }
        target = nil
        #expect(weakTarget == nil)
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 0.3)
        }
        #expect(view.log == ["began", "cancelled"])   // still recognized, nobody told
    }

    @Test("actions taking nothing or Any; removeTarget(_:action:)")
    func actionForms() {
        @MainActor final class Target {
            var calls: [String] = []
            func none() { calls.append("none") }
            func any(_ sender: Any) { calls.append("any") }
            func base(_ sender: UIGestureRecognizer) { calls.append("base") }
        }
        let (stage, view) = touchStage()
        let target = Target()
        let tap = UITapGestureRecognizer(target: target, action: Target.none)
        tap.addTarget(target, action: Target.any)
        tap.addTarget(target, action: Target.base)
        view.addGestureRecognizer(tap)
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 0.3)
            #expect(target.calls == ["none", "any", "base"])
            tap.removeTarget(target, action: Target.any)
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 1.0)
            #expect(target.calls == ["none", "any", "base", "none", "base"])
            tap.removeTarget(target, action: nil)
            stage.tap(at: CGPoint(x: 150, y: 150))
            stage.run(until: 2.0)
        }
        #expect(target.calls.count == 5)
    }

    @Test("seed 003: the popover card's tap and pan handlers, with MainViewController.handleCardTap/handleCardPan")
    func seedPopoverCard() {
        let stage = Stage(size: CGSize(width: 400, height: 400), scale: 1, threads: 1)
        let controller = MainViewController()
        stage.withClock {
            stage.window.rootViewController = controller
            stage.window.makeKeyAndVisible()
            controller.setupCard()
            stage.turn(to: 0)
            stage.tap(at: CGPoint(x: 200, y: 350))
            stage.run(until: 0.5)
            stage.drag(from: CGPoint(x: 200, y: 390), to: CGPoint(x: 200, y: 310), duration: 0.4)
            stage.run(until: 1.2)
        }
        #expect(controller.log == ["tap", "began", "ended"])
        #expect(controller.lastTranslation.y < -60)
    }
}
