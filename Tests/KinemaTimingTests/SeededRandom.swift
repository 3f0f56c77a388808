// The seeded generator the property tests share, so every run sees the same cases.
import KinemaSupport
import Foundation
import KinemaGeometry

/// KinemaGeometry's SplitMix64 under the name these tests use. Each property test file adds the
/// draws its domain needs in a private extension.
typealias SeededRandom = SplitMix64

extension SplitMix64 {
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// Uniform in 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
