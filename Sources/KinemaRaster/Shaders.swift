// Shaders: the per-pixel colours of gradients and image patterns, for the shaded blitter.
import KinemaGeometry

/// Produces premultiplied colours (components 0 ... 1) for runs of pixels, and for each a weight
/// (1 painted, 0 not painted at all, as beyond a gradient's ends without extension).
protocol Shader {
    func shade(y: Int, x: Int, count: Int, colors: UnsafeMutablePointer<SIMD4<Float>>, weights: UnsafeMutablePointer<Float>)
}

struct SolidShader: Shader {
    let color: SIMD4<Float>

    init(_ color: PaintColor) {
        let c = color.clamped
        self.color = SIMD4(c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha)
    }

    @inline(__always)
    func shade(y: Int, x: Int, count: Int, colors: UnsafeMutablePointer<SIMD4<Float>>, weights: UnsafeMutablePointer<Float>) {
        colors.update(repeating: color, count: count)
        weights.update(repeating: 1, count: count)
    }
}

/// Looks t up in a gradient's premultiplied table, honouring the extension options.
struct GradientTable {
    let colors: [SIMD4<Float>]
    let lower: Double
    let upper: Double

    init(_ gradient: Gradient, extends: GradientExtension) {
        colors = gradient.stops.isEmpty ? [SIMD4<Float>](repeating: .zero, count: Gradient.tableSize) : gradient.premultipliedTable()
        lower = extends.contains(.beforeStart) ? -.infinity : 0
        upper = extends.contains(.afterEnd) ? .infinity : 1
    }

    /// The colour at `t`, or nil where `t` is beyond an end without extension (or NaN).
    @inline(__always)
    func color(at t: Double) -> SIMD4<Float>? {
        guard t >= lower, t <= upper else { return nil }
        let index = Int((min(max(t, 0), 1) * Double(Gradient.tableSize - 1)) + 0.5)
        return colors[index]
    }
}

struct LinearGradientShader: Shader {
    let table: GradientTable
    let start: DevicePoint
    let direction: (x: Double, y: Double)

    /// Nil for a gradient whose start and end coincide (or are not finite): it paints nothing.
    init?(_ gradient: LinearGradient) {
        let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0, lengthSquared.isFinite, gradient.start.x.isFinite, gradient.start.y.isFinite else { return nil }
        table = GradientTable(gradient.gradient, extends: gradient.extends)
        start = gradient.start
        direction = (dx / lengthSquared, dy / lengthSquared)
    }

    func shade(y: Int, x: Int, count: Int, colors: UnsafeMutablePointer<SIMD4<Float>>, weights: UnsafeMutablePointer<Float>) {
        let py = Double(y) + 0.5 - start.y
        let t0 = (Double(x) + 0.5 - start.x) * direction.x + py * direction.y
        for i in 0 ..< count {
            if let color = table.color(at: t0 + Double(i) * direction.x) {
                colors[i] = color
                weights[i] = 1
            } else {
                colors[i] = .zero
                weights[i] = 0
            }
        }
    }
}

struct RadialGradientShader: Shader {
    let table: GradientTable
    let c0: DevicePoint
    let r0: Double
    let dc: (x: Double, y: Double)
    let dr: Double
    let a: Double

    init?(_ gradient: RadialGradient) {
        let values = [gradient.startCenter.x, gradient.startCenter.y, gradient.endCenter.x, gradient.endCenter.y,
                      gradient.startRadius, gradient.endRadius]
        guard values.allSatisfy(\.isFinite) else { return nil }
        table = GradientTable(gradient.gradient, extends: gradient.extends)
        c0 = gradient.startCenter
        r0 = gradient.startRadius
        dc = (gradient.endCenter.x - c0.x, gradient.endCenter.y - c0.y)
        dr = gradient.endRadius - r0
        a = dc.x * dc.x + dc.y * dc.y - dr * dr
        guard dc.x != 0 || dc.y != 0 || dr != 0 else { return nil }
    }

    /// The largest t whose circle passes through `(px, py)` with `r(t) ≥ 0` inside the table's
    /// range, or nil.
    @inline(__always)
    func parameter(_ px: Double, _ py: Double) -> Double? {
        let cx = px - c0.x, cy = py - c0.y
        let b = cx * dc.x + cy * dc.y + r0 * dr
        let c = cx * cx + cy * cy - r0 * r0
        func valid(_ t: Double) -> Bool { t.isFinite && r0 + t * dr >= 0 && t >= table.lower && t <= table.upper }
        // |p − c(t)|² = r(t)²  ⇔  a·t² − 2b·t + c = 0.
        if abs(a) < 1e-9 * max(1, dc.x * dc.x + dc.y * dc.y + dr * dr) {
            guard b != 0 else { return nil }
            let t = c / (2 * b)
            return valid(t) ? t : nil
        }
        let discriminant = b * b - a * c
        guard discriminant >= 0 else { return nil }
        let root = discriminant.squareRoot()
        let t1 = (b + root) / a, t2 = (b - root) / a
        let (high, low) = t1 >= t2 ? (t1, t2) : (t2, t1)
        if valid(high) { return high }
        return valid(low) ? low : nil
    }

