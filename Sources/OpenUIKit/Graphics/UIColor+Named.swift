// UIColor+Named: the named colours, with iOS's light-mode values.
//
// Sources (facts only):
// - Fixed colours: UIColor's documentation of each class property ("grayscale value is 1/3",
//   "RGB values are 1.0, 0.5, and 0.0" …): black, darkGray 1/3, lightGray 2/3, white, gray 0.5,
//   red, green, blue, cyan, yellow, magenta, orange (1, 0.5, 0), purple (0.5, 0, 0.5),
//   brown (0.6, 0.4, 0.2), clear (white 0, alpha 0).
// - System colours (light mode, iOS 13/14): the Human Interface Guidelines' color table of that
//   time — systemRed 255 59 48, systemGreen 52 199 89, systemBlue 0 122 255, systemOrange 255 149 0,
//   systemYellow 255 204 0, systemPink 255 45 85, systemPurple 175 82 222, systemTeal 90 200 250,
//   systemIndigo 88 86 214, systemGray 142 142 147. (iOS 15 moved systemTeal to 48 176 199 and
//   added systemCyan; iOS 26 retuned several. Kinema keeps the iOS 13/14 values.)
// - systemGray2…6, label, secondaryLabel, the backgrounds, separator and link: the light-mode
//   values UIKit returns on iOS 13, as measured and published by Noah Gilmore ("Backwards
//   compatibility for iOS 13 system colors", noahgilmore.com, 2019): systemGray2 174 174 178,
//   systemGray3 199 199 204, systemGray4 209 209 214, systemGray5 229 229 234,
//   systemGray6 242 242 247, label black, secondaryLabel 60 60 67 α 0.6, systemBackground white,
//   secondarySystemBackground 242 242 247, tertiarySystemBackground white,
//   separator 60 60 67 α 0.29, link 0 122 255.
// - tintColor (iOS 15): dynamic, resolving to a view's tint; its default is systemBlue.
//
// Status: these are fixed colours here; on iOS the system and element colours are dynamic and
// change in dark mode and with increased contrast.

import Foundation

extension UIColor {
    /// An sRGB colour from 8-bit components.
    private static func rgb8(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }

    /// Gray 0, opaque.
    public static let black = UIColor(white: 0, alpha: 1)
    /// Gray 1/3, opaque.
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    /// Gray 2/3, opaque.
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    /// Gray 1, opaque.
    public static let white = UIColor(white: 1, alpha: 1)
    /// Gray 0.5, opaque.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// RGB (1, 0, 0).
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// RGB (0, 1, 0).
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// RGB (0, 0, 1).
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// RGB (0, 1, 1).
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// RGB (1, 1, 0).
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// RGB (1, 0, 1).
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// RGB (1, 0.5, 0).
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// RGB (0.5, 0, 0.5).
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// RGB (0.6, 0.4, 0.2).
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// Gray 0 with alpha 0.
    public static let clear = UIColor(white: 0, alpha: 0)

    /// System red, light mode: 255 59 48.
    public static let systemRed = rgb8(255, 59, 48)
    /// System green, light mode: 52 199 89.
    public static let systemGreen = rgb8(52, 199, 89)
    /// System blue, light mode: 0 122 255.
    public static let systemBlue = rgb8(0, 122, 255)
    /// System orange, light mode: 255 149 0.
    public static let systemOrange = rgb8(255, 149, 0)
    /// System yellow, light mode: 255 204 0.
    public static let systemYellow = rgb8(255, 204, 0)
    /// System pink, light mode: 255 45 85.
    public static let systemPink = rgb8(255, 45, 85)
    /// System purple, light mode: 175 82 222.
    public static let systemPurple = rgb8(175, 82, 222)
    /// System teal, light mode (iOS 13/14): 90 200 250.
    public static let systemTeal = rgb8(90, 200, 250)
    /// System indigo, light mode: 88 86 214.
    public static let systemIndigo = rgb8(88, 86, 214)
    /// System gray, light mode: 142 142 147.
    public static let systemGray = rgb8(142, 142, 147)
    /// System gray 2, light mode: 174 174 178.
    public static let systemGray2 = rgb8(174, 174, 178)
    /// System gray 3, light mode: 199 199 204.
    public static let systemGray3 = rgb8(199, 199, 204)
    /// System gray 4, light mode: 209 209 214.
    public static let systemGray4 = rgb8(209, 209, 214)
    /// System gray 5, light mode: 229 229 234.
    public static let systemGray5 = rgb8(229, 229, 234)
    /// System gray 6, light mode: 242 242 247.
    public static let systemGray6 = rgb8(242, 242, 247)

    /// Primary text, light mode: black.
    public static let label = rgb8(0, 0, 0)
    /// Secondary text, light mode: 60 60 67 at alpha 0.6.
    public static let secondaryLabel = rgb8(60, 60, 67, 0.6)
    /// Main background, light mode: white.
    public static let systemBackground = rgb8(255, 255, 255)
    /// Background of grouped content, light mode: 242 242 247.
    public static let secondarySystemBackground = rgb8(242, 242, 247)
    /// Background of content grouped inside secondary content, light mode: white.
    public static let tertiarySystemBackground = rgb8(255, 255, 255)
    /// Thin separator lines, light mode: 60 60 67 at alpha 0.29.
    public static let separator = rgb8(60, 60, 67, 0.29)
    /// Links, light mode: 0 122 255.
    public static let link = rgb8(0, 122, 255)
    /// The default tint (iOS 15's dynamic tint colour, resolved to its default, systemBlue).
    public static let tintColor = systemBlue
}
