// CGGeometry+EqualTo: the `equalTo(_:)` comparisons Core Graphics gives CGPoint, CGSize and
// CGRect on Apple's platforms (CGPointEqualToPoint, CGSizeEqualToSize, CGRectEqualToRect), which
// Linux's Foundation lacks.
//
// Audited against: CGRectEqualToRect ("Returns whether two rectangles are equal in size and
// position"; rectangles are standardized first, so a negative-width rectangle equals its
// standardized form), CGPointEqualToPoint, CGSizeEqualToSize. Status: complete.

import Foundation

extension CGPoint {
    /// Whether the two points have the same coordinates (CGPointEqualToPoint).
    public func equalTo(_ point2: CGPoint) -> Bool { x == point2.x && y == point2.y }
}

extension CGSize {
    /// Whether the two sizes have the same width and height (CGSizeEqualToSize).
    public func equalTo(_ size2: CGSize) -> Bool { width == size2.width && height == size2.height }
}

extension CGRect {
    /// Whether the two rectangles cover the same area: equal after standardizing, so
    /// `(0, 0, -10, 10)` equals `(-10, 0, 10, 10)` (CGRectEqualToRect). Two null rectangles are equal.
    public func equalTo(_ rect2: CGRect) -> Bool {
        if isNull || rect2.isNull { return isNull && rect2.isNull }
        return standardized == rect2.standardized
    }
}
