// Stroker+Curves: a Bézier's stroke pieces, offset along the curve's exact normals.
//
// Method. A curve is cut at its inflections and cusps, so that on each piece the tangent turns
// one way only. Each piece is sampled at a uniform parameter step (Path+Flatten.swift's count for
// half the tolerance, as a first guess) and every sample c_i gets the curve's exact unit tangent
// T_i, so its offsets c_i ± (w/2)·n_i lie exactly on the two offset curves. The stroke piece
// between two samples is the quadrilateral between the exact normal segments at its ends:
// consecutive pieces share those segments, so chords need no join between them, and the first
// and last pieces end on the exact end normal, where the cap (or the join) starts. (Offsetting a
// chord along its own normal instead leaves its corner (w/2)·sin(½ turn of the chord) past the
// cap line: on a 60-wide butt stroke round a radius-60 arc, a one-pixel sliver.)
//
// The bound. Where the tangent turns one way by φ < 90° between two samples, each offset curve
// (tangent parallel to the centre line's) is a convex arc turning by φ, so it lies in the
// triangle on its chord A_i A_{i+1} under its end tangents, of height at most
// |A_{i+1} − A_i| / 2 · tan(φ/2). A chord is kept when that is ≤ `tolerance` on both sides:
//
//     max|Δc ± (w/2)·Δn|² · (T_i × T_{i+1})²  ≤  4 · tol² · (1 + T_i · T_{i+1})²
//
// and is halved in parameter otherwise. On an arc of radius r this allows
// φ ≈ 2·√(tol / (r + w/2)), against 2·√(2·tol / r) for the centre line alone: the offset needs
// √(1 + w/(2r)) / √2 times finer steps, which is where the width enters. The centre line's own
// chord is shorter than the outer offset's, so it meets the same bound.
//
// Folds. Where w/2 exceeds the radius of curvature, the inner normal segments of two samples
// cross (at X, near the centre of curvature) and their quadrilateral is a bow tie whose far lobe
// (X, A_i, A_{i+1}) would wind the wrong way. Covering it once more the other way round fixes
// that: the side runs A_i → X → A_{i+1}, and the loop A_{i+1} → A_i → X is added. Over a run of
// folded chords on one side the side visits only the crossings, A_i → X_i → … → X_j → A_{j+1},
// and one loop A_{j+1} → A_j → … → A_i → X_i → … → X_j covers the run's far lobes (consecutive
// crossings lie on a shared normal with its A, so the difference from one loop per chord is a
// set of degenerate triangles, which wind nowhere): about 3 points per folded chord instead of 1.
// Both lobes are then covered, as the exact normals sweep both (Skia's outline agrees:
// path_stroke.json, "wide_*_folded"). Where the radius of curvature changes across a chord, the
// exact normals pass near X rather than through it: an error of about |Δr|·φ (Δr the change of
// radius), second order and not part of the test above; the brute-force checks in
// StrokePropertyTests do not see it at tolerance 0.05.
//
// Cusps and spans too tight to halve. A span still failing the test once it is shorter than
// `cornerChord` (tol/4) is stroked the way a polyline is: a round join to the chord, the chord's
// rectangle, a round join to the next tangent — within the chord's length of the exact stroke, and
// at a cusp (a sample where the velocity vanishes gets a round join between its two tangents) the
// round join Skia and Core Graphics draw there. Bisection is bounded: at most
// `maxBisectionDepth` halvings of a uniform chord and `maxExtraSamplesPerCurve` samples added per
// curve; a span left over is stroked the polyline way too, whose centre line is still within half
// the tolerance but whose rectangle may again stick out past a cap (as with
// `PathFlattener.maxSegmentsPerCurve`, the bound is not met beyond those limits).
//
// Cost: O(samples): one point, one derivative and one square root per sample; no allocation.

import Foundation

/// A cubic in power basis: B(t) = p0 + t·c + t²·b + t³·a.
struct StrokeCubic {
    let p0: PathVector, c: PathVector, b: PathVector, a: PathVector

    init(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector) {
        self.p0 = p0
        c = 3 * (p1 - p0)
        b = 3 * (p0 - 2 * p1 + p2)
        a = p3 - p0 + 3 * (p1 - p2)
    }

