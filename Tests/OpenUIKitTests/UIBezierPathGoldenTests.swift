// UIBezierPath drawn through UIGraphicsImageRenderer, compared with independent references drawn
// by cairo (Scripts/references/uikit_references.py; the case names match). cairo's device space
// is UIKit's (top-left, y down), so the script uses UIKit's coordinates as they are, and reads
// "clockwise" from UIBezierPath's documentation ("clockwise on screen"), not from Kinema's code.
//
// Tolerance: the two rasterizers anti-alias edges differently (Kinema integrates exact coverage
// on its flattened curves; cairo samples its own flattening), so edge pixels differ by a few
// levels and a handful by more where curves' flattenings part most. Interiors are exact. Each case
// states its bound; `maximum` is the largest channel difference allowed for all but the outliers.

import Foundation
import KinemaRaster
import KinemaTestSupport
import OpenUIKit
import Testing

@Suite struct UIBezierPathGoldenTests {
    static let folder = GoldenFolder("References", in: .module)

    /// Edges only: anti-aliasing differences between exact-area coverage and cairo's.
    /// Measured when written: largest difference 22, at most 9 pixels over 8, mean ≤ 0.06.
    static let edges = GoldenTolerance(maximum: 12, mean: 0.1, outlierFraction: 0.001,
                                       reason: "edge anti-aliasing: exact-area coverage vs cairo")

    static let cases: [String] = [
        "arc_clockwise", "arc_counterclockwise", "arc_joined", "rounded_selected_corners", "rounded_clamped",
        "dashes", "even_odd", "nonzero_reversed", "round_joins_scale2", "pattern_fill",
    ]

