// CGContext+Compositing: the few package-level hooks the Core Animation compositor
// (OpenQuartzCore/Compositor*.swift) needs from Core Graphics' internals.
//
// Audited against: nothing of Apple's — these are Kinema plumbing, not API. Status: complete for
// what the compositor uses (a colour as the raster engine paints it, and the device scale of a
// context's CTM for `CALayer.render(in:)`).

import Foundation
import KinemaRaster

extension CGColor {
    /// The colour as the raster engine paints it: straight-alpha sRGB components.
    ///
    /// ```swift
    /// CGColor(red: 1, green: 0, blue: 0, alpha: 0.5).compositingColor   // PaintColor(1, 0, 0, alpha 0.5)
    /// ```
    /// **Semantics.** Gray colours expand to equal red, green and blue; a colour with fewer than
    /// four stored components that is not gray is transparent black (as Core Graphics' own fills).
    package var compositingColor: PaintColor { paintColor }
}

extension CGContext {
    /// How many device pixels one user-space unit covers under the current CTM (the square root
    /// of the CTM's area scale; 1 for an unscaled bitmap context, 2 for a @2x flipped one).
    ///
    /// **Semantics.** A compositor drawing a layer tree into this context renders offscreen at
    /// this many pixels per point, so the result is as sharp as the context can show.
    package var compositingDeviceScale: CGFloat {
        let m = ctm
        let scale = abs(m.a * m.d - m.b * m.c).squareRoot()
        return scale.isFinite && scale > 0 ? scale : 1
    }
}
