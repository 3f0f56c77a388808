// The reference compositing scene (Scripts/bench/scene/README.md) as a real Core Animation layer tree:
// 200 rounded rectangles (50 with shadows), 20 stroked cubic paths and 30 bitmap layers, moved
// every frame by the README's formulas and drawn by the compositor.
//
// Audited against: the scene's README (formulas, draw order) and scene_common.py (the same
// per-frame numbers every peer computes). Layer mapping, as the README asks:
//   rect   → CALayer: bounds (0, 0, w, h), position (x, y), transform rotation θ · scale s,
//            cornerRadius 12, backgroundColor `color`, opacity `alpha`;
//            shadow: shadowOpacity 0.3, shadowOffset (0, 4), shadowRadius 8 — Kinema's shadows
//            blur with σ = shadowRadius / 2, so σ = 4 as the README's `sigma`.
//   path   → CAShapeLayer over the whole frame, the cubic in frame coordinates, no fill, stroke
//            width 3, round caps.
//   bitmap → CALayer with contents = bitmap.png (premultiplied on load), bounds 256 × 256.
// Where Core Animation's rules differ from the peers' plain drawing (so frames differ slightly):
// a layer's shadow belongs to the layer, so it is faded by the layer's opacity (0.3 × 0.8) and
// its offset and blur turn and scale with the layer's transform; the peers draw the shadow
// at 0.3 with a device-space offset (0, 4) and σ = 4.
// Status: complete; rendering goes through `BenchSceneRenderer.renderFrame`: the tree is hosted by a
// RenderContext, commits reach its render server, and a frame is the server's evaluation,
// composited.
import Foundation
import Kinema
import KinemaImageIO
import KinemaRaster
import KinemaRenderServer

/// The scene file (scene.json), as far as the benchmark reads it.
struct BenchSceneFile: Decodable {
    var width: Int
    var height: Int
    var fps: Double
    var background: [Double]
    var shadow: Shadow
    var rects: [Rect]
    var paths: [Path]
    var bitmap: Bitmap

    struct Shadow: Decodable {
        var sigma: Double
        var offset: [Double]
        var opacity: Double
        var color: [Double]
    }

    /// The motion shared by rects and bitmaps.
    struct Motion: Decodable {
        var pos0: [Double]
        var pos_amp: [Double]
        var pos_freq: Double
        var phase: Double
        var rot0: Double
        var rot_speed: Double
        var scale0: Double
        var scale_amp: Double
        var scale_freq: Double

        /// (x, y, θ, s) at time τ (README: ph = 2π·pos_freq·τ + phase …).
        func placement(at tau: Double) -> Placement {
            let ph = 2 * Double.pi * pos_freq * tau + phase
            return Placement(x: pos0[0] + pos_amp[0] * sin(ph), y: pos0[1] + pos_amp[1] * cos(ph),
                             theta: rot0 + rot_speed * tau,
                             scale: scale0 + scale_amp * sin(2 * Double.pi * scale_freq * tau + phase))
        }
    }

    struct Rect: Decodable {
        var w: Double
        var h: Double
        var radius: Double
        var color: [Double]
        var alpha: Double
        var shadow: Bool
        var motion: Motion

        enum CodingKeys: String, CodingKey { case w, h, radius, color, alpha, shadow }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            w = try c.decode(Double.self, forKey: .w)
            h = try c.decode(Double.self, forKey: .h)
            radius = try c.decode(Double.self, forKey: .radius)
            color = try c.decode([Double].self, forKey: .color)
            alpha = try c.decode(Double.self, forKey: .alpha)
            shadow = try c.decode(Bool.self, forKey: .shadow)
            motion = try Motion(from: decoder)
        }
    }

    struct Path: Decodable {
        var p: [[Double]]
        var amp: [[Double]]
        var freq: Double
        var phase: Double
        var color: [Double]
        var alpha: Double
        var width: Double

        /// The four control points at time τ: p[k] + amp[k]·(sin(2π·freq·τ + phase + k), cos(…)).
        func points(at tau: Double) -> [CGPoint] {
            let ph = 2 * Double.pi * freq * tau + phase
            return (0 ..< 4).map { k in
                CGPoint(x: p[k][0] + amp[k][0] * sin(ph + Double(k)), y: p[k][1] + amp[k][1] * cos(ph + Double(k)))
            }
        }
    }

    struct Bitmap: Decodable {
        var file: String
        var width: Double
        var height: Double
        var instances: [Motion]
    }

    /// Checks the shapes the formulas index into, so a malformed file is an error, not a trap.
    func validate() throws {
        func bad(_ what: String) -> BenchSceneError { .malformed(what) }
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { throw bad("width/height") }
        guard fps > 0, background.count == 4 else { throw bad("fps/background") }
        let motions = rects.map(\.motion) + bitmap.instances
        for m in motions where m.pos0.count != 2 || m.pos_amp.count != 2 { throw bad("pos0/pos_amp need 2 numbers") }
        for r in rects where r.color.count != 3 { throw bad("rect colour needs 3 numbers") }
        for p in paths where p.p.count != 4 || p.amp.count != 4 || p.color.count != 3
            || p.p.contains(where: { $0.count != 2 }) || p.amp.contains(where: { $0.count != 2 }) {
            throw bad("path needs 4 points, 4 amplitudes and 3 colour numbers")
        }
    }
}

struct Placement {
    var x, y, theta, scale: Double
}

enum BenchSceneError: Error, CustomStringConvertible {
    case missingResource(String)
    case malformed(String)
    var description: String {
        switch self {
        case .missingResource(let name): "the benchmark scene's \(name) is missing from the kinema bundle"
        case .malformed(let what): "scene.json: \(what)"
        }
    }
}

