// Stroker: a path's stroke as a fillable outline.
//
// Audited against: CGContext.strokePath / CGPath.copy(strokingWithWidth:lineCap:lineJoin:
// miterLimit:) and the stroke parameters in StrokeStyle.swift. Status: complete for the
// parameters Core Graphics has. Choices where Apple is silent are in Path+Stroke.swift.
//
// Method. Each line is offset by half the width on both sides; each curve is sampled and offset
// along its exact normals at the samples (Stroker+Curves.swift). One outline is emitted per open
// subpath (left side forward, end cap, right side backward, start cap) and two loops per closed
// one (left forward, right backward). At every vertex between elements the side on the outside
// of the turn gets the user's join, and the inside goes through the vertex itself: inner offset
// end → vertex → inner offset start.
//
// Why the fill is exactly the stroke: as 1-chains the outline equals the sum of the boundaries
// of these pieces — one rectangle per line, one quadrilateral per curve chord (between the exact
// normal segments at its two samples), one wedge per outer join, one cap per open end — because
// the inner detour through the vertex cancels the pieces' shared ends, and neighbouring chords
// share their normal segments. Every piece is traversed clockwise (y up), so the winding number
// at a point is minus the number of pieces covering it, and the non-zero fill is their union: the
// stroke. No intersection is computed, so cusps, 180° turns, self-overlaps and widths larger than
// the curvature radius need no clipping (a chord whose inner normals cross is two triangles, see
// Stroker+Curves.swift). (Fill the result with the non-zero rule; even-odd would cut the overlaps.)
//
// Accuracy. Every piece ends on an exact normal: joins and caps use the curves' exact end
// tangents, and so do the first and last chords of a curve, so a cap starts exactly where the
// curve's stroke ends. An offset chord is within `tolerance` of the exact offset curve (the chord
// test in Stroker+Curves.swift, which refines with the width: about √(1 + w/(2r)) times more
// chords than the centre line alone on a radius r); round joins and caps are inscribed polygons
// within half the tolerance; miter tips and square caps are exact. So the outline is within
// `tolerance` of the exact stroke: the union of the segments of length w centred on the path
// along its normals, plus the joins and caps.
//
// Cost: O(output points), no allocation per vertex: two side buffers are reused across
// subpaths and the output arrays grow geometrically. Per curve sample: one point, one derivative,
// one square root and two points of output.

import Foundation

struct Stroker {
    let halfWidth: Double
    let cap: StrokeLineCap
    let join: StrokeLineJoin
    let miterLimit: Double
    /// Flattening distance of the centre line for the first, uniform sampling of a curve (user space).
    let curveTolerance: Double
    /// Largest distance between an offset chord and the exact offset curve (user space; see
    /// Stroker+Curves.swift).
    let offsetTolerance: Double
    /// A curve span shorter than this that turns too much to be one offset chord is a corner.
    let cornerChord: Double
    /// Largest angle one chord of a round join or cap may span (radius halfWidth).
    let arcStep: Double
    /// cos(arcStep / 2): a turn whose half-angle cosine is at least this needs no arc points.
    let cosHalfArcStep: Double
    let transform: PathTransform
    let mapsPoints: Bool

    var out = Path()
    var left: [PathVector] = []
    var right: [PathVector] = []
    /// The current run of folded chords on each side (Stroker+Curves.swift): the outer offsets
    /// A_i … A_{j+1} and the crossings X_i … X_j; empty when there is none.
    var leftFold = FoldRun()
    var rightFold = FoldRun()

    // Current subpath.
    var start = PathVector(0, 0)
    var current = PathVector(0, 0)
    var firstDirection: PathVector?
    var direction: PathVector?
    var inSubpath = false
    /// Length of the edge just drawn, 0 right after a turn (two turns at one point have no edge between).
    var lastLength = 0.0
    /// Whether the subpath had any element after its move (a zero-length one draws a dot).
    var hadElement = false
    /// Index of the current subpath (for dash dot directions).
    var subpathIndex = -1
    var dotDirections: [Int: PathVector] = [:]

