// CGContext+Flipped: the context UIKit hands to draw(_:), layer drawing and image renderers.
//
// Audited against: the Quartz 2D Programming Guide's "iOS … UIKit … flipped" coordinates (the
// context UIKit provides has its origin at the top-left, y down, in points, scaled to the
// screen), APPLE_SEMANTICS.md's Core Graphics orientation notes. Status: Kinema API (`package`)
// for OpenQuartzCore / OpenUIKit; not Apple API.
//
// The CTM starts as [scale, 0, 0, −scale, 0, height in pixels]: user space is points, y down.
// `ctm` reports it as Apple does for UIKit contexts. Shadows take their offsets in this base
// space, so a positive height moves a shadow down, as on iOS.

import KinemaSupport
import Foundation

extension CGContext {
    /// A premultiplied-RGBA context of `width` × `height` points at `scale` pixels a point
    /// (ceil(width × scale) × ceil(height × scale) pixels), origin at the top-left, y down.
    /// Nil, with a diagnostic, for a non-positive or non-finite size or scale.
    package static func makeFlipped(width: CGFloat, height: CGFloat, scale: CGFloat) -> CGContext? {
        guard width.isFinite, height.isFinite, scale.isFinite, width > 0, height > 0, scale > 0 else {
            KinemaDiagnostics.emit("CGContext", "makeFlipped(width: \(width), height: \(height), scale: \(scale)): sizes and scale must be positive and finite; returned nil")
            return nil
        }
        let limit = Double(1 << 20)
        let w = Double(width * scale).rounded(.up), h = Double(height * scale).rounded(.up)
        guard w <= limit, h <= limit else {
            KinemaDiagnostics.emit("CGContext", "makeFlipped: \(w) × \(h) pixels is too large; returned nil")
            return nil
        }
        let pixelWidth = Int(w), pixelHeight = Int(h)
        guard let layout = BitmapLayout.make(width: pixelWidth, height: pixelHeight, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: .deviceRGB,
                                             bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)),
              let storage = BitmapStorage(layout: layout, data: nil) else { return nil }
        return CGContext(storage: storage, baseCTM: CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: 0, ty: CGFloat(pixelHeight)))
    }
}
