// The compositor golden scenes: CompositorGolden/scenes.json decoded, and each scene's layer
// spec built as a CALayer tree. Scripts/references/compositor_goldens.py reads the same file and
// draws the references with Skia; the format is described in that file's first entry ("format").
import Foundation
import KinemaImageIO
import KinemaRaster
@testable import OpenQuartzCore

/// The scene file: every scene the golden tests draw.
struct GoldenSceneFile: Decodable {
    var scenes: [GoldenScene]
}

/// One scene: a viewport in points, the pixels per point, a layer tree and the accepted
/// difference from its reference with the reason for it.
struct GoldenScene: Decodable, Sendable {
    var name: String
    var width: Double
    var height: Double
    var scale: Double
    var tolerance: Tolerance
    var root: GoldenLayerSpec

    struct Tolerance: Decodable, Sendable {
        /// The largest accepted difference in any channel of any pixel (0…255).
        var max: Int
        /// The largest accepted mean channel difference over the image.
        var mean: Double
        var reason: String
    }

    var pixelWidth: Int { Int((width * scale).rounded()) }
    var pixelHeight: Int { Int((height * scale).rounded()) }
}

/// A transform as steps applied to points in order (first step first).
struct GoldenTransformStep: Decodable, Sendable {
    var kind: String
    var numbers: [Double]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a transform step has one key"))
        }
        kind = key.stringValue
        if let single = try? container.decode(Double.self, forKey: key) {
            numbers = [single]
        } else {
            numbers = try container.decode([Double].self, forKey: key)
        }
    }

    /// The step as a CATransform3D (row vectors, Apple's layout).
    func matrix() throws -> CATransform3D {
        let v = numbers.map { CGFloat($0) }
        func need(_ n: Int) throws {
            guard v.count == n else { throw GoldenSceneError.malformed("transform step \(kind) needs \(n) numbers") }
        }
        switch kind {
        case "translate": try need(3); return CATransform3DMakeTranslation(v[0], v[1], v[2])
        case "scale": try need(3); return CATransform3DMakeScale(v[0], v[1], v[2])
        case "rotateZ": try need(1); return CATransform3DMakeRotation(v[0] * .pi / 180, 0, 0, 1)
        case "rotateY": try need(1); return CATransform3DMakeRotation(v[0] * .pi / 180, 0, 1, 0)
        case "rotateX": try need(1); return CATransform3DMakeRotation(v[0] * .pi / 180, 1, 0, 0)
        case "m34":
            try need(1)
            var m = CATransform3DIdentity
            m.m34 = v[0]
            return m
        case "matrix":
            try need(16)
            guard let m = CATransform3D(entries: numbers) else { throw GoldenSceneError.malformed("matrix step") }
            return m
        default: throw GoldenSceneError.malformed("unknown transform step \(kind)")
        }
    }

    static func compose(_ steps: [GoldenTransformStep]) throws -> CATransform3D {
        try steps.reduce(CATransform3DIdentity) { CATransform3DConcat($0, try $1.matrix()) }
    }
}

/// A path element: rect, ellipse, move, line, cubic, close.
struct GoldenPathElement: Decodable, Sendable {
    var kind: String
    var numbers: [Double]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a path element has one key"))
        }
        kind = key.stringValue
        numbers = (try? container.decode([Double].self, forKey: key)) ?? []
    }

    static func path(_ elements: [GoldenPathElement]) throws -> CGPath {
        let path = CGMutablePath()
        for e in elements {
            let v = e.numbers.map { CGFloat($0) }
            func need(_ n: Int) throws {
                guard v.count == n else { throw GoldenSceneError.malformed("path element \(e.kind) needs \(n) numbers") }
            }
            switch e.kind {
            case "rect": try need(4); path.addRect(CGRect(x: v[0], y: v[1], width: v[2], height: v[3]))
            case "ellipse": try need(4); path.addEllipse(in: CGRect(x: v[0], y: v[1], width: v[2], height: v[3]))
            case "move": try need(2); path.move(to: CGPoint(x: v[0], y: v[1]))
            case "line": try need(2); path.addLine(to: CGPoint(x: v[0], y: v[1]))
            case "cubic":
                try need(6)
                path.addCurve(to: CGPoint(x: v[4], y: v[5]), control1: CGPoint(x: v[0], y: v[1]), control2: CGPoint(x: v[2], y: v[3]))
            case "close": path.closeSubpath()
            default: throw GoldenSceneError.malformed("unknown path element \(e.kind)")
            }
        }
        return path
    }
}

