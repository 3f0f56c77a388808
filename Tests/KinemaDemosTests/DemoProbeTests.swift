// Semantic probes: what the demos' frames and presentation layers must show at chosen times,
// computed independently (closed forms of the cubic timing curve, rotation and perspective
// projection, colour stops) rather than read back from the code under test.

import Foundation
import Kinema
import KinemaDemos
import KinemaRenderServer
import Testing

/// The seed's timing curve (0.65, −0.55, 0.27, 1.55) as a plain cubic Bézier, solved here by
/// bisection — independent of CAMediaTimingFunction's solver.
enum SeedCurve {
    static let (x1, y1, x2, y2) = (0.65, -0.55, 0.27, 1.55)

    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    /// The parameter s where the curve's y is extreme (max when `max`), found on a fine grid.
    static func extreme(max: Bool) -> (x: Double, y: Double) {
        var best = (x: 0.0, y: max ? -Double.infinity : Double.infinity)
        for i in 0 ... 100_000 {
            let s = Double(i) / 100_000
            let y = bezier(s, y1, y2)
            if max ? y > best.y : y < best.y { best = (bezier(s, x1, x2), y) }
        }
        return best
    }

    /// y at progress x (x(s) is increasing for these control points).
    static func y(atX x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 60 {
            let mid = (lo + hi) / 2
            if bezier(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, y1, y2)
    }
}

@Suite("Demo probes")
@MainActor
struct DemoProbeTests {
    static let background = (242, 242, 247)   // systemGroupedBackground, 0xF2F2F7
    static let blue = (0, 122, 255)            // systemBlue, 0x007AFF

    // MARK: basic-animations

    @Test("basic-animations: after each move the presentation frame is the target frame, then the start frame")
    func basicEnds() throws {
        let run = DemoRun(.basicAnimations)
        let firstEnd = BasicAnimations.hold + BasicAnimations.animationDuration + 0.2
        _ = run.frame(at: firstEnd)
        let atTarget = try #require(run.presentation(of: "button"))
        #expect(Self.near(atTarget.frame, BasicAnimations.targetFrame, 1e-6), "\(atTarget.frame)")
        #expect(abs(atTarget.cornerRadius - BasicAnimations.newButtonWidth / 2) < 1e-9)
        _ = run.frame(at: Demo.basicAnimations.duration)
        let back = try #require(run.presentation(of: "button"))
        #expect(Self.near(back.frame, BasicAnimations.startFrame, 1e-6), "\(back.frame)")
    }

    @Test("basic-animations: the curve's overshoot (y > 1 near x ≈ 0.8) carries the button past the target, in the layer and in the pixels")
    func basicOvershoot() throws {
        let peak = SeedCurve.extreme(max: true)
        #expect(peak.y > 1.05 && peak.x > 0.7 && peak.x < 0.9, "\(peak)")
        let run = DemoRun(.basicAnimations)
        let time = BasicAnimations.hold + BasicAnimations.animationDuration * peak.x
        let frame = Image(run.frame(at: time))
        let button = try #require(run.presentation(of: "button"))
        let start = BasicAnimations.startFrame, target = BasicAnimations.targetFrame
        // Each of bounds and position is start + (target − start) × y.
        let y = SeedCurve.y(atX: peak.x)
        let expectedMidY = start.midY + (target.midY - start.midY) * y
        let expectedHeight = start.height + (target.height - start.height) * y
        #expect(abs(button.position.y - expectedMidY) < 0.01, "\(button.position.y) vs \(expectedMidY)")
        #expect(abs(button.bounds.height - expectedHeight) < 0.01)
        let maxY = expectedMidY + expectedHeight / 2
        #expect(maxY > target.maxY + 5)
        // Pixels: below the target's bottom edge, in the middle column, the button is drawn.
        let row = Int(((target.maxY + maxY) / 2).rounded(.down))
        #expect(close(frame.rgb(Int(target.midX), row), Self.blue, 3), "\(frame.rgb(Int(target.midX), row))")
        let settled = Image(run.frame(at: BasicAnimations.hold + BasicAnimations.animationDuration + 0.2))
        #expect(close(settled.rgb(Int(target.midX), row), Self.background, 3))
    }

    @Test("basic-animations: the curve's dip below 0 (anticipation) first moves the button's left edge left of its start")
    func basicAnticipation() throws {
        let dip = SeedCurve.extreme(max: false)
        #expect(dip.y < -0.05, "\(dip)")
        let run = DemoRun(.basicAnimations)
        let frame = Image(run.frame(at: BasicAnimations.hold + BasicAnimations.animationDuration * dip.x))
        let button = try #require(run.presentation(of: "button"))
        let start = BasicAnimations.startFrame, target = BasicAnimations.targetFrame
        let expectedMinX = start.minX + (target.minX - start.minX) * dip.y
        #expect(abs(button.frame.minX - expectedMinX) < 0.01, "\(button.frame.minX) vs \(expectedMinX)")
        #expect(expectedMinX < start.minX - 3)
        let column = Int(((expectedMinX + start.minX) / 2).rounded(.down))
        #expect(close(frame.rgb(column, Int(start.midY)), Self.blue, 3), "\(frame.rgb(column, Int(start.midY)))")
    }

