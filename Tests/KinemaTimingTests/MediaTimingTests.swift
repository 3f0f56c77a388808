// MediaTiming: the documented CAMediaTiming rules, hand-computed from Apple's documentation and
// the public evidence cited in Sources/KinemaTiming/MediaTiming.swift.

import KinemaSupport
import KinemaGeometry
import Testing
import KinemaTiming

/// A timed animation (gets the default transaction duration when its duration is 0).
private let animationDefault: Double? = MediaTiming.defaultAnimationDuration
/// A layer: a timing container.
private let layerDefault: Double? = nil

private func progress(_ timing: MediaTiming, at time: Double, default defaultDuration: Double? = 0.25) -> Double {
    timing.resolve(parentTime: time, defaultDuration: defaultDuration).progress
}

@Suite("MediaTiming: documented rules")
struct MediaTimingTests {
    // CAMediaTiming docs and header: beginTime, duration, timeOffset, repeatCount, repeatDuration
    // "Defaults to 0"; speed "Defaults to 1.0"; autoreverses "Defaults to NO"; fillMode
    // "Defaults to `removed'".
    @Test("defaults are Apple's")
    func defaults() {
        let timing = MediaTiming()
        #expect(timing.beginTime == 0)
        #expect(timing.duration == 0)
        #expect(timing.speed == 1)
        #expect(timing.timeOffset == 0)
        #expect(timing.repeatCount == 0)
        #expect(timing.repeatDuration == 0)
        #expect(timing.autoreverses == false)
        #expect(timing.fillMode == .removed)
    }

    // CATransaction animationDuration: "Defaults to 1/4s"; an animation with duration 0 takes the
    // transaction's duration.
    @Test("an animation with duration 0 runs for the default 0.25 s")
    func defaultAnimationDuration() {
        #expect(MediaTiming.defaultAnimationDuration == 0.25)
        let timing = MediaTiming()
        #expect(progress(timing, at: 0.125, default: animationDefault) == 0.5)
        let end = timing.resolve(parentTime: 0.25, defaultDuration: animationDefault)
        #expect(end.phase == .after && !end.isActive)
        #expect(timing.endTime(defaultDuration: animationDefault) == 0.25)
        // An explicit duration wins over the default.
        #expect(progress(MediaTiming(duration: 2), at: 0.5, default: animationDefault) == 0.25)
    }

    // CAMediaTiming.h, timeOffset: "to convert from parent time tp to active local time t:
    // t = (tp - begin) * speed + offset".
    @Test("active local time follows the header's formula")
    func headerFormula() {
        let timing = MediaTiming(beginTime: 1, speed: 2, timeOffset: 0.5)
        #expect(timing.activeLocalTime(forParentTime: 3) == 4.5)
        #expect(timing.activeLocalTime(forParentTime: 1) == 0.5)
        #expect(timing.activeLocalTime(forParentTime: 0) == -1.5)
    }

    @Test("a layer (no default duration) is a container: always active, time passes straight through")
    func layerContainer() {
        let layer = MediaTiming(beginTime: 1, speed: 2, timeOffset: 0.5, fillMode: .removed)
        for time in [-100.0, 0, 1, 3, 1e6] {
            let state = layer.resolve(parentTime: time, defaultDuration: layerDefault)
            #expect(state.isActive && state.phase == .active)
            #expect(state.localTime == layer.activeLocalTime(forParentTime: time))
            #expect(state.progress == 0 && state.iteration == 0)
        }
    }

    // CAMediaTiming docs, speed: "if speed is 2.0 local time progresses twice as fast as parent
    // time".
    @Test("speed 2 plays twice as fast; speed 0.5 half as fast")
    func speedScales() {
        #expect(progress(MediaTiming(duration: 1, speed: 2), at: 0.25) == 0.5)
        #expect(MediaTiming(duration: 1, speed: 2).endTime(defaultDuration: nil) == 0.5)
        #expect(progress(MediaTiming(duration: 1, speed: 0.5), at: 1) == 0.5)
        #expect(MediaTiming(duration: 1, speed: 0.5).endTime(defaultDuration: nil) == 2)
    }

