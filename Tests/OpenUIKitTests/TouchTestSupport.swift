// Helpers for the touch, gesture and control tests: a stage with a view, a view that logs its
// touches, a target that logs recognizer states.

import Foundation
import Kinema

/// A view that records the touch messages it gets (and forwards none).
@MainActor
final class TouchLogView: UIView {
    var log: [String] = []
    var touches: [UITouch] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("began")
        self.touches.append(contentsOf: touches)
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }

    /// The log without repeated "moved" entries.
    var phases: [String] {
        var result: [String] = []
        for entry in log where !(entry == "moved" && result.last == "moved") { result.append(entry) }
        return result
    }
}

/// A target recording each state its recognizer reports, and the time.
@MainActor
final class StateLog {
    var states: [UIGestureRecognizer.State] = []
    var times: [Double] = []
    var snapshots: [(state: UIGestureRecognizer.State, translation: CGPoint, velocity: CGPoint, scale: CGFloat)] = []
    weak var reference: UIView?

    func handle(_ recognizer: UIGestureRecognizer) {
        states.append(recognizer.state)
        times.append(CACurrentMediaTime())
        let pan = recognizer as? UIPanGestureRecognizer
        let pinch = recognizer as? UIPinchGestureRecognizer
        snapshots.append((recognizer.state, pan?.translation(in: reference) ?? .zero,
                          pan?.velocity(in: reference) ?? .zero, pinch?.scale ?? 1))
    }

    /// The states with repeated `.changed` collapsed.
    var sequence: [UIGestureRecognizer.State] {
        var result: [UIGestureRecognizer.State] = []
        for state in states where !(state == .changed && result.last == .changed) { result.append(state) }
        return result
    }
}

/// A 400 × 400 stage with a 200 × 200 logging view at (100, 100).
@MainActor
func touchStage() -> (Stage, TouchLogView) {
    let stage = Stage(size: CGSize(width: 400, height: 400), scale: 1, threads: 1)
    let view = TouchLogView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
    stage.withClock {
        stage.window.addSubview(view)
        stage.turn(to: 0)
    }
    return (stage, view)
}

extension Stage {
    /// Runs a turn at every frame from the current time through `time`.
    func run(until time: Double) {
        var t = self.time
        while t + 1 / framesPerSecond < time + 1e-9 {
            t += 1 / framesPerSecond
            turn(to: t)
        }
        if self.time < time { turn(to: time) }
    }
}
