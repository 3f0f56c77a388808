// typography: the seed articles' own titles in Vietnamese, set by CATextLayer — four sizes from
// 12 to 48 pt (stacked diacritics: "ệ ở ữ ặ"), the alignment modes, the truncation modes, and a
// text layer whose fontSize and foregroundColor animate.
//
// Audited against: CATextLayer docs (string, font, fontSize and foregroundColor "Animatable",
//   alignmentMode, truncationMode, isWrapped, "The first line is aligned to the top of the
//   layer") and contentsScale (a text layer's backing store is contentsScale pixels per point,
//   default 1: iOS code sets it to the screen's scale, as this demo sets it to the stage's).
// Status: complete. Everything is CATextLayer (UILabel is UIKit's and drawn elsewhere); the
//   seed's titles are the strings of its articles' headings.

import Foundation
import Kinema

extension Demo {
    /// The seed titles at 12–48 pt, alignment and truncation modes, an animated text layer.
    public static let typography = Demo(
        name: "typography",
        summary: "CATextLayer: the seed's Vietnamese titles at 12–48 pt, alignment and truncation modes, fontSize and colour animating",
        source: "the seed articles' titles (Vietnamese) — CATextLayer",
        size: CGSize(width: 480, height: 400), duration: Typography.loop, fps: 30,
        body: Typography.build)
}

/// The numbers of the typography demo.
public enum Typography {
    /// The seed's titles, as its articles write them.
    public static let titles = ["Tùy chỉnh viewcontroller transition", "Bài viết hôm nay", "Hiệu ứng chuyển động", "ệ ở ữ ặ"]
    /// The size each title is set at.
    public static let sizes: [CGFloat] = [12, 18, 28, 48]
    /// One loop: the animated layer grows and shrinks once.
    public static let loop: Double = 4
    /// The animated layer's font size: from, to (and back, autoreversing).
    public static let fontSizes: (from: CGFloat, to: CGFloat) = (16, 34)
    /// The card the animated layer sits in.
    public static let animatedCard = CGRect(x: 20, y: 318, width: 440, height: 66)
    /// The three cards of a row.
    static func cards(y: CGFloat) -> [CGRect] {
        (0 ..< 3).map { CGRect(x: 20 + CGFloat($0) * 150, y: y, width: 140, height: 40) }
    }

    @MainActor
    static func build(_ scene: DemoScene) {
        scene.content.backgroundColor = Palette.background
        // Pixels per point of the text's backing stores: the stage's scale times the fit of the
        // demo into the stage (`--size`), as iOS code sets contentsScale to the screen's scale.
        let size = Demo.typography.size
        let scale = scene.stage.scale * min(scene.stage.size.width / size.width, scene.stage.size.height / size.height)

        /// A text layer at `frame`, black unless told.
        @discardableResult
        func text(_ string: Any, _ frame: CGRect, size: CGFloat, color: CGColor = Palette.ink,
                  alignment: CATextLayerAlignmentMode = .natural) -> CATextLayer {
            let layer = CATextLayer()
            layer.frame = frame
            layer.string = string
            layer.font = "HelveticaNeue" as CFTypeRef
            layer.fontSize = size
            layer.foregroundColor = color
            layer.alignmentMode = alignment
            layer.contentsScale = scale
            scene.add(layer)
            return layer
        }

        // The titles, top to bottom at 12, 18, 28 and 48 pt.
        var y: CGFloat = 14
        for (title, size) in zip(titles, sizes) {
            let height = (size * 1.25).rounded(.up)
            text(title, CGRect(x: 20, y: y, width: 440, height: height), size: size)
            text("\(Int(size)) pt", CGRect(x: 400, y: y + size * 0.35, width: 60, height: 14), size: 10, color: Palette.gray,
                 alignment: .right)
            y += height + 4
        }

        // Alignment: left, center, right in equal cards.
        let alignments: [(CATextLayerAlignmentMode, String)] = [(.left, "left"), (.center, "center"), (.right, "right")]
        for (card, (mode, name)) in zip(cards(y: 184), alignments) {
            scene.add(Make.box(card.size, at: CGPoint(x: card.midX, y: card.midY), color: Palette.white, cornerRadius: 8))
            text("alignmentMode .\(name)", CGRect(x: card.minX, y: card.minY - 14, width: card.width, height: 13), size: 10,
                 color: Palette.gray)
            text("Bài viết", card.insetBy(dx: 8, dy: 10), size: 16, alignment: mode)
        }

        // Truncation: the longest title in the same cards, cut at the start, middle and end.
        let truncations: [(CATextLayerTruncationMode, String)] = [(.start, "start"), (.middle, "middle"), (.end, "end")]
        for (card, (mode, name)) in zip(cards(y: 252), truncations) {
            scene.add(Make.box(card.size, at: CGPoint(x: card.midX, y: card.midY), color: Palette.white, cornerRadius: 8))
            text("truncationMode .\(name)", CGRect(x: card.minX, y: card.minY - 14, width: card.width, height: 13), size: 10,
                 color: Palette.gray)
            let layer = text(titles[0], card.insetBy(dx: 8, dy: 10), size: 16)
            layer.truncationMode = mode
        }

        // The animated layer: fontSize 16 → 34 pt and its colour through blue, pink and orange,
        // centred in its card, autoreversing once a loop.
        let card = animatedCard
        scene.add(Make.box(card.size, at: CGPoint(x: card.midX, y: card.midY), color: Palette.white, cornerRadius: 12))
        text("fontSize, foregroundColor", CGRect(x: card.minX, y: card.minY - 14, width: card.width, height: 13), size: 10,
             color: Palette.gray)
        let animated = text(titles[2], card.insetBy(dx: 10, dy: 8), size: fontSizes.from, color: Palette.blue, alignment: .center)
        animated.name = "typography.animated"

        let grow = CABasicAnimation(keyPath: "fontSize")
        grow.fromValue = fontSizes.from
        grow.toValue = fontSizes.to
        grow.duration = loop / 2
        grow.autoreverses = true
        grow.repeatCount = .infinity
        grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        grow.beginTime = scene.mediaTime(0)
        animated.add(grow, forKey: "fontSize")

        let colors = CAKeyframeAnimation(keyPath: "foregroundColor")
        colors.values = [Palette.blue, Palette.pink, Palette.orange, Palette.blue]
        colors.keyTimes = [0, 0.33, 0.67, 1]
        colors.duration = loop
        colors.repeatCount = .infinity
        colors.beginTime = scene.mediaTime(0)
        animated.add(colors, forKey: "foregroundColor")
    }
}