    @inline(__always) func point(_ t: Double) -> PathVector { p0 + t * (c + t * (b + t * a)) }
    @inline(__always) func velocity(_ t: Double) -> PathVector { c + t * (2 * b + (3 * t) * a) }
    @inline(__always) func acceleration(_ t: Double) -> PathVector { 2 * b + (6 * t) * a }

    /// Parameters in (0, 1) where the turn changes side or the velocity vanishes: the roots of
    /// B' × B'' = 2·[3(b×a)·t² + 3(c×a)·t + c×b]. A cusp is a double root, which rounding can
    /// push to a slightly negative discriminant: those count as the double root.
    func turnSplits() -> (Double, Double, count: Int) {
        let qa = 3 * b.cross(a), qb = 3 * c.cross(a), qc = c.cross(b)
        let scale = max(abs(qa), abs(qb), abs(qc))
        guard scale > 0, scale.isFinite else { return (0, 0, 0) }
        var r0 = 0.0, r1 = 0.0, n = 0
        func add(_ t: Double) {
            guard t > 1e-9, t < 1 - 1e-9 else { return }
            if n == 0 { r0 = t; n = 1 } else if t != r0 { r1 = t; n = 2 }
        }
        if abs(qa) <= scale * 1e-12 {
            if abs(qb) > scale * 1e-12 { add(-qc / qb) }
        } else {
            let disc = qb * qb - 4 * qa * qc
            if disc >= 0 {
                let sq = disc.squareRoot()
                let q = -0.5 * (qb + (qb >= 0 ? sq : -sq))
                add(q / qa)
                if q != 0 { add(qc / q) }
            } else if disc >= -1e-9 * max(qb * qb, abs(4 * qa * qc)) {
                add(-qb / (2 * qa))
            }
        }
        if n == 2, r0 > r1 { swap(&r0, &r1) }
        return (r0, r1, n)
    }
}

extension Stroker {
    /// Most halvings of one uniform chord (a factor of 4,096 in parameter: the offset needs
    /// √(1 + w/(2r)) times the centre line's chords, so this covers w/(2r) up to ~10⁷).
    static let maxBisectionDepth = 12
    /// Most samples bisection may add to one curve, so a huge width over a tiny tolerance cannot
    /// explode the output (the arcs have their own floor, see `init`).
    static let maxExtraSamplesPerCurve = 16_384

    /// A sample of the curve: its point and the unit tangents just before and just after it
    /// (different only at a cusp).
    struct CurveSample {
        var t: Double
        var p: PathVector
        var tangentIn: PathVector
        var tangentOut: PathVector
    }

    /// Strokes the cubic p0…p3 from `current` (= p0, with `direction` = t0 already joined) to p3,
    /// leaving `direction` = t1, the exact end tangent, for the join or cap that follows.
    mutating func strokeCurve(_ p0: PathVector, _ p1: PathVector, _ p2: PathVector, _ p3: PathVector,
                              startTangent t0: PathVector, endTangent t1: PathVector) {
        let curve = StrokeCubic(p0, p1, p2, p3)
        // Uniform first guess: the centre line within half the tolerance (Path+Flatten.swift).
        let m = max((p0 - 2 * p1 + p2).length, (p1 - 2 * p2 + p3).length)
        let perUnit = (3 * m / (4 * curveTolerance)).squareRoot()
        // Below this speed a sample is a cusp (its tangent comes from the acceleration).
        let scale = max(abs(curve.c.x), abs(curve.c.y), abs(curve.b.x), abs(curve.b.y), abs(curve.a.x), abs(curve.a.y))
        let stillSpeedSquared = (scale * 1e-9) * (scale * 1e-9)
        let splits = curve.turnSplits()
        var previous = CurveSample(t: 0, p: p0, tangentIn: t0, tangentOut: t0)
        var budget = Self.maxExtraSamplesPerCurve
        for piece in 0...splits.count {
            let ta = piece == 0 ? 0 : (piece == 1 ? splits.0 : splits.1)
            let tb = piece == splits.count ? 1 : (piece == 0 ? splits.0 : splits.1)
            let n = PathFlattener.segmentCount((tb - ta) * perUnit)
            let h = (tb - ta) / Double(n)
            for i in 1...n {
                let next: CurveSample
                if i == n && piece == splits.count {
                    next = CurveSample(t: 1, p: p3, tangentIn: t1, tangentOut: t1)
                } else {
                    let t = i == n ? tb : ta + Double(i) * h
                    next = sample(curve, at: t, stillSpeedSquared: stillSpeedSquared)
                }
                strokeSpan(curve, from: previous, to: next, depth: 0, budget: &budget, stillSpeedSquared: stillSpeedSquared)
                if next.tangentIn != next.tangentOut {
                    endFolds()
                    addJoin(at: next.p, from: next.tangentIn, to: next.tangentOut, smooth: true, innerRoom: 0)
                }
                previous = next
            }
        }
        endFolds()
        current = p3
        direction = t1
        lastLength = 0
    }

