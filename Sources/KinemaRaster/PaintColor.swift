// PaintColor: a colour as paints and callers give it, straight alpha in Float.
import KinemaSupport
import KinemaGeometry

/// A colour for painting: sRGB-encoded red, green, blue and an alpha, each `0 ... 1`, with
/// straight (not premultiplied) alpha, as `CGColor` components are.
///
/// ```swift
/// let tint = PaintColor(red: 1, green: 0.5, blue: 0, alpha: 0.8)
/// tint.premultiplied  // rgba(204, 102, 0, 204)
/// ```
/// Components outside `0 ... 1` are clamped when the colour is used; a NaN component counts as 0
/// and is reported once per conversion through `KinemaDiagnostics`.
public struct PaintColor: Hashable, Sendable, CustomStringConvertible {
    public var red: Float
    public var green: Float
    public var blue: Float
    public var alpha: Float

    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = PaintColor(red: 0, green: 0, blue: 0)
    public static let white = PaintColor(red: 1, green: 1, blue: 1)
    public static let clear = PaintColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The colour with every component clamped to `0 ... 1` (NaN becomes 0).
    public var clamped: PaintColor {
        if red.isNaN || green.isNaN || blue.isNaN || alpha.isNaN {
            KinemaDiagnostics.emit("KinemaRaster", "PaintColor with a NaN component (\(self)); NaN counts as 0")
        }
        return PaintColor(red: Self.unit(red), green: Self.unit(green), blue: Self.unit(blue), alpha: Self.unit(alpha))
    }

    /// The colour with its alpha multiplied by `factor` (clamped to `0 ... 1`).
    public func multipliedAlpha(_ factor: Float) -> PaintColor {
        var result = self
        result.alpha = alpha * Self.unit(factor)
        return result
    }

    /// The pixel value: each colour channel times alpha, scaled to 255 and rounded to nearest.
    public var premultiplied: PremultipliedColor {
        let c = clamped
        let a = c.alpha * 255
        return PremultipliedColor(red: UInt8((c.red * a).rounded()), green: UInt8((c.green * a).rounded()),
                                  blue: UInt8((c.blue * a).rounded()), alpha: UInt8(a.rounded()))
    }

    @inline(__always)
    static func unit(_ value: Float) -> Float {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    public var description: String { "PaintColor(\(red), \(green), \(blue), alpha \(alpha))" }
}
