// Compositor: where layers land — placement, rounded corners, borders, sublayer geometry,
// order, visibility, opacity, clipping, masks, transform layers and perspective.
// Expected values are closed forms worked out in each test; tolerances are stated per probe.

import Foundation
import KinemaRaster
import KinemaRenderServer
import KinemaSupport
import OpenQuartzCore
import Testing

@MainActor
@Suite("Compositor geometry")
struct CompositorGeometryTests {
    /// The brief's placement contract: position (50, 50), bounds 100 × 100, anchor 0.5 at scale 2
    /// covers pixels 0 ..< 200 exactly (edges on pixel boundaries: coverage exact, tolerance 0).
    @Test func rootCoversItsPixels() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 50, y: 50)
        layer.backgroundColor = Ink.red
        let frame = try composite(layer, width: 220, height: 220, scale: 2)
        #expect(frame.rgba(0, 0) == premul(1, 0, 0))
        #expect(frame.rgba(199, 199) == premul(1, 0, 0))
        #expect(frame.rgba(200, 100) == RGBA(r: 0, g: 0, b: 0, a: 0))
        #expect(frame.rgba(100, 200) == RGBA(r: 0, g: 0, b: 0, a: 0))
    }

    /// cornerRadius 20 on a 100 × 100 layer: pixel centres farther than 20 from a corner's
    /// circle centre (20, 20) are outside (alpha 0), nearer than 19.3 fully inside.
    @Test func roundedCornersCutTheBackground() throws {
        let layer = box(CGRect(x: 0, y: 0, width: 100, height: 100), Ink.red)
        layer.cornerRadius = 20
        let frame = try composite(layer, width: 100, height: 100)
        #expect(frame.rgba(3, 3).a == 0)           // centre (3.5, 3.5): 23.3 from (20, 20)
        #expect(frame.rgba(96, 96).a == 0)
        #expect(frame.rgba(8, 8) == premul(1, 0, 0))  // 16.3 from the centre
        #expect(frame.rgba(0, 50) == premul(1, 0, 0)) // straight edge
        // Only the masked corner is rounded.
        layer.maskedCorners = [.layerMinXMinYCorner]
        let one = try composite(layer, width: 100, height: 100)
        #expect(one.rgba(3, 3).a == 0)
        #expect(one.rgba(96, 96) == premul(1, 0, 0))
        #expect(one.rgba(96, 3) == premul(1, 0, 0))
    }

    /// A continuous corner starts 1.528665 · r from the corner, a circular one at r: on the left
    /// edge 25 points below the top (r = 20) the circular layer is full, the continuous one is
    /// already curving in (partial coverage, tolerance: strictly below 250).
    @Test func continuousCornersReachFartherAlongTheEdges() throws {
        let circular = box(CGRect(x: 0, y: 0, width: 100, height: 100), Ink.red)
        circular.cornerRadius = 20
        let continuous = box(CGRect(x: 0, y: 0, width: 100, height: 100), Ink.red)
        continuous.cornerRadius = 20
        continuous.cornerCurve = .continuous
        let a = try composite(circular, width: 100, height: 100)
        let b = try composite(continuous, width: 100, height: 100, name: "continuous_corner")
        #expect(a.rgba(0, 25).a == 255)
        #expect(b.rgba(0, 25).a < 250)
        #expect(b.rgba(0, 40).a == 255)
        // Both pass through the circular corner's 45° point (20 − 20/√2 ≈ 5.86 from each edge):
        // the pixel there is about half covered in both (tolerance 60 of 255 for the curves'
        // different slopes across the pixel).
        #expect(abs(a.rgba(5, 5).a - b.rgba(5, 5).a) <= 60)
    }

    /// borderWidth 10 draws a 10-point band inside the bounds, above the background.
    @Test func borderIsInsideTheBounds() throws {
        let layer = box(CGRect(x: 10, y: 10, width: 100, height: 80), Ink.red)
        layer.borderWidth = 10
        layer.borderColor = Ink.blue
        let frame = try composite(layer, width: 120, height: 100)
        #expect(frame.rgba(9, 50).a == 0)
        #expect(frame.rgba(10, 50) == premul(0, 0, 1))
        #expect(frame.rgba(19, 50) == premul(0, 0, 1))
        #expect(frame.rgba(20, 50) == premul(1, 0, 0))
        #expect(frame.rgba(60, 89) == premul(0, 0, 1))
        #expect(frame.rgba(60, 79) == premul(1, 0, 0))
    }

    /// The bounds origin shifts sublayers: a parent with bounds origin (20, 10) shows its
    /// sublayer at (20, 10) at its top-left corner.
    @Test func boundsOriginShiftsSublayers() throws {
        let parent = box(CGRect(x: 0, y: 0, width: 60, height: 60), nil)
        parent.bounds.origin = CGPoint(x: 20, y: 10)
        parent.addSublayer(box(CGRect(x: 20, y: 10, width: 10, height: 10), Ink.green))
        let frame = try composite(parent, width: 60, height: 60)
        #expect(frame.rgba(0, 0) == premul(0, 1, 0))
        #expect(frame.rgba(9, 9) == premul(0, 1, 0))
        #expect(frame.rgba(10, 10).a == 0)
    }

    /// isGeometryFlipped: a sublayer at y = 0 appears at the parent's bottom edge.
    @Test func geometryFlippedPutsSublayersAtTheBottom() throws {
        let parent = box(CGRect(x: 0, y: 0, width: 40, height: 100), nil)
        parent.isGeometryFlipped = true
        parent.addSublayer(box(CGRect(x: 0, y: 0, width: 40, height: 10), Ink.blue))
        let frame = try composite(parent, width: 40, height: 100)
        #expect(frame.rgba(20, 95) == premul(0, 0, 1))
        #expect(frame.rgba(20, 5).a == 0)
    }

    /// sublayerTransform applies about the parent's anchor point (its centre here): a scale of 2
    /// turns a 10 × 10 sublayer at the centre into a 20 × 20 square around the centre.
    @Test func sublayerTransformScalesAboutTheAnchor() throws {
        let parent = box(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        parent.addSublayer(box(CGRect(x: 45, y: 45, width: 10, height: 10), Ink.red))
        let frame = try composite(parent, width: 100, height: 100)
        #expect(frame.rgba(40, 40) == premul(1, 0, 0))
        #expect(frame.rgba(59, 59) == premul(1, 0, 0))
        #expect(frame.rgba(39, 50).a == 0)
        #expect(frame.rgba(60, 50).a == 0)
    }

    /// Sublayers draw in increasing zPosition, model order among equals; hidden ones not at all.
    @Test func zPositionOrderAndHidden() throws {
        let parent = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        let first = box(CGRect(x: 0, y: 0, width: 30, height: 30), Ink.red)
        first.zPosition = 1
        let second = box(CGRect(x: 10, y: 10, width: 30, height: 30), Ink.blue)
        parent.addSublayer(first)
        parent.addSublayer(second)
        let frame = try composite(parent, width: 40, height: 40)
        #expect(frame.rgba(20, 20) == premul(1, 0, 0))  // first is in front despite model order
        first.zPosition = 0
        let equal = try composite(parent, width: 40, height: 40)
        #expect(equal.rgba(20, 20) == premul(0, 0, 1))
        second.isHidden = true
        let hidden = try composite(parent, width: 40, height: 40)
        #expect(hidden.rgba(35, 35).a == 0)
        #expect(hidden.rgba(20, 20) == premul(1, 0, 0))
    }

    /// Opacity 0.5 on a parent with two overlapping opaque sublayers: as a group (default) the
    /// overlap shows only the front one at half alpha; without group opacity each sublayer is
    /// half transparent and the back one shows through. Tolerance ±1 level (8-bit rounding).
    @Test func groupOpacityVersusFolded() throws {
        let parent = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        parent.opacity = 0.5
        parent.addSublayer(box(CGRect(x: 0, y: 0, width: 30, height: 30), Ink.red))
        parent.addSublayer(box(CGRect(x: 10, y: 10, width: 30, height: 30), Ink.blue))
        let grouped = try composite(parent, width: 40, height: 40)
        #expect(grouped.rgba(20, 20).near(RGBA(r: 0, g: 0, b: 128, a: 128), 1))
        #expect(grouped.rgba(5, 5).near(RGBA(r: 128, g: 0, b: 0, a: 128), 1))
        parent.allowsGroupOpacity = false
        let folded = try composite(parent, width: 40, height: 40)
        // blue·0.5 over red·0.5: r = 128·0.5 = 64, b = 128, a = 128 + 128·0.5 = 191.
        #expect(folded.rgba(20, 20).near(RGBA(r: 64, g: 0, b: 128, a: 191), 1))
    }

    /// masksToBounds clips sublayers to the rounded bounds (anti-aliased).
    @Test func masksToBoundsClipsSublayers() throws {
        let parent = box(CGRect(x: 10, y: 10, width: 60, height: 60), nil)
        parent.cornerRadius = 20
        parent.masksToBounds = true
        parent.addSublayer(box(CGRect(x: -10, y: -10, width: 80, height: 80), Ink.green))
        let frame = try composite(parent, width: 80, height: 80)
        #expect(frame.rgba(5, 40).a == 0)     // outside the bounds
        #expect(frame.rgba(12, 12).a == 0)    // in the rounded corner's cut
        #expect(frame.rgba(40, 40) == premul(0, 1, 0))
        #expect(frame.rgba(10, 40) == premul(0, 1, 0))
    }

    /// A mask layer covering the left half keeps only that half.
    @Test func maskKeepsItsAlpha() throws {
        let layer = box(CGRect(x: 0, y: 0, width: 40, height: 20), Ink.red)
        layer.mask = box(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(gray: 0, alpha: 0.5))
        let frame = try composite(layer, width: 40, height: 20)
        #expect(frame.rgba(10, 10).near(RGBA(r: 128, g: 0, b: 0, a: 128), 1))
        #expect(frame.rgba(30, 10).a == 0)
    }

    /// In a CATransformLayer sublayers sort by depth (the nearer drawn last); in an ordinary
    /// layer they are flattened and keep their model order.
    @Test func transformLayerSortsByDepth() throws {
        func scene(_ container: CALayer) -> CALayer {
            container.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            let near = box(CGRect(x: 0, y: 0, width: 30, height: 30), Ink.red)
            near.zPosition = 0
            near.transform = CATransform3DMakeTranslation(0, 0, 10)
            let far = box(CGRect(x: 10, y: 10, width: 30, height: 30), Ink.blue)
            far.transform = CATransform3DMakeTranslation(0, 0, -10)
            container.addSublayer(near)
            container.addSublayer(far)
            return container
        }
        let sorted = try composite(scene(CATransformLayer()), width: 40, height: 40)
        #expect(sorted.rgba(20, 20) == premul(1, 0, 0))
        let flat = try composite(scene(CALayer()), width: 40, height: 40)
        #expect(flat.rgba(20, 20) == premul(0, 0, 1))
    }

    /// A layer turned 60° about y under perspective d = 200 (m34 = −1/200): each corner
    /// (±40, ±25) of an 80 × 50 layer centred at (100, 60) lands at
    /// (100 + x·cos θ / w, 60 + y / w) with w = 1 − (−x·sin θ)/d... computed below from the matrix
    /// itself (the Apple convention is whatever CATransform3DRotate builds); probes 2 px inside
    /// and outside the projected edges, tolerance 0 for full/empty, and the near edge crosses the
    /// probe row with partial coverage.
    @Test func perspectiveQuadEdges() throws {
        let root = box(CGRect(x: 0, y: 0, width: 200, height: 120), nil)
        let layer = box(CGRect(x: 60, y: 35, width: 80, height: 50), Ink.red)
        var t = CATransform3DIdentity
        t.m34 = -1 / 200
        t = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        layer.transform = t
        root.addSublayer(layer)
        let frame = try composite(root, width: 200, height: 120, name: "perspective")
        func project(_ x: Double, _ y: Double) -> (Double, Double) {
            let X = x * Double(t.m11) + y * Double(t.m21) + Double(t.m41)
            let Y = x * Double(t.m12) + y * Double(t.m22) + Double(t.m42)
            let W = x * Double(t.m14) + y * Double(t.m24) + Double(t.m44)
            return (100 + X / W, 60 + Y / W)
        }
        let left = project(-40, 0), right = project(40, 0)
        let top = project(-40, -25).1, bottom = project(-40, 25).1
        #expect(frame.rgba(Int(left.0.rounded()) + 2, 60) == premul(1, 0, 0))
        #expect(frame.rgba(Int(left.0.rounded()) - 3, 60).a == 0)
        #expect(frame.rgba(Int(right.0.rounded()) - 3, 60) == premul(1, 0, 0))
        #expect(frame.rgba(Int(right.0.rounded()) + 2, 60).a == 0)
        // The left edge's vertical extent differs from the right's: perspective, not affine.
        let rightTop = project(40, -25).1
        #expect(abs((bottom - top) - 2 * (60 - rightTop)) > 4)
        let lx = Int(left.0.rounded())
        #expect(frame.rgba(lx, Int(top.rounded()) + 2) == premul(1, 0, 0))
        #expect(frame.rgba(lx, Int(top.rounded()) - 3).a == 0)
    }

    /// A wide layer turned nearly edge-on under strong perspective reaches behind the eye
    /// (w < 0 at its far-left corners): only its part in front is drawn, and nothing appears
    /// where the behind-the-eye corners would land if divided without clipping.
    @Test func nearPlaneClipping() throws {
        let root = box(CGRect(x: 0, y: 0, width: 200, height: 200), nil)
        let layer = box(CGRect(x: 0, y: 75, width: 200, height: 50), Ink.red)
        var t = CATransform3DIdentity
        t.m34 = -1 / 60
        t = CATransform3DRotate(t, -.pi * 0.4, 0, 1, 0)
        layer.transform = t
        root.addSublayer(layer)
        let frame = try composite(root, width: 200, height: 200, name: "near_plane")
        // Which side goes behind: w = 1 + z·m34 < 0 where z > 60.
        let wLeft = -100 * Double(t.m14) + Double(t.m44), wRight = 100 * Double(t.m14) + Double(t.m44)
        #expect(min(wLeft, wRight) < 0)
        // The centre of the layer is drawn.
        #expect(frame.rgba(100, 100) == premul(1, 0, 0))
        // Unclipped, the behind-the-eye corner would project to the other side of the centre,
        // mirrored; that spot must stay empty.
        let behind = wLeft < 0 ? -100.0 : 100.0
        let X = behind * Double(t.m11) + Double(t.m41), W = behind * Double(t.m14) + Double(t.m44)
        let ghost = 100 + X / W
        if ghost > 2, ghost < 198 {
            #expect(frame.rgba(Int(ghost), 100).a == 0)
        }
        // Rows far above and below the layer stay empty (no spray to infinity).
        #expect(frame.rgba(100, 5).a == 0)
        #expect(frame.rgba(100, 195).a == 0)
    }

    /// isDoubleSided = false hides a layer turned to show its back (180° about y).
    @Test func backFacesAreCulledWhenSingleSided() throws {
        let root = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        let layer = box(CGRect(x: 0, y: 0, width: 40, height: 40), Ink.red)
        layer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        root.addSublayer(layer)
        #expect(try composite(root, width: 40, height: 40).rgba(20, 20) == premul(1, 0, 0))
        layer.isDoubleSided = false
        #expect(try composite(root, width: 40, height: 40).rgba(20, 20).a == 0)
        // A geometry-flipped parent is not a turned-around layer.
        layer.transform = CATransform3DIdentity
        root.isGeometryFlipped = true
        #expect(try composite(root, width: 40, height: 40).rgba(20, 20) == premul(1, 0, 0))
    }

    /// Bands drawn on several threads give the same pixels as one band.
    @Test func threadsAgreeWithOneBand() throws {
        let root = box(CGRect(x: 0, y: 0, width: 120, height: 97), Ink.white)
        for i in 0 ..< 12 {
            let l = box(CGRect(x: 5 + i * 9, y: 3 + i * 7, width: 30, height: 20), CGColor(red: 0.1 * Double(i % 10), green: 0.4, blue: 0.8, alpha: 0.7))
            l.cornerRadius = 6
            l.transform = CATransform3DMakeRotation(CGFloat(i) * 0.3, 0, 0, 1)
            if i % 3 == 0 {
                l.shadowOpacity = 0.6
                l.shadowRadius = 4
            }
            root.addSublayer(l)
        }
        let turned = box(CGRect(x: 30, y: 20, width: 60, height: 50), CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.8))
        var t = CATransform3DIdentity
        t.m34 = -1 / 150
        turned.transform = CATransform3DRotate(t, 0.9, 1, 1, 0)
        turned.addSublayer(box(CGRect(x: 5, y: 5, width: 20, height: 20), Ink.blue))
        root.addSublayer(turned)
        let one = try composite(root, width: 120, height: 97, threads: 1)
        let many = try composite(root, width: 120, height: 97, threads: 5)
        let d = difference(one, many)
        #expect(d.maximum <= 1, "max difference \(d.maximum) over \(d.pixels) pixels")
    }

    /// Bad values draw nothing (or what is valid) and never trap: NaN position, an infinite or
    /// singular transform, an edge-on layer, a huge instance count, a zero scale.
    @Test func badInputIsSurvived() throws {
        let (_, diagnostics) = try KinemaDiagnostics.collecting {
            let root = box(CGRect(x: 0, y: 0, width: 40, height: 40), Ink.white)
            let nan = box(CGRect(x: 0, y: 0, width: 10, height: 10), Ink.red)
            nan.position = CGPoint(x: CGFloat.nan, y: 5)
            root.addSublayer(nan)
            let infinite = box(CGRect(x: 0, y: 0, width: 10, height: 10), Ink.red)
            infinite.transform = CATransform3DMakeScale(.infinity, 1, 1)
            root.addSublayer(infinite)
            let flat = box(CGRect(x: 0, y: 0, width: 10, height: 10), Ink.red)
            flat.transform = CATransform3DMakeScale(0, 1, 1)
            root.addSublayer(flat)
            let edgeOn = box(CGRect(x: 0, y: 0, width: 10, height: 10), Ink.red)
            var t = CATransform3DIdentity
            t.m34 = -1 / 100
            edgeOn.transform = CATransform3DRotate(t, .pi / 2, 0, 1, 0)
            root.addSublayer(edgeOn)
            let many = CAReplicatorLayer()
            many.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            many.instanceCount = 1_000_000
            many.instanceTransform = CATransform3DMakeTranslation(1000, 0, 0)
            many.addSublayer(box(CGRect(x: 0, y: 30, width: 5, height: 5), Ink.blue))
            root.addSublayer(many)
            let frame = try composite(root, width: 40, height: 40)
            #expect(frame.rgba(20, 20) == premul(1, 1, 1))
            #expect(frame.rgba(2, 32) == premul(0, 0, 1))
            // CALayer's setters refuse non-finite geometry, but a render tree built by hand (or by
            // a render server evaluating a wild animation) may carry it.
            var wild = LayerState()
            wild.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            wild.backgroundColor = Ink.red
            wild.position = CGPoint(x: CGFloat.nan, y: 5)
            var huge = wild
            huge.position = CGPoint(x: 5, y: 5)
            huge.transform = CATransform3DMakeScale(.infinity, 1, 1)
            var behind = huge
            behind.transform = CATransform3DIdentity
            behind.transform.m44 = -1
            let model = CompositeLayer(modelTree: root)
            let tree = CompositeLayer(id: model.id, state: model.state, sublayers: model.sublayers + [
                CompositeLayer(id: 9001, state: wild), CompositeLayer(id: 9002, state: huge), CompositeLayer(id: 9003, state: behind),
            ])
            var wildFrame = try Pixmap(width: 40, height: 40)
            Compositor(threads: 2).render(tree, into: &wildFrame, scale: 1)
            #expect(wildFrame.rgba(20, 20) == premul(1, 1, 1))
            var pixmap = try Pixmap(width: 8, height: 8)
            Compositor(threads: 2).render(CompositeLayer(modelTree: root), into: &pixmap, scale: 0)
            #expect(pixmap.rgba(4, 4).a == 0)
        }
        // The refused setters, the replicator's lowered count and the zero scale each report.
        let domains = Set(diagnostics.map(\.domain))
        #expect(domains.isSuperset(of: ["CALayer", "Compositor"]), "\(diagnostics)")
    }
}
