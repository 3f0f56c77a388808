// Compositor: contents images — gravity, contentsRect, contentsCenter, contentsScale, filters.
// The 2 × 2 test image is red, green (top row), blue, white (bottom row); drawn with the
// nearest filter its quadrants are exact (tolerance 0) wherever they land on whole pixels.

import Foundation
import KinemaRaster
import KinemaRenderServer
import OpenQuartzCore
import Testing

@MainActor
@Suite("Compositor contents")
struct CompositorContentsTests {
    let redPixel = premul(1, 0, 0), greenPixel = premul(0, 1, 0), bluePixel = premul(0, 0, 1), whitePixel = premul(1, 1, 1)

    func imageLayer(_ gravity: CALayerContentsGravity, size: CGSize = CGSize(width: 10, height: 10)) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(origin: .zero, size: size)
        layer.contents = quadImage()
        layer.contentsGravity = gravity
        layer.magnificationFilter = .nearest
        layer.minificationFilter = .nearest
        return layer
    }

    /// The image's top-left pixel (red) lands at (x, y), its 2 × 2 pixels one point each.
    func expectImage(at x: Int, _ y: Int, in frame: Pixmap, _ comment: Comment) {
        #expect(frame.rgba(x, y) == redPixel, comment)
        #expect(frame.rgba(x + 1, y) == greenPixel, comment)
        #expect(frame.rgba(x, y + 1) == bluePixel, comment)
        #expect(frame.rgba(x + 1, y + 1) == whitePixel, comment)
    }

    /// Positional gravities on a 10 × 10 layer. Names are y-up (Core Animation's note on
    /// contentsGravity): in an unflipped layer `top` is the bounds' maxY — the screen's bottom.
    @Test func positionalGravities() throws {
        let cases: [(CALayerContentsGravity, Int, Int)] = [
            (.center, 4, 4), (.top, 4, 8), (.bottom, 4, 0), (.left, 0, 4), (.right, 8, 4),
            (.topLeft, 0, 8), (.topRight, 8, 8), (.bottomLeft, 0, 0), (.bottomRight, 8, 0),
        ]
        for (gravity, x, y) in cases {
            let frame = try composite(imageLayer(gravity), width: 10, height: 10)
            expectImage(at: x, y, in: frame, "\(gravity.rawValue)")
            // Nothing else is drawn.
            let others = (0 ..< 100).filter { i in
                let px = i % 10, py = i / 10
                return !(px >= x && px < x + 2 && py >= y && py < y + 2) && frame.rgba(px, py).a != 0
            }
            #expect(others.isEmpty, "\(gravity.rawValue): \(others.count) stray pixels")
        }
    }

    /// With isGeometryFlipped the y-up names match the screen: `top` sits at minY.
    @Test func flippedGeometryTurnsTopToTheTop() throws {
        let layer = imageLayer(.top)
        layer.isGeometryFlipped = true
        expectImage(at: 4, 0, in: try composite(layer, width: 10, height: 10), "flipped top")
    }

    /// resize fills the bounds; resizeAspect fits (10 × 10 centred in 20 × 10); resizeAspectFill
    /// covers (20 × 20 centred, overflowing the bounds vertically).
    @Test func scalingGravities() throws {
        let resize = try composite(imageLayer(.resize, size: CGSize(width: 20, height: 10)), width: 20, height: 10)
        #expect(resize.rgba(0, 0) == redPixel)
        #expect(resize.rgba(9, 4) == redPixel)
        #expect(resize.rgba(10, 4) == greenPixel)
        #expect(resize.rgba(19, 9) == whitePixel)
        let aspect = try composite(imageLayer(.resizeAspect, size: CGSize(width: 20, height: 10)), width: 20, height: 10)
        #expect(aspect.rgba(4, 5).a == 0)
        #expect(aspect.rgba(5, 0) == redPixel)
        #expect(aspect.rgba(14, 9) == whitePixel)
        #expect(aspect.rgba(15, 5).a == 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 30)
        let fill = imageLayer(.resizeAspectFill, size: CGSize(width: 20, height: 10))
        fill.frame.origin.y = 10
        root.addSublayer(fill)
        let filled = try composite(root, width: 20, height: 30)
        // The 20 × 20 image spans y 5 ..< 25 in the root (unclipped, masksToBounds is false).
        #expect(filled.rgba(0, 4).a == 0)
        #expect(filled.rgba(0, 5) == redPixel)
        #expect(filled.rgba(19, 24) == whitePixel)
        #expect(filled.rgba(19, 25).a == 0)
    }

    /// contentsRect selects part of the image: its top-right quarter is the green pixel.
    @Test func contentsRectSelectsAPart() throws {
        let layer = imageLayer(.resize)
        layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)
        let frame = try composite(layer, width: 10, height: 10)
        #expect(frame.rgba(0, 0) == greenPixel)
        #expect(frame.rgba(9, 9) == greenPixel)
    }

    /// contentsScale 2: the 2 × 2 image is 1 × 1 point; at render scale 2 each image pixel is
    /// one screen pixel, centred in the 10-point layer.
    @Test func contentsScaleSetsTheNaturalSize() throws {
        let layer = imageLayer(.center)
        layer.contentsScale = 2
        expectImage(at: 9, 9, in: try composite(layer, width: 20, height: 20, scale: 2), "contentsScale 2")
    }

    /// Nine-slice: a 4 × 4 image with a one-pixel red frame and a blue 2 × 2 centre, with
    /// contentsCenter = its middle half, stretched to 20 × 20: the frame stays one point wide.
    @Test func contentsCenterStretchesOnlyTheMiddle() throws {
        var bytes: [UInt8] = []
        for y in 0 ..< 4 {
            for x in 0 ..< 4 {
                let edge = x == 0 || y == 0 || x == 3 || y == 3
                bytes += edge ? [255, 0, 0, 255] : [0, 0, 255, 255]
            }
        }
        let image = CGImage(pixmap: try Pixmap(width: 4, height: 4, premultipliedBytes: bytes))
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.contents = image
        layer.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        layer.magnificationFilter = .nearest
        let frame = try composite(layer, width: 20, height: 20, name: "nine_slice")
        #expect(frame.rgba(0, 10) == redPixel)
        #expect(frame.rgba(10, 0) == redPixel)
        #expect(frame.rgba(19, 10) == redPixel)
        #expect(frame.rgba(10, 19) == redPixel)
        #expect(frame.rgba(1, 10) == bluePixel)
        #expect(frame.rgba(10, 10) == bluePixel)
        #expect(frame.rgba(18, 18) == bluePixel)
        #expect(frame.rgba(0, 0) == redPixel)
    }

    /// Magnification filter: nearest keeps hard pixel edges; linear blends neighbours (the pixel
    /// whose centre is at the image's midline is an even mix of red and green, ±2 levels).
    @Test func magnificationFilter() throws {
        let nearest = try composite(imageLayer(.resize, size: CGSize(width: 20, height: 20)), width: 20, height: 20)
        #expect(nearest.rgba(9, 2) == redPixel)
        #expect(nearest.rgba(10, 2) == greenPixel)
        let smooth = imageLayer(.resize, size: CGSize(width: 20, height: 20))
        smooth.magnificationFilter = .linear
        let linear = try composite(smooth, width: 20, height: 20)
        // Pixel 9's centre (9.5) maps to image x 0.95: 0.55 red + 0.45 green after the
        // half-pixel shift of sample centres (0.5 and 1.5).
        let p = linear.rgba(9, 0)
        #expect(abs(p.r - 140) <= 3 && abs(p.g - 115) <= 3, "\(p)")
    }

    /// cornerRadius does not clip contents unless masksToBounds (cornerRadius docs).
    @Test func cornerRadiusClipsContentsOnlyWithMasksToBounds() throws {
        let layer = imageLayer(.resize, size: CGSize(width: 20, height: 20))
        layer.cornerRadius = 8
        #expect(try composite(layer, width: 20, height: 20).rgba(0, 0) == redPixel)
        layer.masksToBounds = true
        let clipped = try composite(layer, width: 20, height: 20)
        #expect(clipped.rgba(0, 0).a == 0)
        #expect(clipped.rgba(5, 5) == redPixel)
    }
}
