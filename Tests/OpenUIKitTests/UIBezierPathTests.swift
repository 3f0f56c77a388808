// UIBezierPath's values against Apple's documentation (UIBezierPath class reference).
import Foundation
import KinemaSupport
import OpenUIKit
import Testing

@Suite struct UIBezierPathTests {
    func elements(_ path: UIBezierPath) -> [(CGPathElementType, [CGPoint])] {
        var out: [(CGPathElementType, [CGPoint])] = []
        path.cgPath.applyWithBlock { element in
            let count = switch element.pointee.type {
            case .moveToPoint, .addLineToPoint: 1
            case .addQuadCurveToPoint: 2
            case .addCurveToPoint: 3
            case .closeSubpath: 0
            }
            out.append((element.pointee.type, (0..<count).map { element.pointee.points[$0] }))
        }
        return out
    }

    /// Docs: lineWidth "default value is 1.0", miterLimit "default value is 10", flatness
    /// "default flatness value is 0.6", lineCapStyle .butt, lineJoinStyle .miter, even-odd false.
    @Test func defaults() {
        let path = UIBezierPath()
        #expect(path.lineWidth == 1 && path.miterLimit == 10 && path.flatness == 0.6)
        #expect(path.lineCapStyle == .butt && path.lineJoinStyle == .miter && !path.usesEvenOddFillRule)
        #expect(path.isEmpty && path.currentPoint == .zero)
        var count = -1
        path.getLineDash(nil, count: &count, phase: nil)
        #expect(count == 0)
    }

