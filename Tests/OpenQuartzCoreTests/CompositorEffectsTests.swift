// Compositor: shadows (offset direction, Gaussian falloff against the closed form, shadowPath),
// replicator instances, transitions at 0 / 0.5 / 1, backdrop blur, and CALayer.render(in:).

import Foundation
import KinemaRaster
import KinemaRenderServer
import KinemaSupport
import OpenCoreGraphics
import OpenQuartzCore
import Testing

@MainActor
@Suite("Compositor effects")
struct CompositorEffectsTests {
    /// shadowOffset is in the layer's y-down space: a positive height moves the shadow down, the
    /// default (0, −3) up. Radius 0 gives a hard shadow (tolerance 0 away from its edges).
    @Test func shadowOffsetDirection() throws {
        let root = box(CGRect(x: 0, y: 0, width: 60, height: 60), nil)
        let layer = box(CGRect(x: 20, y: 20, width: 20, height: 20), Ink.red)
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = CGSize(width: 0, height: 10)
        root.addSublayer(layer)
        let down = try composite(root, width: 60, height: 60)
        #expect(down.rgba(30, 45) == premul(0, 0, 0))
        #expect(down.rgba(30, 15).a == 0)
        #expect(down.rgba(30, 30) == premul(1, 0, 0))  // the layer covers its shadow
        layer.shadowOffset = CGSize(width: 0, height: -3)
        let up = try composite(root, width: 60, height: 60)
        #expect(up.rgba(30, 18) == premul(0, 0, 0))
        #expect(up.rgba(30, 41).a == 0)
    }

    /// Values at the edge of Double's range draw without trapping (Int conversions of them used
    /// to): a contentsRect reaching to infinity, a shadow offset of 1e300 points, a gradient
    /// layer 1e300 points wide. The ordinary layer beside them still draws.
    @Test func extremeValuesDoNotTrap() throws {
        let (_, diagnostics) = try KinemaDiagnostics.collecting {
            let root = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
            let image = box(CGRect(x: 0, y: 0, width: 10, height: 10), nil)
            image.contents = makeImage(width: 4, height: 4)
            image.contentsRect = CGRect(x: 1e300, y: 0, width: CGFloat.infinity, height: 1)
            let shadowed = box(CGRect(x: 10, y: 0, width: 10, height: 10), Ink.green)
            shadowed.shadowOpacity = 1
            shadowed.shadowOffset = CGSize(width: 1e300, height: -1e300)
            let gradient = CAGradientLayer()
            gradient.bounds = CGRect(x: 0, y: 0, width: 1e300, height: 10)
            gradient.position = CGPoint(x: 0, y: 30)
            gradient.colors = [Ink.red, Ink.blue]
            let plain = box(CGRect(x: 30, y: 0, width: 10, height: 10), Ink.red)
            for layer in [image, shadowed, gradient, plain] { root.addSublayer(layer) }
            let pixmap = try composite(root, width: 40, height: 40)
            #expect(pixmap.rgba(35, 5) == premul(1, 0, 0))
            #expect(pixmap.rgba(15, 5) == premul(0, 1, 0))
        }
        #expect(diagnostics.contains { $0.domain == "Compositor" }, "the shadow out of reach reports: \(diagnostics)")
    }

    /// The shadow's edge profile is the Gaussian's: σ = shadowRadius / 2 = 4, straight edge at
    /// x = 100, so the pixel k to the left of the edge has alpha 255 · ½ erfc((k − ½) / (σ√2)).
    /// Tolerance 4 levels (the three-box kernel, as PixmapRegion.gaussianBlur documents).
    @Test func shadowFalloffIsGaussian() throws {
        for usePath in [false, true] {
            let root = box(CGRect(x: 0, y: 0, width: 300, height: 300), nil)
            let layer = box(CGRect(x: 100, y: 50, width: 150, height: 200), Ink.red)
            layer.shadowOpacity = 1
            layer.shadowRadius = 8
            layer.shadowOffset = .zero
            if usePath { layer.shadowPath = CGPath(rect: layer.bounds, transform: nil) }
            root.addSublayer(layer)
            let frame = try composite(root, width: 300, height: 300, name: usePath ? "shadow_path" : "shadow_alpha")
            for k in 1 ... 14 {
                let expected = 255 * 0.5 * erfc((Double(k) - 0.5) / (4 * 2.0.squareRoot()))
                let got = frame.rgba(100 - k, 150).a
                #expect(abs(Double(got) - expected) <= 4, "path \(usePath), k \(k): \(got) vs \(expected)")
            }
        }
    }

