// The playback checks: two small scenes of Kinema's own that `kinema play` and the live test
// (Scripts/test-live.sh) use — one still between 0.4 s and 0.8 s of each cycle (so a window
// screenshot can be compared with the headless frame exactly), one always moving and driven
// partly from the main thread. Not seed samples: `Demo.all` stays the seed demos, which are
// tested against independent references; these are in `Demo.catalogue` beside them.
//
// Audited against: CAKeyframeAnimation (values, keyTimes, calculationMode linear),
//   CABasicAnimation, CADisplayLink, CATransaction (implicit animations, disableActions).
//   Status: complete.

import Foundation
import Kinema

extension Demo {
    /// The playback checks, in the order the lists print them.
    public static let playbackChecks: [Demo] = [.shuttle, .spinner]

    /// A coral square that shuttles right (0–0.4 s), rests (0.4–0.8 s) and returns (0.8–1.2 s),
    /// repeating; a blue bar the main thread widens at 0.2 s (an implicit animation, done by
    /// 0.45 s); a static card. Still from 0.4 s to 0.8 s of each cycle.
    public static let shuttle = Demo(
        name: "shuttle", summary: "a square that moves, rests at 0.4–0.8 s, returns; a bar widened from the main thread",
        source: "Kinema's live-playback check (docs/LIVE.md)",
        size: CGSize(width: 320, height: 200), duration: 1.2, fps: 60
    ) { scene in
        let card = CALayer()
        card.frame = CGRect(x: 16, y: 130, width: 288, height: 54)
        card.backgroundColor = CGColor(red: 0.93, green: 0.94, blue: 0.96, alpha: 1)
        card.cornerRadius = 12
        card.borderWidth = 2
        card.borderColor = CGColor(red: 0.55, green: 0.6, blue: 0.7, alpha: 1)
        scene.add(card)

        let bar = CALayer()
        bar.anchorPoint = CGPoint(x: 0, y: 0.5)
        bar.bounds = CGRect(x: 0, y: 0, width: 40, height: 18)
        bar.position = CGPoint(x: 36, y: 157)
        bar.cornerRadius = 9
        bar.backgroundColor = CGColor(red: 0.2, green: 0.45, blue: 0.9, alpha: 1)
        scene.add(bar)

        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        square.position = CGPoint(x: 50, y: 62)
        square.cornerRadius = 10
        square.backgroundColor = CGColor(red: 1, green: 0.42, blue: 0.32, alpha: 1)
        scene.add(square)

        let shuttle = CAKeyframeAnimation(keyPath: "position.x")
        shuttle.values = [50.0, 270.0, 270.0, 50.0]
        shuttle.keyTimes = [0, NSNumber(value: 1.0 / 3), NSNumber(value: 2.0 / 3), 1]
        shuttle.duration = 1.2
        shuttle.repeatCount = .infinity
        square.add(shuttle, forKey: "shuttle")

        // A model change on the main thread, mid-playback: the render thread shows it from the
        // next frame after the turn that commits it.
        scene.at(0.2) { bar.bounds.size.width = 248 }
    }

    /// A square spinning once every 2 s (a render-server animation) and a dot that a display link
    /// moves every turn on the main thread (model changes with actions disabled).
    public static let spinner = Demo(
        name: "spinner", summary: "a spinning square (render thread) and a dot moved by a display link (main thread)",
        source: "Kinema's live-playback check (docs/LIVE.md)",
        size: CGSize(width: 320, height: 200), duration: 2, fps: 60
    ) { scene in
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
        square.position = CGPoint(x: 160, y: 100)
        square.cornerRadius = 14
        square.backgroundColor = CGColor(red: 0.35, green: 0.3, blue: 0.85, alpha: 1)
        scene.add(square)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0
        spin.toValue = 2 * Double.pi
        spin.duration = 2
        spin.repeatCount = .infinity
        square.add(spin, forKey: "spin")

        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
        dot.cornerRadius = 12
        dot.position = CGPoint(x: 260, y: 100)
        dot.backgroundColor = CGColor(red: 0.95, green: 0.55, blue: 0.1, alpha: 1)
        scene.add(dot)
        let link = CADisplayLink { link in
            let angle = link.timestamp * 1.5
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            dot.position = CGPoint(x: 160 + 110 * cos(angle), y: 100 + 70 * sin(angle))
            CATransaction.commit()
        }
        link.add(to: .main, forMode: .common)
    }
}
