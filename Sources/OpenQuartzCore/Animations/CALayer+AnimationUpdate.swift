// CALayer+AnimationUpdate: package hooks through which a paused property animator's scrub shows
// a new value without adding an animation: a stored basic animation frozen on a slot of the
// frozen-value table (KinemaRenderServer/Animations/FrozenValues.swift), whose value a scrub
// then changes.
//
// Audited against: CALayer.add(_:forKey:) ("the animation object is copied by the render tree";
//   changes reach the render tree at commit), as CALayer+Animations.swift.
// Status: complete for what it serves. A frozen animation stays where it is among the layer's
//   animations, with its serial and begin time (on iOS a scrub re-adds nothing either: the
//   layer's animation keys keep their order); what it shows changes from the next commit, as a
//   re-added animation's would. It applies only where an add would have done nothing else: a
//   plain `CABasicAnimation` from and to one value, without events, on a layer key path (not a
//   custom key, no value function), and the very entry the caller stored (its serial). Anything
//   else returns false and the caller adds an animation.

import Foundation
import KinemaRenderServer

extension CALayer {
    /// The serial of the animation stored under `key` (nil when there is none): what
    /// `freezeAnimation(forKey:serial:slot:)` and `setFrozenAnimationValue` ask for, so that they
    /// change only the animation the caller stored and nothing put there since.
    package final func storedAnimationSerial(forKey key: String) -> UInt64? {
        lastStoredIndex(forKey: key).map { animationStore.entries[$0].serial }
    }

    /// The index of the last stored animation under `key`. A plain loop: a closure formed here
    /// and passed to `lastIndex(where:)` checks the main actor's executor on every call (about
    /// 300 instructions each, a scrub asks twice a track).
    private func lastStoredIndex(forKey key: String) -> Int? {
        var index = animationStore.entries.count
        while index > 0 {
            index -= 1
            if animationStore.entries[index].key == key { return index }
        }
        return nil
    }

    /// Freezes the basic animation stored under `key` (the one with `serial`, a plain
    /// `CABasicAnimation` from and to one value, as a paused animator's track adds it): its
    /// snapshot then shows the value of `slot` in the committed frozen-value table
    /// (FrozenValues.swift), so that `setFrozenAnimationValue` changes what it shows without
    /// changing the animation. The slot takes the animation's own value (its from value), which
    /// is also what the snapshot shows where no table is current. False, changing nothing, when
    /// the entry is not that animation or not such a one.
    package final func freezeAnimation(forKey key: String, serial: UInt64, slot: FrozenSlot) -> Bool {
        guard let index = lastStoredIndex(forKey: key),
              animationStore.entries[index].serial == serial, !animationStore.entries[index].reportsEvents,
              animationStore.entries[index].transitionFrom == nil,
              type(of: animationStore.entries[index].animation) == CABasicAnimation.self,
              case .property(let property) = animationStore.entries[index].snapshot.content,
              case .basic(let values) = property.motion, let from = values.from, values.to == from,
              property.header.entry?.isCustom != true, property.header.valueFunction == nil else { return false }
        animationStore.entries[index].snapshot.content = .property(
            PropertyAnimationSnapshot(header: property.header, motion: .frozen(slot, from)))
        // The slot shows the animation's own value (as the snapshot unboxed it) from the commit on.
        FrozenValueStore.set(slot, from)
        CATransaction.ensureOpen()
        animationsDidChange()
        return true
    }

    /// Shows `value` in the frozen animation stored under `key` (the one with `serial`, frozen
    /// with `slot`) from the next commit: the value goes to the frozen-value table, and the stored
    /// animation object's from and to values take it too (boxed as the key's kind, as a caller
    /// sets them). No snapshot, animation set or render node is made. False, changing nothing,
    /// when the entry under `key` is no longer that animation.
    package final func setFrozenAnimationValue(_ value: AnimatableValue, forKey key: String, serial: UInt64, slot: FrozenSlot) -> Bool {
        guard let index = lastStoredIndex(forKey: key), animationStore.entries[index].serial == serial,
              case .property(let property) = animationStore.entries[index].snapshot.content,
              case .frozen(let frozen, _) = property.motion, frozen === slot,
              let basic = animationStore.entries[index].animation as? CABasicAnimation,
              let kind = property.header.keyKind else { return false }
        basic.fromValue = value.boxed(as: kind)
        basic.toValue = basic.fromValue
        // The value the animation would unbox from those boxes (a Float key rounds), as an add
        // of it would show.
        FrozenValueStore.set(slot, value.unboxedAgain(as: kind) ?? AnimatableValue(boxing: basic.fromValue, as: kind) ?? value)
        // The turn then commits, handing the server the new values.
        CATransaction.ensureOpen()
        return true
    }
}

/// `evaluate(_:animations:at:)` of a model layer's committed animations, with frozen animations
/// showing the committed frozen values (FrozenValues.swift): what the render tree shows. The model
/// side's one way to evaluate (presentation copies, animated drawing, actions' start values).
@MainActor
func evaluateCommitted(_ state: LayerState, animations: [AnimationSnapshot], at time: Double) -> LayerState {
    FrozenValueTable.withCurrent(FrozenValueStore.committed) { evaluate(state, animations: animations, at: time) }
}

extension AnimatableValue {
    /// The value `CABasicAnimation` unboxes from `boxed(as: kind)` (`AnimatableValue(boxing:as:)`),
    /// worked out without the boxes' dynamic casts: a number through the property's own type
    /// (`Float` rounds), geometry, transforms and colours as they are. Nil for other kinds, whose
    /// values go through the boxes.
    fileprivate func unboxedAgain(as kind: AnimatableValueKind) -> AnimatableValue? {
        switch (self, kind) {
        case (.number(let n), .cgFloat), (.number(let n), .double): .number(n)
        case (.number(let n), .float): .number(Double(Float(n)))
        case (.number(let n), .int): .number(Double(Int(exactly: n) ?? 0))
        case (.point, .point), (.size, .size), (.rect, .rect), (.transform, .transform), (.color, .color): self
        default: nil
        }
    }
}
