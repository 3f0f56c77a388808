// The affine image fast path's three span kernels (AVX2 C, portable C, the Swift walk) against
// each other, byte for byte: on whole random drawings through Pixmap.fill, and on random spans
// given to the kernels directly (which also counts the pixels the AVX2 loop did 8 at a time, so a
// vector loop that fell back everywhere could not pass unnoticed).
import CKinemaRasterSupport
import Foundation
import KinemaGeometry
import KinemaSupport
import Testing
@testable import KinemaRaster

/// What random pixels look like.
private enum PixelKind {
    /// Opaque: an opaque image, whose interior the AVX2 kernel stores without blending.
    case opaque
    /// Premultiplied (colour ≤ alpha): mostly opaque, some translucent, some clear.
    case premultiplied
    /// Any bytes at all: colours above alpha, which Pixmap(premultipliedBytes:) keeps and the
    /// kernels must treat alike.
    case anyBytes

    static func random(_ rng: inout SplitMix64) -> PixelKind {
        [.opaque, .premultiplied, .premultiplied, .anyBytes][Int.random(in: 0 ..< 4, using: &rng)]
    }
}

private func randomPixels(_ count: Int, _ kind: PixelKind, _ rng: inout SplitMix64) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * 4)
    for _ in 0 ..< count {
        switch kind {
        case .anyBytes:
            for _ in 0 ..< 4 { bytes.append(UInt8.random(in: 0 ... 255, using: &rng)) }
        case .opaque:
            for _ in 0 ..< 3 { bytes.append(UInt8.random(in: 0 ... 255, using: &rng)) }
            bytes.append(255)
        case .premultiplied:
            let choice = Int.random(in: 0 ..< 10, using: &rng)
            let a: UInt8 = choice < 6 ? 255 : choice < 9 ? UInt8.random(in: 1 ... 254, using: &rng) : 0
            for _ in 0 ..< 3 { bytes.append(UInt8.random(in: 0 ... a, using: &rng)) }
            bytes.append(a)
        }
    }
    return bytes
}

/// One random drawing of an image through the fast path.
private struct KernelScene {
    var image: Pixmap
    var background: Pixmap
    var pattern: ImagePattern
    var path: RasterPath
    var alpha: Float
    var clip: RasterClip?

