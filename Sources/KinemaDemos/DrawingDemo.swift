// drawing: seed 000's Core Graphics views in UIKit — CounterView and two PushButtons drawn in
// draw(_:) — tapped (scripted taps on the stage) to count glasses up and down.
//
// Audited against: seed 000's drawing samples (SeedViews.swift) and the article's app they come
//   from: the plus button adds a glass, the minus button takes one away, the counter view redraws
//   (setNeedsDisplay) to outline the glasses drunk; UIControl's touchUpInside.
// Status: complete. The count also shows as a number in a UILabel at the counter's centre, set
//   in the buttons' action as the article's app sets its counter label.

import Foundation
import Kinema

extension Demo {
    /// Seed 000's counter and push buttons, drawn in draw(_:) and tapped to count.
    public static let drawing = Demo(
        name: "drawing",
        summary: "seed 000's CounterView and PushButtons drawn with UIBezierPath in draw(_:), tapped (scripted) to count up to 5 and back",
        source: "seed 000 — Core Graphics drawing with UIBezierPath, custom views",
        size: CGSize(width: 320, height: 420), duration: DrawingDemo.duration, fps: 30, body: DrawingDemo.build)
}

/// The numbers of the drawing demo.
public enum DrawingDemo {
    /// One loop: five taps on plus, then five on minus.
    public static let duration = 6.0
    /// Taps on the plus button (demo time), then on the minus button.
    public static let plusTaps = [0.5, 1.0, 1.5, 2.0, 2.5], minusTaps = [3.5, 4.0, 4.5, 5.0, 5.5]

    /// The panel: the counter view and two buttons, as the article's app lays them out; the
    /// buttons' target (a view in the hierarchy, so the weakly held target stays alive).
    @MainActor
    final class Panel: UIView {
        let counterView = CounterView(frame: CGRect(x: 45, y: 24, width: 230, height: 230))
        let plus = PushButton(frame: CGRect(x: 110, y: 270, width: 100, height: 100))
        let minus = PushButton(frame: CGRect(x: 135, y: 376, width: 50, height: 50))
        let counterLabel = UILabel(frame: CGRect(x: 110, y: 114, width: 100, height: 50))

        init(in view: UIView) {
            super.init(frame: view.bounds)
            view.addSubview(self)
            counterView.counter = 0
            counterView.isOpaque = false
            minus.isAddButton = false
            minus.fillColor = UIColor(red: 0.93, green: 0.36, blue: 0.36, alpha: 1)
            minus.frame.size = CGSize(width: 40, height: 40)
            minus.center = CGPoint(x: 160, y: 392)
            counterLabel.font = .boldSystemFont(ofSize: 36)
            counterLabel.textColor = .blue
            counterLabel.textAlignment = .center
            counterLabel.text = String(counterView.counter)
            for subview in [counterView, counterLabel, plus, minus] as [UIView] { addSubview(subview) }
            plus.addTarget(self, action: Panel.pushButtonPressed, for: .touchUpInside)
            minus.addTarget(self, action: Panel.pushButtonPressed, for: .touchUpInside)
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
        }

        func pushButtonPressed(_ button: PushButton) {
            if button.isAddButton {
                counterView.counter = min(counterView.counter + 1, 8)
            } else if counterView.counter > 0 {
                counterView.counter -= 1
            }
            counterLabel.text = String(counterView.counter)
            counterView.setNeedsDisplay()
        }
    }

    @MainActor
    static func build(_ scene: DemoScene) {
        let view = scene.view
        view.backgroundColor = UIColor(cgColor: Palette.background)
        let controller = Panel(in: view)
        for t in plusTaps {
            scene.at(t) { scene.stage.tap(at: controller.plus.convert(CGPoint(x: 50, y: 50), to: nil)) }
        }
        for t in minusTaps {
            scene.at(t) { scene.stage.tap(at: controller.minus.convert(CGPoint(x: 20, y: 20), to: nil)) }
        }
    }
}
