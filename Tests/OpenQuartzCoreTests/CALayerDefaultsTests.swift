// Defaults of every layer property, as Apple documents each (the "default value" sentence of each
// property's page under developer.apple.com/documentation/quartzcore; CATextLayer.h for the text
// layer; CAMediaTiming for the timing properties).

import Foundation
import KinemaRenderServer
import OpenQuartzCore
import Testing

@MainActor
@Suite("Layer defaults")
struct CALayerDefaultsTests {
    @Test("CALayer geometry defaults: empty bounds, position (0, 0), anchor (0.5, 0.5), identity transforms, scale 1")
    func geometry() {
        let layer = CALayer()
        #expect(layer.bounds == .zero)
        #expect(layer.position == .zero)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.anchorPointZ == 0)
        #expect(layer.zPosition == 0)
        #expect(layer.frame == .zero)
        #expect(CATransform3DIsIdentity(layer.transform))
        #expect(CATransform3DIsIdentity(layer.sublayerTransform))
        #expect(layer.contentsScale == 1)
        #expect(!layer.isGeometryFlipped)
    }

    @Test("CALayer appearance defaults (each property's documented default)")
    func appearance() {
        let layer = CALayer()
        #expect(layer.opacity == 1)
        #expect(!layer.isHidden)
        #expect(layer.backgroundColor == nil)
        #expect(layer.cornerRadius == 0)
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(layer.cornerCurve == .circular)
        #expect(layer.borderWidth == 0)
        #expect(layer.borderColor == CGColor.black, "opaque black")
        #expect(layer.shadowColor == CGColor.black, "opaque black")
        #expect(layer.shadowOpacity == 0)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.shadowRadius == 3)
        #expect(layer.shadowPath == nil)
        #expect(!layer.masksToBounds)
        #expect(layer.contents == nil)
        #expect(layer.contentsGravity == .resize)
        #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.minificationFilter == .linear && layer.magnificationFilter == .linear)
        #expect(layer.minificationFilterBias == 0)
        #expect(layer.allowsGroupOpacity, "true for apps linked against iOS 7 or later")
        #expect(layer.isDoubleSided)
        #expect(!layer.isOpaque)
        #expect(!layer.allowsEdgeAntialiasing, "false without UIViewEdgeAntialiasing")
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(!layer.shouldRasterize && layer.rasterizationScale == 1)
        #expect(!layer.drawsAsynchronously)
        #expect(!layer.needsDisplayOnBoundsChange)
        #expect(layer.name == nil && layer.mask == nil && layer.delegate == nil)
        #expect(layer.style == nil && layer.actions == nil)
        #expect(layer.sublayers == nil && layer.superlayer == nil)
    }

    @Test("CAMediaTiming defaults on a layer: begin 0, duration 0, speed 1, offset 0, no repeat, no autoreverse, removed")
    func timing() {
        let layer = CALayer()
        #expect(layer.beginTime == 0 && layer.duration == 0 && layer.speed == 1 && layer.timeOffset == 0)
        #expect(layer.repeatCount == 0 && layer.repeatDuration == 0 && !layer.autoreverses)
        #expect(layer.fillMode == .removed)
    }

    @Test("CAShapeLayer defaults: fill opaque black, non-zero, no stroke, width 1, butt, miter, limit 10, whole stroke")
    func shape() {
        let layer = CAShapeLayer()
        #expect(layer.path == nil)
        #expect(layer.fillColor == CGColor.black)
        #expect(layer.fillRule == .nonZero && layer.fillRule.rawValue == "non-zero")
        #expect(layer.strokeColor == nil)
        #expect(layer.lineWidth == 1)
        #expect(layer.lineCap == .butt && layer.lineJoin == .miter)
        #expect(layer.miterLimit == 10)
        #expect(layer.lineDashPattern == nil && layer.lineDashPhase == 0)
        #expect(layer.strokeStart == 0 && layer.strokeEnd == 1)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3), "and every CALayer default")
    }

    @Test("CAGradientLayer defaults: no colours or locations, from (0.5, 0) to (0.5, 1), axial")
    func gradient() {
        let layer = CAGradientLayer()
        #expect(layer.colors == nil && layer.locations == nil)
        #expect(layer.startPoint == CGPoint(x: 0.5, y: 0))
        #expect(layer.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(layer.type == .axial)
    }

    @Test("CAReplicatorLayer defaults: one instance, no delay, identity, opaque white, zero offsets")
    func replicator() {
        let layer = CAReplicatorLayer()
        #expect(layer.instanceCount == 1 && !layer.preservesDepth)
        #expect(layer.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(layer.instanceTransform))
        #expect(layer.instanceColor == CGColor.white)
        #expect(layer.instanceRedOffset == 0 && layer.instanceGreenOffset == 0)
        #expect(layer.instanceBlueOffset == 0 && layer.instanceAlphaOffset == 0)
    }

    @Test("CATextLayer defaults: no string, Helvetica 36, opaque white, not wrapped, natural, no truncation")
    func text() {
        let layer = CATextLayer()
        #expect(layer.string == nil)
        #expect(layer.font as? String == "Helvetica")
        #expect(layer.fontSize == 36)
        #expect(layer.foregroundColor == CGColor.white)
        #expect(!layer.isWrapped)
        #expect(layer.alignmentMode == .natural && layer.truncationMode == .none)
        #expect(!layer.allowsFontSubpixelQuantization)
    }

    @Test("defaultValue(forKey:) returns each property's default, boxed as key-value coding returns it; nil for other keys")
    func defaultValues() {
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "shadowRadius") as? CGFloat == 3)
        #expect(CALayer.defaultValue(forKey: "hidden") as? Bool == false)
        #expect(CALayer.defaultValue(forKey: "backgroundColor") == nil)
        #expect(CALayer.defaultValue(forKey: "lineWidth") == nil, "not a CALayer key")
        #expect(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat == 1)
        #expect(CALayer.defaultValue(forKey: "position.x") == nil, "fields have no defaults of their own")
        #expect(CALayer.defaultValue(forKey: "someKey") == nil)
    }

    @Test("every stored key's default through key-value coding equals the typed property's default")
    func keyValueDefaultsMatchProperties() {
        for layerClass in LayerClass.allCases {
            let layer = makeLayer(layerClass)
            for entry in LayerKeyPath.storedEntries(for: layerClass) {
                let viaCoding = AnimatableValue(boxing: layer.value(forKey: entry.keyPath), as: entry.kind)
                #expect(viaCoding == entry.get(LayerState(layerClass: layerClass)), "\(layerClass).\(entry.keyPath)")
            }
        }
    }
}

/// A new layer of the class `layerClass` names.
@MainActor
func makeLayer(_ layerClass: LayerClass) -> CALayer {
    switch layerClass {
    case .layer: CALayer()
    case .shape: CAShapeLayer()
    case .gradient: CAGradientLayer()
    case .replicator: CAReplicatorLayer()
    case .text: CATextLayer()
    case .transform: CATransformLayer()
    }
}