    func shade(y: Int, x: Int, count: Int, colors: UnsafeMutablePointer<SIMD4<Float>>, weights: UnsafeMutablePointer<Float>) {
        let py = Double(y) + 0.5
        for i in 0 ..< count {
            if let t = parameter(Double(x + i) + 0.5, py), let color = table.color(at: t) {
                colors[i] = color
                weights[i] = 1
            } else {
                colors[i] = .zero
                weights[i] = 0
            }
        }
    }
}

struct ImageShader: Shader {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    let inverse: ProjectiveTransform
    let sampling: ImageSampling
    let tiling: ImageTiling

    init(pixels: UnsafePointer<UInt32>, pattern: ImagePattern, inverse: ProjectiveTransform) {
        self.pixels = pixels
        width = pattern.image.width
        height = pattern.image.height
        self.inverse = inverse
        sampling = pattern.sampling
        tiling = pattern.tiling
    }

    /// The texel at `(i, j)` after tiling, as Float premultiplied; zero outside for `.decal`.
    @inline(__always)
    private func texel(_ i: Int, _ j: Int) -> SIMD4<Float> {
        var i = i, j = j
        switch tiling {
        case .decal:
            guard i >= 0, j >= 0, i < width, j < height else { return .zero }
        case .clamp:
            i = min(max(i, 0), width - 1); j = min(max(j, 0), height - 1)
        case .repeating:
            i %= width; if i < 0 { i += width }
            j %= height; if j < 0 { j += height }
        }
        let p = pixels[j * width + i]
        return SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24)) * (1 / 255)
    }

    /// `value` brought into a range where `Int(_:)` is safe and tiling still gives the same texel.
    @inline(__always)
    private func reduced(_ value: Double, _ size: Int) -> Double {
        let span = Double(size)
        switch tiling {
        case .repeating:
            // Far from the origin the reduction loses all precision; any texel is then as good.
            let r = value - (value / span).rounded(.down) * span
            return r >= 0 && r <= span ? r : 0
        case .decal, .clamp: return min(max(value, -2), span + 2)
        }
    }

    func shade(y: Int, x: Int, count: Int, colors: UnsafeMutablePointer<SIMD4<Float>>, weights: UnsafeMutablePointer<Float>) {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        var u = inverse.m11 * px + inverse.m12 * py + inverse.m13
        var v = inverse.m21 * px + inverse.m22 * py + inverse.m23
        var w = inverse.m31 * px + inverse.m32 * py + inverse.m33
        for i in 0 ..< count {
            weights[i] = 1
            colors[i] = .zero
            defer { u += inverse.m11; v += inverse.m21; w += inverse.m31 }
            guard w > 0 else { continue }
            var su = u / w, sv = v / w
            guard su.isFinite, sv.isFinite else { continue }
            switch sampling {
            case .nearest:
                su = reduced(su, width); sv = reduced(sv, height)
                colors[i] = texel(Int(su.rounded(.down)), Int(sv.rounded(.down)))
            case .bilinear:
                su = reduced(su - 0.5, width); sv = reduced(sv - 0.5, height)
                let fu = su.rounded(.down), fv = sv.rounded(.down)
                let i0 = Int(fu), j0 = Int(fv)
                let tu = Float(su - fu), tv = Float(sv - fv)
                let top = texel(i0, j0) * (1 - tu) + texel(i0 + 1, j0) * tu
                let bottom = texel(i0, j0 + 1) * (1 - tu) + texel(i0 + 1, j0 + 1) * tu
                colors[i] = top * (1 - tv) + bottom * tv
            }
        }
    }
}

/// Composites a shader's colours into a region with a blend mode, under coverage.
struct ShadedBlitter<S: Shader>: CoverageSink {
    let shader: S
    let base: UnsafeMutablePointer<UInt32>
    let rowStride: Int
    let mode: BlendMode
    let alpha: Float
    let colors: UnsafeMutablePointer<SIMD4<Float>>
    let weights: UnsafeMutablePointer<Float>

    @inline(__always)
    func prefetch(y: Int, x: Int, count: Int) { Prefetch.forWriting(base + y * rowStride, x: x, count: count) }

    func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        shader.shade(y: y, x: x, count: count, colors: colors, weights: weights)
        let pixels = base + (y * rowStride + x)
        let covered = Float(coverage) / 255
        for i in 0 ..< count {
            let weight = weights[i] * covered
            guard weight > 0 else { continue }
            let p = pixels[i]
            let backdrop = SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24)) * (1 / 255)
            if mode == .plusLighter {
                // Additive light: a partly covered pixel adds that part of the light (as Skia
                // does); interpolating after the clamp would darken clamped edges instead.
                pixels[i] = Self.pack(mode.apply(colors[i] * (alpha * weight), backdrop))
                continue
            }
            let result = mode.apply(colors[i] * alpha, backdrop)
            pixels[i] = Self.pack(backdrop + (result - backdrop) * weight)
        }
    }

    /// Rounds a premultiplied Float colour to a packed pixel, colour no higher than alpha.
    @inline(__always)
    static func pack(_ value: SIMD4<Float>) -> UInt32 {
        // NaN (only reachable from pixels that break the premultiplied invariant) becomes 0.
        let finite = value.replacing(with: 0, where: .!(value .== value))
        let scaled = (finite * 255 + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255.49))
        let a = UInt32(scaled.w)
        let r = min(UInt32(scaled.x), a), g = min(UInt32(scaled.y), a), b = min(UInt32(scaled.z), a)
        return r | g << 8 | b << 16 | a << 24
    }
}
