// FuzzInput: the bytes of one fuzz input read as a stream of small decisions — a choice among N,
// a flag, a number (often an extreme one: NaN, ±∞, huge, denormal), a point, a rectangle, a
// transform — for the libFuzzer targets of paths (KinemaFuzzPaths) and of CGContext and CALayer
// call sequences (KinemaFuzzLayers).
//
// Audited against: libFuzzer's advice for structure-aware targets (consume the input as a stream
// of choices, so a mutation of one byte changes one decision). Status: complete for these targets.
// Reading past the end yields zeros, so every input, however short, is a complete program.

import Foundation
import OpenCoreGraphics

/// The bytes of one fuzz input, consumed front to back as decisions.
///
/// ```swift
/// var input = FuzzInput([3, 200, 7])
/// let op = input.choice(16)       // 3
/// let x = input.number()          // 200 picks one of the special values
/// ```
/// **Semantics.** Deterministic: the same bytes give the same decisions. Past the end every read
/// returns 0 (`choice` 0, `flag` false, `number` 0), so programs end with well-defined defaults.
/// **Cost.** O(1) a read; no allocation.
package struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    /// An input reading `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { index >= bytes.count }

    /// The number of bytes read so far.
    package var consumed: Int { min(index, bytes.count) }

    /// The next byte, or 0 past the end.
    package mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A choice in `0 ..< count` (count ≥ 1).
    package mutating func choice(_ count: Int) -> Int {
        Int(byte()) % max(1, count)
    }

    /// A yes/no decision.
    package mutating func flag() -> Bool {
        byte() & 1 == 1
    }

    /// A 64-bit value from the next eight bytes (little-endian; zeros past the end).
    package mutating func word() -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << UInt64(shift) }
        return value
    }

    /// Values that break careless arithmetic: non-finite, huge, tiny, denormal, signed zero,
    /// integers past double precision.
    package static let specialNumbers: [Double] = [
        0, -0.0, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1e300, -1e300,
        1e18, -1e18, 1e9, -1e9, 0x1p53 + 2, 1e-9, 0.5, 1, -1, 2, 1e5, 4096, 65536,
        Double(Int32.max), Double(Int.max), .pi, 2 * .pi, -.pi / 2, .ulpOfOne,
    ]

    /// A number: most of the time an ordinary value near a small canvas (−8 … 72, steps of ½),
    /// otherwise a special value, the bits of a Double or a Float taken from the input, or a
    /// finer coordinate.
    package mutating func number() -> CGFloat {
        let tag = Int(byte())
        if tag < 160 { return CGFloat(tag) * 0.5 - 8 }
        let special = tag - 160
        if special < Self.specialNumbers.count { return CGFloat(Self.specialNumbers[special]) }
        switch special - Self.specialNumbers.count {
        case 0 ..< 12: return CGFloat(Double(bitPattern: word()))
        case 12 ..< 24:
            let bits = UInt32(truncatingIfNeeded: word() & 0xFFFF_FFFF)
            return CGFloat(Float(bitPattern: bits))
        default: return CGFloat(byte()) - 32 + CGFloat(byte()) / 256
        }
    }

    /// A point of two `number()`s.
    package mutating func point() -> CGPoint { CGPoint(x: number(), y: number()) }

    /// A size of two `number()`s (negative and non-finite included).
    package mutating func size() -> CGSize { CGSize(width: number(), height: number()) }

    /// A rectangle of four `number()`s.
    package mutating func rect() -> CGRect { CGRect(x: number(), y: number(), width: number(), height: number()) }

    /// A transform: identity, a translation, a scale, a rotation, or six numbers.
    package mutating func affineTransform() -> CGAffineTransform {
        switch choice(5) {
        case 0: .identity
        case 1: CGAffineTransform(translationX: number(), y: number())
        case 2: CGAffineTransform(scaleX: number(), y: number())
        case 3: CGAffineTransform(rotationAngle: number())
        default: CGAffineTransform(a: number(), b: number(), c: number(), d: number(), tx: number(), ty: number())
        }
    }

    /// A colour: one of a few plain ones, or four `number()` components (out of range included).
    package mutating func color() -> CGColor {
        switch choice(4) {
        case 0: CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        case 1: CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.5)
        case 2: CGColor(gray: number(), alpha: number())
        default: CGColor(red: number(), green: number(), blue: number(), alpha: number())
        }
    }

    /// Up to `limit` numbers (a dash pattern, gradient locations, key times).
    package mutating func numbers(upTo limit: Int) -> [CGFloat] {
        (0 ..< choice(limit + 1)).map { _ in number() }
    }
}

/// The context both targets draw into: small, so every draw is cheap.
package enum FuzzCanvas {
    /// The side of the canvases, in pixels.
    package static let side = 48

    /// A new `side` × `side` premultiplied RGBA context (nil only if the system cannot give 9 KB).
    package static func makeContext(side: Int = FuzzCanvas.side) -> CGContext? {
        CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    }

    /// How many pixels of `context` have some alpha: a cheap summary of what was drawn.
    package static func paintedPixels(_ context: CGContext) -> Int {
        guard let image = context.makeImage() else { return 0 }
        let bytes = image.pixmap.premultipliedBytes
        return stride(from: 3, to: bytes.count, by: 4).reduce(0) { $0 + (bytes[$1] != 0 ? 1 : 0) }
    }
}
