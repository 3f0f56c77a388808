// The pixel benchmarks' work, defined once: every shape, colour, curve, image placement and
// the image itself come from one seeded SplitMix64 stream here. `kinema bench` hands the same
// values to the peer renderers as a JSON file (`RasterWorkload+Export.swift`), so Kinema and every
// peer draw exactly the same geometry.
//
// Coordinates are rounded to 1/256 px: such values are exact in Float (Skia's scalar), in
// Double (cairo, Blend2D) and in the 24.8 fixed point of Kinema's and cairo's scan converters,
// so no renderer sees a slightly different shape.
import KinemaSupport
import Foundation
import KinemaGeometry
import KinemaRaster

/// The workloads' random source: KinemaGeometry's SplitMix64, seeded by a number.
typealias BenchRandom = SplitMix64

extension SplitMix64 {
    init(seed: UInt64) { self.init(state: seed) }

    /// A byte from the top 8 bits.
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 56) }
}

/// An sRGB colour as three bytes; every shape is drawn with it at `RasterWorkload.alpha`.
struct BenchColor: Hashable {
    var red, green, blue: UInt8

    func paint(alpha: Float) -> PaintColor {
        PaintColor(red: Float(red) / 255, green: Float(green) / 255, blue: Float(blue) / 255, alpha: alpha)
    }
}

/// A cubic Bézier segment: start, two control points, end.
struct BenchCubic: Hashable {
    var p0, p1, p2, p3: DevicePoint
}

/// All the pixel benchmarks' inputs. Built by `RasterWorkload.standard`; nothing else makes one.
struct RasterWorkload {
    static let width = 1280
    static let height = 720
    /// Every shape's and curve's alpha (source-over).
    static let alpha: Float = 0.8
    static let shapeCount = 10_000
    static let curveCount = 1_000
    static let strokeWidth = 3.0
    static let imageSize = 256
    static let imagePlacementCount = 100
    static let blurSigma = 10.0
    /// Shapes and curves span 4 ... 200 px (the sizes).
    static let minimumSize = 4.0, maximumSize = 200.0
    /// The seed of every stream: "KINEMA" in ASCII, as the first raster benchmark used.
    static let seed: UInt64 = 0x4B49_4E45_4D41

    struct Triangle { var points: (DevicePoint, DevicePoint, DevicePoint); var color: BenchColor }
    /// A closed shape: `segments` run end to start, the last ending where the first starts.
    struct CubicShape { var segments: [BenchCubic]; var color: BenchColor }
    struct Curve { var cubic: BenchCubic; var color: BenchColor }
    /// Where one copy of the image lands: `transform` maps image pixels to device pixels.
    struct ImagePlacement { var x, y, angle, scale: Double; var transform: ProjectiveTransform }

    var triangles: [Triangle] = []
    var cubicShapes: [CubicShape] = []
    var curves: [Curve] = []
    var placements: [ImagePlacement] = []
    /// The 256×256 opaque image (`makeImage`).
    var image: Pixmap

    static let standard = RasterWorkload()

    private init() {
        // Separate streams (seed + k) so adding to one workload never changes another.
        var random = BenchRandom(seed: Self.seed)
        triangles = (0 ..< Self.shapeCount).map { _ in Self.makeTriangle(&random) }
        random = BenchRandom(seed: Self.seed &+ 1)
        cubicShapes = (0 ..< Self.shapeCount).map { _ in Self.makeCubicShape(&random) }
        random = BenchRandom(seed: Self.seed &+ 2)
        curves = (0 ..< Self.curveCount).map { _ in Self.makeCurve(&random) }
        random = BenchRandom(seed: Self.seed &+ 3)
        placements = (0 ..< Self.imagePlacementCount).map { _ in Self.makePlacement(&random) }
        image = Self.makeImage()
    }

    /// `value` rounded to 1/256 px (see the file header).
    static func grid(_ value: Double) -> Double { (value * 256).rounded() / 256 }

    static func point(_ x: Double, _ y: Double) -> DevicePoint { DevicePoint(x: grid(x), y: grid(y)) }

