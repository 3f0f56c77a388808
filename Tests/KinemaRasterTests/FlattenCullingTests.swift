// Flattening for a canvas (`Path.flattened(tolerance:keeping:)`): curves that cannot reach the
// canvas become chords and huge curves crossing it are halved, so filling costs what is visible —
// found by the paths fuzz target (issue 19: 20 arcs of radius 10^9 took over 10 s to fill into a
// 48 × 48 context). Checked by point counts (work) and by filling both flattenings (pixels).
import Foundation
import KinemaGeometry
import KinemaRaster
import Testing

private func fill(_ contours: [PathContour], rule: CGPathFillRule, side: Int) throws -> [UInt8] {
    var path = RasterPath()
    for contour in contours where contour.points.count > 1 {
        path.addPolygon(contour.points.map { DevicePoint(x: Double($0.x), y: Double($0.y)) })
    }
    var pixmap = try Pixmap(width: side, height: side)
    pixmap.fill(path, color: .white, rule: rule)
    return pixmap.premultipliedBytes
}

private func pointCount(_ contours: [PathContour]) -> Int {
    contours.reduce(0) { $0 + $1.points.count }
}

@Suite("Flattening for a canvas")
struct FlattenCullingTests {
    static let side = 48
    static let box = CGRect(x: -2, y: -2, width: side + 4, height: side + 4)

    @Test("20 arcs of radius 10^9 (the fuzzer's input) flatten to a few thousand points, not 21 million")
    func hugeArcs() {
        var path = Path()
        path.move(to: CGPoint(x: 4, y: 4))
        for _ in 0 ..< 20 {
            path.addRelativeArc(center: CGPoint(x: 1e9, y: 1e9), radius: 1e9, startAngle: 1e9, delta: 1e9)
        }
        let culled = path.flattened(tolerance: 0.05, keeping: Self.box)
        // Without the box each of the 20 × 64 quarter-circle pieces is cut into 16,384 chords.
        #expect(pointCount(culled) < 20_000)
        #expect(pointCount(culled) > 20)
    }

    @Test("curves inside the box, and curves of ordinary size crossing it, flatten to the same points; others are chords")
    func ordinaryCurvesUnchanged() {
        var path = Path()
        path.addEllipse(in: CGRect(x: 4, y: 4, width: 40, height: 30))
        path.move(to: CGPoint(x: -100, y: -100))
        path.addQuadCurve(to: CGPoint(x: 100, y: 60), control: CGPoint(x: 20, y: 900))   // crosses the box
        path.addCurve(to: CGPoint(x: 3000, y: -40), control1: CGPoint(x: 20, y: -3000), control2: CGPoint(x: 2000, y: 30))
        #expect(path.flattened(tolerance: 0.05, keeping: Self.box) == path.flattened(tolerance: 0.05))
        // A curve wholly outside (right of the box) is its chord.
        var outside = Path()
        outside.move(to: CGPoint(x: 100, y: 0))
        outside.addCurve(to: CGPoint(x: 100, y: 40), control1: CGPoint(x: 900, y: 0), control2: CGPoint(x: 900, y: 40))
        #expect(outside.flattened(tolerance: 0.05, keeping: Self.box).map(\.points)
                == [[CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 40)]])
    }

    @Test("huge curves crossing the canvas fill the same pixels as their full flattening", arguments: [CGPathFillRule.winding, .evenOdd])
    func hugeCurvesSamePixels(rule: CGPathFillRule) throws {
        var path = Path()
        // A circle of radius 40,000 px whose edge crosses the canvas, a huge cubic swinging
        // through it, a huge quadratic beside it, and a small triangle inside.
        path.addEllipse(in: CGRect(x: 24 - 80_000, y: -40_000 + 20, width: 80_000, height: 80_000))
        path.move(to: CGPoint(x: -50_000, y: 30))
        path.addCurve(to: CGPoint(x: 60_000, y: 10), control1: CGPoint(x: 10, y: -90_000), control2: CGPoint(x: 30, y: 95_000))
        path.addQuadCurve(to: CGPoint(x: -70_000, y: 44), control: CGPoint(x: 20, y: 120_000))
        path.closeSubpath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 40, y: 12))
        path.addLine(to: CGPoint(x: 20, y: 40))
        path.closeSubpath()
        let full = path.flattened(tolerance: 0.05)
        let culled = path.flattened(tolerance: 0.05, keeping: Self.box)
        #expect(pointCount(culled) * 4 < pointCount(full))
        let expected = try fill(full, rule: rule, side: Self.side)
        let actual = try fill(culled, rule: rule, side: Self.side)
        let differing = zip(expected, actual).filter { $0 != $1 }
        let largest = zip(expected, actual).map { abs(Int($0) - Int($1)) }.max() ?? 0
        // Chords and the finer halves are summed in another order: rounding may move a level.
        #expect(largest <= 1, "\(differing.count) bytes differ, by up to \(largest)")
        #expect(expected.contains { $0 != 0 })
    }
}

