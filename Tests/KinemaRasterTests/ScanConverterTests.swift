// Scan conversion: clipping, bad input, degenerate shapes and fill rules, checked by closed forms.
import KinemaSupport
import Foundation
import KinemaGeometry
import Testing
import KinemaTestSupport
@testable import KinemaRaster

/// Coverage of a shape as opaque white on transparent: each pixel's alpha is its coverage.
private func coverage(_ build: (inout RasterPath) -> Void, rule: CGPathFillRule = .winding,
                      width: Int = 32, height: Int = 32) throws -> Pixmap {
    var path = RasterPath()
    build(&path)
    var pixmap = try Pixmap(width: width, height: height)
    pixmap.fill(path, color: .white, rule: rule)
    return pixmap
}

private func alphaSum(_ pixmap: Pixmap) -> Int {
    pixmap.storage.reduce(0) { $0 + Int($1 >> 24) }
}

private func polygon(_ points: [(Double, Double)]) -> (inout RasterPath) -> Void {
    { $0.addPolygon(points.map { DevicePoint(x: $0.0, y: $0.1) }) }
}

@Suite("Scan conversion")
struct ScanConverterTests {
    @Test("coverage sums to the polygon's area")
    func areaIsExact() throws {
        // A triangle of area 0.5 × 20.5 × 17.25 inside a 32 × 32 target.
        let pixmap = try coverage(polygon([(3.25, 4.5), (23.75, 4.5), (10.1, 21.75)]))
        let expected = 0.5 * 20.5 * 17.25 * 255
        #expect(abs(Double(alphaSum(pixmap)) - expected) < 0.5 * 40)  // ≤ half a level per edge pixel
    }

    @Test("a pixel-aligned rectangle is exact, edges and all")
    func alignedRectangle() throws {
        let pixmap = try coverage { $0.addRect(x: 2, y: 3, width: 5, height: 4) }
        for y in 0 ..< 32 {
            for x in 0 ..< 32 {
                let inside = x >= 2 && x < 7 && y >= 3 && y < 7
                #expect(pixmap.pixel(x: x, y: y) == (inside ? .white : .transparent))
            }
        }
        let half = try coverage { $0.addRect(x: 2.5, y: 3, width: 1, height: 1) }
        #expect(half.pixel(x: 2, y: 3)?.alpha == 128 && half.pixel(x: 3, y: 3)?.alpha == 128)
    }