    private static func size(_ random: inout BenchRandom) -> Double {
        minimumSize + (maximumSize - minimumSize) * random.unit()
    }

    private static func color(_ random: inout BenchRandom) -> BenchColor {
        BenchColor(red: random.byte(), green: random.byte(), blue: random.byte())
    }

    /// Three corners anywhere in a square of side 4 ... 200 px centred anywhere in the frame.
    private static func makeTriangle(_ random: inout BenchRandom) -> Triangle {
        let s = size(&random)
        let cx = Double(width) * random.unit(), cy = Double(height) * random.unit()
        func corner() -> DevicePoint { point(cx + s * (random.unit() - 0.5), cy + s * (random.unit() - 0.5)) }
        let a = corner(), b = corner(), c = corner()
        return Triangle(points: (a, b, c), color: color(&random))
    }

    /// A blob of four cubic segments around a centre: anchors at jittered quarter turns and radii
    /// 0.6 ... 1 of the half-size, control points on the rays a third and two thirds of the way
    /// between anchors at radii 0.3 ... 1, so the outline rarely crosses itself.
    private static func makeCubicShape(_ random: inout BenchRandom) -> CubicShape {
        let half = size(&random) / 2
        let cx = Double(width) * random.unit(), cy = Double(height) * random.unit()
        let turn = 2 * Double.pi * random.unit()
        func polar(_ angle: Double, _ radius: Double) -> DevicePoint {
            point(cx + radius * cos(angle), cy + radius * sin(angle))
        }
        let angles = (0 ..< 4).map { k in turn + (Double(k) + 0.25 * (random.unit() - 0.5)) * Double.pi / 2 }
        let anchors = angles.map { polar($0, half * (0.6 + 0.4 * random.unit())) }
        let segments = (0 ..< 4).map { k in
            let from = angles[k], to = k == 3 ? angles[0] + 2 * Double.pi : angles[k + 1]
            let c1 = polar(from + (to - from) / 3, half * (0.3 + 0.7 * random.unit()))
            let c2 = polar(from + 2 * (to - from) / 3, half * (0.3 + 0.7 * random.unit()))
            return BenchCubic(p0: anchors[k], p1: c1, p2: c2, p3: anchors[(k + 1) % 4])
        }
        return CubicShape(segments: segments, color: color(&random))
    }

    /// An open cubic whose four points lie in a square of side 4 ... 200 px.
    private static func makeCurve(_ random: inout BenchRandom) -> Curve {
        let s = size(&random)
        let cx = Double(width) * random.unit(), cy = Double(height) * random.unit()
        func p() -> DevicePoint { point(cx + s * (random.unit() - 0.5), cy + s * (random.unit() - 0.5)) }
        let p0 = p(), p1 = p(), p2 = p(), p3 = p()
        return Curve(cubic: BenchCubic(p0: p0, p1: p1, p2: p2, p3: p3), color: color(&random))
    }

    /// Centre anywhere in the frame, any rotation, scale 0.5 ... 1.5; the image's centre lands on
    /// the centre: translate(x, y) · rotate(angle) · scale(s) · translate(−128, −128).
    private static func makePlacement(_ random: inout BenchRandom) -> ImagePlacement {
        let x = grid(Double(width) * random.unit()), y = grid(Double(height) * random.unit())
        let angle = 2 * Double.pi * random.unit()
        let scale = 0.5 + random.unit()
        let a = scale * cos(angle), b = scale * sin(angle), c = -b, d = a
        let half = Double(imageSize) / 2
        let transform = ProjectiveTransform(a: a, b: b, c: c, d: d, tx: x - half * (a + c), ty: y - half * (b + d))
        return ImagePlacement(x: x, y: y, angle: angle, scale: scale, transform: transform)
    }