/// A colour in whole 8-bit levels, straight alpha.
struct GoldenColor: Decodable, Sendable {
    var levels: [Double]
    init(from decoder: any Decoder) throws {
        levels = try decoder.singleValueContainer().decode([Double].self)
        guard levels.count == 4 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a colour has 4 levels"))
        }
    }
    var cgColor: CGColor {
        CGColor(red: levels[0] / 255, green: levels[1] / 255, blue: levels[2] / 255, alpha: levels[3] / 255)
    }
}

struct GoldenShapeSpec: Decodable, Sendable {
    var path: [GoldenPathElement]
    /// nil: the key is absent (Apple's default, opaque black); `.some(nil)`: `"fill": null`, no fill.
    var fill: GoldenColor??
    var stroke: GoldenColor?
    var lineWidth: Double?
    var lineCap: String?
    var lineJoin: String?
    var miterLimit: Double?
    var strokeStart: Double?
    var strokeEnd: Double?
    var dash: [Double]?
    var dashPhase: Double?
    var fillRule: String?

    enum CodingKeys: String, CodingKey {
        case path, fill, stroke, lineWidth, lineCap, lineJoin, miterLimit, strokeStart, strokeEnd, dash, dashPhase, fillRule
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = try c.decode([GoldenPathElement].self, forKey: .path)
        if c.contains(.fill) {
            fill = .some(try c.decodeNil(forKey: .fill) ? nil : try c.decode(GoldenColor.self, forKey: .fill))
        }
        stroke = try c.decodeIfPresent(GoldenColor.self, forKey: .stroke)
        lineWidth = try c.decodeIfPresent(Double.self, forKey: .lineWidth)
        lineCap = try c.decodeIfPresent(String.self, forKey: .lineCap)
        lineJoin = try c.decodeIfPresent(String.self, forKey: .lineJoin)
        miterLimit = try c.decodeIfPresent(Double.self, forKey: .miterLimit)
        strokeStart = try c.decodeIfPresent(Double.self, forKey: .strokeStart)
        strokeEnd = try c.decodeIfPresent(Double.self, forKey: .strokeEnd)
        dash = try c.decodeIfPresent([Double].self, forKey: .dash)
        dashPhase = try c.decodeIfPresent(Double.self, forKey: .dashPhase)
        fillRule = try c.decodeIfPresent(String.self, forKey: .fillRule)
    }
}

struct GoldenGradientSpec: Decodable, Sendable {
    var type: String?
    var colors: [GoldenColor]
    var locations: [Double]?
    var start: [Double]?
    var end: [Double]?
}

struct GoldenReplicatorSpec: Decodable, Sendable {
    var count: Int?
    var instanceTransform: [GoldenTransformStep]?
    var instanceColor: GoldenColor?
    var redOffset: Double?
    var greenOffset: Double?
    var blueOffset: Double?
    var alphaOffset: Double?
}

/// One layer of a scene; keys absent from the JSON keep Apple's defaults.
final class GoldenLayerSpec: Decodable, Sendable {
    let layerClass: String?
    let bounds: [Double]?
    let position: [Double]?
    let anchorPoint: [Double]?
    let anchorPointZ: Double?
    let zPosition: Double?
    let transform: [GoldenTransformStep]?
    let sublayerTransform: [GoldenTransformStep]?
    let opacity: Double?
    let hidden: Bool?
    let backgroundColor: GoldenColor?
    let cornerRadius: Double?
    let maskedCorners: [String]?
    let borderWidth: Double?
    let borderColor: GoldenColor?
    let shadowColor: GoldenColor?
    let shadowOpacity: Double?
    let shadowOffset: [Double]?
    let shadowRadius: Double?
    let shadowPath: [GoldenPathElement]?
    let masksToBounds: Bool?
    let mask: GoldenLayerSpec?
    let contents: String?
    let contentsGravity: String?
    let contentsRect: [Double]?
    let contentsCenter: [Double]?
    let contentsScale: Double?
    let shape: GoldenShapeSpec?
    let gradient: GoldenGradientSpec?
    let replicator: GoldenReplicatorSpec?
    let doubleSided: Bool?
    let allowsGroupOpacity: Bool?
    let geometryFlipped: Bool?
    let sublayers: [GoldenLayerSpec]?

