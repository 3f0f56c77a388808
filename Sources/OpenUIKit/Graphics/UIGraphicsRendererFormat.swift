// UIGraphicsRendererFormat and UIGraphicsImageRendererFormat: how a renderer makes its context.
//
// Audited against: UIGraphicsRendererFormat (`default()`, `bounds`), UIGraphicsImageRendererFormat
// (`scale` — "the default value is equal to the scale of the main screen", `opaque` — default
// false, `preferredRange` — default `.automatic`, `prefersExtendedRange`, `preferred()` — "the
// most capable format of the device's screens"), UIGraphicsImageRendererFormat.Range raw values
// (unspecified −1, automatic 0, extended 1, standard 2). Status: complete. Kinema draws 8-bit
// sRGB only: every range draws the standard range (`preferredRange` is kept, not used).

import Foundation

/// The settings a graphics renderer makes its contexts with.
public class UIGraphicsRendererFormat {
    /// The area the renderer draws, in points (set by the renderer that owns the format).
    public internal(set) var bounds: CGRect = .zero

    /// A format with the default settings.
    public init() {}

    /// A new format with the default settings for the device.
    public class func `default`() -> UIGraphicsRendererFormat { UIGraphicsRendererFormat() }

    func copyFormat() -> UIGraphicsRendererFormat {
        let copy = UIGraphicsRendererFormat()
        copy.bounds = bounds
        return copy
    }
}

/// The settings of a `UIGraphicsImageRenderer`: pixels per point, opacity, colour range.
///
/// ```swift
/// let format = UIGraphicsImageRendererFormat()
/// format.scale = 2
/// format.opaque = true
/// let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format)
/// ```
public class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
    /// The colour range an image renderer is asked to draw in.
    public enum Range: Int, Sendable {
        /// No preference recorded.
        case unspecified = -1
        /// The system chooses (the default).
        case automatic = 0
        /// Extended range (wide colour). Kinema draws the standard range.
        case extended = 1
        /// Standard sRGB range.
        case standard = 2
    }

    /// Pixels per point; the default is the main screen's scale (1 in Kinema unless a screen says
    /// otherwise). Values that are not positive and finite count as 1 when drawing, with a diagnostic.
    public var scale: CGFloat
    /// Whether the image is opaque: unpainted pixels are black and alpha is ignored. Default false.
    public var opaque: Bool = false
    /// The preferred colour range; default `.automatic`. Recorded only: Kinema draws sRGB.
    public var preferredRange: Range = .automatic
    /// Whether the extended range is preferred (older form of `preferredRange`).
    public var prefersExtendedRange: Bool {
        get { preferredRange == .extended }
        set { preferredRange = newValue ? .extended : .standard }
    }

    /// A format with the main screen's scale, not opaque, automatic range.
    public override init() {
        scale = UIGraphicsScreenScale.current
        super.init()
    }

    /// A new format with the default settings for the main screen.
    public override class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// The most capable format of the device's screens (in Kinema, the same as `default()`).
    public class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    override func copyFormat() -> UIGraphicsImageRendererFormat {
        let copy = UIGraphicsImageRendererFormat()
        copy.bounds = bounds
        copy.scale = scale
        copy.opaque = opaque
        copy.preferredRange = preferredRange
        return copy
    }
}