/// One frame's numbers, computed before timing (as the peers do).
struct BenchSceneFrame {
    var rects: [Placement]
    var paths: [[CGPoint]]
    var bitmaps: [Placement]
}

/// The scene as a layer tree, and how to move it to a frame.
@MainActor
final class BenchScene {
    let file: BenchSceneFile
    let root = CALayer()
    private var rectLayers: [CALayer] = []
    private var pathLayers: [CAShapeLayer] = []
    private var bitmapLayers: [CALayer] = []

    static func loadFile() throws -> (BenchSceneFile, Pixmap) {
        guard let folder = Bundle.module.url(forResource: "BenchScene", withExtension: nil) else {
            throw BenchSceneError.missingResource("BenchScene folder")
        }
        let file = try JSONDecoder().decode(BenchSceneFile.self, from: Data(contentsOf: folder.appendingPathComponent("scene.json")))
        try file.validate()
        let imageURL = folder.appendingPathComponent(file.bitmap.file)
        guard FileManager.default.fileExists(atPath: imageURL.path) else { throw BenchSceneError.missingResource(file.bitmap.file) }
        let decoded = try PNGDecoder.decode(Data(contentsOf: imageURL))   // premultiplied on load
        return (file, try Pixmap(width: decoded.width, height: decoded.height, premultipliedBytes: decoded.pixels))
    }

    /// Builds the tree: background root, then rects, paths and bitmaps in the README's order.
    init(file: BenchSceneFile, bitmap: Pixmap, shadows: Bool) {
        self.file = file
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let w = CGFloat(file.width), h = CGFloat(file.height)
        root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        root.position = CGPoint(x: w / 2, y: h / 2)
        let bg = file.background
        root.backgroundColor = CGColor(red: bg[0], green: bg[1], blue: bg[2], alpha: bg[3])
        for r in file.rects {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: r.w, height: r.h)
            layer.cornerRadius = r.radius
            layer.backgroundColor = CGColor(red: r.color[0], green: r.color[1], blue: r.color[2], alpha: 1)
            layer.opacity = Float(r.alpha)
            if shadows && r.shadow {
                let s = file.shadow
                layer.shadowColor = CGColor(red: s.color[0], green: s.color[1], blue: s.color[2], alpha: 1)
                layer.shadowOpacity = Float(s.opacity)
                layer.shadowOffset = CGSize(width: s.offset[0], height: s.offset[1])
                layer.shadowRadius = 2 * s.sigma   // σ = shadowRadius / 2
            }
            root.addSublayer(layer)
            rectLayers.append(layer)
        }
        for p in file.paths {
            let layer = CAShapeLayer()
            layer.bounds = root.bounds
            layer.position = root.position
            layer.fillColor = nil
            layer.strokeColor = CGColor(red: p.color[0], green: p.color[1], blue: p.color[2], alpha: p.alpha)
            layer.lineWidth = p.width
            layer.lineCap = .round
            root.addSublayer(layer)
            pathLayers.append(layer)
        }
        let image = CGImage(pixmap: bitmap)
        for _ in file.bitmap.instances {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: file.bitmap.width, height: file.bitmap.height)
            layer.contents = image
            root.addSublayer(layer)
            bitmapLayers.append(layer)
        }
        CATransaction.commit()
    }

    /// The numbers of frame `t` (time τ = t / fps).
    func frame(_ t: Int) -> BenchSceneFrame {
        let tau = Double(t) / file.fps
        return BenchSceneFrame(rects: file.rects.map { $0.motion.placement(at: tau) },
                               paths: file.paths.map { $0.points(at: tau) },
                               bitmaps: file.bitmap.instances.map { $0.placement(at: tau) })
    }

    /// Sets every moving property for `frame` in one transaction without actions.
    func apply(_ frame: BenchSceneFrame) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (layer, p) in zip(rectLayers, frame.rects) { Self.place(layer, p) }
        for (layer, points) in zip(pathLayers, frame.paths) {
            let path = CGMutablePath()
            path.move(to: points[0])
            path.addCurve(to: points[3], control1: points[1], control2: points[2])
            layer.path = path
        }
        for (layer, p) in zip(bitmapLayers, frame.bitmaps) { Self.place(layer, p) }
        CATransaction.commit()
    }

    private static func place(_ layer: CALayer, _ p: Placement) {
        layer.position = CGPoint(x: p.x, y: p.y)
        // README: translate(x, y) · rotate(θ) · scale(s): the uniform scale, then the rotation.
        layer.transform = CATransform3DConcat(CATransform3DMakeScale(p.scale, p.scale, 1),
                                              CATransform3DMakeRotation(p.theta, 0, 0, 1))
    }
}

/// Draws a layer tree to pixels the way a frame is drawn: the tree is hosted by a
/// `RenderContext`, so each transaction's commit hands the changed layers to its render server,
/// and a frame is the server's evaluation of the committed tree, composited.
@MainActor
final class BenchSceneRenderer {
    private let compositor: Compositor
    private var target: Pixmap
    private var context: RenderContext?

    init(width: Int, height: Int, threads: Int) throws {
        compositor = Compositor(threads: threads)
        target = try Pixmap(width: width, height: height)
    }

    /// The frame of `root` as last committed (the scene has no animations, so any time shows it).
    func renderFrame(_ root: CALayer) -> Pixmap {
        let context: RenderContext
        if let existing = self.context, existing.rootLayer === root {
            context = existing
        } else {
            context = RenderContext(rootLayer: root)
            self.context = context
        }
        // Commit whatever is still open (building the tree opened the implicit transaction).
        CATransaction.flush()
        context.commit()
        if let tree = context.server.evaluate(at: 0) {
            compositor.render(tree, into: &target, scale: 1)
        } else {
            target.clear()
        }
        return target
    }
}
