// Gradients, image patterns and blend modes: closed forms, edge cases and bad input.
import KinemaSupport
import KinemaGeometry
import Testing
@testable import KinemaRaster

private func square(_ size: Double = 16) -> RasterPath {
    var path = RasterPath()
    path.addRect(x: 0, y: 0, width: size, height: size)
    return path
}

private let red = PaintColor(red: 1, green: 0, blue: 0)
private let blue = PaintColor(red: 0, green: 0, blue: 1)
private let redToBlue = Gradient(stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)])

@Suite("Paints and blend modes")
struct PaintTests {
    @Test("stops are sorted stably, clamped to 0...1, NaN locations dropped")
    func gradientStops() {
        let g = Gradient(stops: [GradientStop(location: 0.8, color: blue), GradientStop(location: .nan, color: .white),
                                 GradientStop(location: -3, color: red), GradientStop(location: 0.8, color: .black)])
        #expect(g.stops.map(\.location) == [0, 0.8, 0.8])
        #expect(g.stops[1].color == blue && g.stops[2].color == .black)
        #expect(g.color(at: 0.4) == PaintColor(red: 0.5, green: 0, blue: 0.5))
        #expect(g.color(at: 0.9) == .black)
        #expect(Gradient(stops: []).color(at: 0.5) == .clear)
    }

    @Test("a linear gradient's t is the projection onto start → end; one-sided extension")
    func linearExtension() throws {
        let ramp = LinearGradient(redToBlue, start: DevicePoint(x: 4, y: 0), end: DevicePoint(x: 12, y: 0), extends: .beforeStart)
        var pixmap = try Pixmap(width: 16, height: 1)
        pixmap.fill(.white)
        pixmap.fill(square(), paint: .linearGradient(ramp))
        #expect(pixmap.pixel(x: 0, y: 0) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))   // t < 0, extended
        // Centre 7.5: t = 3.5 / 8 = 0.4375 → red 0.5625 (143), blue 0.4375 (112), to a table entry.
        #expect(pixmap.pixel(x: 7, y: 0) == PremultipliedColor(red: 143, green: 0, blue: 112, alpha: 255))
        #expect(pixmap.pixel(x: 15, y: 0) == .white)  // t > 1, not extended: untouched
        // Under `copy`, unextended parts stay untouched too (not cleared).
        let unextended = LinearGradient(redToBlue, start: DevicePoint(x: 4, y: 0), end: DevicePoint(x: 12, y: 0))
        pixmap.fill(.white)
        pixmap.fill(square(), paint: .linearGradient(unextended), blendMode: .copy)
        #expect(pixmap.pixel(x: 0, y: 0) == .white && pixmap.pixel(x: 15, y: 0) == .white)
        // Start = end paints nothing.
        pixmap.fill(.white)
        let degenerate = LinearGradient(redToBlue, start: DevicePoint(x: 4, y: 4), end: DevicePoint(x: 4, y: 4), extends: .both)
        pixmap.fill(square(), paint: .linearGradient(degenerate))
        #expect(pixmap.pixel(x: 8, y: 0) == .white)
    }

