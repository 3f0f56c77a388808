// Loads the references under Golden/ (made by Scripts/references/raster_references.py), replays
// their drawing operations with KinemaRaster and measures the difference.
import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaTestSupport

/// One reference: what to draw (`Spec`, from `<name>.json`) and Skia's or NumPy's pixels.
struct GoldenImage {
    struct Spec: Decodable {
        var width: Int
        var height: Int
        var description: String
        var background: [Float]?
        var ops: [Op]
    }

    struct Op: Decodable {
        var op: String
        var contours: [[[Double]]]?
        var color: [Double]?
        var rule: String?
        var alpha: Float?
        var clip: Clip?
        var rect: [Int]?
        var sigma: Double?
        var blend: String?
        var paint: PaintSpec?
    }

    struct PaintSpec: Decodable {
        var type: String
        var start: [Double]?
        var end: [Double]?
        var c0: [Double]?
        var r0: Double?
        var c1: [Double]?
        var r1: Double?
        var angle: Double?
        var stops: [[Float]]?
        var extend: [Bool]?
        var width: Int?
        var height: Int?
        var pixels: [UInt8]?
        var matrix: [Double]?
        var sampling: String?
        var tile: String?
    }

    struct Clip: Decodable {
        var rect: [Int]?
        var paths: [ClipPath]?
    }

    struct ClipPath: Decodable {
        var contours: [[[Double]]]
        var rule: String
    }

    enum Failure: Error, CustomStringConvertible {
        case malformed(String)
        var description: String {
            switch self {
            case .malformed(let what): "malformed golden: \(what)"
            }
        }
    }

    var name: String
    var spec: Spec
    var reference: Pixmap

    static let folder = GoldenFolder("Golden", in: .module)

    /// The two files of reference `name`: what to draw and the pixels.
    static func files(_ name: String) -> [String] { [name + ".json", name + ".rgba"] }

    init(named name: String) throws {
        self.name = name
        let specData = try Data(contentsOf: Self.folder.url(name + ".json"))
        spec = try JSONDecoder().decode(Spec.self, from: specData)
        let bytes = try [UInt8](Data(contentsOf: Self.folder.url(name + ".rgba")))
        reference = try Pixmap(width: spec.width, height: spec.height, premultipliedBytes: bytes)
    }

    /// Replays the operations with KinemaRaster.
    func render() throws -> Pixmap {
        var pixmap = try Pixmap(width: spec.width, height: spec.height)
        if let b = spec.background, b.count == 4 {
            pixmap.fill(PaintColor(red: b[0], green: b[1], blue: b[2], alpha: b[3]).premultiplied)
        }
        var converter = ScanConverter()
        for op in spec.ops {
            switch op.op {
            case "fill":
                guard let contours = op.contours, let c = op.color, c.count == 4 else { throw Failure.malformed(name) }
                let color = PaintColor(red: Float(c[0]), green: Float(c[1]), blue: Float(c[2]), alpha: Float(c[3]))
                var clip: RasterClip?
                if let r = op.clip?.rect, r.count == 4 { clip = .rect(PixelRect(x: r[0], y: r[1], width: r[2], height: r[3])) }
                if let paths = op.clip?.paths {
                    var mask = try ClipMask(width: spec.width, height: spec.height)
                    for p in paths { mask.intersect(Self.path(p.contours), rule: Self.rule(p.rule), using: &converter) }
                    clip = .mask(mask)
                }
                let paint = try op.paint.map { try Self.paint($0) } ?? .solid(color)
                guard let mode = BlendMode.allCases.first(where: { "\($0)" == (op.blend ?? "normal") }) else {
                    throw Failure.malformed("\(name): blend mode \(op.blend ?? "")")
                }
                pixmap.fill(Self.path(contours), paint: paint, blendMode: mode, rule: Self.rule(op.rule ?? "nonzero"),
                            alpha: op.alpha ?? 1, clip: clip, using: &converter)
            case "pixels":
                guard let r = op.rect, r.count == 4, let c = op.color, c.count == 4 else { throw Failure.malformed(name) }
                let color = PremultipliedColor(red: UInt8(c[0]), green: UInt8(c[1]), blue: UInt8(c[2]), alpha: UInt8(c[3]))
                pixmap.withMutableRegion(PixelRect(x: r[0], y: r[1], width: r[2], height: r[3])) { $0.fill(color) }
            case "blur":
                guard let r = op.rect, r.count == 4, let sigma = op.sigma else { throw Failure.malformed(name) }
                pixmap.withMutableRegion(PixelRect(x: r[0], y: r[1], width: r[2], height: r[3])) { $0.gaussianBlur(sigma: sigma) }
            default:
                throw Failure.malformed("\(name): unknown op \(op.op)")
            }
        }
        return pixmap
    }

    static func paint(_ spec: PaintSpec) throws -> Paint {
        func point(_ p: [Double]?) throws -> DevicePoint {
            guard let p, p.count == 2 else { throw Failure.malformed("point") }
            return DevicePoint(x: p[0], y: p[1])
        }
        let gradient = Gradient(stops: (spec.stops ?? []).map {
            GradientStop(location: $0[0], color: PaintColor(red: $0[1], green: $0[2], blue: $0[3], alpha: $0[4]))
        })
        var extends: GradientExtension = []
        if spec.extend?.first == true { extends.insert(.beforeStart) }
        if spec.extend?.last == true { extends.insert(.afterEnd) }
        switch spec.type {
        case "linear":
            return .linearGradient(LinearGradient(gradient, start: try point(spec.start), end: try point(spec.end), extends: extends))
        case "radial":
            return .radialGradient(RadialGradient(gradient, startCenter: try point(spec.c0), startRadius: spec.r0 ?? 0,
                                                  endCenter: try point(spec.c1), endRadius: spec.r1 ?? 0, extends: extends))
        case "conic":
            return .conicGradient(ConicGradient(gradient, center: try point(spec.c0), startAngle: spec.angle ?? 0))
        case "image":
            guard let w = spec.width, let h = spec.height, let bytes = spec.pixels, let m = spec.matrix, m.count == 9 else {
                throw Failure.malformed("image paint")
            }
            let image = try Pixmap(width: w, height: h, premultipliedBytes: bytes)
            let transform = ProjectiveTransform(m11: m[0], m12: m[1], m13: m[2], m21: m[3], m22: m[4], m23: m[5],
                                                m31: m[6], m32: m[7], m33: m[8])
            let tiling: ImageTiling = switch spec.tile { case "repeat": .repeating; case "clamp": .clamp; default: .decal }
            return .image(ImagePattern(image: image, transform: transform, sampling: spec.sampling == "nearest" ? .nearest : .bilinear,
                                       tiling: tiling))
        default:
            throw Failure.malformed("paint type \(spec.type)")
        }
    }

    static func path(_ contours: [[[Double]]]) -> RasterPath {
        var path = RasterPath()
        for contour in contours { path.addPolygon(contour.map { DevicePoint(x: $0[0], y: $0[1]) }) }
        return path
    }

    static func rule(_ name: String) -> CGPathFillRule { name == "evenodd" ? .evenOdd : .winding }
}
