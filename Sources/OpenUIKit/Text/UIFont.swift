// UIFont: a font at a size, on KinemaText's faces (fontconfig finds them; docs/TEXT.md).
//
// The system font is the machine's sans-serif (DejaVu Sans where nothing else is installed);
// iOS family names map to generic families in KinemaText's `FontNames`, so code naming
// "HelveticaNeue-Bold" gets a bold sans-serif. `fontName` reads back the name a program asked
// for (iOS code compares it); `familyName` is the face's real family. A name neither installed
// nor one iOS ships gives nil, as on iOS.

import Foundation
import KinemaSupport
import KinemaText

/// A font: a face at a point size, with its metrics (UIKit's UIFont).
open class UIFont: NSObject, NSCopying, @unchecked Sendable {
    /// A font weight on UIKit's scale (−1 … 1).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// A weight of the given value on UIKit's scale.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        // UIKit's values (UIFontDescriptor.h on iOS 8.2+).
        /// The lightest weight.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// A thin weight.
        public static let thin = Weight(rawValue: -0.6)
        /// A light weight.
        public static let light = Weight(rawValue: -0.4)
        /// The regular weight.
        public static let regular = Weight(rawValue: 0)
        /// A medium weight.
        public static let medium = Weight(rawValue: 0.23)
        /// A semibold weight.
        public static let semibold = Weight(rawValue: 0.3)
        /// The bold weight.
        public static let bold = Weight(rawValue: 0.4)
        /// A heavy weight.
        public static let heavy = Weight(rawValue: 0.56)
        /// The heaviest weight.
        public static let black = Weight(rawValue: 0.62)

