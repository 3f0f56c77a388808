// MediaTiming: seeded randomized properties that must hold for every parameter set.
//
// Parameters and times are drawn from dyadic grids (multiples of 1/64, power-of-two speeds), so
// the arithmetic in `resolve` is exact and equalities can be asserted exactly where the maths is
// exact; continuity checks use explicit tolerances.

import KinemaGeometry
import KinemaSupport
import KinemaTestSupport
import KinemaTiming
import Testing

private extension SplitMix64 {
    /// A multiple of 1/64 in [low, high].
    mutating func dyadic(_ low: Double, _ high: Double) -> Double {
        let steps = Int((high - low) * 64)
        return low + Double(remainder(below: steps + 1)) / 64
    }

    mutating func timing(allowZeroSpeed: Bool = true) -> MediaTiming {
        var speeds: [Double] = [1, 1, 2, 0.5, 4, -1, -2, -0.5]
        if allowZeroSpeed { speeds.append(0) }
        var timing = MediaTiming(
            beginTime: dyadic(-4, 4),
            duration: pick(byRemainder: [0.25, 0.5, 0.75, 1, 1.5, 2, 3]),
            speed: pick(byRemainder: speeds),
            timeOffset: pick(byRemainder: [0, 0, dyadic(-3, 3)]),
            autoreverses: remainder(below: 3) == 0,
            fillMode: pick(byRemainder: MediaTimingFillMode.allCases)
        )
        switch remainder(below: 5) {
        case 0: timing.repeatCount = pick(byRemainder: [0.25, 1, 1.5, 2, 2.5, 3.75])
        case 1: timing.repeatDuration = pick(byRemainder: [0.5, 1.25, 3, 4.5])
        case 2: timing.repeatCount = .infinity
        default: break
        }
        return timing
    }
}

@Suite("MediaTiming: randomized properties (seeded)")
struct MediaTimingPropertyTests {
    static let rounds = 4_000

    @Test("progress stays in [0, 1]; isActive agrees with phase and fill mode; phase agrees with endTime")
    func invariants() {
        var random = SplitMix64(state: 0x5EED_0001)
        for _ in 0..<Self.rounds {
            let timing = random.timing()
            let time = random.dyadic(-8, 16)
            let state = timing.resolve(parentTime: time, defaultDuration: 0.25)
            #expect(state.progress >= 0 && state.progress <= 1)
            switch state.phase {
            case .active: #expect(state.isActive)
            case .before: #expect(state.isActive == timing.fillMode.fillsBackwards)
            case .after: #expect(state.isActive == timing.fillMode.fillsForwards)
            }
            let end = timing.endTime(defaultDuration: 0.25)
            if timing.speed == 0 {
                #expect(state.phase == .active)
            } else {
                #expect((state.phase == .before) == (time < timing.beginTime), "\(timing) at \(time)")
                #expect((state.phase == .after) == (time >= end), "\(timing) at \(time)")
            }
            #expect(abs(state.localTime - state.progress * timing.duration) <= 1e-12)
        }
    }

