// CompositorPainter+ShadowPlane: a shadow cast from a layer's rendered alpha — the alpha as one Float
// channel, blurred by a Gaussian, painted in the shadow colour at an offset.
//
// Audited against: CALayer.shadowPath's discussion (without a path "the layer's composited
//   alpha channel" makes the shadow), shadowRadius, shadowOffset. Status: complete.
//
// The work is KinemaRaster's `ShadowMask` pipeline (ShadowMask.swift), which CGContext's shadows
// share: one channel instead of the four `PixmapRegion.gaussianBlur` blurs, three extended-box
// passes per axis (variance exactly σ², within a few levels of the true Gaussian — tested against
// the closed form in CompositorShadowTests). These wrappers keep the painter's scratch planes
// (`planeScratch`, `lineScratch`) so a frame of shadows allocates once.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaTiming
import OpenCoreGraphics

extension CompositorPainter {
    /// Fills `plane` (row-major, `width` × `height`) with the alpha of `area` of `pixmap`, 0…1.
    static func alphaPlane(_ pixmap: Pixmap, area: PixelRect, into plane: inout [Float]) {
        let count = area.width * area.height
        if plane.count < count { plane = [Float](repeating: 0, count: count) }
        let stride = pixmap.width
        pixmap.storage.withUnsafeBufferPointer { pixels in
            plane.withUnsafeMutableBufferPointer { out in
                guard let source = pixels.baseAddress, let target = out.baseAddress else { return }
                ShadowMask.loadAlpha(source + area.y * stride + area.x, rowStride: stride, width: area.width, height: area.height,
                                     into: target)
            }
        }
    }

    /// Blurs `plane` in place with a Gaussian of `sigma` pixels (zero outside).
    func blurPlane(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        guard sigma > 0.01, width > 0, height > 0 else { return }
        let needed = ShadowMask.scratchCount(width: width, height: height)
        if lineScratch.count < needed { lineScratch = [Float](repeating: 0, count: needed) }
        plane.withUnsafeMutableBufferPointer { p in
            lineScratch.withUnsafeMutableBufferPointer { scratch in
                guard let base = p.baseAddress, let s = scratch.baseAddress else { return }
                ShadowMask.blur(base, width: width, height: height, sigma: sigma, scratch: s)
            }
        }
    }

    /// Paints `color` × plane × `alpha` source-over into the surface, the plane's (0, 0) at
    /// surface point (x, y). A fractional offset moves the plane by a linear interpolation per
    /// axis as it is blitted (the last sample's spill into the margin dropped).
    func paintPlane(_ plane: inout [Float], width: Int, height: Int, at x: Double, _ y: Double, color: PaintColor,
                    alpha: Float, surface: inout CompositorSurface) {
        let c = color.clamped
        let a = c.alpha * min(max(alpha, 0), 1)
        guard a > 0, width > 0, height > 0, plane.count >= width * height else { return }
        let packed = PaintColor(red: c.red, green: c.green, blue: c.blue, alpha: a).premultiplied.packed
        let region = surface.region, clip = surface.clip
        plane.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            ShadowMask.paint(base, width: width, height: height, color: packed, at: x, y, into: region, clip: clip)
        }
    }
}
