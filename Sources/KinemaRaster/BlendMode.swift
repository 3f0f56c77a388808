// BlendMode: how a painted colour combines with the pixel under it.
//
// Formulas: W3C Compositing and Blending Level 1 (Candidate Recommendation, 21 March 2024),
// https://www.w3.org/TR/compositing-1/ — §5.1 simple alpha compositing, §9.1 Porter-Duff
// operators (clear, copy, source-over/in/out/atop, destination-over/in/out/atop, xor,
// plus-lighter), §10.1 separable blend modes (normal … exclusion) and §10.2 non-separable ones
// (hue, saturation, color, luminosity) with Lum, ClipColor, SetLum, Sat and SetSat as given there.
// Status: every mode of those sections. Core Graphics' plusDarker (not in the W3C text) is not here.

/// How a painted (source) colour combines with the pixel under it (the backdrop).
///
/// The blend modes (`normal` to `luminosity`) mix the two colours and then composite
/// source-over: `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)`, `αo = αs + αb − αs·αb`, with
/// `B` the mode's function of the unpremultiplied colours. The Porter-Duff operators (`clear` to
/// `plusLighter`) only weigh source and backdrop: `co = Fa·cs + Fb·cb`. Under partial coverage c
/// (anti-aliased edges, masks) the result is `backdrop + c·(result − backdrop)`, except for
/// `plusLighter`, which adds `c × source` (additive light; the two differ only where the sum
/// clamps); pixels a fill does not cover are never touched, whatever the mode. Maths in Float,
/// rounded to 8 bits once.
public enum BlendMode: Hashable, Sendable, CaseIterable {
    /// Source-over: `B = Cs`.
    case normal
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion
    case hue, saturation, color, luminosity
    /// Nothing: `Fa = 0, Fb = 0`.
    case clear
    /// The source alone: `Fa = 1, Fb = 0`.
    case copy
    case sourceIn, sourceOut, sourceAtop
    case destinationOver, destinationIn, destinationOut, destinationAtop
    case xor
    /// `co = min(1, cs + cb)`, `αo = min(1, αs + αb)`.
    case plusLighter

    /// The result of compositing premultiplied `source` over premultiplied `backdrop`
    /// (components 0 ... 1, alpha last).
    @inline(__always)
    func apply(_ source: SIMD4<Float>, _ backdrop: SIMD4<Float>) -> SIMD4<Float> {
        let sa = source.w, ba = backdrop.w
        switch self {
        case .normal: return source + backdrop * (1 - sa)
        case .clear: return .zero
        case .copy: return source
        case .sourceIn: return source * ba
        case .sourceOut: return source * (1 - ba)
        case .sourceAtop: return source * ba + backdrop * (1 - sa)
        case .destinationOver: return source * (1 - ba) + backdrop
        case .destinationIn: return backdrop * sa
        case .destinationOut: return backdrop * (1 - sa)
        case .destinationAtop: return source * (1 - ba) + backdrop * sa
        case .xor: return source * (1 - ba) + backdrop * (1 - sa)
        case .plusLighter: return (source + backdrop).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        default: break
        }
        // Clamped: pixels given with colour above alpha must not push the formulas out of range.
        let one = SIMD3<Float>(repeating: 1)
        let cs = sa > 0 ? (SIMD3(source.x, source.y, source.z) / sa).clamped(lowerBound: .zero, upperBound: one) : .zero
        let cb = ba > 0 ? (SIMD3(backdrop.x, backdrop.y, backdrop.z) / ba).clamped(lowerBound: .zero, upperBound: one) : .zero
        let mixed = mix(cb, cs)
        let rgb = SIMD3(source.x, source.y, source.z) * (1 - ba) + SIMD3(backdrop.x, backdrop.y, backdrop.z) * (1 - sa)
            + sa * ba * mixed
        return SIMD4(rgb, sa + ba - sa * ba)
    }

    /// `B(Cb, Cs)` for the blend modes (unpremultiplied colours).
    @inline(__always)
    private func mix(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float> {
        switch self {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return Self.hardLight(cs: cb, cb: cs)
        case .darken: return pointwiseMin(cb, cs)
        case .lighten: return pointwiseMax(cb, cs)
        case .colorDodge: return Self.perChannel(cb, cs) { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn: return Self.perChannel(cb, cs) { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .hardLight: return Self.hardLight(cs: cs, cb: cb)
        case .softLight:
            return Self.perChannel(cb, cs) { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return pointwiseMax(cb - cs, cs - cb)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue: return Self.setLum(Self.setSat(cs, Self.sat(cb)), Self.lum(cb))
        case .saturation: return Self.setLum(Self.setSat(cb, Self.sat(cs)), Self.lum(cb))
        case .color: return Self.setLum(cs, Self.lum(cb))
        case .luminosity: return Self.setLum(cb, Self.lum(cs))
        default: return cs
        }
    }

    @inline(__always)
    private static func perChannel(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>, _ f: (Float, Float) -> Float) -> SIMD3<Float> {
        SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z))
    }

    @inline(__always)
    private static func hardLight(cs: SIMD3<Float>, cb: SIMD3<Float>) -> SIMD3<Float> {
        perChannel(cb, cs) { b, s in
            if s <= 0.5 { return b * 2 * s }
            let s2 = 2 * s - 1
            return b + s2 - b * s2
        }
    }

    private static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    private static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c), n = c.min(), x = c.max()
        var c = c
        if n < 0 { c = l + (c - l) * l / (l - n) }
        if x > 1 { c = l + (c - l) * (1 - l) / (x - l) }
        return c
    }

    private static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> { clipColor(c + (l - lum(c))) }

    private static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    /// The colour with the same hue, its smallest component 0 and its largest `s`.
    private static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let n = c.min(), x = c.max()
        return x > n ? (c - n) * (s / (x - n)) : .zero
    }
}
