// CALayer+Animations: the layer's explicit animations — add, look up, remove — and the
// presentation copy that evaluates them.
//
// Audited against: the CALayer class reference (add(_:forKey:): "the animation object is copied
//   by the render tree, not referenced"; "if the key already exists … the existing animation is
//   removed"; "the special key kCATransition is automatically used for transition animations";
//   animation(forKey:): "you must not modify the returned object"; animationKeys();
//   removeAnimation(forKey:); removeAllAnimations(); presentation(): "returns nil if the layer
//   has not been committed"; model()), CAAnimation (isRemovedOnCompletion), CAMediaTiming
//   (layers are the timing parents of their animations), Technical Q&A QA1673 (pausing).
// Status: complete. An add opens the implicit transaction when none is open; beginTime 0 resolves
//   to the layer's local time when the outermost transaction holding the add commits, and only
//   committed animations reach presentation() and the render tree. Finished animations removed on
//   completion leave when the render server reports them (AnimationEvents.swift), or lazily when
//   `presentation()` / `animationKeys()` is read without a host. A presentation copy's
//   superlayer, sublayers and mask are copies too (CALayer+PresentationTree.swift). Left out:
//   `presentation()` of layer classes declared outside Kinema that do not adopt
//   `CALayerPresentationCopying` (see `makePresentation()`).

import Foundation
import KinemaGeometry
import KinemaRenderServer
import KinemaSupport

/// One added animation: the caller-visible copy and the snapshot the evaluation uses.
struct LayerAnimationEntry {
    var key: String
    /// A private copy of the added animation (its beginTime resolved), handed out as copies.
    var animation: CAAnimation
    var snapshot: AnimationSnapshot
    /// Whether the beginTime was 0 and is resolved again when the transaction commits.
    var beginsAtCommit = false
    /// Names the animation for the render tree and its events (never reused).
    var serial: UInt64 = makeRenderID()
    /// Whether the transaction that added it has committed: only committed animations reach the
    /// render tree and `presentation()` (Apple's presentation shows what is on screen).
    var isCommitted = false
    /// Whether the render server reports its start and stop (a delegate, or a completion block
    /// waiting for it).
    var reportsEvents = false
    /// For a transition, the layer's render node before the transition was added.
    var transitionFrom: RenderNode?
    /// Whether it animates a key the layer's class redraws for (`needsDisplay(forKey:)`),
    /// worked out once when it is added (CALayer+AnimatedDisplay.swift).
    var animatesDisplayKey = false
}

/// A layer's animations, in order of addition.
struct LayerAnimationStore {
    var entries: [LayerAnimationEntry] = []
    /// Whether an animation was ever added: such a layer keeps a presentation copy.
    var everAnimated = false

    /// Every key `entries` may hold: a superset (removals leave their keys here), so a key not
    /// in it is surely not in `entries`. Adding an animation under a new key — the common case
    /// — then costs no scan of the others: adding 100,000 animations under distinct keys was
    /// quadratic (10.4 s). Rebuilt from `entries` when it has grown past twice their number, so
    /// a long run of short-lived keys does not make it grow without bound.
    private var knownKeys: Set<String> = []

    /// Appends `entry`.
    mutating func append(_ entry: LayerAnimationEntry) {
        if knownKeys.count > 2 * entries.count + 16 {
            knownKeys = Set(entries.map(\.key))
        }
        knownKeys.insert(entry.key)
        entries.append(entry)
    }

    /// Removes the animations under `key`, returning them. O(1) for a key never added (or not
    /// added since the last rebuild of `knownKeys`), else one pass over the animations.
    mutating func remove(_ key: String) -> [LayerAnimationEntry] {
        guard knownKeys.contains(key) else { return [] }
        let removed = entries.filter { $0.key == key }
        if !removed.isEmpty { entries.removeAll { $0.key == key } }
        return removed
    }

    /// Drops the finished animations that are removed on completion at local time `time`;
    /// returns whether any was dropped.
    /// Whether an animation is stored under `key`. A plain loop: a closure formed on the main
    /// actor and handed to `contains(where:)` costs an executor check per call, which showed as
    /// a fifth of the `UIView.animate` frame.
    func contains(key: String) -> Bool {
        for index in entries.indices where entries[index].key == key { return true }
        return false
    }

