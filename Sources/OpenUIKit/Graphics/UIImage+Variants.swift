// UIImage+Variants: resizable, rendering-mode and tinted copies of an image.
//
// Audited against: resizableImage(withCapInsets:) ("tiles" the interior: the default resizing
// mode is .tile), resizableImage(withCapInsets:resizingMode:), capInsets, resizingMode,
// withRenderingMode(_:), withTintColor(_:) and withTintColor(_:renderingMode:) ("a new version of
// the image with the specified tint color"; the result draws in the tint colour wherever the image
// has coverage, and uses .alwaysOriginal unless told otherwise). Status: complete. Tinting is
// baked into the pixels (source-in: tint × the image's alpha), so the tinted image draws tinted
// everywhere, not only in views.

import Foundation
import KinemaRaster
import KinemaSupport
import OpenCoreGraphics

extension UIImage {
    /// A copy that draws resizably: `capInsets` (points) stay fixed and the interior tiles.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// A copy that draws resizably: `capInsets` (points; negative or non-finite count as 0, with a
    /// diagnostic) stay fixed and the interior tiles or stretches.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        let values = [capInsets.top, capInsets.left, capInsets.bottom, capInsets.right]
        var insets = capInsets
        if !values.allSatisfy({ $0.isFinite && $0 >= 0 }) {
            KinemaDiagnostics.emit("UIImage", "resizableImage(withCapInsets:resizingMode:): insets \(capInsets) must be finite and ≥ 0; such values count as 0")
            func clean(_ v: CGFloat) -> CGFloat { v.isFinite ? max(v, 0) : 0 }
            insets = UIEdgeInsets(top: clean(capInsets.top), left: clean(capInsets.left),
                                  bottom: clean(capInsets.bottom), right: clean(capInsets.right))
        }
        return with(images: .some(images?.map { $0.resizableImage(withCapInsets: insets, resizingMode: resizingMode) }),
                    capInsets: insets, resizingMode: resizingMode)
    }

    /// A copy with `renderingMode`.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        with(images: .some(images?.map { $0.withRenderingMode(renderingMode) }), renderingMode: renderingMode)
    }

    /// A copy whose pixels are `color` wherever this image has coverage (rendering mode
    /// `.alwaysOriginal`).
    public func withTintColor(_ color: UIColor) -> UIImage {
        withTintColor(color, renderingMode: .alwaysOriginal)
    }

    /// A copy whose pixels are `color` wherever this image has coverage, with `renderingMode`.
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        let tintedFrames = images?.map { $0.withTintColor(color, renderingMode: renderingMode) }
        guard let source = cgImage?.pixmap else { return with(renderingMode: renderingMode) }
        let paint = color.cgColor.components ?? [0, 0, 0, 1]
        let rgb: [Double] = paint.count == 2 ? [paint[0], paint[0], paint[0]].map(Double.init)
            : paint.prefix(3).map(Double.init)
        let tintAlpha = Double(paint.last ?? 1)
        var bytes = source.premultipliedBytes
        var i = 0
        while i + 3 < bytes.count {
            let a = Double(bytes[i + 3]) / 255 * tintAlpha
            for c in 0..<3 { bytes[i + c] = UInt8((rgb[c] * a * 255).rounded()) }
            bytes[i + 3] = UInt8((a * 255).rounded())
            i += 4
        }
        guard let tinted = try? Pixmap(width: source.width, height: source.height, premultipliedBytes: bytes) else {
            return with(renderingMode: renderingMode)
        }
        return UIImage(cgImage: CGImage(pixmap: tinted), scale: scale, orientation: imageOrientation, images: tintedFrames,
                       duration: duration, frameDurations: frameDurations, capInsets: capInsets,
                       resizingMode: resizingMode, renderingMode: renderingMode)
    }
}