        /// The CSS weight fontconfig is asked for (100 … 900): the nearest named UIKit weight.
        var cssWeight: Int {
            let table: [(CGFloat, Int)] = [(-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600), (0.4, 700), (0.56, 800), (0.62, 900)]
            guard rawValue.isFinite else { return 400 }
            return table.min(by: { abs($0.0 - rawValue) < abs($1.0 - rawValue) })?.1 ?? 400
        }
    }

    package let textFont: TextFont
    private let requestedName: String?

    package init(textFont: TextFont, name: String? = nil) {
        self.textFont = textFont
        requestedName = name
    }

    /// The font named `fontName` (a family or PostScript name, e.g. "Avenir-Heavy") at
    /// `fontSize` points; nil when no such font exists here or in iOS's set.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard FontDatabase.shared.isAvailable(name: fontName) else {
            KinemaDiagnostics.emit("UIFont", "init(name:size:): no font named \(fontName); nil, as iOS")
            return nil
        }
        let size = UIFont.checkedSize(fontSize, api: "UIFont(name:size:)")
        self.init(textFont: TextFont(request: FontNames.request(forName: fontName), size: Double(size)), name: fontName)
    }

    /// A size a font can use: 0, negative or not finite → `systemFontSize`, with a diagnostic
    /// for the invalid ones (iOS documents sizes above 0; its system fonts treat 0 as the default).
    static func checkedSize(_ size: CGFloat, api: String) -> CGFloat {
        if size.isNaN || size < 0 || size.isInfinite {
            KinemaDiagnostics.emit("UIFont", "\(api): size \(size) is not a point size; using \(systemFontSize)")
            return systemFontSize
        }
        return size == 0 ? systemFontSize : size
    }

    private static func system(size: CGFloat, weight: Int, italic: Bool = false, tabular: Bool = false, monospaced: Bool = false, api: String) -> UIFont {
        let size = checkedSize(size, api: api)
        var request = FontRequest(family: monospaced ? "monospace" : nil, weight: weight, italic: italic)
        request.tabularNumbers = tabular
        return UIFont(textFont: TextFont(request: request, size: Double(size)))
    }

    /// The system font at a size, in the regular weight.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        system(size: fontSize, weight: 400, api: "systemFont(ofSize:)")
    }

    /// The system font at a size and weight.
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        system(size: fontSize, weight: weight.cssWeight, api: "systemFont(ofSize:weight:)")
    }

    /// The system font at a size, in bold.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        system(size: fontSize, weight: 700, api: "boldSystemFont(ofSize:)")
    }

    /// The system font at a size, in italic.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        system(size: fontSize, weight: 400, italic: true, api: "italicSystemFont(ofSize:)")
    }

    /// The system font with tabular (equal-width) digits, HarfBuzz's `tnum` feature.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        system(size: fontSize, weight: weight.cssWeight, tabular: true, api: "monospacedDigitSystemFont(ofSize:weight:)")
    }

    /// The machine's monospace family.
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        system(size: fontSize, weight: weight.cssWeight, monospaced: true, api: "monospacedSystemFont(ofSize:weight:)")
    }

    /// A semantic text style (`UIFont.TextStyle`: UIKit's constants, by their string values).
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The extra-large title style.
        public static let extraLargeTitle = TextStyle(rawValue: "UICTFontTextStyleExtraLargeTitle")
        /// The second extra-large title style.
        public static let extraLargeTitle2 = TextStyle(rawValue: "UICTFontTextStyleExtraLargeTitle2")
        /// The large title style.
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// The first-level title style.
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// The second-level title style.
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// The third-level title style.
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// The headline style.
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// The subheadline style.
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// The body text style.
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// The callout style.
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// The footnote style.
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// The first caption style.
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// The second caption style.
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Size and weight at iOS's default content size ("Large"), from Apple's typography
        /// guidelines: 36 bold, 28 bold, 34, 28, 22, 20, 17 semibold, 15, 17, 16, 13, 12, 11.
        /// There are no content-size categories here (no Dynamic Type): always these.
        var metrics: (size: CGFloat, weight: Weight) {
            switch self {
            case .extraLargeTitle: return (36, .bold)
            case .extraLargeTitle2: return (28, .bold)
            case .largeTitle: return (34, .regular)
            case .title1: return (28, .regular)
            case .title2: return (22, .regular)
            case .title3: return (20, .regular)
            case .headline: return (17, .semibold)
            case .subheadline: return (15, .regular)
            case .callout: return (16, .regular)
            case .footnote: return (13, .regular)
            case .caption1: return (12, .regular)
            case .caption2: return (11, .regular)
            default: return (17, .regular) // .body, and unknown styles
            }
        }
    }

    /// The system font for `style` at iOS's default content size (no Dynamic Type here: the
    /// sizes do not change).
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        let (size, weight) = style.metrics
        return system(size: size, weight: weight.cssWeight, api: "preferredFont(forTextStyle:)")
    }

    /// The families of the machine's fonts (fontconfig's list), sorted.
    open class var familyNames: [String] { FontDatabase.shared.familyNames() }

    /// The PostScript names of `familyName`'s faces (fontconfig's list), sorted.
    open class func fontNames(forFamilyName familyName: String) -> [String] {
        FontDatabase.shared.postScriptNames(ofFamily: familyName)
    }

    /// iOS's sizes: 14, 12, 17, 18 points.
    open class var systemFontSize: CGFloat { 14 }
    /// The size of small system text, in points.
    open class var smallSystemFontSize: CGFloat { 12 }
    /// The size of label text, in points.
    open class var labelFontSize: CGFloat { 17 }
    /// The size of button text, in points.
    open class var buttonFontSize: CGFloat { 18 }

    /// This font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(textFont: textFont.withSize(Double(UIFont.checkedSize(fontSize, api: "withSize(_:)"))), name: requestedName)
    }

    /// The font's size, in points.
    open var pointSize: CGFloat { textFont.size }
    /// The name asked for (`UIFont(name:size:)`), else the face's PostScript name.
    open var fontName: String { requestedName ?? textFont.face.postScriptName }
    /// The family name of the face.
    open var familyName: String { textFont.face.familyName }
    /// The distance from the baseline to the top of the tallest glyphs, in points.
    open var ascender: CGFloat { textFont.ascender }
    /// The distance from the baseline to the bottom of the lowest glyphs, in points (negative).
    open var descender: CGFloat { textFont.descender }
    /// The extra space between lines the font asks for, in points.
    open var leading: CGFloat { textFont.leading }
    /// The height of one line, in points.
    open var lineHeight: CGFloat { textFont.lineHeight }
    /// The height of capital letters above the baseline, in points.
    open var capHeight: CGFloat { textFont.capHeight }
    /// The height of a lowercase x above the baseline, in points.
    open var xHeight: CGFloat { textFont.xHeight }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return textFont == other.textFont && fontName == other.fontName
    }

    open override var hash: Int { textFont.hashValue }

    open override var description: String { "<UIFont: font-family: \"\(familyName)\"; font-size: \(pointSize)pt>" }
}

extension UIFont: TextFontConvertible {}
