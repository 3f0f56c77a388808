// Stage+Touches: scripted touches on the stage's window — taps, drags and multi-finger scripts,
// delivered by the run-loop turns that follow.
//
// Each touch change is scheduled with `at(_:_:)` for its time (from the stage's current time) and
// delivered through `UIWindow.sendEvent(_:)` in that turn: hit-testing when a finger touches
// down, gesture recognizers first, then the view. A UITouch's timestamp is the time the script
// gives (stage time), even when the turn that delivers it runs later. A touch beginning outside
// the window is a diagnostic and is not delivered.

import Foundation
import KinemaSupport
import OpenCoreGraphics
import OpenUIKit

extension Stage {
    /// How long a scripted tap keeps the finger down, in seconds: 0.05 s (three frames at
    /// 60 fps — a brisk finger tap).
    public static let tapDuration: Double = 0.05

    /// A one-finger tap at `point` (window coordinates): down now, up `tapDuration` later.
    public func tap(at point: CGPoint) {
        perform(TouchScript([TouchScript.Finger(at: point).hold(until: Self.tapDuration).lift()]))
    }

    /// A one-finger drag from `start` to `end` over `duration` seconds: down now, a move at every
    /// frame interval along the line, up at `end` when the duration is over. A negative or
    /// non-finite duration is a diagnostic and is taken as 0.
    public func drag(from start: CGPoint, to end: CGPoint, duration: Double) {
        var duration = duration
        if !(duration.isFinite && duration >= 0) {
            KinemaDiagnostics.emit("Stage", "drag(from:to:duration: \(duration)): the duration must be finite and ≥ 0; used 0")
            duration = 0
        }
        perform(TouchScript([TouchScript.Finger(at: start).move(to: end, at: duration).lift()]))
    }

    /// Schedules `script` from the stage's current time: each moment a finger touches down,
    /// moves (every frame interval between key points) or ends is delivered by the turn at or
    /// after it, fingers changing together in one event.
    public func perform(_ script: TouchScript) {
        let start = time
        let fingerIDs = Array(window.reserveFingers(script.fingers.count))
        // Per time, batches of changes; a finger changes at most once per batch (touching down
        // and lifting at one time are two events of one turn).
        var moments: [Double: [[ScriptedTouch]]] = [:]
        func add(_ time: Double, _ change: ScriptedTouch) {
            var batches = moments[time] ?? []
            if let last = batches.indices.last,
               let index = batches[last].firstIndex(where: { $0.finger == change.finger && $0.phase == .moved }),
               change.phase == .ended || change.phase == .cancelled {
                batches[last][index] = change   // the end carries the final point
            } else if let last = batches.indices.last, !batches[last].contains(where: { $0.finger == change.finger }) {
                batches[last].append(change)
            } else {
                batches.append([change])
            }
            moments[time] = batches
        }
        for (index, finger) in script.fingers.enumerated() {
            guard let down = finger.keys.first else { continue }
            let id = fingerIDs[index]
            guard down.time.isFinite, down.point.x.isFinite, down.point.y.isFinite else {
                KinemaDiagnostics.emit("Stage", "touch script: finger \(index) touches down at \(down.point), time \(down.time), which are not finite; skipped")
                continue
            }
            add(down.time, ScriptedTouch(finger: id, phase: .began, location: down.point))
            for t in finger.moveTimes(frameInterval: 1 / framesPerSecond) {
                add(t, ScriptedTouch(finger: id, phase: .moved, location: finger.point(at: t)))
            }
            let (kind, end) = finger.ending
            switch kind {
            case .lifted: add(end, ScriptedTouch(finger: id, phase: .ended, location: finger.point(at: end)))
            case .cancelled: add(end, ScriptedTouch(finger: id, phase: .cancelled, location: finger.point(at: end)))
            case .held: break
            }
        }
        let window = self.window
        for time in moments.keys.sorted() {
            let stamp = start + time
            for changes in moments[time] ?? [] {
                at(stamp) { window.deliverScriptedTouches(changes, at: stamp) }
            }
        }
    }
}
