// Compositor: the transitions UIKit's view transitions use — "oglFlip" (flipFromLeft / Right /
// Top / Bottom) and "pageCurl" / "pageUnCurl" (curlUp / curlDown). Golden frames against
// Scripts/references/flip_curl_references.py, which implements the geometry documented in
// docs/COMPOSITOR.md ("Flip", "Curl") on its own in NumPy (perspective homography and cylinder
// inverse mapping, bilinear sampling, supersampled polygon coverage); and properties: the ends
// are the old and new renderings, a flip half-way is edge-on, the face stays in the bounds, bad
// input draws without trapping.

import Foundation
import KinemaRaster
@testable import KinemaRenderServer
import KinemaSupport
import KinemaTestSupport
import OpenQuartzCore
import Testing

/// The scene every case draws: a 200 × 160 canvas, the transitioning layer at (20, 20, 160, 120).
@MainActor
enum FlipCurlScene {
    static let canvas = (width: 200, height: 160)
    static let frame = CGRect(x: 20, y: 20, width: 160, height: 120)

    /// The golden cases: file name → (type, subtype, progress). Every file is drawn by the
    /// reference script with the same parameters.
    nonisolated static let goldens: [(file: String, type: String, subtype: String?, progress: Double)] = [
        ("transition_flip_left_25.png", "oglFlip", "fromLeft", 0.25),
        ("transition_flip_left_50.png", "oglFlip", "fromLeft", 0.5),
        ("transition_flip_left_75.png", "oglFlip", "fromLeft", 0.75),
        ("transition_flip_top_25.png", "oglFlip", "fromTop", 0.25),
        ("transition_flip_bottom_75.png", "oglFlip", "fromBottom", 0.75),
        ("transition_curl_bottom_30.png", "pageCurl", "fromBottom", 0.3),
        ("transition_curl_bottom_60.png", "pageCurl", "fromBottom", 0.6),
        ("transition_curl_right_45.png", "pageCurl", "fromRight", 0.45),
        ("transition_uncurl_bottom_40.png", "pageUnCurl", "fromBottom", 0.4),
    ]

    nonisolated static var goldenFiles: Set<String> { Set(goldens.map(\.file)) }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: CGColor) -> CALayer {
        box(CGRect(x: x, y: y, width: w, height: h), color)
    }

    static func color(_ r: Double, _ g: Double, _ b: Double) -> CGColor { CGColor(red: r, green: g, blue: b, alpha: 1) }

    /// The old picture: blue, a yellow block top-left, a red one bottom-right.
    static func oldLayer(_ frame: CGRect = frame) -> CALayer {
        let layer = box(frame, color(0.2, 0.4, 0.9))
        layer.addSublayer(rect(10, 10, 60, 40, color(1, 0.85, 0.1)))
        layer.addSublayer(rect(100, 70, 50, 40, color(0.9, 0.1, 0.1)))
        return layer
    }

    /// The new picture: green, a white bar on the left, a magenta block top-right.
    static func newLayer(_ frame: CGRect = frame) -> CALayer {
        let layer = box(frame, color(0.1, 0.7, 0.3))
        layer.addSublayer(rect(10, 10, 40, 100, color(1, 1, 1)))
        layer.addSublayer(rect(90, 20, 60, 30, color(0.8, 0.2, 0.8)))
        return layer
    }

    /// The canvas's tree with the layer mid-transition.
    static func tree(_ type: String, _ subtype: String?, _ progress: Double, frame: CGRect = frame,
                     canvas: CGSize = CGSize(width: 200, height: 160)) -> CompositeLayer {
        let current = CompositeLayer(modelTree: newLayer(frame))
        let transition = CompositeTransition(type: type, subtype: subtype, progress: progress,
                                             from: CompositeLayer(modelTree: oldLayer(frame)))
        let layer = CompositeLayer(id: current.id, state: current.state, sublayers: current.sublayers, transition: transition)
        let root = CompositeLayer(modelTree: box(CGRect(origin: .zero, size: canvas), nil))
        return CompositeLayer(id: root.id, state: root.state, sublayers: [layer])
    }

    /// The canvas with the plain layer `layer` only (the ends' expectations).
    static func plain(_ layer: CALayer) -> CompositeLayer {
        let root = box(CGRect(x: 0, y: 0, width: 200, height: 160), nil)
        root.addSublayer(layer)
        return CompositeLayer(modelTree: root)
    }

    static func draw(_ tree: CompositeLayer, width: Int = 200, height: Int = 160, threads: Int = 1,
                     name: String? = nil) throws -> Pixmap {
        var pixmap = try Pixmap(width: width, height: height)
        Compositor(threads: threads).render(tree, into: &pixmap, scale: 1)
        if let name { dump(pixmap, name) }
        return pixmap
    }
}

