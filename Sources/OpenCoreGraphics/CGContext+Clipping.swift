// CGContext+Clipping: narrowing where drawing may land.
//
// Audited against: CGContext docs — clip(using:) ("intersects the current clipping path with
// the current path … the current path is cleared"), clip(to:) for one rectangle and for an
// array of them, resetClip(), boundingBoxOfClipPath ("the bounding box of the clipping path",
// user space). Status: complete except clip(to:mask:) (image masks; see docs/COREGRAPHICS.md).
//
// Representation: a clip is a whole-pixel rectangle (the fast case: clip(to:) with a
// rectangle on pixel edges under an axis-aligned CTM) or an anti-aliased coverage mask the size
// of the bitmap (any other shape; intersections multiply coverages), plus the raster-space
// bounds of the region for boundingBoxOfClipPath. The clip is part of the graphics state, so
// saveGState/restoreGState bring it back; a mask is copied only when a saved one is narrowed.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport

/// The clip of one graphics state, in raster space.
struct ClipState {
    /// Whole-pixel rectangle, nil when not limited by one.
    var rect: PixelRect?
    /// Anti-aliased coverage the bitmap's size, nil when there is none.
    var mask: ClipMask?
    /// Raster-space bounds of the clip region, nil when unclipped.
    var bounds: CGRect?

    /// The engine clip to draw under (the mask, which includes the rectangle, or the rectangle).
    var rasterClip: RasterClip? {
        if let mask { return .mask(mask) }
        if let rect { return .rect(rect) }
        return nil
    }

    /// The pixels drawing may reach.
    func pixelBounds(in canvas: PixelRect) -> PixelRect {
        var area = canvas
        if let rect { area = area.intersection(rect) }
        if let mask { area = area.intersection(mask.bounds) }
        return area
    }
}

extension CGContext {
    /// Intersects the clip with the current path under `rule`, then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        let path = currentPath
        currentPath.removeAll()
        intersectClip(with: path, rule: rule)
    }

    /// Intersects the clip with `rect` (user space). The current path is not changed.
    public func clip(to rect: CGRect) {
        var path = Path()
        path.addRect(rect, transform: userToRaster)
        intersectClip(with: path, rule: .winding)
    }

    /// Intersects the clip with the union of `rects` (user space).
    public func clip(to rects: [CGRect]) {
        var path = Path()
        path.addRects(rects, transform: userToRaster)
        intersectClip(with: path, rule: .winding)
    }

    /// Removes the clip (the whole bitmap is drawable again).
    public func resetClip() {
        state.clip = ClipState()
    }

    /// The bounding box of the clip region in user space (the whole bitmap when unclipped).
    public var boundingBoxOfClipPath: CGRect {
        let raster = state.clip.bounds ?? CGRect(x: 0, y: 0, width: width, height: height)
        guard !raster.isNull, !raster.isEmpty else { return .zero }
        guard let inverse = userToRaster.inverse else { return .null }
        return raster.applying(CGAffineTransform(inverse))
    }

    /// Intersects the clip with a raster-space path.
    func intersectClip(with path: Path, rule: CGPathFillRule) {
        var clip = state.clip
        let pathBounds = path.tightBounds
        let old = clip.bounds ?? CGRect(x: 0, y: 0, width: width, height: height)
        clip.bounds = pathBounds.isNull ? .zero : old.intersection(pathBounds)
        if path.isEmpty {
            clip.rect = PixelRect(x: 0, y: 0, width: 0, height: 0)
            clip.mask = nil
        } else if let pixels = Self.pixelAlignedRect(path) {
            clip.rect = (clip.rect ?? canvas).intersection(pixels)
            clip.mask?.intersect(pixels)
        } else {
            var mask: ClipMask
            if let existing = clip.mask {
                mask = existing
            } else {
                do {
                    mask = try ClipMask(width: width, height: height)
                } catch {
                    KinemaDiagnostics.emit("CGContext", "clip mask cannot be made (\(error)); the clip is unchanged")
                    return
                }
                if let rect = clip.rect { mask.intersect(rect) }
            }
            mask.intersect(Self.rasterPath(contours(of: path)), rule: rule, using: &converter)
            clip.mask = mask
        }
        state.clip = clip
    }

    /// The whole-pixel rectangle a path is exactly, if it is one closed axis-aligned rectangle
    /// with integer corners (so the anti-aliased clip would be all or nothing per pixel).
    static func pixelAlignedRect(_ path: Path) -> PixelRect? {
        let cgPath = CGPath(path: path)
        var rect = CGRect.null
        guard cgPath.isRect(&rect) else { return nil }
        let values = [rect.minX, rect.minY, rect.maxX, rect.maxY].map(Double.init)
        guard values.allSatisfy({ $0.rounded() == $0 && abs($0) < coordinateLimit }) else { return nil }
        return PixelRect(x: Int(values[0]), y: Int(values[1]), width: Int(values[2] - values[0]), height: Int(values[3] - values[1]))
    }
}

extension PathTransform {
    /// The inverse map, or nil when this one is singular or not finite.
    var inverse: PathTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        let result = PathTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
        return result.isFinite ? result : nil
    }
}