    enum CodingKeys: String, CodingKey {
        case layerClass = "class"
        case bounds, position, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform, opacity, hidden
        case backgroundColor, cornerRadius, maskedCorners, borderWidth, borderColor, shadowColor, shadowOpacity
        case shadowOffset, shadowRadius, shadowPath, masksToBounds, mask, contents, contentsGravity, contentsRect
        case contentsCenter, contentsScale, shape, gradient, replicator, doubleSided, allowsGroupOpacity, geometryFlipped
        case sublayers
    }

    /// Every contents file this layer and its subtree name.
    var contentsFiles: Set<String> {
        var files = Set(contents.map { [$0] } ?? [])
        for layer in (sublayers ?? []) + (mask.map { [$0] } ?? []) { files.formUnion(layer.contentsFiles) }
        return files
    }
}

enum GoldenSceneError: Error, CustomStringConvertible {
    case malformed(String)
    var description: String {
        switch self {
        case .malformed(let what): "scenes.json: \(what)"
        }
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

// MARK: - Building the CALayer tree

enum GoldenLayerBuilder {
    static func point(_ v: [Double]?, _ what: String) throws -> CGPoint? {
        guard let v else { return nil }
        guard v.count == 2 else { throw GoldenSceneError.malformed("\(what) needs 2 numbers") }
        return CGPoint(x: v[0], y: v[1])
    }

    static func rect(_ v: [Double]?, _ what: String) throws -> CGRect? {
        guard let v else { return nil }
        guard v.count == 4 else { throw GoldenSceneError.malformed("\(what) needs 4 numbers") }
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// The layer tree of `spec`, with contents images read by `image(named:)`.
    @MainActor
    static func build(_ spec: GoldenLayerSpec, image: (String) throws -> CGImage) throws -> CALayer {
        let layer: CALayer
        switch spec.layerClass ?? "layer" {
        case "layer": layer = CALayer()
        case "shape": layer = CAShapeLayer()
        case "gradient": layer = CAGradientLayer()
        case "replicator": layer = CAReplicatorLayer()
        case "transform": layer = CATransformLayer()
        case let other: throw GoldenSceneError.malformed("unknown layer class \(other)")
        }
        if let v = try rect(spec.bounds, "bounds") { layer.bounds = v }
        if let v = try point(spec.position, "position") { layer.position = v }
        if let v = try point(spec.anchorPoint, "anchorPoint") { layer.anchorPoint = v }
        if let v = spec.anchorPointZ { layer.anchorPointZ = v }
        if let v = spec.zPosition { layer.zPosition = v }
        if let v = spec.transform { layer.transform = try GoldenTransformStep.compose(v) }
        if let v = spec.sublayerTransform { layer.sublayerTransform = try GoldenTransformStep.compose(v) }
        if let v = spec.opacity { layer.opacity = Float(v) }
        if let v = spec.hidden { layer.isHidden = v }
        if let v = spec.backgroundColor { layer.backgroundColor = v.cgColor }
        if let v = spec.cornerRadius { layer.cornerRadius = v }
        if let v = spec.maskedCorners {
            var mask: CACornerMask = []
            for name in v {
                switch name {
                case "minXMinY": mask.insert(.layerMinXMinYCorner)
                case "maxXMinY": mask.insert(.layerMaxXMinYCorner)
                case "minXMaxY": mask.insert(.layerMinXMaxYCorner)
                case "maxXMaxY": mask.insert(.layerMaxXMaxYCorner)
                default: throw GoldenSceneError.malformed("unknown corner \(name)")
                }
            }
            layer.maskedCorners = mask
        }
        if let v = spec.borderWidth { layer.borderWidth = v }
        if let v = spec.borderColor { layer.borderColor = v.cgColor }
        if let v = spec.shadowColor { layer.shadowColor = v.cgColor }
        if let v = spec.shadowOpacity { layer.shadowOpacity = Float(v) }
        if let v = spec.shadowOffset {
            guard v.count == 2 else { throw GoldenSceneError.malformed("shadowOffset needs 2 numbers") }
            layer.shadowOffset = CGSize(width: v[0], height: v[1])
        }
        if let v = spec.shadowRadius { layer.shadowRadius = v }
        if let v = spec.shadowPath { layer.shadowPath = try GoldenPathElement.path(v) }
        if let v = spec.masksToBounds { layer.masksToBounds = v }
        if let v = spec.contents { layer.contents = try image(v) }
        if let v = spec.contentsGravity { layer.contentsGravity = CALayerContentsGravity(rawValue: v) }
        if let v = try rect(spec.contentsRect, "contentsRect") { layer.contentsRect = v }
        if let v = try rect(spec.contentsCenter, "contentsCenter") { layer.contentsCenter = v }
        if let v = spec.contentsScale { layer.contentsScale = v }
        if let v = spec.doubleSided { layer.isDoubleSided = v }
        if let v = spec.allowsGroupOpacity { layer.allowsGroupOpacity = v }
        if let v = spec.geometryFlipped { layer.isGeometryFlipped = v }
        if let shape = spec.shape, let shapeLayer = layer as? CAShapeLayer { try apply(shape, to: shapeLayer) }
        if let gradient = spec.gradient, let gradientLayer = layer as? CAGradientLayer { try apply(gradient, to: gradientLayer) }
        if let replicator = spec.replicator, let replicatorLayer = layer as? CAReplicatorLayer {
            try apply(replicator, to: replicatorLayer)
        }
        if let mask = spec.mask { layer.mask = try build(mask, image: image) }
        for sublayer in spec.sublayers ?? [] { layer.addSublayer(try build(sublayer, image: image)) }
        return layer
    }

    @MainActor
    static func apply(_ spec: GoldenShapeSpec, to layer: CAShapeLayer) throws {
        layer.path = try GoldenPathElement.path(spec.path)
        if let fill = spec.fill { layer.fillColor = fill?.cgColor }
        layer.strokeColor = spec.stroke?.cgColor
        if let v = spec.lineWidth { layer.lineWidth = v }
        if let v = spec.lineCap { layer.lineCap = CAShapeLayerLineCap(rawValue: v) }
        if let v = spec.lineJoin { layer.lineJoin = CAShapeLayerLineJoin(rawValue: v) }
        if let v = spec.miterLimit { layer.miterLimit = v }
        if let v = spec.strokeStart { layer.strokeStart = v }
        if let v = spec.strokeEnd { layer.strokeEnd = v }
        if let v = spec.dash { layer.lineDashPattern = v.map { NSNumber(value: $0) } }
        if let v = spec.dashPhase { layer.lineDashPhase = v }
        if let v = spec.fillRule { layer.fillRule = v == "evenOdd" ? .evenOdd : .nonZero }
    }

    @MainActor
    static func apply(_ spec: GoldenGradientSpec, to layer: CAGradientLayer) throws {
        layer.colors = spec.colors.map(\.cgColor)
        if let v = spec.locations { layer.locations = v.map { NSNumber(value: $0) } }
        if let v = try point(spec.start, "gradient start") { layer.startPoint = v }
        if let v = try point(spec.end, "gradient end") { layer.endPoint = v }
        if let v = spec.type { layer.type = CAGradientLayerType(rawValue: v) }
    }

    @MainActor
    static func apply(_ spec: GoldenReplicatorSpec, to layer: CAReplicatorLayer) throws {
        if let v = spec.count { layer.instanceCount = v }
        if let v = spec.instanceTransform { layer.instanceTransform = try GoldenTransformStep.compose(v) }
        if let v = spec.instanceColor { layer.instanceColor = v.cgColor }
        if let v = spec.redOffset { layer.instanceRedOffset = Float(v) }
        if let v = spec.greenOffset { layer.instanceGreenOffset = Float(v) }
        if let v = spec.blueOffset { layer.instanceBlueOffset = Float(v) }
        if let v = spec.alphaOffset { layer.instanceAlphaOffset = Float(v) }
    }
}