    /// init(rect:): a closed subpath from the origin, clockwise on screen.
    @Test func rectElements() {
        let e = elements(UIBezierPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)))
        #expect(e.map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(e.prefix(4).map { $0.1[0] } == [CGPoint(x: 1, y: 2), CGPoint(x: 4, y: 2), CGPoint(x: 4, y: 6), CGPoint(x: 1, y: 6)])
    }

    /// UIKit's clockwise is clockwise on screen (y down): increasing angle. A quarter arc
    /// clockwise from 0 ends at (cx, cy + r), below the centre.
    @Test func arcClockwiseIsIncreasingAngleOnScreen() {
        let cw = UIBezierPath(arcCenter: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(cw.currentPoint.x - 10) < 1e-9 && abs(cw.currentPoint.y - 15) < 1e-9)
        #expect(cw.bounds.minY >= 10 - 1e-9)   // stays in the lower-right quadrant
        let ccw = UIBezierPath(arcCenter: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(ccw.bounds.minY < 6)           // the long way round, over the top
        let full = UIBezierPath(arcCenter: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(abs(full.bounds.width - 2) < 0.01 && abs(full.bounds.height - 2) < 0.01)
    }

    /// contains(_:) follows usesEvenOddFillRule.
    @Test func containsUsesFillRule() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.append(UIBezierPath(rect: CGRect(x: 2, y: 2, width: 6, height: 6)))
        #expect(path.contains(CGPoint(x: 5, y: 5)))
        path.usesEvenOddFillRule = true
        #expect(!path.contains(CGPoint(x: 5, y: 5)))
        #expect(path.contains(CGPoint(x: 1, y: 1)))
        #expect(!path.contains(CGPoint(x: 11, y: 1)))
    }

    /// bounds "includes the control points" (not the tight bounds).
    @Test func boundsIncludeControlPoints() {
        let path = UIBezierPath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 10, y: 0), controlPoint: CGPoint(x: 5, y: 10))
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func reversingKeepsShapeAndFlipsDirection() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addCurve(to: CGPoint(x: 10, y: 10), controlPoint1: CGPoint(x: 12, y: 3), controlPoint2: CGPoint(x: 12, y: 7))
        path.lineWidth = 3
        let reversed = path.reversing()
        let e = elements(reversed)
        #expect(e.map(\.0) == [.moveToPoint, .addCurveToPoint, .addLineToPoint])
        #expect(e[0].1 == [CGPoint(x: 10, y: 10)])
        #expect(e[1].1 == [CGPoint(x: 12, y: 7), CGPoint(x: 12, y: 3), CGPoint(x: 10, y: 0)])
        #expect(e[2].1 == [.zero])
        #expect(reversed.lineWidth == 3)
        #expect(reversed.bounds == path.bounds)
        // A closed subpath stays closed.
        let closed = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).reversing()
        #expect(elements(closed).last?.0 == .closeSubpath)
        #expect(elements(closed)[1].1 == [CGPoint(x: 0, y: 4)])
    }

    @Test func applyTransformAndCGPathRoundTrip() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2))
        path.apply(CGAffineTransform(translationX: 5, y: 1).scaledBy(x: 2, y: 3))
        #expect(path.bounds == CGRect(x: 5, y: 1, width: 4, height: 6))
        let copy = UIBezierPath(cgPath: path.cgPath)
        #expect(copy.cgPath == path.cgPath)
        copy.cgPath = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        #expect(copy.bounds == CGRect(x: 0, y: 0, width: 1, height: 1))
        copy.removeAllPoints()
        #expect(copy.isEmpty)
    }

    @Test func lineDashRoundTrip() {
        let path = UIBezierPath()
        let pattern: [CGFloat] = [4, 2, 1]
        path.setLineDash(pattern, count: 3, phase: 1.5)
        var out = [CGFloat](repeating: 0, count: 3)
        var count = 0
        var phase: CGFloat = 0
        out.withUnsafeMutableBufferPointer { path.getLineDash($0.baseAddress, count: &count, phase: &phase) }
        #expect(out == pattern && count == 3 && phase == 1.5)
        let bad: [CGFloat] = [-1, 2]
        let (_, reports) = KinemaDiagnostics.collecting { path.setLineDash(bad, count: 2, phase: 0) }
        #expect(reports.count == 1)
        path.getLineDash(nil, count: &count, phase: nil)
        #expect(count == 0)
    }

    /// Corners are clamped "appropriately to half the width or height".
    @Test func roundedRectRadiiAreClamped() {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 50)
        #expect(path.contains(CGPoint(x: 20, y: 10)))
        #expect(!path.contains(CGPoint(x: 1, y: 1)))          // rounded by 10, not square
        #expect(path.contains(CGPoint(x: 10, y: 1)))          // the flat top starts at x = 10
        let one = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20),
                               byRoundingCorners: .topRight, cornerRadii: CGSize(width: 8, height: 8))
        #expect(one.contains(CGPoint(x: 0.5, y: 0.5)))        // top-left stays square
        #expect(!one.contains(CGPoint(x: 39.5, y: 0.5)))      // top-right (minY in y-down) is rounded
        #expect(one.contains(CGPoint(x: 39.5, y: 19.5)))
    }

    /// Drawing with no current context does nothing and reports (iOS logs "invalid context").
    @Test func drawingWithoutContextReports() {
        let (_, reports) = KinemaDiagnostics.collecting {
            let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
            path.fill()
            path.stroke()
            path.addClip()
        }
        #expect(reports.count == 3)
    }

    /// Segments without a current point are ignored (Core Graphics logs "no current point").
    @Test func lineWithoutCurrentPointIsIgnored() {
        let (path, reports) = KinemaDiagnostics.collecting { () -> UIBezierPath in
            let path = UIBezierPath()
            path.addLine(to: CGPoint(x: 1, y: 1))
            return path
        }
        #expect(path.isEmpty)
        #expect(!reports.isEmpty)
    }

    /// fill() saves and restores the state: the path's attributes do not leak; addClip() does change it.
    @Test func fillLeavesStateAndAddClipChangesIt() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: UIKitTestSupport.format()).image { context in
            let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 4))
            path.lineWidth = 9
            UIColor.red.setFill()
            path.fill(with: .normal, alpha: 0.5)
            #expect(context.cgContext.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 4, height: 4))
            path.addClip()
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(UIKitTestSupport.pixel(image, 0, 0) == [0, 0, 255, 255])
        #expect(UIKitTestSupport.pixel(image, 3, 0) == [0, 0, 0, 0])
    }
}
