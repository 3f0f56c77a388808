// CGContext.withGlyphTarget: when UIKit's text may blend glyph masks straight into a context's
// bitmap (CGContext+Text.swift) — and, for each state that needs a path fill instead, that it
// declines without calling its body.
import Foundation
import KinemaRaster
import Testing
@testable import OpenCoreGraphics

@Suite struct CGContextGlyphTargetTests {
    /// What one call handed its body: the region's frame, the scale, user (0, 0) in the region, the alpha.
    private struct Handed: Equatable {
        var frame: PixelRect
        var scale: Double
        var origin: CGPoint
        var alpha: Float
    }

    private func handed(_ context: CGContext) -> (accepted: Bool, handed: Handed?) {
        var seen: Handed?
        let accepted = context.withGlyphTarget { region, scale, origin, alpha in
            seen = Handed(frame: region.frame, scale: scale, origin: origin, alpha: alpha)
        }
        return (accepted, seen)
    }

    private func flipped(scale: CGFloat = 2) throws -> CGContext {
        try #require(CGContext.makeFlipped(width: 20, height: 10, scale: scale))
    }

    @Test("a UIKit context: the whole bitmap, the scale, user (0, 0) at its top-left pixel, the global alpha")
    func plainContext() throws {
        let context = try flipped()
        #expect(handed(context).accepted)
        #expect(handed(context).handed == Handed(frame: PixelRect(x: 0, y: 0, width: 40, height: 20), scale: 2, origin: .zero, alpha: 1))
        context.translateBy(x: 3, y: 1.5)
        context.setAlpha(0.5)
        #expect(handed(context).handed == Handed(frame: PixelRect(x: 0, y: 0, width: 40, height: 20), scale: 2,
                                                 origin: CGPoint(x: 6, y: 3), alpha: 0.5))
    }

    @Test("a whole-pixel rectangular clip: the region is the clip's pixels, and what the body writes lands there")
    func rectangularClip() throws {
        let context = try flipped(scale: 1)
        context.clip(to: CGRect(x: 4, y: 2, width: 6, height: 5))
        let result = handed(context)
        #expect(result.accepted)
        #expect(result.handed == Handed(frame: PixelRect(x: 4, y: 2, width: 6, height: 5), scale: 1, origin: CGPoint(x: -4, y: -2), alpha: 1))
        _ = context.withGlyphTarget { region, _, _, _ in
            region.setPixel(x: 0, y: 0, to: PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        }
        let image = try #require(context.makeImage())
        #expect(image.pixmap.pixel(x: 4, y: 2) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(image.pixmap.pixel(x: 3, y: 2) == PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test("an empty clip: accepted, nothing to draw, the body not called")
    func emptyClip() throws {
        let context = try flipped()
        context.clip(to: CGRect(x: 100, y: 100, width: 1, height: 1))
        let result = handed(context)
        #expect(result.accepted && result.handed == nil)
    }

    @Test("every state that needs a path fill declines: rotation, skew, unequal or flipped scale, a shadow, another blend mode, an anti-aliased clip, a transparency layer, a mirrored bitmap")
    func declines() throws {
        var cases: [(String, CGContext)] = []
        func make(_ name: String, _ change: (CGContext) -> Void) throws {
            let context = try flipped()
            change(context)
            cases.append((name, context))
        }
        try make("rotated") { $0.rotate(by: 0.1) }
        try make("skewed") { $0.concatenate(CGAffineTransform(a: 1, b: 0, c: 0.2, d: 1, tx: 0, ty: 0)) }
        try make("unequal scale") { $0.scaleBy(x: 2, y: 1) }
        try make("flipped back (y up)") { $0.scaleBy(x: 1, y: -1) }
        try make("shadow") { $0.setShadow(offset: CGSize(width: 1, height: 1), blur: 2, color: CGColor(gray: 0, alpha: 0.5)) }
        try make("multiply") { $0.setBlendMode(.multiply) }
        try make("elliptical clip") { context in
            context.addEllipse(in: CGRect(x: 1, y: 1, width: 7.3, height: 5.1))
            context.clip()
        }
        try make("transparency layer") { $0.beginTransparencyLayer(auxiliaryInfo: nil) }
        let mirrored = try #require(CGContext(data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpaceCreateDeviceRGB(),
                                              bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue))
        mirrored.translateBy(x: 0, y: 8)
        mirrored.scaleBy(x: 1, y: -1)
        cases.append(("premultipliedFirst bitmap", mirrored))
        for (name, context) in cases {
            let result = handed(context)
            #expect(!result.accepted && result.handed == nil, "\(name)")
        }
        // A shadow with a clear colour draws nothing, so it needs no path.
        let clearShadow = try flipped()
        clearShadow.setShadow(offset: CGSize(width: 1, height: 1), blur: 2, color: CGColor(gray: 0, alpha: 0))
        #expect(handed(clearShadow).accepted)
    }
}
