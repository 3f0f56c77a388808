// CALayer+AnimatedDisplay: layers that draw an animated key redraw at every frame, with the
// values the animation gives at that frame.
//
// Audited against: CALayer.needsDisplay(forKey:) ("Subclasses can override this method and return
//   true if the layer should be redisplayed when the value of the specified attribute changes.
//   Animations changing the value of the attribute also trigger redisplay."); CALayer.display()
//   and draw(in:); Apple's sample "Custom Animatable Property" (sc2284), whose layer draws its
//   animated property at every frame.
// Status: complete for basic, keyframe, spring animations and groups, on custom keys and on the
//   table's properties. Difference from Apple, chosen and documented in docs/LAYERS.md: Apple
//   draws on the presentation copy (so `self` in draw(in:) is not the model layer); Kinema draws
//   on the model layer with the presentation values swapped in, because presentation copies of
//   classes declared outside Kinema cannot be made (CALayer+Animations.swift), and those are the
//   classes that draw custom keys.
//
// The timeline of one such layer, turn by turn (│ a turn, ● a redraw):
//
//   model value set      animation committed at t0          end (t0 + duration)
//   ●                    ●    ●    ●    ●    ●    ●    ●    ●  (model values, once)   │    │
//   (commit's display)   (presentation values at each turn)     no redraw while nothing changes

import Foundation

/// What a layer last drew for an animation: the presentation state it drew (without contents)
/// and the image it made, so a turn whose values did not change draws nothing.
struct AnimatedDisplayRecord {
    var state: LayerState
    var image: CGImage?
}

extension CALayer {
    /// Redraws, in this tree, every layer that draws a key one of its animations changes: the
    /// host's turn calls it after the implicit commit, at the turn's time (docs/LAYERS.md).
    ///
    /// **Semantics.** A layer redraws when one of its committed animations (one removed on
    /// completion, only before its end) animates a key path for which its class's
    /// `needsDisplay(forKey:)` is true (the key path, or the property it belongs to), and the
    /// presentation values differ from those of its last such drawing or its `contents` was
    /// replaced since. The drawing runs `display()` (the delegate's `display(_:)`, or
    /// `draw(in:)` into a new backing store) with the presentation state in place of the model
    /// state, then restores the model state with the new contents. When no such animation is
    /// left, the layer draws once more with its model values. All of it happens in one
    /// transaction with actions disabled, so the new contents do not animate and the drawing
    /// starts no implicit animation; flags the drawing set (needsDisplay) are put back.
    ///
    /// **Cost.** A walk over the tree (one check per layer without animations); per redrawn
    /// layer, one evaluation of its animations and its drawing.
    package final func redrawAnimatedDisplays() {
        var layers: [CALayer] = []
        collectAnimatedDisplays(into: &layers)
        guard !layers.isEmpty else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in layers {
            layer.redrawForAnimations()
        }
        CATransaction.commit()
    }

    /// The layers of this tree (masks included) that have animations or drew for one last time.
    private func collectAnimatedDisplays(into layers: inout [CALayer]) {
        if !animationStore.entries.isEmpty || animatedDisplay != nil {
            layers.append(self)
        }
        maskStorage?.collectAnimatedDisplays(into: &layers)
        for sublayer in sublayerStorage {
            sublayer.collectAnimatedDisplays(into: &layers)
        }
    }

    /// Draws with the presentation values at the current local time when an animation of a key
    /// that needs display is live; draws once with the model values when the last one has gone.
    private func redrawForAnimations() {
        let time = currentLocalTime
        let snapshots = committedSnapshots
        guard snapshots.contains(where: { redraws(for: $0, at: time) }) else {
            if animatedDisplay != nil {
                animatedDisplay = nil
                drawSwapped(with: state)
            }
            return
        }
        var shown = evaluate(state, animations: snapshots, at: time)
        shown.contents = nil   // compared without contents: the drawing replaces them
        if let last = animatedDisplay, last.state == shown, last.image === state.contents {
            return
        }
        let compared = shown
        shown.contents = state.contents
        let image = drawSwapped(with: shown)
        animatedDisplay = AnimatedDisplayRecord(state: compared, image: image)
    }

    /// Whether `snapshot` (or a child of a group) is live at `time` and animates a key path that
    /// needs display for this layer's class.
    private func redraws(for snapshot: AnimationSnapshot, at time: Double) -> Bool {
        if snapshot.isRemovedOnCompletion, time >= snapshot.endTime { return false }
        switch snapshot.content {
        case .property(let property):
            return needsDisplay(forKeyPath: property.header.keyPath, entry: property.header.entry)
        case .group(let children):
            // A child's own removal does not apply inside a group: the group's does.
            return children.contains { child in
                var kept = child
                kept.isRemovedOnCompletion = false
                return redraws(for: kept, at: time)
            }
        case .inert, .transition:
            return false
        }
    }

    /// Whether the class redraws for `keyPath`: asked for the key path itself and for the
    /// properties it writes (`"position"` for `"position.x"`).
    private func needsDisplay(forKeyPath keyPath: String, entry: LayerKeyPath?) -> Bool {
        let layerClass = type(of: self)
        if layerClass.needsDisplay(forKey: keyPath) { return true }
        return (entry?.storedKeys ?? []).contains { $0 != keyPath && layerClass.needsDisplay(forKey: $0) }
    }

    /// Runs `display()` with `shown` as the layer's state, then puts the model state back with
    /// the contents the display made (written through the change hook, so the commit carries
    /// them). Returns those contents.
    @discardableResult
    private func drawSwapped(with shown: LayerState) -> CGImage? {
        let model = state
        let flag = needsDisplayFlag
        state = shown
        display()
        let image = state.contents
        state = model
        write("contents", image.map { .image($0) } ?? .none)
        needsDisplayFlag = flag
        return image
    }
}
