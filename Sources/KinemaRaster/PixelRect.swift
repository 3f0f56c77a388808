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
    /// The first column.
    public var x: Int
    /// The first row.
    public var y: Int
    /// The number of columns; zero or less means empty.
    public var width: Int
    /// The number of rows; zero or less means empty.
    public var height: Int

    /// The rectangle of `width` × `height` pixels whose top-left pixel is (`x`, `y`).
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

    /// The first column (`x`).
    public var minX: Int { x }
    /// The first row (`y`).
    public var minY: Int { y }
    /// One past the last column, saturating at `Int.max`.
    public var maxX: Int { x.saturatingAdd(max(width, 0)) }
    /// One past the last row, saturating at `Int.max`.
    public var maxY: Int { y.saturatingAdd(max(height, 0)) }

    /// Whether the rectangle holds no pixel (a width or height of zero or less).
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels in both rectangles; an empty rectangle (at `self`'s origin) when they do not meet.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let lowX = max(minX, other.minX), highX = min(maxX, other.maxX)
        let lowY = max(minY, other.minY), highY = min(maxY, other.maxY)
        guard lowX < highX, lowY < highY else { return PixelRect(x: x, y: y, width: 0, height: 0) }
        return PixelRect(x: lowX, y: lowY, width: highX - lowX, height: highY - lowY)
    }

    /// The smallest rectangle holding both; an empty one counts as nothing.
    package func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let lowX = min(minX, other.minX), lowY = min(minY, other.minY)
        return PixelRect(x: lowX, y: lowY, width: max(maxX, other.maxX) - lowX, height: max(maxY, other.maxY) - lowY)
    }

    /// Whether the pixel at column `x`, row `y` lies inside.
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
