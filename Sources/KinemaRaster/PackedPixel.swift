// PackedPixel: 8-bit premultiplied arithmetic on whole pixels held in one UInt32.

/// Arithmetic on a pixel packed as `R | G << 8 | B << 16 | A << 24`, two channels per 32-bit
/// multiply: red and blue sit in the `0x00FF00FF` lanes, green and alpha (shifted down 8) in the
/// same lanes, each lane 16 bits wide so a product of two bytes never reaches the next lane.
///
/// Division by 255 is exact with rounding: for `v = x × f + 128` (x, f ≤ 255),
/// `(v + (v >> 8)) >> 8 == round(x × f / 255)`, and `v + (v >> 8)` stays below 2^16.
package enum PackedPixel {
    static let lanes: UInt32 = 0x00FF_00FF
    static let half: UInt32 = 0x0080_0080

    /// Every channel of `pixel` times `factor / 255`, rounded to nearest (`factor` 0 ... 255).
    @inline(__always)
    package static func scale(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
        var redBlue = (pixel & lanes) &* factor &+ half
        redBlue = ((redBlue &+ ((redBlue >> 8) & lanes)) >> 8) & lanes
        var greenAlpha = ((pixel >> 8) & lanes) &* factor &+ half
        greenAlpha = (greenAlpha &+ ((greenAlpha >> 8) & lanes)) & ~lanes
        return redBlue | greenAlpha
    }

    /// Porter-Duff source-over of premultiplied pixels: `source + destination × (1 − αs)`.
    @inline(__always)
    package static func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        source &+ scale(destination, by: 255 &- (source >> 24))
    }

    /// `a × b / 255` rounded, for coverage and alpha bytes.
    @inline(__always)
    package static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        let v = UInt32(a) &* UInt32(b) &+ 128
        return UInt8(truncatingIfNeeded: (v &+ (v >> 8)) >> 8)
    }
}
