// Path fill containment, tight bounds and lengths against Skia (References/path_*.json, made by
// Scripts/references/path_references.py).
import Foundation
import Testing
import KinemaTestSupport
@testable import KinemaGeometry

struct FillReference: Decodable {
    struct Case: Decodable {
        let name: String
        let ops: [PathOp]
        let grid: ReferenceGrid
        let nonZero: String
        let evenOdd: String
        let tightBounds: [Double]
    }
    let cases: [Case]
}

struct MeasureReference: Decodable {
    struct Position: Decodable { let distance: Double, x: Double, y: Double }
    struct Case: Decodable {
        let name: String
        let ops: [PathOp]
        let contourLengths: [Double]
        let positions: [Position]
    }
    let cases: [Case]
}

/// Samples closer than this to the outline are skipped: there containment is numerically
/// ambiguous (Skia works in Float, and its arcs are exact conics where Kinema's are cubics
/// within 2.7e-4 × radius).
let ambiguousDistance = 0.05

@Suite("Path vs Skia references")
struct PathReferenceTests {
    static let fill: FillReference? = try? loadReference("path_fill", in: .module)
    static let measure: MeasureReference? = try? loadReference("path_measure", in: .module)

    @Test("the reference files load")
    func referencesLoad() throws {
        _ = try loadReference("path_fill", as: FillReference.self, in: .module)
        _ = try loadReference("path_measure", as: MeasureReference.self, in: .module)
    }

    @Test("contains(_:rule:) matches Skia's Path.contains on grids (non-zero and even-odd; CGPath.contains, open subpaths implicitly closed)",
          arguments: fill?.cases.map(\.name) ?? [])
    func containment(name: String) throws {
        let c = try #require(Self.fill?.cases.first { $0.name == name })
        let path = buildPath(c.ops)
        let outline = OutlineDistance(contours: path.flattened(tolerance: 0.001), cell: max(c.grid.step, 0.1))
        let nz = c.grid.decode(c.nonZero), eo = c.grid.decode(c.evenOdd)
        var mismatches: [String] = []
        var skipped = 0
        for j in 0..<c.grid.ny {
            for i in 0..<c.grid.nx {
                let p = c.grid.point(i, j)
                if outline.isNear(p, within: ambiguousDistance) { skipped += 1; continue }
                let k = j * c.grid.nx + i
                if path.contains(p, rule: .winding) != nz[k] { mismatches.append("nonZero \(p)") }
                if path.contains(p, rule: .evenOdd) != eo[k] { mismatches.append("evenOdd \(p)") }
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.count) mismatches, first \(mismatches.prefix(5))")
        #expect(skipped < c.grid.nx * c.grid.ny / 10)
    }

    @Test("tightBounds matches Skia's computeTightBounds (CGPath.boundingBoxOfPath), within 1e-3 (Float) + 2.7e-4·r for arcs",
          arguments: fill?.cases.map(\.name) ?? [])
    func tightBounds(name: String) throws {
        let c = try #require(Self.fill?.cases.first { $0.name == name })
        let b = buildPath(c.ops).tightBounds
        let r = c.tightBounds
        // Arcs: Kinema's cubic arcs bulge up to 2.7e-4·r beyond the circle (r ≤ 70 here).
        let tol = 0.03
        #expect(abs(b.minX - r[0]) <= tol && abs(b.minY - r[1]) <= tol, "\(name): \(b) vs \(r)")
        #expect(abs(b.width - r[2]) <= 2 * tol && abs(b.height - r[3]) <= 2 * tol, "\(name): \(b) vs \(r)")
    }

    @Test("PathMeasure lengths and positions match Skia's PathMeasure (resScale 1000), within 1e-3 relative",
          arguments: measure?.cases.map(\.name) ?? [])
    func lengths(name: String) throws {
        let c = try #require(Self.measure?.cases.first { $0.name == name })
        let m = PathMeasure(buildPath(c.ops))
        #expect(m.contours.count == c.contourLengths.count)
        for (mine, ref) in zip(m.contours.map(\.length), c.contourLengths) {
            #expect(abs(mine - ref) <= 1e-3 * max(ref, 1), "\(name): \(mine) vs \(ref)")
        }
        for pos in c.positions {
            let p = try #require(m.position(at: pos.distance))
            #expect(hypot(p.x - pos.x, p.y - pos.y) <= 0.02, "\(name) at \(pos.distance): \(p) vs (\(pos.x), \(pos.y))")
        }
    }
}
