// CAMediaTiming, CAMediaTimingFillMode, CACurrentMediaTime: Apple's API over KinemaTiming.

import KinemaSupport
import KinemaTiming
import OpenQuartzCore
import Testing

/// A minimal adopter with Apple's documented defaults.
private final class Clip: CAMediaTiming {
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed
}

@Suite("CAMediaTiming")
struct CAMediaTimingTests {
    // kCAFillModeRemoved / Forwards / Backwards / Both; CAMediaTiming.h: "The legal values are
    // `backwards', `forwards', `both' and `removed'."
    @Test("fill modes carry Apple's raw values")
    func fillModeRawValues() {
        #expect(CAMediaTimingFillMode.removed.rawValue == "removed")
        #expect(CAMediaTimingFillMode.forwards.rawValue == "forwards")
        #expect(CAMediaTimingFillMode.backwards.rawValue == "backwards")
        #expect(CAMediaTimingFillMode.both.rawValue == "both")
        #expect(CAMediaTimingFillMode(rawValue: "forwards") == .forwards)
        #expect(Set([CAMediaTimingFillMode.both, .both, .removed]).count == 2)
    }

    @Test("CFTimeInterval is a Double of seconds")
    func timeIntervalType() {
        let interval: CFTimeInterval = 0.25
        #expect(type(of: interval) == Double.self)
    }

    @Test("mediaTiming converts every property, widening Float exactly")
    func conversion() {
        let clip = Clip()
        clip.beginTime = 2
        clip.duration = 1.5
        clip.speed = -0.5
        clip.timeOffset = 0.25
        clip.repeatCount = 2.5
        clip.repeatDuration = 0
        clip.autoreverses = true
        clip.fillMode = .both
        let (timing, diagnostics) = KinemaDiagnostics.collecting { clip.mediaTiming }
        #expect(diagnostics.isEmpty)
        #expect(timing == MediaTiming(
            beginTime: 2, duration: 1.5, speed: -0.5, timeOffset: 0.25,
            repeatCount: 2.5, repeatDuration: 0, autoreverses: true, fillMode: .both))
        #expect(Clip().mediaTiming == MediaTiming())
        let modes: [CAMediaTimingFillMode: MediaTimingFillMode] = [
            .removed: .removed, .forwards: .forwards, .backwards: .backwards, .both: .both,
        ]
        for (apple, engine) in modes {
            clip.fillMode = apple
            #expect(clip.mediaTiming.fillMode == engine)
        }
    }

    // CAMediaTiming docs (repeatCount "may be fractional"); speed 2 runs twice as fast.
    @Test("an adopter resolves through the engine")
    func resolvesThroughEngine() {
        let clip = Clip()
        clip.duration = 2
        clip.speed = 2
        clip.repeatCount = 1.5
        clip.fillMode = .forwards
        let timing = clip.mediaTiming
        #expect(timing.resolve(parentTime: 0.25, defaultDuration: 0.25).progress == 0.25)
        let end = timing.resolve(parentTime: 1.5, defaultDuration: 0.25)
        #expect(end.phase == .after && end.isActive && end.progress == 0.5)
    }

    @Test("an unknown fill mode is timed as removed, with a diagnostic")
    func unknownFillMode() {
        let clip = Clip()
        clip.fillMode = CAMediaTimingFillMode(rawValue: "sideways")
        let (timing, diagnostics) = KinemaDiagnostics.collecting { clip.mediaTiming }
        #expect(timing.fillMode == .removed)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.domain == "CAMediaTiming")
        #expect(diagnostics.first?.message.contains("sideways") == true)
    }

    @Test("NaN speed and negative repeatCount are replaced, with diagnostics")
    func badFloatValues() {
        let clip = Clip()
        clip.speed = .nan
        clip.repeatCount = -1
        clip.duration = -3
        let (timing, diagnostics) = KinemaDiagnostics.collecting { clip.mediaTiming }
        #expect(timing.speed == 1 && timing.repeatCount == 0 && timing.duration == 0)
        #expect(diagnostics.count == 3)
    }

    // CAMediaTiming docs, repeatCount: "Setting this property to greatestFiniteMagnitude will
    // cause the animation to repeat forever."
    @Test("repeatCount greatestFiniteMagnitude (or .infinity) repeats forever")
    func infiniteRepeatCount() {
        let clip = Clip()
        clip.duration = 1
        for forever in [Float.greatestFiniteMagnitude, .infinity] {
            clip.repeatCount = forever
            #expect(clip.mediaTiming.repeatCount == .infinity)
            #expect(clip.mediaTiming.endTime(defaultDuration: 0.25) == .infinity)
        }
    }
}

@Suite("CACurrentMediaTime")
struct CACurrentMediaTimeTests {
    @Test("reads the task's manual clock")
    func readsManualClock() {
        let clock = MediaClock.manual(at: 10)
        MediaClock.withCurrent(clock) {
            #expect(CACurrentMediaTime() == 10)
            clock.advance(by: 1.0 / 60)
            #expect(CACurrentMediaTime() == 10 + 1.0 / 60)
        }
    }

    // CAMediaTiming overview: "Absolute time is defined as mach time converted to seconds" (monotonic).
    @Test("reads a monotonic clock by default")
    func monotonicByDefault() {
        MediaClock.withCurrent(.system) {
            let first = CACurrentMediaTime()
            let second = CACurrentMediaTime()
            #expect(first > 0 && second >= first)
        }
    }
}
