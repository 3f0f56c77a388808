// UIRectCorner and UIRectEdge: option sets naming a rectangle's corners and edges.
//
// Audited against: UIGeometry.h / UIBezierPath.h raw values (UIRectCornerTopLeft 1 << 0,
// TopRight 1 << 1, BottomLeft 1 << 2, BottomRight 1 << 3, AllCorners ~0; UIRectEdgeTop 1 << 0,
// Left 1 << 1, Bottom 1 << 2, Right 1 << 3, All = the four). Status: complete.

/// The corners of a rectangle, in UIKit's y-down space (top = minY).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt
    /// A set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top-left corner (minX, minY).
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The top-right corner (maxX, minY).
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The bottom-left corner (minX, maxY).
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The bottom-right corner (maxX, maxY).
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// Every corner (all bits set, as UIKit's `UIRectCornerAllCorners = ~0UL`).
    public static let allCorners = UIRectCorner(rawValue: ~0)
}

/// The edges of a rectangle, in UIKit's y-down space (top = minY).
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt
    /// A set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top edge.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}