    // CAMediaTiming docs, beginTime: "the begin time of the receiver in relation to its parent".
    @Test("beginTime delays the start; removed objects are inactive before it")
    func beginTimeDelays() {
        let timing = MediaTiming(beginTime: 2, duration: 1)
        let before = timing.resolve(parentTime: 1.5, defaultDuration: animationDefault)
        #expect(before.phase == .before && !before.isActive)
        let atBegin = timing.resolve(parentTime: 2, defaultDuration: animationDefault)
        #expect(atBegin.phase == .active && atBegin.isActive && atBegin.progress == 0)
        #expect(progress(timing, at: 2.75) == 0.75)
    }

    // CAMediaTiming.h, repeatCount: "May be fractional"; UIView setAnimationRepeatCount: 0.5
    // "adds an extra half cycle".
    @Test("repeatCount 1.5 plays one and a half iterations and ends at progress 0.5")
    func fractionalRepeatCount() {
        let timing = MediaTiming(duration: 2, repeatCount: 1.5, fillMode: .forwards)
        #expect(timing.activeDuration(defaultDuration: nil) == 3)
        let first = timing.resolve(parentTime: 1, defaultDuration: animationDefault)
        #expect(first.progress == 0.5 && first.iteration == 0)
        let second = timing.resolve(parentTime: 2.5, defaultDuration: animationDefault)
        #expect(second.progress == 0.25 && second.iteration == 1)
        let held = timing.resolve(parentTime: 10, defaultDuration: animationDefault)
        #expect(held.phase == .after && held.isActive && held.progress == 0.5 && held.iteration == 1)
        #expect(held.localTime == 1)
    }

    // CAMediaTiming docs, repeatCount: "Setting this property to greatestFiniteMagnitude will
    // cause the animation to repeat forever" (Kinema also takes .infinity).
    @Test("repeatCount .infinity never ends")
    func infiniteRepeat() {
        let timing = MediaTiming(duration: 0.5, repeatCount: .infinity)
        #expect(timing.endTime(defaultDuration: nil) == .infinity)
        let late = timing.resolve(parentTime: 1_000_000.25, defaultDuration: animationDefault)
        #expect(late.phase == .active && late.isActive)
        #expect(late.progress == 0.5 && late.iteration == 2_000_000)
    }

    // CAMediaTiming docs, repeatDuration: "how many seconds the animation will repeat for".
    @Test("repeatDuration bounds the active duration; both zero plays one iteration")
    func repeatDurationBounds() {
        let timing = MediaTiming(duration: 1, repeatDuration: 2.5, fillMode: .forwards)
        #expect(timing.activeDuration(defaultDuration: nil) == 2.5)
        let end = timing.resolve(parentTime: 2.5, defaultDuration: animationDefault)
        #expect(end.phase == .after && end.progress == 0.5 && end.iteration == 2)
        #expect(MediaTiming(duration: 1).activeDuration(defaultDuration: nil) == 1)
        // CAMediaTiming docs: "If both repeatDuration and repeatCount are specified the behavior
        // is undefined." Kinema uses repeatDuration.
        let both = MediaTiming(duration: 1, repeatCount: 10, repeatDuration: 2.5)
        #expect(both.activeDuration(defaultDuration: nil) == 2.5)
    }

