// Converting between layers' coordinate spaces, and hit testing.
//
// Sources: CALayer docs — convert(_:from:), convert(_:to:) for points and rectangles, hitTest(_:)
// ("Returns the farthest descendant of the receiver in the layer hierarchy (including itself)
// that contains the specified point … p: A point in the coordinate system of the receiver's
// superlayer"), contains(_:); CATransformLayer.h (transform layers do not flatten their sublayers;
// hit testing passes through them); Core Animation Programming Guide → "Layers Can Be Manipulated
// in Three Dimensions" (4×4 matrices, row vectors).

import KinemaSupport
import Foundation
import OpenQuartzCore
import Testing

/// The point (x, y, 0) times `m`, divided by w.
private func project(_ p: CGPoint, _ m: CATransform3D) -> CGPoint {
    let h = m.homogeneous((Double(p.x), Double(p.y), 0))
    return CGPoint(x: h.x / h.w, y: h.y / h.w)
}

private func translation(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat = 0) -> CATransform3D {
    CATransform3DMakeTranslation(x, y, z)
}

/// A layer with the given frame (no transform), added to `parent`.
@MainActor
private func layer(_ frame: CGRect, in parent: CALayer?) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    parent?.addSublayer(layer)
    return layer
}

@MainActor
@Suite("CALayer coordinates and hit testing")
struct CALayerCoordinatesTests {
    @Test("nested translations: points and rectangles convert up and down the tree")
    func nestedTranslations() {
        let root = layer(CGRect(x: 0, y: 0, width: 400, height: 400), in: nil)
        let a = layer(CGRect(x: 10, y: 20, width: 100, height: 100), in: root)
        let b = layer(CGRect(x: 5, y: 5, width: 50, height: 50), in: a)
        #expect(b.convert(CGPoint.zero, to: root) == CGPoint(x: 15, y: 25))
        #expect(root.convert(CGPoint.zero, from: b) == CGPoint(x: 15, y: 25))
        #expect(b.convert(CGPoint(x: 15, y: 25), from: root) == .zero)
        #expect(b.convert(CGPoint(x: 1, y: 2), to: nil) == CGPoint(x: 16, y: 27), "nil: the root layer's space")
        #expect(b.convert(CGPoint(x: 16, y: 27), from: nil) == CGPoint(x: 1, y: 2))
        #expect(b.convert(b.bounds, to: root) == CGRect(x: 15, y: 25, width: 50, height: 50))
        #expect(root.convert(CGRect(x: 15, y: 25, width: 50, height: 50), to: b) == b.bounds)
        let sibling = layer(CGRect(x: 200, y: 200, width: 10, height: 10), in: root)
        #expect(b.convert(CGPoint.zero, to: sibling) == CGPoint(x: -185, y: -175), "through the common ancestor")
    }

    @Test("a scale about the anchor point, and a bounds origin that shifts the sublayers")
    func scalesAndBoundsOrigins() {
        let root = layer(CGRect(x: 0, y: 0, width: 400, height: 400), in: nil)
        let a = layer(CGRect(x: 10, y: 20, width: 100, height: 100), in: root)
        let b = layer(CGRect(x: 5, y: 5, width: 50, height: 50), in: a)
        a.transform = CATransform3DMakeScale(2, 2, 1)
        // B's origin is (5, 5) in A, 45 left of and above A's anchor (50, 50); doubled, from A's position (60, 70).
        #expect(b.convert(CGPoint.zero, to: root) == CGPoint(x: -30, y: -20))
        a.transform = CATransform3DIdentity
        a.bounds.origin = CGPoint(x: 10, y: 10)
        #expect(b.convert(CGPoint.zero, to: root) == CGPoint(x: 5, y: 15), "a bounds origin of (10, 10) moves the sublayers up and left")
    }

