// UIColor against Apple's documentation (UIColor class reference; values cited in
// Sources/OpenUIKit/Graphics/UIColor+Named.swift).
import Foundation
import KinemaSupport
import OpenUIKit
import Testing

@Suite struct UIColorTests {
    func rgba(_ color: UIColor) -> [CGFloat]? {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        guard color.getRed(&r, green: &g, blue: &b, alpha: &a) else { return nil }
        return [r, g, b, a]
    }

    /// UIColor docs: orange "RGB values are 1.0, 0.5, and 0.0", brown 0.6, 0.4, 0.2, purple 0.5, 0, 0.5;
    /// darkGray "grayscale value is 1/3", lightGray 2/3, clear "grayscale and alpha values are both 0.0".
    @Test func fixedNamedColours() {
        #expect(rgba(.orange) == [1, 0.5, 0, 1])
        #expect(rgba(.brown) == [0.6, 0.4, 0.2, 1])
        #expect(rgba(.purple) == [0.5, 0, 0.5, 1])
        var w: CGFloat = 0, a: CGFloat = 0
        #expect(UIColor.darkGray.getWhite(&w, alpha: &a) && abs(w - 1.0 / 3.0) < 1e-12 && a == 1)
        #expect(UIColor.lightGray.getWhite(&w, alpha: &a) && abs(w - 2.0 / 3.0) < 1e-12)
        #expect(UIColor.clear.getWhite(&w, alpha: &a) && w == 0 && a == 0)
    }

    /// iOS 13 light-mode values (HIG colour table; element colours as UIKit returns them).
    @Test func systemColoursLightMode() {
        func bytes(_ c: UIColor) -> [Int] { (rgba(c) ?? []).map { Int(($0 * 255).rounded()) } }
        #expect(bytes(.systemBlue) == [0, 122, 255, 255])
        #expect(bytes(.systemRed) == [255, 59, 48, 255])
        #expect(bytes(.systemGray6) == [242, 242, 247, 255])
        #expect(bytes(.secondaryLabel) == [60, 60, 67, 153])
        #expect(UIColor.tintColor == UIColor.systemBlue)
        #expect(UIColor.link == UIColor.systemBlue)
    }

    /// getWhite: "If the color is in a compatible color space …"; a gray converts to RGB, an RGB
    /// colour does not convert to gray.
    @Test func conversionsBetweenSpaces() {
        #expect(rgba(.white) == [1, 1, 1, 1])
        var w: CGFloat = 0
        #expect(!UIColor.red.getWhite(&w, alpha: nil))
        #expect(UIColor.white != UIColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(UIColor.white == UIColor(white: 1, alpha: 1))
        #expect(Set([UIColor.red, UIColor(red: 1, green: 0, blue: 0, alpha: 1)]).count == 1)
    }

    /// init(hue:saturation:brightness:alpha:) and getHue round-trip.
    @Test func hsb() throws {
        let c = UIColor(hue: 1.0 / 3.0, saturation: 1, brightness: 1, alpha: 1)
        let v = try #require(rgba(c))
        #expect(abs(v[0]) < 1e-12 && abs(v[1] - 1) < 1e-12 && abs(v[2]) < 1e-12)
        var h: CGFloat = 0, s: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        #expect(UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.5).getHue(&h, saturation: &s, brightness: &b, alpha: &a))
        #expect(abs(h - 220.0 / 360.0) < 1e-9 && abs(s - 0.75) < 1e-9 && abs(b - 0.8) < 1e-9 && a == 0.5)
        #expect(UIColor.gray.getHue(&h, saturation: &s, brightness: &b, alpha: &a) && h == 0 && s == 0 && b == 0.5)
    }

    /// init(displayP3Red:…) converts to extended sRGB: P3 red lies outside sRGB.
    @Test func displayP3() throws {
        let v = try #require(rgba(UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1)))
        #expect(abs(v[0] - 1.0931) < 0.001 && abs(v[1] + 0.2267) < 0.001 && abs(v[2] + 0.1501) < 0.001)
        let white = try #require(rgba(UIColor(displayP3Red: 1, green: 1, blue: 1, alpha: 1)))
        #expect(white.allSatisfy { abs($0 - 1) < 1e-6 })
        // cgColor clamps to what Kinema paints.
        #expect(UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1).cgColor.components == [1, 0, 0, 1])
    }

    @Test func cgColorRoundTripAndAlpha() {
        let c = UIColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        #expect(UIColor(cgColor: c.cgColor) == c)
        #expect(UIColor(cgColor: UIColor.white.cgColor) == .white)
        #expect(rgba(c.withAlphaComponent(0.3)) == [0.25, 0.5, 0.75, 0.3])
        #expect(rgba(c.withAlphaComponent(7))?[3] == 1)
    }

    @Test func nanComponentsReportAndBecomeZero() {
        let (color, reports) = KinemaDiagnostics.collecting { UIColor(red: .nan, green: 1, blue: 0, alpha: 1) }
        #expect(rgba(color) == [0, 1, 0, 1])
        #expect(reports.count == 1)
    }

    /// set() / setFill() / setStroke() act on the current context; with none they do nothing.
    @Test func setFillWithoutContextIsANoOp() {
        let (_, reports) = KinemaDiagnostics.collecting { UIColor.red.setFill() }
        #expect(reports.count == 1)
    }

    @Test func setSetsBothColours() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2), format: UIKitTestSupport.format()).image { context in
            UIColor.blue.set()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            context.cgContext.setLineWidth(2)
            context.cgContext.stroke(CGRect(x: 3, y: -1, width: 2, height: 4))
        }
        #expect(UIKitTestSupport.pixel(image, 0, 0) == [0, 0, 255, 255])
        #expect(UIKitTestSupport.pixel(image, 3, 1) == [0, 0, 255, 255])
    }

    /// A pattern colour's cgColor is its image's mean colour (a CGColor carries no pattern here).
    @Test func patternColourCGColorIsMean() throws {
        let tile = UIImage(cgImage: CGImage(pixmap: try UIKitTestSupport.pixmap(width: 2, height: 1) { x, _ in
            x == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255]
        }))
        let pattern = UIColor(patternImage: tile)
        #expect(pattern.cgColor.components == [0.5, 0, 0.5, 1])
        #expect(!pattern.getRed(nil, green: nil, blue: nil, alpha: nil))
        #expect(pattern == UIColor(patternImage: tile))
        #expect(pattern.withAlphaComponent(0.5) != pattern)
    }
}
