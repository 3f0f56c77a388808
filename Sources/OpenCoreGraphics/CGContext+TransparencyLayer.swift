// CGContext+TransparencyLayer: drawing a group and compositing it once.
//
// Audited against: CGContext.beginTransparencyLayer(auxiliaryInfo:) ("all subsequent drawing
// operations … are composited into a fully transparent backdrop … After a call to
// CGContextEndTransparencyLayer, the result is composited into the context using the global
// alpha and shadow state of the context. This operation respects the clipping region"),
// beginTransparencyLayer(in:auxiliaryInfo:), endTransparencyLayer(), and the Quartz 2D guide
// ("graphics state parameters remain unchanged except for alpha (which is set to 1), shadow
// (which is turned off), blend mode (which is set to normal)"). Status: complete; layers nest.
// `auxiliaryInfo` is accepted and ignored (Apple: "not yet used"); it is a Swift dictionary
// because CFDictionary is not available on Linux, so `nil` — what callers pass — compiles.
//
// Cost: each open layer is a transparent pixmap the size of the bitmap (width × height × 4
// bytes); ending one composites it once, with the shadow pipeline of ContextRenderer.swift.
// begin saves the graphics state and end restores it, so a restoreGState() inside a layer cannot
// pop the layer's own save (it is reported and ignored).

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport

extension CGContext {
    /// Begins a transparency layer: drawing goes to a transparent group until
    /// `endTransparencyLayer()`, which composites it with the alpha, blend mode, shadow and clip in
    /// effect now.
    public func beginTransparencyLayer(auxiliaryInfo: [AnyHashable: Any]?) {
        beginLayer(bounds: canvas)
    }

    /// Begins a transparency layer whose content is limited to `rect` (user space).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [AnyHashable: Any]?) {
        var path = Path()
        path.addRect(rect, transform: userToRaster)
        let box = path.tightBounds
        let bounds = box.isNull ? PixelRect(width: 0, height: 0)
            : (Self.pixelRect(minX: Double(box.minX), minY: Double(box.minY), maxX: Double(box.maxX), maxY: Double(box.maxY))
                ?? PixelRect(width: 0, height: 0))
        beginLayer(bounds: bounds.intersection(canvas))
    }

    /// Ends the innermost transparency layer and composites it; without one, does nothing
    /// (with a diagnostic).
    public func endTransparencyLayer() {
        guard let layer = layers.popLast() else {
            KinemaDiagnostics.emit("CGContext", "endTransparencyLayer() without beginTransparencyLayer; ignored")
            return
        }
        // Back to the state saved at begin (alpha, blend mode, shadow and clip as they were).
        savedStates.removeSubrange(layer.savedStateDepth...)
        if let saved = savedStates.popLast() { state = saved }
        let source = DrawSource.pixels(layer.pixmap, x: 0, y: 0, sampling: .nearest)
        guard !layer.bounds.isEmpty else { return }
        paint(source)
    }

    private func beginLayer(bounds: PixelRect) {
        guard let pixmap = try? Pixmap(width: width, height: height) else {
            KinemaDiagnostics.emit("CGContext", "transparency layer bitmap cannot be made; drawing goes to the context directly")
            return
        }
        saveGState()
        layers.append(TransparencyLayer(pixmap: pixmap, savedStateDepth: savedStates.count, bounds: bounds))
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
        if bounds != canvas {
            var clip = state.clip
            clip.rect = (clip.rect ?? canvas).intersection(bounds)
            clip.mask?.intersect(bounds)
            state.clip = clip
        }
    }
}
