// CGPath and CGMutablePath: Apple's Swift API over the engine path.
import KinemaSupport
import Foundation
import Testing
@testable import OpenCoreGraphics

private func elements(_ path: CGPath) -> [(CGPathElementType, [CGPoint])] {
    var result: [(CGPathElementType, [CGPoint])] = []
    path.applyWithBlock { element in
        let count = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2, .addCurveToPoint: 3,
                     .closeSubpath: 0][element.pointee.type] ?? 0
        result.append((element.pointee.type, (0 ..< count).map { element.pointee.points[$0] }))
    }
    return result
}

@Suite("CGPath")
struct CGPathTests {
    @Test("applyWithBlock hands out each element's type and points in order (CGPathElement, CGPathElementType)")
    func applyWithBlock() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 3, y: 4))
        path.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 4, y: 8))
        path.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 6, y: 0), control2: CGPoint(x: 8, y: 1))
        path.closeSubpath()
        let seen = elements(path)
        #expect(seen.map(\.0) == [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(seen[2].1 == [CGPoint(x: 4, y: 8), CGPoint(x: 5, y: 6)], "control point first, then the end")
        #expect(seen[3].1 == [CGPoint(x: 6, y: 0), CGPoint(x: 8, y: 1), CGPoint(x: 9, y: 9)])
        #expect(CGPathElementType.addCurveToPoint.rawValue == 3 && CGLineCap.square.rawValue == 2 && CGLineJoin.bevel.rawValue == 2)
        var count = 0
        withUnsafeMutablePointer(to: &count) { counter in
            path.apply(info: counter) { info, _ in info?.assumingMemoryBound(to: Int.self).pointee += 1 }
        }
        #expect(count == 5)
    }

    @Test("CGPath(rect:) moves to the bottom-left corner and runs counterclockwise (addRect docs)")
    func rectOrder() {
        let seen = elements(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil))
        #expect(seen.map(\.1).flatMap { $0 } == [CGPoint(x: 1, y: 2), CGPoint(x: 4, y: 2), CGPoint(x: 4, y: 6), CGPoint(x: 1, y: 6)])
        #expect(seen.last?.0 == .closeSubpath)
    }

    @Test("boundingBox includes control points, boundingBoxOfPath does not; both CGRect.null when empty (docs)")
    func bounds() {
        let path = CGMutablePath()
        #expect(path.boundingBox.isNull && path.boundingBoxOfPath.isNull && path.isEmpty && path.currentPoint == .zero)
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(abs(path.boundingBoxOfPath.height - 7.5) < 1e-12, "the curve peaks at 3/4 of its control height")
        #expect(path.currentPoint == CGPoint(x: 10, y: 0))
    }

    @Test("contains(_:using:transform:): winding vs even-odd; the transform applies to the point (docs)")
    func contains() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        path.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        let inner = CGPoint(x: 5, y: 5)
        #expect(path.contains(inner, using: .winding))
        #expect(!path.contains(inner, using: .evenOdd))
        #expect(path.contains(CGPoint(x: 1, y: 1), using: .evenOdd))
        #expect(path.contains(CGPoint(x: 15, y: 1), transform: CGAffineTransform(translationX: -14, y: 0)))
        #expect(!path.contains(CGPoint(x: 11, y: 5)))
    }

    @Test("copy(strokingWithWidth:…) fills the stroke's area; the transform maps the path before stroking")
    func strokedCopy() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 0, y: 10))
        let outline = line.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(outline.contains(CGPoint(x: 1.9, y: 5)))
        #expect(!outline.contains(CGPoint(x: 2.1, y: 5)))
        #expect(outline.contains(CGPoint(x: 0, y: 11.9)), "round cap reaches half the width past the end")
        let scaled = line.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
                               transform: CGAffineTransform(scaleX: 3, y: 1))
        #expect(abs(scaled.boundingBoxOfPath.width - 4) < 1e-9, "the pen is not stretched by the transform")
        let (empty, diagnostics) = KinemaDiagnostics.collecting {
            line.copy(strokingWithWidth: -1, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        }
        #expect(empty.isEmpty && !diagnostics.isEmpty)
    }

    @Test("copy(dashingWithPhase:lengths:) returns the dashes as subpaths; the transform applies before dashing (docs)")
    func dashedCopy() {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10, y: 0))
        let dashed = line.copy(dashingWithPhase: 0, lengths: [2, 2])
        #expect(elements(dashed).filter { $0.0 == .moveToPoint }.count == 3)
        let scaled = line.copy(dashingWithPhase: 0, lengths: [2, 2], transform: CGAffineTransform(scaleX: 2, y: 1))
        #expect(elements(scaled).filter { $0.0 == .moveToPoint }.count == 5, "20 units long after the transform")
        #expect(line.copy(dashingWithPhase: 0, lengths: []) == line)
    }

    @Test("isRect recognises a rectangle path and writes it; ellipses and open paths are not rectangles")
    func isRect() {
        var rect = CGRect.null
        #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).isRect(&rect))
        #expect(rect == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil).isRect(nil))
        let open = CGMutablePath()
        open.addLines(between: [.zero, CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)])
        #expect(!open.isRect(nil))
        var rotation = CGAffineTransform(rotationAngle: 0.3)
        #expect(!CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: &rotation).isRect(nil))
    }

    @Test("copies are independent; equality compares elements (CFEqual); copy(using:) maps every point")
    func copiesAndEquality() throws {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 2))
        let frozen = try #require(path.copy())
        let mutable = try #require(path.mutableCopy())
        #expect(frozen == path && mutable == path)
        mutable.addLine(to: CGPoint(x: 9, y: 9))
        #expect(mutable != path && frozen == path)
        var shift = CGAffineTransform(translationX: 10, y: 0)
        let moved = try #require(path.copy(using: &shift))
        #expect(moved.boundingBox == CGRect(x: 10, y: 0, width: 4, height: 2))
        #expect(path.copy(using: nil) == path)
        #expect(Set([frozen, path, moved]).count == 2)
    }

    @Test("a path can add itself without deadlock")
    func addSelf() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        path.addPath(path, transform: CGAffineTransform(translationX: 2, y: 0))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 3, height: 1))
    }

    @Test("addArc: clockwise means decreasing angle in y-up space; addRelativeArc sweeps by delta (CGMutablePath docs)")
    func arcs() {
        let ccw = CGMutablePath()
        ccw.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(ccw.boundingBoxOfPath.minY > -1e-9, "counterclockwise from 0 to π/2 stays in the first quadrant")
        let cw = CGMutablePath()
        cw.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(cw.boundingBoxOfPath.minY + 1) < 1e-9, "clockwise goes the long way, through −y")
        let relative = CGMutablePath()
        relative.addRelativeArc(center: .zero, radius: 2, startAngle: 0, delta: -.pi / 2)
        #expect(abs(relative.currentPoint.y + 2) < 1e-9 && abs(relative.currentPoint.x) < 1e-9)
        let tangent = CGMutablePath()
        tangent.move(to: .zero)
        tangent.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
        #expect(abs(tangent.currentPoint.x - 10) < 1e-9 && abs(tangent.currentPoint.y - 2) < 1e-9)
    }

    @Test("bad input is dropped with a diagnostic: no current point, NaN, negative radius, oversized corners")
    func badInput() {
        let path = CGMutablePath()
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            path.addLine(to: CGPoint(x: 1, y: 1))
            path.move(to: CGPoint(x: CGFloat.nan, y: 0))
            path.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false)
            path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 4, height: 4), cornerWidth: 10, cornerHeight: 1)
        }
        #expect(diagnostics.count == 4, "\(diagnostics)")
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 4, height: 4), "only the clamped rounded rectangle was added")
        #expect(path.flattened(threshold: 0.1).boundingBox == path.boundingBoxOfPath)
    }
}
