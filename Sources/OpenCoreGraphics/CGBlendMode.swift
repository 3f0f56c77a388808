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
    case normal = 0
    case multiply = 1
    case screen = 2
    case overlay = 3
    case darken = 4
    case lighten = 5
    case colorDodge = 6
    case colorBurn = 7
    case softLight = 8
    case hardLight = 9
    case difference = 10
    case exclusion = 11
    case hue = 12
    case saturation = 13
    case color = 14
    case luminosity = 15
    case clear = 16
    case copy = 17
    case sourceIn = 18
    case sourceOut = 19
    case sourceAtop = 20
    case destinationOver = 21
    case destinationIn = 22
    case destinationOut = 23
    case destinationAtop = 24
    case xor = 25
    case plusDarker = 26
    case plusLighter = 27
}

/// How images are sampled when drawn scaled or rotated.
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0
    case none = 1
    case low = 2
    case medium = 4
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
