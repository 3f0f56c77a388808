// CGContext+State: the graphics state's colours, line parameters, alpha, blend mode, shadow,
// sampling and anti-aliasing settings.
//
// Audited against: CGContext docs — setFillColor(_:), setFillColor(red:green:blue:alpha:),
// setFillColor(gray:alpha:), the setStrokeColor equivalents, setAlpha(_:), setLineWidth(_:),
// setLineCap(_:), setLineJoin(_:), setMiterLimit(_:), setLineDash(phase:lengths:),
// setFlatness(_:) ("The largest permissible distance, measured in device pixels"),
// setBlendMode(_:), setShadow(offset:blur:) ("a black color with 1/3 alpha … in the DeviceRGB
// color space"), setShadow(offset:blur:color:) ("offset: Specifies a translation in
// base-space"; "If NULL, then shadowing is disabled"), interpolationQuality,
// setShouldAntialias(_:), setAllowsAntialiasing(_:); defaults from the Quartz 2D Programming
// Guide's graphics-state table (black fill and stroke, alpha 1, line width 1, butt caps, miter
// joins, miter limit 10, no dash, normal blend mode, no shadow).
// Status: complete, with two documented departures: drawing is always anti-aliased (the engine
// has no aliased scan converter; setShouldAntialias(false) is recorded and reported once), and
// the flattening distance is min(flatness, 0.2) device pixels (see `flatteningTolerance`).

import KinemaSupport
import Foundation
import KinemaRaster

/// One graphics state: everything saveGState() saves.
struct GState {
    var ctm: CGAffineTransform
    var fillColor: CGColor = .black
    var strokeColor: CGColor = .black
    var alpha: CGFloat = 1
    var lineWidth: CGFloat = 1
    var lineCap: CGLineCap = .butt
    var lineJoin: CGLineJoin = .miter
    var miterLimit: CGFloat = 10
    var dashPhase: CGFloat = 0
    var dashLengths: [CGFloat] = []
    var flatness: CGFloat = 1
    var clip = ClipState()
    var blendMode: CGBlendMode = .normal
    var shadow: ShadowState?
    var interpolationQuality: CGInterpolationQuality = .default
    var shouldAntialias = true
    var allowsAntialiasing = true

    init(ctm: CGAffineTransform) {
        self.ctm = ctm
    }
}

/// A shadow as set, in base space.
struct ShadowState {
    var offset: CGSize
    var blur: CGFloat
    var color: CGColor
}

extension CGContext {
    /// Kinema never flattens curves coarser than this many device pixels: below what
    /// anti-aliasing shows. A smaller `setFlatness` value is honoured down to 0.01.
    public static let maximumFlatteningTolerance: CGFloat = 0.05

    /// The device-pixel distance curves are flattened to: min(flatness, 0.2), at least 0.01.
    var flatteningTolerance: Double {
        Double(min(max(state.flatness, 0.01), Self.maximumFlatteningTolerance))
    }

    // MARK: Colours and alpha

    /// Sets the fill colour.
    public func setFillColor(_ color: CGColor) { state.fillColor = color }

    /// Sets the fill colour to an RGB colour (components clamped to 0 ... 1).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets the fill colour to a gray.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(gray: gray, alpha: alpha)
    }

    /// Sets the stroke colour.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }

    /// Sets the stroke colour to an RGB colour (components clamped to 0 ... 1).
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets the stroke colour to a gray.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(gray: gray, alpha: alpha)
    }

    /// Sets the global alpha every drawing is multiplied by (clamped to 0 ... 1; NaN ignored).
    public func setAlpha(_ alpha: CGFloat) {
        guard !alpha.isNaN else { return reject("setAlpha(_:)", "NaN") }
        state.alpha = min(max(alpha, 0), 1)
    }

    // MARK: Line parameters

    /// Sets the line width in user space; 0 draws the thinnest visible line (one device pixel).
    /// A negative or non-finite width is ignored with a diagnostic.
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { return reject("setLineWidth(_:)", "\(width)") }
        state.lineWidth = width
    }

    /// Sets how the ends of open subpaths are drawn when stroked.
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// Sets how the corners of stroked paths are drawn.
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }

    /// Sets the miter limit (a negative or non-finite limit is ignored with a diagnostic).
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite, limit >= 0 else { return reject("setMiterLimit(_:)", "\(limit)") }
        state.miterLimit = limit
    }

    /// Sets the dash: `lengths` alternate painted and unpainted (user space), starting `phase`
    /// into the pattern; an empty array draws solid lines. Unusable patterns (negative lengths,
    /// all zero) draw solid lines, with a diagnostic when stroking.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.dashPhase = phase
        state.dashLengths = lengths
    }

    /// Sets the flatness: the largest distance, in device pixels, between a curve and the lines
    /// drawn for it. Kinema uses min(flatness, 0.2) (see `maximumFlatteningTolerance`).
    public func setFlatness(_ flatness: CGFloat) {
        guard flatness.isFinite, flatness > 0 else { return reject("setFlatness(_:)", "\(flatness)") }
        state.flatness = flatness
    }

    // MARK: Compositing

    /// Sets how drawing combines with the pixels under it. `.plusDarker` is drawn as `.multiply`
    /// (diagnostic; see CGBlendMode.swift).
    public func setBlendMode(_ mode: CGBlendMode) {
        if mode == .plusDarker {
            KinemaDiagnostics.emit("CGContext", "setBlendMode(.plusDarker): not in the engine's W3C modes; drawing with .multiply, the nearest mode that only darkens")
        }
        state.blendMode = mode
    }

    /// Turns on shadows in black at 1/3 alpha, as Apple documents. `offset` is in base space
    /// (the context's starting coordinates: y up in a bitmap context, y down in a UIKit-flipped
    /// one), unaffected by the CTM; `blur` ≥ 0, see ContextRenderer.swift for its mapping to a
    /// Gaussian (σ = blur / 2).
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: Self.defaultShadowColor)
    }

    /// Turns on shadows of `color` (nil turns them off). A negative or non-finite blur counts as 0,
    /// a non-finite offset turns the shadow off, each with a diagnostic.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color else {
            state.shadow = nil
            return
        }
        guard offset.width.isFinite, offset.height.isFinite else {
            state.shadow = nil
            return reject("setShadow(offset:blur:color:)", "offset \(offset); the shadow is off")
        }
        var blur = blur
        if !(blur.isFinite && blur >= 0) {
            reject("setShadow(offset:blur:color:)", "blur \(blur); using 0")
            blur = 0
        }
        state.shadow = ShadowState(offset: offset, blur: blur, color: color)
    }

    /// How images are sampled: `.none` picks the nearest pixel, every other quality interpolates
    /// bilinearly.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Records whether to anti-alias. Kinema always anti-aliases; `false` is reported once.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        if !shouldAntialias, state.shouldAntialias {
            KinemaDiagnostics.emit("CGContext", "setShouldAntialias(false): Kinema always anti-aliases (no aliased scan converter yet)")
        }
        state.shouldAntialias = shouldAntialias
    }

    /// Records whether anti-aliasing is allowed (see `setShouldAntialias`).
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        state.allowsAntialiasing = allowsAntialiasing
    }

    /// Black at 1/3 alpha in device RGB (setShadow(offset:blur:) docs).
    static let defaultShadowColor = CGColor(space: .deviceRGB, clamping: [0, 0, 0, 1.0 / 3.0], operation: "setShadow")

    func reject(_ operation: String, _ value: String) {
        KinemaDiagnostics.emit("CGContext", "\(operation): invalid value \(value); ignored")
    }
}