    @Test("a rotated rectangle converts to the bounding box of its corners")
    func rotatedRectangles() {
        let root = layer(CGRect(x: 0, y: 0, width: 400, height: 400), in: nil)
        let a = layer(CGRect(x: 100, y: 100, width: 100, height: 100), in: root)
        a.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let box = a.convert(a.bounds, to: root)
        let half = 50 * 2.squareRoot()
        #expect(close(box, CGRect(x: 150 - half, y: 150 - half, width: 2 * half, height: 2 * half)))
    }

    @Test("perspective sublayerTransform and a 3-D rotation match the hand-built 4×4 product, divided by w")
    func perspective() {
        let root = layer(CGRect(x: 0, y: 0, width: 400, height: 400), in: nil)
        let a = layer(CGRect(x: 100, y: 100, width: 200, height: 200), in: root)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        a.sublayerTransform = perspective
        let b = CALayer()
        b.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        b.anchorPoint = CGPoint(x: 0.25, y: 0.5)
        b.position = CGPoint(x: 120, y: 90)
        b.zPosition = 10
        b.transform = CATransform3DMakeRotation(40 * .pi / 180, 0, 1, 0)
        a.addSublayer(b)

        // B → A: T(−anchor_B) · transform_B · T(position_B, zPosition_B) · [T(−anchor_A) · perspective · T(anchor_A)];
        // A → root: T(−anchor_A) · T(position_A).
        var m = CATransform3DConcat(translation(-25, -25), b.transform)
        m = CATransform3DConcat(m, translation(120, 90, 10))
        m = CATransform3DConcat(m, CATransform3DConcat(CATransform3DConcat(translation(-100, -100), perspective), translation(100, 100)))
        m = CATransform3DConcat(m, CATransform3DConcat(translation(-100, -100), translation(200, 200)))
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50), CGPoint(x: 37, y: 12)] {
            let expected = project(p, m)
            let converted = b.convert(p, to: root)
            #expect(close(converted, expected, 1e-9), "\(p): \(converted) vs \(expected)")
            #expect(close(b.convert(converted, from: root), p, 1e-9), "and back")
        }
        #expect(!close(b.convert(CGPoint(x: 100, y: 0), to: root), CGPoint(x: 100 - 25 + 120 + 100, y: -25 + 90 + 100), 1), "perspective moved it")
    }

    @Test("a CATransformLayer passes depth through; a plain layer flattens its sublayers onto its plane")
    func transformLayersDoNotFlatten() {
        let rotation = CATransform3DMakeRotation(.pi / 6, 0, 1, 0)
        func child(in container: CALayer) -> CALayer {
            let c = CALayer()
            c.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            c.position = CGPoint(x: 10, y: 10)
            c.zPosition = 50
            container.addSublayer(c)
            return c
        }
        for container in [CATransformLayer(), CALayer()] {
            let root = layer(CGRect(x: 0, y: 0, width: 400, height: 400), in: nil)
            container.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            container.position = CGPoint(x: 200, y: 200)
            container.transform = rotation
            root.addSublayer(container)
            let c = child(in: container)
            let toContainer = CATransform3DConcat(translation(-10, -10), translation(10, 10, 50))
            let containerToRoot = CATransform3DConcat(CATransform3DConcat(translation(-10, -10), rotation), translation(200, 200))
            let p = CGPoint(x: 20, y: 0)
            let expected: CGPoint
            if container is CATransformLayer {
                expected = project(p, CATransform3DConcat(toContainer, containerToRoot))
            } else {
                expected = project(project(p, toContainer), containerToRoot)   // z dropped on the container's plane
            }
            #expect(close(c.convert(p, to: root), expected, 1e-9), "\(type(of: container))")
            #expect(close(c.convert(expected, from: root), p, 1e-9))
        }
    }

    @Test("layers in different trees convert through their roots, with a diagnostic; a layer seen edge-on cannot be inverted")
    func badConversions() {
        let rootA = layer(.zero, in: nil), rootB = layer(.zero, in: nil)   // held: a superlayer is not kept alive by its sublayers
        let a = layer(CGRect(x: 10, y: 10, width: 10, height: 10), in: rootA)
        let b = layer(CGRect(x: 20, y: 20, width: 10, height: 10), in: rootB)
        let (point, diagnostics) = KinemaDiagnostics.collecting { b.convert(CGPoint.zero, from: a) }
        #expect(point == CGPoint(x: -10, y: -10))
        #expect(diagnostics.count == 1)

        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: nil)
        let edgeOn = layer(CGRect(x: 0, y: 0, width: 10, height: 10), in: root)
        edgeOn.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        edgeOn.transform.m13 = 0   // exactly edge-on: x collapses
        edgeOn.transform.m11 = 0
        let (back, edgeDiagnostics) = KinemaDiagnostics.collecting { edgeOn.convert(CGPoint(x: 5, y: 5), from: root) }
        #expect(back == CGPoint(x: 5, y: 5))
        #expect(edgeDiagnostics.count == 1)
    }

    @Test("hitTest takes the point in the superlayer's space and returns the farthest descendant containing it")
    func hitTestDeepest() {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300), in: nil)
        let a = layer(CGRect(x: 10, y: 10, width: 100, height: 100), in: root)
        let b = layer(CGRect(x: 10, y: 10, width: 20, height: 20), in: a)
        #expect(root.hitTest(CGPoint(x: 25, y: 25)) === b)
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === a)
        #expect(root.hitTest(CGPoint(x: 200, y: 200)) === root)
        #expect(root.hitTest(CGPoint(x: 301, y: 5)) == nil)
        #expect(a.hitTest(CGPoint(x: 25, y: 25)) === b, "a's superlayer space is the root's")
        #expect(b.hitTest(CGPoint(x: 25, y: 25)) === b, "b's superlayer space is a's: (25, 25) lies in b's frame (10, 10, 20, 20)")
        #expect(b.contains(CGPoint(x: 0, y: 0)) && !b.contains(CGPoint(x: 20, y: 20)))
    }

    @Test("front-most wins: later siblings, then higher zPosition")
    func hitTestOrder() {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), in: nil)
        let first = layer(CGRect(x: 0, y: 0, width: 50, height: 50), in: root)
        let second = layer(CGRect(x: 0, y: 0, width: 50, height: 50), in: root)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === second)
        first.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === first)
    }

    @Test("hidden layers are skipped with their sublayers; masksToBounds hides what lies outside")
    func hitTestHiddenAndMasks() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200), in: nil)
        let a = layer(CGRect(x: 0, y: 0, width: 50, height: 50), in: root)
        let outside = layer(CGRect(x: 100, y: 100, width: 20, height: 20), in: a)
        #expect(root.hitTest(CGPoint(x: 110, y: 110)) === outside, "sublayers outside their superlayer still hit")
        a.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 110, y: 110)) === root)
        a.masksToBounds = false
        a.isHidden = true
        #expect(root.hitTest(CGPoint(x: 110, y: 110)) === root)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
        root.isHidden = true
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) == nil)
    }

    @Test("hit testing follows transforms, and passes through transform layers to their sublayers")
    func hitTestTransforms() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200), in: nil)
        let bar = layer(CGRect(x: 50, y: 95, width: 100, height: 10), in: root)
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)   // now vertical through (100, 100)
        #expect(root.hitTest(CGPoint(x: 100, y: 60)) === bar)
        #expect(root.hitTest(CGPoint(x: 60, y: 100)) === root)

        let group = CATransformLayer()
        group.position = CGPoint(x: 100, y: 100)
        group.transform = CATransform3DMakeTranslation(-50, 0, 0)
        root.addSublayer(group)
        let face = layer(CGRect(x: 0, y: 0, width: 10, height: 10), in: group)
        #expect(root.hitTest(CGPoint(x: 55, y: 105)) === face)
        #expect(group.hitTest(CGPoint(x: 55, y: 105)) === face)
        #expect(root.hitTest(CGPoint(x: 45, y: 105)) === root, "the transform layer itself has no area")
    }
}
