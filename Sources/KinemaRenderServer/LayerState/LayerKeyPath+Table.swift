// The key-path table: every key of CALayer and its subclasses, and the structure-field paths
// under each point, size, rectangle and transform.
//
// Audited against: the sources listed in LayerKeyPath.swift; the animatable flags follow the
//   Animatable Properties table of the Core Animation Programming Guide (anchorPoint,
//   backgroundColor, borderColor, borderWidth, bounds, contents, contentsRect, cornerRadius,
//   doubleSided, hidden, masksToBounds, opacity, position, shadowColor, shadowOffset,
//   shadowOpacity, shadowPath, shadowRadius, sublayerTransform, transform, zPosition; frame "is not
//   animatable") and the "Animatable." notes of anchorPointZ, contentsCenter and the subclasses'
//   properties. Status: complete for LayerState.

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// How a stored property's Swift value travels as an AnimatableValue.
private struct Codec<Value>: Sendable {
    let kind: AnimatableValueKind
    let box: @Sendable (Value) -> AnimatableValue
    /// nil when the value does not fit (wrong kind, or out of range).
    let unbox: @Sendable (AnimatableValue) -> Value?
}

private enum Codecs {
    static let cgFloat = Codec<CGFloat>(kind: .cgFloat, box: { .number(Double($0)) }, unbox: number { CGFloat($0) })
    /// A CGFloat that must be finite (geometry: Apple raises CALayerInvalidGeometry for NaN).
    static let finiteCGFloat = Codec<CGFloat>(kind: .cgFloat, box: { .number(Double($0)) }, unbox: number { $0.isFinite ? CGFloat($0) : nil })
    /// A CGFloat that must be finite and positive (a scale).
    static let scale = Codec<CGFloat>(kind: .cgFloat, box: { .number(Double($0)) }, unbox: number { $0.isFinite && $0 > 0 ? CGFloat($0) : nil })
    static let float = Codec<Float>(kind: .float, box: { .number(Double($0)) }, unbox: number { Float($0) })
    static let double = Codec<Double>(kind: .double, box: { .number($0) }, unbox: number { $0 })
    /// An integer: the number must be integral and fit an Int (KVC's NSNumber.integerValue would
    /// truncate; Kinema refuses instead of guessing).
    static let int = Codec<Int>(kind: .int, box: { .number(Double($0)) }, unbox: number { Int(exactly: $0) })
    static let bool = Codec<Bool>(kind: .bool, box: { .bool($0) }, unbox: { if case .bool(let v) = $0 { v } else { nil } })
    static let point = Codec<CGPoint>(kind: .point, box: { .point($0) }, unbox: { if case .point(let v) = $0 { v } else { nil } })
    static let finitePoint = Codec<CGPoint>(kind: .point, box: { .point($0) }, unbox: {
        if case .point(let v) = $0, v.x.isFinite, v.y.isFinite { v } else { nil }
    })
    static let size = Codec<CGSize>(kind: .size, box: { .size($0) }, unbox: { if case .size(let v) = $0 { v } else { nil } })
    static let rect = Codec<CGRect>(kind: .rect, box: { .rect($0) }, unbox: { if case .rect(let v) = $0 { v } else { nil } })
    static let finiteRect = Codec<CGRect>(kind: .rect, box: { .rect($0) }, unbox: {
        if case .rect(let v) = $0, v.isFiniteRect { v } else { nil }
    })
    static let transform = Codec<CATransform3D>(kind: .transform, box: { .transform($0) }, unbox: {
        if case .transform(let v) = $0, v.hasFiniteEntries { v } else { nil }
    })
    static let color = Codec<CGColor?>(kind: .color, box: { $0.map { .color($0) } ?? .none }, unbox: {
        switch $0 {
        case .color(let v): v
        case .none: .some(nil)
        default: nil
        }
    })
    /// Paths are stored immutable: a CGMutablePath is copied, so later edits to it do not reach
    /// the state behind the layer's back.
    static let path = Codec<CGPath?>(kind: .path, box: { $0.map { .path($0) } ?? .none }, unbox: {
        switch $0 {
        case .path(let v): v is CGMutablePath ? v.copy() : v
        case .none: .some(nil)
        default: nil
        }
    })
    static let image = Codec<CGImage?>(kind: .image, box: { $0.map { .image($0) } ?? .none }, unbox: {
        switch $0 {
        case .image(let v): v
        case .none: .some(nil)
        default: nil
        }
    })
    static let numbers = Codec<[Double]?>(kind: .numbers, box: { $0.map { .numbers($0) } ?? .none }, unbox: {
        switch $0 {
        case .numbers(let v): v
        case .none: .some(nil)
        default: nil
        }
    })
    static let colors = Codec<[CGColor]?>(kind: .colors, box: { $0.map { .colors($0) } ?? .none }, unbox: {
        switch $0 {
        case .colors(let v): v
        case .none: .some(nil)
        default: nil
        }
    })
    static let optionalString = Codec<String?>(kind: .optionalString, box: { $0.map { .string($0) } ?? .none }, unbox: {
        switch $0 {
        case .string(let v): v
        case .none: .some(nil)
        default: nil
        }
    })
    /// CATextLayer's `string`: a plain string, an attributed one, or nil.
    static let text = Codec<TextLayerText?>(kind: .optionalString, box: {
        switch $0 {
        case .plain(let v): .string(v)
        case .attributed(let v): .attributedText(v)
        case nil: .none
        }
    }, unbox: {
        switch $0 {
        case .string(let v): .plain(v)
        case .attributedText(let v): .attributed(v)
        case .none: .some(nil)
        default: nil
        }
    })
    /// CATextLayer's `font`: a name, or a font object's face.
    static let font = Codec<TextLayerFont>(kind: .string, box: { $0.isObject ? .font($0) : .string($0.name) }, unbox: {
        switch $0 {
        case .string(let v): TextLayerFont(name: v)
        case .font(let v): v
        default: nil
        }
    })
    static let plainString = Codec<String>(kind: .string, box: { .string($0) }, unbox: { if case .string(let v) = $0 { v } else { nil } })