    /// The first of `base`, `base-2`, `base-3` … under which no animation is stored, found in
    /// one pass over the animations, comparing bytes (UIKit's additive view animations take one
    /// each, so this runs once per view and property animated).
    func firstFreeKey(base: String) -> String {
        var baseUsed = false
        var usedSmall: UInt64 = 0          // bit n: `base-n` is used, for n < 64
        var usedLarge: Set<Int> = []
        var base = base
        base.withUTF8 { baseBytes in
            for index in entries.indices {
                var key = entries[index].key
                key.withUTF8 { keyBytes in
                    if keyBytes.count == baseBytes.count {
                        if Self.startsWith(keyBytes, baseBytes) { baseUsed = true }
                    } else if let n = Self.suffixNumber(of: keyBytes, base: baseBytes), n >= 2 {
                        if n < 64 { usedSmall |= 1 << UInt64(n) } else { usedLarge.insert(n) }
                    }
                }
            }
        }
        guard baseUsed else { return base }
        var n = 2
        while n < 64 && usedSmall & (1 << UInt64(n)) != 0 { n += 1 }
        if n >= 64 { while usedLarge.contains(n) { n += 1 } }
        return base + "-" + String(n)
    }

    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= prefix.count else { return false }
        for i in 0 ..< prefix.count where bytes[i] != prefix[i] { return false }
        return true
    }

    /// `n` when `key` is `base-n` with `n` written in decimal digits (no sign, no leading zero).
    private static func suffixNumber(of key: UnsafeBufferPointer<UInt8>, base: UnsafeBufferPointer<UInt8>) -> Int? {
        let dash = base.count
        guard key.count > dash + 1, key[dash] == UInt8(ascii: "-"), key[dash + 1] != UInt8(ascii: "0"),
              startsWith(key, base) else { return nil }
        var n = 0
        for i in dash + 1 ..< key.count {
            let byte = key[i]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow) = n.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            n = times + Int(byte - UInt8(ascii: "0"))
        }
        return n
    }

    mutating func dropFinished(at time: Double) -> Bool {
        let before = entries.count
        entries.removeAll { $0.isCommitted && $0.snapshot.isRemovedOnCompletion && time >= $0.snapshot.endTime }
        return entries.count != before
    }
}

extension CALayer {
    /// The layer's current local time: absolute media time through every ancestor's timing and
    /// the layer's own (its animations' parent time).
    final var currentLocalTime: CFTimeInterval {
        convertTime(CACurrentMediaTime(), from: nil)
    }

    final func addAnimation(_ anim: CAAnimation, forKey key: String?) {
        var snapshot = anim.snapshot(for: state)
        if let context = ImplicitActionContext.current, context.key == key, snapshot.isValueless,
           let start = ImplicitActionContext.previous() {
            snapshot.startValuelessMotion(at: start)
        }
        if let path = snapshot.keyPath, LayerKeyPath.lookup(path, for: state.layerClass) == nil {
            KinemaDiagnostics.emit(domain, "add(_:forKey:): the layer has no animatable key path \"\(path)\"; the animation was not added")
            return
        }
        guard let copy = anim.copy() as? CAAnimation else { return }
        // Every change belongs to a transaction: the add opens the implicit one when none is
        // open. A beginTime of 0 resolves to the layer's local time when that transaction commits
        // (until then, to the time of the add).
        CATransaction.ensureOpen()
        // The transaction fills in what the animation leaves unset: a duration of 0 becomes the
        // transaction's duration (APPLE_SEMANTICS: "an animation with 0 gets the transaction's
        // 0.25 s"; seed 000 relies on it inside `setAnimationDuration(2.0)`), and an animation
        // without a timing function takes the transaction's, when one was set ("the timing
        // function used for all animations added to layers in this transaction group").
        if snapshot.timing.duration == 0 {
            let duration = CATransaction.animationDuration()
            snapshot.timing.duration = duration
            copy.duration = duration
        }
        if anim.timingFunction == nil, let function = CATransaction.animationTimingFunction() {
            snapshot.timingCurve = function.curve
            copy.timingFunction = function
        }
        var beginsAtCommit = false
        if snapshot.timing.beginTime == 0 {
            let now = currentLocalTime
            snapshot.timing.beginTime = now
            copy.beginTime = now
            beginsAtCommit = true
        }
        CATransaction.registerPending(self)
        // "The special key kCATransition is automatically used for transition animations": a
        // transition added without a key is stored under it, so the next one replaces it and
        // `animation(forKey: kCATransition)` finds it. (A transition given a key of its own keeps
        // that key: the documentation says no more, and a caller naming one expects to find it.)
        let isTransition = if case .transition = snapshot.content { true } else { false }
        let key = key ?? (isTransition ? kCATransition : "kinema.anonymous.\(UUID().uuidString)")
        removeAnimations(animationStore.remove(key))
        var entry = LayerAnimationEntry(key: key, animation: copy, snapshot: snapshot, beginsAtCommit: beginsAtCommit)
        if case .transition = snapshot.content {
            entry.transitionFrom = committedNode
        }
        entry.animatesDisplayKey = animatesKeyNeedingDisplay(snapshot)
        entry.reportsEvents = AnimationEventHub.track(entry, on: self)
        animationStore.append(entry)
        animationStore.everAnimated = true
        animationsDidChange()
    }