    // MARK: transitions

    /// The panel's pixel at panel-local (x, y) halfway through transition `k` (ease-in-ease-out is
    /// symmetric, so progress 0.5 at the midpoint).
    func panelPixels(midwayThrough k: Int, _ points: [(Int, Int)]) -> [(Int, Int, Int)] {
        let run = DemoRun(.transitions)
        let time = Transitions.lead + Double(k) * Transitions.period + Transitions.transitionDuration / 2
        let image = Image(run.frame(at: time))
        let origin = Transitions.panelFrame.origin
        return points.map { image.rgb(Int(origin.x) + $0.0, Int(origin.y) + $0.1) }
    }

    static let pageColors = [(0, 122, 255), (255, 149, 0), (52, 199, 89), (175, 82, 222),
                             (255, 45, 85), (48, 176, 199), (88, 86, 214), (255, 59, 48)]

    @Test("transitions: fade at half progress is the mean of the two pages' colours")
    func fadeHalfway() {
        // Transition 0 (fade, fromLeft): page 0 → page 1.
        let pixel = panelPixels(midwayThrough: 0, [(20, 140)])[0]
        let (a, b) = (Self.pageColors[0], Self.pageColors[1])
        let mean = ((a.0 + b.0) / 2, (a.1 + b.1) / 2, (a.2 + b.2) / 2)
        #expect(close(pixel, mean, 3), "\(pixel) vs \(mean)")
    }

    @Test("transitions: push fromLeft at half progress — the new page fills the left half, the old one the right")
    func pushHalfway() {
        // Transition 8 (push, fromLeft): page 8 (colour 0) → page 9 (colour 1).
        let pixels = panelPixels(midwayThrough: 8, [(20, 140), (200, 140)])
        #expect(close(pixels[0], Self.pageColors[1], 3), "\(pixels[0])")
        #expect(close(pixels[1], Self.pageColors[0], 3), "\(pixels[1])")
    }

    @Test("transitions: moveIn fromTop at half progress — the new page covers the top half, the old one is still below")
    func moveInHalfway() {
        // Transition 6 (moveIn, fromTop): page 6 (colour 6) → page 7 (colour 7).
        let pixels = panelPixels(midwayThrough: 6, [(20, 20), (20, 140)])
        #expect(close(pixels[0], Self.pageColors[7], 3), "\(pixels[0])")
        #expect(close(pixels[1], Self.pageColors[6], 3), "\(pixels[1])")
    }

    @Test("transitions: reveal fromBottom at half progress — the old page has slid up off the bottom half, showing the new one")
    func revealHalfway() {
        // Transition 15 (reveal, fromBottom): page 15 (colour 7) → page 0 (colour 0).
        let pixels = panelPixels(midwayThrough: 15, [(20, 20), (20, 140)])
        #expect(close(pixels[0], Self.pageColors[7], 3), "\(pixels[0])")
        #expect(close(pixels[1], Self.pageColors[0], 3), "\(pixels[1])")
    }

    // MARK: layer-geometry

    @Test("layer-geometry: a quarter turn turns each layer about its anchor point, which stays at its position")
    func quarterTurn() throws {
        let run = DemoRun(.layerGeometry)
        let image = Image(run.frame(at: LayerGeometry.turn / 4))
        let w = LayerGeometry.barSize.width, h = LayerGeometry.barSize.height
        for (k, anchor) in LayerGeometry.anchorPoints.enumerated() {
            let bar = try #require(run.presentation(of: "anchor\(k)"))
            let c = LayerGeometry.cellCenters[k]
            // Rotating by +90° (clockwise on screen, y down) maps a bounds offset (u, v) from the
            // anchor to (−v, u): the frame's x span is −(1 − ay)·h … ay·h, its y span −ax·w … (1 − ax)·w.
            let expected = CGRect(x: c.x - (1 - anchor.y) * h, y: c.y - anchor.x * w, width: h, height: w)
            #expect(Self.near(bar.frame, expected, 1e-6), "\(k): \(bar.frame) vs \(expected)")
            #expect(Self.near(CGRect(origin: bar.position, size: .zero), CGRect(origin: c, size: .zero), 1e-9))
        }
        // The top-left-anchored layer (orange, 85 % over the background) now lies left of and
        // below its anchor; right of and below the anchor, where it was at 0, is background.
        let c = LayerGeometry.cellCenters[1]
        let orange = (255 * 85 + 242 * 15 + 50) / 100
        #expect(close(image.rgb(Int(c.x) - 20, Int(c.y) + 32), (orange, (149 * 85 + 242 * 15 + 50) / 100, (247 * 15 + 50) / 100), 4),
                "\(image.rgb(Int(c.x) - 20, Int(c.y) + 32))")
        #expect(close(image.rgb(Int(c.x) + 20, Int(c.y) + 12), Self.background, 2))
    }

