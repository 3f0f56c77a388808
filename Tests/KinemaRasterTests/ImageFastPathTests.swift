// The affine image fast path (AffineImageBlitter) against the general Float path it stands in
// for, on seeded random images, transforms, shapes, clips and global alphas, so the two can never
// silently diverge.
import KinemaSupport
import Foundation
import KinemaGeometry
import Testing
@testable import KinemaRaster

/// One random drawing: an image, its placement, the shape it fills and how.
private struct Scene: CustomStringConvertible {
    var image: Pixmap
    var background: Pixmap
    var transform: ProjectiveTransform
    var path: RasterPath
    var sampling: ImageSampling
    var tiling: ImageTiling
    var alpha: Float
    var clip: RasterClip?

    var description: String { "transform \(transform), \(sampling), \(tiling), alpha \(alpha), clip \(clip.map { "\($0)".prefix(40) } ?? "none")" }

    static func random(_ rng: inout SplitMix64, canvas: Int) throws -> Scene {
        let width = Int.random(in: 1 ... 24, using: &rng), height = Int.random(in: 1 ... 24, using: &rng)
        var image = try Pixmap(width: width, height: height)
        // Premultiplied texels: mostly opaque, some translucent, some transparent (as images are).
        for y in 0 ..< height {
            for x in 0 ..< width {
                let kind = Int.random(in: 0 ..< 10, using: &rng)
                let a: UInt8 = kind < 6 ? 255 : kind < 9 ? UInt8.random(in: 1 ... 254, using: &rng) : 0
                image.setPixel(x: x, y: y, to: PremultipliedColor(red: UInt8.random(in: 0 ... a, using: &rng),
                                                                  green: UInt8.random(in: 0 ... a, using: &rng),
                                                                  blue: UInt8.random(in: 0 ... a, using: &rng), alpha: a))
            }
        }
        var background = try Pixmap(width: canvas, height: canvas)
        let opaque = Bool.random(using: &rng)
        for y in 0 ..< canvas {
            for x in 0 ..< canvas {
                let a: UInt8 = opaque ? 255 : UInt8.random(in: 0 ... 255, using: &rng)
                background.setPixel(x: x, y: y, to: PremultipliedColor(red: UInt8.random(in: 0 ... a, using: &rng),
                                                                       green: UInt8.random(in: 0 ... a, using: &rng),
                                                                       blue: UInt8.random(in: 0 ... a, using: &rng), alpha: a))
            }
        }
        // Rotation, scale from minifying to magnifying, some shear, possibly a reflection.
        let angle = Double.random(in: -Double.pi ... Double.pi, using: &rng)
        let sx = Double.random(in: 0.3 ... 6, using: &rng) * (Int.random(in: 0 ..< 6, using: &rng) == 0 ? -1 : 1)
        let sy = Double.random(in: 0.3 ... 6, using: &rng)
        let shear = Bool.random(using: &rng) ? Double.random(in: -1 ... 1, using: &rng) : 0
        let (c, s) = (cos(angle), sin(angle))
        let tx = Double.random(in: 0 ... Double(canvas), using: &rng), ty = Double.random(in: 0 ... Double(canvas), using: &rng)
        // Matrix = rotation × (scale with shear): x' = a·x + c·y + tx.
        let transform = ProjectiveTransform(a: c * sx, b: s * sx, c: c * shear * sy - s * sy, d: s * shear * sy + c * sy,
                                            tx: tx, ty: ty)
        var path = RasterPath()
        let corners = Int.random(in: 3 ... 5, using: &rng)
        let extent = Double(canvas)
        path.addPolygon((0 ..< corners).map { _ in
            DevicePoint(x: Double.random(in: -0.2 * extent ... 1.2 * extent, using: &rng).rounded256,
                        y: Double.random(in: -0.2 * extent ... 1.2 * extent, using: &rng).rounded256)
        })
        let alpha: Float = Bool.random(using: &rng) ? 1 : Float.random(in: 0.05 ... 1, using: &rng)
        var clip: RasterClip?
        switch Int.random(in: 0 ..< 3, using: &rng) {
        case 0: clip = nil
        case 1: clip = .rect(PixelRect(x: Int.random(in: 0 ..< canvas / 2, using: &rng), y: Int.random(in: 0 ..< canvas / 2, using: &rng),
                                       width: canvas / 2, height: canvas / 2))
        default:
            var mask = try ClipMask(width: canvas, height: canvas)
            var circle = RasterPath()
            let r = extent / 3
            circle.addPolygon((0 ..< 32).map { k in
                let t = Double(k) / 32 * 2 * Double.pi
                return DevicePoint(x: extent / 2 + r * cos(t), y: extent / 2 + r * sin(t))
            })
            var converter = ScanConverter()
            mask.intersect(circle, using: &converter)
            clip = .mask(mask)
        }
        return Scene(image: image, background: background, transform: transform, path: path,
                     sampling: Bool.random(using: &rng) ? .bilinear : .nearest,
                     tiling: [ImageTiling.decal, .clamp, .repeating][Int.random(in: 0 ..< 3, using: &rng)], alpha: alpha, clip: clip)
    }