    init(halfWidth: Double, cap: StrokeLineCap, join: StrokeLineJoin, miterLimit: Double,
         tolerance: Double, transform: PathTransform) {
        self.halfWidth = halfWidth
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.curveTolerance = tolerance / 2
        // The same floor relative to the width as the arcs below: the offset test then allows a
        // turn of at least 2·√(1e-6) ≈ 0.002 rad per chord.
        self.offsetTolerance = max(tolerance, halfWidth * 1e-6)
        self.cornerChord = offsetTolerance / 4
        // Floor relative to the width: a round join or cap never needs more than ~2,200 chords per
        // full turn, so a huge width with a tiny tolerance cannot explode the output.
        let arcTolerance = max(tolerance / 2, halfWidth * 1e-6)
        let c = 1 - arcTolerance / halfWidth
        // A chord of angle φ on radius r sags r·(1 − cos(φ/2)); keep that ≤ arcTolerance.
        self.arcStep = c > -1 ? max(2 * acos(c), 1e-3) : Double.pi
        self.cosHalfArcStep = cos(arcStep / 2)
        self.transform = transform
        self.mapsPoints = !transform.isIdentity
    }

    // MARK: Driving

    mutating func stroke(_ path: Path) {
        // About three outline points per flattened vertex (inner crossing, outer offset, arcs rare).
        var estimate = 0
        path.forEachSegment { seg in
            switch seg {
            case .quad(let p0, let p1, let p2): estimate += PathFlattener.quadSegments(p0, p1, p2, tolerance: curveTolerance)
            case .cubic(let p0, let p1, let p2, let p3):
                estimate += PathFlattener.cubicSegments(p0, p1, p2, p3, tolerance: curveTolerance)
            default: estimate += 1
            }
        }
        out.reserveCapacity(elements: 3 * estimate + 8, points: 3 * estimate + 8)
        path.forEachSegment { seg in
            switch seg {
            case .move(let p):
                finishOpen()
                beginSubpath(p)
            case .line(_, let p):
                hadElement = true
                lineTo(p)
            case .quad(let p0, let p1, let p2):
                // Its exact cubic (same curve, same flattening count; Stroker+Curves.swift).
                curveTo(p0, p0 + (2.0 / 3) * (p1 - p0), p2 + (2.0 / 3) * (p1 - p2), p2)
            case .cubic(let p0, let p1, let p2, let p3):
                curveTo(p0, p1, p2, p3)
            case .close:
                hadElement = true
                closeSubpath()
            }
        }
        finishOpen()
    }

    mutating func beginSubpath(_ p: PathVector) {
        start = p; current = p
        firstDirection = nil; direction = nil; lastLength = 0
        inSubpath = true; hadElement = false
        subpathIndex += 1
        left.removeAll(keepingCapacity: true)
        right.removeAll(keepingCapacity: true)
    }

    /// A curve from the current point: the join to its exact start tangent, then its offsets
    /// along its exact normals (Stroker+Curves.swift). A curve of coincident points draws nothing.
    mutating func curveTo(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector) {
        hadElement = true
        guard let t0 = PathBezier.cubicStartTangent(p0, p1, p2, p3),
              let t1 = PathBezier.cubicEndTangent(p0, p1, p2, p3) else { return }
        turn(to: t0)
        strokeCurve(p0, p1, p2, p3, startTangent: t0, endTangent: t1)
    }

    /// A line to `p`: the join to its direction, then its rectangle.
    mutating func lineTo(_ p: PathVector) {
        let v = p - current
        let l = v.length
        guard l > 0, l.isFinite else { return }
        let d = v * (1 / l)
        turn(to: d, nextLength: l)
        advance(to: p, along: d)
        lastLength = l
    }

