// Seeded random mutations of every valid fixture: each must decode or throw, never trap.
import KinemaSupport
import Foundation
import KinemaTestSupport
import KinemaGeometry   // SplitMix64: a failing mutation replays from its seed
@_spi(Testing) import KinemaImageIO
import Testing

@Suite("Fuzz")
struct FuzzTests {
    static let names = Fixture.all.values.filter { $0.kind != "error" }.map(\.name).sorted()
    /// Mutations per fixture: 500 (about 28 000 decodes over the 57 valid fixtures, about two
    /// seconds of a debug build on two cores). `KINEMA_LONG_TESTS=1 swift test --filter Fuzz`
    /// searches deeper: 20 000.
    static let mutationsPerFixture = TestEnvironment.count(ci: 500, long: 20_000)
    /// Limits small enough that a header mutated into a large (but legal) size costs little; the
    /// default limits have their own tests.
    static let limits = ImageDecodingLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 20,
                                            maxFrames: 64, maxAnimationPixels: 1 << 22)

    /// Mutates `bytes`: flips bits, overwrites bytes with random or boundary values, inserts,
    /// deletes, duplicates a span, or truncates — one to four edits.
    static func mutate(_ bytes: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...4, using: &rng) where !out.isEmpty {
            let at = Int.random(in: 0..<out.count, using: &rng)
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: out[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
            case 1: out[at] = UInt8.random(in: 0...255, using: &rng)
            case 2: out[at] = [0x00, 0xFF, 0x7F, 0x80][Int.random(in: 0..<4, using: &rng)]
            case 3: out.insert(UInt8.random(in: 0...255, using: &rng), at: at)
            case 4: out.remove(at: at)
            case 5:
                let length = min(Int.random(in: 1...16, using: &rng), out.count - at)
                out.insert(contentsOf: out[at..<(at + length)], at: at)
            default: out.removeSubrange(at...)
            }
        }
        return out
    }

    /// CRC-32 as PNG uses it (test-side, independent of the C table): the table of the
    /// reflected polynomial 0xEDB88320, built bitwise.
    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        crcTable.withUnsafeBufferPointer { table in
            let c = bytes.reduce(0xFFFF_FFFF as UInt32) { c, byte in table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
            return c ^ 0xFFFF_FFFF
        }
    }

    /// Recomputes the CRC of every whole chunk, so a mutated PNG gets past the CRC check and
    /// into libpng.
    static func fixingCRCs(_ png: [UInt8]) -> [UInt8] {
        var out = png
        var offset = 8
        while offset + 12 <= out.count {
            let length = out[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= out.count - offset - 12 else { break }
            let crc = crc32(out[(offset + 4)..<(offset + 8 + length)])
            for k in 0..<4 { out[offset + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
            offset += 12 + length
        }
        return out
    }

    @Test("mutated files decode or throw", arguments: names)
    func mutations(_ name: String) {
        let fixture = Fixture.named(name)
        let original = [UInt8](fixture.data)
        var rng = SplitMix64(state: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }))
        var decoded = 0, threw = 0, badLayouts = 0
        var kinds: [String: Int] = [:]
        let clock = ContinuousClock()
        let start = clock.now
        ImageIOTesting.withDiagnosticsMuted {
            for n in 0..<Self.mutationsPerFixture {
                var bytes = Self.mutate(original, using: &rng)
                // Half the PNG mutations get valid CRCs, to reach libpng rather than the CRC check.
                if fixture.format == "png", n % 2 == 0 { bytes = Self.fixingCRCs(bytes) }
                let data = Data(bytes)
                do throws(ImageIOError) {
                    // (#expect is kept out of the loop: it costs more than a decode.)
                    if fixture.format == "gif" {
                        let gif = try GIFDecoder.decode(data, limits: Self.limits)
                        if !gif.frames.allSatisfy({ $0.image.hasValidLayout && $0.image.width == gif.width }) {
                            badLayouts += 1
                        }
                    } else {
                        if !(try ImageDecoder.decode(data, limits: Self.limits)).hasValidLayout { badLayouts += 1 }
                    }
                    decoded += 1
                } catch {
                    if error.reason.isEmpty { badLayouts += 1 }
                    kinds[kindName(error), default: 0] += 1
                    threw += 1
                }
            }
        }
        let outcomes = kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let summary = "fuzz \(name): \(decoded) decoded, \(threw) threw (\(outcomes)) in \(clock.now - start)"
        #expect(decoded + threw == Self.mutationsPerFixture, "\(summary)")
        #expect(badLayouts == 0, "decoded images whose pixels do not match their size, or errors without a reason; \(summary)")
    }
}
