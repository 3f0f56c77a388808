// AnimatableValue+Interpolation: blending, adding and subtracting layer values, the arithmetic
// behind CABasicAnimation's from/by/to rows, additive and cumulative animations and keyframes.
//
// Audited against: CABasicAnimation docs ("Setting Interpolation Values": fromValue + byValue,
//   toValue − byValue …), CAPropertyAnimation docs (isAdditive, isCumulative), CAKeyframeAnimation
//   docs (paths with different structures), Core Animation Programming Guide → Animatable
//   Properties (which kinds animate). Status: complete for the kinds of AnimatableValue. Apple does
//   not document the colour space of colour blending or the order of transform concatenation;
//   the choices are written on each function and in docs/ANIMATIONS.md.

import Foundation
import KinemaGeometry
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics

extension AnimatableValue {
    /// The value `fraction` of the way from `from` to `to`.
    ///
    /// ```swift
    /// AnimatableValue.interpolate(from: .number(0), to: .number(10), fraction: 0.25)   // .number(2.5)
    /// ```
    ///
    /// - Numbers, points, sizes, rectangles: linear, component by component (fractions outside
    ///   [0, 1], from a spring or an overshooting curve, extrapolate).
    /// - Transforms: decomposed (scale, skew, rotation by quaternion slerp, translation,
    ///   perspective) through `TransformInterpolation`, so a 90° rotation is 45° halfway.
    /// - Colours: straight (not premultiplied) sRGB components and alpha, linearly; gray colours
    ///   are read as equal RGB components. The result is an sRGB colour (clamped to [0, 1] by
    ///   `CGColor`).
    /// - Paths with the same element structure: control point by control point. Different
    ///   structures ("undefined results", Apple) switch discretely at 0.5 with a diagnostic.
    /// - Number and colour arrays of equal counts: element by element; else discrete at 0.5.
    /// - Images, Booleans, strings, nil and mixed kinds: discrete, `from` below 0.5 and `to` from
    ///   0.5. (Cross-fading `contents` is the compositor's job: it gets both images and the
    ///   fraction from the animation, not a blended image.)
    ///
    /// Cost: O(size of the value); a transform decomposes both ends (about 1 µs).
    package static func interpolate(from: AnimatableValue, to: AnimatableValue, fraction f: Double) -> AnimatableValue {
        if f == 0 { return from }
        if f == 1 { return to }
        switch (from, to) {
        case let (.number(a), .number(b)):
            return .number(a + (b - a) * f)
        case let (.point(a), .point(b)):
            return .point(CGPoint(x: lerp(a.x, b.x, f), y: lerp(a.y, b.y, f)))
        case let (.size(a), .size(b)):
            return .size(CGSize(width: lerp(a.width, b.width, f), height: lerp(a.height, b.height, f)))
        case let (.rect(a), .rect(b)):
            return .rect(CGRect(x: lerp(a.origin.x, b.origin.x, f), y: lerp(a.origin.y, b.origin.y, f),
                                width: lerp(a.size.width, b.size.width, f), height: lerp(a.size.height, b.size.height, f)))
        case let (.transform(a), .transform(b)):
            return .transform(TransformInterpolation(from: a, to: b).value(at: f))
        case let (.color(a), .color(b)):
            guard let ca = rgba(a), let cb = rgba(b) else { return discrete(from, to, f) }
            return .color(srgbColor(zip(ca, cb).map { $0 + ($1 - $0) * f }))
        case let (.path(a), .path(b)):
            guard let path = blendPaths(a.kinemaPath, b.kinemaPath, f) else {
                KinemaDiagnostics.emit("CAPropertyAnimation",
                                       "paths with different elements cannot be interpolated (Apple: undefined results); switching at the halfway point")
                return discrete(from, to, f)
            }
            return .path(CGPath(path: path))
        case let (.numbers(a), .numbers(b)) where a.count == b.count:
            return .numbers(zip(a, b).map { $0 + ($1 - $0) * f })
        case let (.colors(a), .colors(b)) where a.count == b.count:
            var result = [CGColor]()
            for (x, y) in zip(a, b) {
                guard let cx = rgba(x), let cy = rgba(y) else { return discrete(from, to, f) }
                result.append(srgbColor(zip(cx, cy).map { $0 + ($1 - $0) * f }))
            }
            return .colors(result)
        default:
            return discrete(from, to, f)
        }
    }

