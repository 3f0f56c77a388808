// Scrubbing a paused UIViewPropertyAnimator changes its frozen layer animations in place (issue 15
// §5): what the screen and the layer's public API show must be what re-adding an animation per
// scrub showed — bit for bit (no tolerance: the same values reach the same evaluation) — and
// what iOS shows during a scrub (the layer's animation keys stay what they were).

import Foundation
import Kinema
import Testing
@testable import OpenUIKit

@Suite("UIViewPropertyAnimator: scrubbing in place")
@MainActor
struct UIViewPropertyAnimatorScrubTests {
    /// The fractions a scrub visits: a sweep with repeats, both ends and a jump back.
    static let fractions: [CGFloat] = [0.1, 0.37, 0.5, 0.5, 0.93, 0, 1, 0.61, 0.25]

    /// Scrubs two paused animators on one view (one moves the centre and changes alpha and the
    /// background colour, the other adds to the centre) through `fractions`, turning after each
    /// scrub (the second animator at every other turn); returns per turn the presentation's
    /// values, the layer's animation keys (by name) and each stored animation's values, and the
    /// number of in-place updates.
    static func scrubbed(inPlace: Bool, linearly: Bool) -> (samples: [String], inPlace: Int) {
        AnimatorTrack.scrubsInPlace = inPlace
        defer { AnimatorTrack.scrubsInPlace = true }
        let updatesBefore = AnimatorTrack.inPlaceUpdates
        let (stage, view) = viewStage()
        var samples: [String] = []
        var keyOrders: Set<[String]> = []
        stage.withClock {
            let a = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) {
                view.center.x = 250
                view.alpha = 0.3
                view.backgroundColor = .blue
            }
            let b = UIViewPropertyAnimator(duration: 2, curve: .easeIn) { view.center.x += 30 }
            a.scrubsLinearly = linearly
            a.pauseAnimation()
            b.pauseAnimation()
            stage.turn(to: 0.01)
            for (k, f) in fractions.enumerated() {
                a.fractionComplete = f
                // The second animator every other turn: its animation then moves behind the
                // first's (as an add puts it last), and back.
                if k % 2 == 0 { b.fractionComplete = 1 - f }
                stage.turn(to: 0.01 + Double(k + 1) / 60)
                let layer = view.layer.presentation() ?? view.layer
                var sample = "x \(layer.position.x.bitPattern) y \(layer.position.y.bitPattern) opacity \(layer.opacity.bitPattern)"
                sample += " colour \(layer.backgroundColor?.components ?? [])"
                // Keys by name: in place a frozen animation keeps its place among the layer's
                // animations (as on iOS, where a scrub re-adds nothing), where re-adding moved
                // it last; and its begin time, where re-adding stamped a new one. Neither
                // changes what is shown (the values above).
                let keys = view.layer.animationKeys() ?? []
                sample += " keys \(keys.sorted())"
                for key in keys.sorted() {
                    guard let animation = view.layer.animation(forKey: key) as? CABasicAnimation else { continue }
                    sample += " \(key): \(String(describing: animation.fromValue)) \(String(describing: animation.toValue))"
                }
                if inPlace { keyOrders.insert(keys) }
                samples.append(sample)
            }
            a.stopAnimation(true)
            b.stopAnimation(true)
        }
        // In place, the layer's animation keys kept one order through every scrub.
        #expect(!inPlace || keyOrders.count == 1, "key orders seen: \(keyOrders)")
        return (samples, AnimatorTrack.inPlaceUpdates - updatesBefore)
    }

    @Test("a scrub changes the frozen animations in place, and the presentation, the animation keys and each stored animation's values at every sampled turn are what re-adding an animation per scrub gave, bit for bit; in place the keys keep their order (linear and curved scrubs, two animators on one view)")
    func inPlaceMatchesReadding() {
        for linearly in [true, false] {
            let inPlace = Self.scrubbed(inPlace: true, linearly: linearly)
            let readded = Self.scrubbed(inPlace: false, linearly: linearly)
            #expect(inPlace.samples == readded.samples)
            #expect(inPlace.samples.count == Self.fractions.count)
            // Every scrub after the pause updated each of its tracks in place: three of the
            // first animator's at every turn, the second's one at every other.
            #expect(inPlace.inPlace == 3 * Self.fractions.count + (Self.fractions.count + 1) / 2)
            #expect(readded.inPlace == 0)
        }
    }

    @Test("what iOS shows during a scrub: the layer's animation keys stay what they were after the pause, in order, and the presentation follows the linear scrub (x = 50 + 200 f, opacity 1 − 0.5 f)")
    func keysStayDuringScrub() throws {
        let (stage, view, a) = movingView(.easeInOut)
        try stage.withClock {
            a.addAnimations { view.alpha = 0.5 }
            a.pauseAnimation()
            stage.turn(to: 0.1)
            let keys = try #require(view.layer.animationKeys())
            #expect(Set(keys) == ["position", "opacity"])
            for (k, f) in [0.2, 0.8, 0.45, 1, 0].enumerated() {
                a.fractionComplete = f
                #expect(view.layer.animationKeys() == keys)
                stage.turn(to: 0.1 + Double(k + 1) / 60)
                #expect(view.layer.animationKeys() == keys)
                #expect(abs(shownX(view) - (50 + 200 * f)) < 1e-9)
                #expect(abs(Double(shown(view).opacity) - (1 - 0.5 * f)) < 1e-6)
            }
            a.stopAnimation(true)
        }
    }

    @Test("a scrub after the layer's animations were removed (or one was replaced under the animator's key) adds its own again instead of changing another's")
    func scrubAfterRemoval() {
        let (stage, view, a) = movingView(.linear)
        stage.withClock {
            a.pauseAnimation()
            a.fractionComplete = 0.25
            stage.turn(to: 0.1)
            #expect(abs(shownX(view) - 100) < 1e-9)
            view.layer.removeAllAnimations()
            stage.turn(to: 0.2)
            #expect(shownX(view) == 250)
            a.fractionComplete = 0.5
            stage.turn(to: 0.3)
            #expect(abs(shownX(view) - 150) < 1e-9)
            #expect(view.layer.animationKeys() == ["position"])
            // Someone else's animation under the animator's key: the next scrub replaces it (as
            // an add under that key does) rather than editing it.
            let other = CABasicAnimation(keyPath: "position")
            other.fromValue = CGPoint(x: 0, y: 0)
            other.toValue = CGPoint(x: 0, y: 0)
            other.isAdditive = true
            other.duration = 10
            other.speed = 0.5
            other.isRemovedOnCompletion = false
            view.layer.add(other, forKey: "position")
            a.fractionComplete = 0.75
            stage.turn(to: 0.4)
            #expect(abs(shownX(view) - 200) < 1e-9)
            let stored = view.layer.animation(forKey: "position")
            #expect(stored?.speed == 0 && stored?.duration == 1)
            a.stopAnimation(true)
        }
    }
}
