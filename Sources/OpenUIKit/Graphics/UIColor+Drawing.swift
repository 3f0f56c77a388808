// UIColor+Drawing: making a colour the current context's fill and/or stroke colour, and painting
// pattern colours.
//
// Audited against: set() ("Sets the color of subsequent stroke and fill operations"), setFill(),
// setStroke() — all act on the current graphics context (UIGraphicsGetCurrentContext). Status:
// complete for solid colours. A pattern colour is remembered by Kinema's context stack for that
// context (Core Graphics here has no pattern colours): UIRectFill / UIRectFillUsingBlendMode /
// UIRectFrame, UIBezierPath's fill and stroke, and UIGraphicsRendererContext's fill / stroke tile
// the image; the CGContext's own fill colour is set to the pattern's mean colour, so drawing with
// CGContext calls directly (fillPath, fill(_:)) paints that mean colour. CGContext.saveGState /
// restoreGState do not save or restore the pattern choice.

import Foundation
import KinemaSupport
import OpenCoreGraphics

extension UIColor {
    /// Makes this the fill and stroke colour of the current context.
    public func set() {
        setFill()
        setStroke()
    }

    /// Makes this the fill colour of the current context (no context: nothing, with a diagnostic,
    /// where iOS logs "invalid context 0x0").
    public func setFill() {
        guard let entry = UIGraphicsContextStack.current.top else {
            KinemaDiagnostics.emit("UIColor", "setFill(): no current context; nothing set")
            return
        }
        entry.context.setFillColor(cgColor)
        entry.fillPattern = space == .pattern ? self : nil
    }

    /// Makes this the stroke colour of the current context (no context: nothing, with a diagnostic).
    public func setStroke() {
        guard let entry = UIGraphicsContextStack.current.top else {
            KinemaDiagnostics.emit("UIColor", "setStroke(): no current context; nothing set")
            return
        }
        entry.context.setStrokeColor(cgColor)
        entry.strokePattern = space == .pattern ? self : nil
    }

    /// Paints the pattern image, repeated at its size in points from the user-space origin,
    /// across `context`'s clip region, upright in UIKit's y-down space, at this colour's alpha.
    /// The caller clips to the shape first and saves / restores the state around the call.
    package func paintPattern(in context: CGContext) {
        guard let image = patternImage, let cgImage = image.cgImage else { return }
        let size = image.size
        guard size.width > 0, size.height > 0 else { return }
        context.saveGState()
        if alpha < 1 { context.setAlpha(alpha) }
        // CGContext draws images upright in y-up space: flip about y = 0 so the tiles are upright
        // in y-down space and the first tile's top-left corner is the origin.
        context.scaleBy(x: 1, y: -1)
        context.draw(cgImage, in: CGRect(x: 0, y: -size.height, width: size.width, height: size.height), byTiling: true)
        context.restoreGState()
    }
}
