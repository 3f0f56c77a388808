// CompositorPainter+TransitionTexture: one rendering of a transition's layer (old or new) over its
// bounds, in the bounds' own axes, for the transitions that move the picture out of the layer's
// plane or bend it (oglFlip, pageCurl, pageUnCurl).
//
// The texture is the layer drawn by `paintFlat` into an offscreen whose texels follow the bounds:
// texel (i, j) covers the layer points minX + [i, i + 1) / scaleX, minY + [j, j + 1) / scaleY, the
// bounds filling the texture exactly, so what the layer draws outside its bounds is cut off (the
// other transitions clip to the bounds too). Its density is the map's: one texel per device pixel
// along each of the layer's axes (the lengths of the map's columns), so an unrotated layer at an
// integer pixel position gets texels on the device grid and sampling them at pixel centres is
// exact. At most `maximumTransitionTextureSide` texels a side (a larger layer is drawn coarser).
// Only the texels a band needs are drawn (`needed`): every band of a frame makes its own textures,
// and drawing them whole in each band cost four times the drawing for a 720-row frame.

import Foundation
import KinemaGeometry
import KinemaRaster
import OpenCoreGraphics

/// A transition's layer rendered over its bounds (see the file's header).
struct TransitionTexture {
    /// The pool's pixmap; texels at or beyond (`width`, `height`) are not part of the texture.
    var image: Pixmap
    var width: Int
    var height: Int
    var bounds: CGRect
    /// Texels per layer point along x and y.
    var scaleX: Double
    var scaleY: Double
    /// The texels that were drawn; the others are transparent.
    var drawn: PixelRect

    /// Texel space → layer space.
    var imageToLayer: PlaneProjection {
        PlaneProjection(rows: (SIMD3(1 / scaleX, 0, 0), SIMD3(0, 1 / scaleY, 0),
                               SIMD3(Double(bounds.minX), Double(bounds.minY), 1)))
    }
}

extension CompositorPainter {
    /// The largest side of a flip or curl texture, in texels: a full-screen layer at scale 2
    /// (2732 px on the widest iPad) keeps one texel per pixel.
    static let maximumTransitionTextureSide = 4096

    /// The texture size for `bounds` drawn through `map`, or nil when the bounds or the map make
    /// no finite, positive area (nothing is drawn then).
    static func transitionTextureSize(_ bounds: CGRect, _ map: PathTransform) -> (width: Int, height: Int)? {
        let w = Double(bounds.width), h = Double(bounds.height)
        guard bounds.isFiniteRect, w > 0, h > 0, map.isFinite, map.determinant != 0 else { return nil }
        let perPointX = (map.a * map.a + map.b * map.b).squareRoot(), perPointY = (map.c * map.c + map.d * map.d).squareRoot()
        let side = Double(maximumTransitionTextureSide)
        let texelsX = min(w * perPointX, side), texelsY = min(h * perPointY, side)
        guard texelsX.isFinite, texelsY.isFinite else { return nil }
        // Round to the nearest whole texel count (a layer 100 points wide at scale 1 is 100
        // texels), at least one.
        return (max(Int(texelsX.rounded()), 1), max(Int(texelsY.rounded()), 1))
    }

    /// Draws `part` (a layer without its transition) into a texture of `size` over `bounds`,
    /// only the texels covering `needed` (layer space; nil: all) and two texels around them.
    func transitionTexture(_ part: CompositeLayer, bounds: CGRect, size: (width: Int, height: Int),
                           needed: CGRect?) -> TransitionTexture? {
        let scaleX = Double(size.width) / Double(bounds.width), scaleY = Double(size.height) / Double(bounds.height)
        let whole = PixelRect(width: size.width, height: size.height)
        let inner = PathTransform.translation(Double(-bounds.minX), Double(-bounds.minY)).concatenating(.scale(scaleX, scaleY))
        let drawn = needed.map { Self.grow(Self.pixelArea(Self.box(of: $0, inner)), by: 2).intersection(whole) } ?? whole
        // Texels outside `drawn` are never read (the readers stop at the texture's edge, and a
        // band reads only what it asked for, two texels of margin included) except one row and
        // column of the flip's clamped edge, which prepareFlipTexture writes: clear only `drawn`,
        // grown by that one.
        guard var image = pool.take(width: size.width, height: size.height, clearing: Self.grow(drawn, by: 1)) else { return nil }
        if !drawn.isEmpty {
            image.withMutableRegion { region in
                var offscreen = CompositorSurface(region: region, clip: drawn)
                paintFlat(part, inner, surface: &offscreen, alpha: 1)
            }
        }
        return TransitionTexture(image: image, width: size.width, height: size.height, bounds: bounds,
                                 scaleX: scaleX, scaleY: scaleY, drawn: drawn)
    }
}