@Suite("Stroking for a canvas")
struct StrokeCullingTests {
    static let side = 48
    static let box = CGRect(x: 0, y: 0, width: side, height: side)

    /// The paths fuzz target's input: a line into the canvas, then 20 arcs of radius 10^9.
    static var hugeArcs: Path {
        var path = Path()
        path.move(to: CGPoint(x: 4, y: 4))
        path.addLine(to: CGPoint(x: 40, y: 30))
        for _ in 0 ..< 20 {
            path.addRelativeArc(center: CGPoint(x: 1e9, y: 1e9), radius: 1e9, startAngle: 1e9, delta: 1e9)
        }
        return path
    }

    @Test("the fuzzer's 20 arcs of radius 10^9 stroke to a small outline over a 48-pixel canvas")
    func hugeArcsStrokeCheaply() {
        let outline = Self.hugeArcs.stroked(StrokeStyle(width: 3, join: .round), tolerance: 0.05, keeping: Self.box)
        let points = pointCount(outline.flattened(tolerance: 0.05))
        // Without the box: at least 16,384 samples for each of the 1,280 quarter-circle pieces.
        #expect(points < 20_000)
        #expect(points > 4)
    }

    @Test("huge curves, dashes and subpaths outside stroke the same pixels with and without the box",
          arguments: [false, true])
    func samePixels(dashed: Bool) throws {
        var path = Path()
        path.addEllipse(in: CGRect(x: 24 - 50_000, y: -25_000 + 20, width: 50_000, height: 50_000))
        path.move(to: CGPoint(x: -30_000, y: 30))
        path.addCurve(to: CGPoint(x: 40_000, y: 10), control1: CGPoint(x: 10, y: -60_000), control2: CGPoint(x: 30, y: 65_000))
        path.move(to: CGPoint(x: 300, y: 300))   // a subpath far outside
        path.addLine(to: CGPoint(x: 900, y: 320))
        path.addQuadCurve(to: CGPoint(x: 5, y: 44), control: CGPoint(x: 400, y: 40))
        var style = StrokeStyle(width: 4, cap: .square, join: .miter, miterLimit: 10)
        if dashed { style.dash = DashPattern(phase: 1, lengths: [37, 13, 0, 13]) }
        let transform = PathTransform.scale(1, 1)
        let full = path.stroked(style, transform: transform, tolerance: 0.05)
        let culled = path.stroked(style, transform: transform, tolerance: 0.05, keeping: Self.box)
        #expect(culled.elementCount * 2 < full.elementCount)
        let expected = try fill(full.flattened(tolerance: 0.05), rule: .winding, side: Self.side)
        let actual = try fill(culled.flattened(tolerance: 0.05), rule: .winding, side: Self.side)
        let largest = zip(expected, actual).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 1, "\(zip(expected, actual).filter { $0 != $1 }.count) bytes differ, by up to \(largest)")
        #expect(expected.contains { $0 != 0 })
    }
}