    @Test("winding: opposite contours cancel, same ones add; even-odd makes both holes")
    func fillRules() throws {
        let outer = [(2.0, 2.0), (30.0, 2.0), (30.0, 30.0), (2.0, 30.0)]
        let same = [(10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (10.0, 20.0)]
        let build: (inout RasterPath) -> Void = { path in
            polygon(outer)(&path)
            polygon(same)(&path)
        }
        let nonZero = try coverage(build)
        let evenOdd = try coverage(build, rule: .evenOdd)
        #expect(nonZero.pixel(x: 15, y: 15) == .white)
        #expect(evenOdd.pixel(x: 15, y: 15) == .transparent)
        #expect(evenOdd.pixel(x: 5, y: 5) == .white)
        let opposite = try coverage { path in
            polygon(outer)(&path)
            polygon(same.reversed())(&path)
        }
        #expect(opposite.pixel(x: 15, y: 15) == .transparent)
        // Winding 3 is covered under both rules.
        let triple = try coverage({ path in for _ in 0 ..< 3 { polygon(outer)(&path) } }, rule: .evenOdd)
        #expect(triple.pixel(x: 15, y: 15) == .white)
    }

    @Test("left of the target adds winding at the left edge; right of it is dropped")
    func horizontalClipping() throws {
        let straddlingLeft = try coverage { $0.addRect(x: -100, y: 4, width: 110.5, height: 2) }
        #expect(straddlingLeft.pixel(x: 0, y: 4) == .white)
        #expect(straddlingLeft.pixel(x: 9, y: 5) == .white)
        #expect(straddlingLeft.pixel(x: 10, y: 5)?.alpha == 128)
        #expect(straddlingLeft.pixel(x: 11, y: 5) == .transparent)
        let whollyLeft = try coverage { $0.addRect(x: -100, y: 4, width: 50, height: 2) }
        #expect(alphaSum(whollyLeft) == 0)
        let straddlingRight = try coverage { $0.addRect(x: 20.5, y: 4, width: 1000, height: 2) }
        #expect(straddlingRight.pixel(x: 20, y: 4)?.alpha == 128)
        #expect(straddlingRight.pixel(x: 31, y: 5) == .white)
        let wholly = [try coverage { $0.addRect(x: 40, y: 4, width: 5, height: 5) },
                      try coverage { $0.addRect(x: 4, y: -40, width: 5, height: 5) },
                      try coverage { $0.addRect(x: 4, y: 40, width: 5, height: 5) }]
        #expect(wholly.allSatisfy { alphaSum($0) == 0 })
        // A slanted edge entering from the left keeps its exact crossing point.
        let slanted = try coverage(polygon([(-1000, -100), (10, 10), (-1000, 10)]))
        let expected = try coverage(polygon([(-81.81818181818181, 0), (10, 10), (-81.81818181818181, 10)]))
        #expect(try #require(GoldenDifference(slanted, expected)).maximum <= 1)
    }

    @Test("huge coordinates (1e30) clip without overflow and match a moderate equivalent")
    func hugeCoordinates() throws {
        let huge = try coverage(polygon([(10, 10), (1e30, 1e30), (10, 1e30)]))
        let moderate = try coverage(polygon([(10, 10), (1000, 1000), (10, 1000)]))
        #expect(try #require(GoldenDifference(huge, moderate)).maximum <= 1)
        #expect(alphaSum(huge) > 0)
        let (_, diagnostics) = try KinemaDiagnostics.collecting {
            try coverage(polygon([(10, 10), (1e305, -1e308), (-Double.greatestFiniteMagnitude, 20)]))
        }
        #expect(diagnostics.count == 2)
    }

    @Test("NaN and infinite points are dropped with a diagnostic; the contour stays closed")
    func nonFinitePoints() throws {
        let (withBad, diagnostics) = try KinemaDiagnostics.collecting {
            try coverage(polygon([(4, 4), (.nan, 3), (28, 4), (.infinity, 9), (28, 28), (4, -.infinity), (4, 28)]))
        }
        #expect(diagnostics.count == 3)
        #expect(diagnostics.allSatisfy { $0.domain == "KinemaRaster" })
        let clean = try coverage(polygon([(4, 4), (28, 4), (28, 28), (4, 28)]))
        #expect(withBad == clean)
        let (_, more) = try KinemaDiagnostics.collecting {
            try coverage { path in
                path.move(to: DevicePoint(x: .nan, y: 0))
                path.addLine(to: DevicePoint(x: 1, y: 1))
                path.addLine(from: DevicePoint(x: .nan, y: .nan), to: DevicePoint(x: 9, y: 1))
                path.addLine(to: DevicePoint(x: 5, y: 9))
            }
        }
        #expect(more.count == 2)
    }

    @Test("degenerate input draws nothing and does not trap", arguments: [
        [(5.0, 5.0), (5.0, 5.0), (5.0, 5.0)],          // one repeated point
        [(1.0, 5.0), (30.0, 5.0), (12.0, 5.0)],        // horizontal, zero area
        [(1.0, 1.0), (10.0, 10.0), (20.0, 20.0)],      // collinear
        [(3.0, 3.0), (3.0, 30.0), (3.0, 3.0)],         // vertical, back and forth
    ])
    func degenerate(_ points: [(Double, Double)]) throws {
        #expect(alphaSum(try coverage(polygon(points))) == 0)
    }

    @Test("a contour winding 20,000 times around inside one pixel neither traps nor overflows")
    func manyWindingsInOnePixel() throws {
        var points: [(Double, Double)] = []
        for k in 0 ..< 20_000 {
            let a = Double(k) * 2 * Double.pi / 7
            points.append((5.5 + 0.45 * cos(a), 5.5 + 0.45 * sin(a)))
        }
        let pixmap = try coverage(polygon(points))
        #expect(pixmap.pixel(x: 5, y: 5)!.alpha > 0)
        #expect(alphaSum(pixmap) == Int(pixmap.pixel(x: 5, y: 5)!.alpha))
    }

    @Test("a self-intersecting bow tie fills both lobes, exactly in area")
    func bowTie() throws {
        let pixmap = try coverage(polygon([(2, 2), (30, 30), (30, 2), (2, 30)]))
        #expect(pixmap.pixel(x: 28, y: 16) == .white)
        #expect(pixmap.pixel(x: 16, y: 4) == .transparent)
        #expect(abs(alphaSum(pixmap) - 2 * 196 * 255) < 255)
    }

    @Test("addLine(from:to:) bridges gaps and closes contours")
    func segmentBuilder() throws {
        var path = RasterPath()
        path.addLine(from: DevicePoint(x: 2, y: 2), to: DevicePoint(x: 20, y: 2))
        path.addLine(from: DevicePoint(x: 20, y: 20), to: DevicePoint(x: 2, y: 20))  // gap bridged
        #expect(path.segmentCount == 4)  // 2 given, 1 bridge, 1 closing
        path.closeContour()
        #expect(path.segmentCount == 4)
        var pixmap = try Pixmap(width: 32, height: 32)
        pixmap.fill(path, color: .white)
        #expect(pixmap.pixel(x: 10, y: 10) == .white)
        #expect(alphaSum(pixmap) == 18 * 18 * 255)
        path.removeAll()
        #expect(path.isEmpty)
    }

    @Test("the coverage mapping: full, half, even-odd folding")
    func coverageMapping() {
        let full = ScanConverter.Subpixel.fullCoverage
        #expect(ScanConverter.coverage(full, .winding) == 255)
        #expect(ScanConverter.coverage(-3 * full, .winding) == 255)
        #expect(ScanConverter.coverage(full / 2, .winding) == 128)
        #expect(ScanConverter.coverage(2 * full, .evenOdd) == 0)
        #expect(ScanConverter.coverage(3 * full, .evenOdd) == 255)
        #expect(ScanConverter.coverage(-full * 3 / 2, .evenOdd) == 128)
        // Any Int, even Int.min, maps without trapping.
        #expect(ScanConverter.coverage(Int.min, .winding) == 255)
        #expect(ScanConverter.coverage(Int.min, .evenOdd) == 0)
    }

    @Test("a path of many thousands of cells grows the converter's buffers and stays exact")
    func manyCells() throws {
        // A comb of 60 teeth, each 0.5 px wide and 500 px tall, slanted: over 100,000 cells.
        var path = RasterPath()
        for tooth in 0 ..< 60 {
            let x = 3.0 + Double(tooth) * 10
            path.addPolygon([DevicePoint(x: x, y: 2), DevicePoint(x: x + 0.5, y: 2),
                             DevicePoint(x: x + 3.5, y: 502), DevicePoint(x: x + 3, y: 502)])
        }
        var pixmap = try Pixmap(width: 640, height: 512)
        pixmap.fill(path, color: .white)
        // Each tooth is a parallelogram of area 0.5 × 500.
        let expected = 60 * 0.5 * 500 * 255
        #expect(abs(Double(alphaSum(pixmap)) - expected) < 0.5 * 60 * 1500)
    }

    @Test("the dense and sparse cell stores give identical pixels on random paths, rules and clips")
    func denseMatchesSparse() throws {
        var state: UInt64 = 0x4B49_4E45
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for index in 0 ..< 200 {
            var path = RasterPath()
            for _ in 0 ..< 1 + Int(random() * 3) {
                // Contours reaching past every side of the 48 × 40 target now and then.
                path.addPolygon((0 ..< 3 + Int(random() * 6)).map { _ in
                    DevicePoint(x: random() * 64 - 8, y: random() * 56 - 8)
                })
            }
            let rule: CGPathFillRule = random() < 0.5 ? .winding : .evenOdd
            let clip: RasterClip? = random() < 0.3 ? .rect(PixelRect(x: 5, y: 3, width: 30, height: 29)) : nil
            var images: [Pixmap] = []
            for store in [ScanConverter.CellStore.sparse, .dense] {
                var converter = ScanConverter()
                converter.cellStore = store
                var pixmap = try Pixmap(width: 48, height: 40)
                pixmap.fill(PremultipliedColor(red: 20, green: 40, blue: 60, alpha: 255))
                pixmap.fill(path, color: PaintColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.8), rule: rule, clip: clip,
                            using: &converter)
                images.append(pixmap)
            }
            #expect(images[0] == images[1], "path \(index)")
        }
    }

