// Tests of the render server's fast paths: a compiled AnimationProgram gives the same state as the
// general evaluation (`applyAnimations`, itself tested against Apple's documented rules in the
// other suites) for every kind of animation it accepts, refuses the rest, and a recycled frame
// holds the same values as a freshly evaluated one.

import Foundation
import KinemaGeometry
@testable import KinemaRenderServer
import KinemaTiming
@testable import OpenQuartzCore
import Testing

@Suite("Compiled animation programs and recycled frames")
@MainActor
struct AnimationProgramTests {
    /// A model state with every property a program can write away from its default.
    static var model: LayerState {
        var state = LayerState()
        state.position = CGPoint(x: 12, y: -7)
        state.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        state.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        state.zPosition = 3
        state.anchorPointZ = -2
        state.opacity = 0.6
        state.transform = CATransform3DMakeScale(2, 1, 1)
        return state
    }

    /// Times that cover before the start, the active interval, repeats, reversal and the fill.
    static let times: [Double] = stride(from: -0.5, through: 7.5, by: 0.0625).map { $0 } + [0, 1, 2, 2.5, 1e-12, .infinity]

    /// Animations of every kind the program accepts, with timing variety.
    static func acceptedAnimations() -> [[CAAnimation]] {
        var sets: [[CAAnimation]] = []
        func timed<A: CAAnimation>(_ animation: A, _ configure: (A) -> Void) -> A {
            configure(animation)
            return animation
        }
        // Basic, each target, with and without a curve, repeats, autoreverse, fill, speed, offset.
        sets.append([basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 50), duration: 2)])
        sets.append([timed(basic("position", to: CGPoint(x: 100, y: 50), duration: 1.5)) {
            $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            $0.repeatCount = 2.5
            $0.autoreverses = true
            $0.fillMode = .both
            $0.beginTime = 0.25
        }])
        sets.append([timed(basic("anchorPoint", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 1, y: 1))) {
            $0.speed = 2
            $0.timeOffset = 0.3
            $0.fillMode = .forwards
        }])
        sets.append([timed(basic("bounds", from: CGRect(x: 0, y: 0, width: 10, height: 10),
                                 to: CGRect(x: 5, y: 5, width: 80, height: 20))) {
            $0.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, -0.4, 0.6, 1.5)
            $0.repeatDuration = 3.3
        }])
        sets.append([basic("zPosition", from: 0, to: 10), basic("anchorPointZ", by: 4, duration: 0.7)])
        sets.append([timed(basic("opacity", from: Float(0), to: Float(1))) { $0.fillMode = .backwards; $0.beginTime = 1 }])
        sets.append([timed(basic("transform", from: CATransform3DIdentity,
                                 to: CATransform3DRotate(CATransform3DMakeScale(1.5, 0.5, 1), .pi * 0.75, 0.2, 0.3, 1))) {
            $0.timingFunction = CAMediaTimingFunction(name: .easeOut)
            $0.repeatCount = .infinity
        }])
        // Springs.
        sets.append([timed(CASpringAnimation(keyPath: "opacity")) {
            $0.fromValue = 0.2
            $0.toValue = 1
            $0.damping = 6
            $0.duration = $0.settlingDuration
        }])
        sets.append([timed(CASpringAnimation(keyPath: "position")) {
            $0.toValue = CGPoint(x: 40, y: 40)
            $0.initialVelocity = 3
            $0.duration = 2
            $0.autoreverses = true
        }])
        sets.append([timed(CASpringAnimation(keyPath: "transform")) {
            $0.fromValue = CATransform3DMakeRotation(0.3, 0, 0, 1)
            $0.toValue = CATransform3DMakeTranslation(20, 10, 0)
            $0.duration = 1.2
        }])
        // Linear keyframes: numbers, points, transforms; key times and per-segment curves.
        sets.append([timed(CAKeyframeAnimation(keyPath: "opacity")) {
            $0.values = [0, 1, 0.25, 0.5]
            $0.keyTimes = [0, 0.1, 0.7, 1]
            $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear),
                                  CAMediaTimingFunction(name: .easeOut)]
            $0.duration = 2
        }])
        sets.append([timed(CAKeyframeAnimation(keyPath: "position")) {
            $0.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 40), CGPoint(x: 10, y: 40), CGPoint(x: -5, y: 3)]
            $0.keyTimes = [0, 0.5, 0.5, 1]
            $0.repeatCount = 1.75
        }])
        sets.append([timed(CAKeyframeAnimation(keyPath: "transform")) {
            $0.values = [CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
                         CATransform3DScale(CATransform3DMakeRotation(.pi, 0, 0, 1), 1.5, 1.5, 1)]
            $0.duration = 3
            $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            $0.autoreverses = true
            $0.repeatCount = .infinity
        }])
        sets.append([timed(CAKeyframeAnimation(keyPath: "zPosition")) { $0.values = [1, 5]; $0.fillMode = .forwards }])
        // Several on one layer, the later replacing the earlier on the same key; one removed on
        // completion (gone after its end), one kept.
        sets.append([
            basic("position", from: CGPoint(x: 1, y: 1), to: CGPoint(x: 2, y: 2), duration: 4),
            timed(basic("position", to: CGPoint(x: 9, y: 9))) { $0.isRemovedOnCompletion = false; $0.fillMode = .forwards },
            timed(basic("opacity", from: 1, to: 0, duration: 0.5)) { $0.isRemovedOnCompletion = true },
        ])
        // Values the codecs refuse: a NaN end writes nothing.
        sets.append([basic("zPosition", from: 0, to: Double.nan)])
        return sets
    }

    @Test("a program gives the same state as the general evaluation, bit for bit, for every accepted kind")
    func sameAsGeneral() throws {
        let model = Self.model
        for (index, animations) in Self.acceptedAnimations().enumerated() {
            let snapshots = RenderAnimationSet(animations.enumerated().map { offset, animation in
                RenderAnimation(serial: UInt64(offset), snapshot: animation.snapshot(for: model),
                                reportsEvents: false, transitionFrom: nil)
            }, on: model).snapshots
            let program = try #require(AnimationProgram(snapshots), "set \(index) should compile")
            for time in Self.times {
                var general = model
                applyAnimations(snapshots, model: model, at: time, into: &general)
                var compiled = model
                program.apply(at: time, into: &compiled)
                #expect(compiled == general, "set \(index) at t = \(time)")
                #expect(compiled.transform.m11.bitPattern == general.transform.m11.bitPattern, "set \(index) at t = \(time)")
                #expect(compiled.position.x.bitPattern == general.position.x.bitPattern, "set \(index) at t = \(time)")
            }
        }
    }

    @Test("programs with the same transform pairs share one table, bit-identical results; different pairs do not share")
    func sharedTransformTables() throws {
        let model = Self.model
        func spin(_ quarter: Double) -> CAKeyframeAnimation {
            let animation = CAKeyframeAnimation(keyPath: "transform")
            animation.values = [CATransform3DIdentity, CATransform3DMakeRotation(quarter, 0, 0, 1),
                                CATransform3DScale(CATransform3DMakeRotation(.pi, 0, 0, 1), 1.5, 1.5, 1)]
            animation.duration = 3
            return animation
        }
        func program(_ animations: [CAAnimation]) throws -> (AnimationProgram, [AnimationSnapshot]) {
            let snapshots = RenderAnimationSet(animations.enumerated().map { offset, animation in
                RenderAnimation(serial: UInt64(offset), snapshot: animation.snapshot(for: model),
                                reportsEvents: false, transitionFrom: nil)
            }, on: model).snapshots
            return (try #require(AnimationProgram(snapshots)), snapshots)
        }
        let (first, snapshots) = try program([spin(.pi / 2)])
        let (same, _) = try program([basic("opacity", from: 0, to: 1), spin(.pi / 2)])
        let (other, otherSnapshots) = try program([spin(.pi / 2 + 1e-9)])
        #expect(first.sharesTransforms(with: same), "the same pairs (other steps aside) share")
        #expect(!first.sharesTransforms(with: other), "a hair's difference does not")
        for time in Self.times {
            var general = model, compiled = model, otherGeneral = model, otherCompiled = model
            applyAnimations(snapshots, model: model, at: time, into: &general)
            first.apply(at: time, into: &compiled)
            applyAnimations(otherSnapshots, model: model, at: time, into: &otherGeneral)
            other.apply(at: time, into: &otherCompiled)
            #expect(compiled == general && otherCompiled == otherGeneral, "t = \(time)")
        }
    }

    @Test("a shared transform table leaves with the last program that uses it")
    func sharedTableLeaves() throws {
        // An angle no other test uses, so that no other program shares this table meanwhile.
        let pairs = [TransformInterpolation(from: CATransform3DIdentity,
                                            to: CATransform3DMakeRotation(0.123_456_789_012_3, 0, 0, 1))]
        let animation = CAKeyframeAnimation(keyPath: "transform")
        animation.values = [pairs[0].from, pairs[0].to]
        animation.duration = 1
        let model = Self.model
        func makeProgram() -> AnimationProgram? {
            let snapshots = RenderAnimationSet([RenderAnimation(serial: 0, snapshot: animation.snapshot(for: model),
                                                                reportsEvents: false, transitionFrom: nil)], on: model).snapshots
            return AnimationProgram(snapshots)
        }
        var first = makeProgram()
        var second = makeProgram()
        #expect(first != nil && second != nil)
        #expect(AnimationProgram.sharesTransforms(pairs))
        first = nil
        #expect(AnimationProgram.sharesTransforms(pairs), "the second program still uses it")
        withExtendedLifetime(second) {}
        second = nil
        #expect(!AnimationProgram.sharesTransforms(pairs), "gone with the last program")
    }

    @Test("a full sharing table is swept within its capacity of new tables, and shares again")
    func fullSharingTableIsSwept() throws {
        let model = Self.model
        // Angles no other test uses: each program has its own pair.
        func pairs(_ index: Int) -> [TransformInterpolation] {
            [TransformInterpolation(from: CATransform3DIdentity,
                                    to: CATransform3DMakeRotation(0.7 + Double(index) * 1e-7, 0, 0, 1))]
        }
        func makeProgram(_ index: Int) -> AnimationProgram? {
            let animation = CAKeyframeAnimation(keyPath: "transform")
            animation.values = [pairs(index)[0].from, pairs(index)[0].to]
            animation.duration = 1
            let snapshots = RenderAnimationSet([RenderAnimation(serial: 0, snapshot: animation.snapshot(for: model),
                                                                reportsEvents: false, transitionFrom: nil)], on: model).snapshots
            return AnimationProgram(snapshots)
        }
        let capacity = AnimationProgram.sharedTransformCapacity
        // Fill the table with live tables: whatever it held before, it is full afterwards.
        var live = (0..<capacity).compactMap(makeProgram)
        #expect(live.count == capacity)
        var extra = makeProgram(capacity)
        #expect(extra != nil)
        #expect(!AnimationProgram.sharesTransforms(pairs(capacity)), "a full table of live entries takes no more")
        extra = nil
        live = []
        // Every entry is dead now; a sweep must come within `capacity` new tables, after which
        // new tables are shared again.
        var made: [AnimationProgram] = []
        var firstShared: Int?
        for index in (capacity + 1)...(2 * capacity + 1) {
            guard let program = makeProgram(index) else { continue }
            made.append(program)
            if AnimationProgram.sharesTransforms(pairs(index)) {
                firstShared = index - capacity
                break
            }
        }
        #expect(made.count == (firstShared ?? capacity + 1))
        let sweptWithin = try #require(firstShared, "never shared again: the dead entries were not swept")
        #expect(sweptWithin <= capacity + 1)
    }

    @Test("a compiled animation takes 160 bytes (two and a half cache lines), as its layout intends")
    func stepSize() {
        #expect(AnimationProgram.stepStride == 160)
    }

    @Test("restoring a program's targets on a picture gives the model state back")
    func restore() throws {
        let model = Self.model
        let animations: [CAAnimation] = [basic("position", to: CGPoint(x: 80, y: 80)), basic("opacity", to: Float(0)),
                                         basic("transform", to: CATransform3DMakeRotation(1, 0, 0, 1))]
        let snapshots = RenderAnimationSet(animations.map {
            RenderAnimation(serial: 0, snapshot: $0.snapshot(for: model), reportsEvents: false, transitionFrom: nil)
        }, on: model).snapshots
        let program = try #require(AnimationProgram(snapshots))
        let node = RenderNode(id: 1, state: model, timing: MediaTiming(), animations: .empty, sublayers: [], mask: nil)
        var shown = model
        program.apply(at: 0.5, into: &shown)
        #expect(shown != model)
        let picture = CompositeLayer(id: 1, state: shown)
        program.restoreTargets(from: node, into: picture)
        #expect(picture.state == model)
    }

    @Test("what the program does not cover is refused (and left to the general evaluation)")
    func refusals() {
        let model = Self.model
        let additive = basic("position", by: CGPoint(x: 1, y: 1))
        additive.isAdditive = true
        let cumulative = basic("opacity", from: 0, to: 1)
        cumulative.isCumulative = true
        let function = basic("transform", from: 0, to: 1)
        function.valueFunction = CAValueFunction(name: .rotateZ)
        let cubic = CAKeyframeAnimation(keyPath: "position")
        cubic.values = [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 0)]
        cubic.calculationMode = .cubic
        let path = CAKeyframeAnimation(keyPath: "position")
        path.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let colour = basic("backgroundColor", from: CGColor.black, to: CGColor.white)
        let component = basic("position.x", from: 0, to: 1)
        let group = CAAnimationGroup()
        group.animations = [basic("opacity", from: 0, to: 1)]
        for (name, animation) in [("additive", additive), ("cumulative", cumulative), ("value function", function),
                                  ("cubic", cubic), ("path", path), ("colour", colour), ("component", component),
                                  ("group", group)] as [(String, CAAnimation)] {
            let snapshot = animation.snapshot(for: model)
            #expect(AnimationProgram([snapshot]) == nil, "\(name)")
            // One refused animation makes the whole layer's list go the general way (order matters).
            #expect(AnimationProgram([basic("opacity", from: 0, to: 1).snapshot(for: model), snapshot]) == nil, "\(name)")
        }
    }

    @Test("a frame its caller let go of is evaluated into again, with the values of a fresh evaluation")
    func recycling() throws {
        let host = Host()
        var layers: [CALayer] = []
        CATransaction.begin()
        for index in 0..<5 {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.position = CGPoint(x: Double(index) * 10, y: 0)
            host.root.addSublayer(layer)
            layers.append(layer)
        }
        CATransaction.commit()
        host.loop.turn(at: 0.01)
        let move = basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 100), duration: 1)
        move.beginTime = 0.5
        layers[1].add(move, forKey: "move")
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [1, 0, 1]
        fade.duration = 1
        fade.beginTime = 0.5
        layers[3].add(fade, forKey: "fade")
        let cumulative = basic("zPosition", from: 0, to: 1)
        cumulative.isCumulative = true   // the general path
        cumulative.beginTime = 0.5
        cumulative.repeatCount = 3
        layers[4].add(cumulative, forKey: "z")
        // A compiled animation whose value the codec refuses part of the time (NaN between its
        // ends): a recycled frame must fall back to the model value whenever nothing was written.
        let refused = basic("anchorPointZ", from: 0, to: Double.nan, duration: 1)
        refused.beginTime = 0.5
        refused.fillMode = .both
        layers[0].anchorPointZ = 7
        layers[0].add(refused, forKey: "refused")
        host.loop.turn(at: 0.02)
        let server = host.context.server
        let root = try #require(server.committedTree)

        func same(_ a: CompositeLayer?, _ b: CompositeLayer?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a.id == b.id && a.state == b.state && a.sublayers.count == b.sublayers.count
                && zip(a.sublayers, b.sublayers).allSatisfy { same($0, $1) }
                && same(a.mask, b.mask)
                && a.transition?.progress == b.transition?.progress && a.transition?.type == b.transition?.type
                && same(a.transition?.from, b.transition?.from)
                && a.delayedInstances?.count == b.delayedInstances?.count
        }

        var previous: ObjectIdentifier?
        for time in [0.5, 0.6, 0.9, 1.2, 1.5, 2.0, 2.7, 0.55] {
            let frame = try #require(server.evaluate(at: time))
            #expect(same(frame, RenderServer.evaluate(root, parentTime: time)), "t = \(time)")
            if let previous { #expect(ObjectIdentifier(frame) == previous, "recycled at t = \(time)") }
            previous = ObjectIdentifier(frame)
        }

        // A frame still held is never written: the next one is new.
        let held = try #require(server.evaluate(at: 0.75))
        let heldCopy = RenderServer.evaluate(root, parentTime: 0.75)
        let next = try #require(server.evaluate(at: 1.25))
        #expect(next !== held)
        #expect(same(held, heldCopy))
        #expect(same(next, RenderServer.evaluate(root, parentTime: 1.25)))

        // A commit between frames (model change, new sublayer, removed animation) shows in the
        // recycled frame.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layers[1].position = CGPoint(x: -3, y: -3)
        layers[3].removeAllAnimations()
        let extra = CALayer()
        extra.bounds = CGRect(x: 0, y: 0, width: 3, height: 3)
        host.root.addSublayer(extra)
        CATransaction.commit()
        let newRoot = try #require(server.committedTree)
        for time in [1.1, 1.3] {
            let frame = try #require(server.evaluate(at: time))
            #expect(same(frame, RenderServer.evaluate(newRoot, parentTime: time)), "after the commit, t = \(time)")
        }

        // A layer gains a sublayer, a mask and a running transition, then loses them: the
        // recycled pictures gain and lose them too (most pictures have none, and are left alone).
        // Committed by the turn, so that the transition begins at the host clock's 1.4.
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layers[2].addSublayer(child)
        let mask = CALayer()
        mask.bounds = layers[2].bounds
        layers[2].mask = mask
        let fadeIn = CATransition()
        fadeIn.duration = 1
        layers[2].add(fadeIn, forKey: "transition")
        // Animated throughout, so that its picture is evaluated into (a still one is not).
        layers[2].add(basic("opacity", from: 0, to: 1, duration: 10), forKey: "keep")
        host.loop.turn(at: 1.4)
        let grownRoot = try #require(server.committedTree)
        weak var pictureOfAnimatedLayer: CompositeLayer?   // weak: a strong hold would stop the recycling
        for time in [1.45, 1.6] {
            let frame = try #require(server.evaluate(at: time))
            pictureOfAnimatedLayer = frame.sublayers[2]
            let fresh = RenderServer.evaluate(grownRoot, parentTime: time)
            #expect(same(frame, fresh), "with sublayer, mask and transition, t = \(time)")
            #expect(frame.sublayers[2].sublayers.count == 1 && frame.sublayers[2].mask != nil)
            #expect(frame.sublayers[2].transition != nil)
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        child.removeFromSuperlayer()
        layers[2].mask = nil
        layers[2].removeAnimation(forKey: "transition")
        CATransaction.commit()
        let shrunkRoot = try #require(server.committedTree)
        for time in [1.7, 1.8] {
            let frame = try #require(server.evaluate(at: time))
            #expect(same(frame, RenderServer.evaluate(shrunkRoot, parentTime: time)), "after removing them, t = \(time)")
            #expect(frame.sublayers[2] === pictureOfAnimatedLayer, "evaluated into, t = \(time)")
            #expect(frame.sublayers[2].sublayers.isEmpty && frame.sublayers[2].mask == nil)
            #expect(frame.sublayers[2].transition == nil)
        }
    }
}
