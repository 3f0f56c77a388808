// The draws the seeded tests make from KinemaGeometry's SplitMix64, so every run and machine
// sees the same cases and a failure replays from its seed.
//
// Two families, kept apart because each test's cases are the draws it was written (and its
// expectations measured) with:
//   - through the standard library (`uniform`, `pick`): Double.random(in:using:) and
//     Int.random(in:using:), unbiased;
//   - from the raw 64-bit draws (`scaledUnit`, `remainder(below:)`, `pick(byRemainder:)`): one
//     `next()` each, as the timing tests draw.
import KinemaGeometry
import KinemaSupport

extension SplitMix64 {
    /// A number in `range`, uniformly (Double.random(in:using:)).
    package mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// One of `choices`, uniformly (Int.random(in:using:)).
    package mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &self)] }

    /// `range.lowerBound + width × unit()`: one draw, scaled.
    package mutating func scaledUnit(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// One draw modulo `bound`: in 0..<bound (a bias of bound / 2⁶⁴, negligible here).
    package mutating func remainder(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One of `choices`, by `remainder(below:)`.
    package mutating func pick<T>(byRemainder choices: [T]) -> T { choices[remainder(below: choices.count)] }
}