    /// Replicator: three instances, each moved 20 points right and with 0.5 less red.
    @Test func replicatorInstances() throws {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 80, height: 20)
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceRedOffset = -0.5
        replicator.addSublayer(box(CGRect(x: 0, y: 0, width: 10, height: 10), Ink.white))
        let frame = try composite(replicator, width: 80, height: 20)
        #expect(frame.rgba(5, 5) == premul(1, 1, 1))
        #expect(frame.rgba(25, 5).near(premul(0.5, 1, 1), 1))
        #expect(frame.rgba(45, 5).near(premul(0, 1, 1), 1))
        #expect(frame.rgba(65, 5).a == 0)     // no fourth instance
        #expect(frame.rgba(15, 5).a == 0)
        // Rotation about the replicator's centre: four dots at top, right, bottom, left.
        let ring = CAReplicatorLayer()
        ring.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        ring.instanceCount = 4
        ring.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        ring.addSublayer(box(CGRect(x: 25, y: 0, width: 10, height: 10), Ink.blue))
        let dots = try composite(ring, width: 60, height: 60)
        for (x, y) in [(30, 5), (55, 30), (30, 55), (5, 30)] {
            #expect(dots.rgba(x, y) == premul(0, 0, 1), "(\(x), \(y))")
        }
        #expect(dots.rgba(30, 30).a == 0)
    }

    /// A 40 × 20 layer, red with a green left half; before the change it was blue.
    func transitionTree(_ type: String, _ subtype: String?, _ progress: Double) -> CompositeLayer {
        let new = box(CGRect(x: 0, y: 0, width: 40, height: 20), Ink.red)
        new.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 20), Ink.green))
        let old = box(CGRect(x: 0, y: 0, width: 40, height: 20), Ink.blue)
        let current = CompositeLayer(modelTree: new)
        let transition = CompositeTransition(type: type, subtype: subtype, progress: progress, from: CompositeLayer(modelTree: old))
        return CompositeLayer(id: current.id, state: current.state, sublayers: current.sublayers, transition: transition)
    }

    func draw(_ tree: CompositeLayer) throws -> Pixmap {
        var pixmap = try Pixmap(width: 40, height: 20)
        Compositor(threads: 1).render(tree, into: &pixmap, scale: 1)
        return pixmap
    }

    @Test func transitions() throws {
        let red = premul(1, 0, 0), green = premul(0, 1, 0), blue = premul(0, 0, 1)
        // Fade: old at 0, new at 1, a linear mix at 0.5 (±2).
        #expect(try draw(transitionTree("fade", nil, 0)).rgba(30, 10) == blue)
        #expect(try draw(transitionTree("fade", nil, 1)).rgba(30, 10) == red)
        #expect(try draw(transitionTree("fade", nil, 0.5)).rgba(30, 10).near(RGBA(r: 128, g: 0, b: 128, a: 255), 2))
        // Push from the left at 0.5: the new layer's right half (red) on the left, the old
        // layer's left half on the right.
        let push = try draw(transitionTree("push", "fromLeft", 0.5))
        #expect(push.rgba(10, 10) == red)
        #expect(push.rgba(30, 10) == blue)
        // moveIn: the new layer slides over the unmoving old one.
        let moveIn = try draw(transitionTree("moveIn", "fromLeft", 0.5))
        #expect(moveIn.rgba(10, 10) == red)
        #expect(moveIn.rgba(30, 10) == blue)
        // reveal: the old layer slides away (rightwards) uncovering the unmoving new one.
        let reveal = try draw(transitionTree("reveal", "fromLeft", 0.5))
        #expect(reveal.rgba(10, 10) == green)
        #expect(reveal.rgba(30, 10) == blue)
        // From the right, push mirrors.
        let right = try draw(transitionTree("push", "fromRight", 0.5))
        #expect(right.rgba(30, 10) == green)
        #expect(right.rgba(10, 10) == blue)
        // Ends: progress 0 is the old rendering, 1 the new one.
        #expect(try draw(transitionTree("push", "fromLeft", 0)).rgba(10, 10) == blue)
        let done = try draw(transitionTree("push", "fromLeft", 1))
        #expect(done.rgba(10, 10) == green)
        #expect(done.rgba(30, 10) == red)
        // fromTop moves down the screen: at 0.5 the new layer's lower half shows at the top.
        let top = try draw(transitionTree("moveIn", "fromTop", 0.5))
        #expect(top.rgba(10, 5) == green)
        #expect(top.rgba(10, 15) == blue)
    }

    /// Backdrop blur: one-pixel black and white columns behind a clear layer blurred with
    /// radius 8 (σ 4) average to mid-grey inside (±8 levels: the columns' mean is 127.5 and the
    /// three-box kernel is within 4 levels of the Gaussian); outside the layer they stay sharp.
    @Test func backdropBlur() throws {
        let root = box(CGRect(x: 0, y: 0, width: 80, height: 60), Ink.white)
        for x in stride(from: 0, to: 80, by: 2) {
            root.addSublayer(box(CGRect(x: x, y: 0, width: 1, height: 60), Ink.black))
        }
        let glass = box(CGRect(x: 20, y: 15, width: 40, height: 30), nil)
        glass.cornerRadius = 6
        glass.state.backdropBlurRadius = 8
        root.addSublayer(glass)
        let frame = try composite(root, width: 80, height: 60, threads: 4, name: "backdrop")
        for (x, y) in [(40, 30), (41, 30), (30, 20), (50, 40)] {
            let p = frame.rgba(x, y)
            #expect(abs(p.r - 128) <= 8 && p.a == 255, "(\(x), \(y)): \(p)")
        }
        #expect(frame.rgba(10, 30) == premul(0, 0, 0))
        #expect(frame.rgba(11, 30) == premul(1, 1, 1))
        #expect(frame.rgba(20, 15).r < 10 || frame.rgba(20, 15).r > 245)  // the rounded corner is not blurred
    }

    /// render(in:) into a UIKit-style (flipped, @2x) context matches the compositor at scale 2,
    /// layer point (x, y) on user point (x, y). Tolerance 1 level (the image draw resamples at
    /// exact pixel alignment).
    @Test func renderInContext() throws {
        let root = box(CGRect(x: 0, y: 0, width: 40, height: 30), Ink.white)
        let child = box(CGRect(x: 5, y: 5, width: 10, height: 8), Ink.red)
        child.cornerRadius = 3
        root.addSublayer(child)
        var t = CATransform3DIdentity
        t.m34 = -1 / 100
        let turned = box(CGRect(x: 20, y: 5, width: 15, height: 20), Ink.blue)
        turned.transform = CATransform3DRotate(t, 0.8, 0, 1, 0)
        root.addSublayer(turned)
        let reference = try composite(root, width: 80, height: 60, scale: 2)
        guard let context = CGContext.makeFlipped(width: 40, height: 30, scale: 2) else {
            Issue.record("no context")
            return
        }
        root.render(in: context)
        guard let image = context.makeImage() else {
            Issue.record("no image")
            return
        }
        let d = difference(image.pixmap, reference)
        #expect(d.maximum <= 1, "max \(d.maximum) over \(d.pixels) pixels")
        // In a plain (y-up) bitmap context the layer's top-left lands at the bottom-left.
        guard let plain = CGContext(data: nil, width: 40, height: 30, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return }
        root.render(in: plain)
        let upright = plain.makeImage()?.pixmap
        #expect(upright?.rgba(8, 30 - 1 - 7) == premul(1, 0, 0))
        #expect(upright?.rgba(8, 7) == premul(1, 1, 1))
    }

    /// render(in:) composites only the part of the tree the context's clip can show: a tree
    /// reaching 10^300 points drawn into a 40 × 30 context costs that context's pixels, and its
    /// visible part is drawn as a small tree's is (the whole extent used to be fitted into an
    /// 8192-pixel offscreen, at a scale that shrank the visible part to nothing); an empty clip
    /// draws nothing.
    @Test func renderInContextOnlyTheClip() throws {
        let root = box(CGRect(x: 0, y: 0, width: 40, height: 30), Ink.white)
        let child = box(CGRect(x: 5, y: 5, width: 10, height: 8), Ink.red)
        root.addSublayer(child)
        let reference = try composite(root, width: 80, height: 60, scale: 2)
        let far = box(CGRect(x: 0, y: 0, width: 10, height: 10), Ink.blue)
        far.position = CGPoint(x: 1e300, y: 1e300)
        root.addSublayer(far)
        guard let context = CGContext.makeFlipped(width: 40, height: 30, scale: 2), let empty = CGContext.makeFlipped(width: 40, height: 30, scale: 2) else {
            Issue.record("no context")
            return
        }
        root.render(in: context)
        let image = try #require(context.makeImage())
        #expect(difference(image.pixmap, reference).maximum <= 1)
        empty.clip(to: CGRect(x: 50, y: 50, width: 5, height: 5))   // outside the context: empty
        root.render(in: empty)
        let untouched = try #require(empty.makeImage())
        #expect(untouched.pixmap.rgba(10, 10) == RGBA(r: 0, g: 0, b: 0, a: 0))
    }

    /// render(in:) on a presentation copy draws the model's sublayers too.
    @Test func renderPresentationCopy() throws {
        let root = box(CGRect(x: 0, y: 0, width: 20, height: 20), Ink.white)
        root.addSublayer(box(CGRect(x: 0, y: 0, width: 10, height: 10), Ink.red))
        guard let presentation = root.presentation(),
              let context = CGContext.makeFlipped(width: 20, height: 20, scale: 1) else {
            Issue.record("no presentation or context")
            return
        }
        presentation.render(in: context)
        let pixels = context.makeImage()?.pixmap
        #expect(pixels?.rgba(5, 5) == premul(1, 0, 0))
        #expect(pixels?.rgba(15, 15) == premul(1, 1, 1))
    }
}