    /// `a + b`, for byValue rows, additive and cumulative animations; nil when the kinds cannot
    /// be added (images, Booleans, strings, nil, arrays of different counts, paths).
    ///
    /// Numbers, points, sizes and rectangles add component-wise; colours add their straight sRGB
    /// components and alpha (clamped to [0, 1]); transforms concatenate, `b` applied first, in
    /// the space of `a`: `CATransform3DConcat(b, a)`, as `CATransform3DRotate(a, …)` applies its
    /// rotation (Apple: additive transforms concatenate; the order is not documented).
    package static func adding(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue? {
        combine(a, b, sign: 1)
    }

    /// `a − b`: the inverse of `adding`, so `adding(subtracting(a, b), b) == a` (up to rounding
    /// and colour clamping). Transforms: `CATransform3DConcat(CATransform3DInvert(b), a)`.
    package static func subtracting(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue? {
        combine(a, b, sign: -1)
    }

    /// `self` added to itself `count` times (`count ≥ 0`): the offset of a cumulative animation's
    /// iteration. Transforms are raised to the power by squaring. nil where `adding` is nil.
    package func repeated(_ count: Int) -> AnimatableValue? {
        let n = Double(count)
        switch self {
        case .number(let v): return .number(v * n)
        case .point(let p): return .point(CGPoint(x: p.x * n, y: p.y * n))
        case .size(let s): return .size(CGSize(width: s.width * n, height: s.height * n))
        case .rect(let r): return .rect(CGRect(x: r.origin.x * n, y: r.origin.y * n, width: r.size.width * n, height: r.size.height * n))
        case .numbers(let v): return .numbers(v.map { $0 * n })
        case .color(let c):
            guard let v = rgba(c) else { return nil }
            return .color(srgbColor(v.map { $0 * n }))
        case .transform(let t):
            var result = CATransform3DIdentity
            var base = t
            var k = max(count, 0)
            while k > 0 {
                if k & 1 == 1 { result = CATransform3DConcat(base, result) }
                base = CATransform3DConcat(base, base)
                k >>= 1
            }
            return .transform(result)
        default: return nil
        }
    }

    /// A distance between two values, for paced keyframes: |b − a| for numbers, Euclidean for
    /// points, sizes, rectangles (four components), number arrays and colours (RGBA); 1 for
    /// anything else (so such values are evenly spaced).
    package static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        guard let x = a.components, let y = b.components, x.count == y.count else { return 1 }
        return zip(x, y).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
    }

    /// The value's numbers, for component-wise arithmetic (cubic keyframes, distances): nil for
    /// transforms, paths, images, Booleans, strings and nil.
    package var components: [Double]? {
        switch self {
        case .number(let v): [v]
        case .point(let p): [Double(p.x), Double(p.y)]
        case .size(let s): [Double(s.width), Double(s.height)]
        case .rect(let r): [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case .numbers(let v): v
        case .color(let c): rgba(c)
        default: nil
        }
    }

    /// A value of the same kind as `self` with `components` (as produced by `components`).
    package func withComponents(_ c: [Double]) -> AnimatableValue? {
        switch self {
        case .number: c.count == 1 ? AnimatableValue.number(c[0]) : nil
        case .point: c.count == 2 ? .point(CGPoint(x: c[0], y: c[1])) : nil
        case .size: c.count == 2 ? .size(CGSize(width: c[0], height: c[1])) : nil
        case .rect: c.count == 4 ? .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3])) : nil
        case .numbers: .numbers(c)
        case .color: c.count == 4 ? .color(srgbColor(c)) : nil
        default: Optional<AnimatableValue>.none
        }
    }

    private static func combine(_ a: AnimatableValue, _ b: AnimatableValue, sign s: Double) -> AnimatableValue? {
        switch (a, b) {
        case let (.transform(x), .transform(y)):
            return .transform(s > 0 ? CATransform3DConcat(y, x) : CATransform3DConcat(CATransform3DInvert(y), x))
        default:
            guard let x = a.components, let y = b.components, x.count == y.count else { return nil }
            if case .number = a, case .number = b {} else if a.kindTag != b.kindTag { return nil }
            return a.withComponents(zip(x, y).map { $0 + s * $1 })
        }
    }

    private var kindTag: Int {
        switch self {
        case .number: 0
        case .point: 1
        case .size: 2
        case .rect: 3
        case .numbers: 4
        case .color: 5
        default: 6
        }
    }

    private static func discrete(_ from: AnimatableValue, _ to: AnimatableValue, _ f: Double) -> AnimatableValue {
        f < 0.5 ? from : to
    }

    private static func lerp(_ a: CGFloat, _ b: CGFloat, _ f: Double) -> CGFloat {
        a + (b - a) * CGFloat(f)
    }

    /// Paths with the same verbs, blended point by point; nil when the structures differ.
    private static func blendPaths(_ a: Path, _ b: Path, _ f: Double) -> Path? {
        let ea = Array(a.elements)
        let eb = Array(b.elements)
        guard ea.count == eb.count else { return nil }
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: lerp(p.x, q.x, f), y: lerp(p.y, q.y, f)) }
        var result = [PathElement]()
        result.reserveCapacity(ea.count)
        for (x, y) in zip(ea, eb) {
            switch (x, y) {
            case let (.moveTo(p), .moveTo(q)): result.append(.moveTo(mix(p, q)))
            case let (.lineTo(p), .lineTo(q)): result.append(.lineTo(mix(p, q)))
            case let (.quadCurveTo(c, e), .quadCurveTo(c2, e2)): result.append(.quadCurveTo(control: mix(c, c2), end: mix(e, e2)))
            case let (.curveTo(c1, c2, e), .curveTo(d1, d2, e2)):
                result.append(.curveTo(control1: mix(c1, d1), control2: mix(c2, d2), end: mix(e, e2)))
            case (.closeSubpath, .closeSubpath): result.append(.closeSubpath)
            default: return nil
            }
        }
        return Path(result)
    }
}

/// Straight sRGB red, green, blue, alpha of a colour: RGB(A) colours as they are (Kinema reads
/// every RGB space as sRGB), gray ones as equal components; nil for other layouts.
private func rgba(_ color: CGColor) -> [Double]? {
    guard let c = color.components else { return nil }
    switch c.count {
    case 4: return c.map { Double($0) }
    case 3: return c.map { Double($0) } + [1]
    case 2: return [Double(c[0]), Double(c[0]), Double(c[0]), Double(c[1])]
    case 1: return [Double(c[0]), Double(c[0]), Double(c[0]), 1]
    default: return nil
    }
}

private func srgbColor(_ c: [Double]) -> CGColor {
    CGColor(red: CGFloat(c[0]), green: CGFloat(c[1]), blue: CGFloat(c[2]), alpha: CGFloat(c[3]))
}
