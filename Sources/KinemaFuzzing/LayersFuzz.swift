// LayersFuzz: one fuzz input as a program of CALayer and CGContext calls on a hosted layer tree
// — layers of every kind made, added, inserted, replaced and removed (cycles attempted), masks,
// properties set to extreme values, basic / keyframe / spring / group / transition animations
// with extreme timing, explicit transactions, key-value paths, presentation copies, hit tests,
// run-loop turns at odd times, frames rendered by the render server, and `render(in:)`.
//
// Audited against: the CALayer, CAAnimation, CATransaction and CGContext API as OpenQuartzCore
// and OpenCoreGraphics declare them. Status: complete except CADisplayLink and layer delegates.
//
// The tree is hosted as a Stage hosts it (a RenderContext and a HostRunLoop on a manual clock),
// without OpenUIKit. Costs are capped so each input takes milliseconds: at most
// `maximumOperations` calls, `maximumLayers` layers, frames of 32 × 32 pixels, and `render(in:)`
// into a context whose scale keeps the offscreen near 96 pixels a side.

import Foundation
import KinemaRenderServer
import KinemaRaster
import KinemaTiming
import OpenCoreGraphics
import OpenQuartzCore

/// The layer fuzz target's body (KinemaFuzzLayers runs it under libFuzzer or as a replay tool;
/// the corpus test runs the committed seeds through it).
///
/// ```swift
/// let summary = LayersFuzz.run(Array(data))   // "ops 40, layers 7, frames 3, …"
/// ```
/// **Semantics.** Never traps on any input. Each run builds its own tree, clock and server and
/// leaves no transaction open. **Cost.** Bounded by the caps above.
@MainActor
package enum LayersFuzz {
    /// The most calls one input makes (a CGContext run counts as its number of calls).
    package static let maximumOperations = 96
    /// The most layers one input makes, the root included.
    package static let maximumLayers = 16
    /// The side of the frames rendered through the render server, in pixels.
    package static let frameSide = 32

    /// Key paths animations and key-value calls use, with the kind of value each takes.
    private static let keyPaths: [(String, ValueKind)] = [
        ("position", .point), ("bounds", .rect), ("bounds.size", .size), ("opacity", .number),
        ("transform", .transform), ("transform.rotation.z", .number), ("transform.scale", .number),
        ("transform.translation", .size), ("backgroundColor", .color), ("cornerRadius", .number),
        ("shadowOffset", .size), ("shadowRadius", .number), ("shadowOpacity", .number), ("zPosition", .number),
        ("anchorPoint", .point), ("sublayerTransform", .transform), ("contentsRect", .rect), ("borderWidth", .number),
        ("path", .path), ("strokeEnd", .number), ("lineWidth", .number), ("colors", .colors), ("locations", .numbers),
        ("instanceTransform", .transform), ("instanceCount", .number), ("position.x", .number), ("hidden", .flag),
        ("shadowPath", .path), ("contents", .image), ("no.such.key", .number), ("", .number), ("bounds.origin.y", .number),
    ]

    private enum ValueKind: CaseIterable {
        case number, point, size, rect, transform, color, path, colors, numbers, flag, image
    }

    private struct Program {
        var input: FuzzInput
        var layers: [CALayer]
        var operations = 0
        var openTransactions = 0
        var frames = 0
        var painted = 0
        let drawing: CGContext?
    }

    /// Runs one input, then empties the process-wide animation event hub: for a process that
    /// runs nothing else (the fuzzer and its replay tool). The input's run loop is gone, so
    /// animations it left running never finish, and the hub would keep them, their completion
    /// groups and whatever the blocks capture — a layer, here — for the rest of the process
    /// (LeakSanitizer reported the weak-reference side table of such a layer).
    @discardableResult
    package static func runAlone(_ bytes: [UInt8]) -> String {
        let summary = run(bytes)
        AnimationEventHub.reset()
        return summary
    }

    /// Runs one input.
    @discardableResult
    package static func run(_ bytes: [UInt8]) -> String {
        let clock = MediaClock.manual(at: 0)
        let outerClock = MediaClock.current
        MediaClock.current = clock
        defer { MediaClock.current = outerClock }
        let root = CALayer()
        let context = RenderContext(rootLayer: root)
        let loop = HostRunLoop(context: context, clock: clock)
        let compositor = Compositor(threads: 1)
        var program = Program(input: FuzzInput(bytes), layers: [root], drawing: FuzzCanvas.makeContext())
        loop.withClock {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            root.bounds = CGRect(x: 0, y: 0, width: frameSide, height: frameSide)
            root.position = CGPoint(x: frameSide / 2, y: frameSide / 2)
            CATransaction.commit()
            CATransaction.flush()
        }
        while !program.input.isAtEnd, program.operations < maximumOperations {
            program.operations += 1
            if let time = loop.withClock({ step(&program) }) {
                loop.turn(at: time)
                program.painted += renderFrame(context.server, compositor, at: clock.now)
                program.frames += 1
            }
        }
        // Close what the input left open, then one last turn and frame.
        loop.withClock {
            for _ in 0 ..< program.openTransactions { CATransaction.commit() }
        }
        loop.turn(at: clock.now + 1)
        program.painted += renderFrame(context.server, compositor, at: clock.now)
        return "ops \(program.operations), layers \(program.layers.count), frames \(program.frames + 1), painted \(program.painted) px"
    }

    private static func renderFrame(_ server: RenderServer, _ compositor: Compositor, at time: Double) -> Int {
        guard var frame = try? Pixmap(width: frameSide, height: frameSide) else { return 0 }
        if let tree = server.evaluate(at: time) {
            compositor.render(tree, into: &frame, scale: 1)
        }
        let bytes = frame.premultipliedBytes
        return stride(from: 3, to: bytes.count, by: 4).reduce(0) { $0 + (bytes[$1] != 0 ? 1 : 0) }
    }

    /// Runs one call; returns a time when the call is a run-loop turn.
    private static func step(_ p: inout Program) -> Double? {
        let layer = p.layers[p.input.choice(p.layers.count)]
        let other = p.layers[p.input.choice(p.layers.count)]
        switch p.input.choice(32) {
        case 0, 1:
            guard p.layers.count < maximumLayers else { return nil }
            let made = makeLayer(&p.input)
            p.layers.append(made)
            if p.input.flag() { layer.addSublayer(made) }
        case 2: layer.addSublayer(other)
        case 3: layer.insertSublayer(other, at: p.input.flag() ? UInt32(p.input.choice(4)) : UInt32(truncatingIfNeeded: p.input.word()))
        case 4:
            let sibling = p.layers[p.input.choice(p.layers.count)]
            if p.input.flag() { layer.insertSublayer(other, above: sibling) } else { layer.insertSublayer(other, below: sibling) }
        case 5: layer.replaceSublayer(other, with: p.layers[p.input.choice(p.layers.count)])
        case 6: other.removeFromSuperlayer()
        case 7: layer.sublayers = p.input.flag() ? nil : (0 ..< p.input.choice(4)).map { _ in p.layers[p.input.choice(p.layers.count)] }
        case 8: layer.mask = p.input.flag() ? nil : other
        case 9: setGeometry(layer, &p.input)
        case 10: setAppearance(layer, &p.input)
        case 11: setContents(layer, &p)
        case 12: setTiming(layer, &p.input)
        case 13: layer.add(basicAnimation(&p.input), forKey: animationKey(&p.input))
        case 14: layer.add(keyframeAnimation(&p.input), forKey: animationKey(&p.input))
        case 15: layer.add(springAnimation(&p.input), forKey: animationKey(&p.input))
        case 16:
            let group = CAAnimationGroup()
            group.animations = (0 ..< p.input.choice(4)).map { _ in
                p.input.flag() ? basicAnimation(&p.input) : keyframeAnimation(&p.input)
            }
            time(group, &p.input)
            layer.add(group, forKey: animationKey(&p.input))
        case 17:
            let transition = CATransition()
            transition.type = [.fade, .moveIn, .push, .reveal, CATransitionType(rawValue: "cube")][p.input.choice(5)]
            transition.subtype = [nil, .fromLeft, .fromRight, .fromTop, .fromBottom][p.input.choice(5)]
            transition.startProgress = Float(p.input.number())
            transition.endProgress = Float(p.input.number())
            time(transition, &p.input)
            layer.add(transition, forKey: p.input.flag() ? kCATransition : nil)
        case 18:
            if p.input.flag() { layer.removeAllAnimations() } else { layer.removeAnimation(forKey: animationKey(&p.input) ?? "") }
        case 19:
            if p.input.flag(), p.openTransactions < 8 {
                CATransaction.begin()
                p.openTransactions += 1
                CATransaction.setAnimationDuration(p.input.number())
                CATransaction.setDisableActions(p.input.flag())
                if p.input.flag() {
                    let target = other
                    CATransaction.setCompletionBlock { target.removeFromSuperlayer() }
                }
            } else if p.openTransactions > 0 {
                CATransaction.commit()
                p.openTransactions -= 1
            } else {
                CATransaction.flush()
            }
        case 20: setShape(layer, &p.input)
        case 21: setGradient(layer, &p.input)
        case 22: setReplicator(layer, &p.input)
        case 23:
            // A run-loop turn and a frame, at a time from the input (backwards and non-finite
            // included: the loop reports those and stays at its time).
            let now = MediaClock.current.now
            return switch p.input.choice(5) {
            case 0: now + 1.0 / 60
            case 1: now + 0.25
            case 2: now + 3
            default: p.input.number()
            }
        case 24: render(layer, into: p.drawing, &p.input)
        case 25:
            let presentation = layer.presentation()
            _ = presentation?.position
            _ = presentation?.opacity
            _ = presentation?.transform
            if let presentation { render(presentation, into: p.drawing, &p.input) }
        case 26:
            _ = layer.hitTest(p.input.point())
            _ = layer.contains(p.input.point())
            _ = layer.convert(p.input.point(), to: other)
            _ = layer.convert(p.input.rect(), from: other)
            _ = layer.convertTime(p.input.number(), to: other)
            _ = layer.preferredFrameSize()
        case 27:
            let (keyPath, kind) = keyPaths[p.input.choice(keyPaths.count)]
            let value = p.input.flag() ? value(kind, &p.input) : value(ValueKind.allCases[p.input.choice(ValueKind.allCases.count)], &p.input)
            layer.setValue(value, forKeyPath: keyPath)
            _ = layer.value(forKeyPath: keyPath)
        case 28:
            guard let drawing = p.drawing else { return nil }
            let calls = 1 + p.input.choice(8)
            p.operations += calls - 1
            ContextFuzz.draw(into: drawing, calls: calls, &p.input)
        case 29:
            layer.setNeedsLayout()
            layer.setNeedsDisplay()
            if p.input.flag() { layer.layoutIfNeeded() } else { layer.displayIfNeeded() }
        case 30:
            let copy = CALayer(layer: layer)
            if p.layers.count < maximumLayers { p.layers.append(copy) }
        default:
            if let text = layer as? CATextLayer {
                text.string = ["", "Kinema", "a\u{0}b\u{202E}c", String(repeating: "W ", count: 20)][p.input.choice(4)]
                text.fontSize = p.input.number()
                text.isWrapped = p.input.flag()
                text.foregroundColor = p.input.color()
            } else {
                layer.name = p.input.flag() ? nil : "layer"
                layer.actions = p.input.flag() ? nil : ["position": NSNull()]
            }
        }
        return nil
    }

    private static func makeLayer(_ input: inout FuzzInput) -> CALayer {
        let layer: CALayer = switch input.choice(7) {
        case 0: CAShapeLayer()
        case 1: CAGradientLayer()
        case 2: CAReplicatorLayer()
        case 3: CATransformLayer()
        case 4: CATextLayer()
        default: CALayer()
        }
        layer.frame = CGRect(x: CGFloat(input.choice(32)), y: CGFloat(input.choice(32)),
                             width: CGFloat(input.choice(40)), height: CGFloat(input.choice(40)))
        layer.backgroundColor = input.color()
        return layer
    }

    private static func animationKey(_ input: inout FuzzInput) -> String? {
        input.flag() ? nil : ["a", "b", "position", kCATransition][input.choice(4)]
    }

    private static func value(_ kind: ValueKind, _ input: inout FuzzInput) -> Any {
        switch kind {
        case .number: input.flag() ? Double(input.number()) : NSNumber(value: Float(input.number()))
        case .point: input.point()
        case .size: input.size()
        case .rect: input.rect()
        case .transform: transform3D(&input)
        case .color: input.color()
        case .path: CGPath(ellipseIn: input.rect(), transform: nil)
        case .colors: (0 ..< input.choice(5)).map { _ in input.color() }
        case .numbers: input.numbers(upTo: 5).map { NSNumber(value: Double($0)) }
        case .flag: input.flag()
        case .image: ContextFuzz.image
        }
    }

    private static func transform3D(_ input: inout FuzzInput) -> CATransform3D {
        switch input.choice(5) {
        case 0: return CATransform3DIdentity
        case 1: return CATransform3DMakeRotation(input.number(), input.number(), input.number(), input.number())
        case 2: return CATransform3DMakeScale(input.number(), input.number(), input.number())
        case 3:
            var perspective = CATransform3DMakeTranslation(input.number(), input.number(), input.number())
            perspective.m34 = input.number()
            return perspective
        default:
            var m = CATransform3D()
            m.m11 = input.number(); m.m12 = input.number(); m.m14 = input.number()
            m.m21 = input.number(); m.m22 = input.number(); m.m24 = input.number()
            m.m33 = input.number(); m.m34 = input.number()
            m.m41 = input.number(); m.m42 = input.number(); m.m43 = input.number(); m.m44 = input.number()
            return m
        }
    }

    private static func timingFunction(_ input: inout FuzzInput) -> CAMediaTimingFunction? {
        switch input.choice(4) {
        case 0: nil
        case 1: CAMediaTimingFunction(name: [.linear, .easeIn, .easeOut, .easeInEaseOut, .default][input.choice(5)])
        default:
            CAMediaTimingFunction(controlPoints: Float(input.number()), Float(input.number()), Float(input.number()), Float(input.number()))
        }
    }

    /// Timing with extreme values: begin times, durations, speeds, repeats, fill modes.
    private static func time(_ animation: CAAnimation, _ input: inout FuzzInput) {
        animation.duration = input.number()
        if input.flag() {
            animation.beginTime = input.flag() ? CACurrentMediaTime() + input.number() : input.number()
            animation.speed = Float(input.number())
            animation.timeOffset = input.number()
            animation.repeatCount = input.flag() ? .infinity : Float(input.number())
            animation.repeatDuration = input.number()
            animation.autoreverses = input.flag()
        }
        animation.fillMode = [.removed, .forwards, .backwards, .both][input.choice(4)]
        animation.isRemovedOnCompletion = input.flag()
        animation.timingFunction = timingFunction(&input)
    }

    private static func basicAnimation(_ input: inout FuzzInput) -> CABasicAnimation {
        let (keyPath, kind) = keyPaths[input.choice(keyPaths.count)]
        let animation = CABasicAnimation(keyPath: keyPath)
        let valueKind = input.choice(8) == 0 ? ValueKind.allCases[input.choice(ValueKind.allCases.count)] : kind
        switch input.choice(4) {
        case 0: animation.fromValue = value(valueKind, &input); animation.toValue = value(valueKind, &input)
        case 1: animation.toValue = value(valueKind, &input)
        case 2: animation.byValue = value(valueKind, &input)
        default: animation.fromValue = value(valueKind, &input); animation.byValue = value(valueKind, &input)
        }
        animation.isAdditive = input.flag()
        animation.isCumulative = input.flag()
        if input.choice(4) == 0 {
            animation.valueFunction = CAValueFunction(name: [.rotateZ, .scale, .translate, .scaleX, .translateY][input.choice(5)])
        }
        time(animation, &input)
        return animation
    }

    private static func keyframeAnimation(_ input: inout FuzzInput) -> CAKeyframeAnimation {
        let (keyPath, kind) = keyPaths[input.choice(keyPaths.count)]
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        let count = input.choice(7)
        animation.values = (0 ..< count).map { _ in value(kind, &input) }
        if input.flag() {
            // Key times of any length and order, not only `count`.
            animation.keyTimes = input.numbers(upTo: 7).map { NSNumber(value: Double($0)) }
        }
        if input.flag() {
            animation.timingFunctions = (0 ..< input.choice(7)).compactMap { _ in timingFunction(&input) }
        }
        animation.calculationMode = [.linear, .discrete, .paced, .cubic, .cubicPaced][input.choice(5)]
        if input.flag() {
            let path = CGMutablePath()
            path.move(to: input.point())
            path.addCurve(to: input.point(), control1: input.point(), control2: input.point())
            if input.flag() { path.addArc(center: input.point(), radius: input.number(), startAngle: 0, endAngle: input.number(), clockwise: input.flag()) }
            animation.path = path
            animation.rotationMode = input.flag() ? .rotateAuto : nil
        }
        if input.flag() {
            animation.tensionValues = input.numbers(upTo: 4).map { NSNumber(value: Double($0)) }
            animation.continuityValues = input.numbers(upTo: 4).map { NSNumber(value: Double($0)) }
            animation.biasValues = input.numbers(upTo: 4).map { NSNumber(value: Double($0)) }
        }
        time(animation, &input)
        return animation
    }

    private static func springAnimation(_ input: inout FuzzInput) -> CASpringAnimation {
        let spring = input.flag() ? CASpringAnimation(perceptualDuration: input.number(), bounce: input.number()) : CASpringAnimation()
        let (keyPath, kind) = keyPaths[input.choice(keyPaths.count)]
        spring.keyPath = keyPath
        spring.fromValue = value(kind, &input)
        spring.toValue = value(kind, &input)
        if input.flag() {
            spring.mass = input.number()
            spring.stiffness = input.number()
            spring.damping = input.number()
            spring.initialVelocity = input.number()
            spring.allowsOverdamping = input.flag()
        }
        if input.flag() {
            spring.duration = input.flag() ? spring.settlingDuration : input.number()
        } else {
            time(spring, &input)
        }
        return spring
    }

    private static func setGeometry(_ layer: CALayer, _ input: inout FuzzInput) {
        switch input.choice(9) {
        case 0: layer.bounds = input.rect()
        case 1: layer.position = input.point()
        case 2: layer.anchorPoint = input.point()
        case 3: layer.zPosition = input.number()
        case 4: layer.frame = input.rect()
        case 5: layer.transform = transform3D(&input)
        case 6: layer.sublayerTransform = transform3D(&input)
        case 7: layer.setAffineTransform(input.affineTransform())
        default:
            layer.anchorPointZ = input.number()
            layer.isGeometryFlipped = input.flag()
        }
    }

    private static func setAppearance(_ layer: CALayer, _ input: inout FuzzInput) {
        switch input.choice(10) {
        case 0: layer.opacity = Float(input.number())
        case 1: layer.backgroundColor = input.flag() ? nil : input.color()
        case 2:
            layer.cornerRadius = input.number()
            layer.maskedCorners = CACornerMask(rawValue: UInt(input.choice(16)))
            layer.cornerCurve = input.flag() ? .continuous : .circular
        case 3:
            layer.borderWidth = input.number()
            layer.borderColor = input.color()
        case 4: layer.masksToBounds = input.flag()
        case 5: layer.isHidden = input.flag()
        case 6:
            layer.isDoubleSided = input.flag()
            layer.allowsGroupOpacity = input.flag()
        case 7:
            layer.shadowColor = input.flag() ? nil : input.color()
            layer.shadowOpacity = Float(input.number())
            layer.shadowOffset = input.size()
            layer.shadowRadius = input.number()
        case 8: layer.shadowPath = input.flag() ? nil : CGPath(roundedRect: input.rect(), cornerWidth: input.number(),
                                                                 cornerHeight: input.number(), transform: nil)
        default:
            layer.shouldRasterize = input.flag()
            layer.rasterizationScale = input.number()
            layer.contentsScale = input.number()
        }
    }

    private static func setContents(_ layer: CALayer, _ p: inout Program) {
        switch p.input.choice(5) {
        case 0: layer.contents = p.input.flag() ? ContextFuzz.image : p.drawing?.makeImage()
        case 1: layer.contents = p.input.flag() ? nil : "not an image"
        case 2: layer.contentsRect = p.input.rect()
        case 3: layer.contentsCenter = p.input.rect()
        default:
            layer.contentsGravity = [.center, .top, .bottomRight, .resize, .resizeAspect, .resizeAspectFill][p.input.choice(6)]
            layer.magnificationFilter = p.input.flag() ? .nearest : .trilinear
        }
    }

    private static func setTiming(_ layer: CALayer, _ input: inout FuzzInput) {
        switch input.choice(4) {
        case 0: layer.speed = Float(input.number())
        case 1: layer.timeOffset = input.number()
        case 2: layer.beginTime = input.number()
        default:
            layer.duration = input.number()
            layer.repeatCount = Float(input.number())
            layer.autoreverses = input.flag()
            layer.fillMode = [.removed, .forwards, .backwards, .both][input.choice(4)]
        }
    }

    private static func setShape(_ layer: CALayer, _ input: inout FuzzInput) {
        guard let shape = layer as? CAShapeLayer else { return }
        let path = CGMutablePath()
        for _ in 0 ..< input.choice(6) {
            if input.flag() { path.addLine(to: input.point()) } else { path.addQuadCurve(to: input.point(), control: input.point()) }
        }
        shape.path = input.flag() ? nil : path
        shape.fillColor = input.flag() ? nil : input.color()
        shape.strokeColor = input.color()
        shape.fillRule = input.flag() ? .evenOdd : .nonZero
        shape.strokeStart = input.number()
        shape.strokeEnd = input.number()
        shape.lineWidth = input.number()
        shape.miterLimit = input.number()
        shape.lineCap = [.butt, .round, .square][input.choice(3)]
        shape.lineJoin = [.miter, .round, .bevel][input.choice(3)]
        shape.lineDashPhase = input.number()
        shape.lineDashPattern = input.flag() ? nil : input.numbers(upTo: 4).map { NSNumber(value: Double($0)) }
    }

    private static func setGradient(_ layer: CALayer, _ input: inout FuzzInput) {
        guard let gradient = layer as? CAGradientLayer else { return }
        gradient.colors = input.flag() ? [input.color(), "not a colour", 3] : (0 ..< input.choice(5)).map { _ in input.color() }
        gradient.locations = input.flag() ? nil : input.numbers(upTo: 5).map { NSNumber(value: Double($0)) }
        gradient.startPoint = input.point()
        gradient.endPoint = input.point()
        gradient.type = [.axial, .radial, .conic][input.choice(3)]
    }

    private static func setReplicator(_ layer: CALayer, _ input: inout FuzzInput) {
        guard let replicator = layer as? CAReplicatorLayer else { return }
        replicator.instanceCount = input.flag() ? input.choice(8) : Int(truncatingIfNeeded: input.word())
        replicator.instanceTransform = transform3D(&input)
        replicator.instanceDelay = input.number()
        replicator.instanceColor = input.flag() ? nil : input.color()
        replicator.instanceAlphaOffset = Float(input.number())
        replicator.instanceRedOffset = Float(input.number())
        replicator.preservesDepth = input.flag()
    }

    /// `render(in:)` into the drawing context, its CTM scaled so the offscreen stays near 96
    /// pixels a side (the documented bound is 8192; the fuzzer looks for traps, not for that cost).
    private static func render(_ layer: CALayer, into context: CGContext?, _ input: inout FuzzInput) {
        guard let context else { return }
        context.saveGState()
        defer { context.restoreGState() }
        if let extent = Compositor(threads: 1).extent(of: CompositeLayer(modelTree: layer.model())),
           extent.width.isFinite, extent.height.isFinite {
            let side = max(extent.width, extent.height, 1)
            if side > 96 { context.scaleBy(x: 96 / side, y: 96 / side) }
        }
        if input.flag() { context.setAlpha(input.number()) }
        layer.render(in: context)
    }
}
