// CGContext+Text: what UIKit's string drawing needs from a context — filling a path given in user
// space (glyph outlines, underline bars, run backgrounds) with a colour of its own, under the
// context's full state: CTM, clip, global alpha, blend mode and shadow, as every other fill is.
// The current path and the fill colour are left as they were (Core Text and TextKit draw glyphs
// without touching either).
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
