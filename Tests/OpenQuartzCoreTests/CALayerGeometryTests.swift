// CALayer geometry: bounds, position, anchorPoint, transform and the derived frame.
//
// Sources: CALayer.frame docs ("derived from the values in the bounds, anchorPoint and position
// properties … When you assign a new value to this property, the layer changes its position and
// bounds properties … Do not set the frame if the transform property applies a rotation transform
// that is not a multiple of 90 degrees"); Core Animation Programming Guide → Core Animation Basics
// → "Layers Use Two Types of Coordinate Systems", "Anchor Points Affect Geometric Manipulations"
// (the seed article 004 retells this section: the anchor point is in unit coordinates, position
// is where it lies in the superlayer, moving it from the centre to the bounds origin changes
// position while the layer stays put, and rotations turn about it).

import KinemaSupport
import Foundation
import OpenQuartzCore
import Testing

@MainActor
@Suite("CALayer geometry")
struct CALayerGeometryTests {
    @Test("frame from bounds, position and the default anchor point (0.5, 0.5)")
    func frameFromBoundsAndPosition() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        layer.position = CGPoint(x: 50, y: 20)
        #expect(layer.frame == CGRect(x: 0, y: 0, width: 100, height: 40))
        layer.position = CGPoint(x: 100, y: 100)
        #expect(layer.frame == CGRect(x: 50, y: 80, width: 100, height: 40))
        layer.bounds.origin = CGPoint(x: 10, y: 10)
        #expect(layer.frame == CGRect(x: 50, y: 80, width: 100, height: 40), "the bounds origin does not move the frame")
    }

    @Test("setting the frame sets position and bounds.size; the bounds origin is undisturbed (Programming Guide)")
    func settingTheFrame() {
        let layer = CALayer()
        layer.bounds.origin = CGPoint(x: 5, y: 7)
        layer.frame = CGRect(x: 100, y: 100, width: 100, height: 20)
        #expect(layer.position == CGPoint(x: 150, y: 110))
        #expect(layer.bounds == CGRect(x: 5, y: 7, width: 100, height: 20))
        #expect(layer.frame == CGRect(x: 100, y: 100, width: 100, height: 20))
    }

    @Test("changing the anchor point moves the frame, not the position; setting the frame then uses the new anchor point")
    func anchorPointMovesTheFrame() {
        let layer = CALayer()
        layer.frame = CGRect(x: 100, y: 100, width: 100, height: 20)
        layer.anchorPoint = CGPoint(x: 1, y: 1)
        #expect(layer.position == CGPoint(x: 150, y: 110))
        #expect(layer.frame == CGRect(x: 50, y: 90, width: 100, height: 20))
        layer.frame = CGRect(x: 100, y: 100, width: 100, height: 20)
        #expect(layer.position == CGPoint(x: 200, y: 120))
    }

    // Seed 004 / Programming Guide: "moving the anchor point from the centre of the layer to the
    // layer's bounds origin changes the value in the position property" while the layer does not
    // move in its superlayer.
    @Test("seed 004: with the anchor point at the bounds origin, position is the frame's origin")
    func seedAnchorPointAtOrigin() {
        let layer = CALayer()
        layer.frame = CGRect(x: 40, y: 60, width: 120, height: 80)
        #expect(layer.position == CGPoint(x: 100, y: 100), "anchor (0.5, 0.5): the centre")
        let frame = layer.frame
        layer.anchorPoint = .zero
        layer.position = frame.origin       // keep the layer where it was
        #expect(layer.frame == frame)
        #expect(layer.position == CGPoint(x: 40, y: 60))
    }

    @Test("seed 004: the anchor point is in unit coordinates of the bounds — (1, 1) is the far corner")
    func seedUnitCoordinates() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        let layer = CALayer()
        parent.addSublayer(layer)
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
        layer.anchorPoint = CGPoint(x: 1, y: 1)
        layer.position = CGPoint(x: 200, y: 150)
        #expect(layer.convert(CGPoint(x: 80, y: 60), to: parent) == CGPoint(x: 200, y: 150))
        #expect(layer.frame == CGRect(x: 120, y: 90, width: 80, height: 60))
        layer.bounds.size = CGSize(width: 40, height: 30)   // a new size keeps the far corner in place
        #expect(layer.frame == CGRect(x: 160, y: 120, width: 40, height: 30))
    }

    @Test("seed 004: rotations turn about the anchor point")
    func seedRotationAboutAnchorPoint() {
        let centred = CALayer()
        centred.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        centred.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(close(centred.frame, CGRect(x: 30, y: -30, width: 40, height: 100)), "about the centre (50, 20)")

        let corner = CALayer()
        corner.anchorPoint = .zero
        corner.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        corner.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // (x, y) ↦ (−y, x) about the origin: the far corner (100, 40) goes to (−40, 100).
        #expect(close(corner.frame, CGRect(x: -40, y: 0, width: 40, height: 100)), "about the top-left corner")
    }

    @Test("frame under a transform: the bounding box of the transformed bounds, translations included")
    func frameUnderTransforms() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        layer.position = CGPoint(x: 50, y: 50)
        layer.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(layer.frame == CGRect(x: -50, y: -10, width: 200, height: 120))
        layer.transform = CATransform3DMakeTranslation(10, -5, 0)
        #expect(layer.frame == CGRect(x: 10, y: 25, width: 100, height: 40))
        layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let side = (100 + 40) / 2.squareRoot()
        #expect(close(layer.frame, CGRect(x: 50 - side / 2, y: 50 - side / 2, width: side, height: side), 1e-9))
        layer.transform = CATransform3DIdentity
        #expect(layer.frame == CGRect(x: 0, y: 30, width: 100, height: 40))
    }

    @Test("setting the frame under a scale or a quarter turn solves the bounds size exactly")
    func settingTheFrameUnderTransforms() {
        let scaled = CALayer()
        scaled.transform = CATransform3DMakeScale(2, 2, 1)
        scaled.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        #expect(scaled.bounds.size == CGSize(width: 100, height: 50))
        #expect(scaled.position == CGPoint(x: 100, y: 50))
        #expect(scaled.frame == CGRect(x: 0, y: 0, width: 200, height: 100))

        let turned = CALayer()
        turned.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            turned.frame = CGRect(x: 10, y: 20, width: 100, height: 200)
        }
        #expect(diagnostics.isEmpty)
        #expect(close(turned.bounds.size, CGSize(width: 200, height: 100)))
        #expect(close(turned.frame, CGRect(x: 10, y: 20, width: 100, height: 200)))
    }

    @Test("setting the frame under a 45° rotation (Apple: do not) keeps the size, moves the frame origin, reports it")
    func settingTheFrameUnderAnOddRotation() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            layer.frame = CGRect(x: 100, y: 100, width: 50, height: 50)
        }
        #expect(diagnostics.count == 1)
        #expect(layer.bounds.size == CGSize(width: 10, height: 10))
        #expect(close(layer.frame.origin, CGPoint(x: 100, y: 100)))
    }

    @Test("non-finite geometry is refused with one diagnostic (Apple raises CALayerInvalidGeometry)")
    func nonFiniteGeometry() {
        let layer = CALayer()
        layer.position = CGPoint(x: 5, y: 5)
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            layer.position = CGPoint(x: CGFloat.nan, y: 0)
            layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
            layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
            layer.zPosition = .nan
            layer.transform.m41 = .nan
        }
        #expect(diagnostics.count == 5)
        #expect(diagnostics.allSatisfy { $0.domain == "CALayer" })
        #expect(layer.position == CGPoint(x: 5, y: 5))
        #expect(layer.bounds == .zero)
        #expect(layer.zPosition == 0)
        #expect(CATransform3DIsIdentity(layer.transform))
    }

    @Test("a finite frame whose geometry would not be finite is refused too (found by the seeded robustness test)")
    func frameOverflowingToInfinity() {
        let layer = CALayer()
        layer.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            // Standardized, the origin's y is −1e308 − 1e308 = −∞.
            layer.frame = CGRect(x: 1e308, y: -1e308, width: 0.5, height: -1e308)
            // Centre at 1.5e308 + 0.5 × 1e308 = +∞ (1.8e308 is the largest Double).
            layer.frame = CGRect(x: 1.5e308, y: 0, width: 1e308, height: 1)
        }
        #expect(diagnostics.count == 2)
        #expect(layer.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test("affineTransform() and setAffineTransform(_:) read and write the affine part of transform")
    func affineTransforms() {
        let layer = CALayer()
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        layer.setAffineTransform(m)
        #expect(layer.transform == CATransform3DMakeAffineTransform(m))
        #expect(layer.affineTransform() == m)
    }

    @Test("sublayerTransform moves sublayers, not the layer itself (Programming Guide, three dimensions)")
    func sublayerTransformAffectsSublayersOnly() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        parent.addSublayer(child)
        let before = parent.frame
        parent.sublayerTransform = CATransform3DMakeTranslation(30, 0, 0)
        #expect(parent.frame == before)
        #expect(child.frame == CGRect(x: 10, y: 10, width: 20, height: 20), "frame is in the superlayer's space, before sublayerTransform")
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 40, y: 10))
    }

    @Test("geometry flipping turns the y axis of the sublayers' space; contentsAreFlipped counts flips up the tree")
    func geometryFlipped() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        parent.addSublayer(child)
        parent.isGeometryFlipped = true
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 0, y: 100))
        #expect(parent.contentsAreFlipped() && child.contentsAreFlipped())
        child.isGeometryFlipped = true
        #expect(!child.contentsAreFlipped())
        #expect(parent.preferredFrameSize() == CGSize(width: 100, height: 100))
    }
}
