// A few whole compositions drawn with every feature, checked by probes at known points; with
// KINEMA_UPDATE_GOLDEN=1 they are also written out for looking at (docs/TESTING.md).

import Foundation
import KinemaRaster
import KinemaRenderServer
import OpenQuartzCore
import Testing

@MainActor
@Suite("Compositor gallery")
struct CompositorGalleryTests {
    @Test func basics() throws {
        let root = box(CGRect(x: 0, y: 0, width: 320, height: 240), Ink.white)
        let rounded = box(CGRect(x: 10, y: 10, width: 100, height: 60), Ink.red)
        rounded.cornerRadius = 20
        rounded.borderWidth = 4
        rounded.borderColor = Ink.blue
        root.addSublayer(rounded)
        let continuous = box(CGRect(x: 130, y: 10, width: 100, height: 60), Ink.green)
        continuous.cornerRadius = 20
        continuous.cornerCurve = .continuous
        root.addSublayer(continuous)
        let shadowed = box(CGRect(x: 10, y: 100, width: 80, height: 60), Ink.blue)
        shadowed.shadowOpacity = 0.8
        shadowed.shadowRadius = 6
        shadowed.shadowOffset = CGSize(width: 6, height: 6)
        root.addSublayer(shadowed)
        let rotated = box(CGRect(x: 120, y: 100, width: 80, height: 50), CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.7))
        rotated.transform = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
        rotated.cornerRadius = 10
        root.addSublayer(rotated)
        let image = box(CGRect(x: 220, y: 100, width: 80, height: 80), nil)
        image.contents = quadImage()
        image.magnificationFilter = .nearest
        root.addSublayer(image)
        let persp = box(CGRect(x: 220, y: 180, width: 80, height: 50), Ink.red)
        var t = CATransform3DIdentity
        t.m34 = -1 / 200
        persp.transform = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        persp.borderWidth = 3
        root.addSublayer(persp)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 20, y: 180, width: 80, height: 50)
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 50), transform: nil)
        shape.fillColor = CGColor(red: 0, green: 0.6, blue: 0, alpha: 1)
        shape.strokeColor = Ink.black
        shape.lineWidth = 4
        shape.strokeEnd = 0.75
        root.addSublayer(shape)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 120, y: 170, width: 80, height: 60)
        gradient.colors = [Ink.red, Ink.blue]
        root.addSublayer(gradient)
        let frame = try composite(root, width: 320, height: 240, name: "gallery_basics")
        #expect(frame.rgba(50, 40).near(premul(1, 0, 0), 0))
        let frame2 = try composite(root, width: 320, height: 240, threads: 3, name: "gallery_basics_threads")
        let d = difference(frame, frame2)
        #expect(d.maximum <= 1, "max difference \(d.maximum) over \(d.pixels) pixels")
    }

    @Test func effects() throws {
        let root = box(CGRect(x: 0, y: 0, width: 320, height: 240), Ink.white)
        // masksToBounds with a rounded corner clipping a sublayer.
        let clip = box(CGRect(x: 10, y: 10, width: 100, height: 80), Ink.blue)
        clip.cornerRadius = 25
        clip.masksToBounds = true
        clip.addSublayer(box(CGRect(x: 50, y: 40, width: 80, height: 60), Ink.red))
        root.addSublayer(clip)
        // A mask: a circle shape.
        let masked = box(CGRect(x: 120, y: 10, width: 80, height: 80), Ink.green)
        let circle = CAShapeLayer()
        circle.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        circle.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80), transform: nil)
        masked.mask = circle
        root.addSublayer(masked)
        // Group opacity: two overlapping sublayers at opacity 0.5.
        let group = box(CGRect(x: 210, y: 10, width: 100, height: 80), nil)
        group.opacity = 0.5
        group.addSublayer(box(CGRect(x: 0, y: 0, width: 60, height: 60), Ink.red))
        group.addSublayer(box(CGRect(x: 30, y: 20, width: 60, height: 60), Ink.blue))
        root.addSublayer(group)
        // Replicator: 6 dots around the centre, fading blue.
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 10, y: 120, width: 100, height: 100)
        replicator.instanceCount = 6
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
        replicator.instanceRedOffset = -0.15
        let dot = box(CGRect(x: 40, y: 0, width: 20, height: 20), Ink.white)
        dot.cornerRadius = 10
        replicator.addSublayer(dot)
        replicator.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        root.addSublayer(replicator)
        // A transform layer: two faces of a box, depth-sorted.
        let holder = box(CGRect(x: 130, y: 120, width: 80, height: 80), nil)
        var p = CATransform3DIdentity
        p.m34 = -1 / 300
        holder.sublayerTransform = p
        let cube = CATransformLayer()
        cube.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        cube.transform = CATransform3DMakeRotation(.pi / 5, 1, 1, 0)
        let front = box(CGRect(x: 10, y: 10, width: 60, height: 60), CGColor(red: 1, green: 0, blue: 0, alpha: 0.9))
        front.transform = CATransform3DMakeTranslation(0, 0, 30)
        let side = box(CGRect(x: 10, y: 10, width: 60, height: 60), CGColor(red: 0, green: 0.7, blue: 0, alpha: 0.9))
        side.transform = CATransform3DRotate(CATransform3DMakeTranslation(30, 0, 0), .pi / 2, 0, 1, 0)
        let top = box(CGRect(x: 10, y: 10, width: 60, height: 60), CGColor(red: 0, green: 0, blue: 0.8, alpha: 0.9))
        top.transform = CATransform3DRotate(CATransform3DMakeTranslation(0, -30, 0), .pi / 2, 1, 0, 0)
        cube.addSublayer(front)
        cube.addSublayer(side)
        cube.addSublayer(top)
        holder.addSublayer(cube)
        root.addSublayer(holder)
        // Backdrop blur over a stripe pattern.
        for i in 0 ..< 6 {
            root.addSublayer(box(CGRect(x: 230 + i * 14, y: 120, width: 7, height: 100), Ink.black))
        }
        let frosted = box(CGRect(x: 240, y: 140, width: 60, height: 60), CGColor(gray: 1, alpha: 0.2))
        frosted.cornerRadius = 12
        frosted.state.backdropBlurRadius = 8
        root.addSublayer(frosted)
        let frame = try composite(root, width: 320, height: 240, name: "gallery_effects")
        // Probes (tolerances: exact where a region is solid, ±1 for the 0.5-opacity group).
        #expect(frame.rgba(100, 80) == premul(1, 0, 0))     // clipped sublayer, inside the parent
        #expect(frame.rgba(108, 88) == premul(1, 1, 1))     // … cut by the rounded corner
        #expect(frame.rgba(160, 50) == premul(0, 1, 0))     // masked circle's centre
        #expect(frame.rgba(123, 13) == premul(1, 1, 1))     // … and its cut corner
        #expect(frame.rgba(260, 50).near(RGBA(r: 128, g: 128, b: 255, a: 255), 1))  // group: blue over white only
        #expect(frame.rgba(60, 130) == premul(1, 1, 1))     // replicator instance 0 at the top
        #expect(frame.rgba(60, 170).near(premul(0.2, 0.2, 0.2), 0))  // the replicator's centre
        let glass = frame.rgba(270, 170)
        #expect(glass.r > 60 && glass.r < 200, "backdrop inside: \(glass)")
    }
}
