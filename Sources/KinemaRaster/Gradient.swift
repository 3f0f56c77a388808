// Gradient: colour stops and the linear and two-circle radial gradients that use them.

/// One colour of a gradient at a location along it (0 is the start, 1 the end).
public struct GradientStop: Hashable, Sendable {
    public var location: Float
    public var color: PaintColor

    public init(location: Float, color: PaintColor) {
        self.location = location
        self.color = color
    }
}

/// Whether a gradient paints beyond its ends, as Core Graphics' gradient drawing options do:
/// without `.beforeStart` nothing is painted where t < 0, without `.afterEnd` nothing where t > 1;
/// with them, the end colours continue.
public struct GradientExtension: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let beforeStart = GradientExtension(rawValue: 1)
    public static let afterEnd = GradientExtension(rawValue: 2)
    public static let both: GradientExtension = [.beforeStart, .afterEnd]
}

/// A sequence of colour stops mapping t in `0 ... 1` to a colour.
///
/// ```swift
/// let sunset = Gradient(stops: [GradientStop(location: 0, color: .black),
///                               GradientStop(location: 1, color: PaintColor(red: 1, green: 0.5, blue: 0))])
/// ```
/// Semantics: stops are sorted by location (stable, so equal locations make a hard step);
/// locations are clamped to `0 ... 1` and NaN ones dropped; before the first stop the first colour
/// holds, after the last the last. Colours are interpolated with straight alpha, component by
/// component in sRGB, then premultiplied (as `CGGradient` and Skia's default do). No stops means
/// transparent. Cost: a lookup table of `tableSize` premultiplied colours made once per fill.
public struct Gradient: Hashable, Sendable {
    public private(set) var stops: [GradientStop]

    /// Entries in the table each fill samples (nearest entry): 1024 keeps the step between
    /// neighbouring entries under a quarter level of 255 for any pair of stops.
    static let tableSize = 1024

    public init(stops: [GradientStop]) {
        self.stops = stops.filter { !$0.location.isNaN }
            .map { GradientStop(location: min(max($0.location, 0), 1), color: $0.color.clamped) }
            .enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// The straight-alpha colour at `t` (clamped to the first and last stops).
    public func color(at t: Float) -> PaintColor {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        var i = 1
        while i < stops.count - 1, stops[i].location < t { i += 1 }
        let a = stops[i - 1], b = stops[i]
        let span = b.location - a.location
        let f = span > 0 ? (t - a.location) / span : 1
        return PaintColor(red: a.color.red + (b.color.red - a.color.red) * f,
                          green: a.color.green + (b.color.green - a.color.green) * f,
                          blue: a.color.blue + (b.color.blue - a.color.blue) * f,
                          alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * f)
    }

    /// Premultiplied colours (0 ... 1) at t = i / (tableSize − 1).
    func premultipliedTable() -> [SIMD4<Float>] {
        (0 ..< Self.tableSize).map { i in
            let c = color(at: Float(i) / Float(Self.tableSize - 1))
            return SIMD4(c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha)
        }
    }
}

/// A gradient along the line from `start` to `end` (device pixels): t is the projection of a
/// pixel's centre onto that line, 0 at `start`, 1 at `end`, constant across it.
public struct LinearGradient: Hashable, Sendable {
    public var gradient: Gradient
    public var start: DevicePoint
    public var end: DevicePoint
    public var extends: GradientExtension

    public init(_ gradient: Gradient, start: DevicePoint, end: DevicePoint, extends: GradientExtension = []) {
        self.gradient = gradient
        self.start = start
        self.end = end
        self.extends = extends
    }
}

/// A gradient between two circles, as Core Graphics' `drawRadialGradient` paints it: the circle
/// of centre `c(t) = c₀ + t(c₁ − c₀)` and radius `r(t) = r₀ + t(r₁ − r₀)` is drawn for every t
/// (t in `0 ... 1`, or beyond where the extension allows, never where `r(t) < 0`), each on top of
/// the ones before, so a pixel takes the colour of the largest such t whose circle passes through
/// its centre; pixels no circle reaches are left alone.
public struct RadialGradient: Hashable, Sendable {
    public var gradient: Gradient
    public var startCenter: DevicePoint
    public var startRadius: Double
    public var endCenter: DevicePoint
    public var endRadius: Double
    public var extends: GradientExtension

    public init(_ gradient: Gradient, startCenter: DevicePoint, startRadius: Double, endCenter: DevicePoint,
                endRadius: Double, extends: GradientExtension = []) {
        self.gradient = gradient
        self.startCenter = startCenter
        self.startRadius = startRadius
        self.endCenter = endCenter
        self.endRadius = endRadius
        self.extends = extends
    }
}
