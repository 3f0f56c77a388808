// Key-value coding on layers: value(forKey:), setValue(_:forKey:), the key-path forms, defaults.
//
// Sources: Core Animation Programming Guide → Key-Value Coding Extensions ("Key-Value Coding
// Compliant Container Classes": arbitrary keys are stored; "Default Value Support" and Listing C-1
// (a subclass's defaultValueForKey: makes masksToBounds default to YES); "Wrapping Conventions";
// "Key Path Support for Structure Fields"); CALayer.needsDisplay(forKey:) docs.

import Foundation
import KinemaRenderServer
import KinemaSupport
import OpenQuartzCore
import Testing

/// Listing C-1 of the Programming Guide: a layer class whose masksToBounds defaults to true; it
/// also gives a custom key a default and redraws when "progress" or cornerRadius change.
private final class ClippingLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "masksToBounds": true
        case "progress": 0.25
        default: super.defaultValue(forKey: key)
        }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || key == "cornerRadius" || super.needsDisplay(forKey: key)
    }
}

/// A default of the wrong type, used by one test only (defaults are worked out once per class).
private final class BadDefaultLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        key == "cornerRadius" ? "not a number" : super.defaultValue(forKey: key)
    }
}

/// Records every key the write path reports through needsDisplay(forKey:).
private final class RecordingShapeLayer: CAShapeLayer {
    @MainActor static var keys: [String] = []
    override class func needsDisplay(forKey key: String) -> Bool {
        keys.append(key)
        return false
    }
}

@MainActor
@Suite("CALayer key-value coding")
struct CALayerKeyValueCodingTests {
    @Test("every key path of every class: setValue(_:forKeyPath:) then value(forKeyPath:) returns the value")
    func everyKeyRoundTrips() {
        for entry in LayerKeyPath.all {
            let layer = makeLayer(entry.owner)
            let value = sampleValue(for: entry)
            let boxed = value.boxed(as: entry.kind)
            let (_, diagnostics) = KinemaDiagnostics.collecting { layer.setValue(boxed, forKeyPath: entry.keyPath) }
            #expect(diagnostics.isEmpty, "\(entry.keyPath): \(diagnostics)")
            let read = AnimatableValue(boxing: layer.value(forKeyPath: entry.keyPath), as: entry.kind)
            #expect(read.map { agree($0, value) } == true, "\(entry.keyPath): \(String(describing: read)) ≠ \(value)")
            #expect(layer.value(forKey: entry.keyPath) != nil || value == .none, "forKey: takes the same keys")
        }
    }

    @Test("structure fields: transform.rotation.z, position.x, bounds.size.width, shadowOffset.height, sublayerTransform.translation.x")
    func structureFields() {
        let layer = CALayer()
        layer.setValue(CGFloat.pi / 4, forKeyPath: "transform.rotation.z")
        #expect(close(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0, .pi / 4))
        #expect(close(layer.transform, CATransform3DMakeRotation(.pi / 4, 0, 0, 1)))
        layer.setValue(40, forKeyPath: "position.x")
        #expect(layer.position == CGPoint(x: 40, y: 0))
        layer.setValue(120, forKeyPath: "bounds.size.width")
        #expect(layer.bounds.size == CGSize(width: 120, height: 0))
        #expect(layer.value(forKeyPath: "bounds.size.width") as? CGFloat == 120)
        layer.setValue(-8, forKeyPath: "shadowOffset.height")
        #expect(layer.shadowOffset == CGSize(width: 0, height: -8))
        layer.setValue(15, forKeyPath: "sublayerTransform.translation.x")
        #expect(layer.sublayerTransform.m41 == 15)
        #expect(layer.value(forKeyPath: "transform.translation") as? CGSize == .zero)
        layer.setValue(CGSize(width: 3, height: 4), forKeyPath: "transform.translation")
        #expect(layer.transform.m41 == 3 && layer.transform.m42 == 4)
        #expect(layer.value(forKeyPath: "frame.origin.x") as? CGFloat == layer.frame.minX)
    }

