// The layer benchmarks' scene (issue "Core Animation's model", §6) and its C evaluation floor,
// in one place so that `kinema bench` and the tests build the same scene: the tests check that
// the floor computes what the render server computes, so the bench's ratio compares the same
// work.
import Foundation
import KinemaBenchBaselines
import KinemaGeometry
import KinemaRenderServer
import OpenQuartzCore

/// The recipe of the benchmark scene: per layer, a basic animation on position (ease in / ease
/// out, repeating, autoreversing), a keyframe animation on transform (three values, linear) and a
/// spring on opacity.
package enum AnimatedLayerScene {
    /// Each animation's begin time: nonzero, so that a commit does not stamp every layer's.
    package static let beginTime = 1e-9

    /// Layer `index`'s position and its move's ends and duration.
    package static func move(_ index: Int) -> (from: CGPoint, to: CGPoint, duration: Double) {
        let x = Double(index % 100) * 12.8, y = Double(index / 100) * 7.2
        return (CGPoint(x: x, y: y), CGPoint(x: x + 40, y: y + 20), 2 + Double(index % 7) * 0.1)
    }

    /// The keyframe values; with `distinct`, layer `index`'s differ from every other layer's by
    /// a hair (nothing to share).
    package static func keyValues(_ index: Int, distinct: Bool) -> [CATransform3D] {
        [CATransform3DIdentity,
         CATransform3DMakeRotation(.pi / 2 + (distinct ? Double(index) * 1e-6 : 0), 0, 0, 1),
         CATransform3DScale(CATransform3DMakeRotation(.pi, 0, 0, 1), 1.5, 1.5, 1)]
    }

    package static let keyDuration = 3.0
    package static let opacity = (from: 0.2, to: 1.0)

    /// A hosted root with `count` sublayers animated as above, committed.
    @MainActor
    package static func make(count: Int, distinctKeyframes: Bool = false) -> (RenderContext, [CALayer]) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1280, height: 720)
        let context = RenderContext(rootLayer: root)
        var layers: [CALayer] = []
        layers.reserveCapacity(count)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for index in 0..<count {
            let layer = CALayer()
            let (from, to, duration) = move(index)
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 6)
            layer.position = from
            root.addSublayer(layer)
            let moving = CABasicAnimation(keyPath: "position")
            moving.fromValue = from
            moving.toValue = to
            moving.duration = duration
            moving.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            moving.repeatCount = .infinity
            moving.autoreverses = true
            moving.beginTime = beginTime
            let spin = CAKeyframeAnimation(keyPath: "transform")
            spin.values = keyValues(index, distinct: distinctKeyframes)
            spin.duration = keyDuration
            spin.repeatCount = .infinity
            spin.beginTime = beginTime
            let pulse = CASpringAnimation(keyPath: "opacity")
            pulse.fromValue = opacity.from
            pulse.toValue = opacity.to
            pulse.duration = pulse.settlingDuration
            pulse.repeatCount = .infinity
            pulse.beginTime = beginTime
            layer.add(moving, forKey: "move")
            layer.add(spin, forKey: "spin")
            layer.add(pulse, forKey: "pulse")
            layers.append(layer)
        }
        CATransaction.commit()
        // The root's bounds opened the implicit transaction the explicit one nested in.
        CATransaction.flush()
        return (context, layers)
    }
}

/// The scene's animations in C (KinemaBenchBaselines.h), for `count` layers with shared key
/// values: the same maths from flat arrays, without objects or checks.
package final class EvaluationFloor {
    private let scene: OpaquePointer

    /// Nil if memory runs out or a key value cannot be decomposed.
    package init?(count: Int) {
        let spring = CASpringAnimation()
        var moves: [kinema_baseline_move_t] = []
        moves.reserveCapacity(count)
        for index in 0..<count {
            let (from, to, duration) = AnimatedLayerScene.move(index)
            moves.append(kinema_baseline_move_t(from_x: from.x, from_y: from.y, to_x: to.x, to_y: to.y,
                                                duration: duration))
        }
        var values: [kinema_baseline_decomposed_t] = []
        for transform in AnimatedLayerScene.keyValues(0, distinct: false) {
            guard let d = DecomposedTransform3D(transform) else { return nil }
            values.append(kinema_baseline_decomposed_t(
                translation: (d.translation.x, d.translation.y, d.translation.z),
                scale: (d.scale.x, d.scale.y, d.scale.z),
                skew: (d.skew.xy, d.skew.xz, d.skew.yz),
                perspective: (d.perspective.x, d.perspective.y, d.perspective.z, d.perspective.w),
                rotation: (d.rotation.x, d.rotation.y, d.rotation.z, d.rotation.w)))
        }
        // Evenly spaced, as a keyframe animation without keyTimes paces its values.
        let keyTimes = values.indices.map { Double($0) / Double(values.count - 1) }
        let (x1, y1, x2, y2) = (0.42, 0.0, 0.58, 1.0)   // kCAMediaTimingFunctionEaseInEaseOut
        guard let scene = kinema_baseline_evaluation_scene_create(
            Int32(count), moves, AnimatedLayerScene.beginTime, x1, y1, x2, y2,
            values, keyTimes, Int32(values.count), AnimatedLayerScene.keyDuration,
            Double(spring.mass), Double(spring.stiffness), Double(spring.damping), Double(spring.initialVelocity),
            spring.settlingDuration, AnimatedLayerScene.opacity.from, AnimatedLayerScene.opacity.to)
        else { return nil }
        self.scene = scene
    }

    deinit {
        kinema_baseline_evaluation_scene_destroy(scene)
    }

    /// Evaluates every layer at `time`; returns a checksum.
    package func evaluate(at time: Double) -> Double {
        kinema_baseline_evaluate(scene, time)
    }

    /// Layer `index`'s last results: position x and y, the transform's 16 entries row by row,
    /// opacity.
    package func result(_ index: Int) -> [Double] {
        var r = [Double](repeating: 0, count: 19)
        kinema_baseline_evaluation_result(scene, Int32(index), &r)
        return r
    }

    /// The largest differences between the floor's last results and the pictures of `frame`'s
    /// sublayers (the render server's frame at the same time): how far apart the two computed
    /// the same work. The curve solves differ by up to about 1e-7 of the distance (the floor's
    /// Newton stops at 1e-7 in x), opacity by Float rounding (Kinema stores it as a Float).
    package func differences(from frame: CompositeLayer) -> (position: Double, transform: Double, opacity: Double) {
        var worst = (position: 0.0, transform: 0.0, opacity: 0.0)
        for (index, picture) in frame.sublayers.enumerated() {
            let r = result(index)
            let state = picture.state
            worst.position = max(worst.position, abs(state.position.x - r[0]), abs(state.position.y - r[1]))
            for (k, entry) in state.transform.entries.enumerated() {
                worst.transform = max(worst.transform, abs(entry - r[2 + k]))
            }
            worst.opacity = max(worst.opacity, abs(Double(state.opacity) - r[18]))
        }
        return worst
    }
}
