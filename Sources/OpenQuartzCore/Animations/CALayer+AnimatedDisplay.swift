// CALayer+AnimatedDisplay: layers that draw an animated key redraw at every frame, with the
// values the animation gives at that frame.
//
// Audited against: CALayer.needsDisplay(forKey:) ("Subclasses can override this method and return
//   true if the layer should be redisplayed when the value of the specified attribute changes.
//   Animations changing the value of the attribute also trigger redisplay."); CALayer.display()
//   and draw(in:); Apple's sample "Custom Animatable Property" (sc2284), whose layer draws its
//   animated property at every frame.
// Status: complete for basic, keyframe, spring animations and groups, on custom keys and on the
//   table's properties. Difference from Apple, chosen and documented in docs/ANIMATIONS.md: Apple
//   draws on the presentation copy (so `self` in draw(in:) is not the model layer); Kinema draws
//   on the model layer with the presentation values swapped in, because presentation copies of
//   classes declared outside Kinema can be made only when they adopt CALayerPresentationCopying
//   (CALayer+PresentationTree.swift), and those are the classes that draw custom keys.
//
// The timeline of one such layer, turn by turn (│ a turn, ● a redraw):
//
//   model value set      animation committed at t0          end (t0 + duration)
//   ●                    ●    ●    ●    ●    ●    ●    ●    ●  (model values, once)   │    │
//   (commit's display)   (presentation values at each turn)     no redraw while nothing changes

import Foundation
import KinemaRenderServer

/// What a layer last drew for an animation: the presentation state it drew (without contents)
/// and the image it made, so a turn whose values did not change draws nothing. A class: the
/// per-turn walk asks every layer whether it has one, and an optional reference answers without
/// copying a state (which showed as most of the walk's time in a profile).
final class AnimatedDisplayRecord {
    let state: LayerState
    let image: CGImage?

    init(state: LayerState, image: CGImage?) {
        self.state = state
        self.image = image
    }
}

/// The answer of a layer's last scan of its animations for keys that need display, and what it
/// scanned: the number of animations and the serial of the newest. Animations are only appended
/// (each with a new serial) or removed, so an equal count and newest serial mean the same list.
struct AnimatedDisplayScan {
    var count: Int
    var lastSerial: UInt64
    var result: Bool
}

extension CALayer {
    /// Redraws, in this tree, every layer that draws a key one of its animations changes: the
    /// host's turn calls it after the implicit commit, at the turn's time (docs/ANIMATIONS.md,
    /// "Custom keys and per-frame redraw").
    ///
    /// ```swift
    /// // HostRunLoop.turn(at: t), with the loop's clock at t:
    /// CATransaction.flush()
    /// context.rootLayer.redrawAnimatedDisplays()   // a ring animating "progress" draws progress(t)
    /// ```
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
    /// **Cost.** A walk over the tree, a few reads per layer (which animations change keys that
    /// need display is asked again only when a layer's animation list changed): 14–21 M layers/s
    /// in release on the project's machine (`kinema bench --filter redraw`). Per layer that may
    /// draw, one evaluation of its animations and, when its values changed, its drawing. The
    /// transaction opens only when something draws.
    package final func redrawAnimatedDisplays() {
        var candidates: [CALayer] = []
        collectAnimatedDisplays(into: &candidates)
        var opened = false
        for layer in candidates {
            guard let drawing = layer.animatedDrawing() else { continue }
            if !opened {
                // Opened only when something draws: its commit walks every hosted tree.
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                opened = true
            }
            let image = layer.drawSwapped(with: drawing.shown)
            layer.animatedDisplay = drawing.compared.map { AnimatedDisplayRecord(state: $0, image: image) }
        }
        if opened {
            CATransaction.commit()
        }
    }