@MainActor
@Suite("Compositor flip and curl transitions (oglFlip, pageCurl, pageUnCurl)")
struct CompositorFlipCurlTests {
    /// Inside the face the reference darkens the sampled colour where Kinema darkens the texels
    /// before sampling (a rounding apart: ≤ 2 levels); along the face's four edges Kinema's
    /// coverage is the exact area and the reference's a 16 × 16 supersampling (measured: ≤ 5
    /// levels on up to 286 of the ~560 edge pixels of a frame).
    static let flipTolerance = GoldenTolerance(
        maximum: 2, mean: 0.1, outliers: 320,
        reason: "texels darkened before sampling here, samples after in the reference (≤ 2 levels); the outline's "
            + "coverage exact here and 16 × 16-supersampled there (≤ 5 levels on edge pixels)")
    /// The curl is the same per-pixel rule on both sides: Kinema samples and shades in 8-bit
    /// fixed point (bilinear weights in 1/256, shading factors in 1/256, each product rounded),
    /// the reference in double precision (measured: ≤ 2 levels, mean ≤ 0.08).
    static let curlTolerance = GoldenTolerance(
        maximum: 2, mean: 0.15,
        reason: "the same per-pixel rule in 8-bit fixed point here and double precision there (≤ 2 levels)")

    @Test("flip and curl frames match the independent NumPy references", arguments: FlipCurlScene.goldens.map(\.file))
    func golden(_ file: String) throws {
        let entry = try #require(FlipCurlScene.goldens.first { $0.file == file })
        let name = (file as NSString).deletingPathExtension
        let ours = try FlipCurlScene.draw(FlipCurlScene.tree(entry.type, entry.subtype, entry.progress), name: name)
        let reference = try CompositorGolden.pixmap(file)
        let tolerance = entry.type == "oglFlip" ? Self.flipTolerance : Self.curlTolerance
        CompositorGolden.folder.expect(ours, matches: reference, named: name, within: tolerance)
    }

    @Test("progress 0 draws the old rendering and 1 the new one, exactly", arguments: ["oglFlip", "pageCurl", "pageUnCurl"])
    func ends(_ type: String) throws {
        for subtype in ["fromLeft", "fromRight", "fromTop", "fromBottom"] {
            let start = try FlipCurlScene.draw(FlipCurlScene.tree(type, subtype, 0))
            let end = try FlipCurlScene.draw(FlipCurlScene.tree(type, subtype, 1))
            #expect(start == (try FlipCurlScene.draw(FlipCurlScene.plain(FlipCurlScene.oldLayer()))), "\(type) \(subtype) at 0")
            #expect(end == (try FlipCurlScene.draw(FlipCurlScene.plain(FlipCurlScene.newLayer()))), "\(type) \(subtype) at 1")
        }
    }

    @Test("a flip half-way is edge-on: at most a line a pixel wide is drawn", arguments: ["fromLeft", "fromRight", "fromTop", "fromBottom"])
    func edgeOn(_ subtype: String) throws {
        let frame = try FlipCurlScene.draw(FlipCurlScene.tree("oglFlip", subtype, 0.5))
        #expect(frame.storage.allSatisfy { $0 == 0 }, "nothing drawn at exactly ½")
        // Just before and after, a sliver: every drawn pixel within a pixel of the centre line.
        for progress in [0.499, 0.501] {
            let sliver = try FlipCurlScene.draw(FlipCurlScene.tree("oglFlip", subtype, progress))
            let vertical = subtype == "fromLeft" || subtype == "fromRight"
            for y in 0 ..< 160 {
                for x in 0 ..< 200 where sliver.rgba(x, y).a > 0 {
                    let across = vertical ? Double(x) + 0.5 - 100 : Double(y) + 0.5 - 80
                    #expect(abs(across) <= 1.5, "\(subtype) \(progress): pixel (\(x), \(y)) drawn")
                }
            }
        }
    }

