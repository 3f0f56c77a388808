// CALayer+Render: `render(in:)` — a layer and its sublayers drawn into a Core Graphics context
// by the compositor.
//
// Audited against: CALayer.render(in:) ("Renders the layer and its sublayers into the specified
//   context … renders directly from the layer tree, ignoring any animations added to the render
//   tree. Renders in the coordinate space of the layer"). Status: complete, and 3-D transforms
//   of sublayers are honoured (Apple's OS X 10.5-era note said such layers were not rendered):
//   the tree goes through the compositor. The layer's own transform and position are not
//   applied (its own coordinate space); its opacity, shadow and mask are. On a presentation
//   copy the copy's values draw, with the model's sublayers shown at their presentation values
//   (evaluated at the current time, which is the copy's own time unless the clock moved since).
//
// How: the tree is composited into an offscreen pixmap covering what it can paint inside the
// context's clip, at the context's device scale (`compositingDeviceScale`), and the result is drawn into the context as
// an image so that layer point (x, y) lands on user-space point (x, y) — upright in a UIKit
// (flipped) context, as on iOS.

import Foundation
import KinemaRaster
import KinemaRenderServer
import KinemaSupport

extension CALayer {
    /// The largest side, in pixels, of the offscreen `render(in:)` composites into.
    static let maximumRenderSide = 8192.0

    /// Draws the layer and its sublayers into `ctx`, in the layer's own coordinate space.
    ///
    /// ```swift
    /// let context = CGContext(data: nil, width: 200, height: 200, bitsPerComponent: 8, bytesPerRow: 0,
    ///                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    /// layer.render(in: context!)
    /// ```
    /// **Cost.** One composite of the tree into a pixmap the size of its painted area inside the
    /// context's clip, at the context's scale (at most 8192 pixels a side), then one image draw.
    public func render(in ctx: CGContext) {
        let tree: CompositeLayer
        if presentedModel != nil {
            // The copy's own values, and the model's sublayers each shown with their
            // presentation values now.
            let model = model()
            var cuts = 0
            let shown: (CALayer) -> LayerState = { ($0.presentation() ?? $0).state }
            tree = CompositeLayer(id: model.renderID, state: state,
                                  sublayers: model.sublayerStorage.map { Self.compositeTree($0, level: 2, cuts: &cuts, values: shown) },
                                  mask: model.maskStorage.map { Self.compositeTree($0, level: 2, cuts: &cuts, values: shown) })
            Self.reportCuts(cuts, operation: "render(in:)")
        } else {
            tree = CompositeLayer(modelTree: self)
        }
        let compositor = Compositor(threads: 1)
        guard let whole = compositor.extent(of: tree), !whole.isInfinite else { return }
        // Only what the context can show: the tree's extent cut to the clip's box (user space is
        // the layer's space here). A tree reaching 10^308 points into a 48-point context used to
        // composite a full 8192 × 8192 offscreen (67 M pixels, 30 s in a debug build) for a
        // context whose clip was empty.
        let visible = ctx.boundingBoxOfClipPath
        guard !visible.isNull, !visible.isEmpty else { return }
        let extent = whole.intersection(visible)
        guard !extent.isNull, extent.width > 0, extent.height > 0, extent.minX.isFinite, extent.minY.isFinite,
              extent.width.isFinite, extent.height.isFinite else { return }
        var scale = Double(ctx.compositingDeviceScale)
        scale = min(scale, Self.maximumRenderSide / Double(extent.width), Self.maximumRenderSide / Double(extent.height))
        // Whole pixels around the extent, so the image maps back onto points exactly.
        let x0 = (Double(extent.minX) * scale).rounded(.down), y0 = (Double(extent.minY) * scale).rounded(.down)
        let x1 = (Double(extent.maxX) * scale).rounded(.up), y1 = (Double(extent.maxY) * scale).rounded(.up)
        let width = Int(x1 - x0), height = Int(y1 - y0)
        guard width > 0, height > 0, var pixmap = try? Pixmap(width: width, height: height) else {
            KinemaDiagnostics.emit("CALayer", "render(in:): the offscreen for \(extent) cannot be made; nothing drawn")
            return
        }
        // The layer's own space: no position or transform of its own.
        let map = CATransform3DConcat(CATransform3DMakeScale(CGFloat(scale), CGFloat(scale), 1),
                                      CATransform3DMakeTranslation(CGFloat(-x0), CGFloat(-y0), 0))
        compositor.render(tree, into: &pixmap, rootMap: map)
        let image = CGImage(pixmap: pixmap)
        let rect = CGRect(x: x0 / scale, y: y0 / scale, width: Double(width) / scale, height: Double(height) / scale)
        ctx.saveGState()
        // CGContext.draw puts the image's top row at rect.maxY; flip so it lands at minY.
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: rect)
        ctx.restoreGState()
    }
}
