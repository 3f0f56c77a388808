// CGGradient: colours at locations, drawn by CGContext's gradient methods.
//
// Audited against: CGGradient docs — init?(colorsSpace:colors:locations:) (locations NULL: "the
// first color is assigned to location 0, the last color to location 1, and intervening colors
// are assigned locations that are at equal intervals"), init?(colorSpace:colorComponents:
// locations:count:), CGGradientDrawingOptions (drawsBeforeStartLocation = 1,
// drawsAfterEndLocation = 2). Status: complete for RGB and gray colours. Apple takes `colors` as
// a CFArray; Kinema takes `[CGColor]` (Core Foundation's CFArray is not available on Linux), so
// `[c1, c2] as CFArray` at a call site becomes `[c1, c2]`.
// Colours are interpolated component-wise with straight alpha in sRGB, then premultiplied (the
// engine's `Gradient`); locations outside 0 ... 1 are clamped.

import KinemaSupport
import Foundation
import KinemaRaster

/// Options for extending a gradient beyond its start and end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Paint the start colour before the start location.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Paint the end colour after the end location.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// A colour ramp: colours at locations from 0 (start) to 1 (end).
///
/// ```swift
/// let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
///                           colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(gray: 1, alpha: 1)],
///                           locations: [0, 1])
/// ```
/// Immutable and `Sendable`.
public final class CGGradient: Sendable {
    /// The colour stops, sorted by location.
    package let gradient: Gradient

    init(stops: [GradientStop]) {
        gradient = Gradient(stops: stops)
    }

    /// A gradient of `colors` at `locations` (nil: evenly spaced from 0 to 1). Nil (with a
    /// diagnostic) for no colours.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else {
            KinemaDiagnostics.emit("CGGradient", "init(colorsSpace:colors:locations:) with no colours; returned nil")
            return nil
        }
        let places = Self.locations(locations, count: colors.count)
        self.init(stops: zip(places, colors).map { GradientStop(location: $0, color: $1.paintColor) })
    }

    /// A gradient of `count` colours whose components (`space.numberOfComponents + 1` each, alpha
    /// last) follow one another in `colorComponents`. Nil (with a diagnostic) for a count below 1 or
    /// a colour space other than RGB or gray.
    public convenience init?(colorSpace space: CGColorSpace, colorComponents: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count >= 1 else {
            KinemaDiagnostics.emit("CGGradient", "init(colorSpace:colorComponents:locations:count:) with count \(count); returned nil")
            return nil
        }
        guard space.model == .rgb || space.model == .monochrome else {
            KinemaDiagnostics.emit("CGGradient", "colour space model \(space.model) is not supported; returned nil")
            return nil
        }
        let n = space.numberOfComponents + 1
        let places = Self.locations(locations, count: count)
        var stops: [GradientStop] = []
        for i in 0 ..< count {
            let values = (0 ..< n).map { colorComponents[i * n + $0] }
            let color = CGColor(space: space, clamping: values, operation: "CGGradient(colorSpace:colorComponents:locations:count:)")
            stops.append(GradientStop(location: places[i], color: color.paintColor))
        }
        self.init(stops: stops)
    }

    static func locations(_ pointer: UnsafePointer<CGFloat>?, count: Int) -> [Float] {
        if let pointer { return (0 ..< count).map { Float(pointer[$0]) } }
        if count == 1 { return [0] }
        return (0 ..< count).map { Float($0) / Float(count - 1) }
    }
}

extension CGGradientDrawingOptions {
    var engine: GradientExtension {
        var result: GradientExtension = []
        if contains(.drawsBeforeStartLocation) { result.insert(.beforeStart) }
        if contains(.drawsAfterEndLocation) { result.insert(.afterEnd) }
        return result
    }
}