    @Test("radial gradient: the largest t inside the drawn range, as PDF type 3 shadings and Core Graphics")
    func radialLargestParameter() throws {
        // Disjoint circles, unextended: a point inside the end circle on its far side lies on
        // circle(t) for some t in 0...1 (and on one with t > 1, which is not drawn).
        let g = RadialGradient(redToBlue, startCenter: DevicePoint(x: 8, y: 8), startRadius: 2,
                               endCenter: DevicePoint(x: 40, y: 8), endRadius: 6)
        let shader = try #require(RadialGradientShader(g))
        let t = try #require(shader.parameter(44.5, 8.5))
        #expect(t >= 0 && t <= 1)
        // Closed form on the axis: |x − (8 + 32t)| = 2 + 4t with y at the centre line (off by 0.5).
        let cx = 8 + 32 * t, r = 2 + 4 * t
        #expect(abs(((44.5 - cx) * (44.5 - cx) + 0.25).squareRoot() - r) < 1e-9)
        #expect(shader.parameter(60, 8.5) == nil)  // beyond every drawn circle
        let extended = RadialGradient(redToBlue, startCenter: DevicePoint(x: 8, y: 8), startRadius: 2,
                                      endCenter: DevicePoint(x: 40, y: 8), endRadius: 6, extends: .both)
        let extendedShader = try #require(RadialGradientShader(extended))
        #expect((extendedShader.parameter(44.5, 8.5) ?? 0) > 1)
        // Concentric: t = (distance − r0) / (r1 − r0).
        let rings = RadialGradient(redToBlue, startCenter: DevicePoint(x: 0, y: 0), startRadius: 1,
                                   endCenter: DevicePoint(x: 0, y: 0), endRadius: 11)
        let ringShader = try #require(RadialGradientShader(rings))
        #expect(abs((ringShader.parameter(6, 0) ?? 0) - 0.5) < 1e-12)
        #expect(RadialGradientShader(RadialGradient(redToBlue, startCenter: DevicePoint(x: 1, y: 1), startRadius: 3,
                                                    endCenter: DevicePoint(x: 1, y: 1), endRadius: 3)) == nil)
        #expect(RadialGradientShader(RadialGradient(redToBlue, startCenter: DevicePoint(x: .nan, y: 1), startRadius: 3,
                                                    endCenter: DevicePoint(x: 1, y: 1), endRadius: 5)) == nil)
    }

    @Test("projective transforms invert; singular or non-finite ones are refused")
    func transforms() throws {
        let t = ProjectiveTransform(m11: 2, m12: 0.5, m13: 3, m21: -0.25, m22: 1.5, m23: 7, m31: 0.01, m32: 0.02, m33: 1)
        let inverse = try #require(t.inverted)
        let p = DevicePoint(x: 5.5, y: -2.25)
        let forward = try #require(t.apply(p))
        let back = try #require(inverse.apply(forward))
        #expect(abs(back.x - p.x) < 1e-12 && abs(back.y - p.y) < 1e-12)
        #expect(ProjectiveTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted == nil)
        #expect(ProjectiveTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted == nil)
        #expect(ProjectiveTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 5).apply(DevicePoint(x: 1, y: 1)) == DevicePoint(x: 12, y: 7))
    }

    @Test("image patterns: nearest and bilinear at pixel centres, tiling, bad transforms")
    func imagePatterns() throws {
        var image = try Pixmap(width: 2, height: 1)
        image.setPixel(x: 0, y: 0, to: .black)
        image.setPixel(x: 1, y: 0, to: .white)
        // Scaled 4×: device pixel centres 0.5 ... 7.5 map to image x 0.125 ... 1.875.
        let scale = ProjectiveTransform(a: 4, b: 0, c: 0, d: 4, tx: 0, ty: 0)
        var pixmap = try Pixmap(width: 8, height: 4)
        pixmap.fill(square(8), paint: .image(ImagePattern(image: image, transform: scale, sampling: .nearest, tiling: .decal)))
        #expect(pixmap.pixel(x: 3, y: 0) == .black && pixmap.pixel(x: 4, y: 0) == .white)
        pixmap.clear()
        pixmap.fill(square(8), paint: .image(ImagePattern(image: image, transform: scale, sampling: .bilinear, tiling: .clamp)))
        // x = 3.5 → u = 0.875 → between texel centres 0.5 and 1.5 at 0.375: 0.375 × 255 = 95.6.
        #expect(pixmap.pixel(x: 3, y: 0) == PremultipliedColor(red: 96, green: 96, blue: 96, alpha: 255))
        #expect(pixmap.pixel(x: 0, y: 0) == .black && pixmap.pixel(x: 7, y: 0) == .white)
        pixmap.clear()
        let shifted = ProjectiveTransform(a: 1, b: 0, c: 0, d: 1, tx: 1, ty: 0)
        pixmap.fill(square(8), paint: .image(ImagePattern(image: image, transform: shifted, sampling: .nearest, tiling: .repeating)))
        #expect(pixmap.pixel(x: 0, y: 3) == .white && pixmap.pixel(x: 1, y: 3) == .black && pixmap.pixel(x: 6, y: 0) == .white)
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            pixmap.fill(square(8), paint: .image(ImagePattern(image: image, transform: ProjectiveTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))))
        }
        #expect(diagnostics.count == 1)
        // Enormous scales and perspective that puts pixels behind the viewer: no trap (the two
        // enormous scales are singular in Double and report it).
        let (_, enormous) = KinemaDiagnostics.collecting {
            for t in [ProjectiveTransform(a: 1e-300, b: 0, c: 0, d: 1e-300, tx: 0, ty: 0),
                      ProjectiveTransform(a: 1e300, b: 0, c: 0, d: 1e300, tx: -1e308, ty: 0),
                      ProjectiveTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: -0.5, m32: 0, m33: 1)] {
                for tiling in [ImageTiling.decal, .clamp, .repeating] {
                    for sampling in [ImageSampling.nearest, .bilinear] {
                        pixmap.fill(square(8), paint: .image(ImagePattern(image: image, transform: t, sampling: sampling, tiling: tiling)))
                    }
                }
            }
        }
        #expect(enormous.allSatisfy { $0.domain == "KinemaRaster" }, "\(enormous)")
    }

    @Test("blend modes against hand-computed values (W3C Compositing and Blending Level 1)")
    func blendValues() {
        let grey = SIMD4<Float>(0.5, 0.5, 0.5, 1), white = SIMD4<Float>(1, 1, 1, 1)
        let halfRed = SIMD4<Float>(0.5, 0, 0, 0.5), none = SIMD4<Float>.zero
        #expect(BlendMode.multiply.apply(grey, white) == grey)
        #expect(BlendMode.screen.apply(grey, grey) == SIMD4(0.75, 0.75, 0.75, 1))
        #expect(BlendMode.difference.apply(white, grey) == grey)
        #expect(BlendMode.normal.apply(halfRed, white) == SIMD4(1, 0.5, 0.5, 1))
        #expect(BlendMode.sourceIn.apply(halfRed, none) == none)
        #expect(BlendMode.destinationOut.apply(halfRed, white) == SIMD4(0.5, 0.5, 0.5, 0.5))
        #expect(BlendMode.xor.apply(white, white) == none)
        #expect(BlendMode.plusLighter.apply(grey, white) == white)
        #expect(BlendMode.clear.apply(white, grey) == none)
        // Non-separable: luminosity of white keeps a grey backdrop's hue and takes lum 1.
        #expect(BlendMode.luminosity.apply(white, grey) == white)
        // Over a transparent backdrop a mode either shows the source or nothing.
        let nothing: [BlendMode] = [.clear, .sourceIn, .sourceAtop, .destinationIn, .destinationOut]
        for mode in BlendMode.allCases {
            #expect(mode.apply(halfRed, none) == (nothing.contains(mode) ? none : halfRed), "\(mode)")
        }
    }

    @Test("every mode over pixels that break the premultiplied invariant stays finite and valid")
    func invalidBackdrop() throws {
        // Colour bytes above alpha, as Pixmap(premultipliedBytes:) accepts them.
        var pixmap = try Pixmap(width: 2, height: 1, premultipliedBytes: [255, 200, 100, 10, 255, 255, 255, 0])
        let original = pixmap
        // `.normal` with a solid colour takes the packed path, which keeps such pixels as
        // meaningless-but-defined values (checked below only for not trapping).
        for mode in BlendMode.allCases where mode != .normal {
            pixmap = original
            pixmap.fill(square(2), paint: .solid(PaintColor(red: 0.3, green: 0.9, blue: 0.1, alpha: 0.6)), blendMode: mode)
            for value in pixmap.storage {  // raw words: pixel(x:y:) would clamp for us
                let alpha = value >> 24
                #expect(value & 0xFF <= alpha && (value >> 8) & 0xFF <= alpha && (value >> 16) & 0xFF <= alpha, "\(mode)")
            }
        }
        pixmap = original
        pixmap.fill(square(2), paint: .solid(.white), blendMode: .normal, alpha: 0.5)  // packed: wraps, never traps
    }

    @Test("copy and clear affect only covered pixels, scaled by coverage; alpha 0 copy still clears")
    func porterDuffCoverage() throws {
        var pixmap = try Pixmap(width: 4, height: 1)
        pixmap.fill(.white)
        var half = RasterPath()
        half.addRect(x: 0, y: 0, width: 1.5, height: 1)
        pixmap.fill(half, paint: .solid(.clear), blendMode: .copy)
        #expect(pixmap.pixel(x: 0, y: 0) == .transparent)
        #expect(pixmap.pixel(x: 1, y: 0) == PremultipliedColor(red: 127, green: 127, blue: 127, alpha: 127))
        #expect(pixmap.pixel(x: 2, y: 0) == .white)
        pixmap.fill(.white)
        pixmap.fill(half, paint: .solid(red), blendMode: .copy, alpha: 0)
        #expect(pixmap.pixel(x: 0, y: 0) == .transparent)
    }
}