    @Test("the flip's face never leaves the layer's bounds, at any progress")
    func flipStaysInBounds() throws {
        for subtype in ["fromLeft", "fromRight", "fromTop", "fromBottom"] {
            for step in 1 ..< 20 where step != 10 {  // ½ is edge-on: nothing drawn
                let progress = Double(step) / 20
                let frame = try FlipCurlScene.draw(FlipCurlScene.tree("oglFlip", subtype, progress))
                for y in 0 ..< 160 {
                    for x in 0 ..< 200 where !(20 ..< 180).contains(x) || !(20 ..< 140).contains(y) {
                        #expect(frame.rgba(x, y).a == 0, "\(subtype) \(progress): (\(x), \(y)) is outside the bounds")
                    }
                }
                // The near edge is as tall (or wide) as the bounds: the face reaches both edges.
                let vertical = subtype == "fromLeft" || subtype == "fromRight"
                let reach = vertical ? (0 ..< 200).map { frame.rgba($0, 21).a }.max() : (0 ..< 160).map { frame.rgba(21, $0).a }.max()
                #expect(reach ?? 0 > 0, "\(subtype) \(progress): the near edge reaches the bounds' edge")
            }
        }
    }

    @Test("a flip shows the old face turning away first, then the new one; fromLeft brings the left side forward")
    func flipFaces() throws {
        let face = try #require(FlipTransition.face(bounds: CGRect(x: 0, y: 0, width: 160, height: 120), subtype: "fromLeft",
                                                    progress: 0.25))
        #expect(!face.showsNew)
        // The left edge is nearer (taller) than the right one.
        let topLeft = try #require(face.projection.apply(CGPoint(x: 0, y: 0)))
        let topRight = try #require(face.projection.apply(CGPoint(x: 160, y: 0)))
        #expect(abs(topLeft.y - 0) < 1e-9, "the near edge exactly fills the height: \(topLeft)")
        #expect(topRight.y > 5, "the far edge is shorter: \(topRight)")
        let late = try #require(FlipTransition.face(bounds: CGRect(x: 0, y: 0, width: 160, height: 120), subtype: "fromLeft",
                                                    progress: 0.75))
        #expect(late.showsNew)
        #expect(abs(late.brightness - (1 - FlipTransition.darkening * sin(Double.pi / 4))) < 1e-12)
        // After the turn the new picture is seen un-mirrored: its left edge maps to the left half.
        let newLeft = try #require(late.projection.apply(CGPoint(x: 0, y: 60)))
        #expect(newLeft.x < 80)
    }

    @Test("a curl up uncovers the new picture from the bottom; a curl down covers the old from the top")
    func curlDirections() throws {
        let up = try FlipCurlScene.draw(FlipCurlScene.tree("pageCurl", "fromBottom", 0.5), name: "curl-up-50")
        let green = FlipCurlScene.color(0.1, 0.7, 0.3), blue = FlipCurlScene.color(0.2, 0.4, 0.9)
        func expected(_ c: CGColor) -> RGBA {
            let k = c.components ?? [0, 0, 0, 1]
            return premul(Double(k[0]), Double(k[1]), Double(k[2]))
        }
        #expect(up.rgba(170, 135) == expected(green), "the bottom is uncovered: new")
        #expect(up.rgba(100, 25) == expected(blue), "the top is still the flat old page")
        let down = try FlipCurlScene.draw(FlipCurlScene.tree("pageUnCurl", "fromBottom", 0.25), name: "curl-down-25")
        #expect(down.rgba(170, 135) == expected(blue), "early in a curl down the bottom still shows the old picture")
        #expect(down.rgba(100, 25) != expected(blue), "the new page has come in over the top")
    }

    @Test("bad input draws without trapping: NaN progress, empty and huge bounds, a singular map")
    func badInput() throws {
        let (_, diagnostics) = try KinemaDiagnostics.collecting {
            for type in ["oglFlip", "pageCurl", "pageUnCurl"] {
                let nan = try FlipCurlScene.draw(FlipCurlScene.tree(type, "fromLeft", .nan))
                #expect(nan == (try FlipCurlScene.draw(FlipCurlScene.plain(FlipCurlScene.newLayer()))), "\(type): NaN draws the end")
                _ = try FlipCurlScene.draw(FlipCurlScene.tree(type, "fromTop", 0.3, frame: CGRect(x: 20, y: 20, width: 0, height: 0)))
                _ = try FlipCurlScene.draw(FlipCurlScene.tree(type, "fromTop", 0.3, frame: CGRect(x: 20, y: 20, width: 0, height: 50)))
                _ = try FlipCurlScene.draw(FlipCurlScene.tree(type, nil, 0.3, frame: CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)))
                _ = try FlipCurlScene.draw(FlipCurlScene.tree(type, "fromRight", 0.6, frame: CGRect(x: 0, y: 0, width: 1e300, height: 1e300)))
                _ = try FlipCurlScene.draw(FlipCurlScene.tree(type, "bogus", 0.6, frame: CGRect(x: 0, y: 0, width: 1e-300, height: 5)))
                let squashed = FlipCurlScene.tree(type, "fromBottom", 0.4)
                var state = squashed.sublayers[0].state
                state.transform = CATransform3DMakeScale(1, 0, 1)
                squashed.sublayers[0].state = state
                _ = try FlipCurlScene.draw(squashed)
            }
        }
        #expect(diagnostics.contains { $0.message.contains("not finite") }, "NaN progress reports: \(diagnostics)")
    }

    /// A translucent layer goes through an offscreen and the fill through its bounds (the curl's
    /// direct path is for opaque layers on whole pixels): the same picture at half the alpha,
    /// within a level of rounding.
    @Test("a translucent layer's flip or curl is the opaque one at its opacity", arguments: ["oglFlip", "pageCurl"])
    func opacity(_ type: String) throws {
        let opaque = try FlipCurlScene.draw(FlipCurlScene.tree(type, "fromBottom", 0.3))
        let tree = FlipCurlScene.tree(type, "fromBottom", 0.3)
        var state = tree.sublayers[0].state
        state.opacity = 0.5
        tree.sublayers[0].state = state
        let half = try FlipCurlScene.draw(tree)
        for y in stride(from: 0, to: 160, by: 3) {
            for x in stride(from: 0, to: 200, by: 3) {
                let a = opaque.rgba(x, y), b = half.rgba(x, y)
                let expected = RGBA(r: (a.r + 1) / 2, g: (a.g + 1) / 2, b: (a.b + 1) / 2, a: (a.a + 1) / 2)
                #expect(b.near(expected, 1), "(\(x), \(y)): \(b) against \(expected)")
            }
        }
    }

    /// Off the pixel grid (a quarter-pixel position, or turned a quarter) every rendering is
    /// resampled bilinearly and the result drawn through the anti-aliased bounds: the picture
    /// moves with the layer and stays the same picture (compared at pixel centres away from
    /// edges, against the on-grid frame moved back).
    @Test("off the pixel grid the curl and flip draw the same picture, resampled", arguments: ["oglFlip", "pageCurl"])
    func offGrid(_ type: String) throws {
        let onGrid = try FlipCurlScene.draw(FlipCurlScene.tree(type, "fromBottom", 0.35))
        let shifted = try FlipCurlScene.draw(FlipCurlScene.tree(type, "fromBottom", 0.35,
                                                                 frame: FlipCurlScene.frame.offsetBy(dx: 0.25, dy: 0)), name: "off-grid-" + type)
        var total = 0, count = 0
        for y in 22 ..< 138 {
            for x in 22 ..< 178 {
                let a = onGrid.rgba(x, y), b = shifted.rgba(x, y)
                total += abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b) + abs(a.a - b.a)
                count += 4
            }
        }
        let mean = Double(total) / Double(count)
        #expect(mean < 4, "a quarter-pixel move changes edges only: mean difference \(mean)")
        // Turned 90° about its centre: the bounds still cover the same pixels (160 × 120 turns
        // into 120 × 160, so compare the central 100 × 100), drawn through the general path.
        let tree = FlipCurlScene.tree(type, "fromBottom", 0.35)
        var state = tree.sublayers[0].state
        state.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        tree.sublayers[0].state = state
        let turned = try FlipCurlScene.draw(tree, name: "turned-" + type)
        #expect((50 ..< 150).contains { x in turned.rgba(x, 80).a == 255 }, "the turned layer draws")
    }

    /// Transition textures come from the compositor's pool and only the part a band reads is
    /// cleared and drawn: a compositor that drew other frames before must draw the same bytes as
    /// a new one (a read outside the drawn part would show the earlier frame).
    @Test("a compositor reused across frames draws what a new one draws", arguments: ["oglFlip", "pageCurl", "pageUnCurl"])
    func reuse(_ type: String) throws {
        let tall = CGRect(x: 10, y: 10, width: 180, height: 380)
        let compositor = Compositor(threads: 1)
        var used = try Pixmap(width: 200, height: 400)
        for (subtype, progress) in [("fromLeft", 0.2), ("fromTop", 0.7), ("fromBottom", 0.45), ("fromRight", 0.6), ("fromBottom", 0.3)] {
            let tree = FlipCurlScene.tree(type, subtype, progress, frame: tall, canvas: CGSize(width: 200, height: 400))
            compositor.render(tree, into: &used, scale: 1)
            let fresh = try FlipCurlScene.draw(tree, width: 200, height: 400)
            #expect(used == fresh, "\(type) \(subtype) at \(progress)")
        }
    }

    @Test("frames are the same with one thread and three (the bands meet)", arguments: ["oglFlip", "pageCurl", "pageUnCurl"])
    func bands(_ type: String) throws {
        let tall = CGRect(x: 10, y: 10, width: 180, height: 380)
        for progress in [0.2, 0.45, 0.8] {
            let tree = FlipCurlScene.tree(type, "fromBottom", progress, frame: tall, canvas: CGSize(width: 200, height: 400))
            let one = try FlipCurlScene.draw(tree, width: 200, height: 400, threads: 1)
            let three = try FlipCurlScene.draw(tree, width: 200, height: 400, threads: 3)
            #expect(one == three, "\(type) at \(progress)")
        }
    }

    /// What OpenUIKit's `UIView.transition(with:options: .transitionFlipFromLeft / .transitionCurlUp)`
    /// does: add a CATransition of the private type to the container's layer and change its content.
    @Test("a CATransition of type oglFlip / pageCurl added to a layer is drawn by the render server's frames")
    func endToEnd() throws {
        for (type, subtype) in [("oglFlip", CATransitionSubtype.fromLeft), ("pageCurl", CATransitionSubtype.fromBottom)] {
            let host = Host()
            host.root.position = CGPoint(x: 50, y: 50)  // the root fills the 100 × 100 frame
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.backgroundColor = Ink.blue
            host.root.addSublayer(layer)
            host.loop.turn(at: 0.1)
            let transition = CATransition()
            transition.type = CATransitionType(rawValue: type)
            transition.subtype = subtype
            transition.duration = 1
            layer.add(transition, forKey: nil)
            layer.backgroundColor = Ink.green
            host.loop.turn(at: 0.2)
            let tree = try #require(host.context.server.evaluate(at: 0.2 + (type == "oglFlip" ? 0.25 : 0.5)))
            #expect(tree.sublayers[0].transition?.type == type)
            var frame = try Pixmap(width: 100, height: 100)
            Compositor(threads: 1).render(tree, into: &frame, scale: 1)
            dump(frame, "end-to-end-" + type)
            if type == "oglFlip" {
                // A quarter of the way: the old (blue) face, darkened, turned 45°; its near (left)
                // edge at 50 − 50 cos 45° ≈ 14.6, so the left strip shows what is behind: nothing.
                #expect(frame.rgba(5, 50).a == 0)
                let face = frame.rgba(30, 50)
                #expect(face.b > 150 && face.b < 255 && face.g == 0 && face.a == 255, "\(face)")
            } else {
                #expect(frame.rgba(97, 97) == premul(0, 1, 0), "the bottom-right corner leads: new content there")
                #expect(frame.rgba(3, 3) == premul(0, 0, 1), "the top-left is still the flat old page")
            }
        }
    }
}
