// SplitMix64: the one seeded random generator of the package's tests, fuzzers and benchmark
// workloads, so that every seeded run draws the same sequence on every machine and a failure
// replays from its seed.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
/// a 64-bit state advanced by a fixed odd constant and mixed by two multiply-xorshift rounds.
/// Tiny, fast and well mixed; not for cryptography.
///
/// ```swift
/// var random = SplitMix64(state: 42)
/// let roll = Int.random(in: 1...6, using: &random)   // the same on every run
/// ```
package struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state: the seed, advanced by each draw.
    package var state: UInt64

    package init(state: UInt64) {
        self.state = state
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Double in [0, 1) from the top 53 bits of one draw.
    package mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}
