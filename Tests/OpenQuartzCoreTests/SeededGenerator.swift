// The random source of the seeded property tests (KinemaGeometry's SplitMix64), with the two
// draws those tests need.
import KinemaSupport
import KinemaGeometry

typealias SeededGenerator = SplitMix64

extension SplitMix64 {
    /// One of `choices`, uniformly.
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &self)] }

    /// A number in `range`, uniformly.
    mutating func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
}
