// CALayer+AnimationUpdate: a package hook that re-adds a stored basic animation with new from,
// to and begin values in place, for callers (the property animator's scrub) that would otherwise
// add a fresh copy of the same animation under the same key at every frame.
//
// Audited against: CALayer.add(_:forKey:) ("the animation object is copied by the render tree";
//   "if the key already exists … the existing animation is removed"), as CALayer+Animations.swift.
// Status: complete for what it serves. The update is, observably, the add it stands for — the
//   entry moves to the end of the layer's animations, gets a new serial, is uncommitted until
//   the transaction commits (so `presentation()` and the render tree see it then, not before) —
//   but it makes no new animation object, no snapshot through the class's `snapshot(for:)`
//   (values of the usual kinds are not boxed and unboxed again), no removal and no event
//   bookkeeping. It applies only where those would have done nothing: a plain
//   `CABasicAnimation` without a delegate or byValue, not reporting events, no transaction
//   completion block open, a layer key path (not a custom key, no value function), and the very
//   entry the caller last stored (its serial). Anything else returns nil and the caller adds a
//   copy.

import Foundation
import KinemaRenderServer

extension CALayer {
    /// The serial of the animation stored under `key` (nil when there is none): what
    /// `replaceBasicAnimationValues(forKey:serial:from:to:beginTime:)` asks for, so that it
    /// changes only the animation the caller stored and nothing put there since.
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

    /// What `add(_:forKey: key)` of a copy of the stored basic animation with `fromValue`,
    /// `toValue` and `beginTime` replaced does, done in place: the stored copy takes the three
    /// (the values boxed as the key's kind, as a caller sets them), its snapshot is remade from
    /// the stored header with the values `CABasicAnimation` would unbox from those boxes, and the
    /// entry moves to the end, uncommitted, under a new serial (returned). Nil, changing nothing,
    /// when the animation under `key` is not the one with `serial` or is not one this applies to
    /// (see the file comment), or `beginTime` is 0 (which `add` resolves at commit).
    ///
    /// Cost: about 6 k instructions and two allocations (the snapshot's storage and its property
    /// data), where the add it stands for took about 20 k and nine or ten allocations.
    package final func replaceBasicAnimationValues(forKey key: String, serial: UInt64, from: AnimatableValue,
                                                  to: AnimatableValue, beginTime: CFTimeInterval) -> UInt64? {
        guard beginTime != 0,
              let index = lastStoredIndex(forKey: key),
              animationStore.entries[index].serial == serial, !animationStore.entries[index].reportsEvents,
              animationStore.entries[index].transitionFrom == nil else { return nil }
        let animation = animationStore.entries[index].animation
        let snapshot = animationStore.entries[index].snapshot
        guard type(of: animation) == CABasicAnimation.self, let basic = animation as? CABasicAnimation,
              basic.delegate == nil, basic.byValue == nil,
              case .property(let property) = snapshot.content, case .basic = property.motion,
              property.header.entry?.isCustom != true, property.header.valueFunction == nil,
              let kind = property.header.keyKind,
              CATransaction.openCompletionGroups().isEmpty else { return nil }
        let (oldFrom, oldTo, oldBegin) = (basic.fromValue, basic.toValue, basic.beginTime)
        basic.fromValue = from.boxed(as: kind)
        basic.toValue = to.boxed(as: kind)
        basic.beginTime = beginTime
        let values: BasicValues
        if let a = from.unboxedAgain(as: kind), let b = to.unboxedAgain(as: kind) {
            values = BasicValues(from: a, to: b)
        } else if let unboxed = basic.basicValues(property.header) {
            values = unboxed
        } else {
            (basic.fromValue, basic.toValue, basic.beginTime) = (oldFrom, oldTo, oldBegin)
            return nil
        }
        var updated = animationStore.entries.remove(at: index)
        updated.snapshot = AnimationSnapshot(
            timing: basic.mediaTiming, timingCurve: snapshot.timingCurve,
            isRemovedOnCompletion: snapshot.isRemovedOnCompletion,
            content: .property(PropertyAnimationSnapshot(header: property.header, motion: .basic(values))))
        updated.serial = makeRenderID()
        updated.isCommitted = false
        updated.beginsAtCommit = false
        CATransaction.ensureOpen()
        CATransaction.registerPending(self)
        // Moved to the end, as the add it stands for puts it (the order decides which of two
        // absolute animations of one key wins, and the order of additive sums). The key is in
        // the store's known keys already.
        animationStore.entries.append(updated)
        animationsDidChange()
        return updated.serial
    }
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
