// layer-geometry: seed 004's layer geometry — a layer rotates about its anchor point, which sits
// at its position; and a card turns about y under a perspective sublayerTransform (m34 = −1/500).
//
// Audited against: seed 004 "Anchor point ảnh hưởng đến thao tác hình học" (rotation happens about
//   the anchor point; moving the anchor point from the centre to a corner changes where the layer
//   turns) and "Layer có thể điều khiển theo 3 chiều" (transform and sublayerTransform,
//   CATransform3D); CALayer.anchorPoint / position / sublayerTransform docs; CATransformLayer
//   docs (sublayers keep their 3-D positions); CALayer.isDoubleSided.
// Status: complete. Each top cell shows the same 64 × 40 layer with a different anchor point:
//   a dashed outline marks the unrotated frame, a red dot the position (= the anchor point).

import Foundation
import Kinema

extension Demo {
    /// Anchor points and position, and a 3-D card with perspective.
    public static let layerGeometry = Demo(
        name: "layer-geometry",
        summary: "seed 004: rotation about anchor points (0.5, 0.5), (0, 0), (1, 0.5); a card turning about y with m34 = -1/500",
        source: "seed 004 — anchorPoint, position, transform, sublayerTransform",
        size: CGSize(width: 400, height: 300), duration: LayerGeometry.turn, fps: 30,
        body: LayerGeometry.build)
}

/// The numbers of the layer-geometry demo.
public enum LayerGeometry {
    /// One full turn of every rotation (the loop).
    public static let turn: Double = 4
    /// The rotating layers' size.
    public static let barSize = CGSize(width: 64, height: 40)
    /// The anchor points of the three cells, left to right.
    public static let anchorPoints: [CGPoint] = [CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0.5)]
    /// The cells' centres: the rotating layers' common position.
    public static let cellCenters: [CGPoint] = [CGPoint(x: 68, y: 82), CGPoint(x: 190, y: 82), CGPoint(x: 326, y: 82)]
    /// The perspective of the card's container: m34 = −1 / eye distance.
    public static let eyeDistance: CGFloat = 500
    /// The card's size and centre.
    public static let cardSize = CGSize(width: 150, height: 90)
    public static let cardCenter = CGPoint(x: 200, y: 228)

    @MainActor
    static func build(_ scene: DemoScene) {
        scene.content.backgroundColor = Palette.background
        let colors = [Palette.blue, Palette.orange, Palette.green]

        // The divider between the two parts.
        scene.add(Make.box(CGSize(width: 360, height: 1), at: CGPoint(x: 200, y: 168), color: Palette.lightGray))

        for (k, anchor) in anchorPoints.enumerated() {
            let center = cellCenters[k]
            // The unrotated frame: bounds placed so that the anchor point lies on the position.
            let frame = CGRect(x: center.x - anchor.x * barSize.width, y: center.y - anchor.y * barSize.height,
                               width: barSize.width, height: barSize.height)
            let outline = Make.shape(CGPath(rect: CGRect(origin: .zero, size: barSize).insetBy(dx: 0.5, dy: 0.5), transform: nil),
                                     size: barSize, at: CGPoint(x: frame.midX, y: frame.midY),
                                     fill: nil, stroke: Palette.gray, lineWidth: 1)
            outline.lineDashPattern = [3, 3]
            scene.add(outline)

            let bar = Make.box(barSize, at: center, color: colors[k].copy(alpha: 0.85) ?? colors[k], cornerRadius: 6)
            bar.name = "anchor\(k)"
            bar.anchorPoint = anchor
            bar.position = center
            scene.add(bar)

            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0.0
            spin.toValue = 2 * Double.pi
            spin.duration = turn
            spin.repeatCount = .infinity
            spin.beginTime = bar.convertTime(scene.mediaTime(0), from: nil)
            bar.add(spin, forKey: "spin")

            // The anchor point, which is where `position` puts the layer: a red dot in a white ring.
            scene.add(Make.dot(at: center, diameter: 12, color: Palette.white))
            scene.add(Make.dot(at: center, diameter: 8, color: Palette.red))
        }

        // The card: a container whose sublayerTransform adds perspective, a transform layer
        // turning about y, and two faces (the back turned by π and hidden when facing away).
        let stageLayer = CALayer()
        stageLayer.frame = CGRect(x: 0, y: 170, width: 400, height: 130)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / eyeDistance
        stageLayer.sublayerTransform = perspective
        scene.add(stageLayer)

        let card = CATransformLayer()
        card.name = "card"
        card.bounds = CGRect(origin: .zero, size: cardSize)
        card.position = CGPoint(x: cardCenter.x, y: cardCenter.y - 170)
        stageLayer.addSublayer(card)

        let front = CAGradientLayer()
        front.name = "card.front"
        front.frame = card.bounds
        front.colors = [Palette.blue, Palette.indigo]
        front.startPoint = CGPoint(x: 0, y: 0)
        front.endPoint = CGPoint(x: 1, y: 1)
        front.cornerRadius = 12
        front.masksToBounds = true
        front.isDoubleSided = false
        front.addSublayer(Make.dot(at: CGPoint(x: 30, y: 30), diameter: 28, color: Palette.rgb(0xFFFFFF, alpha: 0.9)))
        for row in 0 ..< 2 {
            let line = Make.box(CGSize(width: row == 0 ? 70 : 50, height: 8),
                                at: .zero, color: Palette.rgb(0xFFFFFF, alpha: 0.8), cornerRadius: 4)
            line.anchorPoint = CGPoint(x: 0, y: 0.5)
            line.position = CGPoint(x: 18, y: 62 + CGFloat(row) * 14)
            front.addSublayer(line)
        }
        card.addSublayer(front)

        let back = CALayer()
        back.name = "card.back"
        back.frame = card.bounds
        back.backgroundColor = Palette.orange
        back.cornerRadius = 12
        back.isDoubleSided = false
        back.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        let stripe = Make.box(CGSize(width: cardSize.width, height: 18), at: CGPoint(x: cardSize.width / 2, y: 26),
                              color: Palette.ink.copy(alpha: 0.75) ?? Palette.ink)
        back.addSublayer(stripe)
        card.addSublayer(back)

        let flip = CABasicAnimation(keyPath: "transform.rotation.y")
        flip.fromValue = 0.0
        flip.toValue = 2 * Double.pi
        flip.duration = turn
        flip.repeatCount = .infinity
        flip.beginTime = card.convertTime(scene.mediaTime(0), from: nil)
        card.add(flip, forKey: "flip")
    }
}
