// CGContext shadows through the one-channel pipeline (KinemaRaster's ShadowMask): the sub-pixel
// offset, the two ways the mask reaches the target (straight blit; tinted image under a mask clip
// or another blend mode) agreeing, and the global alpha.
import Foundation
import KinemaRaster
import KinemaSupport
import Testing
@testable import OpenCoreGraphics

private func context(_ width: Int, _ height: Int) throws -> CGContext {
    try #require(CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                           space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
}

@Suite("CGContext shadows")
struct CGContextShadowTests {
    @Test("a half-pixel offset splits the shadow's edge columns half and half (blur 0)")
    func halfPixelOffset() throws {
        let c = try context(16, 16)
        c.setShadow(offset: CGSize(width: 2.5, height: 0), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.setFillColor(gray: 0, alpha: 1)
        c.fill(CGRect(x: 2, y: 4, width: 4, height: 8))       // device columns 2 ..< 6
        let pixmap = try #require(c.makeImage()).pixmap
        // The shadow covers columns 4.5 ..< 8.5: column 4 and 5 lie under the black body,
        // 6 and 7 are whole, 8 is half.
        #expect(pixmap.pixel(x: 7, y: 8) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(pixmap.pixel(x: 8, y: 8) == PremultipliedColor(red: 128, green: 0, blue: 0, alpha: 128))
        #expect(pixmap.pixel(x: 9, y: 8)?.alpha == 0)
    }

    @Test("under a mask clip and under a blend mode the tinted shadow matches the straight blit within a level")
    func fallbackPathsAgree() throws {
        func draw(_ setUp: (CGContext) -> Void) throws -> Pixmap {
            let c = try context(48, 48)
            c.setFillColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 48, height: 48))
            setUp(c)
            c.setShadow(offset: CGSize(width: 3.3, height: -2.6), blur: 6, color: CGColor(red: 0.5, green: 0, blue: 0.2, alpha: 0.6))
            c.setFillColor(red: 1, green: 1, blue: 0, alpha: 0.7)
            c.fillEllipse(in: CGRect(x: 12, y: 14, width: 18, height: 16))
            return try #require(c.makeImage()).pixmap
        }
        let straight = try draw { _ in }
        // An ellipse clip far larger than the drawing: a coverage mask, 255 wherever anything lands.
        let masked = try draw { c in
            c.addEllipse(in: CGRect(x: -60, y: -60, width: 170, height: 170))
            c.clip()
            #expect(c.state.clip.mask != nil, "the ellipse clip is a coverage mask")
        }
        // Source-over by another name: `.normal` is the straight blit; `.sourceAtop` over an
        // opaque backdrop composites exactly as source-over does.
        let atop = try draw { $0.setBlendMode(.sourceAtop) }
        var worstMasked = 0, worstAtop = 0, shadowPixels = 0
        for (a, (b, d)) in zip(straight.storage, zip(masked.storage, atop.storage)) {
            let pa = PremultipliedColor(packed: a), pb = PremultipliedColor(packed: b), pd = PremultipliedColor(packed: d)
            worstMasked = max(worstMasked, abs(Int(pa.red) - Int(pb.red)), abs(Int(pa.green) - Int(pb.green)), abs(Int(pa.blue) - Int(pb.blue)))
            worstAtop = max(worstAtop, abs(Int(pa.red) - Int(pd.red)), abs(Int(pa.green) - Int(pd.green)), abs(Int(pa.blue) - Int(pd.blue)))
            if a != straight.storage[0] { shadowPixels += 1 }
        }
        #expect(worstMasked <= 1 && worstAtop <= 1, "masked \(worstMasked), sourceAtop \(worstAtop) levels")
        #expect(shadowPixels > 300)
    }

    @Test("the shadow takes the global alpha and the object's alpha (Quartz 2D guide: drawn from the object's alpha)")
    func alphaOfTheObject() throws {
        let c = try context(24, 24)
        c.setAlpha(0.5)
        c.setShadow(offset: CGSize(width: 10, height: 0), blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.8))
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        c.fill(CGRect(x: 2, y: 2, width: 6, height: 6))
        let pixmap = try #require(c.makeImage()).pixmap
        // The object's alpha is 0.5 × 0.5 (≈ 64 of 255); the shadow 0.8 of that, ≈ 51.
        let shadow = try #require(pixmap.pixel(x: 14, y: 18))
        #expect((50 ... 52).contains(shadow.alpha) && shadow.red == 0, "alpha \(shadow.alpha)")
    }

    @Test("when the shadow's planes cannot be allocated the shadow is skipped with a diagnostic; the object is still drawn")
    func refusedMemory() throws {
        let c = try context(64, 64)
        c.setShadow(offset: CGSize(width: 24, height: 0), blur: 8, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        // The scratch pixmap and the plane (≈ 9.6 kB each) are granted, the blur's scratch (≈ 20 kB) refused.
        let (_, diagnostics) = PixelMemory.$probe.withValue(PixelMemory.Probe(failAbove: 12_000)) {
            KinemaDiagnostics.collecting { c.fill(CGRect(x: 4, y: 22, width: 20, height: 20)) }
        }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.contains { String(describing: $0).contains("shadow planes") })
        let pixmap = try #require(c.makeImage()).pixmap
        #expect(pixmap.pixel(x: 10, y: 32)?.alpha == 255, "the object")
        #expect(pixmap.pixel(x: 38, y: 32)?.alpha == 0, "no shadow")
    }
}