    /// The card's extent in column x (stage rows 170…299): from the first to the last row that is
    /// far from the background (covered ≥ ~half; the card's top and bottom edges are its gradient
    /// or back colour, which are far from it; white details inside do not matter).
    func coveredRows(_ image: Image, x: Int) -> Int {
        let rows = (170 ..< 300).filter { y in
            let p = image.rgb(x, y)
            return abs(p.0 - 242) + abs(p.1 - 242) + abs(p.2 - 247) > 120
        }
        guard let first = rows.first, let last = rows.last else { return 0 }
        return last - first + 1
    }

    @Test("layer-geometry: at 45° about y with m34 = −1/500 the card's receding right side is shorter — heights 90/(1 ± 50·sin45°/500)")
    func perspective() {
        let run = DemoRun(.layerGeometry)
        let image = Image(run.frame(at: LayerGeometry.turn / 8))
        let d = Double(LayerGeometry.eyeDistance), s = sin(Double.pi / 4), c = cos(Double.pi / 4)
        // Card-local x = ±50 (inside the rounded corners): X = ±50·cos, Z = ∓50·sin (the right
        // side turns away from the viewer), w = 1 − Z/d; screen x = X / w, height = 90 / w.
        let wRight = 1 + 50 * s / d, wLeft = 1 - 50 * s / d
        let xRight = 200 + 50 * c / wRight, xLeft = 200 - 50 * c / wLeft
        let right = coveredRows(image, x: Int(xRight.rounded()))
        let left = coveredRows(image, x: Int(xLeft.rounded()))
        #expect(abs(Double(right) - 90 / wRight) <= 1.5, "right \(right) vs \(90 / wRight)")
        #expect(abs(Double(left) - 90 / wLeft) <= 1.5, "left \(left) vs \(90 / wLeft)")
    }

    @Test("layer-geometry: edge-on at 90° the card covers no more than a hairline; at 180° only its back (orange) shows")
    func edgeOnAndBack() {
        let run = DemoRun(.layerGeometry)
        let edgeOn = Image(run.frame(at: LayerGeometry.turn / 4))
        let covered = (100 ..< 300).map { coveredRows(edgeOn, x: $0) }
        #expect(covered.filter { $0 > 0 }.count <= 2, "\(covered.filter { $0 > 0 }.count) columns covered")
        let back = Image(run.frame(at: LayerGeometry.turn / 2))
        #expect(close(back.rgb(200, 250), (255, 149, 0), 3), "\(back.rgb(200, 250))")
    }

    // MARK: shapes

    @Test("shapes: halfway through the ease-in-ease-out draw, strokeEnd is 0.5 (the curve is symmetric)")
    func strokeHalfway() throws {
        let run = DemoRun(.shapes)
        _ = run.frame(at: Shapes.drawStart + Shapes.drawDuration / 2)
        let stroke = try #require(run.presentation(of: "stroke") as? CAShapeLayer)
        #expect(abs(stroke.strokeEnd - 0.5) < 1e-4, "\(stroke.strokeEnd)")
    }

    @Test("shapes: the spinner after 6 steps is turned 180° — the opaque head at the bottom, instance 6 (alpha 0.6) at the top")
    func spinnerHalfTurn() {
        let run = DemoRun(.shapes)
        let image = Image(run.frame(at: 0.55))
        // Indigo (88, 86, 214) at alpha a over white: 255 − a·(255 − c).
        func over(_ a: Double) -> (Int, Int, Int) {
            (Int((255 - a * (255 - 88)).rounded()), Int((255 - a * (255 - 86)).rounded()), Int((255 - a * (255 - 214)).rounded()))
        }
        #expect(close(image.rgb(350, 119), over(1), 4), "\(image.rgb(350, 119))")
        #expect(close(image.rgb(350, 61), over(1 - 6 * 0.8 / 12), 4), "\(image.rgb(350, 61))")
    }

    @Test("shapes: the gradient's centre (location 0.5 on the diagonal) is the middle stop: orange at 0, purple at half the loop")
    func gradientStops() {
        let run = DemoRun(.shapes)
        let start = Image(run.frame(at: 0))
        #expect(close(start.rgb(210, 90), (255, 149, 0), 3), "\(start.rgb(210, 90))")
        let middle = Image(run.frame(at: Shapes.loop / 2))
        #expect(close(middle.rgb(210, 90), (175, 82, 222), 3), "\(middle.rgb(210, 90))")
    }

    static func near(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }
}
