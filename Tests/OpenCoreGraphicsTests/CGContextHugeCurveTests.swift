// Filling and stroking curves far larger than the canvas costs what is visible (issue 19: the
// paths fuzz target found 20 arcs of radius 10^9 taking over 10 s to fill and 2 GB to stroke
// with a dash into a 48 × 48 context). The work is bounded through Path.flattened(tolerance:
// keeping:) and Path.stroked(_:transform:tolerance:keeping:) — KinemaRasterTests count their
// points and compare their pixels — so here: the fuzzer's drawing runs and paints what it should.

import Foundation
import KinemaSupport
import OpenCoreGraphics
import Testing

@Suite("CGContext: curves far larger than the canvas")
struct CGContextHugeCurveTests {
    @Test("the fuzzer's 20 arcs of radius 10^9 fill and stroke (dashed) into 48 × 48")
    func hugeArcs() throws {
        let context = try #require(CGContext(data: nil, width: 48, height: 48, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 4, y: 4))
        path.addLine(to: CGPoint(x: 40, y: 30))
        for _ in 0 ..< 20 {
            path.addRelativeArc(center: CGPoint(x: 1e9, y: 1e9), radius: 1e9, startAngle: 1e9, delta: 1e9)
        }
        _ = KinemaDiagnostics.collecting {
            context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            context.addPath(path)
            context.fillPath()
            context.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
            context.setLineWidth(3)
            context.setLineDash(phase: 0, lengths: [4, 2])
            context.addPath(path)
            context.strokePath()
        }
        let image = try #require(context.makeImage())
        // The first line runs from (4, 4) to (40, 30), bitmap y up: its middle (22, 17) is in row
        // 48 - 1 - 17 from the top, red from the stroke (the dash starts with 4 painted units).
        let bytes = image.pixmap.premultipliedBytes
        let painted = stride(from: 3, to: bytes.count, by: 4).filter { bytes[$0] != 0 }.count
        #expect(painted > 40)
        let corner = (image.pixmap.pixel(x: 5, y: 48 - 1 - 5))
        #expect(corner?.alpha ?? 0 > 0)
    }
}
