// PixelRect: an integer rectangle of whole pixels, the unit of clipping and regions.

/// A rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
///
/// ```swift
/// let tile = PixelRect(x: 64, y: 0, width: 64, height: 64)
/// tile.intersection(PixelRect(x: 0, y: 0, width: 100, height: 100))  // x 64, width 36
/// ```
/// Any `Int` values are accepted; maths on them saturates instead of overflowing, and a rectangle
/// with a zero or negative width or height is empty.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle from the origin to `width` × `height`.
    public init(width: Int, height: Int) {
        self.init(x: 0, y: 0, width: width, height: height)
    }

    public var minX: Int { x }
    public var minY: Int { y }
    /// One past the last column, saturating at `Int.max`.
    public var maxX: Int { x.saturatingAdd(max(width, 0)) }
    /// One past the last row, saturating at `Int.max`.
    public var maxY: Int { y.saturatingAdd(max(height, 0)) }

    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels in both rectangles; an empty rectangle (at `self`'s origin) when they do not meet.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let lowX = max(minX, other.minX), highX = min(maxX, other.maxX)
        let lowY = max(minY, other.minY), highY = min(maxY, other.maxY)
        guard lowX < highX, lowY < highY else { return PixelRect(x: x, y: y, width: 0, height: 0) }
        return PixelRect(x: lowX, y: lowY, width: highX - lowX, height: highY - lowY)
    }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= minX && px < maxX && py >= minY && py < maxY
    }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}

extension Int {
    /// `self + other`, pinned to `Int.min ... Int.max` instead of trapping.
    @inline(__always)
    package func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
