// CGColor: a colour as components in a colour space, plus alpha.
//
// Audited against: CGColor docs — init(red:green:blue:alpha:) ("Generic RGB"),
// init(srgbRed:green:blue:alpha:), init(gray:alpha:), init?(colorSpace:components:) ("n+1 values …
// Values outside this range will be clamped"), components, alpha, numberOfComponents, colorSpace,
// copy(alpha:), the black / white / clear constants, equality (CFEqual: same space, same
// components). Status: complete for RGB and gray colours. Remaining: pattern colours, CMYK,
// conversion between spaces (`converted(to:intent:options:)`).

import KinemaSupport
import Foundation
import KinemaRaster

/// An immutable colour: components in a colour space, alpha last.
///
/// ```swift
/// let orange = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
/// orange.components        // [1.0, 0.5, 0.0, 1.0]
/// orange.copy(alpha: 0.5)  // same colour, half transparent
/// ```
/// Components are clamped to 0 ... 1 when the colour is made (as Apple documents for
/// `init(colorSpace:components:)`); a NaN component becomes 0 with a diagnostic. Kinema paints
/// every RGB colour as sRGB bytes (see CGColorSpace.swift), so `CGColor(red:...)`, which Apple
/// puts in Generic RGB, reports the sRGB space here.
public final class CGColor: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The colour components followed by alpha.
    public let components: [CGFloat]?
    /// The colour space the components are read in.
    public let colorSpace: CGColorSpace?
    let stored: [CGFloat]

    init(space: CGColorSpace, clamping values: [CGFloat], operation: String) {
        var nan = false
        stored = values.map { v in
            if v.isNaN { nan = true; return 0 }
            return min(max(v, 0), 1)
        }
        if nan { KinemaDiagnostics.emit("CGColor", "\(operation): a NaN component counts as 0") }
        components = stored
        colorSpace = space
    }

    /// A colour in the RGB space (Apple: Generic RGB; Kinema: sRGB).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .sRGBSpace, clamping: [red, green, blue, alpha], operation: "init(red:green:blue:alpha:)")
    }

    /// A colour in the sRGB space.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .sRGBSpace, clamping: [red, green, blue, alpha], operation: "init(srgbRed:green:blue:alpha:)")
    }

    /// A colour in the gray space (Apple: Generic Gray).
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: .genericGraySpace, clamping: [gray, alpha], operation: "init(gray:alpha:)")
    }

    /// A colour from `space.numberOfComponents + 1` values (alpha last) read from `components`.
    ///
    /// Nil (with a diagnostic) for a space with no components Kinema can paint (only RGB and
    /// gray are supported). As in C, `components` must hold that many values; a Swift array
    /// literal passed here must have them.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        guard space.model == .rgb || space.model == .monochrome else {
            KinemaDiagnostics.emit("CGColor", "init(colorSpace:components:): colour space model \(space.model) is not supported; returned nil")
            return nil
        }
        let count = space.numberOfComponents + 1
        let values = (0 ..< count).map { components[$0] }
        self.init(space: space, clamping: values, operation: "init(colorSpace:components:)")
    }

    /// The number of components including alpha (4 for RGB, 2 for gray).
    public var numberOfComponents: Int { stored.count }

    /// The alpha component.
    public var alpha: CGFloat { stored.last ?? 1 }

    /// The same colour with a different alpha (clamped to 0 ... 1).
    public func copy(alpha: CGFloat) -> CGColor? {
        var values = stored
        values[values.count - 1] = alpha
        return CGColor(space: colorSpace ?? .sRGBSpace, clamping: values, operation: "copy(alpha:)")
    }

    /// Opaque black, white, and transparent black (gray space, as Apple's constants).
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white (gray 1).
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Transparent black (gray 0, alpha 0).
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Same colour space and same components (CFEqual).
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.colorSpace == rhs.colorSpace && lhs.stored == rhs.stored
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace)
        hasher.combine(stored)
    }

    public var description: String {
        "CGColor(\(colorSpace?.description ?? "nil"), components: \(stored))"
    }

    /// The colour as the raster engine paints it: straight-alpha sRGB.
    package var paintColor: PaintColor {
        if stored.count == 2 {
            let g = Float(stored[0])
            return PaintColor(red: g, green: g, blue: g, alpha: Float(stored[1]))
        }
        guard stored.count >= 4 else { return .clear }
        return PaintColor(red: Float(stored[0]), green: Float(stored[1]), blue: Float(stored[2]), alpha: Float(stored[3]))
    }
}