    static func random(_ rng: inout SplitMix64, canvas: Int) throws -> KernelScene {
        let width = Int.random(in: 1 ... 40, using: &rng), height = Int.random(in: 1 ... 40, using: &rng)
        let image = try Pixmap(width: width, height: height,
                               premultipliedBytes: randomPixels(width * height, PixelKind.random(&rng), &rng))
        let background = try Pixmap(width: canvas, height: canvas,
                                    premultipliedBytes: randomPixels(canvas * canvas, PixelKind.random(&rng), &rng))
        // Rotation, scale from minifying to strongly magnifying, some shear, possibly a reflection.
        let angle = Double.random(in: -Double.pi ... Double.pi, using: &rng)
        let sx = Double.random(in: 0.2 ... 8, using: &rng) * (Int.random(in: 0 ..< 6, using: &rng) == 0 ? -1 : 1)
        let sy = Double.random(in: 0.2 ... 8, using: &rng)
        let shear = Bool.random(using: &rng) ? Double.random(in: -1 ... 1, using: &rng) : 0
        let (c, s) = (cos(angle), sin(angle))
        let extent = Double(canvas)
        let tx = Double.random(in: -0.2 * extent ... extent, using: &rng), ty = Double.random(in: -0.2 * extent ... extent, using: &rng)
        // One in four: moved only (one texel per pixel, the AVX2 kernel's row loads).
        let transform = Int.random(in: 0 ..< 4, using: &rng) == 0
            ? ProjectiveTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
            : ProjectiveTransform(a: c * sx, b: s * sx, c: c * shear * sy - s * sy, d: s * shear * sy + c * sy, tx: tx, ty: ty)
        var path = RasterPath()
        if Bool.random(using: &rng) {
            path.addRect(x: 0, y: 0, width: extent, height: extent)
        } else {
            path.addPolygon((0 ..< Int.random(in: 3 ... 6, using: &rng)).map { _ in
                DevicePoint(x: (Double.random(in: -0.2 * extent ... 1.2 * extent, using: &rng) * 256).rounded() / 256,
                            y: (Double.random(in: -0.2 * extent ... 1.2 * extent, using: &rng) * 256).rounded() / 256)
            })
        }
        var clip: RasterClip?
        switch Int.random(in: 0 ..< 3, using: &rng) {
        case 0: clip = nil
        case 1: clip = .rect(PixelRect(x: Int.random(in: 0 ..< canvas / 2, using: &rng), y: 0, width: canvas / 2, height: canvas))
        default:
            var mask = try ClipMask(width: canvas, height: canvas)
            var triangle = RasterPath()
            triangle.addPolygon([DevicePoint(x: 0, y: 0), DevicePoint(x: extent, y: extent / 3), DevicePoint(x: extent / 4, y: extent)])
            var converter = ScanConverter()
            mask.intersect(triangle, using: &converter)
            clip = .mask(mask)
        }
        let pattern = ImagePattern(image: image, transform: transform,
                                   sampling: Bool.random(using: &rng) ? .bilinear : .nearest,
                                   tiling: [ImageTiling.decal, .clamp, .repeating][Int.random(in: 0 ..< 3, using: &rng)])
        let alpha: Float = Bool.random(using: &rng) ? 1 : Float.random(in: 0.02 ... 1, using: &rng)
        return KernelScene(image: image, background: background, pattern: pattern, path: path, alpha: alpha, clip: clip)
    }

    func render(_ kernel: AffineImageKernel, window: PixelRect? = nil, fastPaths: Bool = true) -> Pixmap {
        var pixmap = background
        var converter = ScanConverter()
        pixmap.withMutableRegion {
            $0.writeWindow = window
            $0.fill(path, paint: .image(pattern), blendMode: .normal, rule: .winding, alpha: alpha, clip: clip,
                    using: &converter, fastPaths: fastPaths, imageKernel: kernel)
        }
        return pixmap
    }
}

@Suite("Affine image span kernels")
struct ImageSpanKernelTests {
    @Test("the C kernels draw exactly the Swift walk's bytes on random affine drawings")
    func randomDrawings() throws {
        var rng = SplitMix64(state: 0x5349_4D44_3238)
        for index in 0 ..< 120 {
            let scene = try KernelScene.random(&rng, canvas: 40)
            let reference = scene.render(.swift)
            #expect(scene.render(.portableC) == reference, "scene \(index): portable C differs from the Swift walk")
            #expect(scene.render(.avx2) == reference, "scene \(index): AVX2 differs from the Swift walk")
        }
    }