    // CAMediaTiming.h, autoreverses: "the object plays backwards after playing forwards".
    @Test("autoreverses plays forwards then backwards and ends at the start")
    func autoreverse() {
        let timing = MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards)
        #expect(timing.activeDuration(defaultDuration: nil) == 2)
        #expect(progress(timing, at: 0.5) == 0.5)
        #expect(progress(timing, at: 1) == 1)
        #expect(progress(timing, at: 1.25) == 0.75)
        #expect(progress(timing, at: 1.5) == 0.5)
        let end = timing.resolve(parentTime: 2, defaultDuration: animationDefault)
        #expect(end.phase == .after && end.isActive && end.progress == 0 && end.iteration == 0)
        // Children of an autoreversing group see its basic local time run backwards.
        #expect(timing.resolve(parentTime: 1.25, defaultDuration: nil).localTime == 0.75)
    }

    // UIView setAnimationRepeatAutoreverses(_:): "the repeat count indicates the number of
    // complete cycles. If you specify an integral value such as 2.0, the animation ends on the old
    // value … add 0.5 to the repeat count value. This adds an extra half cycle."
    @Test("with autoreverses, repeatCount counts whole forward+backward cycles")
    func autoreverseRepeatCount() {
        let two = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        #expect(two.activeDuration(defaultDuration: nil) == 4)
        let endTwo = two.resolve(parentTime: 4, defaultDuration: animationDefault)
        #expect(endTwo.progress == 0 && endTwo.iteration == 1)   // ends on the old value
        #expect(progress(two, at: 2.5) == 0.5)                   // cycle 1, going forward
        let twoAndAHalf = MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true, fillMode: .forwards)
        #expect(twoAndAHalf.activeDuration(defaultDuration: nil) == 5)
        let endHalf = twoAndAHalf.resolve(parentTime: 5, defaultDuration: animationDefault)
        #expect(endHalf.progress == 1 && endHalf.iteration == 2) // ends on the new value
    }

    // CAMediaTiming.h, fillMode: "Local time may be clamped to either end of the active duration,
    // or the element may be removed from the presentation"; CAMediaTimingFillMode docs.
    @Test("fill modes decide what is shown before and after", arguments: MediaTimingFillMode.allCases)
    func fillModes(_ fill: MediaTimingFillMode) {
        let timing = MediaTiming(beginTime: 1, duration: 2, repeatCount: 1.25, fillMode: fill)
        let before = timing.resolve(parentTime: 0, defaultDuration: animationDefault)
        let after = timing.resolve(parentTime: 9, defaultDuration: animationDefault)
        #expect(before.phase == .before && after.phase == .after)
        #expect(before.isActive == (fill == .backwards || fill == .both))
        #expect(after.isActive == (fill == .forwards || fill == .both))
        #expect(before.progress == 0 && before.iteration == 0)   // the start, held
        #expect(after.progress == 0.25 && after.iteration == 1)  // the final state, held
    }

    // Not documented by Apple: the interval is half-open, [begin, end). See MediaTiming.swift.
    @Test("at exactly the end the object is finished; a forwards fill shows the final state, not the next iteration")
    func exactEnd() {
        let removed = MediaTiming(duration: 1)
        let justBefore = removed.resolve(parentTime: 1.0.nextDown, defaultDuration: animationDefault)
        #expect(justBefore.phase == .active && justBefore.isActive)
        let atEnd = removed.resolve(parentTime: 1, defaultDuration: animationDefault)
        #expect(atEnd.phase == .after && !atEnd.isActive)
        let held = MediaTiming(duration: 1, repeatCount: 2, fillMode: .forwards)
            .resolve(parentTime: 2, defaultDuration: animationDefault)
        #expect(held.progress == 1 && held.iteration == 1)
        // While running, a cycle boundary starts the next iteration.
        let boundary = MediaTiming(duration: 1, repeatCount: 2).resolve(parentTime: 1, defaultDuration: animationDefault)
        #expect(boundary.phase == .active && boundary.progress == 0 && boundary.iteration == 1)
    }

    // CAMediaTiming.h, timeOffset: "One use of this is to "pause" a layer by setting `speed' to
    // zero and `offset' to a suitable value".
    @Test("speed 0 freezes local time at timeOffset")
    func speedZeroFreezes() {
        let timing = MediaTiming(beginTime: 5, duration: 2, speed: 0, timeOffset: 0.5)
        for time in [0.0, 5, 6, 100] {
            let state = timing.resolve(parentTime: time, defaultDuration: animationDefault)
            #expect(state.isActive && state.phase == .active && state.progress == 0.25)
        }
        #expect(timing.endTime(defaultDuration: nil) == .infinity)
        #expect(timing.parentTime(forActiveLocalTime: 0.5) == nil)
    }

    // timeOffset moves the phase and wraps: Stack Overflow "What's the exact reason for using
    // beginTime / timeOffset" (timeOffset: C→D→E→A→B) and annotated CAMediaTiming.h copies ("a
    // 3 s animation with timeOffset 1.5 starts from the middle and then plays the skipped half").
    @Test("timeOffset starts part-way and wraps around for the full active duration")
    func timeOffsetWraps() {
        let timing = MediaTiming(beginTime: 10, duration: 3, timeOffset: 1.5, fillMode: .forwards)
        let start = timing.resolve(parentTime: 10, defaultDuration: animationDefault)
        #expect(start.progress == 0.5 && start.iteration == 0)
        #expect(progress(timing, at: 11) == 2.5 / 3)
        let wrapped = timing.resolve(parentTime: 11.5, defaultDuration: animationDefault)
        #expect(wrapped.progress == 0 && wrapped.iteration == 1 && wrapped.phase == .active)
        #expect(abs(progress(timing, at: 12.5) - 1.0 / 3) < 1e-15)
        let end = timing.resolve(parentTime: 13, defaultDuration: animationDefault)
        #expect(end.phase == .after && end.progress == 0.5 && end.iteration == 1)
    }

    // Negative speed: ADTransitionController reverses transitions by negating CAAnimation.speed
    // (timeOffset 0, fill forwards); see MediaTiming.swift.
    @Test("negative speed plays the iteration from its end back to its start")
    func negativeSpeed() {
        let timing = MediaTiming(beginTime: 1, duration: 1, speed: -1, fillMode: .both)
        let before = timing.resolve(parentTime: 0, defaultDuration: animationDefault)
        #expect(before.phase == .before && before.isActive && before.progress == 1)
        let start = timing.resolve(parentTime: 1, defaultDuration: animationDefault)
        #expect(start.phase == .active && start.progress == 1 && start.iteration == -1)
        #expect(progress(timing, at: 1.25) == 0.75)
        #expect(progress(timing, at: 1.75) == 0.25)
        let end = timing.resolve(parentTime: 2, defaultDuration: animationDefault)
        #expect(end.phase == .after && end.isActive && end.progress == 0)
        #expect(timing.endTime(defaultDuration: nil) == 2)
        // Twice as fast backwards.
        #expect(progress(MediaTiming(duration: 1, speed: -2), at: 0.25) == 0.5)
    }

    // lottie-ios CAAnimation+TimingConfiguration.swift plays a sub-range backwards with a child of
    // speed -1 whose timeOffset is the range's start, clipped by a group of the range's length.
    @Test("negative speed with timeOffset plays a clip backwards inside a group")
    func negativeSpeedClip() {
        let group = MediaTiming(duration: 0.5, fillMode: .both)
        let clip = MediaTiming(duration: 1, speed: -1, timeOffset: 0.75)
        func clipProgress(at time: Double) -> Double {
            let groupState = group.resolve(parentTime: time, defaultDuration: animationDefault)
            return clip.resolve(in: groupState, defaultDuration: animationDefault).progress
        }
        #expect(clipProgress(at: 0) == 0.75)
        #expect(clipProgress(at: 0.25) == 0.5)
        #expect(clipProgress(at: 0.375) == 0.375)
        #expect(clipProgress(at: 5) == 0.25)   // group holds its end; the clip is still inside its interval
    }

    @Test("a layer with speed 2 makes its animation run twice as fast")
    func layerSpeedScalesAnimation() {
        let layer = MediaTiming(speed: 2)
        let animation = MediaTiming(duration: 1, fillMode: .removed)
        func state(at time: Double) -> MediaTimingState {
            animation.resolve(in: layer.resolve(parentTime: time, defaultDuration: layerDefault), defaultDuration: animationDefault)
        }
        #expect(state(at: 0.25).progress == 0.5)
        #expect(state(at: 0.375).progress == 0.75)
        #expect(state(at: 0.5).phase == .after)    // finished after half a second of parent time
        #expect(!state(at: 0.5).isActive)
    }

    @Test("a group's repeat repeats its children; a removed group removes them")
    func groupRepeatsChildren() {
        let group = MediaTiming(duration: 1, repeatCount: 3)
        let child = MediaTiming(beginTime: 0.25, duration: 0.5)
        func state(at time: Double) -> MediaTimingState {
            child.resolve(in: group.resolve(parentTime: time, defaultDuration: animationDefault), defaultDuration: animationDefault)
        }
        for cycle in 0..<3 {
            let base = Double(cycle)
            #expect(!state(at: base + 0.125).isActive)            // child not begun in this cycle
            #expect(state(at: base + 0.5).progress == 0.5)
            #expect(state(at: base + 0.5).isActive)
            #expect(!state(at: base + 0.875).isActive)            // child done in this cycle
        }
        // After the group ends (fill removed) its children are removed too.
        let over = state(at: 3.5)
        #expect(!over.isActive)
    }

    // The usual "set fillMode on the group *and* its animations" advice follows from half-open
    // intervals: a group holding its end shows children at its end time, which they have reached.
    @Test("a group's forwards fill holds children at its end time")
    func groupFillHoldsChildren() {
        let group = MediaTiming(duration: 1, fillMode: .forwards)
        let removedChild = MediaTiming(duration: 1)
        let filledChild = MediaTiming(duration: 1, fillMode: .forwards)
        let groupState = group.resolve(parentTime: 5, defaultDuration: animationDefault)
        #expect(groupState.isActive && groupState.localTime == 1)
        #expect(!removedChild.resolve(in: groupState, defaultDuration: animationDefault).isActive)
        let held = filledChild.resolve(in: groupState, defaultDuration: animationDefault)
        #expect(held.isActive && held.progress == 1)
    }

    @Test("parentTime(forActiveLocalTime:) inverts activeLocalTime(forParentTime:)")
    func inverse() {
        let timing = MediaTiming(beginTime: 1, speed: 2, timeOffset: 0.5)
        #expect(timing.parentTime(forActiveLocalTime: 4.5) == 3)
        let backwards = MediaTiming(beginTime: -2, speed: -0.5, timeOffset: 3)
        for time in [-7.0, -2, 0, 0.25, 9] {
            let local = backwards.activeLocalTime(forParentTime: time)
            #expect(backwards.parentTime(forActiveLocalTime: local) == time)
        }
        #expect(MediaTiming(speed: 0).parentTime(forActiveLocalTime: 1) == nil)
        #expect(timing.parentTime(forActiveLocalTime: .nan) == nil)
    }

    // Technical Q&A QA1673, "How to pause the animation of a layer tree": pause with
    // pausedTime = convertTime(CACurrentMediaTime(), from: nil); speed = 0; timeOffset = pausedTime.
    // Resume with speed = 1; timeOffset = 0; beginTime = 0;
    // beginTime = convertTime(CACurrentMediaTime(), from: nil) - pausedTime.
    @Test("QA1673's pause and resume freeze the presentation and continue without a jump")
    func qa1673PauseResume() {
        var layer = MediaTiming()                                // a root layer: time = media time
        let animation = MediaTiming(beginTime: 1, duration: 4)   // added at media time 1
        func animationProgress(now: Double) -> Double {
            let layerState = layer.resolve(parentTime: now, defaultDuration: layerDefault)
            return animation.resolve(in: layerState, defaultDuration: animationDefault).progress
        }
        #expect(animationProgress(now: 2) == 0.25)

        // Pause at media time 2.
        let pausedTime = layer.activeLocalTime(forParentTime: 2)
        layer.speed = 0
        layer.timeOffset = pausedTime
        for now in [2.0, 3, 7.5, 10] {
            #expect(animationProgress(now: now) == 0.25)         // frozen
        }

        // Resume at media time 10.
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.activeLocalTime(forParentTime: 10) - pausedTime
        #expect(layer.beginTime == 8)
        #expect(animationProgress(now: 10) == 0.25)              // no jump
        #expect(animationProgress(now: 11) == 0.5)               // continues at the same pace
        let finished = animation.resolve(
            in: layer.resolve(parentTime: 13, defaultDuration: layerDefault), defaultDuration: animationDefault)
        #expect(finished.phase == .after)                        // 4 s of play in total
    }

    @Test("a NaN or huge parent time never traps")
    func nonFiniteParentTime() {
        let timing = MediaTiming(duration: 1, repeatCount: .infinity, fillMode: .both)
        let nan = timing.resolve(parentTime: .nan, defaultDuration: animationDefault)
        #expect(!nan.isActive && nan.localTime.isNaN)
        let child = MediaTiming(duration: 1, fillMode: .both).resolve(in: nan, defaultDuration: animationDefault)
        #expect(!child.isActive)
        for time in [1e300, -1e300, Double.infinity, -Double.infinity, Double.greatestFiniteMagnitude] {
            let state = timing.resolve(parentTime: time, defaultDuration: animationDefault)
            #expect(state.progress >= 0 && state.progress <= 1)
        }
        let container = MediaTiming(speed: 0).resolve(parentTime: .infinity, defaultDuration: nil)
        #expect(!container.isActive)   // ∞ × 0 has no meaning
    }
}

