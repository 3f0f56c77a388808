// UIBezierPath+Drawing: filling, stroking and clipping with a path in the current UIKit context.
//
// Audited against: fill() ("paints the region enclosed by the receiver's path using the current
// drawing properties"; "this method … automatically closes" open subpaths; it saves and restores
// the graphics state, so the path's attributes do not leak into the context), stroke(),
// fill(with:alpha:), stroke(with:alpha:), addClip() ("intersects the area enclosed by the
// receiver's path with the clipping path of the current graphics context"; it changes the
// context's state, so it is not saved and restored). Status: complete. Without a current
// context iOS logs "invalid context 0x0" and draws nothing; Kinema reports a diagnostic.

import Foundation
import KinemaSupport
import OpenCoreGraphics

extension UIBezierPath {
    /// Paints the area the path encloses with the current fill colour (a pattern colour tiles).
    public func fill() {
        guard let entry = currentEntry("fill()") else { return }
        let context = entry.context
        context.saveGState()
        context.beginPath()
        context.addPath(cgPath)
        let rule: CGPathFillRule = usesEvenOddFillRule ? .evenOdd : .winding
        if let pattern = entry.fillPattern {
            context.clip(using: rule)
            pattern.paintPattern(in: context)
        } else {
            context.fillPath(using: rule)
        }
        context.restoreGState()
    }

    /// Paints the path's outline with the current stroke colour and this path's line attributes
    /// (a pattern colour tiles inside the outline).
    public func stroke() {
        guard let entry = currentEntry("stroke()") else { return }
        let context = entry.context
        context.saveGState()
        applyStrokeAttributes(to: context)
        context.beginPath()
        context.addPath(cgPath)
        if let pattern = entry.strokePattern {
            context.replacePathWithStrokedPath()
            context.clip(using: .winding)
            pattern.paintPattern(in: context)
        } else {
            context.strokePath()
        }
        context.restoreGState()
    }

    /// Fills in `blendMode` at `alpha` (0…1), leaving the context's state as it was.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = currentEntry("fill(with:alpha:)")?.context else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        fill()
        context.restoreGState()
    }

    /// Strokes in `blendMode` at `alpha` (0…1), leaving the context's state as it was.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = currentEntry("stroke(with:alpha:)")?.context else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        stroke()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the area the path encloses (under its fill
    /// rule). The change lasts until the caller restores the graphics state.
    public func addClip() {
        guard let context = currentEntry("addClip()")?.context else { return }
        context.beginPath()
        context.addPath(cgPath)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Sets the context's line width, cap, join, miter limit, flatness and dashes from this path.
    package func applyStrokeAttributes(to context: CGContext) {
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setFlatness(flatness)
        context.setLineDash(phase: dashPhase, lengths: dashPattern)
    }

    private func currentEntry(_ operation: String) -> UIGraphicsStackEntry? {
        guard let entry = UIGraphicsContextStack.current.top else {
            KinemaDiagnostics.emit("UIBezierPath", "\(operation): no current context (iOS: \"invalid context 0x0\"); nothing drawn")
            return nil
        }
        return entry
    }
}
