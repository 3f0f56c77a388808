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
    /// tolerance 0.005); closer ones are skipped as ambiguous. Containment is `outline.contains`,
    /// computed a row at a time (`RowWinding`: the same answers, without visiting every segment
    /// of the outline for every sample).
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
        let winding = RowWinding(outline)
        var mismatches: [CGPoint] = []
        var skipped = 0
        for j in 0..<c.grid.ny {
            let row = winding.row(at: c.grid.point(0, j).y)
            for i in 0..<c.grid.nx {
                let p = c.grid.point(i, j)
                if near.isNear(p, within: ambiguousDistance) { skipped += 1; continue }
                if row.contains(p) != expected[j * c.grid.nx + i] { mismatches.append(p) }
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.count) mismatches, first \(mismatches.prefix(6))")
        #expect(skipped < c.grid.nx * c.grid.ny / 4, "\(name): skipped \(skipped)")
    }
}

/// `Path.contains(_:rule: .nonZero)` for many points on one row at a time, answer for answer.
///
/// `contains` sums, over every segment of the path (plus the closing line of each subpath), the
/// segment's crossing of the ray from the point toward +x; a segment whose y-range does not
/// contain the point's y (min ≤ y < max, control points included for curves) contributes 0. So
/// here the segments are listed once, each row keeps those whose y-range contains its y, and a
/// point sums Path's own per-segment crossings (`lineWinding`, `quadWinding`, `cubicWinding`)
/// over its row's segments only: the same numbers, without visiting the thousands of segments
/// of a stroke outline that the row does not cross.
struct RowWinding {
    enum Segment {
        case line(PathVector, PathVector)
        case quad(PathVector, PathVector, PathVector)
        case cubic(PathVector, PathVector, PathVector, PathVector)

        func winding(_ q: PathVector) -> Int {
            switch self {
            case .line(let a, let b): Path.lineWinding(a, b, q)
            case .quad(let p0, let p1, let p2): Path.quadWinding(p0, p1, p2, q)
            case .cubic(let p0, let p1, let p2, let p3): Path.cubicWinding(p0, p1, p2, p3, q)
            }
        }
    }

    struct Row {
        let segments: [Segment]

        /// Whether the path contains `point` (non-zero rule); `point` must lie on this row.
        func contains(_ point: CGPoint) -> Bool {
            let q = PathVector(point)
            guard q.isFinite else { return false }
            var winding = 0
            for segment in segments { winding += segment.winding(q) }
            return winding != 0
        }
    }

    /// Each segment with the y-range outside which its crossing count is 0.
    let segments: [(segment: Segment, minY: Double, maxY: Double)]

    /// The segments `Path.windingNumber(at:)` visits, in its order, closing lines included.
    init(_ path: Path) {
        var segments: [(segment: Segment, minY: Double, maxY: Double)] = []
        func line(_ a: PathVector, _ b: PathVector) { segments.append((.line(a, b), min(a.y, b.y), max(a.y, b.y))) }
        var start = PathVector(0, 0), current = PathVector(0, 0), open = false
        path.forEachSegment { segment in
            switch segment {
            case .move(let p):
                if open { line(current, start) }
                start = p; current = p; open = true
            case .line(let a, let b):
                line(a, b); current = b
            case .quad(let p0, let p1, let p2):
                segments.append((.quad(p0, p1, p2), min(p0.y, p1.y, p2.y), max(p0.y, p1.y, p2.y))); current = p2
            case .cubic(let p0, let p1, let p2, let p3):
                segments.append((.cubic(p0, p1, p2, p3), min(p0.y, p1.y, p2.y, p3.y), max(p0.y, p1.y, p2.y, p3.y))); current = p3
            case .close(let a, let b):
                line(a, b); current = b; open = false
            }
        }
        if open { line(current, start) }
        self.segments = segments
    }

    /// The segments that can cross the ray of a point at height `y`.
    func row(at y: Double) -> Row {
        Row(segments: segments.compactMap { $0.minY <= y && y < $0.maxY ? $0.segment : nil })
    }
}
