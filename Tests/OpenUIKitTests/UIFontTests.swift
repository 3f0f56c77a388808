import Foundation
import Kinema
import KinemaSupport
import KinemaText
import Testing

@Suite struct UIFontTests {
    @Test func systemFontMetricsAreTheFacesScaled() throws {
        let font = UIFont.systemFont(ofSize: 17)
        let face = font.textFont.face
        let perUnit = 17 / face.metrics.unitsPerEm
        #expect(font.pointSize == 17)
        #expect(abs(font.ascender - face.metrics.ascender * perUnit) < 1e-9)
        #expect(abs(font.descender - face.metrics.descender * perUnit) < 1e-9)
        #expect(font.ascender > 0 && font.descender < 0)
        #expect(abs(font.lineHeight - (font.ascender - font.descender + font.leading)) < 1e-9)
        #expect(font.capHeight > font.xHeight && font.xHeight > 0 && font.capHeight < font.ascender)
    }

    @Test func bundledDejaVuCapAndXHeightComeFromTheGlyphs() throws {
        // DejaVu's OS/2 table is version 1 (no cap or x height): the tops of "H" and "x" stand in.
        // fontTools reads DejaVu Sans 2.37's H at yMax 1493 and x at 1120 (2048 units per em).
        let face = try #require(FontDatabase.shared.bundledFace)
        #expect(face.metrics.unitsPerEm == 2048)
        #expect(face.metrics.ascender == 1901 && face.metrics.descender == -483 && face.metrics.lineGap == 0)
        #expect(face.metrics.capHeight == 1493)
        #expect(face.metrics.xHeight == 1120)
    }

    @Test func withSizeScalesEveryMetric() {
        let small = UIFont.systemFont(ofSize: 10)
        let large = small.withSize(30)
        #expect(large.pointSize == 30)
        #expect(abs(large.ascender - 3 * small.ascender) < 1e-9)
        #expect(abs(large.lineHeight - 3 * small.lineHeight) < 1e-9)
        #expect(large.familyName == small.familyName)
    }

    @Test func namedFontsFollowIOSNamesAndStyles() throws {
        let bold = try #require(UIFont(name: "HelveticaNeue-Bold", size: 20))
        #expect(bold.fontName == "HelveticaNeue-Bold")
        #expect(bold.pointSize == 20)
        #expect(bold.textFont.request.weight == 700)
        let regular = try #require(UIFont(name: "Helvetica", size: 20))
        #expect(regular.textFont.request.weight == 400)
        let italic = try #require(UIFont(name: "Georgia-Italic", size: 12))
        #expect(italic.textFont.request.italic)
        #expect(italic.textFont.request.family == "Georgia")
        #expect(UIFont(name: "Menlo-Regular", size: 12) != nil)
    }

    @Test func unknownFontNameIsNil() {
        let (font, diagnostics) = KinemaDiagnostics.collecting { UIFont(name: "NoSuchFont-Bold", size: 12) }
        #expect(font == nil)
        #expect(diagnostics.contains { $0.message.contains("NoSuchFont-Bold") })
    }

    @Test func weightsMapToTheNearestCSSWeight() {
        #expect(UIFont.systemFont(ofSize: 12, weight: .bold).textFont.request.weight == 700)
        #expect(UIFont.systemFont(ofSize: 12, weight: .ultraLight).textFont.request.weight == 100)
        #expect(UIFont.systemFont(ofSize: 12, weight: .medium).textFont.request.weight == 500)
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(0.35)).textFont.request.weight == 600)
        #expect(UIFont.boldSystemFont(ofSize: 12).textFont.face.isBold)
        #expect(UIFont.italicSystemFont(ofSize: 12).textFont.request.italic)
        #expect(UIFont.monospacedDigitSystemFont(ofSize: 12, weight: .regular).textFont.request.tabularNumbers)
    }

    @Test func badSizesBecomeTheSystemSize() {
        let (fonts, diagnostics) = KinemaDiagnostics.collecting {
            [UIFont.systemFont(ofSize: .nan), UIFont.systemFont(ofSize: -4), UIFont.systemFont(ofSize: .infinity)]
        }
        for font in fonts { #expect(font.pointSize == UIFont.systemFontSize) }
        #expect(diagnostics.count == 3)
        #expect(UIFont.systemFont(ofSize: 0).pointSize == UIFont.systemFontSize)
        #expect(UIFont.systemFont(ofSize: 1e5).pointSize == 10_000)
    }

    @Test func preferredFontsHaveIOSDefaultSizes() {
        let expected: [(UIFont.TextStyle, CGFloat, Int)] = [
            (.largeTitle, 34, 400), (.title1, 28, 400), (.title2, 22, 400), (.title3, 20, 400), (.headline, 17, 600),
            (.subheadline, 15, 400), (.body, 17, 400), (.callout, 16, 400), (.footnote, 13, 400), (.caption1, 12, 400),
            (.caption2, 11, 400), (.extraLargeTitle, 36, 700), (.extraLargeTitle2, 28, 700),
        ]
        for (style, size, weight) in expected {
            let font = UIFont.preferredFont(forTextStyle: style)
            #expect(font.pointSize == size, "\(style.rawValue)")
            #expect(font.textFont.request.weight == weight, "\(style.rawValue)")
        }
    }

    @Test func familiesAndNamesComeFromFontconfig() throws {
        let families = UIFont.familyNames
        #expect(families == families.sorted())
        // Whatever the machine has, the system font's family is among them (unless it is the
        // bundled face, which fontconfig does not list).
        let system = UIFont.systemFont(ofSize: 12)
        if system.textFont.face != FontDatabase.shared.bundledFace {
            #expect(families.contains(system.familyName))
            let names = UIFont.fontNames(forFamilyName: system.familyName)
            #expect(names.contains(system.textFont.face.postScriptName))
        }
        #expect(UIFont.fontNames(forFamilyName: "No Such Family").isEmpty)
    }
}
