// CGContext+Text: what UIKit's string drawing needs from a context — filling a path given in user
// space (glyph outlines, underline bars, run backgrounds) with a colour of its own, under the
// context's full state: CTM, clip, global alpha, blend mode and shadow, as every other fill is.
// The current path and the fill colour are left as they were (Core Text and TextKit draw glyphs
// without touching either).
//
// Glyphs from masks: when nothing in the state needs a path fill — the CTM a positive uniform
// scale and a translation (y down), a whole-pixel rectangular clip, source-over, no shadow, no
// transparency layer open, a bitmap drawn directly — `withGlyphTarget` hands the text drawing the
// clip's pixels, so glyphs come from KinemaText's glyph cache (coverage masks blended at a
// quarter-pixel phase) instead of having their outlines filled. What that changes in the pixels
// is bounded by GlyphCacheTests (phase rounding, overlapping glyphs composited one over the other).
//
// Status: Kinema API (`package`) for OpenUIKit's text drawing; not Apple API.

import Foundation
import KinemaGeometry
import KinemaRaster

extension CGContext {
    /// Fills `path`, in user space, with `color` under the context's state (CTM, clip, alpha,
    /// blend mode, shadow). The current path and the fill colour are unchanged.
    package func fill(userSpacePath path: Path, color: CGColor, rule: CGPathFillRule = .winding) {
        guard !path.isEmpty, color.alpha > 0 || state.blendMode != .normal else { return }
        let raster = path.applying(userToRaster)
        paint(.shape(contours(of: raster), .solid(color.paintColor), rule))
    }

    /// Runs `body` with the pixels text may blend glyph masks into — the clip's whole-pixel
    /// rectangle as a region — with the scale from user units to pixels, where user (0, 0) lands
    /// in the region, and the global alpha; returns false without calling it when the state needs
    /// a path fill for text (see the file's header).
    package func withGlyphTarget(_ body: (inout PixmapRegion, _ scale: Double, _ origin: CGPoint, _ alpha: Float) -> Void) -> Bool {
        guard layers.isEmpty, storage.drawsDirectly, state.blendMode == .normal, state.clip.mask == nil else { return false }
        if let shadow = state.shadow, shadow.color.alpha > 0 { return false }
        let m = userToRaster
        guard m.b == 0, m.c == 0, m.a == m.d, m.a > 0, m.a.isFinite, m.tx.isFinite, m.ty.isFinite,
              abs(m.tx) < Self.coordinateLimit, abs(m.ty) < Self.coordinateLimit else { return false }
        let area = state.clip.pixelBounds(in: canvas)
        guard !area.isEmpty else { return true }
        let alpha = Float(state.alpha)
        withTarget(area) { region in
            // The clip's pixels as a region of their own (the target's region is the whole bitmap).
            let offset = (area.y - region.frame.y) * region.rowStride + (area.x - region.frame.x)
            var clipped = PixmapRegion(base: region.base + offset, frame: area, rowStride: region.rowStride)
            body(&clipped, m.a, CGPoint(x: m.tx - Double(area.x), y: m.ty - Double(area.y)), alpha)
        }
        return true
    }

    /// The user-space rectangle outside which drawing cannot change a pixel: the clip's bounding
    /// box grown by how far the context's shadow reaches (its offset and three blur radii). Nil
    /// when that cannot be said (a singular CTM): draw everything.
    package var userSpaceDrawingBounds: CGRect? {
        let clip = boundingBoxOfClipPath
        guard !clip.isNull, clip.origin.x.isFinite, clip.origin.y.isFinite, clip.width.isFinite, clip.height.isFinite else { return nil }
        guard let shadow = state.shadow, shadow.color.alpha > 0 else { return clip }
        // The shadow's reach is in base space; the CTM's smallest stretch turns it into user units.
        let base = baseCTM, ctm = state.ctm
        let baseScale = max(hypot(Double(base.a), Double(base.b)), hypot(Double(base.c), Double(base.d)))
        let userScale = min(hypot(Double(ctm.a), Double(ctm.b)), hypot(Double(ctm.c), Double(ctm.d)))
        guard userScale > 0, baseScale.isFinite, userScale.isFinite else { return nil }
        let reach = (hypot(Double(shadow.offset.width), Double(shadow.offset.height)) + 3 * Double(shadow.blur)) * baseScale / userScale + 2
        guard reach.isFinite else { return nil }
        return clip.insetBy(dx: -reach, dy: -reach)
    }
}