    /// The curve's point and unit tangents at `t`.
    @inline(__always)
    func sample(_ curve: StrokeCubic, at t: Double, stillSpeedSquared: Double) -> CurveSample {
        let p = curve.point(t)
        let v = curve.velocity(t)
        let vv = v.lengthSquared
        if vv > stillSpeedSquared, vv.isFinite {
            let u = v * (1 / vv.squareRoot())
            return CurveSample(t: t, p: p, tangentIn: u, tangentOut: u)
        }
        // A cusp: B'(t + ε) ≈ ε·B''(t), so the curve arrives along −B'' and leaves along +B''.
        // (If B'' vanishes too, B' ≈ 3a·ε², the same direction on both sides.)
        if let d = curve.acceleration(t).normalized { return CurveSample(t: t, p: p, tangentIn: -d, tangentOut: d) }
        let d = curve.a.normalized ?? direction ?? PathVector(1, 0)
        return CurveSample(t: t, p: p, tangentIn: d, tangentOut: d)
    }

    /// Emits the stroke between two samples: one quadrilateral when the chord test of the file
    /// header holds, else its two halves, else (too short to halve) a polyline edge.
    mutating func strokeSpan(_ curve: StrokeCubic, from s0: CurveSample, to s1: CurveSample, depth: Int,
                             budget: inout Int, stillSpeedSquared: Double) {
        let ta = s0.tangentOut, tb = s1.tangentIn
        let dc = s1.p - s0.p
        let dot = ta.dot(tb), cross = ta.cross(tb)
        if dot > 0 {
            // |A_{i+1} − A_i|² on the wider side: |Δc|² + (w/2)²·|ΔT|² + w·|Δc · Δn|.
            let dn = (tb - ta).leftNormal * halfWidth
            let offsetChordSquared = dc.lengthSquared + dn.lengthSquared + 2 * abs(dc.dot(dn))
            let limit = 2 * offsetTolerance * (1 + dot)
            if offsetChordSquared * cross * cross <= limit * limit {
                offsetChord(from: s0.p, ta, to: s1.p, tb)
                return
            }
        }
        if depth < Self.maxBisectionDepth, budget > 0, dc.lengthSquared > cornerChord * cornerChord {
            budget -= 1
            let mid = sample(curve, at: 0.5 * (s0.t + s1.t), stillSpeedSquared: stillSpeedSquared)
            strokeSpan(curve, from: s0, to: mid, depth: depth + 1, budget: &budget, stillSpeedSquared: stillSpeedSquared)
            if mid.tangentIn != mid.tangentOut {
                endFolds()
                addJoin(at: mid.p, from: mid.tangentIn, to: mid.tangentOut, smooth: true, innerRoom: 0)
            }
            strokeSpan(curve, from: mid, to: s1, depth: depth + 1, budget: &budget, stillSpeedSquared: stillSpeedSquared)
            return
        }
        strokeCorner(from: s0.p, ta, to: s1.p, tb)
    }