    /// Changes direction at the current point: the first direction of a subpath starts its sides;
    /// later ones add a join.
    mutating func turn(to d: PathVector, nextLength: Double = 0) {
        guard let d0 = direction else {
            firstDirection = d
            direction = d
            let n = d.leftNormal * halfWidth
            left.append(current + n)
            right.append(current - n)
            return
        }
        addJoin(at: current, from: d0, to: d, smooth: false, innerRoom: min(lastLength, nextLength))
        direction = d
        lastLength = 0
    }

    mutating func advance(to p: PathVector, along d: PathVector) {
        let n = d.leftNormal * halfWidth
        left.append(p + n)
        right.append(p - n)
        current = p
    }

    mutating func closeSubpath() {
        guard inSubpath else { return }
        if current != start { lineTo(start) }
        if let d0 = direction, let first = firstDirection {
            addJoin(at: start, from: d0, to: first, smooth: false, innerRoom: 0)
            emitLoop(left, reversed: false)
            emitLoop(right, reversed: true)
        } else {
            emitDot(at: start)
        }
        inSubpath = false
    }

    mutating func finishOpen() {
        guard inSubpath else { return }
        inSubpath = false
        guard let dEnd = direction, let dStart = firstDirection else {
            if hadElement { emitDot(at: start) }
            return
        }
        // Left side forward, end cap, right side backward, start cap.
        beginOutput(left[0])
        for p in left.dropFirst() { emit(p) }
        addCap(at: current, direction: dEnd)
        for p in right.reversed() { emit(p) }
        addCap(at: start, direction: -dStart)
        out.closeSubpath()
    }

    // MARK: Joins and caps

    /// Adds the join at `p` turning from `d1` to `d2`: the user's join between elements, a round
    /// one where `smooth` (a turn inside one curve: a cusp). `innerRoom` is the shorter of the two
    /// edges meeting there (0 when unknown): when the inner offset lines cross within both edges
    /// (at hw·tan(φ/2) from the vertex), the inner side takes that crossing instead of the detour
    /// through the vertex. The region this drops (between the crossing, the two inner offset ends
    /// and the vertex) lies inside both edges' rectangles, so the union is unchanged, with two
    /// points fewer and no overlap at the inner edge.
    mutating func addJoin(at p: PathVector, from d1: PathVector, to d2: PathVector, smooth: Bool, innerRoom: Double) {
        let cross = d1.cross(d2), dot = d1.dot(d2)
        let n1 = d1.leftNormal * halfWidth, n2 = d2.leftNormal * halfWidth
        // Straight on (within rounding): nothing to join.
        if dot > 0, abs(cross) <= 1e-12 {
            left.append(p + n2); right.append(p - n2)
            return
        }
        let turnsLeft = cross > 0 || (cross == 0 && dot < 0)
        let kind: StrokeLineJoin = smooth ? .round : join
        // Inner crossing usable: turn below 90° and hw·tan(φ/2) = hw·|cross|/(1 + dot) within both edges.
        let innerCrossing = dot > 0 && halfWidth * abs(cross) <= innerRoom * (1 + dot)
        // A smooth turn small enough for one chord needs no arc points (and no acos).
        let outerKind: StrokeLineJoin = (kind == .round && ((1 + dot) / 2).squareRoot() >= cosHalfArcStep) ? .bevel : kind
        if turnsLeft {
            // The last inner point is the previous edge's end offset p + n1 (innerRoom > 0 means an
            // edge was just drawn): the crossing replaces it.
            if innerCrossing { left[left.count - 1] = p + (n1 + n2) * (1 / (1 + dot)) } else { left.append(p); left.append(p + n2) }
            Self.outerJoin(&right, at: p, from: -n1, to: -n2, counterclockwise: true, dot: dot, kind: outerKind,
                           halfWidth: halfWidth, miterLimit: miterLimit, arcStep: arcStep)
        } else {
            if innerCrossing { right[right.count - 1] = p - (n1 + n2) * (1 / (1 + dot)) } else { right.append(p); right.append(p - n2) }
            Self.outerJoin(&left, at: p, from: n1, to: n2, counterclockwise: false, dot: dot, kind: outerKind,
                           halfWidth: halfWidth, miterLimit: miterLimit, arcStep: arcStep)
        }
    }

