// TouchScript: fingers on the Stage's window, scripted over time.
//
// A script is a list of fingers; each touches down at a point and time, moves in straight lines
// to later key points, and lifts (or is cancelled) at the end. Times are seconds from the moment
// the script is performed; points are window coordinates. Between key points a finger reports
// its position at every frame of the stage (`Stage.framesPerSecond`), as a screen's touch
// sampling would. Fingers changing at the same moment arrive in one UIEvent.

import Foundation
import KinemaSupport
import OpenCoreGraphics

/// Fingers touching the stage's window over time: `stage.perform(script)`.
///
/// ```swift
/// // Two fingers spreading apart around (200, 200) over 0.4 s.
/// let script = TouchScript([
///     .init(at: CGPoint(x: 180, y: 200)).move(to: CGPoint(x: 120, y: 200), at: 0.4).lift(),
///     .init(at: CGPoint(x: 220, y: 200)).move(to: CGPoint(x: 280, y: 200), at: 0.4).lift(),
/// ])
/// stage.perform(script)
/// ```
public struct TouchScript: Sendable {
    /// How a finger's touch ends.
    public enum Ending: Sendable {
        /// The finger lifts (`.ended`).
        case lifted
        /// The system takes the touch away (`.cancelled`).
        case cancelled
        /// The finger stays down when the script ends.
        case held
    }

    /// One finger: where and when it touches down, the key points it moves through, how it ends.
    public struct Finger: Sendable {
        /// The key points: (time in seconds from the script's start, point in window coordinates),
        /// the first where the finger touches down.
        public private(set) var keys: [(time: Double, point: CGPoint)]
        /// How the touch ends, and when.
        public private(set) var ending: (kind: Ending, time: Double) = (.held, 0)

        /// A finger touching down at `point` at `time` seconds.
        public init(at point: CGPoint, time: Double = 0) {
            keys = [(time, point)]
            ending = (.held, time)
        }

        /// The finger moves in a straight line to `point`, arriving at `time` (a time before the
        /// previous key's is a diagnostic and takes the previous key's).
        public func move(to point: CGPoint, at time: Double) -> Finger {
            var copy = self
            let last = keys[keys.count - 1].time
            var time = time
            if !(time.isFinite && time >= last) {
                KinemaDiagnostics.emit("TouchScript", "move(to:at: \(time)): times must be finite and not go back (previous \(last)); used \(last)")
                time = last
            }
            copy.keys.append((time, point))
            return copy
        }

        /// The finger stays where it is until `time`.
        public func hold(until time: Double) -> Finger {
            move(to: keys[keys.count - 1].point, at: time)
        }

        /// The finger lifts at `time` (default: at its last key), where it is.
        public func lift(at time: Double? = nil) -> Finger {
            ended(.lifted, at: time)
        }

        /// The touch is cancelled at `time` (default: at the last key).
        public func cancel(at time: Double? = nil) -> Finger {
            ended(.cancelled, at: time)
        }

        private func ended(_ kind: Ending, at time: Double?) -> Finger {
            var copy = self
            let last = keys[keys.count - 1].time
            var end = time ?? last
            if !(end.isFinite && end >= last) {
                KinemaDiagnostics.emit("TouchScript", "ending at \(end): must be finite and not before the last key (\(last)); used \(last)")
                end = last
            }
            copy.ending = (kind, end)
            return copy
        }

        /// Where the finger is at `time` (linear between keys).
        func point(at time: Double) -> CGPoint {
            guard var previous = keys.first else { return .zero }
            for key in keys.dropFirst() {
                if time <= key.time {
                    let span = key.time - previous.time
                    guard span > 0 else { return key.point }
                    let f = CGFloat((time - previous.time) / span)
                    return CGPoint(x: previous.point.x + (key.point.x - previous.point.x) * f,
                                   y: previous.point.y + (key.point.y - previous.point.y) * f)
                }
                previous = key
            }
            return previous.point
        }

        /// The times the finger reports a move: every frame interval while it travels between
        /// keys, and each key it travels to (a finger holding still reports nothing).
        func moveTimes(frameInterval: Double) -> [Double] {
            var times: [Double] = []
            for index in 1..<max(1, keys.count) {
                let a = keys[index - 1], b = keys[index]
                guard a.point != b.point else { continue }   // holding still: no events
                // At most `maximumMovesPerSegment` moves between two keys (a very long move is
                // sampled more coarsely, with a diagnostic, rather than exhausting memory).
                var step = frameInterval
                if (b.time - a.time) / frameInterval > Double(TouchScript.maximumMovesPerSegment) {
                    step = (b.time - a.time) / Double(TouchScript.maximumMovesPerSegment)
                    KinemaDiagnostics.emit("TouchScript", "a move of \(b.time - a.time) s is sampled every \(step) s (at most \(TouchScript.maximumMovesPerSegment) moves between two keys)")
                }
                var t = a.time + step
                while t < b.time - 1e-9 {
                    times.append(t)
                    t += step
                }
                times.append(b.time)
            }
            return times
        }
    }

    /// The most moves a finger reports between two key points (an hour at 60 fps).
    public static let maximumMovesPerSegment = 216_000

    /// The fingers.
    public var fingers: [Finger]

    /// A script of `fingers`.
    public init(_ fingers: [Finger]) {
        self.fingers = fingers
    }
}
