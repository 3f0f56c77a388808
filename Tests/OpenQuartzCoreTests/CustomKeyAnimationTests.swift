// Tests of custom keys (values a layer holds under keys of its own) animated like properties, and
// of layers whose drawing depends on an animated key redrawing at every turn.
//
// Sources: Core Animation Programming Guide → Key-Value Coding Extensions ("Key-Value Coding
// Compliant Container Classes"); CALayer.needsDisplay(forKey:) ("Animations changing the value of
// the attribute also trigger redisplay"); CALayer.defaultAction(forKey:) / action(forKey:);
// Apple's sample "Custom Animatable Property" (sc2284); CABasicAnimation, CAKeyframeAnimation and
// CASpringAnimation docs. Expected values are closed forms written here, independent of Kinema's
// interpolation code; tolerances are 1e-9 (double rounding) unless a line says otherwise.

import Foundation
import KinemaGeometry
@testable import KinemaRenderServer
import KinemaSupport
@testable import OpenQuartzCore
import Testing

/// A layer with a custom key "glow" that redraws when it changes, counts its drawings and records
/// the glow each drawing saw; a change of "glow" animates through `action(forKey:)`, as in Apple's
/// sample (Core Animation's default action knows only its own properties).
private final class GlowLayer: CALayer {
    var drawnGlows: [CGFloat] = []
    /// Whether a change of "glow" animates (off while a test sets the layer up).
    var animatesGlow = false

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "glow" || key == "cornerRadius" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> (any CAAction)? {
        guard event == "glow", animatesGlow else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: "glow")
        animation.fromValue = 0
        animation.duration = 1
        return animation
    }

    override func draw(in ctx: CGContext) {
        drawnGlows.append(value(forKey: "glow") as? CGFloat ?? -1)
    }
}

/// A layer drawn by its delegate; it redraws when "level" changes.
private final class DelegatedLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }
}

/// A delegate that records the level each drawing saw and, when drawing an animated level (not
/// the model's 1), misbehaves: it changes a property and marks the layer for display again.
private final class NoisyDelegate: CALayerDelegate {
    var levels: [CGFloat] = []

    func draw(_ layer: CALayer, in ctx: CGContext) {
        let level = layer.value(forKey: "level") as? CGFloat ?? -1
        levels.append(level)
        if level != 1 {
            layer.opacity = 0.25
            layer.setNeedsDisplay()
        }
    }
}

@Suite("Custom key animation")
@MainActor
struct CustomKeyAnimationTests {
    /// A layer holding `value` under `key`.
    func layer(_ key: String, _ value: Any) -> CALayer {
        let layer = CALayer()
        layer.setValue(value, forKey: key)
        return layer
    }

    @Test("a basic animation of a custom number: from/to, to from the model value, by (CABasicAnimation's table)")
    func basicNumber() {
        let layer = layer("progress", CGFloat(20))
        let fromTo = present(layer.state, [basic("progress", from: 0, to: 100)], at: 0.25)
        #expect(fromTo.customValues["progress"] == .number(25))
        let to = present(layer.state, [basic("progress", to: 100)], at: 0.5)
        #expect(to.customValues["progress"] == .number(60), "20 + (100 − 20) × 0.5")
        let by = present(layer.state, [basic("progress", by: 8)], at: 0.75)
        #expect(by.customValues["progress"] == .number(26), "20 + 8 × 0.75")
        #expect(layer.state.customValues["progress"] == .number(20), "the model is unchanged")
    }

