// The text benchmark's UIKit figure (issue 14, text): the same 10,000 labels as
// `text.labels.draw` (BenchSuite+Text.swift), each a UILabel that keeps its laid-out text, drawn
// the way a view's backing store draws one — `drawText(in:)` into a UIKit (y-down) bitmap
// context of 1280×720 pixels at scale 1, each under its own translation. What it adds to
// `text.labels.draw`: UILabel's layout cache, the context's state (save, translate, restore) and
// TextRendering's choice between glyph masks and outline fills (CGContext+Text.swift). No peer of
// its own: Pango's figure for the same strings is `text.labels.draw`'s, from the same run.
import Foundation
import Kinema
import KinemaRaster

extension BenchSuite {
    static var textUIKit: PixelBenchmark {
        // Made on first use, so listing the benchmarks costs nothing.
        var prepared: UIKitTextBench?
        func prepare() -> UIKitTextBench? {
            if prepared == nil { prepared = MainActor.assumeIsolated { UIKitTextBench.make() } }
            return prepared
        }
        // The picture when the context could not be made.
        let fallback = makeCanvas()
        return PixelBenchmark(
            name: "text.labels.uikit",
            summary: "the same labels as UILabels, drawText(in:) into a UIKit context",
            reset: {
                guard let bench = prepare() else { return }
                MainActor.assumeIsolated { bench.clear() }
            },
            run: {
                guard let bench = prepare() else { return }
                MainActor.assumeIsolated { bench.draw() }
            },
            picture: {
                guard let bench = prepare() else { return fallback.pixmap }
                return MainActor.assumeIsolated { bench.picture } ?? fallback.pixmap
            },
            hasPeers: false
        )
    }
}

/// The labels, their origins and the context they are drawn into.
@MainActor
final class UIKitTextBench {
    let context: CGContext
    let labels: [UILabel]
    let origins: [CGPoint]

    private init(context: CGContext, labels: [UILabel], origins: [CGPoint]) {
        self.context = context
        self.labels = labels
        self.origins = origins
    }

    static func make() -> UIKitTextBench? {
        guard let context = CGContext.makeFlipped(width: CGFloat(RasterWorkload.width), height: CGFloat(RasterWorkload.height),
                                                  scale: 1) else { return nil }
        var labels: [UILabel] = []
        var origins: [CGPoint] = []
        let workload = TextBenchWorkload.standard
        for label in workload.labels {
            let view = UILabel()
            view.text = label.string
            view.font = UIFont(name: workload.family, size: label.size) ?? .systemFont(ofSize: label.size)
            view.textColor = UIColor(red: CGFloat(label.color.red) / 255, green: CGFloat(label.color.green) / 255,
                                     blue: CGFloat(label.color.blue) / 255, alpha: 1)
            view.sizeToFit()
            labels.append(view)
            origins.append(label.origin)
        }
        return UIKitTextBench(context: context, labels: labels, origins: origins)
    }

    func clear() {
        let b = RasterWorkload.background
        context.setFillColor(CGColor(red: CGFloat(b.red) / 255, green: CGFloat(b.green) / 255, blue: CGFloat(b.blue) / 255, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: RasterWorkload.width, height: RasterWorkload.height))
    }

    func draw() {
        UIGraphicsPushContext(context)
        for (label, origin) in zip(labels, origins) {
            context.saveGState()
            context.translateBy(x: origin.x, y: origin.y)
            label.drawText(in: label.bounds)
            context.restoreGState()
        }
        UIGraphicsPopContext()
    }

    var picture: Pixmap? { context.makeImage()?.pixmap }
}