    @Test("boxing: Int, Float, CGFloat and NSNumber are accepted for scalars; CGAffineTransform for transforms")
    func boxing() {
        let layer = CALayer()
        for value: Any in [1 as Int, 0.5 as Float, 0.25 as CGFloat, NSNumber(value: 0.75), 0.125 as Double] {
            layer.setValue(value, forKey: "opacity")
            #expect(AnimatableValue(boxing: value, as: .float) == .number(Double(layer.opacity)), "\(type(of: value))")
        }
        #expect(layer.value(forKey: "opacity") is Float, "opacity is a Float property")
        #expect(layer.value(forKey: "cornerRadius") is CGFloat, "cornerRadius is a CGFloat property")
        let affine = CGAffineTransform(scaleX: 2, y: 3)
        layer.setValue(affine, forKey: "transform")
        #expect(layer.affineTransform() == affine)
        layer.setValue(1, forKey: "hidden")
        #expect(layer.isHidden)
        layer.setValue(false, forKey: "hidden")
        #expect(!layer.isHidden)
    }

    @Test("wrong value types are refused with one diagnostic and change nothing")
    func wrongTypes() {
        let layer = CAShapeLayer()
        let cases: [(String, Any?)] = [
            ("opacity", "half"), ("opacity", nil), ("bounds", CGPoint.zero), ("position", 3),
            ("backgroundColor", 0.5), ("path", CGColor.black), ("lineDashPattern", ["a"]),
            ("contents", "an image"), ("transform", CGSize.zero), ("lineWidth", CGPoint.zero),
            ("sublayers", [1, 2]), ("mask", "layer"), ("superlayer", CALayer()),
        ]
        for (key, value) in cases {
            let before = layer.state
            let (_, diagnostics) = KinemaDiagnostics.collecting { layer.setValue(value, forKey: key) }
            #expect(diagnostics.count == 1, "\(key): \(diagnostics)")
            #expect(layer.state == before, "\(key)")
        }
        let (_, diagnostics) = KinemaDiagnostics.collecting { layer.contents = "not an image" }
        #expect(diagnostics.count == 1 && layer.contents == nil)
    }

    @Test("unknown key paths: one diagnostic, nil or no change")
    func unknownKeyPaths() {
        let layer = CALayer()
        let (value, readDiagnostics) = KinemaDiagnostics.collecting { layer.value(forKeyPath: "position.z") }
        #expect(value == nil && readDiagnostics.count == 1)
        let before = layer.state
        let (_, writeDiagnostics) = KinemaDiagnostics.collecting { layer.setValue(1, forKeyPath: "bounds.origin.w") }
        #expect(writeDiagnostics.count == 1 && layer.state == before)
        let (unset, unsetDiagnostics) = KinemaDiagnostics.collecting { layer.value(forKey: "neverSet") }
        #expect(unset == nil && unsetDiagnostics.count == 1)
        let (shapeKey, shapeDiagnostics) = KinemaDiagnostics.collecting { layer.value(forKey: "fillColor") }
        #expect(shapeKey == nil && shapeDiagnostics.count == 1, "a CAShapeLayer key on a plain CALayer is unknown")
    }

