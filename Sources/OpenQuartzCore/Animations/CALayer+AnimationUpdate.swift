// CALayer+AnimationUpdate: a package hook that re-adds a stored basic animation with new from,
// to and begin values in place, for callers (the property animator's scrub) that would otherwise
// add a fresh copy of the same animation under the same key at every frame.
//
// Audited against: CALayer.add(_:forKey:) ("the animation object is copied by the render tree";
//   "if the key already exists … the existing animation is removed"), as CALayer+Animations.swift.
// Status: complete for what it serves. The update is, observably, the add it stands for — the
//   entry moves to the end of the layer's animations, gets a new serial, is uncommitted until
//   the transaction commits (so `presentation()` and the render tree see it then, not before) —
//   but it makes no new animation object, no snapshot of boxed values through the class's
//   `snapshot(for:)`, no removal and no event bookkeeping. It applies only where those would have
//   done nothing: a plain `CABasicAnimation` without a delegate, not reporting events, no
//   transaction completion block open, a layer key path (not a custom key), and the very entry
//   the caller last stored (its serial). Anything else returns nil and the caller adds a copy.

import Foundation
import KinemaRenderServer

extension CALayer {
    /// The serial of the animation stored under `key` (nil when there is none): what
    /// `replaceBasicAnimationValues(forKey:serial:from:to:beginTime:)` asks for, so that it
    /// changes only the animation the caller stored and nothing put there since.
    package final func storedAnimationSerial(forKey key: String) -> UInt64? {
        animationStore.entries.last(where: { $0.key == key })?.serial
    }

    /// What `add(_:forKey: key)` of a copy of the stored basic animation with `fromValue`,
    /// `toValue` and `beginTime` replaced does, done in place: the stored copy takes the three
    /// values, its snapshot is remade from the stored header with the values unboxed as
    /// `CABasicAnimation` unboxes them, and the entry moves to the end, uncommitted, under a new
    /// serial (returned). Nil, changing nothing, when the animation under `key` is not the one
    /// with `serial` or is not one this applies to (see the file comment), or `beginTime` is 0
    /// (which `add` resolves at commit).
    ///
    /// Cost: a scan of the layer's animations and two small allocations (the snapshot's storage
    /// and its property data), where an add copies the animation, snapshots it and scans twice.
    package final func replaceBasicAnimationValues(forKey key: String, serial: UInt64, from: Any?, to: Any?,
                                                  beginTime: CFTimeInterval) -> UInt64? {
        guard beginTime != 0,
              let index = animationStore.entries.lastIndex(where: { $0.key == key }) else { return nil }
        let entry = animationStore.entries[index]
        guard entry.serial == serial, !entry.reportsEvents, entry.transitionFrom == nil,
              type(of: entry.animation) == CABasicAnimation.self,
              let animation = entry.animation as? CABasicAnimation, animation.delegate == nil,
              case .property(let property) = entry.snapshot.content, case .basic = property.motion,
              property.header.entry?.isCustom != true,
              CATransaction.openCompletionGroups().isEmpty else { return nil }
        let (oldFrom, oldTo, oldBegin) = (animation.fromValue, animation.toValue, animation.beginTime)
        animation.fromValue = from
        animation.toValue = to
        animation.beginTime = beginTime
        guard let values = animation.basicValues(property.header) else {
            (animation.fromValue, animation.toValue, animation.beginTime) = (oldFrom, oldTo, oldBegin)
            return nil
        }
        var updated = entry
        updated.snapshot = AnimationSnapshot(
            timing: animation.mediaTiming, timingCurve: entry.snapshot.timingCurve,
            isRemovedOnCompletion: entry.snapshot.isRemovedOnCompletion,
            content: .property(PropertyAnimationSnapshot(header: property.header, motion: .basic(values))))
        updated.serial = makeRenderID()
        updated.isCommitted = false
        updated.beginsAtCommit = false
        CATransaction.ensureOpen()
        CATransaction.registerPending(self)
        // Moved to the end, as the add it stands for puts it (the order decides which of two
        // absolute animations of one key wins, and the order of additive sums). The key is in
        // the store's known keys already.
        animationStore.entries.remove(at: index)
        animationStore.entries.append(updated)
        animationsDidChange()
        return updated.serial
    }
}
