// CGBlendMode and CGInterpolationQuality: how a context combines and samples.
//
// Audited against: CGBlendMode (raw values 0 ... 27 as Apple's SDK imports them; "plusDarker:
// R = MAX(0, 1 - ((1 - D) + (1 - S)))", "plusLighter: R = MIN(1, S + D)") and
// CGInterpolationQuality (default 0, none 1, low 2, medium 4, high 3).
// Status: every mode maps onto the engine's W3C modes (KinemaRaster's BlendMode) except
// plusDarker, which the engine lacks: it is drawn as multiply, with a diagnostic. Multiply is the
// nearest safe mode: like plusDarker it only darkens, keeps the backdrop under white and gives
// black under black, and it stays continuous (colorBurn, the other candidate, jumps at white).
// Interpolation: none → nearest-pixel sampling; default, low, medium, high → bilinear.

import Foundation
import KinemaRaster

/// How painted colours combine with the pixels under them.
public enum CGBlendMode: Int32, Sendable {
    /// The source painted over the backdrop (source-over).
    case normal = 0
    /// Source times backdrop: never lighter than either.
    case multiply = 1
    /// The inverse of multiplying the inverses: never darker than either.
    case screen = 2
    /// Multiply or screen, chosen by the backdrop: contrast is raised.
    case overlay = 3
    /// The darker of source and backdrop, per channel.
    case darken = 4
    /// The lighter of source and backdrop, per channel.
    case lighten = 5
    /// The backdrop brightened to reflect the source.
    case colorDodge = 6
    /// The backdrop darkened to reflect the source.
    case colorBurn = 7
    /// Darkens or lightens by the source, like a diffused spotlight.
    case softLight = 8
    /// Multiply or screen, chosen by the source.
    case hardLight = 9
    /// The absolute difference of source and backdrop.
    case difference = 10
    /// Like difference, with lower contrast.
    case exclusion = 11
    /// The source's hue with the backdrop's saturation and luminosity.
    case hue = 12
    /// The source's saturation with the backdrop's hue and luminosity.
    case saturation = 13
    /// The source's hue and saturation with the backdrop's luminosity.
    case color = 14
    /// The source's luminosity with the backdrop's hue and saturation.
    case luminosity = 15
    /// Clears what the source covers (Porter–Duff clear).
    case clear = 16
    /// The source replaces the backdrop (Porter–Duff copy).
    case copy = 17
    /// The source where the backdrop is (Porter–Duff source-in).
    case sourceIn = 18
    /// The source where the backdrop is not (Porter–Duff source-out).
    case sourceOut = 19
    /// The source over the backdrop, only where the backdrop is (source-atop).
    case sourceAtop = 20
    /// The backdrop over the source (destination-over).
    case destinationOver = 21
    /// The backdrop where the source is (destination-in).
    case destinationIn = 22
    /// The backdrop where the source is not (destination-out).
    case destinationOut = 23
    /// The backdrop over the source, only where the source is (destination-atop).
    case destinationAtop = 24
    /// Source and backdrop where the other is not (Porter–Duff xor).
    case xor = 25
    /// `max(0, 1 - ((1 - D) + (1 - S)))`; drawn as multiply here, with a diagnostic.
    case plusDarker = 26
    /// `min(1, S + D)`: source and backdrop added.
    case plusLighter = 27
}

/// How images are sampled when drawn scaled or rotated.
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default: bilinear here.
    case `default` = 0
    /// Nearest-pixel sampling: hard pixel edges when scaled up.
    case none = 1
    /// Fast smoothing: bilinear here.
    case low = 2
    /// Medium smoothing: bilinear here.
    case medium = 4
    /// Best smoothing: bilinear here.
    case high = 3
}

extension CGBlendMode {
    /// The engine mode that draws this one (plusDarker: multiply, see the file header).
    var engine: BlendMode {
        switch self {
        case .normal: .normal
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .colorDodge: .colorDodge
        case .colorBurn: .colorBurn
        case .softLight: .softLight
        case .hardLight: .hardLight
        case .difference: .difference
        case .exclusion: .exclusion
        case .hue: .hue
        case .saturation: .saturation
        case .color: .color
        case .luminosity: .luminosity
        case .clear: .clear
        case .copy: .copy
        case .sourceIn: .sourceIn
        case .sourceOut: .sourceOut
        case .sourceAtop: .sourceAtop
        case .destinationOver: .destinationOver
        case .destinationIn: .destinationIn
        case .destinationOut: .destinationOut
        case .destinationAtop: .destinationAtop
        case .xor: .xor
        case .plusDarker: .multiply
        case .plusLighter: .plusLighter
        }
    }
}

extension CGInterpolationQuality {
    var sampling: ImageSampling { self == .none ? .nearest : .bilinear }
}
