// UIColor: an immutable colour — extended sRGB or gray components with alpha, or a pattern image.
//
// Audited against: UIColor docs — init(red:green:blue:alpha:) ("extended sRGB … values below 0.0
// and above 1.0" are kept since iOS 10), init(white:alpha:), init(hue:saturation:brightness:alpha:),
// init(displayP3Red:green:blue:alpha:), init(cgColor:), init(patternImage:), cgColor,
// withAlphaComponent(_:), isEqual (same colour space and components). Status: complete for RGB,
// gray and pattern colours; dynamic (light/dark) colours resolve to their light-mode values;
// init(named:), resolvedColor(with:) and CIColor are not implemented.
//
// Display P3 → sRGB (init(displayP3Red:…)): undo the sRGB transfer curve (P3 uses the same one),
// multiply by the linear P3-D65 → sRGB-D65 matrix (derived from the two spaces' primaries and the
// common D65 white), and re-apply the curve, sign-preserving for values outside 0…1, so a P3
// colour outside sRGB keeps extended components as on iOS (P3 red is about (1.093, −0.227, −0.150)).

import Foundation
import KinemaSupport
import OpenCoreGraphics

/// An immutable colour for drawing and for views' and layers' colours.
///
/// ```swift
/// let accent = UIColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
/// accent.setFill()                        // the current UIKit context's fill colour
/// layer.backgroundColor = accent.withAlphaComponent(0.5).cgColor
/// ```
/// Components are stored as given (extended sRGB: outside 0…1 allowed); `cgColor` clamps them to
/// 0…1 because Kinema paints sRGB bytes. Two colours are equal when they are in the same space
/// (gray or RGB — so `UIColor.white` ≠ `UIColor(red: 1, green: 1, blue: 1, alpha: 1)`, as on iOS)
/// with the same components, or are patterns of the same image object.
public final class UIColor: Sendable, Hashable, CustomStringConvertible {
    /// The space the components are in.
    package enum Space: Sendable, Hashable {
        /// `white` (red = green = blue) and alpha.
        case gray
        /// Extended sRGB.
        case rgb
        /// A tiled image (`patternImage`); the components hold its mean colour.
        case pattern
    }

    package let space: Space
    package let red: CGFloat
    package let green: CGFloat
    package let blue: CGFloat
    package let alpha: CGFloat
    /// The image of a pattern colour (`init(patternImage:)`), tiled when the colour fills.
    package let patternImage: UIImage?

    package init(space: Space, red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat,
                 patternImage: UIImage? = nil, operation: String) {
        func clean(_ v: CGFloat, _ name: String) -> CGFloat {
            if v.isNaN {
                KinemaDiagnostics.emit("UIColor", "\(operation): \(name) is NaN; 0 used")
                return 0
            }
            return v
        }
        self.space = space
        self.red = clean(red, "red")
        self.green = clean(green, "green")
        self.blue = clean(blue, "blue")
        // Alpha has no extended range: UIKit clamps it to 0…1.
        self.alpha = min(max(clean(alpha, "alpha"), 0), 1)
        self.patternImage = patternImage
    }

