// LayerKeyPath: the string key paths of Core Animation as typed accessors on LayerState
// (Core Animation Programming Guide → Key-Value Coding Extensions → Key Path Support for
// Structure Fields; → Animatable Properties).

import Foundation
import KinemaGeometry
import KinemaRenderServer
import KinemaSupport
import OpenQuartzCore
import Testing

/// A value of `entry`'s kind that differs from Apple's default for every key of that kind.
func sampleValue(for entry: LayerKeyPath) -> AnimatableValue {
    switch entry.kind {
    case .cgFloat: .number(0.25)
    case .float: .number(0.5)
    case .double: .number(1.5)
    case .int: .number(3)
    case .bool: .bool(!(entry.get(LayerState(layerClass: entry.owner)) == .bool(true)))
    case .point: .point(CGPoint(x: 3, y: 4))
    case .size: .size(CGSize(width: 5, height: 6))
    case .rect: .rect(CGRect(x: 1, y: 2, width: 30, height: 40))
    case .transform: .transform(CATransform3DMakeTranslation(1, 2, 3))
    case .color: .color(CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
    case .path: .path(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil))
    case .image: makeImage().map { .image($0) } ?? .none
    case .numbers: .numbers([0.1, 0.9])
    case .colors: .colors([.black, .white])
    case .string: .string(entry.keyPath == "font" ? "Courier" : "kinema-test")
    case .optionalString: .string("a name")
    }
}

/// Whether two values agree, numbers within `tolerance` (the transform fields go through a
/// decomposition and back).
func agree(_ a: AnimatableValue, _ b: AnimatableValue, tolerance: Double = 1e-9) -> Bool {
    switch (a, b) {
    case let (.number(x), .number(y)): abs(x - y) <= tolerance
    case let (.size(x), .size(y)): close(x, y, tolerance)
    default: a == b
    }
}

@Suite("LayerKeyPath table")
struct LayerKeyPathTests {
    @Test("every key path writes and reads back a value of its kind on a LayerState of its class")
    func roundTrips() {
        #expect(LayerKeyPath.all.count > 150)
        for entry in LayerKeyPath.all {
            var state = LayerState(layerClass: entry.owner)
            let value = sampleValue(for: entry)
            #expect(entry.set(&state, value), "\(entry.keyPath)")
            #expect(agree(entry.get(state), value), "\(entry.keyPath): \(entry.get(state)) ≠ \(value)")
        }
    }

    @Test("each stored key changes only itself; a field changes only its property (storedKeys)")
    func storedKeys() {
        for entry in LayerKeyPath.all {
            let before = LayerState(layerClass: entry.owner)
            var after = before
            _ = entry.set(&after, sampleValue(for: entry))
            for other in LayerKeyPath.storedEntries(for: entry.owner) where !entry.storedKeys.contains(other.keyPath) {
                #expect(other.get(after) == other.get(before), "\(entry.keyPath) changed \(other.keyPath)")
            }
        }
        #expect(LayerKeyPath.lookup("frame", for: .layer)?.storedKeys == ["bounds", "position"])
        #expect(LayerKeyPath.lookup("transform.rotation.z", for: .layer)?.storedKeys == ["transform"])
    }

    @Test("the structure fields Apple lists exist under points, sizes, rectangles and transforms")
    func structureFields() {
        let expected = [
            "position.x", "position.y", "anchorPoint.x", "anchorPoint.y", "shadowOffset.width", "shadowOffset.height",
            "bounds.origin", "bounds.origin.x", "bounds.origin.y", "bounds.size", "bounds.size.width", "bounds.size.height",
            "frame.origin.x", "contentsRect.size.width", "contentsCenter.origin",
        ] + CATransform3DComponent.allCases.flatMap { ["transform.\($0.rawValue)", "sublayerTransform.\($0.rawValue)"] }
        for key in expected {
            #expect(LayerKeyPath.lookup(key, for: .layer) != nil, "\(key)")
        }
        #expect(LayerKeyPath.lookup("instanceTransform.rotation.z", for: .replicator) != nil)
        #expect(LayerKeyPath.lookup("startPoint.x", for: .gradient) != nil)
        #expect(LayerKeyPath.lookup("transform.translation", for: .layer)?.kind == .size)
    }

    @Test("a subclass's key is unknown on other classes; CALayer's keys are known on every class")
    func owners() {
        #expect(LayerKeyPath.lookup("fillColor", for: .layer) == nil)
        #expect(LayerKeyPath.lookup("fillColor", for: .gradient) == nil)
        #expect(LayerKeyPath.lookup("fillColor", for: .shape)?.owner == .shape)
        #expect(LayerKeyPath.lookup("colors", for: .gradient) != nil)
        #expect(LayerKeyPath.lookup("instanceCount", for: .replicator) != nil)
        #expect(LayerKeyPath.lookup("fontSize", for: .text) != nil)
        for layerClass in LayerClass.allCases {
            #expect(LayerKeyPath.lookup("position.x", for: layerClass) != nil)
        }
        #expect(LayerKeyPath.lookup("position.z", for: .layer) == nil)
        #expect(LayerKeyPath.lookup("isHidden", for: .layer) == nil, "Apple's key is \"hidden\"")
        #expect(LayerKeyPath.lookup("hidden", for: .layer) != nil)
    }

