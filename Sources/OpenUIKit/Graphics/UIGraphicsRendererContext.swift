// UIGraphicsRendererContext and UIGraphicsImageRendererContext: what a renderer's drawing
// closure receives.
//
// Audited against: UIGraphicsRendererContext (`cgContext`, `format`, `fill(_:)`,
// `fill(_:blendMode:)`, `stroke(_:)`, `stroke(_:blendMode:)`, `clip(to:)` — "Before calling this
// method, select the fill color with the setFill() method"), UIGraphicsImageRendererContext
// (`currentImage`: "the current state of the image context as a UIImage"). Status: complete;
// a pattern colour chosen with setFill() / setStroke() tiles in fill / stroke.

import Foundation
import OpenCoreGraphics

/// The drawing environment of a graphics renderer's closure: its Core Graphics context, in
/// UIKit's top-left, y-down space, and conveniences that draw with the current colours.
public class UIGraphicsRendererContext {
    /// The context to draw into: flipped to y-down, in points, scaled by the format's scale.
    public let cgContext: CGContext
    let baseFormat: UIGraphicsRendererFormat

    init(cgContext: CGContext, format: UIGraphicsRendererFormat) {
        self.cgContext = cgContext
        baseFormat = format
    }

    /// The renderer's format (a copy; changing it changes nothing).
    public var format: UIGraphicsRendererFormat { baseFormat }

    /// Fills `rect` with the current fill colour (normal blending).
    public func fill(_ rect: CGRect) { fill(rect, blendMode: .normal) }

    /// Fills `rect` with the current fill colour in `blendMode`.
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        if let pattern = entry?.fillPattern {
            cgContext.clip(to: rect)
            pattern.paintPattern(in: cgContext)
        } else {
            cgContext.fill(rect)
        }
        cgContext.restoreGState()
    }

    /// Strokes `rect`'s outline with the current stroke colour and line width (normal blending).
    public func stroke(_ rect: CGRect) { stroke(rect, blendMode: .normal) }

    /// Strokes `rect`'s outline with the current stroke colour and line width in `blendMode`.
    public func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        if let pattern = entry?.strokePattern {
            cgContext.beginPath()
            cgContext.addRect(rect)
            cgContext.replacePathWithStrokedPath()
            cgContext.clip()
            pattern.paintPattern(in: cgContext)
        } else {
            cgContext.stroke(rect)
        }
        cgContext.restoreGState()
    }

    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }

    /// This context's entry on the calling thread's UIKit stack, if it is on top.
    private var entry: UIGraphicsStackEntry? {
        guard let top = UIGraphicsContextStack.current.top, top.context === cgContext else { return nil }
        return top
    }
}

/// The drawing environment of `UIGraphicsImageRenderer.image(actions:)` and its PNG / JPEG forms.
public class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    let imageFormat: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, imageFormat: UIGraphicsImageRendererFormat) {
        self.imageFormat = imageFormat
        super.init(cgContext: cgContext, format: imageFormat)
    }

    /// The renderer's image format (a copy; changing it changes nothing).
    public override var format: UIGraphicsImageRendererFormat { imageFormat }

    /// What has been drawn so far, as an image at the format's scale.
    public var currentImage: UIImage {
        guard let cgImage = cgContext.makeImage() else { return UIImage() }
        return UIImage(cgImage: cgImage, scale: imageFormat.scale, orientation: .up)
    }
}