    @Test("a keyframe animation of a custom point: linear between evenly spaced values (CAKeyframeAnimation)")
    func keyframePoint() {
        let layer = layer("anchor", CGPoint(x: 0, y: 0))
        let keyframes = CAKeyframeAnimation(keyPath: "anchor")
        keyframes.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 50)]
        keyframes.duration = 1
        for (t, expected) in [(0.25, CGPoint(x: 50, y: 0)), (0.5, CGPoint(x: 100, y: 0)), (0.75, CGPoint(x: 100, y: 25))] {
            guard case .point(let p)? = present(layer.state, [keyframes], at: t).customValues["anchor"] else {
                Issue.record("no point at \(t)")
                continue
            }
            #expect(close(p, expected), "t = \(t): \(p)")
        }
    }

    @Test("a keyframe path animates a custom point key (its kind is the value the layer holds)")
    func keyframePathOnCustomPoint() {
        let layer = layer("anchor", CGPoint(x: 0, y: 0))
        let keyframes = CAKeyframeAnimation(keyPath: "anchor")
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 10))
        path.addLine(to: CGPoint(x: 80, y: 10))
        keyframes.path = path
        keyframes.duration = 1
        guard case .point(let p)? = present(layer.state, [keyframes], at: 0.5).customValues["anchor"] else {
            Issue.record("no point")
            return
        }
        #expect(close(p, CGPoint(x: 40, y: 10)), "\(p)")
    }

    @Test("a spring on a custom number follows the closed form x(t) = 1 − e^(−ζω₀t)(cos ω_d t + ζω₀/ω_d sin ω_d t) (CASpringAnimation defaults: mass 1, stiffness 100, damping 10)")
    func springNumber() {
        let layer = layer("progress", 0.0)
        let spring = CASpringAnimation(keyPath: "progress")
        spring.fromValue = 0
        spring.toValue = 10
        spring.duration = 3
        let omega0 = 10.0, zeta = 0.5             // ω₀ = √(k/m), ζ = c / (2√(km))
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        for t in [0.05, 0.2, 0.4, 0.9, 2.0] {
            let x = 1 - exp(-zeta * omega0 * t) * (cos(omegaD * t) + zeta * omega0 / omegaD * sin(omegaD * t))
            guard case .number(let v)? = present(layer.state, [spring], at: t).customValues["progress"] else {
                Issue.record("no number at \(t)")
                continue
            }
            #expect(abs(v - 10 * x) < 1e-9, "t = \(t): \(v) vs \(10 * x)")
        }
    }

    @Test("custom sizes, rectangles, colours and transforms interpolate like properties of their kind")
    func otherKinds() {
        let sized = present(layer("extent", CGSize.zero).state,
                            [basic("extent", from: CGSize(width: 0, height: 0), to: CGSize(width: 10, height: 20))], at: 0.5)
        #expect(sized.customValues["extent"] == .size(CGSize(width: 5, height: 10)))
        let boxed = present(layer("box", CGRect.zero).state,
                            [basic("box", from: CGRect(x: 0, y: 0, width: 10, height: 10), to: CGRect(x: 10, y: 20, width: 30, height: 50))], at: 0.5)
        #expect(boxed.customValues["box"] == .rect(CGRect(x: 5, y: 10, width: 20, height: 30)))
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let tinted = present(layer("tint", red).state, [basic("tint", from: red, to: blue)], at: 0.5)
        if case .color(let c)? = tinted.customValues["tint"], let parts = c.components, parts.count == 4 {
            // Straight sRGB components, linearly (docs/ANIMATIONS.md).
            #expect(abs(parts[0] - 0.5) < 1e-6 && abs(parts[1]) < 1e-6 && abs(parts[2] - 0.5) < 1e-6 && abs(parts[3] - 1) < 1e-6, "\(parts)")
        } else {
            Issue.record("no colour: \(String(describing: tinted.customValues["tint"]))")
        }
        let turned = present(layer("spin", CATransform3DIdentity).state,
                             [basic("spin", from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))], at: 0.5)
        if case .transform(let m)? = turned.customValues["spin"] {
            // Half of a quarter turn about z is an eighth of a turn: cos 45° on the diagonal.
            let c = 0.5.squareRoot()
            #expect(abs(m.m11 - c) < 1e-9 && abs(m.m12 - c) < 1e-9 && abs(m.m21 + c) < 1e-9 && abs(m.m22 - c) < 1e-9, "\(m)")
        } else {
            Issue.record("no transform")
        }
    }

    @Test("presentation(): value(forKey:) of a custom key is the animated value, in the type the model holds; the model keeps its value")
    func presentationValue() {
        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            let parent = CALayer(), child = CALayer()
            parent.addSublayer(child)
            child.setValue(CGFloat(0.5), forKey: "progress")
            child.setValue(Float(2), forKey: "weight")
            child.add(basic("progress", from: 0, to: 1), forKey: "p")
            child.add(basic("weight", to: 4), forKey: "w")
            CATransaction.flush()
            clock.advance(to: 0.25)
            let shown = child.presentation()
            #expect((shown?.value(forKey: "progress") as? CGFloat).map { close($0, 0.25) } == true)
            #expect((shown?.value(forKey: "weight") as? Float).map { abs($0 - 2.5) < 1e-6 } == true, "Float in, Float out")
            #expect(child.value(forKey: "progress") as? CGFloat == 0.5)
            #expect(child.animationKeys() == ["p", "w"])
        }
    }

    @Test("an animation of a key the layer never held a value for is refused with one diagnostic: Kinema cannot know an undeclared key's type (Apple reads it from the @property declaration)")
    func undeclaredKey() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let layer = CALayer()
            let (_, diagnostics) = KinemaDiagnostics.collecting {
                layer.add(basic("customKeyNobodyDeclares", from: 0, to: 1), forKey: "x")
            }
            #expect(diagnostics.count == 1 && layer.animationKeys() == nil)
        }
    }

    @Test("a value of another kind than the custom key holds: one diagnostic, the animation animates nothing")
    func wrongKind() {
        let layer = layer("progress", 1.0)
        let (shown, diagnostics) = KinemaDiagnostics.collecting {
            present(layer.state, [basic("progress", to: CGPoint(x: 1, y: 1))], at: 0.5)
        }
        #expect(diagnostics.count == 1)
        #expect(shown.customValues["progress"] == .number(1))
    }

    @Test("key-value coding round trips keep the type set (Int stays Int, CGAffineTransform stays affine); non-animatable values stay out of the state")
    func roundTrips() {
        let layer = CALayer()
        layer.setValue(50, forKey: "count")
        layer.setValue(CGAffineTransform(scaleX: 2, y: 3), forKey: "skew")
        layer.setValue("label", forKey: "caption")
        #expect(layer.value(forKey: "count") as? Int == 50)
        #expect(layer.value(forKey: "skew") as? CGAffineTransform == CGAffineTransform(scaleX: 2, y: 3))
        #expect(layer.state.customValues["caption"] == nil && layer.state.customValues["count"] == .number(50))
        layer.setValue("now a string", forKey: "count")
        #expect(layer.state.customValues["count"] == nil, "a value that does not animate replaces the number")
    }

    @Test("custom entries never shadow the table, dotted paths or getter names, and run no default implicit animation")
    func customEntries() {
        #expect(LayerKeyPath.declareCustomKey("opacity", kind: .double) == nil)
        #expect(LayerKeyPath.declareCustomKey("fillColor", kind: .color) == nil, "a CAShapeLayer key is never custom")
        #expect(LayerKeyPath.declareCustomKey("offset.x", kind: .double) == nil)
        #expect(LayerKeyPath.declareCustomKey("isHidden", kind: .double) == nil)
        let entry = LayerKeyPath.declareCustomKey("customEntryTestKey", kind: .double)
        #expect(entry?.isCustom == true && entry?.isAnimatable == false)
        #expect(LayerKeyPath.lookup("customEntryTestKey", for: .shape) === entry)
        #expect(LayerKeyPath.lookup("fillColor", for: .layer) == nil)
    }

    @Test("setting a custom key of a layer in a committed tree adds no animation (defaultAction(forKey:) knows only Core Animation's properties)")
    func noDefaultImplicitAnimation() {
        let host = Host()
        let layer = CALayer()
        host.root.addSublayer(layer)
        layer.setValue(0.0, forKey: "progress")
        host.loop.turn(at: 0.1)
        layer.setValue(1.0, forKey: "progress")
        #expect(layer.animationKeys() == nil)
    }

    @Test("per-turn redraw: each turn draws the presentation value; after the end, one drawing with the model value, then none (needsDisplay(forKey:))")
    func redrawEachTurn() {
        let host = Host()
        let glow = GlowLayer()
        glow.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        host.root.addSublayer(glow)
        glow.setValue(CGFloat(0), forKey: "glow")
        host.loop.turn(at: 0.1)
        #expect(glow.drawnGlows == [0], "the commit displays the layer marked by the change")
        // The action (GlowLayer.action(forKey:)) animates from 0 to the new model value 0.8 over 1 s.
        glow.animatesGlow = true
        glow.setValue(CGFloat(0.8), forKey: "glow")
        #expect(glow.animationKeys() == ["glow"])
        host.loop.turn(at: 0.2)        // commits the animation: it begins at 0.2
        for t in [0.45, 0.7, 0.95] {
            host.loop.turn(at: t)
        }
        let drawn = Array(glow.drawnGlows.dropFirst())
        let expected: [CGFloat] = [0.8, 0, 0.2, 0.4, 0.6]   // commit (model), then 0.8 × (t − 0.2) at each turn
        #expect(drawn.count == expected.count && zip(drawn, expected).allSatisfy { close($0, $1) }, "\(drawn)")
        host.loop.turn(at: 1.3)        // ended at 1.2: one drawing with the model value
        host.loop.turn(at: 1.4)
        host.loop.turn(at: 1.5)
        #expect(glow.drawnGlows.count == expected.count + 2 && glow.drawnGlows.last == 0.8, "\(glow.drawnGlows)")
        #expect(glow.value(forKey: "glow") as? CGFloat == 0.8, "the model value was never touched")
    }

    @Test("per-turn redraw reaches the render tree: the committed contents are the turn's drawing, and a table key that needs display (cornerRadius) redraws too")
    func redrawReachesRenderTree() throws {
        let host = Host()
        let glow = GlowLayer()
        glow.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        glow.setValue(CGFloat(0), forKey: "glow")
        host.root.addSublayer(glow)
        host.loop.turn(at: 0.1)
        let round = basic("cornerRadius", from: 0, to: 5)
        glow.add(round, forKey: "round")
        host.loop.turn(at: 0.2)
        let first = try #require(host.context.server.committedTree?.sublayers.first?.state.contents)
        host.loop.turn(at: 0.3)
        let second = try #require(host.context.server.committedTree?.sublayers.first?.state.contents)
        #expect(first !== second, "a new backing store each turn")
        #expect(glow.state.contents === second, "the model's contents are the last drawing")
        #expect(glow.cornerRadius == 0, "the model keeps its value")
    }

    @Test("the delegate's drawing sees the animated value; what it changes while drawing is discarded and starts no loop")
    func delegateDrawing() {
        let host = Host()
        let layer = DelegatedLayer()
        let delegate = NoisyDelegate()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.setValue(CGFloat(1), forKey: "level")
        host.root.addSublayer(layer)
        layer.add(basic("level", from: 0, to: 10), forKey: "l")
        host.loop.turn(at: 0.1)        // the commit's display (model value, 1), then the animation's (0)
        host.loop.turn(at: 0.35)
        #expect(delegate.levels.count == 3 && zip(delegate.levels, [1, 0, 2.5]).allSatisfy { close($0, $1) }, "\(delegate.levels)")
        #expect(layer.opacity == 1, "the property set while drawing the animated values was discarded")
        #expect(!layer.needsDisplay(), "the mark set while drawing the animated values was put back")
        #expect(host.loop.withClock { layer.animationKeys() } == ["l"], "no action ran for the discarded change")
    }

    @Test("an animation inside a group and one that has not begun yet both redraw; an unchanged presentation draws nothing new")
    func groupsAndWaiting() {
        let host = Host()
        let glow = GlowLayer()
        glow.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        glow.setValue(CGFloat(0.3), forKey: "glow")
        host.root.addSublayer(glow)
        host.loop.turn(at: 0.1)
        let count = glow.drawnGlows.count
        let group = CAAnimationGroup()
        group.animations = [basic("glow", from: 1, to: 2, duration: 1)]
        group.duration = 1
        group.beginTime = 0.5            // in the layer's time: it waits 0.4 s after the commit
        glow.add(group, forKey: "g")
        host.loop.turn(at: 0.2)
        host.loop.turn(at: 0.3)          // still waiting: the same model values, nothing drawn
        host.loop.turn(at: 0.75)
        let drawn = Array(glow.drawnGlows.dropFirst(count))
        #expect(drawn.count == 2 && close(drawn[0], 0.3) && close(drawn[1], 1.25), "\(drawn)")
    }
}
