// The reference compositing scene (Scripts/bench/scene/README.md) drawn through CGContext, as an
// app drawing with Core Graphics would: each frame is painted into a 1280×720 premultiplied-RGBA
// bitmap context, in the README's order, with the same per-frame numbers as the layer scene
// (BenchScene.frame) and the peers.
//
// Audited against: the scene's README (draw order, transforms) and bench_cairo.py (the peer that
// draws it the same way, object by object). Mapping to Core Graphics:
//   space  → the bitmap context is y up; the CTM is flipped once (translate(0, H) · scale(1, −1)),
//            so user space is the scene's device space, y down.
//   rect   → translate(x, y) · rotate(θ) · scale(s), a CGPath rounded rect (−w/2, −h/2, w, h) with
//            corner radius 12, filled with `color` at alpha 0.8.
//   shadow → setShadow(offset: (0, −4), blur: 2σ = 8, color: black at 0.3 / 0.8) before the fill.
//            Shadow offsets are in base space (y up), so −4 moves it 4 px down as the README's +4;
//            σ = blur / 2 (ContextRenderer.swift); Core Graphics draws a shadow from the object's
//            alpha, and the rect is 0.8 opaque, so the colour's alpha 0.375 gives the README's 0.3.
//   path   → move(to:) · addCurve(to:control1:control2:) in device space, width 3, round caps.
//   bitmap → the same transform, then scale(1, −1) so draw(_:in:) puts the image's first row at
//            the top (it maps the image into a y-up rectangle), default (bilinear) interpolation.
// Status: complete. The rounded-rect CGPaths are made once (they do not move in their own space);
// everything else is set per frame.
import Foundation
import Kinema
import KinemaRaster

/// Draws frames of the reference scene into one bitmap context through CGContext.
final class BenchSceneContextRenderer {
    let file: BenchSceneFile
    let shadows: Bool
    private let context: CGContext
    private let image: CGImage
    private let rectPaths: [CGPath]

    init(file: BenchSceneFile, bitmap: Pixmap, shadows: Bool) throws {
        self.file = file
        self.shadows = shadows
        guard let context = CGContext(data: nil, width: file.width, height: file.height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else {
            throw BenchSceneError.malformed("a \(file.width)×\(file.height) bitmap context cannot be made")
        }
        self.context = context
        image = CGImage(pixmap: bitmap)
        rectPaths = file.rects.map { r in
            CGPath(roundedRect: CGRect(x: -r.w / 2, y: -r.h / 2, width: r.w, height: r.h), cornerWidth: r.radius,
                   cornerHeight: r.radius, transform: nil)
        }
    }

    /// Paints frame `frame` over the whole bitmap and returns the bitmap.
    @discardableResult
    func draw(_ frame: BenchSceneFrame) -> CGContext {
        let c = context
        let w = CGFloat(file.width), h = CGFloat(file.height)
        c.saveGState()
        let bg = file.background
        // An opaque background replaces every pixel under `.normal` as under `.copy` (the peers'
        // OPERATOR_SOURCE paint); `.normal` takes the solid fill's fast path.
        c.setBlendMode(bg[3] >= 1 ? .normal : .copy)
        c.setFillColor(red: bg[0], green: bg[1], blue: bg[2], alpha: bg[3])
        c.fill(CGRect(x: 0, y: 0, width: w, height: h))
        c.setBlendMode(.normal)
        c.translateBy(x: 0, y: h)
        c.scaleBy(x: 1, y: -1)
        let s = file.shadow
        for (i, p) in frame.rects.enumerated() where i < file.rects.count {
            let r = file.rects[i]
            c.saveGState()
            if shadows && r.shadow {
                let alpha = r.alpha > 0 ? min(s.opacity / r.alpha, 1) : 0
                c.setShadow(offset: CGSize(width: s.offset[0], height: -s.offset[1]), blur: 2 * s.sigma,
                            color: CGColor(red: s.color[0], green: s.color[1], blue: s.color[2], alpha: alpha))
            }
            c.translateBy(x: p.x, y: p.y)
            c.rotate(by: p.theta)
            c.scaleBy(x: p.scale, y: p.scale)
            c.addPath(rectPaths[i])
            c.setFillColor(red: r.color[0], green: r.color[1], blue: r.color[2], alpha: r.alpha)
            c.fillPath()
            c.restoreGState()
        }
        c.setLineCap(.round)
        for (j, points) in frame.paths.enumerated() where j < file.paths.count {
            let p = file.paths[j]
            c.move(to: points[0])
            c.addCurve(to: points[3], control1: points[1], control2: points[2])
            c.setLineWidth(p.width)
            c.setStrokeColor(red: p.color[0], green: p.color[1], blue: p.color[2], alpha: p.alpha)
            c.strokePath()
        }
        let bw = file.bitmap.width, bh = file.bitmap.height
        for p in frame.bitmaps {
            c.saveGState()
            c.translateBy(x: p.x, y: p.y)
            c.rotate(by: p.theta)
            c.scaleBy(x: p.scale, y: p.scale)
            c.scaleBy(x: 1, y: -1)
            c.draw(image, in: CGRect(x: -bw / 2, y: -bh / 2, width: bw, height: bh))
            c.restoreGState()
        }
        c.restoreGState()
        return c
    }

    /// The bitmap as it stands (a copy).
    func pixmap() -> Pixmap? { context.makeImage()?.pixmap }

    /// Times `frames` frames after one warm-up frame, on this thread.
    static func measure(_ renderer: BenchSceneContextRenderer, timeline: [BenchSceneFrame], frames: Int) -> BenchSceneCommand.SceneTiming {
        renderer.draw(timeline[0])
        var checksum = 0
        let wallStart = wallSeconds(), cpuStart = threadCPUSeconds()
        for t in 0 ..< frames {
            let c = renderer.draw(timeline[t])
            checksum &+= c.width
        }
        let wall = wallSeconds() - wallStart, used = threadCPUSeconds() - cpuStart
        blackHole(Double(checksum))
        let n = Double(frames)
        return BenchSceneCommand.SceneTiming(wallMilliseconds: wall * 1000 / n, cpuMilliseconds: used * 1000 / n,
                                             updateMilliseconds: 0, threads: 1)
    }
}
