// The UIKit demos of seed 000: the styled button's block animation, the four curve options, and
// the seven view transitions — written with UIView and its animation APIs, as iOS code is.
//
// Audited against: seed 000 "Simple Animation" (UIView.animate(withDuration: 2.0) { frame …;
//   center = view.center; layer.cornerRadius = newButtonWidth/2 }), "CATransaction - làm mượt
//   animations" (the block inside a transaction whose timing function is the custom curve
//   (0.65, −0.55, 0.27, 1.55), with an explicit cornerRadius CABasicAnimation), "UIView.animate
//   curve options, repeat, autoreverse", "UIView.transition options" (the seven transitions);
//   UIView docs for each call.
// Status: complete. The styled button is a UIButton titled "Tap me"; its title label is laid out
//   after the animation block (as on iOS, where layout runs at the commit), so the title moves to
//   its final place at once while the button's frame animates. The transition panels keep their
//   bars for lines of text. On iOS the block's own frame and centre animations keep UIKit's
//   ease-in-out curve (UIKit sets each animation's timing function); the custom curve paces what
//   takes the transaction's — the explicit cornerRadius animation — so the corner overshoots
//   while the frame eases.

import Foundation
import Kinema

extension Demo {
    /// Seed 000's styled button: it grows, centres and turns round, then goes back.
    public static let button = Demo(
        name: "button",
        summary: "seed 000's styled button: UIView.animate grows and centres it while a custom-curve corner animation turns it round",
        source: "seed 000 — UIView.animate, CATransaction with a custom timing function",
        size: CGSize(width: 320, height: 320), duration: 5, fps: 30, body: ButtonDemo.build)

    /// The four curve options side by side, repeating and autoreversing.
    public static let curves = Demo(
        name: "curves",
        summary: "UIView.animate with .curveEaseInOut, .curveEaseIn, .curveEaseOut, .curveLinear, each [.repeat, .autoreverse]",
        source: "seed 000 — UIView.animate curve options, repeat, autoreverse",
        size: CGSize(width: 320, height: 320), duration: 3, fps: 30, body: CurvesDemo.build)

    /// The seven view transitions at once, there and back.
    public static let viewTransitions = Demo(
        name: "view-transitions",
        summary: "UIView.transition(with:) with the seven options: flips from left, right, top, bottom, curl up, curl down, cross-dissolve",
        source: "seed 000 — UIView.transition options",
        size: CGSize(width: 400, height: 300), duration: 4, fps: 30, body: ViewTransitionsDemo.build)
}

/// The numbers of the button demo.
public enum ButtonDemo {
    /// The button's first frame (the seed's styled button: a wide rounded rectangle).
    public static let startFrame = CGRect(x: 40, y: 40, width: 160, height: 50)
    /// The seed's `newButtonWidth`.
    public static let newButtonWidth: CGFloat = 60
    /// The button's title.
    public static let title = "Tap me"
    /// The seed's custom curve.
    public static let curve = (c1: (x: Float(0.65), y: Float(-0.55)), c2: (x: Float(0.27), y: Float(1.55)))
    /// When it grows (demo time) and how long each animation runs.
    public static let growAt = 0.5, shrinkAt = 2.75, duration = 2.0

    @MainActor
    static func build(_ scene: DemoScene) {
        let view = scene.view
        view.backgroundColor = UIColor(cgColor: Palette.background)
        let styledButton = UIButton(type: .custom)
        styledButton.frame = startFrame
        styledButton.setTitle(title, for: .normal)
        styledButton.setTitleColor(.white, for: .normal)
        styledButton.backgroundColor = UIColor(cgColor: Palette.blue)
        styledButton.layer.cornerRadius = 8
        styledButton.tag = 1
        view.addSubview(styledButton)
        scene.at(growAt) {
            animate(styledButton, to: CGRect(x: 0, y: 0, width: newButtonWidth, height: newButtonWidth),
                    center: view.center(inBounds: ()), radius: newButtonWidth / 2)
        }
        scene.at(shrinkAt) {
            animate(styledButton, to: startFrame, center: CGPoint(x: startFrame.midX, y: startFrame.midY), radius: 8)
        }
    }

    /// The seed's code: the view animation and the corner animation in one transaction with the
    /// custom curve.
    @MainActor
    static func animate(_ styledButton: UIView, to frame: CGRect, center: CGPoint, radius: CGFloat) {
        let oldValue = styledButton.layer.cornerRadius
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(controlPoints: curve.c1.x, curve.c1.y, curve.c2.x, curve.c2.y))
        UIView.animate(withDuration: duration) {
            styledButton.frame = frame
            styledButton.center = center
        }
        let cornerAnimation = CABasicAnimation(keyPath: "cornerRadius")
        cornerAnimation.fromValue = oldValue
        cornerAnimation.toValue = radius
        styledButton.layer.cornerRadius = radius
        styledButton.layer.add(cornerAnimation, forKey: "cornerRadius")
        CATransaction.commit()
    }
}

