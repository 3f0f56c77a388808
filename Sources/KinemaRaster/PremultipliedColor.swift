// PremultipliedColor: the pixel format of a Pixmap, one RGBA8 value with premultiplied alpha.

/// One pixel as `Pixmap` stores it: sRGB-encoded red, green, blue and alpha, 8 bits each, the
/// colour channels already multiplied by alpha (so `red <= alpha` and so on).
///
/// ```swift
/// let halfRed = PremultipliedColor(red: 128, green: 0, blue: 0, alpha: 128)
/// halfRed.packed  // 0x8000_0080: bytes R, G, B, A in memory order
/// ```
/// The initializer keeps the invariant: a colour channel above alpha is lowered to alpha.
public struct PremultipliedColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, premultiplied by alpha (never above `alpha`).
    public let red: UInt8
    /// Green, premultiplied by alpha (never above `alpha`).
    public let green: UInt8
    /// Blue, premultiplied by alpha (never above `alpha`).
    public let blue: UInt8
    /// Coverage: 0 is transparent, 255 opaque.
    public let alpha: UInt8

    /// A pixel from premultiplied channels; a colour channel above `alpha` is lowered to `alpha`.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = min(red, alpha)
        self.green = min(green, alpha)
        self.blue = min(blue, alpha)
        self.alpha = alpha
    }

    /// The colour whose four bytes, stored little-endian, are R, G, B, A in memory order.
    package init(packed value: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: value), green: UInt8(truncatingIfNeeded: value >> 8),
                  blue: UInt8(truncatingIfNeeded: value >> 16), alpha: UInt8(truncatingIfNeeded: value >> 24))
    }

    /// No colour, no coverage.
    public static let transparent = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)
    /// Opaque white.
    public static let white = PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)

    /// The four bytes as one little-endian word: `R | G << 8 | B << 16 | A << 24`, which is the
    /// pixel's memory order on every platform Kinema runs on.
    public var packed: UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }

    /// The straight-alpha colour this pixel shows (black for a fully transparent pixel).
    public var unpremultiplied: PaintColor {
        guard alpha > 0 else { return PaintColor(red: 0, green: 0, blue: 0, alpha: 0) }
        let a = Float(alpha)
        return PaintColor(red: Float(red) / a, green: Float(green) / a, blue: Float(blue) / a, alpha: a / 255)
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha)) premultiplied" }
}
