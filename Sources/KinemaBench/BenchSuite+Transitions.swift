// The transition benchmarks: one 1280×720 frame of a layer mid-transition composited by the
// render server's compositor on one thread (`Compositor(threads: 1)`, which still draws the
// frame's four 180-row bands one after the other, each making the textures it needs). "fade" is
// the existing cross-dissolve, printed for context: both renderings drawn and mixed, no warping.
// "flip" is "oglFlip" at 30 % (one face, a projective textured quad) and "curl" is "pageCurl" at
// 50 % (both renderings, warped per pixel); target for the curl ≤ 8 ms in a release build. No
// peer renders these (the peers' script is not asked for them).
import Foundation
import KinemaRaster
import KinemaRenderServer
import OpenQuartzCore

extension BenchSuite {
    static var transitions: [PixelBenchmark] {
        [transition("fade", subtype: nil, progress: 0.5), transition("oglFlip", subtype: "fromLeft", progress: 0.3),
         transition("pageCurl", subtype: "fromBottom", progress: 0.5)]
    }

    /// A full-frame layer in the middle of a `type` transition: the old picture a dark blue with
    /// 40 rounded tiles, the new one light with 40 others.
    static func transitionTree(_ type: String, subtype: String?, progress: Double) -> CompositeLayer {
        MainActor.assumeIsolated {
            let old = transitionPicture(CGColor(red: 0.1, green: 0.2, blue: 0.5, alpha: 1),
                                        CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 1), shift: 0)
            let new = transitionPicture(CGColor(red: 0.9, green: 0.9, blue: 0.85, alpha: 1),
                                        CGColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1), shift: 10)
            let transition = CompositeTransition(type: type, subtype: subtype, progress: progress, from: old)
            return CompositeLayer(id: new.id, state: new.state, sublayers: new.sublayers, transition: transition)
        }
    }

    @MainActor
    static func transitionPicture(_ background: CGColor, _ tile: CGColor, shift: Double) -> CompositeLayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 1280, height: 720)
        layer.backgroundColor = background
        for index in 0 ..< 40 {
            let tileLayer = CALayer()
            tileLayer.frame = CGRect(x: Double(index % 8) * 160 + 20 + shift, y: Double(index / 8) * 144 + 20, width: 120, height: 104)
            tileLayer.backgroundColor = tile
            tileLayer.cornerRadius = 12
            layer.addSublayer(tileLayer)
        }
        return CompositeLayer(modelTree: layer)
    }

    static func transition(_ type: String, subtype: String?, progress: Double) -> PixelBenchmark {
        let canvas = makeCanvas()
        let tree = transitionTree(type, subtype: subtype, progress: progress)
        let compositor = Compositor(threads: 1)
        let name = ["fade": "compositor.transition.fade", "oglFlip": "compositor.transition.flip"][type] ?? "compositor.transition.curl"
        return PixelBenchmark(
            name: name,
            summary: "1280×720 layer, \(type)\(subtype.map { " " + $0 } ?? "") at \(Int(progress * 100)) %, 1 thread",
            reset: {},
            run: { compositor.render(tree, into: &canvas.pixmap, scale: 1) },
            picture: { canvas.pixmap },
            hasPeers: false
        )
    }
}
