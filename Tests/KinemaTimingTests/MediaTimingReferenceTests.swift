// MediaTiming against an independent model: Scripts/references/media_timing_references.py, an
// exact-rational Python model of the same documented rules, written separately (it takes
// one-sided limits literally instead of Kinema's floor/ceil conventions).

import Testing
import KinemaTestSupport
import KinemaTiming

private struct MediaTimingReference: Decodable {
    struct Case: Decodable {
        var beginTime: Double
        var duration: Double
        var speed: Double
        var timeOffset: Double
        var repeatCount: Double
        var repeatForever: Bool
        var repeatDuration: Double
        var autoreverses: Bool
        var fillMode: String
        var defaultDuration: Double?
        /// [parentTime, isActive (0/1), phase (-1/0/1), progress, iteration, localTime]
        var samples: [[Double]]
    }
    var progressTolerance: Double
    var cases: [Case]
}

@Suite("MediaTiming against the independent Python model")
struct MediaTimingReferenceTests {
    @Test("every reference case and sample matches (progress within the stated tolerance)")
    func matchesReference() throws {
        let reference = try loadReference("media_timing", as: MediaTimingReference.self, in: .module)
        #expect(reference.cases.count >= 300)
        var checked = 0
        var mismatches = 0
        for item in reference.cases {
            let fill: MediaTimingFillMode = switch item.fillMode {
            case "forwards": .forwards
            case "backwards": .backwards
            case "both": .both
            default: .removed
            }
            let timing = MediaTiming(
                beginTime: item.beginTime,
                duration: item.duration,
                speed: item.speed,
                timeOffset: item.timeOffset,
                repeatCount: item.repeatForever ? .infinity : item.repeatCount,
                repeatDuration: item.repeatDuration,
                autoreverses: item.autoreverses,
                fillMode: fill
            )
            for row in item.samples {
                let parentTime = row[0]
                let state = timing.resolve(parentTime: parentTime, defaultDuration: item.defaultDuration)
                let phase: MediaTimingPhase = row[2] < 0 ? .before : (row[2] > 0 ? .after : .active)
                // Local time scales with the duration (≤ 2 s here) or is a container's exact time.
                let matches = state.isActive == (row[1] == 1)
                    && state.phase == phase
                    && state.iteration == Int(row[4])
                    && abs(state.progress - row[3]) <= reference.progressTolerance
                    && abs(state.localTime - row[5]) <= 4 * reference.progressTolerance
                if !matches {
                    mismatches += 1
                    if mismatches <= 20 {
                        Issue.record("\(timing) at \(parentTime): got \(state), reference \(row)")
                    }
                }
                checked += 1
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(checked) samples differ (first 20 recorded)")
        #expect(checked >= 5000)
    }
}
