// Oklab: the perceptual colour space the palette quantizer measures distances in.
//
// Audited against: Björn Ottosson, "A perceptual color space for image processing" (2020): the
// sRGB → linear transfer (IEC 61966-2-1), the linear sRGB → LMS matrix, the cube root, and the
// LMS′ → Lab matrix, as published. Status: forward transform only (the quantizer never needs
// the inverse: palette entries are means of sRGB samples).

import Foundation

/// A colour in Oklab: `l` lightness (0 black … 1 white), `a` green–red, `b` blue–yellow.
/// Euclidean distance in Oklab approximates perceived difference; a just-noticeable difference
/// is about 0.02 in these units.
package struct OklabColor: Hashable, Sendable {
    package var l: Float
    package var a: Float
    package var b: Float

    package init(l: Float, a: Float, b: Float) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The Oklab value of an 8-bit sRGB colour (no alpha).
    ///
    /// Cost: three table look-ups, two 3×3 products and three cube roots.
    package init(red: UInt8, green: UInt8, blue: UInt8) {
        let r = Double(Self.linear[Int(red)]), g = Double(Self.linear[Int(green)]), bl = Double(Self.linear[Int(blue)])
        let lms0 = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl
        let lms1 = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl
        let lms2 = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl
        let l_ = cbrt(lms0), m_ = cbrt(lms1), s_ = cbrt(lms2)
        l = Float(0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_)
        a = Float(1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_)
        b = Float(0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_)
    }

    /// Squared Euclidean distance.
    @inline(__always)
    package func distanceSquared(to other: OklabColor) -> Float {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }

    /// sRGB 8-bit code → linear light (IEC 61966-2-1), computed once.
    package static let linear: [Float] = (0..<256).map { code in
        let c = Double(code) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }
}