@Suite("MediaTiming: bad parameters")
struct MediaTimingBadInputTests {
    @Test("bad values given to init are replaced, with one diagnostic each")
    func initReplacesBadValues() {
        let (timing, diagnostics) = KinemaDiagnostics.collecting {
            MediaTiming(
                beginTime: .nan, duration: -1, speed: .infinity, timeOffset: -.infinity,
                repeatCount: -2, repeatDuration: .nan
            )
        }
        #expect(timing == MediaTiming())
        #expect(diagnostics.count == 6)
        #expect(diagnostics.allSatisfy { $0.domain == "CAMediaTiming" })
    }

    @Test("bad values set later are replaced too")
    func setterReplacesBadValues() {
        let (timing, diagnostics) = KinemaDiagnostics.collecting {
            var timing = MediaTiming(duration: 1)
            timing.duration = .infinity
            timing.speed = .nan
            timing.repeatCount = .nan
            timing.beginTime = .infinity
            return timing
        }
        #expect(timing.duration == 0 && timing.speed == 1 && timing.repeatCount == 0 && timing.beginTime == 0)
        #expect(diagnostics.count == 4)
    }

    @Test("valid extremes are kept silently")
    func validValuesAreSilent() {
        let (timing, diagnostics) = KinemaDiagnostics.collecting {
            MediaTiming(beginTime: -5, duration: 0, speed: -3, timeOffset: -1, repeatCount: .infinity, repeatDuration: .infinity)
        }
        #expect(diagnostics.isEmpty)
        #expect(timing.repeatCount == .infinity && timing.repeatDuration == .infinity && timing.speed == -3)
    }

    @Test("an unusable default duration makes a duration-0 object a container")
    func unusableDefaultDuration() {
        for bad in [0.0, -1, .nan, .infinity] {
            let state = MediaTiming(beginTime: 1, timeOffset: 2).resolve(parentTime: 4, defaultDuration: bad)
            #expect(state.isActive && state.localTime == 5)
        }
    }
}
