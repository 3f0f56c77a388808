// CGContext+Images: drawing a CGImage into a rectangle.
//
// Audited against: CGContext.draw(_:in:byTiling:) ("Draws an image in the specified area";
// tiling: "fills the current clip region" with copies of the image the size of `rect`), the
// Quartz 2D guide's images chapter (the image is drawn upright in the context's default y-up
// space, so a flipped context shows it upside down — UIImage.draw(in:) compensates), and
// interpolationQuality. Status: complete (images are premultiplied RGBA; image masks and
// decode arrays are not implemented).
//
// Mapping: image pixel (i, j), j counted from the top row, lands at user point
// (rect.minX + i·rect.width / width, rect.maxY − j·rect.height / height), then the CTM and the
// device-to-raster flip apply. The image is sampled at each device pixel's centre: nearest for
// interpolation quality `.none`, bilinear otherwise, edge pixels clamped inside the rectangle
// (its edges are anti-aliased by coverage, not by fading into transparency).

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport

extension CGContext {
    /// Draws `image` scaled to `rect` (user space), upright in y-up user space; with `byTiling`,
    /// repeats it at `rect`'s size across the whole clip region.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard !rect.isNull, !rect.isInfinite, [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite) else {
            KinemaDiagnostics.emit("CGContext", "draw(_:in:): rectangle \(rect) is null or not finite; nothing drawn")
            return
        }
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        let imageToUser = CGAffineTransform(a: r.width / CGFloat(image.width), b: 0, c: 0, d: -r.height / CGFloat(image.height),
                                            tx: r.minX, ty: r.maxY)
        let m = PathTransform(imageToUser).concatenating(userToRaster)
        guard m.isFinite, m.determinant != 0 else {
            KinemaDiagnostics.emit("CGContext", "draw(_:in:) with a singular CTM; nothing drawn")
            return
        }
        let transform = ProjectiveTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty)
        let pattern = ImagePattern(image: image.pixmap, transform: transform, sampling: state.interpolationQuality.sampling,
                                   tiling: byTiling ? .repeating : .clamp)
        if byTiling {
            paintClipRegion(with: .image(pattern))
        } else {
            var path = Path()
            path.addRect(r, transform: userToRaster)
            paint(.shape(contours(of: path), .image(pattern), .winding))
        }
    }
}