    /// Appends the outer side of a join from p + a to p + b (a, b offsets of length halfWidth).
    /// Static, so appending to one side buffer never makes Swift copy the stroker (and its buffers).
    static func outerJoin(_ side: inout [PathVector], at p: PathVector, from a: PathVector, to b: PathVector,
                          counterclockwise: Bool, dot: Double, kind: StrokeLineJoin,
                          halfWidth: Double, miterLimit: Double, arcStep: Double) {
        switch kind {
        case .bevel:
            break
        case .miter:
            // Miter length / width = 1 / cos(φ/2) for a turn of φ (= 1 / sin(θ/2), θ the corner angle).
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf * miterLimit >= 1, cosHalf > 0, let bisector = (a + b).normalized {
                side.append(p + bisector * (halfWidth / cosHalf))
            }
        case .round:
            let angle = acos(max(-1, min(1, dot)))
            forEachArcPoint(center: p, from: a, angle: counterclockwise ? angle : -angle, arcStep: arcStep) { side.append($0) }
        }
        side.append(p + b)
    }

    /// Appends the interior points of the arc about `center` starting at center + a and turning by
    /// `angle` (positive: counterclockwise); the end point is left to the caller.
    @inline(__always)
    static func forEachArcPoint(center: PathVector, from a: PathVector, angle: Double, arcStep: Double,
                                minimumPieces: Int = 1, _ body: (PathVector) -> Void) {
        let n = Int(min(max((abs(angle) / arcStep).rounded(.up), Double(minimumPieces)), 1024))
        guard n > 1 else { return }
        let step = angle / Double(n)
        let cs = cos(step), sn = sin(step)
        var v = a
        for _ in 1..<n {
            v = PathVector(v.x * cs - v.y * sn, v.x * sn + v.y * cs)
            body(center + v)
        }
    }

    /// Emits the cap's points between the left offset and the right offset at `p`, for a line
    /// leaving `p` along `d` (the end cap has d = the last direction; the start cap gets −first).
    mutating func addCap(at p: PathVector, direction d: PathVector) {
        let n = d.leftNormal * halfWidth
        let ext = d * halfWidth
        switch cap {
        case .butt: break
        case .square:
            emit(p + n + ext); emit(p - n + ext)
        case .round:
            Self.forEachArcPoint(center: p, from: n, angle: -Double.pi, arcStep: arcStep) { emit($0) }
        }
    }

    /// A zero-length subpath: a disc for round caps, a square for square caps (along the dash's
    /// direction when it is a zero-length dash, else along the x axis), nothing for butt caps.
    mutating func emitDot(at p: PathVector) {
        switch cap {
        case .butt: return
        case .round:
            beginOutput(p + PathVector(halfWidth, 0))
            Self.forEachArcPoint(center: p, from: PathVector(halfWidth, 0), angle: -2 * Double.pi, arcStep: arcStep,
                                 minimumPieces: 4) { emit($0) }
            out.closeSubpath()
        case .square:
            let d = (dotDirections[subpathIndex] ?? PathVector(1, 0)) * halfWidth
            let n = d.leftNormal
            beginOutput(p + d + n)
            emit(p + d - n); emit(p - d - n); emit(p - d + n)
            out.closeSubpath()
        }
    }

    // MARK: Output

    mutating func emitLoop(_ pts: [PathVector], reversed: Bool) {
        guard let first = reversed ? pts.last : pts.first else { return }
        beginOutput(first)
        if reversed {
            for p in pts.reversed().dropFirst() { emit(p) }
        } else {
            for p in pts.dropFirst() { emit(p) }
        }
        out.closeSubpath()
    }

    @inline(__always) mutating func beginOutput(_ p: PathVector) {
        out.appendMove(mapsPoints ? transform.apply(p) : p)
    }

    @inline(__always) mutating func emit(_ p: PathVector) {
        out.verbs.append(.line)
        out.points.append(mapsPoints ? transform.apply(p) : p)
    }
}