    /// A string-backed constant type (`CALayerContentsGravity`, `CAShapeLayerFillRule` …).
    static func string<R: RawRepresentable & Sendable>(_: R.Type) -> Codec<R> where R.RawValue == String {
        Codec<R>(kind: .string, box: { .string($0.rawValue) }, unbox: {
            if case .string(let v) = $0 { R(rawValue: v) } else { nil }
        })
    }

    /// An option set, as its raw value (a non-negative integer that fits the raw type).
    static func options<O: OptionSet & Sendable>(_: O.Type) -> Codec<O> where O.RawValue: FixedWidthInteger {
        Codec<O>(kind: .int, box: { .number(Double($0.rawValue)) }, unbox: number { O.RawValue(exactly: $0).map(O.init(rawValue:)) })
    }

    /// Unboxes `.number` through `convert`.
    static func number<Value>(_ convert: @escaping @Sendable (Double) -> Value?) -> @Sendable (AnimatableValue) -> Value? {
        { if case .number(let v) = $0 { convert(v) } else { nil } }
    }
}

/// Builds the table's entries.
enum LayerKeyPathTable {
    static func entries() -> [LayerKeyPath] {
        var entries = [LayerKeyPath]()
        /// A stored property, plus its structure-field paths.
        func stored<Value>(
            _ key: String, _ path: any WritableKeyPath<LayerState, Value> & Sendable, _ codec: Codec<Value>,
            owner: LayerClass = .layer, animatable: Bool
        ) {
            let entry: LayerKeyPath
            if let offset = MemoryLayout<LayerState>.offset(of: path) {
                // A stored field of LayerState itself: read and write it at its offset. (A
                // key-path subscript copied the whole 1 KB state on every read, which made
                // evaluating an animation cost microseconds.) `offset(of:)` is documented to give
                // an offset usable for pointer access, and nil for anything else.
                entry = LayerKeyPath(
                    keyPath: key, kind: codec.kind, owner: owner, isAnimatable: animatable, storedKeys: [key],
                    get: { state in
                        withUnsafePointer(to: state) { pointer in
                            codec.box(UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
                        }
                    },
                    set: { state, value in
                        guard let unboxed = codec.unbox(value) else { return false }
                        withUnsafeMutablePointer(to: &state) { pointer in
                            UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee = unboxed
                        }
                        return true
                    })
            } else {
                entry = LayerKeyPath(
                    keyPath: key, kind: codec.kind, owner: owner, isAnimatable: animatable, storedKeys: [key],
                    get: { codec.box($0[keyPath: path]) },
                    set: { state, value in
                        guard let unboxed = codec.unbox(value) else { return false }
                        state[keyPath: path] = unboxed
                        return true
                    })
            }
            entries.append(entry)
            entries.append(contentsOf: components(of: entry))
        }

        // CALayer: geometry.
        stored("bounds", \.bounds, Codecs.finiteRect, animatable: true)
        stored("position", \.position, Codecs.finitePoint, animatable: true)
        stored("anchorPoint", \.anchorPoint, Codecs.finitePoint, animatable: true)
        stored("anchorPointZ", \.anchorPointZ, Codecs.finiteCGFloat, animatable: true)
        stored("zPosition", \.zPosition, Codecs.finiteCGFloat, animatable: true)
        stored("transform", \.transform, Codecs.transform, animatable: true)
        stored("sublayerTransform", \.sublayerTransform, Codecs.transform, animatable: true)
        stored("contentsScale", \.contentsScale, Codecs.scale, animatable: false)
        stored("geometryFlipped", \.isGeometryFlipped, Codecs.bool, animatable: false)
        let frame = LayerKeyPath(
            keyPath: "frame", kind: .rect, owner: .layer, isAnimatable: false, storedKeys: ["bounds", "position"],
            get: { .rect(LayerGeometry.frame(of: $0)) },
            set: { state, value in
                guard case .rect(let rect) = value else { return false }
                return LayerGeometry.setFrame(rect, in: &state)
            })
        entries.append(frame)
        entries.append(contentsOf: components(of: frame))

        // CALayer: appearance.
        stored("opacity", \.opacity, Codecs.float, animatable: true)
        stored("hidden", \.isHidden, Codecs.bool, animatable: true)
        stored("backgroundColor", \.backgroundColor, Codecs.color, animatable: true)
        stored("cornerRadius", \.cornerRadius, Codecs.cgFloat, animatable: true)
        // Kinema extensions (UIVisualEffectView's blur): animatable like the shadow radius.
        stored("backdropBlurRadius", \.backdropBlurRadius, Codecs.cgFloat, animatable: true)
        stored("backdropSaturation", \.backdropSaturation, Codecs.cgFloat, animatable: true)
        stored("maskedCorners", \.maskedCorners, Codecs.options(CACornerMask.self), animatable: false)
        stored("cornerCurve", \.cornerCurve, Codecs.string(CALayerCornerCurve.self), animatable: false)
        stored("borderWidth", \.borderWidth, Codecs.cgFloat, animatable: true)
        stored("borderColor", \.borderColor, Codecs.color, animatable: true)
        stored("shadowColor", \.shadowColor, Codecs.color, animatable: true)
        stored("shadowOpacity", \.shadowOpacity, Codecs.float, animatable: true)
        stored("shadowOffset", \.shadowOffset, Codecs.size, animatable: true)
        stored("shadowRadius", \.shadowRadius, Codecs.cgFloat, animatable: true)
        stored("shadowPath", \.shadowPath, Codecs.path, animatable: true)
        stored("masksToBounds", \.masksToBounds, Codecs.bool, animatable: true)
        stored("contents", \.contents, Codecs.image, animatable: true)
        stored("contentsGravity", \.contentsGravity, Codecs.string(CALayerContentsGravity.self), animatable: false)
        stored("contentsRect", \.contentsRect, Codecs.rect, animatable: true)
        stored("contentsCenter", \.contentsCenter, Codecs.rect, animatable: true)
        stored("minificationFilter", \.minificationFilter, Codecs.string(CALayerContentsFilter.self), animatable: false)
        stored("magnificationFilter", \.magnificationFilter, Codecs.string(CALayerContentsFilter.self), animatable: false)
        stored("minificationFilterBias", \.minificationFilterBias, Codecs.float, animatable: false)
        stored("allowsGroupOpacity", \.allowsGroupOpacity, Codecs.bool, animatable: false)
        stored("doubleSided", \.isDoubleSided, Codecs.bool, animatable: true)
        stored("opaque", \.isOpaque, Codecs.bool, animatable: false)
        stored("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, Codecs.bool, animatable: false)
        stored("edgeAntialiasingMask", \.edgeAntialiasingMask, Codecs.options(CAEdgeAntialiasingMask.self), animatable: false)
        stored("shouldRasterize", \.shouldRasterize, Codecs.bool, animatable: false)
        stored("rasterizationScale", \.rasterizationScale, Codecs.scale, animatable: false)
        stored("drawsAsynchronously", \.drawsAsynchronously, Codecs.bool, animatable: false)
        stored("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, Codecs.bool, animatable: false)
        stored("name", \.name, Codecs.optionalString, animatable: false)

        // CALayer: CAMediaTiming.
        stored("beginTime", \.beginTime, Codecs.double, animatable: false)
        stored("duration", \.duration, Codecs.double, animatable: false)
        stored("speed", \.speed, Codecs.float, animatable: false)
        stored("timeOffset", \.timeOffset, Codecs.double, animatable: false)
        stored("repeatCount", \.repeatCount, Codecs.float, animatable: false)
        stored("repeatDuration", \.repeatDuration, Codecs.double, animatable: false)
        stored("autoreverses", \.autoreverses, Codecs.bool, animatable: false)
        stored("fillMode", \.fillMode, Codecs.string(CAMediaTimingFillMode.self), animatable: false)

        // CAShapeLayer.
        stored("path", \.shapeState.path, Codecs.path, owner: .shape, animatable: true)
        stored("fillColor", \.shapeState.fillColor, Codecs.color, owner: .shape, animatable: true)
        stored("fillRule", \.shapeState.fillRule, Codecs.string(CAShapeLayerFillRule.self), owner: .shape, animatable: false)
        stored("strokeColor", \.shapeState.strokeColor, Codecs.color, owner: .shape, animatable: true)
        stored("lineWidth", \.shapeState.lineWidth, Codecs.cgFloat, owner: .shape, animatable: true)
        stored("lineCap", \.shapeState.lineCap, Codecs.string(CAShapeLayerLineCap.self), owner: .shape, animatable: false)
        stored("lineJoin", \.shapeState.lineJoin, Codecs.string(CAShapeLayerLineJoin.self), owner: .shape, animatable: false)
        stored("miterLimit", \.shapeState.miterLimit, Codecs.cgFloat, owner: .shape, animatable: true)
        stored("lineDashPattern", \.shapeState.lineDashPattern, Codecs.numbers, owner: .shape, animatable: false)
        stored("lineDashPhase", \.shapeState.lineDashPhase, Codecs.cgFloat, owner: .shape, animatable: true)
        stored("strokeStart", \.shapeState.strokeStart, Codecs.cgFloat, owner: .shape, animatable: true)
        stored("strokeEnd", \.shapeState.strokeEnd, Codecs.cgFloat, owner: .shape, animatable: true)

        // CAGradientLayer.
        stored("colors", \.gradientState.colors, Codecs.colors, owner: .gradient, animatable: true)
        stored("locations", \.gradientState.locations, Codecs.numbers, owner: .gradient, animatable: true)
        stored("startPoint", \.gradientState.startPoint, Codecs.point, owner: .gradient, animatable: true)
        stored("endPoint", \.gradientState.endPoint, Codecs.point, owner: .gradient, animatable: true)
        stored("type", \.gradientState.type, Codecs.string(CAGradientLayerType.self), owner: .gradient, animatable: false)

        // CAReplicatorLayer.
        stored("instanceCount", \.replicatorState.instanceCount, Codecs.int, owner: .replicator, animatable: false)
        stored("preservesDepth", \.replicatorState.preservesDepth, Codecs.bool, owner: .replicator, animatable: false)
        stored("instanceDelay", \.replicatorState.instanceDelay, Codecs.double, owner: .replicator, animatable: true)
        stored("instanceTransform", \.replicatorState.instanceTransform, Codecs.transform, owner: .replicator, animatable: true)
        stored("instanceColor", \.replicatorState.instanceColor, Codecs.color, owner: .replicator, animatable: true)
        stored("instanceRedOffset", \.replicatorState.instanceRedOffset, Codecs.float, owner: .replicator, animatable: true)
        stored("instanceGreenOffset", \.replicatorState.instanceGreenOffset, Codecs.float, owner: .replicator, animatable: true)
        stored("instanceBlueOffset", \.replicatorState.instanceBlueOffset, Codecs.float, owner: .replicator, animatable: true)
        stored("instanceAlphaOffset", \.replicatorState.instanceAlphaOffset, Codecs.float, owner: .replicator, animatable: true)

        // CATextLayer.
        stored("string", \.textState.text, Codecs.text, owner: .text, animatable: false)
        stored("font", \.textState.font, Codecs.font, owner: .text, animatable: false)
        stored("fontSize", \.textState.fontSize, Codecs.cgFloat, owner: .text, animatable: true)
        stored("foregroundColor", \.textState.foregroundColor, Codecs.color, owner: .text, animatable: true)
        stored("wrapped", \.textState.isWrapped, Codecs.bool, owner: .text, animatable: false)
        stored("alignmentMode", \.textState.alignmentMode, Codecs.string(CATextLayerAlignmentMode.self), owner: .text, animatable: false)
        stored("truncationMode", \.textState.truncationMode, Codecs.string(CATextLayerTruncationMode.self), owner: .text, animatable: false)
        stored("allowsFontSubpixelQuantization", \.textState.allowsFontSubpixelQuantization, Codecs.bool, owner: .text, animatable: false)

        return entries
    }

    // MARK: Structure fields

    /// The structure-field paths under `parent`: `x`, `y` of a point; `width`, `height` of a size;
    /// `origin`, `size` and their fields of a rectangle; the twelve `CATransform3DComponent`s of a
    /// transform. Each reads the parent, and writes by reading, replacing the field and writing
    /// the parent back (so the parent's checks apply).
    static func components(of parent: LayerKeyPath) -> [LayerKeyPath] {
        switch parent.kind {
        case .point:
            return [
                scalarField(parent, "x", get: { point($0)?.x }, replace: { whole, n in
                    point(whole).map { .point(CGPoint(x: n, y: $0.y)) }
                }),
                scalarField(parent, "y", get: { point($0)?.y }, replace: { whole, n in
                    point(whole).map { .point(CGPoint(x: $0.x, y: n)) }
                }),
            ]
        case .size:
            return sizeFields(parent, prefix: "", get: { size($0) }, replace: { _, size in .size(size) })
        case .rect:
            return [
                field(parent, "origin", .point, read: { rect($0).map { .point($0.origin) } }, write: { whole, part in
                    guard var r = rect(whole), let origin = point(part) else { return nil }
                    r.origin = origin
                    return .rect(r)
                }),
                scalarField(parent, "origin.x", get: { rect($0)?.origin.x }, replace: { whole, n in
                    rect(whole).map { r in .rect(CGRect(origin: CGPoint(x: n, y: r.origin.y), size: r.size)) }
                }),
                scalarField(parent, "origin.y", get: { rect($0)?.origin.y }, replace: { whole, n in
                    rect(whole).map { r in .rect(CGRect(origin: CGPoint(x: r.origin.x, y: n), size: r.size)) }
                }),
                field(parent, "size", .size, read: { rect($0).map { .size($0.size) } }, write: { whole, part in
                    guard var r = rect(whole), let newSize = size(part) else { return nil }
                    r.size = newSize
                    return .rect(r)
                }),
            ] + sizeFields(parent, prefix: "size.", get: { rect($0)?.size }, replace: { whole, newSize in
                rect(whole).map { .rect(CGRect(origin: $0.origin, size: newSize)) }
            })
        case .transform:
            return CATransform3DComponent.allCases.map { component in
                let isTranslation = component == .translation
                return field(
                    parent, component.rawValue, isTranslation ? .size : .cgFloat,
                    read: { whole in
                        guard case .transform(let t) = whole else { return nil }
                        switch t.value(for: component) {
                        case .scalar(let v): return .number(Double(v))
                        case .size(let v): return .size(v)
                        }
                    },
                    write: { whole, part in
                        guard case .transform(let t) = whole else { return nil }
                        switch (part, isTranslation) {
                        case (.number(let v), false) where v.isFinite:
                            return .transform(t.setting(.scalar(CGFloat(v)), for: component))
                        case (.size(let v), true) where v.width.isFinite && v.height.isFinite:
                            return .transform(t.setting(.size(v), for: component))
                        default:
                            return nil
                        }
                    })
            }
        default:
            return []
        }
    }

    /// `width` and `height` (after `prefix`) of a size inside the parent's value.
    private static func sizeFields(
        _ parent: LayerKeyPath, prefix: String,
        get: @escaping @Sendable (AnimatableValue) -> CGSize?,
        replace: @escaping @Sendable (AnimatableValue, CGSize) -> AnimatableValue?
    ) -> [LayerKeyPath] {
        [
            scalarField(parent, prefix + "width", get: { get($0)?.width }, replace: { whole, n in
                get(whole).flatMap { replace(whole, CGSize(width: n, height: $0.height)) }
            }),
            scalarField(parent, prefix + "height", get: { get($0)?.height }, replace: { whole, n in
                get(whole).flatMap { replace(whole, CGSize(width: $0.width, height: n)) }
            }),
        ]
    }

    /// A CGFloat field: `get` reads it from the parent's value, `replace` returns the parent's
    /// value with it replaced.
    private static func scalarField(
        _ parent: LayerKeyPath, _ name: String,
        get: @escaping @Sendable (AnimatableValue) -> CGFloat?,
        replace: @escaping @Sendable (AnimatableValue, CGFloat) -> AnimatableValue?
    ) -> LayerKeyPath {
        field(parent, name, .cgFloat, read: { get($0).map { .number(Double($0)) } }, write: { whole, part in
            guard case .number(let n) = part else { return nil }
            return replace(whole, CGFloat(n))
        })
    }

    /// One field path: `read` extracts the field from the parent's value, `write` returns the
    /// parent's new value with the field replaced (nil: the field value does not fit).
    private static func field(
        _ parent: LayerKeyPath, _ name: String, _ kind: AnimatableValueKind,
        read: @escaping @Sendable (AnimatableValue) -> AnimatableValue?,
        write: @escaping @Sendable (AnimatableValue, AnimatableValue) -> AnimatableValue?
    ) -> LayerKeyPath {
        LayerKeyPath(
            keyPath: parent.keyPath + "." + name, kind: kind, owner: parent.owner, isAnimatable: parent.isAnimatable,
            storedKeys: parent.storedKeys,
            get: { read(parent.get($0)) ?? .none },
            set: { state, value in
                guard let whole = write(parent.get(state), value) else { return false }
                return parent.set(&state, whole)
            })
    }

    private static func point(_ value: AnimatableValue) -> CGPoint? {
        if case .point(let v) = value { v } else { nil }
    }

    private static func size(_ value: AnimatableValue) -> CGSize? {
        if case .size(let v) = value { v } else { nil }
    }

    private static func rect(_ value: AnimatableValue) -> CGRect? {
        if case .rect(let v) = value { v } else { nil }
    }
}