    @Test("on random spans the C kernels match the Swift walk byte for byte, the AVX2 loop doing most pixels")
    func randomSpans() throws {
        var rng = SplitMix64(state: 0x5350_414E_53)
        var vectorPixels: Int64 = 0, pixels: Int64 = 0
        for index in 0 ..< 1500 {
            let width = Int.random(in: 1 ... 20, using: &rng), height = Int.random(in: 1 ... 20, using: &rng)
            let texelBytes = randomPixels(width * height, PixelKind.random(&rng), &rng)
            // Packed as Pixmap packs them: the bytes in memory order.
            let texels = (0 ..< width * height).map { (k: Int) -> UInt32 in
                var texel: UInt32 = 0
                for c in 0 ..< 4 { texel |= UInt32(texelBytes[4 * k + c]) << UInt32(8 * c) }
                return UInt32(littleEndian: texel)
            }
            let count = Int.random(in: 1 ... 70, using: &rng)
            let backdrop = (0 ..< count).map { _ in UInt32.random(in: 0 ... .max, using: &rng) }
            let texel = Int64(1) << 32
            // Mostly around the image (edges and tiling), sometimes far out near the ±2^30 limit.
            let far = Int.random(in: 0 ..< 20, using: &rng) == 0
            let u = far ? Int64.random(in: -(1 << 29) ... (1 << 29), using: &rng) * texel
                        : Int64.random(in: -3 * texel ... Int64(width + 3) * texel, using: &rng)
            let v = far ? Int64.random(in: -(1 << 29) ... (1 << 29), using: &rng) * texel
                        : Int64.random(in: -3 * texel ... Int64(height + 3) * texel, using: &rng)
            let stepRange = Bool.random(using: &rng) ? texel : texel / 16
            // One in four: one texel per pixel along the row (the AVX2 kernel's row loads).
            let unitStep = Int.random(in: 0 ..< 4, using: &rng) == 0
            let du = unitStep ? texel : Int64.random(in: -stepRange ... stepRange, using: &rng)
            let dv = unitStep ? 0 : Int64.random(in: -stepRange ... stepRange, using: &rng)
            let factor = Bool.random(using: &rng) ? FineColorFormat.one : Int32.random(in: 1 ... FineColorFormat.one, using: &rng)
            let tiling = [ImageTiling.decal, .clamp, .repeating][index % 3]
            let sampling: ImageSampling = index % 2 == 0 ? .bilinear : .nearest
            let tilingCode = [KINEMA_TILING_DECAL, KINEMA_TILING_CLAMP, KINEMA_TILING_REPEAT][index % 3]

            var swift = backdrop, portable = backdrop, avx2 = backdrop
            texels.withUnsafeBufferPointer { image in
                guard let start = image.baseAddress else { return }
                func span(_ destination: UnsafeMutablePointer<UInt32>) -> kinema_image_span {
                    kinema_image_span(destination: destination, texels: start, count: Int64(count), u: u, v: v, du: du, dv: dv,
                                      width: Int64(width), height: Int64(height), factor: factor, tiling: tilingCode,
                                      bilinear: sampling == .bilinear ? 1 : 0)
                }
                swift.withUnsafeMutableBufferPointer { pixels in
                    guard let destination = pixels.baseAddress else { return }
                    AffineImageBlitter.walk(span(destination), image: TexelSource(texels: start, width: width, height: height, tiling: tiling),
                                            sampling: sampling)
                }
                portable.withUnsafeMutableBufferPointer { pixels in
                    guard let destination = pixels.baseAddress else { return }
                    var description = span(destination)
                    #expect(kinema_image_span_blend_portable(&description) == 0)
                }
                avx2.withUnsafeMutableBufferPointer { pixels in
                    guard let destination = pixels.baseAddress else { return }
                    var description = span(destination)
                    vectorPixels += kinema_image_span_blend_avx2(&description)
                }
            }
            pixels += Int64(count)
            #expect(portable == swift, "span \(index): portable C differs from the Swift walk")
            #expect(avx2 == swift, "span \(index): AVX2 differs from the Swift walk")
        }
        if kinema_image_span_has_avx2() != 0 {
            // Groups of 8 wholly inside the image: about four in five pixels of these spans.
            #expect(vectorPixels * 2 > pixels, "AVX2 loop did \(vectorPixels) of \(pixels) pixels")
        } else {
            #expect(vectorPixels == 0)
        }
    }

    @Test("⌊(α + 127) / 255⌋ through Float, as the AVX2 kernel divides, is exact for every alpha it meets")
    func divisionByFloat() {
        // α + 127 runs over 127 ... 255 × 2^14 + 127. Rounding is monotonic, so the Float quotient
        // (truncated) is non-decreasing in its argument, as the exact one is; both agreeing on
        // each side of every step (255q − 1 and 255q) and at the ends makes them agree everywhere
        // between.
        let low = UInt32(127), high = UInt32(FineColorFormat.opaque) + 127
        func viaFloat(_ y: UInt32) -> UInt32 { UInt32(Float(y) * (1 / Float(255))) }
        var wrong: [UInt32] = []
        for y in [low, high] where viaFloat(y) != y / 255 { wrong.append(y) }
        for q in UInt32(1) ... high / 255 {
            for y in [255 * q - 1, 255 * q] where y >= low && y <= high && viaFloat(y) != y / 255 { wrong.append(y) }
        }
        #expect(wrong.isEmpty, "Float division wrong at \(wrong.prefix(8))")
    }
}