extension UIView {
    /// The centre of the view's bounds (the seed's `self.view.center` for a full-screen view).
    fileprivate func center(inBounds: Void) -> CGPoint { CGPoint(x: bounds.midX, y: bounds.midY) }
}

/// The numbers of the curves demo.
public enum CurvesDemo {
    /// The four options, left to right.
    public static let curves: [UIView.AnimationOptions] = [.curveEaseInOut, .curveEaseIn, .curveEaseOut, .curveLinear]
    /// One way of the motion (it autoreverses, so a loop is twice this).
    public static let duration = 1.5
    /// The squares' top and bottom centres.
    public static let top: CGFloat = 50, bottom: CGFloat = 270

    @MainActor
    static func build(_ scene: DemoScene) {
        let view = scene.view
        view.backgroundColor = UIColor(cgColor: Palette.background)
        let colors = [Palette.blue, Palette.orange, Palette.green, Palette.purple]
        var squares: [UIView] = []
        for (k, color) in colors.enumerated() {
            let x = 40 + CGFloat(k) * 80
            let track = UIView(frame: CGRect(x: x - 1, y: top, width: 2, height: bottom - top))
            track.backgroundColor = UIColor(cgColor: Palette.lightGray)
            view.addSubview(track)
            let square = UIView(frame: CGRect(x: x - 20, y: top - 20, width: 40, height: 40))
            square.backgroundColor = UIColor(cgColor: color)
            square.layer.cornerRadius = 8
            view.addSubview(square)
            squares.append(square)
        }
        scene.at(0) {
            for (square, curve) in zip(squares, curves) {
                UIView.animate(withDuration: duration, delay: 0, options: [curve, .repeat, .autoreverse], animations: {
                    square.center.y = bottom
                })
            }
        }
    }
}

/// The numbers of the view-transitions demo.
public enum ViewTransitionsDemo {
    /// The seven options, in the order of the panels (four above, three below).
    public static let options: [UIView.AnimationOptions] = [
        .transitionFlipFromLeft, .transitionFlipFromRight, .transitionFlipFromTop, .transitionFlipFromBottom,
        .transitionCurlUp, .transitionCurlDown, .transitionCrossDissolve,
    ]
    /// When the panels turn (demo time), and back.
    public static let forwardAt = 0.3, backAt = 2.2
    /// Each transition's duration.
    public static let duration = 1.5
    /// Panel k's frame in the demo.
    public static func panelFrame(_ k: Int) -> CGRect {
        let row = k < 4 ? 0 : 1
        let column = k < 4 ? k : k - 4
        let x = (row == 0 ? 16 : 62) + CGFloat(column) * 94
        return CGRect(x: x, y: 24 + CGFloat(row) * 140, width: 80, height: 112)
    }

    @MainActor
    static func build(_ scene: DemoScene) {
        let view = scene.view
        view.backgroundColor = UIColor(cgColor: Palette.ink)
        var pages: [(container: UIView, front: UIView, back: UIView)] = []
        for k in options.indices {
            let container = UIView(frame: panelFrame(k))
            view.addSubview(container)
            let front = page(size: container.bounds.size, color: Palette.blue, mark: Palette.white, markAtTop: true)
            let back = page(size: container.bounds.size, color: Palette.orange, mark: Palette.ink, markAtTop: false)
            back.isHidden = true
            container.addSubview(front)
            container.addSubview(back)
            pages.append((container, front, back))
        }
        func turn(showingBack: Bool) {
            for (k, page) in pages.enumerated() {
                UIView.transition(with: page.container, duration: duration, options: [options[k], .curveEaseInOut], animations: {
                    page.front.isHidden = showingBack
                    page.back.isHidden = !showingBack
                })
            }
        }
        scene.at(forwardAt) { turn(showingBack: true) }
        scene.at(backAt) { turn(showingBack: false) }
    }

    /// A page: a coloured card with a disc near one end and three bars (for lines of text).
    @MainActor
    static func page(size: CGSize, color: CGColor, mark: CGColor, markAtTop: Bool) -> UIView {
        let page = UIView(frame: CGRect(origin: .zero, size: size))
        page.backgroundColor = UIColor(cgColor: color)
        page.layer.cornerRadius = 6
        let disc = UIView(frame: CGRect(x: size.width / 2 - 16, y: markAtTop ? 14 : size.height - 46, width: 32, height: 32))
        disc.backgroundColor = UIColor(cgColor: mark)
        disc.layer.cornerRadius = 16
        page.addSubview(disc)
        for line in 0..<3 {
            let y = (markAtTop ? 60 : 16) + CGFloat(line) * 12
            let bar = UIView(frame: CGRect(x: 12, y: y, width: size.width - 24 - CGFloat(line) * 12, height: 5))
            bar.backgroundColor = UIColor(cgColor: mark).withAlpha(0.7)
            page.addSubview(bar)
        }
        return page
    }
}

extension UIColor {
    fileprivate func withAlpha(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }
}