    /// The quadrilateral between the exact normal segments at `a` (tangent `ta`) and `b` (`tb`):
    /// appends b's offsets, or on a side whose normal segments cross, the crossing (the fold run
    /// of the file header). The side buffers end with a's offsets, or with a run's last crossing.
    @inline(__always)
    mutating func offsetChord(from a: PathVector, _ ta: PathVector, to b: PathVector, _ tb: PathVector) {
        let na = ta.leftNormal, nb = tb.leftNormal
        let offsetLeft = b + nb * halfWidth, offsetRight = b - nb * halfWidth
        var foldsLeft = false, foldsRight = false
        let den = na.cross(nb)
        if den != 0 {
            // a + u·na = b + v·nb: where the two normal lines cross.
            let d = b - a
            let u = d.cross(nb) / den, v = d.cross(na) / den
            if u > 0, v > 0, u < halfWidth, v < halfWidth {
                foldsLeft = true
                leftFold.add(crossing: a + na * u, from: a + na * halfWidth, to: offsetLeft, side: &left)
            } else if u < 0, v < 0, -u < halfWidth, -v < halfWidth {
                foldsRight = true
                rightFold.add(crossing: a + na * u, from: a - na * halfWidth, to: offsetRight, side: &right)
            }
        }
        if !foldsLeft {
            if !leftFold.isEmpty { endFold(left: true) }
            left.append(offsetLeft)
        }
        if !foldsRight {
            if !rightFold.isEmpty { endFold(left: false) }
            right.append(offsetRight)
        }
    }

    /// Ends the fold runs on both sides (before anything else is appended to the sides).
    @inline(__always)
    mutating func endFolds() {
        if !leftFold.isEmpty { endFold(left: true) }
        if !rightFold.isEmpty { endFold(left: false) }
    }

    /// Ends a side's fold run: the side steps to the run's last offset, and the loop over the
    /// run's far lobes goes to the output (reversed for the right side, which is emitted backward).
    mutating func endFold(left isLeft: Bool) {
        // (No copy of the run outlives the loops, so clearing keeps the arrays' storage.)
        if isLeft {
            guard let last = leftFold.offsets.last else { return }
            left.append(last)
            // A_{j+1} → A_j → … → A_i → X_i → … → X_j.
            beginOutput(last)
            for p in leftFold.offsets.reversed().dropFirst() { emit(p) }
            for x in leftFold.crossings { emit(x) }
            out.closeSubpath()
            leftFold.clear()
        } else {
            guard let last = rightFold.offsets.last else { return }
            right.append(last)
            // X_j → … → X_i, then A_i → … → A_j: the same loop reversed.
            beginOutput(last)
            for x in rightFold.crossings.reversed() { emit(x) }
            for p in rightFold.offsets.dropLast() { emit(p) }
            out.closeSubpath()
            rightFold.clear()
        }
    }

    /// A span that fails the chord test and cannot be halved (a cusp, a turn tighter than the
    /// tolerance, or bisection's limits): stroked as a polyline edge — round join to the chord,
    /// the chord's rectangle, round join to the next tangent.
    mutating func strokeCorner(from a: PathVector, _ ta: PathVector, to b: PathVector, _ tb: PathVector) {
        endFolds()
        guard let d = (b - a).normalized else {
            addJoin(at: a, from: ta, to: tb, smooth: true, innerRoom: 0)
            return
        }
        addJoin(at: a, from: ta, to: d, smooth: true, innerRoom: 0)
        let n = d.leftNormal * halfWidth
        left.append(b + n); right.append(b - n)
        addJoin(at: b, from: d, to: tb, smooth: true, innerRoom: 0)
    }
}

/// A run of consecutive folded chords on one side of a curve's stroke (see the file header):
/// the offsets A_i … A_{j+1} and the crossings X_i … X_j. Its arrays keep their capacity.
struct FoldRun {
    var offsets: [PathVector] = []
    var crossings: [PathVector] = []

    var isEmpty: Bool { crossings.isEmpty }

    /// Adds a folded chord from offset `a` to offset `b` whose normals cross at `x`: the side
    /// (which ends at `a`, or at the run's last crossing) goes on to `x` only.
    @inline(__always)
    mutating func add(crossing x: PathVector, from a: PathVector, to b: PathVector, side: inout [PathVector]) {
        if offsets.isEmpty { offsets.append(a) }
        offsets.append(b)
        crossings.append(x)
        side.append(x)
    }

    mutating func clear() {
        offsets.removeAll(keepingCapacity: true)
        crossings.removeAll(keepingCapacity: true)
    }
}
