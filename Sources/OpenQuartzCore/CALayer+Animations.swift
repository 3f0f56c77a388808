// CALayer+Animations: the layer's explicit animations — add, look up, remove — and the
// presentation copy that evaluates them.
//
// Audited against: the CALayer class reference (add(_:forKey:): "the animation object is copied
//   by the render tree, not referenced"; "if the key already exists … the existing animation is
//   removed"; animation(forKey:): "you must not modify the returned object"; animationKeys();
//   removeAnimation(forKey:); removeAllAnimations(); presentation(): "returns nil if the layer
//   has not been committed"; model()), CAAnimation (isRemovedOnCompletion), CAMediaTiming
//   (layers are the timing parents of their animations), Technical Q&A QA1673 (pausing).
// Status: explicit animations and presentation() are complete for a layer on its own. beginTime 0
//   resolves to the layer's local time at the commit of the transaction open at the add (until
//   that commit, and with no transaction open, to the time of the add). Provisional or left to
//   the render-server work: uncommitted animations already show in presentation(); finished
//   animations are dropped lazily, when `presentation()` or `animationKeys()` is read; no delegate calls (animationDidStart /
//   animationDidStop); presentation copies of layer classes declared outside Kinema (see
//   `makePresentation()`).

import Foundation
import KinemaGeometry

/// One added animation: the caller-visible copy and the snapshot the evaluation uses.
struct LayerAnimationEntry {
    var key: String
    /// A private copy of the added animation (its beginTime resolved), handed out as copies.
    var animation: CAAnimation
    var snapshot: AnimationSnapshot
    /// Whether the beginTime was 0 and is resolved again when the transaction commits.
    var beginsAtCommit = false
}

/// A layer's animations, in order of addition.
struct LayerAnimationStore {
    var entries: [LayerAnimationEntry] = []
    /// Whether an animation was ever added: such a layer keeps a presentation copy.
    var everAnimated = false

    mutating func remove(_ key: String) {
        entries.removeAll { $0.key == key }
    }

    /// Drops the finished animations that are removed on completion at local time `time`.
    mutating func dropFinished(at time: Double) {
        entries.removeAll { $0.snapshot.isRemovedOnCompletion && time >= $0.snapshot.endTime }
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
        if let path = snapshot.keyPath, LayerKeyPath.lookup(path, for: state.layerClass) == nil {
            KinemaDiagnostics.emit(domain, "add(_:forKey:): the layer has no animatable key path \"\(path)\"; the animation was not added")
            return
        }
        // beginTime 0 resolves to the local time of the transaction's commit (CATransaction.swift);
        // until then, and when no transaction is open, to the time of the add.
        guard let copy = anim.copy() as? CAAnimation else { return }
        var beginsAtCommit = false
        if snapshot.timing.beginTime == 0 {
            let now = currentLocalTime
            snapshot.timing.beginTime = now
            copy.beginTime = now
            if CATransaction.isOpen {
                beginsAtCommit = true
                CATransaction.registerPending(self)
            }
        }
        let key = key ?? "kinema.anonymous.\(UUID().uuidString)"
        animationStore.remove(key)
        animationStore.entries.append(
            LayerAnimationEntry(key: key, animation: copy, snapshot: snapshot, beginsAtCommit: beginsAtCommit))
        animationStore.everAnimated = true
    }

    /// Gives every animation awaiting the commit its begin time: the layer's local time now.
    final func stampPendingBeginTimes() {
        let now = currentLocalTime
        for index in animationStore.entries.indices where animationStore.entries[index].beginsAtCommit {
            animationStore.entries[index].snapshot.timing.beginTime = now
            animationStore.entries[index].animation.beginTime = now
            animationStore.entries[index].beginsAtCommit = false
        }
    }

    final func animationCopy(forKey key: String) -> CAAnimation? {
        guard let entry = animationStore.entries.first(where: { $0.key == key }) else { return nil }
        return entry.animation.copy() as? CAAnimation
    }

    final func currentAnimationKeys() -> [String]? {
        if !animationStore.entries.isEmpty { animationStore.dropFinished(at: currentLocalTime) }
        let keys = animationStore.entries.map(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// The presentation copy (see `presentation()`): nil for a layer in no tree that never had an
    /// animation; otherwise a new layer of the same class, made with `init(layer:)`, whose state
    /// is the model state with the animations evaluated at the current local time.
    ///
    /// Swift cannot call the non-required `init(layer:)` through a metatype, so the copy is made
    /// for Kinema's layer classes by name; a subclass declared outside Kinema gets nil (its own
    /// `presentation()` override can build one). A presentation copy returns itself.
    final func makePresentation<L: CALayer>() -> L? {
        guard presentedModel == nil else { return self as? L }
        let inTree = superlayerStorage != nil || !sublayerStorage.isEmpty || maskOwner != nil
        guard inTree || animationStore.everAnimated else { return nil }
        let time = currentLocalTime
        animationStore.dropFinished(at: time)
        let copy: CALayer
        switch self {
        case is CAGradientLayer: copy = CAGradientLayer(layer: self)
        case is CAReplicatorLayer: copy = CAReplicatorLayer(layer: self)
        case is CAShapeLayer: copy = CAShapeLayer(layer: self)
        case is CATextLayer: copy = CATextLayer(layer: self)
        case is CATransformLayer: copy = CATransformLayer(layer: self)
        default: copy = CALayer(layer: self)
        }
        guard let presentation = copy as? L, type(of: copy) == type(of: self) else { return nil }
        if !animationStore.entries.isEmpty {
            presentation.state = evaluate(state, animations: animationStore.entries.map(\.snapshot), at: time)
        }
        presentation.presentedModel = self
        return presentation
    }
}
