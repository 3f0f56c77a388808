// The graphics state: save/restore, the CTM, the current path, shadows, layers, bad input.
import KinemaSupport
import Foundation
import KinemaRaster
import Testing
@testable import OpenCoreGraphics

private func context(_ width: Int = 16, _ height: Int = 16) throws -> CGContext {
    try #require(CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                           space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
}

/// The pixel at (x, y) counted in Core Graphics' default space: from the bottom-left.
private func pixel(_ context: CGContext, _ x: Int, _ y: Int) throws -> PremultipliedColor? {
    try #require(context.makeImage()).pixmap.pixel(x: x, y: context.height - 1 - y)
}

private func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Suite("CGContext graphics state")
struct CGContextStateTests {
    @Test("restoreGState brings back colours, CTM, line width, alpha, blend mode, clip, shadow, interpolation (saveGState docs)")
    func saveRestore() throws {
        let c = try context()
        c.saveGState()
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.translateBy(x: 3, y: 4)
        c.setLineWidth(7)
        c.setAlpha(0.25)
        c.setBlendMode(.multiply)
        c.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2))
        c.setShadow(offset: CGSize(width: 1, height: 1), blur: 2)
        c.interpolationQuality = .none
        c.restoreGState()
        #expect(c.ctm == .identity)
        #expect(c.interpolationQuality == .default)
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 16, height: 16))
        #expect(c.state.lineWidth == 1 && c.state.alpha == 1 && c.state.blendMode == .normal && c.state.shadow == nil)
        #expect(c.state.fillColor == .black)
        // The clip really is gone: a fill reaches the far corner, opaque black, with no shadow.
        c.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        #expect(try pixel(c, 15, 15) == .black)
    }

    @Test("restoreGState without a saved state is reported and ignored")
    func unbalancedRestore() throws {
        let c = try context()
        c.translateBy(x: 1, y: 1)
        let (_, diagnostics) = KinemaDiagnostics.collecting { c.restoreGState() }
        #expect(diagnostics.count == 1)
        #expect(c.ctm == CGAffineTransform(translationX: 1, y: 1))
    }

    @Test("concatenate gives CTMnew = transform × CTM; translate, scale, rotate are concatenations (concatenate(_:) docs)")
    func ctm() throws {
        let c = try context()
        c.translateBy(x: 10, y: 20)
        c.scaleBy(x: 2, y: 3)
        #expect(CGPoint(x: 1, y: 1).applying(c.ctm) == CGPoint(x: 12, y: 23), "scaled first, then translated")
        c.rotate(by: .pi / 2)
        #expect(near(CGPoint(x: 1, y: 0).applying(c.ctm), CGPoint(x: 10, y: 23)))
        #expect(c.userSpaceToDeviceSpaceTransform == c.ctm)
        #expect(near(c.convertToUserSpace(c.convertToDeviceSpace(CGPoint(x: 3, y: 5))), CGPoint(x: 3, y: 5), 1e-12))
        let (_, diagnostics) = KinemaDiagnostics.collecting { c.concatenate(CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)) }
        #expect(!diagnostics.isEmpty)
        #expect(!c.ctm.a.isNaN, "a non-finite transform leaves the CTM unchanged")
    }

    @Test("path points are mapped by the CTM when added; the path reads back in current user space")
    func currentPath() throws {
        let c = try context()
        #expect(c.isPathEmpty && c.path == nil && c.boundingBoxOfPath.isNull && c.currentPointOfPath == .zero)
        c.move(to: CGPoint(x: 1, y: 1))
        c.translateBy(x: 5, y: 0)
        c.addLine(to: CGPoint(x: 1, y: 1))          // device (6, 1)
        #expect(near(c.currentPointOfPath, CGPoint(x: 1, y: 1)))
        c.translateBy(x: -5, y: 0)
        #expect(near(c.currentPointOfPath, CGPoint(x: 6, y: 1)), "the current point stays put in device space")
        c.addCurve(to: CGPoint(x: 6, y: 9), control1: CGPoint(x: 12, y: 1), control2: CGPoint(x: 12, y: 9))
        #expect(c.boundingBoxOfPath == CGRect(x: 1, y: 1, width: 11, height: 8), "control points included (CGContextGetPathBoundingBox)")
        let path = try #require(c.path)
        #expect(path.boundingBoxOfPath.maxX < 11, "the curve itself stops short of its control points")
        #expect(c.pathContains(CGPoint(x: 8, y: 5), mode: .fill))
        c.fillPath()
        #expect(c.isPathEmpty, "fillPath clears the current path")
        c.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        c.fill(CGRect(x: 8, y: 8, width: 1, height: 1))
        #expect(c.isPathEmpty, "fill(_:) clears the current path as a side effect (docs)")
    }

    @Test("addArc's clockwise is meant in y-up user space: false sweeps counterclockwise through the top (CGContext.addArc docs)")
    func arcDirection() throws {
        let c = try context(32, 32)
        c.move(to: CGPoint(x: 16, y: 16))
        c.addArc(center: CGPoint(x: 16, y: 16), radius: 12, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        c.closePath()
        c.fillPath()
        #expect(try pixel(c, 22, 22)?.alpha == 255, "upper-right quadrant filled")
        #expect(try pixel(c, 10, 10)?.alpha == 0)
        let d = try context(32, 32)
        d.move(to: CGPoint(x: 16, y: 16))
        d.addArc(center: CGPoint(x: 16, y: 16), radius: 12, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        d.closePath()
        d.fillPath()
        #expect(try pixel(d, 22, 22)?.alpha == 0, "clockwise: true takes the other three quadrants")
        #expect(try pixel(d, 10, 10)?.alpha == 255)
    }

    @Test("clips intersect and boundingBoxOfClipPath reads in user space (clip(to:), boundingBoxOfClipPath docs)")
    func clipping() throws {
        let c = try context()
        c.scaleBy(x: 2, y: 2)
        c.clip(to: CGRect(x: 1, y: 1, width: 4, height: 4))
        c.clip(to: CGRect(x: 3, y: 0, width: 10, height: 10))
        #expect(c.boundingBoxOfClipPath == CGRect(x: 3, y: 1, width: 2, height: 4))
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(try pixel(c, 7, 5)?.alpha == 255)
        #expect(try pixel(c, 5, 5)?.alpha == 0, "outside the first clip")
        c.resetClip()
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 8, height: 8))
        c.addEllipse(in: CGRect(x: 0, y: 0, width: 8, height: 8))
        c.clip(using: .evenOdd)
        #expect(c.isPathEmpty, "clip(using:) clears the current path")
    }

    @Test("line width 0 draws the thinnest visible line: one device pixel (setLineWidth docs)")
    func hairline() throws {
        let c = try context(8, 8)
        c.scaleBy(x: 4, y: 4)                 // a hairline stays one pixel however the CTM scales
        c.setLineWidth(0)
        c.move(to: CGPoint(x: 0, y: 1))
        c.addLine(to: CGPoint(x: 2, y: 1))
        c.strokePath()
        let image = try #require(c.makeImage()).pixmap
        let column = (0 ..< 8).map { Int(image.pixel(x: 3, y: $0)?.alpha ?? 0) }
        #expect(abs(column.reduce(0, +) - 255) <= 2, "coverage across the line adds up to one pixel: \(column)")
    }

    @Test("shadow offsets are in base space, unaffected by the CTM; setShadow(offset:blur:) is black at 1/3 alpha (docs)")
    func shadowOffset() throws {
        let c = try context(32, 32)
        c.scaleBy(x: 2, y: 2)
        c.rotate(by: .pi)                     // the CTM turns the drawing, not the shadow's offset
        c.setShadow(offset: CGSize(width: 10, height: -6), blur: 0)
        c.fill(CGRect(x: -6, y: -6, width: 2, height: 2))   // device pixels (8 ..< 12, 8 ..< 12), y up
        #expect(try pixel(c, 9, 9) == .black)
        let shadow = try #require(try pixel(c, 20, 3), "shadow at (8 + 10, 8 − 6)")
        #expect(shadow.alpha == 85 && shadow.red == 0, "black at alpha 1/3 = 85 of 255")
        #expect(try pixel(c, 20, 13)?.alpha == 0, "not above: a negative height moves the shadow down in y-up space")
    }

    @Test("a flipped context's shadow offset is in its own (y-down, point) base space, as UIKit contexts on iOS")
    func flippedShadow() throws {
        let c = try #require(CGContext.makeFlipped(width: 16, height: 16, scale: 2))
        c.setShadow(offset: CGSize(width: 4, height: 3), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.setFillColor(gray: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))      // pixels (0 ..< 4, 0 ..< 4) from the top
        let pixmap = try #require(c.makeImage()).pixmap
        #expect(pixmap.pixel(x: 9, y: 7) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255), "8 px right, 6 px down")
    }

    @Test("a transparency layer composites once with the alpha in effect at begin; inside, alpha is 1 (Quartz 2D guide)")
    func transparencyLayer() throws {
        let c = try context(8, 8)
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        #expect(c.state.alpha == 1)
        c.fill(CGRect(x: 0, y: 0, width: 6, height: 8))
        c.fill(CGRect(x: 2, y: 0, width: 6, height: 8))       // overlaps: opaque inside the group
        #expect(try pixel(c, 3, 3)?.alpha == 0, "nothing reaches the bitmap before endTransparencyLayer")
        c.endTransparencyLayer()
        #expect(c.state.alpha == 0.5)
        let overlap = try #require(try pixel(c, 3, 3)), single = try #require(try pixel(c, 0, 3))
        #expect(overlap.alpha == 128 && single.alpha == 128, "the overlap is no darker: the group is one object")
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            c.endTransparencyLayer()
            c.beginTransparencyLayer(auxiliaryInfo: nil)
            c.restoreGState()                                   // would pop the layer's own save
            c.endTransparencyLayer()
        }
        #expect(diagnostics.count == 2)
    }

    @Test("transparency layers nest, take the shadow at the end, and beginTransparencyLayer(in:) bounds the content")
    func layerVariants() throws {
        let c = try context(16, 16)
        c.setShadow(offset: CGSize(width: 4, height: 0), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        #expect(c.state.shadow == nil, "no shadow inside the layer")
        c.beginTransparencyLayer(in: CGRect(x: 0, y: 0, width: 4, height: 16), auxiliaryInfo: nil)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        c.endTransparencyLayer()
        c.endTransparencyLayer()
        #expect(try pixel(c, 1, 1) == .black)
        #expect(try pixel(c, 6, 1) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255),
                "only the bounded 4 columns were drawn, and the group's shadow lands 4 px right of them")
        #expect(try pixel(c, 9, 1) == .transparent)
    }

    @Test("draw(_:in:byTiling: true) repeats the image across the clip region")
    func tiling() throws {
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255]
        let image = CGImage(pixmap: try Pixmap(width: 2, height: 1, premultipliedBytes: bytes))
        let c = try context(8, 2)
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 0, y: 0, width: 6, height: 2))
        c.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 1), byTiling: true)
        #expect(try pixel(c, 4, 1)?.red == 255 && pixel(c, 5, 0)?.blue == 255)
        #expect(try pixel(c, 6, 0) == .transparent, "outside the clip")
    }

    @Test("clear(_:) makes a rectangle transparent whatever the alpha or blend mode (clear(_:) docs)")
    func clear() throws {
        let c = try context(8, 8)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        c.setAlpha(0.1)
        c.setBlendMode(.screen)
        c.clear(CGRect(x: 0, y: 0, width: 4, height: 8))
        #expect(try pixel(c, 1, 1) == .transparent)
        #expect(try pixel(c, 6, 1) == .black)
    }

    @Test("images are drawn upright in y-up space: the image's first row at the rectangle's top (draw(_:in:))")
    func imageOrientation() throws {
        let bytes: [UInt8] = [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255]   // red row, then blue row
        let image = CGImage(pixmap: try Pixmap(width: 2, height: 2, premultipliedBytes: bytes))
        let c = try context(4, 4)
        c.interpolationQuality = .none
        c.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(try pixel(c, 0, 3) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255), "top rows red")
        #expect(try pixel(c, 0, 0) == PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255), "bottom rows blue")
        let flipped = try #require(CGContext.makeFlipped(width: 4, height: 4, scale: 1))
        flipped.interpolationQuality = .none
        flipped.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(try #require(flipped.makeImage()).pixmap.pixel(x: 0, y: 0)?.blue == 255,
                "in a flipped context the image appears upside down, as on iOS")
    }

    @Test("interpolation quality none samples the nearest pixel; others interpolate")
    func interpolation() throws {
        let bytes: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 255]
        let image = CGImage(pixmap: try Pixmap(width: 2, height: 1, premultipliedBytes: bytes))
        let nearest = try context(8, 1), smooth = try context(8, 1)
        nearest.interpolationQuality = .none
        nearest.draw(image, in: CGRect(x: 0, y: 0, width: 8, height: 1))
        smooth.draw(image, in: CGRect(x: 0, y: 0, width: 8, height: 1))
        #expect(try pixel(nearest, 3, 0)?.red == 0 && pixel(nearest, 4, 0)?.red == 255)
        let middle = try #require(try pixel(smooth, 3, 0)).red
        #expect(middle > 50 && middle < 128)
    }

    @Test("bad input is reported and drawing goes on: NaN rectangles, negative widths, plusDarker, singular CTM")
    func badInput() throws {
        let c = try context(8, 8)
        let dot = CGImage(pixmap: try Pixmap(width: 1, height: 1))
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            c.fill(CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4))
            c.setLineWidth(-2)
            c.setMiterLimit(.infinity)
            c.setFlatness(0)
            c.setShadow(offset: CGSize(width: CGFloat.nan, height: 0), blur: 1, color: .black)
            c.setBlendMode(.plusDarker)
            c.draw(dot, in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
            c.saveGState()
            c.scaleBy(x: 0, y: 1)
            c.move(to: .zero); c.addLine(to: CGPoint(x: 4, y: 4))
            c.strokePath()
            c.restoreGState()
        }
        #expect(diagnostics.count >= 8, "\(diagnostics)")
        #expect(c.state.lineWidth == 1, "a negative width is ignored")
        #expect(c.state.blendMode == .plusDarker)
        c.setBlendMode(.normal)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(try pixel(c, 4, 4) == .black, "the context still draws")
    }

    @Test("plusDarker draws as multiply (the nearest W3C mode), with a diagnostic")
    func plusDarker() throws {
        let c = try context(4, 4), m = try context(4, 4)
        for (ctx, mode) in [(c, CGBlendMode.plusDarker), (m, .multiply)] {
            ctx.setFillColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            let (_, diagnostics) = KinemaDiagnostics.collecting { ctx.setBlendMode(mode) }
            #expect(diagnostics.count == (mode == .plusDarker ? 1 : 0))
            ctx.setFillColor(red: 1, green: 0.5, blue: 0.5, alpha: 0.8)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(try pixel(c, 1, 1) == pixel(m, 1, 1))
    }
}
