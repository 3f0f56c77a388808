// shapes: the layer classes that draw for themselves — a CAShapeLayer drawn by its stroke
// (strokeEnd 0 → 1, then strokeStart 0 → 1), a CAGradientLayer whose colours change, and a
// CAReplicatorLayer activity spinner (12 instances rotated 30° apart, fading round the circle).
//
// Audited against: CAShapeLayer docs (path, strokeStart / strokeEnd "animatable", lineCap,
//   lineJoin), CAGradientLayer docs (colors "animatable", startPoint, endPoint, locations),
//   CAReplicatorLayer docs (instanceCount, instanceTransform, instanceAlphaOffset,
//   instanceDelay), CAKeyframeAnimation (calculationMode .discrete).
// Status: complete, with one workaround: Kinema's render server does not apply `instanceDelay`
//   yet (RenderServer.swift, "every instance shows the same time"), so the spinner does not fade
//   each instance's opacity with a delay; it dims the instances with instanceAlphaOffset and
//   turns the replicator in 30° steps (a discrete keyframe animation), which looks the same
//   and is the same on Apple's Core Animation.

import Foundation
import Kinema

extension Demo {
    /// Stroke drawing, a gradient, and a replicator spinner.
    public static let shapes = Demo(
        name: "shapes",
        summary: "CAShapeLayer stroke drawing, CAGradientLayer colours, CAReplicatorLayer spinner (12 instances)",
        source: "seed 000 (drawing with paths) and the layer classes of seed 004",
        size: CGSize(width: 420, height: 180), duration: Shapes.loop, fps: 30,
        body: Shapes.build)
}

/// The numbers of the shapes demo.
public enum Shapes {
    /// The loop.
    public static let loop: Double = 3
    /// strokeEnd 0 → 1 over [drawStart, drawStart + drawDuration]; strokeStart 0 → 1 over
    /// [eraseStart, eraseStart + eraseDuration].
    public static let drawStart: Double = 0.15, drawDuration: Double = 1.5
    public static let eraseStart: Double = 2.05, eraseDuration: Double = 0.8
    /// The spinner: instances, one step per `1 / instanceCount` s.
    public static let instanceCount = 12
    public static let spinnerPeriod: Double = 1
    /// Cells' centres.
    static let centers = [CGPoint(x: 70, y: 90), CGPoint(x: 210, y: 90), CGPoint(x: 350, y: 90)]

    @MainActor
    static func build(_ scene: DemoScene) {
        scene.content.backgroundColor = Palette.background
        for center in centers {
            scene.add(Make.box(CGSize(width: 128, height: 148), at: center, color: Palette.white, cornerRadius: 14))
        }
        buildStroke(scene, at: centers[0])
        buildGradient(scene, at: centers[1])
        buildSpinner(scene, at: centers[2])
    }

    /// A ring and a check mark, one path, drawn by its stroke.
    @MainActor
    static func buildStroke(_ scene: DemoScene, at center: CGPoint) {
        let size = CGSize(width: 100, height: 100)
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 42, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: false)
        path.move(to: CGPoint(x: 29, y: 52))
        path.addLine(to: CGPoint(x: 44, y: 66))
        path.addLine(to: CGPoint(x: 72, y: 36))
        // The track the stroke draws along, so the cell is not empty before it starts.
        let track = Make.shape(path, size: size, at: center, fill: nil, stroke: Palette.rgb(0xE5E5EA), lineWidth: 7)
        track.lineCap = .round
        track.lineJoin = .round
        scene.add(track)
        let stroke = Make.shape(path, size: size, at: center, fill: nil, stroke: Palette.green, lineWidth: 7)
        stroke.name = "stroke"
        stroke.lineCap = .round
        stroke.lineJoin = .round
        stroke.strokeEnd = 0
        scene.add(stroke)

        func animate(_ keyPath: String, start: Double, duration: Double) {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = 0.0
            animation.toValue = 1.0
            animation.duration = duration
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            animation.beginTime = stroke.convertTime(scene.mediaTime(start), from: nil)
            stroke.add(animation, forKey: keyPath)
        }
        scene.at(drawStart) {
            stroke.strokeEnd = 1
            animate("strokeEnd", start: drawStart, duration: drawDuration)
        }
        scene.at(eraseStart) {
            stroke.strokeStart = 1
            animate("strokeStart", start: eraseStart, duration: eraseDuration)
        }
        // Back to the first frame's state (nothing drawn) for the loop.
        scene.at(eraseStart + eraseDuration) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            stroke.strokeStart = 0
            stroke.strokeEnd = 0
            CATransaction.commit()
        }
    }

    /// A rounded gradient tile whose colours shift from warm to violet and back while its axis swings.
    @MainActor
    static func buildGradient(_ scene: DemoScene, at center: CGPoint) {
        let gradient = CAGradientLayer()
        gradient.name = "gradient"
        gradient.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        gradient.position = center
        gradient.cornerRadius = 20
        gradient.masksToBounds = true
        let warm = [Palette.pink, Palette.orange, Palette.yellow]
        let cool = [Palette.indigo, Palette.purple, Palette.pink]
        gradient.colors = warm
        gradient.locations = [0, 0.5, 1]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        scene.add(gradient)

        let colors = CABasicAnimation(keyPath: "colors")
        colors.fromValue = warm
        colors.toValue = cool
        colors.duration = loop / 2
        colors.autoreverses = true
        colors.repeatCount = .infinity
        colors.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        colors.beginTime = gradient.convertTime(scene.mediaTime(0), from: nil)
        gradient.add(colors, forKey: "colors")

        let direction = CAKeyframeAnimation(keyPath: "endPoint")
        direction.values = [CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1), CGPoint(x: 1, y: 1)]
        direction.duration = loop
        direction.repeatCount = .infinity
        direction.timingFunctions = [CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(name: .easeInEaseOut)]
        direction.beginTime = gradient.convertTime(scene.mediaTime(0), from: nil)
        gradient.add(direction, forKey: "endPoint")
    }

    /// An activity spinner: one rounded bar, replicated 12 times round the centre.
    @MainActor
    static func buildSpinner(_ scene: DemoScene, at center: CGPoint) {
        let side: CGFloat = 90
        let replicator = CAReplicatorLayer()
        replicator.name = "spinner"
        replicator.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        replicator.position = center
        replicator.instanceCount = instanceCount
        // Instance k sits k × 30° anticlockwise of the bar and is dimmer, so the bright head
        // leads clockwise as the replicator turns clockwise.
        let step = 2 * CGFloat.pi / CGFloat(instanceCount)
        replicator.instanceTransform = CATransform3DMakeRotation(-step, 0, 0, 1)
        replicator.instanceAlphaOffset = -0.8 / Float(instanceCount)
        scene.add(replicator)

        let bar = Make.box(CGSize(width: 9, height: 26), at: CGPoint(x: side / 2, y: 16), color: Palette.indigo,
                           cornerRadius: 4.5)
        replicator.addSublayer(bar)

        let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        turn.values = (0 ..< instanceCount).map { Double($0) * Double(step) }
        turn.calculationMode = .discrete
        turn.duration = spinnerPeriod
        turn.repeatCount = .infinity
        turn.beginTime = replicator.convertTime(scene.mediaTime(0), from: nil)
        replicator.add(turn, forKey: "turn")
    }
}
