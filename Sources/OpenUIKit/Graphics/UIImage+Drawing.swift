// UIImage+Drawing: drawing an image into the current UIKit context.
//
// Audited against: draw(at:) / draw(in:) ("draws the entire image … respecting the image's
// orientation setting. In the default coordinate system, images are situated down and to the
// right of the specified point"; "this method uses the kCGBlendModeNormal blend mode and an alpha
// of 1.0"), draw(at:blendMode:alpha:), draw(in:blendMode:alpha:), draw(asPatternIn:) ("draws a
// tiled Quartz pattern using the receiver's contents as the tile pattern"); resizable images
// drawn in nine parts; APPLE_SEMANTICS "Core Graphics orientation" (CGContext.draw(_:in:) is
// upside down in a flipped context; UIImage.draw compensates). Status: complete. Every
// orientation draws; a resizable image draws its stored pixels in nine parts and ignores its
// orientation; draw(asPatternIn:) tiles from the user-space origin (Core Graphics anchors patterns
// in base space, so they differ when the CTM has been moved). No context: nothing, with a
// diagnostic.

import Foundation
import KinemaSupport
import OpenCoreGraphics

extension UIImage {
    /// Draws the image at its size with its top-left corner at `point`.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size), blendMode: .normal, alpha: 1)
    }

    /// Draws the image at its size at `point` in `blendMode` and `alpha`.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws the image scaled to fill `rect` (a resizable image: in nine parts).
    public func draw(in rect: CGRect) {
        draw(in: rect, blendMode: .normal, alpha: 1)
    }

    /// Draws the image scaled to fill `rect` in `blendMode` and `alpha`.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = drawingContext("draw(in:blendMode:alpha:)"), let cgImage else { return }
        let r = rect.standardized
        guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite), r.width > 0, r.height > 0 else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        if capInsets != .zero {
            drawNineParts(cgImage, in: r, context: context)
        } else {
            context.concatenate(orientationTransform(into: r))
            let raw = CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
            UIImage.drawUpright(cgImage, in: CGRect(origin: .zero, size: raw), context: context)
        }
        context.restoreGState()
    }

    /// Fills `rect` with copies of the image at its size, tiled from the user-space origin.
    public func draw(asPatternIn rect: CGRect) {
        guard let context = drawingContext("draw(asPatternIn:)"), let cgImage else { return }
        let tile = size
        guard tile.width > 0, tile.height > 0 else { return }
        context.saveGState()
        context.clip(to: rect)
        UIImage.drawTiled(cgImage, tileSize: tile, origin: .zero, context: context)
        context.restoreGState()
    }

    // MARK: Helpers

    private func drawingContext(_ operation: String) -> CGContext? {
        guard let context = UIGraphicsGetCurrentContext() else {
            KinemaDiagnostics.emit("UIImage", "\(operation): no current context; nothing drawn")
            return nil
        }
        return context
    }

    /// Draws `image` upright in y-down user space filling `rect`: CGContext.draw(_:in:) draws
    /// upright in y-up space, so the space is flipped about the rectangle's middle first.
    package static func drawUpright(_ image: CGImage, in rect: CGRect, context: CGContext) {
        context.saveGState()
        context.translateBy(x: 0, y: rect.minY + rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(image, in: rect)
        context.restoreGState()
    }

    /// Repeats `image` at `tileSize` across the clip region, upright in y-down space, with a
    /// tile's top-left corner at `origin`.
    package static func drawTiled(_ image: CGImage, tileSize: CGSize, origin: CGPoint, context: CGContext) {
        context.saveGState()
        context.translateBy(x: origin.x, y: origin.y)
        context.scaleBy(x: 1, y: -1)
        context.draw(image, in: CGRect(x: 0, y: -tileSize.height, width: tileSize.width, height: tileSize.height), byTiling: true)
        context.restoreGState()
    }

    /// Maps the stored image, drawn upright at (0, 0, pixels / scale), onto `rect` turned by the
    /// orientation (all in y-down space).
    func orientationTransform(into rect: CGRect) -> CGAffineTransform {
        guard let cgImage else { return .identity }
        let w = CGFloat(cgImage.width) / scale, h = CGFloat(cgImage.height) / scale
        // Stored point (x, y) → displayed point, in a displayed box of `shown` size.
        let turn: CGAffineTransform
        let shown: CGSize
        switch imageOrientation {
        case .up: turn = .identity; shown = CGSize(width: w, height: h)
        case .down: turn = CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h); shown = CGSize(width: w, height: h)
        case .upMirrored: turn = CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0); shown = CGSize(width: w, height: h)
        case .downMirrored: turn = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h); shown = CGSize(width: w, height: h)
        // 90° counterclockwise: (x, y) → (y, w − x).
        case .left: turn = CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w); shown = CGSize(width: h, height: w)
        // 90° clockwise: (x, y) → (h − y, x).
        case .right: turn = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0); shown = CGSize(width: h, height: w)
        // Mirrored, then 90° counterclockwise — the transpose (EXIF 5): (x, y) → (y, x).
        case .leftMirrored: turn = CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0); shown = CGSize(width: h, height: w)
        // Mirrored, then 90° clockwise — the transverse (EXIF 7): (x, y) → (h − y, w − x).
        case .rightMirrored: turn = CGAffineTransform(a: 0, b: -1, c: -1, d: 0, tx: h, ty: w); shown = CGSize(width: h, height: w)
        }
        let fit = CGAffineTransform(a: rect.width / shown.width, b: 0, c: 0, d: rect.height / shown.height,
                                    tx: rect.minX, ty: rect.minY)
        return turn.concatenating(fit)
    }

    /// Draws a resizable image in nine parts: corners at their size (scaled down together when
    /// the caps do not fit), edges and middle tiled or stretched.
    private func drawNineParts(_ image: CGImage, in rect: CGRect, context: CGContext) {
        let pw = CGFloat(image.width), ph = CGFloat(image.height)
        // Caps in pixels, cut to the image.
        var l = min(capInsets.left * scale, pw), r = min(capInsets.right * scale, pw - l)
        var t = min(capInsets.top * scale, ph), b = min(capInsets.bottom * scale, ph - t)
        l = l.rounded(); r = r.rounded(); t = t.rounded(); b = b.rounded()
        // Destination caps in points, shrunk together when they do not fit.
        let capW = (l + r) / scale, capH = (t + b) / scale
        let fx = capW > rect.width ? rect.width / capW : 1, fy = capH > rect.height ? rect.height / capH : 1
        let dl = l / scale * fx, dr = r / scale * fx, dt = t / scale * fy, db = b / scale * fy
        let sx = [0, l, pw - r, pw], sy = [0, t, ph - b, ph]
        let dx = [rect.minX, rect.minX + dl, rect.maxX - dr, rect.maxX]
        let dy = [rect.minY, rect.minY + dt, rect.maxY - db, rect.maxY]
        for row in 0..<3 {
            for column in 0..<3 {
                let source = CGRect(x: sx[column], y: sy[row], width: sx[column + 1] - sx[column], height: sy[row + 1] - sy[row])
                let dest = CGRect(x: dx[column], y: dy[row], width: dx[column + 1] - dx[column], height: dy[row + 1] - dy[row])
                guard source.width > 0, source.height > 0, dest.width > 0, dest.height > 0,
                      let piece = image.cropping(to: source) else { continue }
                let isCorner = row != 1 && column != 1
                if resizingMode == .tile && !isCorner {
                    // Tiles keep their size along the directions the part grows in.
                    let tile = CGSize(width: column == 1 ? source.width / scale : dest.width,
                                      height: row == 1 ? source.height / scale : dest.height)
                    context.saveGState()
                    context.clip(to: dest)
                    UIImage.drawTiled(piece, tileSize: tile, origin: dest.origin, context: context)
                    context.restoreGState()
                } else {
                    UIImage.drawUpright(piece, in: dest, context: context)
                }
            }
        }
    }
}
