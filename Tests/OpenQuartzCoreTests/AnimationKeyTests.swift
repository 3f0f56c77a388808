// The layer's look-ups by animation key that UIKit's view animations use: whether a key is taken
// and the first free one of `base`, `base-2`, `base-3` … (one pass over the animations).
import Foundation
import Testing
@testable import OpenQuartzCore

@Suite("Animation keys")
@MainActor
struct AnimationKeyTests {
    private func layer(withKeys keys: [String]) -> CALayer {
        let layer = CALayer()
        for key in keys {
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.toValue = 0.5
            layer.add(animation, forKey: key)
        }
        return layer
    }

    @Test func freeKeyIsTheBaseWhenTheBaseIsUnused() {
        #expect(layer(withKeys: []).firstFreeAnimationKey(base: "position") == "position")
        // Numbered keys alone do not take the base.
        #expect(layer(withKeys: ["position-2", "positionx"]).firstFreeAnimationKey(base: "position") == "position")
    }

    @Test func freeKeyFillsTheFirstHole() {
        #expect(layer(withKeys: ["position"]).firstFreeAnimationKey(base: "position") == "position-2")
        #expect(layer(withKeys: ["position", "position-2", "position-4"]).firstFreeAnimationKey(base: "position") == "position-3")
        // Keys that only look alike do not count: another base, a leading zero, a sign, letters.
        let lookalikes = ["position", "position-02", "position--3", "position-2x", "positio-2", "opacity-2", "position.x-2"]
        #expect(layer(withKeys: lookalikes).firstFreeAnimationKey(base: "position") == "position-2")
    }

    @Test func freeKeyPastSixtyFour() {
        let keys = ["bounds"] + (2 ... 70).map { "bounds-\($0)" } + ["bounds-72"]
        #expect(layer(withKeys: keys).firstFreeAnimationKey(base: "bounds") == "bounds-71")
        let huge = ["bounds", "bounds-2", "bounds-99999999999999999999999"]
        #expect(layer(withKeys: huge).firstFreeAnimationKey(base: "bounds") == "bounds-3")
    }

    @Test func hasAnimationMatchesWholeKeys() {
        let layer = layer(withKeys: ["position", "position-2"])
        #expect(layer.hasAnimation(forKey: "position"))
        #expect(layer.hasAnimation(forKey: "position-2"))
        #expect(!layer.hasAnimation(forKey: "position-3"))
        #expect(!layer.hasAnimation(forKey: "positio"))
        layer.removeAnimation(forKey: "position")
        #expect(!layer.hasAnimation(forKey: "position"))
        #expect(layer.firstFreeAnimationKey(base: "position") == "position")
    }
}