    @Test("speed s is speed 1 on a parent clock running s times as fast")
    func speedIsTimeScaling() {
        var random = SplitMix64(state: 0x5EED_0002)
        for _ in 0..<Self.rounds {
            var fast = random.timing(allowZeroSpeed: false)
            fast.speed = fast.speed.magnitude
            var unit = fast
            unit.speed = 1
            let time = random.dyadic(-8, 16)
            let scaled = fast.beginTime + (time - fast.beginTime) * fast.speed
            #expect(
                fast.resolve(parentTime: time, defaultDuration: 0.25)
                    == unit.resolve(parentTime: scaled, defaultDuration: 0.25),
                "\(fast) at \(time)"
            )
        }
    }

    @Test("negative speed mirrors positive speed: the same run, time reversed")
    func negativeSpeedMirrors() {
        var random = SplitMix64(state: 0x5EED_0003)
        for _ in 0..<Self.rounds {
            var forward = random.timing(allowZeroSpeed: false)
            forward.speed = forward.speed.magnitude
            var backward = forward
            backward.speed = -forward.speed
            backward.timeOffset = -forward.timeOffset
            let time = random.dyadic(-8, 16)
            let f = forward.resolve(parentTime: time, defaultDuration: 0.25)
            let b = backward.resolve(parentTime: time, defaultDuration: 0.25)
            let context = "\(forward) at \(time): \(f) vs \(b)"
            #expect(b.phase == f.phase && b.isActive == f.isActive, "\(context)")
            #expect(b.iteration == -1 - f.iteration, "\(context)")
            let mirrored = forward.autoreverses ? f.progress : 1 - f.progress
            #expect(abs(b.progress - mirrored) <= 1e-12, "\(context)")
        }
    }

    @Test("progress is continuous while active (autoreverse: everywhere; otherwise within an iteration)")
    func continuity() {
        var random = SplitMix64(state: 0x5EED_0004)
        let step = 1.0 / 1024
        for _ in 0..<Self.rounds {
            let timing = random.timing()
            let time = random.dyadic(-8, 16)
            let a = timing.resolve(parentTime: time, defaultDuration: 0.25)
            let b = timing.resolve(parentTime: time + step, defaultDuration: 0.25)
            guard a.phase == .active, b.phase == .active else { continue }
            guard timing.autoreverses || a.iteration == b.iteration else { continue }
            let slope = timing.speed.magnitude / timing.duration
            #expect(abs(b.progress - a.progress) <= slope * step + 1e-12, "\(timing) at \(time)")
        }
    }

    @Test("the held final state is the limit of the running state at the end")
    func finalStateIsTheLimit() {
        var random = SplitMix64(state: 0x5EED_0005)
        var checked = 0
        for _ in 0..<Self.rounds {
            var timing = random.timing(allowZeroSpeed: false)
            timing.fillMode = .both
            let end = timing.endTime(defaultDuration: 0.25)
            guard end < .infinity else { continue }
            let held = timing.resolve(parentTime: end, defaultDuration: 0.25)
            let delta = 1e-9
            let running = timing.resolve(parentTime: end - delta, defaultDuration: 0.25)
            #expect(held.phase == .after && running.phase == .active, "\(timing)")
            let slope = timing.speed.magnitude / timing.duration
            #expect(abs(held.progress - running.progress) <= 2 * slope * delta + 1e-12, "\(timing)")
            // The held start is the running state at the begin time.
            let start = timing.resolve(parentTime: timing.beginTime - 1, defaultDuration: 0.25)
            let begun = timing.resolve(parentTime: timing.beginTime, defaultDuration: 0.25)
            #expect(start.progress == begun.progress && start.iteration == begun.iteration, "\(timing)")
            checked += 1
        }
        #expect(checked > Self.rounds / 2)
    }

    @Test("parentTime(forActiveLocalTime:) inverts activeLocalTime(forParentTime:)")
    func inverseRoundTrip() {
        var random = SplitMix64(state: 0x5EED_0006)
        for _ in 0..<Self.rounds {
            let timing = random.timing(allowZeroSpeed: false)
            let time = random.dyadic(-8, 16)
            let local = timing.activeLocalTime(forParentTime: time)
            #expect(timing.parentTime(forActiveLocalTime: local) == time, "\(timing) at \(time)")
        }
    }

    @Test("a child in a container layer sees the layer's active local time")
    func containerComposition() {
        var random = SplitMix64(state: 0x5EED_0007)
        for _ in 0..<Self.rounds {
            let layer = MediaTiming(
                beginTime: random.dyadic(-2, 2), speed: random.pick(byRemainder: [0, 0.5, 1, 2, -1]), timeOffset: random.dyadic(-2, 2))
            let child = random.timing()
            let time = random.dyadic(-8, 16)
            let composed = child.resolve(in: layer.resolve(parentTime: time, defaultDuration: nil), defaultDuration: 0.25)
            let direct = child.resolve(parentTime: layer.activeLocalTime(forParentTime: time), defaultDuration: 0.25)
            #expect(composed == direct)
        }
    }
}