    /// The image: an opaque colour ramp (red across, green down) under a 32 px checker that
    /// halves the brightness of alternate squares, with a 2 px dark frame — sharp edges at
    /// several angles, so sampling differences show.
    static func makeImage() -> Pixmap {
        let n = imageSize
        var bytes = [UInt8](repeating: 255, count: n * n * 4)
        for y in 0 ..< n {
            for x in 0 ..< n {
                let dark = ((x / 32) + (y / 32)) % 2 == 1
                let frame = x < 2 || y < 2 || x >= n - 2 || y >= n - 2
                var r = x, g = y, b = 255 - (x + y) / 2
                if dark { r /= 2; g /= 2; b /= 2 }
                if frame { (r, g, b) = (24, 24, 24) }
                let i = (y * n + x) * 4
                bytes[i] = UInt8(r); bytes[i + 1] = UInt8(g); bytes[i + 2] = UInt8(b)
            }
        }
        // The byte count matches the size by construction, so this never fails.
        return (try? Pixmap(width: n, height: n, premultipliedBytes: bytes)) ?? Self.blankImage
    }

    private static let blankImage: Pixmap = {
        guard let pixmap = try? Pixmap(width: imageSize, height: imageSize) else { preconditionFailure("256×256 is a valid size") }
        return pixmap
    }()
}

/// Cubic Béziers into line segments by uniform subdivision, the step count from Wang's bound so
/// the polyline is within `tolerance` px of the curve: n = ⌈√(3·M / (4·tol))⌉ with M the larger
/// second difference of the control points. Local to the benchmark until the engine's path
/// flattener is merged (see docs/BENCHMARKS.md).
enum BenchFlattener {
    static let tolerance = 0.2
    static let maximumSteps = 64

    static func steps(_ c: BenchCubic) -> Int {
        let ax = c.p0.x - 2 * c.p1.x + c.p2.x, ay = c.p0.y - 2 * c.p1.y + c.p2.y
        let bx = c.p1.x - 2 * c.p2.x + c.p3.x, by = c.p1.y - 2 * c.p2.y + c.p3.y
        let m = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        let n = (3 * m / (4 * tolerance)).squareRoot().rounded(.up)
        return n.isFinite ? min(max(Int(n), 1), maximumSteps) : maximumSteps
    }

    /// Appends the curve's points after its start (the start is the caller's current point).
    static func append(_ c: BenchCubic, to path: inout RasterPath) {
        let n = steps(c)
        let step = 1 / Double(n)
        for i in 1 ... n {
            let t = Double(i) * step, u = 1 - t
            let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
            path.addLine(to: DevicePoint(x: w0 * c.p0.x + w1 * c.p1.x + w2 * c.p2.x + w3 * c.p3.x,
                                         y: w0 * c.p0.y + w1 * c.p1.y + w2 * c.p2.y + w3 * c.p3.y))
        }
    }

    /// Appends a `Path`'s elements (a stroker's outline: lines only, but curves are flattened
    /// too) as RasterPath contours.
    static func append(_ path: Path, to raster: inout RasterPath) {
        var current = DevicePoint(x: 0, y: 0)
        func device(_ p: CGPoint) -> DevicePoint { DevicePoint(x: Double(p.x), y: Double(p.y)) }
        path.forEachElement { element in
            switch element {
            case .moveTo(let p):
                current = device(p)
                raster.move(to: current)
            case .lineTo(let p):
                current = device(p)
                raster.addLine(to: current)
            case .quadCurveTo(let c, let p):
                // The quadratic as its exact cubic (control points 2/3 of the way to c).
                let q = device(c), e = device(p)
                let c1 = DevicePoint(x: current.x + 2 / 3 * (q.x - current.x), y: current.y + 2 / 3 * (q.y - current.y))
                let c2 = DevicePoint(x: e.x + 2 / 3 * (q.x - e.x), y: e.y + 2 / 3 * (q.y - e.y))
                append(BenchCubic(p0: current, p1: c1, p2: c2, p3: e), to: &raster)
                current = e
            case .curveTo(let c1, let c2, let p):
                let e = device(p)
                append(BenchCubic(p0: current, p1: device(c1), p2: device(c2), p3: e), to: &raster)
                current = e
            case .closeSubpath:
                raster.closeContour()
            }
        }
    }
}
