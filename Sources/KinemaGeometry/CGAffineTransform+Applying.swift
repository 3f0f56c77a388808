// Applying a CGAffineTransform to points, sizes and rectangles.
//
// Audited against: Apple's CGPoint.applying(_:), CGSize.applying(_:), CGRect.applying(_:) and
// CGRectApplyAffineTransform ("returns the smallest rectangle that contains the transformed
// corner points of the rect parameter").
// Status: complete. Kinema choices where Apple is silent: a null rectangle stays null and an
// infinite rectangle stays infinite (transforming their sentinel corners would give NaN).

import Foundation

extension CGPoint {
    /// Returns the point transformed by `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// Returns the size transformed by `t` as a vector, without translation:
    /// `(a·w + c·h, b·w + d·h)`.
    ///
    /// Like Apple's `CGSizeApplyAffineTransform`, the result may have negative components (a
    /// rotation by π negates both); nothing is standardized.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// Returns the smallest rectangle that contains the four transformed corners of this
    /// rectangle, standardized first.
    ///
    /// Apple documents this for `CGRectApplyAffineTransform`: affine transforms do not preserve
    /// rectangles in general, so the result is the bounding box of the transformed corners; for a
    /// transform of scales and translations only, it is exactly the transformed rectangle. A null
    /// rectangle returns `.null` and an infinite one `.infinite` (Kinema's choice; Apple does not
    /// say). Cost: four point transforms and a min/max.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return .null }
        if isInfinite { return .infinite }
        let r = standardized
        let corners = (
            CGPoint(x: r.minX, y: r.minY).applying(t),
            CGPoint(x: r.maxX, y: r.minY).applying(t),
            CGPoint(x: r.minX, y: r.maxY).applying(t),
            CGPoint(x: r.maxX, y: r.maxY).applying(t)
        )
        let minX = Swift.min(Swift.min(corners.0.x, corners.1.x), Swift.min(corners.2.x, corners.3.x))
        let maxX = Swift.max(Swift.max(corners.0.x, corners.1.x), Swift.max(corners.2.x, corners.3.x))
        let minY = Swift.min(Swift.min(corners.0.y, corners.1.y), Swift.min(corners.2.y, corners.3.y))
        let maxY = Swift.max(Swift.max(corners.0.y, corners.1.y), Swift.max(corners.2.y, corners.3.y))
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
