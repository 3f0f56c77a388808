// Shared fixtures for the path tests: replaying reference operations, decoding containment grids,
// distances to an outline, and the draws the property tests take from GeometryRandom.
import Foundation
import Testing
@testable import KinemaGeometry

/// The draws the path and stroke property tests need, on the target's shared seeded generator.
extension GeometryRandom {
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func point(_ lo: Double, _ hi: Double) -> CGPoint { CGPoint(x: range(lo, hi), y: range(lo, hi)) }
}

/// A reference path operation, as Scripts/references/path_references.py writes it.
struct PathOp: Decodable {
    let name: String
    let args: [Double]
    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        name = try c.decode(String.self)
        var a: [Double] = []
        while !c.isAtEnd { a.append(try c.decode(Double.self)) }
        args = a
    }
}

/// Rebuilds a reference path with Kinema's API.
func buildPath(_ ops: [PathOp]) -> Path {
    var p = Path()
    for op in ops {
        let a = op.args
        func pt(_ i: Int) -> CGPoint { CGPoint(x: a[i], y: a[i + 1]) }
        switch op.name {
        case "M": p.move(to: pt(0))
        case "L": p.addLine(to: pt(0))
        case "Q": p.addQuadCurve(to: pt(2), control: pt(0))
        case "C": p.addCurve(to: pt(4), control1: pt(0), control2: pt(2))
        case "Z": p.closeSubpath()
        case "rect": p.addRect(CGRect(x: a[0], y: a[1], width: a[2], height: a[3]))
        case "ellipse": p.addEllipse(in: CGRect(x: a[0], y: a[1], width: a[2], height: a[3]))
        case "rrect":
            p.addRoundedRect(in: CGRect(x: a[0], y: a[1], width: a[2], height: a[3]), cornerWidth: a[4], cornerHeight: a[5])
        case "arc": p.addRelativeArc(center: pt(0), radius: a[2], startAngle: a[3], delta: a[4])
        case "arct": p.addArc(tangent1End: pt(0), tangent2End: pt(2), radius: a[4])
        default: Issue.record("unknown reference op \(op.name)")
        }
    }
    return p
}

struct ReferenceGrid: Decodable {
    let x0: Double, y0: Double, step: Double, nx: Int, ny: Int

    func point(_ i: Int, _ j: Int) -> CGPoint {
        CGPoint(x: x0 + (Double(i) + 0.5) * step, y: y0 + (Double(j) + 0.5) * step)
    }

    /// Decodes the row-major, most-significant-bit-first hex string of the reference script.
    func decode(_ hex: String) -> [Bool] {
        var bits: [Bool] = []
        bits.reserveCapacity(nx * ny)
        let chars = Array(hex.utf8)
        var k = 0
        while k + 1 < chars.count, bits.count < nx * ny {
            let byte = UInt8(String(decoding: chars[k...k + 1], as: UTF8.self), radix: 16) ?? 0
            for b in (0..<8).reversed() where bits.count < nx * ny { bits.append(byte >> UInt8(b) & 1 == 1) }
            k += 2
        }
        return bits
    }
}

/// Distances from points to a set of segments, bucketed on a grid so queries near the outline are fast.
struct OutlineDistance {
    let cell: Double
    var buckets: [Int64: [(CGPoint, CGPoint)]] = [:]

    init(contours: [PathContour], cell: Double) {
        self.cell = cell
        for c in contours {
            guard let first = c.points.first else { continue }
            var pts = c.points
            pts.append(first)   // fills close implicitly; strokes are closed loops
            for k in 1..<pts.count { insert(pts[k - 1], pts[k]) }
        }
    }

    private func key(_ i: Int, _ j: Int) -> Int64 { Int64(i) << 32 | Int64(UInt32(bitPattern: Int32(j))) }

    private mutating func insert(_ a: CGPoint, _ b: CGPoint) {
        let i0 = Int((min(a.x, b.x) / cell).rounded(.down)), i1 = Int((max(a.x, b.x) / cell).rounded(.down))
        let j0 = Int((min(a.y, b.y) / cell).rounded(.down)), j1 = Int((max(a.y, b.y) / cell).rounded(.down))
        for i in i0...i1 { for j in j0...j1 { buckets[key(i, j), default: []].append((a, b)) } }
    }

    /// Whether `p` is within `radius` (≤ cell) of a segment.
    func isNear(_ p: CGPoint, within radius: Double) -> Bool {
        let ci = Int((p.x / cell).rounded(.down)), cj = Int((p.y / cell).rounded(.down))
        for i in (ci - 1)...(ci + 1) {
            for j in (cj - 1)...(cj + 1) {
                for (a, b) in buckets[key(i, j)] ?? [] where segmentDistance(p, a, b) <= radius { return true }
            }
        }
        return false
    }
}

func segmentDistance(_ p: CGPoint, _ a: CGPoint, _ b: CGPoint) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let l2 = dx * dx + dy * dy
    var t = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0
    t = min(max(t, 0), 1)
    let qx = a.x + t * dx - p.x, qy = a.y + t * dy - p.y
    return Double((qx * qx + qy * qy).squareRoot())
}

/// Distance from `p` to a polyline (open).
func polylineDistance(_ p: CGPoint, _ pts: [CGPoint]) -> Double {
    guard pts.count > 1 else { return pts.first.map { Double(hypot($0.x - p.x, $0.y - p.y)) } ?? .infinity }
    var best = Double.infinity
    for k in 1..<pts.count { best = min(best, segmentDistance(p, pts[k - 1], pts[k])) }
    return best
}
