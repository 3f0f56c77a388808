// CGColor, CGColorSpace, CGGradient and CGImage.
import KinemaSupport
import Foundation
import KinemaRaster
import Testing
@testable import OpenCoreGraphics

@Suite("CGColor, CGGradient, CGImage")
struct CGColorImageTests {
    @Test("colour components, alpha, spaces; components are clamped (init(colorSpace:components:) docs)")
    func colors() throws {
        let orange = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        #expect(orange.components == [1, 0.5, 0, 0.8] && orange.alpha == 0.8 && orange.numberOfComponents == 4)
        #expect(orange.colorSpace?.model == .rgb && orange.colorSpace?.numberOfComponents == 3)
        let gray = CGColor(gray: 0.25, alpha: 1)
        #expect(gray.numberOfComponents == 2 && gray.colorSpace?.model == .monochrome)
        #expect(orange.copy(alpha: 2)?.alpha == 1)
        let made = try #require(CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: [2, -1, 0.5, 1]))
        #expect(made.components == [1, 0, 0.5, 1])
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(CGColor(red: 1, green: 1, blue: 1, alpha: 1) != CGColor.white, "different spaces are different colours (CFEqual)")
        #expect(CGColor.clear.alpha == 0 && CGColor.black.components == [0, 1])
        let (nan, diagnostics) = KinemaDiagnostics.collecting { CGColor(red: .nan, green: 0, blue: 0, alpha: 1) }
        #expect(nan.components?.first == 0 && diagnostics.count == 1)
    }

    @Test("colour spaces by name: sRGB known, unknown names nil with a diagnostic; model raw values as Apple's")
    func colorSpaces() {
        #expect(CGColorSpace(name: CGColorSpace.sRGB)?.model == .rgb)
        #expect(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)?.numberOfComponents == 1)
        let (unknown, diagnostics) = KinemaDiagnostics.collecting { CGColorSpace(name: "kCGColorSpaceACESCGLinear") }
        #expect(unknown == nil && diagnostics.count == 1)
        #expect(CGColorSpaceModel.rgb.rawValue == 1 && CGColorSpaceModel.unknown.rawValue == -1)
        #expect(CGColorSpaceCreateDeviceRGB() == CGColorSpaceCreateDeviceRGB())
    }

    @Test("gradients: nil locations are evenly spaced from 0 to 1 (CGGradient docs); no colours gives nil")
    func gradients() throws {
        let colors: [CGColor] = [.black, CGColor(red: 1, green: 0, blue: 0, alpha: 1), .white]
        let even = try #require(CGGradient(colorsSpace: nil, colors: colors, locations: nil))
        #expect(even.gradient.stops.map(\.location) == [0, 0.5, 1])
        let packed = try #require(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: [1, 0, 0, 1, 0, 0, 1, 0.5],
                                             locations: [0.2, 0.9], count: 2))
        #expect(packed.gradient.stops.map(\.location) == [0.2, 0.9])
        #expect(packed.gradient.stops.last?.color == PaintColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        let (none, diagnostics) = KinemaDiagnostics.collecting { CGGradient(colorsSpace: nil, colors: [], locations: nil) }
        #expect(none == nil && diagnostics.count == 1)
        #expect(CGGradientDrawingOptions.drawsAfterEndLocation.rawValue == 2)
    }

    @Test("CGImage describes its storage: 8 bits a component, 32 a pixel, premultiplied RGBA rows")
    func imageProperties() throws {
        let image = CGImage(pixmap: try Pixmap(width: 3, height: 2))
        #expect(image.width == 3 && image.height == 2 && image.bitsPerComponent == 8 && image.bitsPerPixel == 32)
        #expect(image.bytesPerRow == 12 && image.alphaInfo == .premultipliedLast && image.bitmapInfo.rawValue == 1)
        #expect(image.colorSpace?.model == .rgb)
    }

    @Test("cropping(to:): integral rectangle, cut to the image, origin at the top-left pixel; nil when nothing is left")
    func cropping() throws {
        var bytes: [UInt8] = []
        for y in 0 ..< 4 { for x in 0 ..< 4 { bytes += [UInt8(x * 60), UInt8(y * 60), 0, 255] } }
        let image = CGImage(pixmap: try Pixmap(width: 4, height: 4, premultipliedBytes: bytes))
        let crop = try #require(image.cropping(to: CGRect(x: 1.5, y: 0.2, width: 1.2, height: 1)))
        #expect(crop.width == 2 && crop.height == 2, "x 1.5 ..< 2.7 and y 0.2 ..< 1.2 round out to 1 ..< 3 and 0 ..< 2")
        #expect(crop.pixmap.pixel(x: 0, y: 0) == PremultipliedColor(red: 60, green: 0, blue: 0, alpha: 255), "top-left origin")
        let edge = try #require(image.cropping(to: CGRect(x: 3, y: 3, width: 10, height: 10)))
        #expect(edge.width == 1 && edge.height == 1)
        #expect(image.cropping(to: CGRect(x: 5, y: 5, width: 2, height: 2)) == nil)
        let (bad, diagnostics) = KinemaDiagnostics.collecting { image.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) }
        #expect(bad == nil && diagnostics.count == 1)
        let (null, nullDiagnostics) = KinemaDiagnostics.collecting { image.cropping(to: .null) }
        #expect(null == nil && nullDiagnostics.count == 1)
    }
}
