// Stroke outlines against Skia's Paint.getFillPath (References/path_stroke.json, made by
// Scripts/references/path_references.py with resScale 64 so Skia's own outline error is far
// below the skip distance).
import Foundation
import Testing
import KinemaTestSupport
@testable import KinemaGeometry

struct StrokeReference: Decodable {
    struct Case: Decodable {
        let name: String
        let ops: [PathOp]
        let width: Double
        let cap: String
        let join: String
        let miterLimit: Double
        let dash: [Double]?
        let phase: Double?
        let transform: [Double]?
        let grid: ReferenceGrid
        let inside: String
    }
    let cases: [Case]
}

@Suite("Stroke outlines vs Skia getFillPath")
struct StrokeReferenceTests {
    static let reference: StrokeReference? = try? loadReference("path_stroke", in: .module)

    @Test("the reference file loads")
    func referenceLoads() throws {
        _ = try loadReference("path_stroke", as: StrokeReference.self, in: .module)
    }

    /// Every cap and join (miter under and over the limit), closed and open paths, cusps, loops,
    /// 180° turns, zero-length subpaths, dashes with phase (also negative, wrapping round a closed
    /// start, zero-length dots and squares) and non-uniform transforms (pen stretched, as CG's CTM).
    /// Tolerance: no mismatch at samples farther than 0.05 from Kinema's outline (stroked with
    /// tolerance 0.005); closer ones are skipped as ambiguous.
    @Test("stroked(_:transform:tolerance:) fills what Skia's stroke fills", arguments: reference?.cases.map(\.name) ?? [])
    func stroke(name: String) throws {
        let c = try #require(Self.reference?.cases.first { $0.name == name })
        let cap: StrokeLineCap = switch c.cap { case "round": .round; case "square": .square; default: .butt }
        let join: StrokeLineJoin = switch c.join { case "round": .round; case "bevel": .bevel; default: .miter }
        var style = StrokeStyle(width: c.width, cap: cap, join: join, miterLimit: c.miterLimit)
        if let dash = c.dash { style.dash = DashPattern(phase: c.phase ?? 0, lengths: dash) }
        let t = c.transform.map { PathTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5]) } ?? .identity
        let outline = buildPath(c.ops).stroked(style, transform: t, tolerance: 0.005)
        let near = OutlineDistance(contours: outline.flattened(tolerance: 0.001), cell: max(c.grid.step, 0.1))
        let expected = c.grid.decode(c.inside)
        var mismatches: [CGPoint] = []
        var skipped = 0
        for j in 0..<c.grid.ny {
            for i in 0..<c.grid.nx {
                let p = c.grid.point(i, j)
                if near.isNear(p, within: ambiguousDistance) { skipped += 1; continue }
                if outline.contains(p, rule: .nonZero) != expected[j * c.grid.nx + i] { mismatches.append(p) }
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.count) mismatches, first \(mismatches.prefix(6))")
        #expect(skipped < c.grid.nx * c.grid.ny / 4, "\(name): skipped \(skipped)")
    }
}