    /// The layers of this tree (masks included) that may draw this turn: those with a committed
    /// animation of a key that needs display, and those that drew for one last turn.
    private func collectAnimatedDisplays(into layers: inout [CALayer]) {
        if animatedDisplay != nil || hasAnimationNeedingDisplay {
            layers.append(self)
        }
        maskStorage?.collectAnimatedDisplays(into: &layers)
        for sublayer in sublayerStorage {
            sublayer.collectAnimatedDisplays(into: &layers)
        }
    }

    /// Whether one of the layer's animations (committed or not, at any time) animates a key that
    /// needs display; worked out again only when the animations change (`AnimatedDisplayScan`).
    private var hasAnimationNeedingDisplay: Bool {
        // Read in place: copying an entry out retains its half-dozen references.
        let count = animationStore.entries.count
        guard count > 0 else { return false }
        let lastSerial = animationStore.entries[count - 1].serial
        if let scan = animatedDisplayScan, scan.count == count, scan.lastSerial == lastSerial {
            return scan.result
        }
        // A plain loop over flags set when each was added: a closure here costs an executor check
        // per animation.
        var result = false
        for index in 0 ..< count where animationStore.entries[index].animatesDisplayKey {
            result = true
            break
        }
        animatedDisplayScan = AnimatedDisplayScan(count: count, lastSerial: lastSerial, result: result)
        return result
    }

    /// What to draw this turn: the presentation state at the current local time when an animation
    /// of a key that needs display is live (`compared`: that state without contents, to recognise
    /// it next turn), unless the last drawing showed the same state and its contents are still
    /// the layer's; the model state once (`compared` nil) when the last such animation has gone;
    /// else nil.
    private func animatedDrawing() -> (shown: LayerState, compared: LayerState?)? {
        let time = currentLocalTime
        let snapshots = committedSnapshots
        let live = snapshots.contains { snapshot in
            !(snapshot.isRemovedOnCompletion && time >= snapshot.endTime) && animatesKeyNeedingDisplay(snapshot)
        }
        guard live else {
            return animatedDisplay == nil ? nil : (state, nil)
        }
        var shown = evaluateCommitted(state, animations: snapshots, at: time)
        shown.contents = nil   // compared without contents: the drawing replaces them
        if let last = animatedDisplay, last.state == shown, last.image === state.contents {
            return nil
        }
        let compared = shown
        shown.contents = state.contents
        return (shown, compared)
    }

    /// Whether `snapshot` (or a child of a group, at any depth) animates a key path that needs
    /// display for this layer's class. A child's own removal on completion does not matter: the
    /// group's does.
    final func animatesKeyNeedingDisplay(_ snapshot: AnimationSnapshot) -> Bool {
        switch snapshot.content {
        case .property(let property):
            return needsDisplay(forKeyPath: property.header.keyPath, entry: property.header.entry)
        case .group(let children):
            return children.contains { animatesKeyNeedingDisplay($0) }
        case .inert, .transition:
            return false
        }
    }

    /// Whether the class redraws for `keyPath`: asked for the key path itself and for the
    /// properties it writes (`"position"` for `"position.x"`).
    private func needsDisplay(forKeyPath keyPath: String, entry: LayerKeyPath?) -> Bool {
        let layerClass = type(of: self)
        if layerClass.needsDisplay(forKey: keyPath) { return true }
        guard let entry else { return false }
        return entry.storedKeys.contains { $0 != keyPath && layerClass.needsDisplay(forKey: $0) }
    }

    /// Runs `display()` with `shown` as the layer's state, then puts the model state back with
    /// the contents the display made (written through the change hook, so the commit carries
    /// them). Returns those contents.
    private func drawSwapped(with shown: LayerState) -> CGImage? {
        let model = state
        let flag = needsDisplayFlag
        state = shown
        display()
        let image = state.contents
        state = model
        Self.invalidateVisibility()   // `shown` may have hidden or shown the layer meanwhile
        write("contents", image.map { .image($0) } ?? .none)
        needsDisplayFlag = flag
        return image
    }
}
