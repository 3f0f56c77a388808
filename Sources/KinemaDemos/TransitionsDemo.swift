// transitions: seed 000's CATransition slide — the four types (fade, moveIn, push, reveal) × the
// four subtypes (fromLeft, fromRight, fromTop, fromBottom), one after another on a panel whose
// content changes each time.
//
// Audited against: seed 000 "CATransition" (kCATransitionFade / MoveIn / Push / Reveal,
//   kCATransitionFromRight / FromLeft / FromTop / FromBottom); CATransition docs (type, subtype,
//   "a transition animation … between a layer's states": the layer's changes in the same
//   transaction are what the transition reveals); CATransaction.setDisableActions.
// Status: complete. No text rendering exists yet, so each page's "label" is drawn with shapes:
//   a glyph (circle, square, triangle, diamond), three bars standing for lines of text, and an
//   arrow pointing the way the new content travels. Below the panel, four pills mark the type.

import Foundation
import Kinema

extension Demo {
    /// Sixteen CATransitions in a row on one panel: every type with every subtype.
    public static let transitions = Demo(
        name: "transitions",
        summary: "seed 000's CATransition: fade, moveIn, push, reveal × fromLeft, fromRight, fromTop, fromBottom",
        source: "seed 000 — CATransition types and subtypes",
        size: CGSize(width: 320, height: 240),
        duration: Transitions.lead + Double(Transitions.steps.count) * Transitions.period, fps: 30,
        body: Transitions.build)
}

/// The numbers of the transitions demo.
public enum Transitions {
    /// Before the first transition.
    public static let lead: Double = 0.3
    /// Each transition's duration.
    public static let transitionDuration: Double = 0.5
    /// From one transition's start to the next.
    public static let period: Double = 0.8
    /// The types, in order (the pills below the panel).
    public static let types: [CATransitionType] = [.fade, .moveIn, .push, .reveal]
    /// The subtypes, in order.
    public static let subtypes: [CATransitionSubtype] = [.fromLeft, .fromRight, .fromTop, .fromBottom]
    /// Transition k: type k / 4, subtype k mod 4, starting at lead + k × period.
    public static let steps: [(type: CATransitionType, subtype: CATransitionSubtype)] =
        types.flatMap { type in subtypes.map { (type, $0) } }

    /// The panel, in demo points.
    public static let panelFrame = CGRect(x: 50, y: 28, width: 220, height: 150)

    static let colors: [CGColor] = [Palette.blue, Palette.orange, Palette.green, Palette.purple,
                                    Palette.pink, Palette.teal, Palette.indigo, Palette.red]

    /// The parts of the panel a page sets.
    @MainActor
    struct Page {
        let glyph: CAShapeLayer
        let bars: [CALayer]
        let arrow: CAShapeLayer
    }