    // Core Animation Programming Guide, Animatable Properties (Table B-1) and the subclasses'
    // "Animatable." notes; frame: "This property is not animatable."
    @Test("animatable flags follow Apple's animatable-properties list")
    func animatable() {
        let animatable = [
            "anchorPoint", "anchorPointZ", "backgroundColor", "borderColor", "borderWidth", "bounds", "contents",
            "contentsRect", "contentsCenter", "cornerRadius", "doubleSided", "hidden", "masksToBounds", "opacity",
            "position", "shadowColor", "shadowOffset", "shadowOpacity", "shadowPath", "shadowRadius",
            "sublayerTransform", "transform", "zPosition", "transform.rotation.z", "position.x",
        ]
        for key in animatable {
            #expect(LayerKeyPath.lookup(key, for: .layer)?.isAnimatable == true, "\(key)")
        }
        for key in ["frame", "name", "contentsGravity", "contentsScale", "cornerCurve", "maskedCorners", "speed"] {
            #expect(LayerKeyPath.lookup(key, for: .layer)?.isAnimatable == false, "\(key)")
        }
        for key in ["path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineDashPhase", "strokeStart", "strokeEnd"] {
            #expect(LayerKeyPath.lookup(key, for: .shape)?.isAnimatable == true, "\(key)")
        }
        #expect(LayerKeyPath.lookup("fillRule", for: .shape)?.isAnimatable == false)
        for key in ["colors", "locations", "startPoint", "endPoint"] {
            #expect(LayerKeyPath.lookup(key, for: .gradient)?.isAnimatable == true, "\(key)")
        }
        #expect(LayerKeyPath.lookup("instanceCount", for: .replicator)?.isAnimatable == false)
        for key in ["instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceAlphaOffset"] {
            #expect(LayerKeyPath.lookup(key, for: .replicator)?.isAnimatable == true, "\(key)")
        }
        #expect(LayerKeyPath.lookup("fontSize", for: .text)?.isAnimatable == true)
        #expect(LayerKeyPath.lookup("foregroundColor", for: .text)?.isAnimatable == true)
    }

    @Test("values of the wrong kind, non-finite geometry and fractional counts are refused, state unchanged")
    func refusals() throws {
        var state = LayerState(layerClass: .replicator)
        let original = state
        let cases: [(String, AnimatableValue)] = [
            ("position", .point(CGPoint(x: CGFloat.nan, y: 0))),
            ("bounds", .rect(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))),
            ("transform", .transform(CATransform3DMakeTranslation(CGFloat.nan, 0, 0))),
            ("zPosition", .number(.infinity)),
            ("position.x", .number(.nan)),
            ("transform.rotation.z", .number(.nan)),
            ("transform.translation", .number(3)),
            ("contentsScale", .number(0)),
            ("instanceCount", .number(2.5)),
            ("maskedCorners", .number(-1)),
            ("opacity", .string("half")),
            ("backgroundColor", .number(1)),
            ("frame", .rect(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))),
        ]
        for (key, value) in cases {
            let entry = try #require(LayerKeyPath.lookup(key, for: .replicator))
            let (accepted, _) = KinemaDiagnostics.collecting { entry.set(&state, value) }
            #expect(!accepted, "\(key) accepted \(value)")
            #expect(state == original, "\(key)")
        }
    }

    @Test("transform fields: rotation.z set then read; scale sets all three; translation is a size")
    func transformFields() throws {
        var state = LayerState()
        let rotation = try #require(LayerKeyPath.lookup("transform.rotation.z", for: .layer))
        #expect(rotation.set(&state, .number(.pi / 3)))
        #expect(agree(rotation.get(state), .number(.pi / 3)))
        #expect(close(state.transform, CATransform3DMakeRotation(.pi / 3, 0, 0, 1)))
        let scale = try #require(LayerKeyPath.lookup("transform.scale", for: .layer))
        #expect(scale.set(&state, .number(2)))
        #expect(agree(LayerKeyPath.lookup("transform.scale.y", for: .layer)?.get(state) ?? .none, .number(2)))
        #expect(agree(rotation.get(state), .number(.pi / 3)), "other fields keep their values")
        let translation = try #require(LayerKeyPath.lookup("sublayerTransform.translation", for: .layer))
        #expect(translation.set(&state, .size(CGSize(width: 7, height: -2))))
        #expect(state.sublayerTransform.m41 == 7 && state.sublayerTransform.m42 == -2)
    }

    @Test("defaults of LayerState are readable through the table (LayerState.value(forKeyPath:))")
    func stateValues() {
        let state = LayerState(layerClass: .shape)
        #expect(state.value(forKeyPath: "shadowOffset.height") == .number(-3))
        #expect(state.value(forKeyPath: "lineWidth") == .number(1))
        #expect(state.value(forKeyPath: "colors") == nil, "a gradient key on a shape state")
        #expect(LayerState(layerClass: .transform).layerClass == .transform)
        #expect(LayerState().converted(to: .text).text == TextLayerState())
    }
}