    /// A colour from 8-bit levels (the references use the same levels).
    static func color(_ r: Int, _ g: Int, _ b: Int) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: 1)
    }

    /// Renders `draw` on white at `scale` and compares it with the reference `name`.
    func check(_ name: String, width: CGFloat = 96, height: CGFloat = 96, scale: CGFloat = 1,
               tolerance: GoldenTolerance = edges, sourceLocation: SourceLocation = #_sourceLocation,
               _ draw: (CGRect) -> Void) throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let image = UIGraphicsImageRenderer(size: bounds.size, format: format).image { _ in
            UIColor.white.setFill()
            UIRectFill(bounds)
            draw(bounds)
        }
        let pixmap = try #require(image.cgImage?.pixmap)
        let reference = try Self.folder.pixmap(name + ".png")
        Self.folder.expect(pixmap, matches: reference, named: name, within: tolerance, sourceLocation: sourceLocation)
    }

    @Test func inventory() throws {
        try Self.folder.expectInventory(Set(Self.cases.map { $0 + ".png" }))
    }

    /// UIBezierPath docs, clockwise: "clockwise direction" on screen — the seed's counter view,
    /// 3π/4 → π/4 clockwise, leaves its gap at the bottom.
    @Test func arcClockwise() throws {
        try check("arc_clockwise") { _ in
            let path = UIBezierPath(arcCenter: CGPoint(x: 48, y: 48), radius: 32, startAngle: .pi * 3 / 4,
                                    endAngle: .pi / 4, clockwise: true)
            path.lineWidth = 10
            Self.color(255, 128, 0).setStroke()
            path.stroke()
        }
    }

    @Test func arcCounterclockwise() throws {
        try check("arc_counterclockwise") { _ in
            let path = UIBezierPath(arcCenter: CGPoint(x: 48, y: 48), radius: 32, startAngle: .pi * 3 / 4,
                                    endAngle: .pi / 4, clockwise: false)
            path.lineWidth = 10
            path.lineCapStyle = .round
            Self.color(0, 102, 204).setStroke()
            path.stroke()
        }
    }

    /// addArc after move(to:) joins the current point to the arc's start with a line.
    @Test func arcJoinedToCurrentPoint() throws {
        try check("arc_joined") { _ in
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 48, y: 48))
            path.addArc(withCenter: CGPoint(x: 48, y: 48), radius: 36, startAngle: 0, endAngle: .pi / 2, clockwise: true)
            path.close()
            Self.color(204, 51, 51).setFill()
            path.fill()
        }
    }

    /// UIRectCorner names corners in UIKit's y-down space; cornerRadii is an ellipse.
    @Test func roundedSelectedCorners() throws {
        try check("rounded_selected_corners") { _ in
            let path = UIBezierPath(roundedRect: CGRect(x: 12, y: 16, width: 72, height: 56),
                                    byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 20, height: 12))
            Self.color(51, 77, 204).setFill()
            path.fill()
        }
    }

    /// init(roundedRect:cornerRadius:) docs: radii beyond half the side are clamped.
    @Test func roundedClamped() throws {
        try check("rounded_clamped") { _ in
            let path = UIBezierPath(roundedRect: CGRect(x: 8, y: 28, width: 80, height: 40), cornerRadius: 40)
            Self.color(26, 153, 102).setFill()
            path.fill()
        }
    }

    @Test func dashes() throws {
        try check("dashes") { _ in
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 10, y: 20))
            path.addLine(to: CGPoint(x: 86, y: 20))
            path.addLine(to: CGPoint(x: 86, y: 76))
            path.addLine(to: CGPoint(x: 10, y: 76))
            let pattern: [CGFloat] = [12, 6]
            path.setLineDash(pattern, count: 2, phase: 3)
            path.lineWidth = 4
            Self.color(51, 51, 153).setStroke()
            path.stroke()
        }
    }

    static func squareWithCircles(firstReversed: Bool) -> UIBezierPath {
        let path = UIBezierPath(rect: CGRect(x: 8, y: 8, width: 80, height: 80))
        let first = UIBezierPath(ovalIn: CGRect(x: 16, y: 16, width: 44, height: 44))
        path.append(firstReversed ? first.reversing() : first)
        path.append(UIBezierPath(ovalIn: CGRect(x: 36, y: 36, width: 44, height: 44)))
        return path
    }

    @Test func evenOdd() throws {
        try check("even_odd") { _ in
            let path = Self.squareWithCircles(firstReversed: false)
            path.usesEvenOddFillRule = true
            Self.color(26, 128, 51).setFill()
            path.fill()
        }
    }

    /// reversing() turns a subpath round, so under non-zero winding it cuts a hole.
    @Test func nonzeroWithReversedSubpath() throws {
        try check("nonzero_reversed") { _ in
            Self.color(26, 128, 51).setFill()
            Self.squareWithCircles(firstReversed: true).fill()
        }
    }

    /// A renderer of scale 2: the context is in points, scaled to pixels.
    @Test func roundJoinsAtScale2() throws {
        // Round joins and caps and a curve, flattened differently by the two renderers: 60 of
        // 12,288 pixels differ by more than 8 (at most 19) when written.
        let curved = GoldenTolerance(maximum: 12, mean: 0.1, outlierFraction: 0.003,
                                     reason: "round joins, caps and a curve: the renderers flatten them differently")
        try check("round_joins_scale2", width: 64, height: 48, scale: 2, tolerance: curved) { _ in
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 8, y: 40))
            path.addLine(to: CGPoint(x: 24, y: 8))
            path.addLine(to: CGPoint(x: 40, y: 40))
            path.addCurve(to: CGPoint(x: 58, y: 30), controlPoint1: CGPoint(x: 48, y: 8), controlPoint2: CGPoint(x: 56, y: 8))
            path.lineWidth = 5
            path.lineCapStyle = .round
            path.lineJoinStyle = .round
            Self.color(153, 26, 128).setStroke()
            path.stroke()
        }
    }

    /// UIColor(patternImage:) as a fill colour tiles the image upright from the origin.
    @Test func patternFill() throws {
        let tile = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8), format: {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            return format
        }()).image { _ in
            UIColor.yellow.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 8, height: 8))
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
            UIRectFill(CGRect(x: 4, y: 4, width: 4, height: 4))
        }
        try check("pattern_fill") { _ in
            UIColor(patternImage: tile).setFill()
            UIBezierPath(ovalIn: CGRect(x: 10, y: 14, width: 76, height: 64)).fill()
        }
    }
}