    @MainActor
    static func build(_ scene: DemoScene) {
        scene.content.backgroundColor = Palette.background

        let panel = CALayer()
        panel.name = "panel"
        panel.frame = panelFrame
        panel.masksToBounds = true
        scene.add(panel)

        let glyph = Make.shape(CGMutablePath(), size: CGSize(width: 56, height: 56), at: CGPoint(x: 48, y: 52),
                               fill: Palette.white)
        let bars = (0 ..< 3).map { row in
            let bar = Make.box(CGSize(width: 100, height: 10), at: .zero, color: Palette.rgb(0xFFFFFF, alpha: 0.85),
                               cornerRadius: 5)
            bar.anchorPoint = CGPoint(x: 0, y: 0.5)
            bar.position = CGPoint(x: 92, y: 36 + CGFloat(row) * 16)
            return bar
        }
        let arrowPath = CGMutablePath()
        arrowPath.addLines(between: [CGPoint(x: 4, y: 12), CGPoint(x: 36, y: 12)])
        arrowPath.addLines(between: [CGPoint(x: 26, y: 3), CGPoint(x: 37, y: 12), CGPoint(x: 26, y: 21)])
        let arrow = Make.shape(arrowPath, size: CGSize(width: 40, height: 24), at: CGPoint(x: 110, y: 115),
                               fill: nil, stroke: Palette.white, lineWidth: 4)
        arrow.lineCap = .round
        arrow.lineJoin = .round
        for layer in [glyph] + bars + [arrow] { panel.addSublayer(layer) }
        let page = Page(glyph: glyph, bars: bars, arrow: arrow)

        // The type indicator: four pills, the current type's dark.
        let pills = (0 ..< types.count).map { k in
            Make.box(CGSize(width: 36, height: 8), at: CGPoint(x: 160 + (CGFloat(k) - 1.5) * 46, y: 206),
                     color: Palette.lightGray, cornerRadius: 4)
        }
        for pill in pills { scene.add(pill) }

        // Page 0 (shown first and again after the last transition, so the recording loops) is
        // what the last transition brings in.
        show(page: 0, on: panel, page, pills: pills)

        for (k, step) in steps.enumerated() {
            let start = lead + Double(k) * period
            scene.at(start) {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                let transition = CATransition()
                transition.type = step.type
                transition.subtype = step.subtype
                transition.duration = transitionDuration
                transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                transition.beginTime = panel.convertTime(scene.mediaTime(start), from: nil)
                show(page: (k + 1) % steps.count, on: panel, page, pills: pills)
                panel.add(transition, forKey: "transition")
                CATransaction.commit()
            }
        }
    }

    /// Sets the panel to page `index`: the colour, glyph, bar lengths and arrow of the transition
    /// that brings it in (transition index − 1; page 0 is brought in by the last one).
    @MainActor
    static func show(page index: Int, on panel: CALayer, _ page: Page, pills: [CALayer]) {
        let step = (index + steps.count - 1) % steps.count
        let (type, subtype) = steps[step]
        panel.backgroundColor = colors[index % colors.count]
        page.glyph.path = glyph(index % 4, in: page.glyph.bounds)
        let lengths: [[CGFloat]] = [[100, 76, 88], [84, 100, 60], [96, 64, 80], [70, 92, 100]]
        for (bar, length) in zip(page.bars, lengths[index % lengths.count]) {
            bar.bounds.size.width = length
        }
        // The arrow points the way the new content moves: fromLeft → right, fromTop → down.
        let angle: CGFloat = switch subtype {
        case .fromRight: .pi
        case .fromTop: .pi / 2
        case .fromBottom: -.pi / 2
        default: 0
        }
        page.arrow.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        let typeIndex = types.firstIndex(of: type) ?? 0
        for (k, pill) in pills.enumerated() {
            pill.backgroundColor = k == typeIndex ? Palette.ink : Palette.lightGray
        }
    }

    /// Glyph `kind` (circle, rounded square, triangle, diamond) inset in `rect`.
    static func glyph(_ kind: Int, in rect: CGRect) -> CGPath {
        let r = rect.insetBy(dx: 4, dy: 4)
        switch kind {
        case 0:
            return CGPath(ellipseIn: r, transform: nil)
        case 1:
            return CGPath(roundedRect: r.insetBy(dx: 2, dy: 2), cornerWidth: 9, cornerHeight: 9, transform: nil)
        case 2:
            let path = CGMutablePath()
            path.addLines(between: [CGPoint(x: r.midX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY - 4),
                                    CGPoint(x: r.minX, y: r.maxY - 4)])
            path.closeSubpath()
            return path
        default:
            let path = CGMutablePath()
            path.addLines(between: [CGPoint(x: r.midX, y: r.minY), CGPoint(x: r.maxX, y: r.midY),
                                    CGPoint(x: r.midX, y: r.maxY), CGPoint(x: r.minX, y: r.midY)])
            path.closeSubpath()
            return path
        }
    }
}
