// Compositor: CAShapeLayer fills and strokes (trim, dash, fill rule) and CAGradientLayer's
// three types. Expected colours are closed forms (linear interpolation of the stops at the
// probe's parameter); tolerances are stated per probe.

import Foundation
import KinemaRaster
import KinemaRenderServer
import OpenQuartzCore
import Testing

@MainActor
@Suite("Compositor shapes and gradients")
struct CompositorShapeGradientTests {
    func line(_ configure: (CAShapeLayer) -> Void) throws -> Pixmap {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 10))
        path.addLine(to: CGPoint(x: 100, y: 10))
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = Ink.black
        shape.lineWidth = 4
        configure(shape)
        return try composite(shape, width: 100, height: 20)
    }

    /// strokeStart / strokeEnd trim by arc length: 0 … 0.5 strokes x 0 … 50 only.
    @Test func strokeTrim() throws {
        let half = try line { $0.strokeEnd = 0.5 }
        #expect(half.rgba(25, 10) == premul(0, 0, 0))
        #expect(half.rgba(75, 10).a == 0)
        let second = try line { $0.strokeStart = 0.5 }
        #expect(second.rgba(25, 10).a == 0)
        #expect(second.rgba(75, 10) == premul(0, 0, 0))
        // The stroke is lineWidth wide about the path: rows 8 and 11 in, 7 and 12 out.
        #expect(half.rgba(25, 8).a == 255 && half.rgba(25, 11).a == 255)
        #expect(half.rgba(25, 7).a == 0 && half.rgba(25, 12).a == 0)
    }

    /// lineDashPattern [10, 10]: on 0 … 10, off 10 … 20, on 20 … 30.
    @Test func dashes() throws {
        let dashed = try line { $0.lineDashPattern = [10, 10] }
        #expect(dashed.rgba(5, 10).a == 255)
        #expect(dashed.rgba(15, 10).a == 0)
        #expect(dashed.rgba(25, 10).a == 255)
        let shifted = try line { $0.lineDashPattern = [10, 10]; $0.lineDashPhase = 10 }
        #expect(shifted.rgba(5, 10).a == 0)
        #expect(shifted.rgba(15, 10).a == 255)
    }

    /// The fill, with its rule, under the stroke; a shape is not clipped to its bounds.
    @Test func fillRuleAndNoClip() throws {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        let path = CGMutablePath()
        path.addRect(CGRect(x: -10, y: -10, width: 40, height: 40))
        path.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        shape.path = path
        shape.fillColor = Ink.red
        shape.fillRule = .evenOdd
        let root = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        root.addSublayer(shape)
        let frame = try composite(root, width: 40, height: 40)
        #expect(frame.rgba(2, 2) == premul(1, 0, 0))   // outside the bounds, drawn
        #expect(frame.rgba(20, 20).a == 0)            // the even-odd hole
        shape.fillRule = .nonZero
        #expect(try composite(root, width: 40, height: 40).rgba(20, 20) == premul(1, 0, 0))
    }

    func gradient(_ configure: (CAGradientLayer) -> Void) throws -> Pixmap {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [Ink.red, Ink.blue]
        configure(layer)
        return try composite(layer, width: 100, height: 100)
    }

    /// Axial, default points (0.5, 0) → (0.5, 1): row y has t = (y + 0.5) / 100.
    /// Tolerance 2 levels (the 1024-entry colour table and 8-bit rounding).
    @Test func axial() throws {
        let frame = try gradient { _ in }
        for y in [0, 25, 50, 99] {
            let t = (Double(y) + 0.5) / 100
            #expect(frame.rgba(50, y).near(premul(1 - t, 0, t), 2), "row \(y): \(frame.rgba(50, y))")
        }
        // Locations [0, 0.25]: past a quarter the last colour holds.
        let early = try gradient { $0.locations = [0, 0.25] }
        #expect(early.rgba(50, 60) == premul(0, 0, 1))
        #expect(early.rgba(50, 12).near(premul(0.5, 0, 0.5), 2))
        // Horizontal: startPoint (0, 0.5) → endPoint (1, 0.5).
        let across = try gradient { $0.startPoint = CGPoint(x: 0, y: 0.5); $0.endPoint = CGPoint(x: 1, y: 0.5) }
        #expect(across.rgba(24, 80).near(premul(0.755, 0, 0.245), 2))
    }

    /// Radial: an ellipse centred at startPoint with half-axes |end − start| (unit coordinates
    /// of the bounds); t = elliptic distance. On a 100 × 100 layer, start (0.5, 0.5), end
    /// (1, 0.75): half-axes 50 × 25 points.
    @Test func radial() throws {
        let frame = try gradient {
            $0.type = .radial
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.75)
        }
        func expected(_ x: Int, _ y: Int) -> RGBA {
            let dx = (Double(x) + 0.5 - 50) / 50, dy = (Double(y) + 0.5 - 50) / 25
            let t = min((dx * dx + dy * dy).squareRoot(), 1)
            return premul(1 - t, 0, t)
        }
        for (x, y) in [(50, 50), (75, 50), (50, 62), (90, 50), (50, 80), (5, 5)] {
            #expect(frame.rgba(x, y).near(expected(x, y), 2), "(\(x), \(y)): \(frame.rgba(x, y)) vs \(expected(x, y))")
        }
    }

    /// Conic: around startPoint, from the direction of endPoint, clockwise on screen (y down);
    /// t = angle / 2π.
    @Test func conic() throws {
        let frame = try gradient {
            $0.type = .conic
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        func expected(_ x: Int, _ y: Int) -> RGBA {
            var angle = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50)
            if angle < 0 { angle += 2 * .pi }
            let t = angle / (2 * .pi)
            return premul(1 - t, 0, t)
        }
        for (x, y) in [(80, 60), (50, 90), (10, 50), (50, 10), (80, 45)] {
            #expect(frame.rgba(x, y).near(expected(x, y), 2), "(\(x), \(y)): \(frame.rgba(x, y)) vs \(expected(x, y))")
        }
    }
}
