// UIView+Drawing: draw(_:) into the layer's backing store, with UIKit's current context.
//
// Audited against: UIView docs — draw(_:) ("the default implementation does nothing"; "UIKit
//   creates and configures a graphics context … so that its origin … is at the top-left";
//   "if you subclass UIView directly, your implementation … does not need to call super"),
//   setNeedsDisplay(), setNeedsDisplay(_:), contentMode .redraw; APPLE_SEMANTICS "Core Graphics
//   orientation" (the context handed to draw(_:) is flipped to top-left, y down).
// Choices: UIKit gives a backing store only to views whose class overrides draw(_:). Swift cannot
//   ask whether a method is overridden, so a view draws once when first displayed: if the call
//   reached UIView's own (empty) draw(_:) and drew nothing into the context (whose bitmap is
//   allocated only when something draws into it, so this costs no pixels), the view keeps no
//   backing store (contents set by hand stay) and is not drawn again until setNeedsDisplay().

import Foundation
import KinemaRaster
import OpenCoreGraphics
import OpenQuartzCore

extension UIView {
    /// Marks the whole view for redrawing at the next display pass.
    public func setNeedsDisplay() {
        drawsNothing = false
        layer.setNeedsDisplay()
    }

    /// Marks `rect` of the view for redrawing (the whole view is redrawn).
    public func setNeedsDisplay(_ rect: CGRect) {
        drawsNothing = false
        layer.setNeedsDisplay(rect)
    }

    /// The layer display: skipped for a view known to draw nothing; else `draw(_:)` into a new
    /// backing store.
    func displayLayer(_ layer: CALayer) {
        guard !drawsNothing else { return }
        UIView.reachedBaseDraw = false
        // Contents set by hand (`view.layer.contents = image`) stay when the view draws nothing,
        // as on iOS, where such a view never displays.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // A call that reached UIView's empty draw(_:) and left the bitmap untouched (it is not
        // even allocated) draws nothing: the contents stay as they were.
        if !layer.drawContents(keepUntouched: { UIView.reachedBaseDraw }) { drawsNothing = true }
        CATransaction.commit()
    }

    /// `draw(_:)` with `ctx` as the current UIKit context.
    func drawLayer(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        if let pattern = backgroundColor, pattern.patternImage != nil {
            // A pattern background is tiled into the backing store, under the view's drawing.
            pattern.setFill()
            UIRectFill(layer.bounds)
        }
        draw(layer.bounds)
    }

    static var reachedBaseDraw = false
}