    func render(fastPaths: Bool) -> Pixmap {
        var pixmap = background
        var converter = ScanConverter()
        let paint = Paint.image(ImagePattern(image: image, transform: transform, sampling: sampling, tiling: tiling))
        pixmap.withMutableRegion {
            $0.fill(path, paint: paint, blendMode: .normal, rule: .winding, alpha: alpha, clip: clip, using: &converter,
                    fastPaths: fastPaths)
        }
        return pixmap
    }
}

private extension Double {
    /// Rounded to 1/256 px, exact in the scan converter's 24.8 fixed point.
    var rounded256: Double { (self * 256).rounded() / 256 }
}

@Suite("Affine image fast path")
struct ImageFastPathTests {
    /// The fast path keeps the filtered colour unrounded (units of 2^-14 level) through
    /// coverage, global alpha and source-over, rounding once as the general path does; each
    /// intermediate is within about 0.1 level of the Float value. So the two may differ only
    /// where the exact value lies within that of a rounding boundary, and then by one level.
    static let allowedDifference = 1

    @Test("matches the general path on random affine drawings, to one level of rounding")
    func randomAffine() throws {
        var rng = SplitMix64(state: 0x4B49_4E45_4D41)
        var worst = 0, differing = 0, channels = 0
        for index in 0 ..< 300 {
            let scene = try Scene.random(&rng, canvas: 40)
            let fast = scene.render(fastPaths: true), general = scene.render(fastPaths: false)
            let a = fast.premultipliedBytes, b = general.premultipliedBytes
            var sceneWorst = 0
            for i in a.indices {
                let difference = abs(Int(a[i]) - Int(b[i]))
                sceneWorst = max(sceneWorst, difference)
                if difference > 0 { differing += 1 }
            }
            channels += a.count
            worst = max(worst, sceneWorst)
            #expect(sceneWorst <= Self.allowedDifference, "scene \(index): \(scene) differs by \(sceneWorst) levels")
        }
        // Rounding differences only: rare, not systematic.
        #expect(Double(differing) / Double(channels) < 0.01,
                "image fast path vs general: worst \(worst) levels, \(differing) of \(channels) channels differ")
    }

    @Test("images that break the premultiplied invariant give valid pixels and never trap")
    func invalidTexels() throws {
        // Colour bytes above alpha, as Pixmap(premultipliedBytes:) keeps them.
        let image = try Pixmap(width: 2, height: 2, premultipliedBytes: [255, 255, 255, 10, 200, 0, 255, 0,
                                                                         255, 40, 0, 128, 255, 255, 255, 255])
        var path = RasterPath()
        path.addRect(x: 0.5, y: 0.5, width: 15, height: 15)
        for sampling in [ImageSampling.bilinear, .nearest] {
            for alpha: Float in [1, 0.6] {
                var pixmap = try Pixmap(width: 16, height: 16)
                pixmap.fill(PremultipliedColor(red: 200, green: 100, blue: 50, alpha: 200))
                let t = ProjectiveTransform(a: 5, b: 1, c: -1, d: 5, tx: 3, ty: 1)
                pixmap.fill(path, paint: .image(ImagePattern(image: image, transform: t, sampling: sampling, tiling: .clamp)), alpha: alpha)
                let bytes = pixmap.premultipliedBytes
                for p in stride(from: 0, to: bytes.count, by: 4) {
                    #expect(bytes[p] <= bytes[p + 3] && bytes[p + 1] <= bytes[p + 3] && bytes[p + 2] <= bytes[p + 3], "pixel \(p / 4)")
                }
            }
        }
    }

    @Test("an opaque image at full coverage is its filtered colour exactly, as the general path gives")
    func opaqueInterior() throws {
        var image = try Pixmap(width: 4, height: 4)
        for y in 0 ..< 4 {
            for x in 0 ..< 4 {
                image.setPixel(x: x, y: y, to: PremultipliedColor(red: UInt8(x * 80), green: UInt8(y * 80), blue: 7, alpha: 255))
            }
        }
        var path = RasterPath()
        path.addRect(x: 0, y: 0, width: 32, height: 32)
        // Scaled 8×: centre 12.5 → u = 12.5 / 8 − 0.5 = 1.0625, between texels 1 and 2 at 1/16.
        let pattern = ImagePattern(image: image, transform: ProjectiveTransform(a: 8, b: 0, c: 0, d: 8, tx: 0, ty: 0),
                                   sampling: .bilinear, tiling: .clamp)
        var fast = try Pixmap(width: 32, height: 32), general = fast
        fast.fill(path, paint: .image(pattern))
        general.withMutableRegion { region in
            var converter = ScanConverter()
            region.fill(path, paint: .image(pattern), blendMode: .normal, rule: .winding, alpha: 1, clip: nil,
                        using: &converter, fastPaths: false)
        }
        #expect(fast == general)
        // 80 + 80 × 1/16 = 85 exactly.
        #expect(fast.pixel(x: 12, y: 0)?.red == 85)
    }
}
