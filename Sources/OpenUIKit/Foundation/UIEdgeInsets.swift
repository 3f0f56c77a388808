// UIEdgeInsets, NSDirectionalEdgeInsets, UIOffset and CGRect.inset(by:).
//
// Audited against: UIGeometry.h (UIEdgeInsets "positive values cause the frame to be inset
// (shrink) by the specified amount"; UIEdgeInsetsInsetRect; UIOffset; NSDirectionalEdgeInsets with
// leading / trailing). Status: complete for the values; the string conversions
// (NSStringFromUIEdgeInsets …) are not implemented.

import Foundation

/// The inset distances for the four edges of a rectangle, in points; positive values shrink it.
///
/// ```swift
/// let content = bounds.inset(by: UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
/// ```
public struct UIEdgeInsets: Hashable, Sendable {
    /// The inset at the top (the minY edge in UIKit's y-down space).
    public var top: CGFloat
    /// The inset at the left.
    public var left: CGFloat
    /// The inset at the bottom.
    public var bottom: CGFloat
    /// The inset at the right.
    public var right: CGFloat

    /// Insets of 0 on every edge.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// Insets with the given distances.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Insets of 0 on every edge (UIEdgeInsetsZero).
    public static let zero = UIEdgeInsets()
}

/// Edge insets that name the horizontal edges by layout direction (leading / trailing). Kinema
/// lays out left-to-right only, so leading is left and trailing is right.
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    /// The inset at the top.
    public var top: CGFloat
    /// The inset at the leading edge.
    public var leading: CGFloat
    /// The inset at the bottom.
    public var bottom: CGFloat
    /// The inset at the trailing edge.
    public var trailing: CGFloat

    /// Insets of 0 on every edge.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    /// Insets with the given distances.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Insets of 0 on every edge (NSDirectionalEdgeInsetsZero).
    public static let zero = NSDirectionalEdgeInsets()
}

/// A horizontal and vertical offset, in points (for example a text's position adjustment).
public struct UIOffset: Hashable, Sendable {
    /// The horizontal offset.
    public var horizontal: CGFloat
    /// The vertical offset (positive is down in UIKit's space).
    public var vertical: CGFloat

    /// An offset of (0, 0).
    public init() { self.init(horizontal: 0, vertical: 0) }

    /// An offset with the given distances.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The offset (0, 0) (UIOffsetZero).
    public static let zero = UIOffset()
}

extension CGRect {
    /// The rectangle with `insets` taken off its edges (UIEdgeInsetsInsetRect): origin moved by
    /// (left, top), size reduced by (left + right, top + bottom). Like UIKit, the result is not
    /// standardized, so insets larger than the rectangle give a negative size.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - (insets.left + insets.right), height: size.height - (insets.top + insets.bottom))
    }
}
