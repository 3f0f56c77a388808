// Seeded random drawing with extreme and invalid values (NaN, ±∞, ±1e300, huge scales, zero and
// negative sizes, absurd dash patterns, blurs and gradients), every CGContext operation mixed:
// nothing may trap, and the context must keep working — after the random run a plain fill still
// lands where it should.

import KinemaSupport
import Foundation
import KinemaGeometry
@testable import OpenCoreGraphics
import Testing
import KinemaTestSupport

@Suite("CGContext robustness (seeded)")
struct CGContextRobustnessTests {
    static let numbers: [CGFloat] = [0, 1, -1, 0.5, 7, 40, -40, 1e300, -1e300, 1e-300, .nan, .infinity, -.infinity]

    @Test("random drawing with extreme values never traps and leaves the context usable", arguments: TestEnvironment.seeds(ci: 8, long: 200))
    func randomDrawing(seed: UInt64) throws {
        var g = SplitMix64(state: seed &* 0x9FB2_1C65_1E98_DF25)
        func n() -> CGFloat { Self.numbers[Int.random(in: 0..<Self.numbers.count, using: &g)] }
        func sane() -> CGFloat { CGFloat(Double.random(in: -10...74, using: &g)) }
        func value() -> CGFloat { Bool.random(using: &g) ? n() : sane() }
        func point() -> CGPoint { CGPoint(x: value(), y: value()) }
        func rect() -> CGRect { CGRect(x: value(), y: value(), width: value(), height: value()) }
        let context = try #require(CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let image = try #require(CGContext(data: nil, width: 3, height: 5, bitsPerComponent: 8, bytesPerRow: 0,
                                           space: CGColorSpaceCreateDeviceRGB(),
                                           bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage())
        var locations: [CGFloat] = [0, 0.5, 1]
        /// What is open, innermost last: graphics-state saves (false) and transparency layers (true).
        var open: [Bool] = []
        _ = KinemaDiagnostics.collecting(logging: false) {
            context.restoreGState()   // unbalanced, on a fresh context
            context.endTransparencyLayer()
            context.saveGState()      // the state the check at the end returns to
            for _ in 0..<600 {
                switch Int.random(in: 0..<24, using: &g) {
                case 0: context.move(to: point())
                case 1: context.addLine(to: point())
                case 2: context.addCurve(to: point(), control1: point(), control2: point())
                case 3: context.addQuadCurve(to: point(), control: point())
                case 4: context.addArc(center: point(), radius: value(), startAngle: value(), endAngle: value(), clockwise: Bool.random(using: &g))
                case 5: context.addArc(tangent1End: point(), tangent2End: point(), radius: value())
                case 6: context.addRect(rect()); context.addEllipse(in: rect())
                case 7: context.fillPath(using: Bool.random(using: &g) ? .winding : .evenOdd)
                case 8: context.strokePath()
                case 9: context.setLineWidth(value()); context.setMiterLimit(value())
                case 10: context.setLineDash(phase: value(), lengths: (0..<Int.random(in: 0...4, using: &g)).map { _ in value() })
                case 11:
                    switch Int.random(in: 0..<4, using: &g) {
                    case 0: context.scaleBy(x: value(), y: value())
                    case 1: context.rotate(by: value())
                    case 2: context.translateBy(x: value(), y: value())
                    default: context.concatenate(CGAffineTransform(a: value(), b: value(), c: value(), d: value(), tx: value(), ty: value()))
                    }
                case 12: context.saveGState(); open.append(false)
                case 13: if open.last == false { context.restoreGState(); open.removeLast() }
                case 14: context.clip(to: rect())
                case 15: context.fill(rect()); context.stroke(rect(), width: value())
                case 16: context.setShadow(offset: CGSize(width: value(), height: value()), blur: value(),
                                           color: CGColor(red: 0, green: 0, blue: value(), alpha: value()))
                case 17: context.draw(image, in: rect(), byTiling: Bool.random(using: &g))
                case 18:
                    locations = [value(), value(), value()]
                    if let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                                            CGColor(gray: value(), alpha: 1),
                                                                            CGColor(red: 0, green: 0, blue: 1, alpha: value())],
                                                 locations: locations) {
                        if Bool.random(using: &g) {
                            context.drawLinearGradient(gradient, start: point(), end: point(), options: [.drawsBeforeStartLocation])
                        } else {
                            context.drawRadialGradient(gradient, startCenter: point(), startRadius: value(), endCenter: point(),
                                                       endRadius: value(), options: [.drawsAfterEndLocation])
                        }
                    }
                case 19:
                    if Bool.random(using: &g) { context.beginTransparencyLayer(auxiliaryInfo: nil) } else { context.beginTransparencyLayer(in: rect(), auxiliaryInfo: nil) }
                    open.append(true)
                case 20: if open.last == true { context.endTransparencyLayer(); open.removeLast() }
                case 21: context.setAlpha(value()); context.setBlendMode(CGBlendMode(rawValue: Int32.random(in: -1...30, using: &g)) ?? .normal)
                case 22: context.strokeLineSegments(between: (0..<Int.random(in: 0...5, using: &g)).map { _ in point() })
                default: context.replacePathWithStrokedPath(); _ = context.boundingBoxOfPath; _ = context.boundingBoxOfClipPath
                }
            }
            while let layer = open.popLast() {
                if layer { context.endTransparencyLayer() } else { context.restoreGState() }
            }
            context.restoreGState()
        }
        // Still usable: back in the first state, a plain fill lands.
        #expect(context.ctm.isIdentity, "seed \(seed)")
        context.setBlendMode(.copy)
        context.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        let pixels = try #require(context.makeImage())
        #expect(pixel(pixels, 32, 32) == [0, 255, 0, 255], "seed \(seed)")
    }

    /// The RGBA bytes of pixel (x, y), row 0 the top row.
    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 4)
        let context = CGContext(data: &bytes, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        context?.draw(image, in: CGRect(x: -Double(x), y: -Double(image.height - 1 - y), width: Double(image.width), height: Double(image.height)))
        return bytes
    }
}
