// CALayer+Actions: implicit actions — what a property change runs, and the default animation.
//
// Audited against: CALayer.action(forKey:) (the search: delegate, actions, style, then
//   defaultAction(forKey:); NSNull ends it with no action), CALayer.defaultAction(forKey:),
//   CAAction.run(forKey:object:arguments:) (CAAnimation's adds the animation to the layer under
//   the event's key), CATransaction (disableActions; animationDuration "Defaults to 1/4s";
//   animationTimingFunction), Core Animation Programming Guide → Changing a Layer's Default
//   Behavior ("Core Animation implements implicit animations for layers using action objects").
// Status: complete for property changes. Kinema's rule for which layers animate implicitly: a
//   layer that is in a tree now (it has a superlayer or sublayers, or is a mask) and was in a
//   tree at an earlier outermost commit — "the first display of a layer and layers not yet in a
//   tree do not animate" (CALayer.presentation(): nil "if the layer has not been committed").
//   A layer counts as displayed when a transaction in which it (or an ancestor) changed commits
//   with it in a tree. The delegate's, the actions dictionary's and the style's actions run for
//   every layer. Left out:
//   the onOrderIn / onOrderOut / sublayers events of hierarchy changes.

import Foundation

/// The change whose action is being searched for: what `defaultAction(forKey:)` (a class
/// method, so without the layer) needs to build the implicit animation.
@MainActor
struct ImplicitActionContext {
    var key: String
    var layerClass: LayerClass
    var isInTree: Bool
    /// The old presentation value, boxed as key-value coding returns it.
    var fromValue: Any?

    static var current: ImplicitActionContext?
}

extension CAAnimation: @MainActor CAAction {
    /// Adds the animation to `anObject` (a layer) under `event`, as Apple's animations do when
    /// run as an action.
    @MainActor
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

extension CALayer {
    /// Whether the layer is in a tree: it has a superlayer or sublayers, or is a mask.
    final var isInLayerTree: Bool {
        superlayerStorage != nil || !sublayerStorage.isEmpty || maskOwner != nil || isHostRoot
    }

    /// Marks the layer, its mask and its sublayers as displayed (committed in a tree).
    final func markCommitted() {
        hasBeenCommitted = true
        maskStorage?.markCommitted()
        for sublayer in sublayerStorage {
            sublayer.markCommitted()
        }
    }

    /// Runs the action for a change of `key` (old value `old`): opens the implicit transaction,
    /// then, unless the transaction disables actions, searches `action(forKey:)` and runs the
    /// answer on the layer. Presentation copies run no actions.
    final func runAction(forChangeOf key: String, from old: AnimatableValue) {
        guard presentedModel == nil else { return }
        CATransaction.ensureOpen()
        CATransaction.registerChange(self)
        guard !CATransaction.disableActions() else { return }
        let animates = hasBeenCommitted && isInLayerTree
        let saved = ImplicitActionContext.current
        ImplicitActionContext.current = ImplicitActionContext(
            key: key, layerClass: state.layerClass, isInTree: animates,
            fromValue: animates ? oldPresentationValue(key, old) : nil)
        let found = action(forKey: key)
        ImplicitActionContext.current = saved
        guard let found, !(found is NSNull) else { return }
        found.run(forKey: key, object: self, arguments: nil)
    }

    /// The value `key` showed before the change: the presentation value when the layer has
    /// animations, else the old model value; boxed. Nil for a key that is not animatable.
    private func oldPresentationValue(_ key: String, _ old: AnimatableValue) -> Any? {
        guard let entry = LayerKeyPath.lookup(key, for: state.layerClass), entry.isAnimatable else { return nil }
        guard !animationStore.entries.isEmpty else { return old.boxed(as: entry.kind) }
        var oldState = state
        guard entry.set(&oldState, old) else { return old.boxed(as: entry.kind) }
        let shown = evaluate(oldState, animations: committedSnapshots, at: currentLocalTime)
        return entry.get(shown).boxed(as: entry.kind)
    }

    /// The implicit animation `defaultAction(forKey:)` gives: during a change of the animatable
    /// property `event` of a layer of this class in a tree, a `CABasicAnimation` from the old
    /// presentation value, with the transaction's duration and timing function (the default
    /// curve when the transaction has none). Nil otherwise.
    static func implicitAnimation(forKey event: String) -> (any CAAction)? {
        guard let context = ImplicitActionContext.current, context.key == event,
              context.layerClass == stateClass, context.isInTree,
              let entry = LayerKeyPath.lookup(event, for: stateClass), entry.isAnimatable,
              let from = context.fromValue
        else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = from
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }
}