    /// A colour from extended-sRGB components (values outside 0…1 are kept) and an alpha (clamped to 0…1).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .rgb, red: red, green: green, blue: blue, alpha: alpha, operation: "init(red:green:blue:alpha:)")
    }

    /// A gray: `white` 0 is black, 1 is white.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(space: .gray, red: white, green: white, blue: white, alpha: alpha, operation: "init(white:alpha:)")
    }

    /// A colour from hue, saturation and brightness (HSB), each clamped to 0…1; hue 0 and 1 are red.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        func unit(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
        let (r, g, b) = UIColor.rgb(hue: unit(hue), saturation: unit(saturation), brightness: unit(brightness))
        self.init(space: .rgb, red: r, green: g, blue: b, alpha: alpha, operation: "init(hue:saturation:brightness:alpha:)")
    }

    /// A colour from Display P3 components, converted to extended sRGB (see the file header): a
    /// P3 colour outside the sRGB gamut gets components outside 0…1, which `cgColor` clamps.
    public convenience init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let (r, g, b) = UIColor.sRGB(displayP3: (displayP3Red, green, blue))
        self.init(space: .rgb, red: r, green: g, blue: b, alpha: alpha, operation: "init(displayP3Red:green:blue:alpha:)")
    }

    /// The colour of a Core Graphics colour: gray for a 2-component colour, RGB for 4. Any other
    /// shape (none in Kinema) gives opaque black with a diagnostic.
    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? []
        switch c.count {
        case 2:
            self.init(space: .gray, red: c[0], green: c[0], blue: c[0], alpha: c[1], operation: "init(cgColor:)")
        case 4:
            self.init(space: .rgb, red: c[0], green: c[1], blue: c[2], alpha: c[3], operation: "init(cgColor:)")
        default:
            KinemaDiagnostics.emit("UIColor", "init(cgColor:): \(c.count) components is not a gray or RGB colour; black used")
            self.init(space: .gray, red: 0, green: 0, blue: 0, alpha: 1, operation: "init(cgColor:)")
        }
    }

    /// A colour that paints `image` repeated from the context's origin (see docs/UIKIT.md for
    /// where the tiling applies: UIRectFill, UIBezierPath fills and strokes, the renderer
    /// context's fill; `cgColor` is the image's mean colour, since a CGColor cannot carry a pattern).
    public convenience init(patternImage image: UIImage) {
        let mean = image.meanColor
        self.init(space: .pattern, red: mean.red, green: mean.green, blue: mean.blue, alpha: mean.alpha,
                  patternImage: image, operation: "init(patternImage:)")
    }

    /// The Core Graphics colour: gray or sRGB, components clamped to 0…1. For a pattern colour,
    /// the mean colour of its image (Kinema's CGColor has no pattern colours).
    public var cgColor: CGColor {
        switch space {
        case .gray: CGColor(gray: red, alpha: alpha)
        case .rgb, .pattern: CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
        }
    }

    /// The same colour with alpha `alpha` (clamped to 0…1); a pattern stays a pattern.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(space: space, red: red, green: green, blue: blue, alpha: alpha, patternImage: patternImage,
                operation: "withAlphaComponent(_:)")
    }

    /// Equal: same space and components; patterns of the same image object.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        guard lhs.space == rhs.space, lhs.alpha == rhs.alpha else { return false }
        if lhs.space == .pattern { return lhs.patternImage === rhs.patternImage }
        return lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(space)
        hasher.combine(alpha)
        if space == .pattern {
            hasher.combine(patternImage.map(ObjectIdentifier.init))
        } else {
            hasher.combine(red)
            hasher.combine(green)
            hasher.combine(blue)
        }
    }

    /// The space and components, in the style of UIKit's description ("UIExtendedSRGBColorSpace 1 0 0 1").
    public var description: String {
        func f(_ v: CGFloat) -> String { String(format: "%g", Double(v)) }
        switch space {
        case .gray: return "UIExtendedGrayColorSpace \(f(red)) \(f(alpha))"
        case .rgb: return "UIExtendedSRGBColorSpace \(f(red)) \(f(green)) \(f(blue)) \(f(alpha))"
        case .pattern: return "UIPatternColor \(patternImage.map { "\($0.size)" } ?? "")"
        }
    }
}

extension UIColor {
    /// HSB → RGB (the hexcone model; hue in turns).
    static func rgb(hue: CGFloat, saturation s: CGFloat, brightness v: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        let h = (hue >= 1 ? 0 : hue) * 6
        let sector = Int(h.rounded(.down))
        let f = h - CGFloat(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    /// The linear Display P3 → linear sRGB matrix (D65 white for both), rows are R, G, B.
    static let displayP3ToSRGB: [[Double]] = [
        [1.2249401, -0.2249404, 0.0],
        [-0.0420569, 1.0420571, 0.0],
        [-0.0196376, -0.0786361, 1.0982735],
    ]

    /// Display P3 (sRGB transfer curve) → extended sRGB.
    static func sRGB(displayP3 c: (CGFloat, CGFloat, CGFloat)) -> (CGFloat, CGFloat, CGFloat) {
        let linear = [Double(c.0), Double(c.1), Double(c.2)].map(decode)
        let m = displayP3ToSRGB
        let out = m.map { row in encode(row[0] * linear[0] + row[1] * linear[1] + row[2] * linear[2]) }
        return (CGFloat(out[0]), CGFloat(out[1]), CGFloat(out[2]))
    }

    /// The sRGB transfer curve's inverse, mirrored for negative values (extended sRGB).
    static func decode(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    /// The sRGB transfer curve, mirrored for negative values (extended sRGB).
    static func encode(_ v: Double) -> Double {
        let a = abs(v)
        let e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }
}