    @Test("custom keys are stored and read back, as in Apple's key-value coding compliant container classes")
    func customKeys() {
        let layer = CALayer()
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            layer.setValue(50, forKey: "someKey")
            layer.setValue("label", forKey: "caption")
        }
        #expect(diagnostics.isEmpty)
        #expect(layer.value(forKey: "someKey") as? Int == 50)
        #expect(layer.value(forKey: "caption") as? String == "label")
        layer.setValue(nil, forKey: "caption")
        let (cleared, clearedDiagnostics) = KinemaDiagnostics.collecting { layer.value(forKey: "caption") }
        #expect(cleared == nil && clearedDiagnostics.count == 1)
        let copy = CALayer(layer: layer)
        #expect(copy.value(forKey: "someKey") as? Int == 50, "init(layer:) copies custom values")
    }

    @Test("getter names read (\"isHidden\"), but only Apple's key sets the property; writing the getter name stores a custom key, with a diagnostic")
    func getterAliases() {
        let layer = CALayer()
        layer.isHidden = true
        #expect(layer.value(forKey: "isHidden") as? Bool == true)
        #expect(layer.value(forKey: "hidden") as? Bool == true)
        let (_, diagnostics) = KinemaDiagnostics.collecting { layer.setValue(false, forKey: "isHidden") }
        #expect(diagnostics.count == 1)
        #expect(layer.isHidden, "unchanged, as on Apple's platforms")
        #expect(CATextLayer().value(forKey: "isWrapped") as? Bool == false)
        #expect(layer.value(forKey: "doubleSided") as? Bool == true && layer.value(forKey: "isDoubleSided") as? Bool == true)
    }

    @Test("relationships and paths through superlayer and mask")
    func relationships() {
        let parent = CALayer(), child = CALayer(), maskLayer = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
        child.setValue(maskLayer, forKey: "mask")
        parent.setValue([child], forKey: "sublayers")
        #expect(child.superlayer === parent && child.mask === maskLayer)
        #expect(child.value(forKeyPath: "superlayer.bounds.size.width") as? CGFloat == 80)
        child.setValue(0.5, forKeyPath: "mask.opacity")
        #expect(maskLayer.opacity == 0.5)
        #expect((parent.value(forKey: "sublayers") as? [CALayer]) == [child])
        #expect(child.value(forKey: "superlayer") as? CALayer === parent)
        let (_, diagnostics) = KinemaDiagnostics.collecting { parent.setValue(1, forKeyPath: "mask.opacity") }
        #expect(diagnostics.count == 1, "through a nil mask")
    }

    @Test("Listing C-1: a subclass's defaultValue(forKey:) sets the defaults of its new instances and of custom keys")
    func subclassDefaults() {
        let layer = ClippingLayer()
        #expect(layer.masksToBounds)
        #expect(layer.value(forKey: "progress") as? Double == 0.25)
        #expect(!CALayer().masksToBounds)
        let (bad, diagnostics) = KinemaDiagnostics.collecting { BadDefaultLayer() }
        #expect(bad.cornerRadius == 0, "a default of the wrong type is reported and Apple's default kept")
        #expect(diagnostics.count == 1)
        let (_, again) = KinemaDiagnostics.collecting { _ = BadDefaultLayer() }
        #expect(again.isEmpty, "defaults are worked out once per class")
    }

    @Test("needsDisplay(forKey:) marks the layer for display when the key changes, properties and custom keys alike")
    func needsDisplayForKey() {
        let layer = ClippingLayer()
        #expect(!layer.needsDisplay())
        layer.opacity = 0.5
        #expect(!layer.needsDisplay())
        layer.cornerRadius = 4
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.setValue(0.75, forKey: "progress")
        #expect(layer.needsDisplay())
    }

    @Test("every setter goes through the one write path (each reaches needsDisplay(forKey:) with its key)")
    func oneWritePath() {
        RecordingShapeLayer.keys = []
        let layer = RecordingShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.opacity = 0.5
        layer.isHidden = true
        layer.backgroundColor = red
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        layer.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.lineWidth = 3
        layer.fillRule = .evenOdd
        layer.lineDashPattern = [2, 1]
        layer.speed = 2
        layer.name = "n"
        layer.setValue(1, forKeyPath: "position.x")
        #expect(RecordingShapeLayer.keys == [
            "bounds", "opacity", "hidden", "backgroundColor", "transform", "bounds", "position", "lineWidth", "fillRule",
            "lineDashPattern", "speed", "name", "position",
        ])
    }

    @Test("init(layer:) copies the properties (converting to the new class); a non-layer gives defaults and a diagnostic")
    func initLayer() {
        let model = CAShapeLayer()
        model.position = CGPoint(x: 3, y: 4)
        model.lineWidth = 7
        let shadow = CAShapeLayer(layer: model)
        #expect(shadow.position == CGPoint(x: 3, y: 4) && shadow.lineWidth == 7)
        #expect(shadow.superlayer == nil && shadow.sublayers == nil)
        let plain = CALayer(layer: model)
        #expect(plain.position == CGPoint(x: 3, y: 4))
        #expect(plain.state.shape == nil, "converted to CALayer's properties")
        let gradient = CAGradientLayer(layer: model)
        #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0) && gradient.position == CGPoint(x: 3, y: 4))
        let (odd, diagnostics) = KinemaDiagnostics.collecting { CALayer(layer: "not a layer") }
        #expect(odd.position == .zero && diagnostics.count == 1)
        #expect(model.presentation() == nil && model.model() === model)
    }
}
