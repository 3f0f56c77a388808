// The benchmarks `kinema bench` runs, grouped by the issue that set their targets.
//
// Each batch walks a table of prepared inputs (so nothing folds to a constant) and sums the
// results into a checksum. The peer of each timing-maths figure is a plain C baseline
// (Sources/KinemaBenchBaselines) doing the textbook version of the same work, compiled in the
// same build and measured in the same run.
import KinemaBenchBaselines
import KinemaGeometry
import KinemaTiming
import OpenQuartzCore

enum BenchSuite {
    static var all: [Benchmark] {
        [timingFunction, spring, mediaTiming, transformInterpolation] + layers + animatedDisplays + views + animators + collections + damage
    }

    /// Inputs in [0, 1) spread over the whole range in a scrambled order (a stride coprime to the
    /// count), as frames of many concurrent animations would ask for them.
    static let unitInputs: [Double] = {
        let count = 4096
        return (0..<count).map { Double(($0 * 1597) % count) / Double(count) }
    }()

    /// Times in seconds spread over [0, 2), scrambled the same way.
    static let timeInputs: [Double] = unitInputs.map { $0 * 2 }

    static var timingFunction: Benchmark {
        // The seed's overshooting curve and Apple's default curve, alternately.
        let functions = [
            CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55),
            CAMediaTimingFunction(name: .default),
        ]
        let inputs = unitInputs
        return Benchmark(
            name: "CAMediaTimingFunction.value(at:)",
            target: 25e6,
            operationsPerBatch: inputs.count * functions.count,
            batch: {
                var sum = 0.0
                for function in functions {
                    for x in inputs { sum += function.value(at: x) }
                }
                return sum
            },
            peer: .init(name: "C Newton+bisection (1e-7 in x)", batch: {
                var sum = 0.0
                for points in [(0.65, -0.55, 0.27, 1.55), (0.25, 0.1, 0.25, 1.0)] {
                    for x in inputs { sum += kinema_baseline_bezier(points.0, points.1, points.2, points.3, x) }
                }
                return sum
            })
        )
    }

    static var spring: Benchmark {
        // CASpringAnimation's defaults: under-damped (ζ = 0.5).
        let spring = Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        let times = timeInputs
        return Benchmark(
            name: "Spring.value(at:) position",
            target: 50e6,
            operationsPerBatch: times.count,
            batch: {
                var sum = 0.0
                for t in times { sum += spring.value(at: t) }
                return sum
            },
            peer: .init(name: "C closed form", batch: {
                var sum = 0.0
                var peer = kinema_baseline_spring_make(1, 100, 10, 0)
                for t in times { sum += kinema_baseline_spring(&peer, t) }
                return sum
            })
        )
    }

    static var mediaTiming: Benchmark {
        // A repeating, autoreversing animation that began at 0.1 s, at twice the speed.
        let timing = MediaTiming(
            beginTime: 0.1, duration: 0.3, speed: 2, timeOffset: 0, repeatCount: 2.5,
            repeatDuration: 0, autoreverses: true, fillMode: .both
        )
        let times = timeInputs
        return Benchmark(
            name: "MediaTiming.resolve(parentTime:)",
            target: 50e6,
            operationsPerBatch: times.count,
            batch: {
                var sum = 0.0
                for t in times { sum += timing.resolve(parentTime: t, defaultDuration: 0.25).progress }
                return sum
            },
            peer: .init(name: "C fmod progress (no fill, no state)", batch: {
                var sum = 0.0
                for t in times { sum += kinema_baseline_media_progress(0.1, 2, 0, 0.3, 2.5, 1, t) }
                return sum
            })
        )
    }

    static var transformInterpolation: Benchmark {
        // A perspective card flip with a move and a scale, decomposed once.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let from = CATransform3DConcat(CATransform3DMakeScale(0.8, 0.8, 1), perspective)
        let to = CATransform3DConcat(
            CATransform3DRotate(CATransform3DMakeTranslation(120, -40, 0), .pi * 0.9, 0, 1, 0.2), perspective)
        let interpolation = TransformInterpolation(from: from, to: to)
        let inputs = unitInputs
        return Benchmark(
            name: "TransformInterpolation.value(at:) 3-D",
            target: 5e6,
            operationsPerBatch: inputs.count,
            batch: {
                var sum = 0.0
                for x in inputs {
                    let m = interpolation.value(at: x)
                    sum += Double(m.m11 + m.m22 + m.m34 + m.m41)
                }
                return sum
            },
            peer: nil
        )
    }
}
