// basic-animations: seed 000's styled button — frame, centre and corner radius animated together
// in one CATransaction with the custom timing function (0.65, −0.55, 0.27, 1.55).
//
// Audited against: seed 000 "Inside Core Animation" / "CATransaction - làm mượt animations" /
//   "Custom Keyframe Animations" (newButtonWidth = 60, frame (0, 0, 60, 60), center = the view's
//   centre, cornerAnimation fromValue = old frame.width / 2, toValue = newButtonWidth / 2,
//   duration 2.0, CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)); CABasicAnimation,
//   CATransaction (setAnimationDuration, setAnimationTimingFunction, animationDuration()).
// Status: complete. The seed gives no colours or starting frame: the button is UIKit's systemBlue
//   on systemGroupedBackground, a 150 × 44 pill at (24, 28) (its corner radius is the seed's
//   frame.width / 2, which Core Animation clamps to a pill); the UIView.animate part of the sample
//   (frame, center) is done at the layer level (bounds, position), as UIKit does underneath.

import Foundation
import Kinema

extension Demo {
    /// The seed's button: a pill that becomes a 60-point circle at the view's centre and back,
    /// twice, on the seed's overshooting curve.
    public static let basicAnimations = Demo(
        name: "basic-animations",
        summary: "seed 000's button: frame, center and cornerRadius in one CATransaction, curve (0.65, -0.55, 0.27, 1.55)",
        source: "seed 000 — CABasicAnimation, CATransaction, custom timing function",
        size: CGSize(width: 320, height: 240), duration: 2 * BasicAnimations.cycle, fps: 30,
        body: BasicAnimations.build)
}

/// The numbers of the basic-animations demo, public so tests and docs can name them.
public enum BasicAnimations {
    /// The seed's custom timing function's control points.
    public static let controlPoints: (Float, Float, Float, Float) = (0.65, -0.55, 0.27, 1.55)
    /// The seed's `newButtonWidth`.
    public static let newButtonWidth: CGFloat = 60
    /// The button's frame before the animation (and after the way back).
    public static let startFrame = CGRect(x: 24, y: 28, width: 150, height: 44)
    /// The seed's target: frame (0, 0, 60, 60) moved to the view's centre (160, 120).
    public static let targetFrame = CGRect(x: 160 - 30, y: 120 - 30, width: 60, height: 60)
    /// The seed's animation duration.
    public static let animationDuration: Double = 2
    /// Pause before each move.
    public static let hold: Double = 0.4
    /// One cycle: hold, to the circle, hold, back to the pill.
    public static let cycle: Double = 2 * (hold + animationDuration)

    /// Demo times at which a move starts, with whether it goes to the target (true) or back.
    public static let moves: [(time: Double, toTarget: Bool)] = (0 ..< 2).flatMap { k -> [(time: Double, toTarget: Bool)] in
        let c = Double(k) * cycle
        return [(c + hold, true), (c + 2 * hold + animationDuration, false)]
    }

    @MainActor
    static func build(_ scene: DemoScene) {
        scene.content.backgroundColor = Palette.background

        // Where the button goes: a dashed outline of the target frame, so the overshoot shows.
        let target = Make.shape(CGPath(roundedRect: CGRect(origin: .zero, size: targetFrame.size).insetBy(dx: 0.5, dy: 0.5),
                                       cornerWidth: 29.5, cornerHeight: 29.5, transform: nil),
                                size: targetFrame.size, at: CGPoint(x: targetFrame.midX, y: targetFrame.midY),
                                fill: nil, stroke: Palette.lightGray, lineWidth: 1)
        target.lineDashPattern = [4, 3]
        scene.add(target)

        let button = CALayer()
        button.name = "button"
        button.backgroundColor = Palette.blue
        button.frame = startFrame
        button.cornerRadius = startFrame.width / 2
        // A slightly darker edge, so the shape reads on the light background.
        button.borderColor = Palette.rgb(0x0062CC)
        button.borderWidth = 1
        scene.add(button)

        for move in moves {
            let frame = move.toTarget ? targetFrame : startFrame
            scene.at(move.time) { animate(button, to: frame, beginTime: scene.mediaTime(move.time)) }
        }
    }

    /// The seed's transaction: the new frame, centre and corner radius, animated over 2 s on the
    /// custom curve. Explicit animations (as the seed's cornerAnimation) take the transaction's
    /// duration and timing function and start at `beginTime`.
    @MainActor
    static func animate(_ button: CALayer, to frame: CGRect, beginTime: CFTimeInterval) {
        let (c1x, c1y, c2x, c2y) = controlPoints
        let oldValue = button.frame.width / 2
        let newValue = frame.width / 2

        CATransaction.begin()
        CATransaction.setAnimationDuration(animationDuration)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(controlPoints: c1x, c1y, c2x, c2y))

        func basic(_ keyPath: String, from: Any, to: Any) {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = CATransaction.animationDuration()
            animation.timingFunction = CATransaction.animationTimingFunction()
            animation.beginTime = button.convertTime(beginTime, from: nil)
            button.add(animation, forKey: keyPath)
        }
        // "frame" and "center" at the layer level: bounds and position.
        let oldBounds = button.bounds, oldPosition = button.position
        button.bounds = CGRect(origin: .zero, size: frame.size)
        button.position = CGPoint(x: frame.midX, y: frame.midY)
        button.cornerRadius = newValue
        basic("bounds", from: oldBounds, to: button.bounds)
        basic("position", from: oldPosition, to: button.position)
        basic("cornerRadius", from: oldValue, to: newValue)

        CATransaction.commit()
    }
}