@Suite("Write windows")
struct WriteWindowTests {
    /// Whether `windowed` has `whole`'s pixels inside `window` and `background`'s outside it.
    static func matches(_ windowed: Pixmap, whole: Pixmap, background: Pixmap, window: PixelRect) -> Bool {
        for y in 0 ..< whole.height {
            for x in 0 ..< whole.width {
                let expected = window.contains(x: x, y: y) ? whole.pixel(x: x, y: y) : background.pixel(x: x, y: y)
                if windowed.pixel(x: x, y: y) != expected { return false }
            }
        }
        return true
    }

    static func randomWindow(_ rng: inout SplitMix64, canvas: Int) -> PixelRect {
        let x = Int.random(in: -4 ..< canvas, using: &rng), y = Int.random(in: -4 ..< canvas, using: &rng)
        return PixelRect(x: x, y: y, width: Int.random(in: 0 ... canvas / 2, using: &rng), height: Int.random(in: 0 ... canvas / 2, using: &rng))
    }

    @Test("an image fill through a write window changes exactly the window's pixels, each as the whole fill does")
    func imageFills() throws {
        // The image walk steps from each run's first pixel, so a run cut at the window would
        // sample differently: the window must put pixels back rather than cut runs.
        var rng = SplitMix64(state: 0x5749_4E44_4F57)
        for index in 0 ..< 120 {
            let scene = try KernelScene.random(&rng, canvas: 40)
            let window = Self.randomWindow(&rng, canvas: 40)
            for (kernel, fast) in [(AffineImageKernel.automatic, true), (.automatic, false), (.swift, true)] {
                let whole = scene.render(kernel, fastPaths: fast)
                let windowed = scene.render(kernel, window: window, fastPaths: fast)
                #expect(Self.matches(windowed, whole: whole, background: scene.background, window: window),
                        "scene \(index), window \(window), \(kernel) fast \(fast)")
            }
        }
    }

    @Test("solid fills and shadow planes through a write window change exactly the window's pixels")
    func solidFillsAndShadowPlanes() throws {
        var rng = SplitMix64(state: 0x534F_4C49_44)
        for index in 0 ..< 60 {
            let scene = try KernelScene.random(&rng, canvas: 40)
            let window = Self.randomWindow(&rng, canvas: 40)
            let color = PaintColor(red: 0.8, green: 0.3, blue: 0.1, alpha: Float.random(in: 0.2 ... 1, using: &rng))
            let plane = (0 ..< 30 * 20).map { _ in Float.random(in: 0 ... 1, using: &rng) }
            let at = (Double.random(in: -5 ... 20, using: &rng), Double.random(in: -5 ... 20, using: &rng))
            func draw(_ window: PixelRect?) -> Pixmap {
                var pixmap = scene.background
                var converter = ScanConverter()
                pixmap.withMutableRegion { region in
                    region.writeWindow = window
                    region.fill(scene.path, color: color, rule: .evenOdd, alpha: scene.alpha, clip: scene.clip, using: &converter)
                    plane.withUnsafeBufferPointer { p in
                        guard let base = p.baseAddress else { return }
                        ShadowMask.paint(base, width: 30, height: 20, color: 0x8020_1040, at: at.0, at.1, into: region,
                                         clip: PixelRect(x: 2, y: 0, width: 36, height: 40))
                    }
                }
                return pixmap
            }
            #expect(Self.matches(draw(window), whole: draw(nil), background: scene.background, window: window),
                    "scene \(index), window \(window)")
        }
    }
}
