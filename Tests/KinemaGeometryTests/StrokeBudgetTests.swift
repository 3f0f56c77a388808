// The stroke's work budget (Path.maxStrokeCurveChords, Path+Stroke.swift): curves that would need
// more than a million chords at the requested tolerance are stroked at a coarser one, with a
// diagnostic; ordinary strokes keep their tolerance. Found by the paths fuzzer (2026-11-29): a
// dashed copy of arcs stroked through a transform scaling x by 10^9 took 3.4 GB and 35 s.
import Foundation
import KinemaSupport
import Testing
@testable import KinemaGeometry

@Suite("Stroke work budget")
struct StrokeBudgetTests {
    /// `count` small cubic arcs side by side.
    static func arcs(_ count: Int) -> Path {
        var path = Path()
        for k in 0 ..< count {
            let x = Double(k % 100) * 3, y = Double(k / 100) * 3
            path.move(to: CGPoint(x: x, y: y))
            path.addCurve(to: CGPoint(x: x + 2, y: y), control1: CGPoint(x: x, y: y + 1.5), control2: CGPoint(x: x + 2, y: y + 1.5))
        }
        return path
    }

    @Test("an ordinary stroke keeps its tolerance and says nothing")
    func ordinary() {
        let path = Self.arcs(200)
        let (tolerance, diagnostics) = KinemaDiagnostics.collecting { Path.budgetedStrokeTolerance(path, 0.25) }
        #expect(tolerance == 0.25)
        #expect(diagnostics.isEmpty)
    }

    @Test("curves that would need over a million chords are stroked coarser, within the budget, with a diagnostic")
    func overBudget() {
        let path = Self.arcs(2_000)
        // At 10^-10 each arc asks for the per-curve cap (16,384 chords): 33 million in all.
        let floor = path.flattenedSegmentCount(tolerance: .infinity)
        #expect(path.flattenedSegmentCount(tolerance: 1e-10) - floor > Path.maxStrokeCurveChords)
        let (tolerance, diagnostics) = KinemaDiagnostics.collecting { Path.budgetedStrokeTolerance(path, 1e-10) }
        #expect(tolerance > 1e-10)
        #expect(path.flattenedSegmentCount(tolerance: tolerance) - floor <= Path.maxStrokeCurveChords)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("chords") == true)
    }

    @Test("a stroke through a transform of scale 10^9 over a small canvas finishes with a bounded outline")
    func hugeTransform() {
        let path = Self.arcs(2_000)
        let transform = PathTransform(a: -1e9, b: 4096, c: 4096, d: 20, tx: -8, ty: -6.5)
        let (outline, diagnostics) = KinemaDiagnostics.collecting {
            path.stroked(StrokeStyle(width: 8, cap: .square), transform: transform, tolerance: 0.25,
                         keeping: CGRect(x: -2, y: -2, width: 52, height: 52))
        }
        #expect(!outline.isEmpty)
        // Without the budget: 2,000 curves × 16,384 chords a side. With it: a few million points at most.
        #expect(outline.elementCount < 8 * Path.maxStrokeCurveChords)
        #expect(diagnostics.contains { $0.message.contains("chords") })
    }
}