    @Test("compacting the sparse store (cells of one pixel merged) changes no pixel")
    func compactionExact() throws {
        var state: UInt64 = 0x5350_4152
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for index in 0 ..< 40 {
            // Long zigzags across a 64 × 48 target: every pixel crossed many times.
            var path = RasterPath()
            path.addPolygon((0 ..< 40 + Int(random() * 200)).map { _ in DevicePoint(x: random() * 80 - 8, y: random() * 64 - 8) })
            let rule: CGPathFillRule = index % 2 == 0 ? .winding : .evenOdd
            var images: [Pixmap] = []
            for threshold in [Int.max, 256] {
                var converter = ScanConverter()
                converter.cellStore = .sparse
                converter.compactionThreshold = threshold
                var pixmap = try Pixmap(width: 64, height: 48)
                pixmap.fill(path, color: PaintColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.9), rule: rule, using: &converter)
                images.append(pixmap)
            }
            #expect(images[0] == images[1], "path \(index)")
        }
    }

    @Test("a long outline over a small canvas keeps memory near the canvas, not the outline's length")
    func longOutlineMemory() throws {
        // 3,000 random segments across 256 × 256: ≈ 500,000 crossings, 65,536 pixels. The
        // threshold is lowered to the canvas's pixel count so that a debug build stays quick;
        // the default (2^20) behaves the same on a larger scale.
        var state: UInt64 = 0x4C49_4E45
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var path = RasterPath()
        path.addPolygon((0 ..< 3_000).map { _ in DevicePoint(x: random() * 256, y: random() * 256) })
        // (Paths of more than 4,096 segments take the sparse store anyway; this one is forced.)
        var converter = ScanConverter()
        converter.cellStore = .sparse
        converter.compactionThreshold = 1 << 16
        var pixmap = try Pixmap(width: 256, height: 256)
        pixmap.fill(path, color: .white, rule: .evenOdd, using: &converter)
        // At most one cell per pixel survives a compaction, so the buffer stops at twice the
        // threshold.
        #expect(converter.sparseCellCapacity <= 1 << 17)
        // The same path with compaction off: the buffer holds every crossing, and the pixels
        // are the same.
        var unbounded = ScanConverter()
        unbounded.cellStore = .sparse
        unbounded.compactionThreshold = .max
        var reference = try Pixmap(width: 256, height: 256)
        reference.fill(path, color: .white, rule: .evenOdd, using: &unbounded)
        #expect(unbounded.sparseCellCapacity >= 1 << 19)
        #expect(pixmap == reference)
    }

    @Test("a copied converter keeps its own buffers: interleaved use matches fresh converters")
    func copiedConverter() throws {
        var first = ScanConverter()
        var triangle = RasterPath()
        triangle.addPolygon([DevicePoint(x: 3.25, y: 4.5), DevicePoint(x: 23.75, y: 4.5), DevicePoint(x: 10.1, y: 21.75)])
        var square = RasterPath()
        square.addRect(x: 5.5, y: 5.5, width: 20, height: 20)
        var a = try Pixmap(width: 32, height: 32), b = a
        a.fill(triangle, color: .white, using: &first)
        var second = first
        b.fill(square, color: .white, using: &second)
        a.fill(square, color: PaintColor(red: 1, green: 0, blue: 0, alpha: 0.5), using: &first)
        b.fill(triangle, color: PaintColor(red: 0, green: 0, blue: 1, alpha: 0.5), using: &second)
        var expectedA = try Pixmap(width: 32, height: 32), expectedB = expectedA
        expectedA.fill(triangle, color: .white)
        expectedA.fill(square, color: PaintColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        expectedB.fill(square, color: .white)
        expectedB.fill(triangle, color: PaintColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(a == expectedA)
        #expect(b == expectedB)
    }
}