    /// Ends removed animations: each committed one that was still running gets
    /// `animationDidStop(_:finished: false)` at the next turn.
    final func removeAnimations(_ removed: [LayerAnimationEntry]) {
        guard !removed.isEmpty else { return }
        for entry in removed {
            AnimationEventHub.removed(entry)
        }
        animationsDidChange()
    }

    /// Removes the animation under `key`.
    final func removeAnimationEntry(forKey key: String) {
        removeAnimations(animationStore.remove(key))
    }

    /// Removes every animation.
    final func removeAllAnimationEntries() {
        let removed = animationStore.entries
        animationStore.entries.removeAll()
        removeAnimations(removed)
    }

    /// Commits the layer's uncommitted animations: those added with beginTime 0 begin now (the
    /// layer's local time, on the clock of the host whose tree the layer is in: another Stage's
    /// turn may be the one committing it).
    final func stampPendingBeginTimes() {
        let now: CFTimeInterval
        if let clock = RenderContext.hostClock(of: self), clock !== MediaClock.current {
            now = MediaClock.withCurrent(clock) { currentLocalTime }
        } else {
            now = currentLocalTime
        }
        var changed = false
        for index in animationStore.entries.indices where !animationStore.entries[index].isCommitted {
            if animationStore.entries[index].beginsAtCommit {
                animationStore.entries[index].snapshot.timing.beginTime = now
                animationStore.entries[index].animation.beginTime = now
                animationStore.entries[index].beginsAtCommit = false
            }
            animationStore.entries[index].isCommitted = true
            changed = true
        }
        if changed { animationsDidChange() }
    }

    /// The snapshots of the committed animations, in order: what the screen shows.
    final var committedSnapshots: [AnimationSnapshot] {
        animationStore.entries.compactMap { $0.isCommitted ? $0.snapshot : nil }
    }

    /// Drops finished animations removed on completion (local time `time`).
    final func dropFinishedAnimations(at time: CFTimeInterval) {
        if animationStore.dropFinished(at: time) { animationsDidChange() }
    }

    /// Whether an animation is stored under `key` (finished ones not yet dropped count), without
    /// the copy `animation(forKey:)` makes.
    package final func hasAnimation(forKey key: String) -> Bool {
        animationStore.contains(key: key)
    }

    /// The first of `base`, `base-2`, `base-3` … under which the layer holds no animation (finished
    /// ones not yet dropped count), found in one pass.
    package final func firstFreeAnimationKey(base: String) -> String {
        animationStore.firstFreeKey(base: base)
    }

    final func animationCopy(forKey key: String) -> CAAnimation? {
        guard let entry = animationStore.entries.first(where: { $0.key == key }) else { return nil }
        return entry.animation.copy() as? CAAnimation
    }

    final func currentAnimationKeys() -> [String]? {
        if !animationStore.entries.isEmpty { dropFinishedAnimations(at: currentLocalTime) }
        let keys = animationStore.entries.map(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// The presentation copy (see `presentation()`): nil for a layer in no tree that never had an
    /// animation; otherwise the first copy of a new snapshot (CALayer+PresentationTree.swift): a
    /// new layer of the same class, made with `init(layer:)`, whose state is the model state with
    /// the animations evaluated at the current local time, and whose superlayer, sublayers and
    /// mask are copies evaluated at the same time.
    ///
    /// Swift cannot call the non-required `init(layer:)` through a metatype, so the copy is made
    /// for Kinema's layer classes by name and for classes adopting `CALayerPresentationCopying`
    /// through that promise; any other subclass declared outside Kinema gets nil. A presentation
    /// copy returns itself.
    final func makePresentation<L: CALayer>() -> L? {
        guard presentedModel == nil else { return self as? L }
        guard isInLayerTree || animationStore.everAnimated, copiesOwnClass else { return nil }
        let snapshot = PresentationSnapshot(time: CACurrentMediaTime())
        return snapshot.copy(of: self) as? L
    }
}

extension AnimationSnapshot {
    /// Gives a basic or spring animation that has no from, to or by value the start `value`: it
    /// then runs from there to the model value. Any other animation is left as it is.
    /// Whether this is a basic or spring animation with no from, to or by value.
    var isValueless: Bool {
        guard case .property(let property) = content else { return false }
        switch property.motion {
        case .basic(let values), .spring(let values, _): return values == BasicValues()
        default: return false
        }
    }

    mutating func startValuelessMotion(at value: AnimatableValue) {
        guard case .property(let property) = content else { return }
        switch property.motion {
        case .basic(let values) where values == BasicValues():
            content = .property(PropertyAnimationSnapshot(header: property.header, motion: .basic(BasicValues(from: value))))
        case .spring(let values, let spring) where values == BasicValues():
            content = .property(PropertyAnimationSnapshot(header: property.header, motion: .spring(BasicValues(from: value), spring)))
        default:
            return
        }
    }
}
