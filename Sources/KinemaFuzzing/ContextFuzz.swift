// ContextFuzz: a run of CGContext calls read from a fuzz input — graphics state saved and
// restored (unbalanced too), the CTM, clipping, fills and strokes, shadows, transparency layers,
// images, gradients, blend modes and colours, with extreme numbers — for KinemaFuzzLayers (whose
// layers then show what was drawn as their contents).
//
// Audited against: the CGContext API as OpenCoreGraphics declares it (state, CTM, path, painting,
// clipping, images, gradients, transparency layers). Status: complete except text drawing.

import Foundation
import KinemaRaster
import OpenCoreGraphics

/// The CGContext part of the layer fuzz target.
///
/// ```swift
/// var input = FuzzInput(bytes)
/// ContextFuzz.draw(into: context, calls: 8, &input)
/// ```
/// **Semantics.** Never traps on any input. **Cost.** `calls` calls on the context given (a 48 × 48
/// canvas in the target); transparency layers nest at most `calls` deep.
package enum ContextFuzz {
    /// An 8 × 8 image with a gradient of colours and alphas, drawn by the image calls.
    package static let image: CGImage = {
        var bytes: [UInt8] = []
        for y in 0 ..< 8 {
            for x in 0 ..< 8 {
                let alpha = UInt8(255 - y * 16)
                bytes += [UInt8(x * 32) & alpha, UInt8(y * 32) & alpha, alpha / 2, alpha]
            }
        }
        let pixmap = (try? Pixmap(width: 8, height: 8, premultipliedBytes: bytes)) ?? .onePixel
        return CGImage(pixmap: pixmap)
    }()

    /// Runs `calls` context calls read from `input` on `context`.
    package static func draw(into context: CGContext, calls: Int, _ input: inout FuzzInput) {
        for _ in 0 ..< calls {
            call(context, &input)
        }
    }

    private static func call(_ context: CGContext, _ input: inout FuzzInput) {
        switch input.choice(30) {
        case 0: context.saveGState()
        case 1: context.restoreGState()
        case 2: context.translateBy(x: input.number(), y: input.number())
        case 3: context.scaleBy(x: input.number(), y: input.number())
        case 4: context.rotate(by: input.number())
        case 5: context.concatenate(input.affineTransform())
        case 6: context.clip(to: input.rect())
        case 7:
            context.addEllipse(in: input.rect())
            context.addRect(input.rect())
            context.clip(using: input.flag() ? .evenOdd : .winding)
        case 8: context.clip(to: (0 ..< input.choice(4)).map { _ in input.rect() })
        case 9: context.resetClip()
        case 10: context.fill(input.rect())
        case 11: context.fillEllipse(in: input.rect())
        case 12: context.stroke(input.rect(), width: input.number())
        case 13: context.strokeLineSegments(between: (0 ..< input.choice(7)).map { _ in input.point() })
        case 14:
            context.move(to: input.point())
            context.addLine(to: input.point())
            context.addQuadCurve(to: input.point(), control: input.point())
            context.addCurve(to: input.point(), control1: input.point(), control2: input.point())
            context.addArc(center: input.point(), radius: input.number(), startAngle: input.number(),
                           endAngle: input.number(), clockwise: input.flag())
            context.addArc(tangent1End: input.point(), tangent2End: input.point(), radius: input.number())
            if input.flag() { context.closePath() }
            context.drawPath(using: CGPathDrawingMode(rawValue: Int32(input.choice(5))) ?? .fill)
        case 15:
            context.setLineWidth(input.number())
            context.setLineCap(CGLineCap(rawValue: Int32(input.choice(3))) ?? .butt)
            context.setLineJoin(CGLineJoin(rawValue: Int32(input.choice(3))) ?? .miter)
            context.setMiterLimit(input.number())
            context.setLineDash(phase: input.number(), lengths: input.numbers(upTo: 5))
        case 16:
            if input.flag() {
                context.setShadow(offset: input.size(), blur: input.number())
            } else {
                context.setShadow(offset: input.size(), blur: input.number(), color: input.flag() ? input.color() : nil)
            }
        case 17:
            if input.flag() {
                context.beginTransparencyLayer(auxiliaryInfo: nil)
            } else {
                context.beginTransparencyLayer(in: input.rect(), auxiliaryInfo: nil)
            }
        case 18: context.endTransparencyLayer()
        case 19: context.draw(image, in: input.rect(), byTiling: input.flag())
        case 20:
            if let gradient = gradient(&input) {
                context.drawLinearGradient(gradient, start: input.point(), end: input.point(),
                                           options: CGGradientDrawingOptions(rawValue: UInt32(input.choice(4))))
            }
        case 21:
            if let gradient = gradient(&input) {
                context.drawRadialGradient(gradient, startCenter: input.point(), startRadius: input.number(),
                                           endCenter: input.point(), endRadius: input.number(),
                                           options: CGGradientDrawingOptions(rawValue: UInt32(input.choice(4))))
            }
        case 22: context.setBlendMode(CGBlendMode(rawValue: Int32(input.choice(28))) ?? .normal)
        case 23: context.setAlpha(input.number())
        case 24: context.setFillColor(input.color())
        case 25: context.setStrokeColor(input.color())
        case 26: context.clear(input.rect())
        case 27:
            context.addRect(input.rect())
            context.replacePathWithStrokedPath()
            _ = context.pathContains(input.point(), mode: .fill)
            context.fillPath()
        case 28:
            context.setFlatness(input.number())
            context.setShouldAntialias(input.flag())
            context.interpolationQuality = CGInterpolationQuality(rawValue: Int32(input.choice(5))) ?? .default
        default:
            _ = context.makeImage()?.cropping(to: input.rect())
        }
    }

    private static func gradient(_ input: inout FuzzInput) -> CGGradient? {
        let colors = (0 ..< input.choice(5)).map { _ in input.color() }
        if input.flag() {
            return CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: nil)
        }
        let locations = (0 ..< colors.count).map { _ in input.number() }
        return locations.withUnsafeBufferPointer {
            CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: $0.baseAddress)
        }
    }
}
