// UIGraphicsRenderer and UIGraphicsImageRenderer: drawing closures that produce images.
//
// Audited against: UIGraphicsImageRenderer docs — init(size:), init(size:format:), init(bounds:),
// init(bounds:format:), image(actions:), pngData(actions:), jpegData(withCompressionQuality:actions:);
// "the renderer's context … is the current context while the closure runs" (it is pushed on
// UIKit's stack), its coordinates are UIKit's (origin top-left of `bounds`, y down, points), and
// it is scaled by the format's scale. Status: complete. iOS makes no image for an empty or
// non-finite size (recent versions trap); Kinema reports a diagnostic, runs the closure on a
// scratch 1 × 1 context (so its side effects still happen) and returns an empty `UIImage()`
// (`pngData` / `jpegData`: empty `Data`).

import Foundation
import KinemaImageIO
import KinemaSupport
import OpenCoreGraphics

/// The closure an image renderer runs to draw.
public typealias UIGraphicsImageDrawingActions = (UIGraphicsImageRendererContext) -> Void

/// A renderer: a reusable description of a drawing area (bounds and format).
public class UIGraphicsRenderer {
    let baseFormat: UIGraphicsRendererFormat

    /// A renderer of `bounds` with `format` (copied).
    public init(bounds: CGRect, format: UIGraphicsRendererFormat) {
        let copy = format.copyFormat()
        copy.bounds = bounds
        baseFormat = copy
    }

    /// A renderer of `bounds` with the default format.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: .default())
    }

    /// The renderer's format.
    public var format: UIGraphicsRendererFormat { baseFormat }

    /// Whether the renderer makes images (true for image renderers).
    public var allowsImageOutput: Bool { false }
}

/// Draws closures into bitmap images, in UIKit's y-down space.
///
/// ```swift
/// let renderer = UIGraphicsImageRenderer(size: CGSize(width: 64, height: 64))
/// let dot = renderer.image { context in
///     UIColor.systemRed.setFill()
///     UIBezierPath(ovalIn: context.format.bounds.insetBy(dx: 4, dy: 4)).fill()
/// }
/// ```
/// Each call makes a new context of ceil(width × scale) × ceil(height × scale) pixels, clear (or
/// black for an opaque format), pushes it as the current UIKit context, runs the closure, pops it.
public class UIGraphicsImageRenderer: UIGraphicsRenderer {
    let imageFormat: UIGraphicsImageRendererFormat

    /// A renderer of `bounds` with `format` (copied).
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        let copy = format.copyFormat()
        copy.bounds = bounds
        imageFormat = copy
        super.init(bounds: bounds, format: copy)
    }

    /// A renderer of `bounds` with the default format (main screen scale, not opaque).
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: UIGraphicsImageRendererFormat.default())
    }

    /// A renderer of `size` (origin zero) with the default format.
    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: UIGraphicsImageRendererFormat.default())
    }

    /// A renderer of `size` (origin zero) with `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// The renderer's format.
    public override var format: UIGraphicsImageRendererFormat { imageFormat }

    /// True: image renderers make images.
    public override var allowsImageOutput: Bool { true }

    /// Runs `actions` in a fresh context and returns what it drew, at the format's scale.
    public func image(actions: UIGraphicsImageDrawingActions) -> UIImage {
        render("image(actions:)", actions) ?? UIImage()
    }

    /// Runs `actions` and returns the image as PNG data.
    public func pngData(actions: UIGraphicsImageDrawingActions) -> Data {
        render("pngData(actions:)", actions)?.pngData() ?? Data()
    }

    /// Runs `actions` and returns the image as JPEG data at `compressionQuality` (0 smallest … 1 best).
    public func jpegData(withCompressionQuality compressionQuality: CGFloat, actions: UIGraphicsImageDrawingActions) -> Data {
        render("jpegData(withCompressionQuality:actions:)", actions)?.jpegData(compressionQuality: compressionQuality) ?? Data()
    }

    /// Makes the context, runs `actions` with it current, and makes the image; nil (after running
    /// `actions` on a scratch context) when the bounds or scale cannot make a bitmap.
    private func render(_ operation: String, _ actions: UIGraphicsImageDrawingActions) -> UIImage? {
        let bounds = imageFormat.bounds
        var scale = imageFormat.scale
        if !(scale.isFinite && scale > 0) {
            KinemaDiagnostics.emit("UIGraphicsImageRenderer", "\(operation): format scale \(scale) is not positive and finite; 1 used")
            scale = 1
        }
        let valid = [bounds.minX, bounds.minY, bounds.width, bounds.height].allSatisfy(\.isFinite)
            && !bounds.isNull && bounds.size.width > 0 && bounds.size.height > 0   // a negative size is bad input, not standardized
        let made = valid ? CGContext.makeFlipped(width: bounds.width, height: bounds.height, scale: scale) : nil
        guard let context = made else {
            KinemaDiagnostics.emit("UIGraphicsImageRenderer", "\(operation): bounds \(bounds) at scale \(scale) make no bitmap; returned an empty image")
            if let scratch = CGContext.makeFlipped(width: 1, height: 1, scale: 1) {
                run(actions, in: scratch, scale: 1)
            }
            return nil
        }
        if imageFormat.opaque {
            context.setFillColor(CGColor.black)
            context.fill(CGRect(origin: .zero, size: bounds.size))
        }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        run(actions, in: context, scale: scale)
        guard let cgImage = context.makeImage() else { return nil }
        return UIImage(cgImage: cgImage, scale: scale, orientation: .up)
    }

    private func run(_ actions: UIGraphicsImageDrawingActions, in context: CGContext, scale: CGFloat) {
        let format = imageFormat.copyFormat()
        format.scale = scale
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, imageFormat: format)
        let stack = UIGraphicsContextStack.current
        let depth = stack.entries.count
        stack.push(context)
        context.saveGState()
        actions(rendererContext)
        context.restoreGState()
        // Pop this context and anything the closure pushed and left behind.
        while stack.entries.count > depth {
            if stack.entries.count > depth + 1 {
                KinemaDiagnostics.emit("UIGraphicsImageRenderer", "a context pushed inside the drawing closure was not popped; popped it")
            }
            stack.pop()
        }
    }
}
