// The subclasses' Apple-typed properties over LayerState: shape, gradient, replicator, text.
//
// Sources: CAShapeLayer docs (path, lineDashPattern: [NSNumber]?), CAGradientLayer docs (colors:
// CGColor objects, locations: [NSNumber]?), CAReplicatorLayer docs, CATextLayer
// docs (string: an NSString or NSAttributedString; font: a CFTypeRef naming the font).

import Foundation
import KinemaRenderServer
import KinemaSupport
import OpenQuartzCore
import Testing

@MainActor
@Suite("Layer subclasses")
struct CALayerSubclassTests {
    @Test("CAShapeLayer stores an immutable copy of a mutable path, so later edits do not reach the layer")
    func shapePathsAreCopied() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        let shape = CAShapeLayer()
        shape.path = path
        shape.shadowPath = path
        path.addRect(CGRect(x: 20, y: 20, width: 5, height: 5))
        #expect(shape.path?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(shape.shadowPath?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(!(shape.path is CGMutablePath))
        let immutable = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        shape.path = immutable
        #expect(shape.path === immutable, "an immutable path is kept as is")
    }

    @Test("CAShapeLayer properties round-trip with Apple's types")
    func shapeProperties() {
        let shape = CAShapeLayer()
        shape.lineDashPattern = [4, 2.5]
        #expect(shape.lineDashPattern?.map(\.doubleValue) == [4, 2.5])
        shape.fillColor = nil
        shape.strokeColor = red
        shape.fillRule = .evenOdd
        shape.lineCap = .round
        shape.lineJoin = .bevel
        shape.strokeStart = 0.25
        shape.strokeEnd = 0.5
        shape.miterLimit = 4
        shape.lineDashPhase = 1
        #expect(shape.fillColor == nil && shape.strokeColor == red)
        #expect(shape.fillRule == .evenOdd && shape.lineCap == .round && shape.lineJoin == .bevel)
        #expect(shape.strokeStart == 0.25 && shape.strokeEnd == 0.5 && shape.miterLimit == 4 && shape.lineDashPhase == 1)
        #expect(shape.value(forKey: "fillRule") as? String == "even-odd")
        #expect(shape.state.shape?.lineCap == .round, "stored in LayerState.shape")
    }

    @Test("CAGradientLayer: colors holds CGColors (anything else is refused); locations are NSNumbers")
    func gradientProperties() {
        let gradient = CAGradientLayer()
        gradient.colors = [red, green]
        #expect(gradient.colors as? [CGColor] == [red, green])
        let (_, diagnostics) = KinemaDiagnostics.collecting { gradient.colors = [red, "blue"] }
        #expect(diagnostics.count == 1)
        #expect(gradient.colors as? [CGColor] == [red, green])
        gradient.locations = [0, 0.3, 1]
        #expect(gradient.locations?.map(\.doubleValue) == [0, 0.3, 1])
        gradient.type = .conic
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        #expect(gradient.type == .conic && gradient.startPoint == CGPoint(x: 0, y: 0.5) && gradient.endPoint == CGPoint(x: 1, y: 0.5))
        gradient.colors = nil
        #expect(gradient.colors == nil)
    }

    @Test("CAReplicatorLayer properties round-trip; instanceTransform fields are key paths")
    func replicatorProperties() {
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 5
        replicator.preservesDepth = true
        replicator.instanceDelay = 0.1
        replicator.instanceColor = nil
        replicator.instanceRedOffset = -0.2
        replicator.instanceGreenOffset = -0.1
        replicator.instanceBlueOffset = 0.1
        replicator.instanceAlphaOffset = -0.25
        replicator.setValue(20, forKeyPath: "instanceTransform.translation.x")
        #expect(replicator.instanceCount == 5 && replicator.preservesDepth && replicator.instanceDelay == 0.1)
        #expect(replicator.instanceColor == nil)
        #expect(replicator.instanceRedOffset == -0.2 && replicator.instanceGreenOffset == -0.1)
        #expect(replicator.instanceBlueOffset == 0.1 && replicator.instanceAlphaOffset == -0.25)
        #expect(replicator.instanceTransform == CATransform3DMakeTranslation(20, 0, 0))
        let (_, diagnostics) = KinemaDiagnostics.collecting { replicator.setValue(2.5, forKey: "instanceCount") }
        #expect(diagnostics.count == 1 && replicator.instanceCount == 5, "a fractional count is refused")
    }

    @Test("CATextLayer: string takes String, NSString or an attributed string (read back as set); font takes a name")
    func textProperties() {
        let text = CATextLayer()
        text.string = "Hello"
        #expect(text.string as? String == "Hello")
        text.string = NSString(string: "Bye")
        #expect(text.string as? String == "Bye")
        let (_, diagnostics) = KinemaDiagnostics.collecting { text.string = NSAttributedString(string: "Styled") }
        #expect((text.string as? NSAttributedString)?.string == "Styled" && diagnostics.isEmpty)
        #expect((text.value(forKey: "string") as? NSAttributedString)?.string == "Styled")
        text.setValue(NSAttributedString(string: "By key"), forKey: "string")
        #expect((text.string as? NSAttributedString)?.string == "By key")
        text.font = "Courier" as CFTypeRef
        #expect(text.font as? String == "Courier")
        text.font = nil
        #expect(text.font as? String == "Helvetica", "nil: the default font")
        let (_, fontDiagnostics) = KinemaDiagnostics.collecting { text.font = NSNumber(value: 3) }
        #expect(fontDiagnostics.count == 1 && text.font as? String == "Helvetica")
        text.fontSize = 17
        text.foregroundColor = red
        text.isWrapped = true
        text.alignmentMode = .center
        text.truncationMode = .end
        text.allowsFontSubpixelQuantization = true
        #expect(text.fontSize == 17 && text.foregroundColor == red && text.isWrapped)
        #expect(text.alignmentMode == .center && text.truncationMode == .end && text.allowsFontSubpixelQuantization)
        #expect(text.value(forKey: "wrapped") as? Bool == true)
    }

    @Test("constant types carry Apple's raw values")
    func rawValues() {
        #expect([CAShapeLayerFillRule.nonZero, .evenOdd].map(\.rawValue) == ["non-zero", "even-odd"])
        #expect([CAShapeLayerLineCap.butt, .round, .square].map(\.rawValue) == ["butt", "round", "square"])
        #expect([CAShapeLayerLineJoin.miter, .round, .bevel].map(\.rawValue) == ["miter", "round", "bevel"])
        #expect([CAGradientLayerType.axial, .radial, .conic].map(\.rawValue) == ["axial", "radial", "conic"])
        #expect([CATextLayerAlignmentMode.natural, .left, .right, .center, .justified].map(\.rawValue)
            == ["natural", "left", "right", "center", "justified"])
        #expect([CATextLayerTruncationMode.none, .start, .end, .middle].map(\.rawValue) == ["none", "start", "end", "middle"])
        #expect([CALayerContentsGravity.center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
                 .resize, .resizeAspect, .resizeAspectFill].map(\.rawValue)
            == ["center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
                "resize", "resizeAspect", "resizeAspectFill"])
        #expect([CALayerContentsFilter.linear, .nearest, .trilinear].map(\.rawValue) == ["linear", "nearest", "trilinear"])
        #expect([CALayerCornerCurve.circular, .continuous].map(\.rawValue) == ["circular", "continuous"])
        #expect([CACornerMask.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner].map(\.rawValue) == [1, 2, 4, 8])
        #expect([CAEdgeAntialiasingMask.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge].map(\.rawValue) == [1, 2, 4, 8])
    }
}
