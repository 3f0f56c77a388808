// CALayer+Actions: implicit actions — what a property change runs, and the default animation —
// and the order events of hierarchy changes (onOrderIn, onOrderOut, sublayers).
//
// Audited against: CALayer.action(forKey:) (the search: delegate, actions, style, then
//   defaultAction(forKey:); NSNull ends it with no action), CALayer.defaultAction(forKey:),
//   CAAction.run(forKey:object:arguments:) (CAAnimation's adds the animation to the layer under
//   the event's key), CATransaction (disableActions; animationDuration "Defaults to 1/4s";
//   animationTimingFunction), Core Animation Programming Guide → Changing a Layer's Default
//   Behavior ("Core Animation implements implicit animations for layers using action objects";
//   the triggers: a property change, keyed by the property's name; the layer "became visible or
//   was added to a layer hierarchy", kCAOnOrderIn; it "was removed from a layer hierarchy",
//   kCAOnOrderOut), the Action Identifiers docs (kCAOnOrderIn: a layer "becomes visible, either
//   as a result being inserted into the visible layer hierarchy or the layer is no longer set as
//   hidden"; kCAOnOrderOut: "removed from the layer hierarchy or is hidden"), and CALayer.h's
//   comments (onOrderIn is "invoked when the layer is made visible, i.e. either its superlayer
//   becomes visible, or it's added as a sublayer of a visible layer"; onOrderOut "when the layer
//   becomes non-visible"; +defaultActionForKey: "returns a suitable animation object for events
//   posted by animatable properties, nil otherwise").
// Status: complete for property changes and order events. Kinema's rule for which layers animate
//   implicitly: a layer that is in a tree now (it has a superlayer or sublayers, or is a mask)
//   and was in a tree at an earlier outermost commit — "the first display of a layer and layers
//   not yet in a tree do not animate" (CALayer.presentation(): nil "if the layer has not been
//   committed"). A layer counts as displayed when a transaction in which it (or an ancestor)
//   changed commits with it in a tree. The delegate's, the actions dictionary's and the style's
//   actions run for every layer.
//
// Order events. Default actions: none. `defaultAction(forKey:)` gives nil for "onOrderIn",
//   "onOrderOut" and "sublayers", following CALayer.h (animations only for animatable
//   properties; the order events are not properties). The Programming Guide's Animatable
//   Properties table lists `sublayers` with "the default implied CABasicAnimation"; an array of
//   layers has no interpolation, so that animation could show nothing and Kinema adds none (the
//   fade some developers observe is undocumented). The delegate, `actions` and `style` see every
//   event and their actions run, as for property changes; NSNull and disableActions suppress them.
//   - "sublayers" goes to a layer whose sublayer list changed (add, insert, replace, remove,
//     `sublayers =`), whether or not it is shown.
//   - "onOrderIn" goes to a layer that becomes shown: added (or moved) as a sublayer into a
//     shown tree, or un-hidden in one; and to each layer below it that is not hidden (their
//     superlayer became visible). "onOrderOut" goes the same way to layers that stop being shown
//     (removed, or hidden). A layer moved within shown trees stays shown and gets neither.
//   - Shown: the layer and every superlayer above it are not hidden, and the top superlayer is
//     the root of a hosted tree (a RenderContext's, as a window's layer is on iOS). Masks and
//     their sublayers are not shown as layers and get no order events; a tree that becomes
//     hosted (a new RenderContext) posts none.
//   - kCATransition (the key a transition runs under) is declared; the Leopard-era guide also
//     posted it for replaceSublayer(_:with:) in a visible tree, which the current guide no longer
//     states, so Kinema does not post it.

import Foundation
import KinemaRenderServer

/// The property change whose action is being searched for and run: what `defaultAction(forKey:)`
/// (a class method, so without the layer) needs to build the implicit animation, and what an
/// animation the action adds under the key starts from when it has no from, to or by value.
@MainActor
struct ImplicitActionContext {
    var key: String
    var layerClass: LayerClass
    var isInTree: Bool
    /// The key's model value before the change.
    var oldModelValue: AnimatableValue
    /// The layer whose change this is (alive while its action is searched for and run).
    unowned(unsafe) let layer: CALayer
    /// `previous()` once worked out (an optional of an optional: nil until then).
    private var resolvedPrevious: AnimatableValue??

    init(key: String, layerClass: LayerClass, isInTree: Bool, oldModelValue: AnimatableValue, layer: CALayer) {
        self.key = key
        self.layerClass = layerClass
        self.isInTree = isInTree
        self.oldModelValue = oldModelValue
        self.layer = layer
    }

    static var current: ImplicitActionContext?

    /// The value the current change's key showed before it (the old presentation value; nil when
    /// the key is not animatable). Worked out on first use — it evaluates the layer's animations —
    /// because many actions never need it (a view's additive animations start from the model).
    static func previous() -> AnimatableValue? {
        guard var context = current else { return nil }
        if let resolved = context.resolvedPrevious { return resolved }
        let value = context.layer.oldPresentationValue(context.key, context.oldModelValue)
        context.resolvedPrevious = .some(value)
        current = context
        return value
    }
}

extension CALayer {
    /// While an action is searched for and run for a change of a property: its key and its model
    /// value before the change. UIKit's view animations start from it (their additive animations
    /// run from old − new to zero); nil outside an action.
    package static var changeInProgress: (key: String, oldModelValue: AnimatableValue)? {
        ImplicitActionContext.current.map { ($0.key, $0.oldModelValue) }
    }

    /// The value the changing key showed before the change (its old presentation value, worked
    /// out on this first ask); nil outside an action or for a key that is not animatable.
    package static func changeInProgressPresentationValue() -> AnimatableValue? {
        ImplicitActionContext.previous()
    }
}

extension CAAnimation: @MainActor CAAction {
    /// Adds the animation to `anObject` (a layer) under `event`, as Apple's animations do when
    /// run as an action.
    @MainActor
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        // A property animation without a key path animates the key it is the action for.
        if let property = self as? CAPropertyAnimation, property.keyPath == nil,
           let keyed = property.copy() as? CAPropertyAnimation {
            keyed.keyPath = event
            (anObject as? CALayer)?.add(keyed, forKey: event)
            return
        }
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

/// The identifier of the action run when a layer becomes visible: added to a shown layer tree,
/// its superlayer shown, or un-hidden. Its default action is none.
///
/// ```swift
/// layer.actions = [kCAOnOrderIn: CATransition()]   // fades in when added to a window's tree
/// ```
public let kCAOnOrderIn = "onOrderIn"

/// The identifier of the action run when a layer stops being visible: removed from a shown
/// layer tree, or hidden. Its default action is none.
public let kCAOnOrderOut = "onOrderOut"

/// The identifier of a transition animation: the key `CATransition`s are usually added under.
public let kCATransition = "transition"

extension CALayer {
    /// Whether the layer is shown: neither it nor any superlayer above it is hidden, and the top
    /// superlayer is the root of a hosted tree (a RenderContext's). Masks are not shown as layers.
    ///
    /// **Cost.** The answer is kept on each layer on the way up, valid until the next change
    /// that can alter a kept answer (`visibilityGeneration`): asking again, or asking for a new
    /// sublayer of a layer already asked about, is O(1). Every add and remove asks about the
    /// moved layer, so walking to the root each time made building a 20,000-deep chain
    /// top-down quadratic. A hierarchy change bumps the generation only when the moved layer
    /// holds a kept answer: a layer without one has none below it (answers are kept on whole
    /// paths up to the root), so adding new layers keeps every answer.
    final var isVisibleInTree: Bool {
        let generation = Self.visibilityGeneration
        var node = self
        var shown: Bool
        var keep = true
        while true {
            if node.visibilityStamp == generation {
                shown = node.visibilityKept
                break
            }
            if node.state.isHidden {
                // Kept only on whole paths up to the root: not here.
                shown = false
                keep = false
                break
            }
            guard let parent = node.superlayerStorage else {
                shown = node.isHostRoot
                break
            }
            node = parent
        }
        guard keep else { return shown }
        var marked = self
        while marked.visibilityStamp != generation {
            marked.visibilityStamp = generation
            marked.visibilityKept = shown
            guard marked !== node, let parent = marked.superlayerStorage else { break }
            marked = parent
        }
        return shown
    }

    /// Called before this layer joins or leaves a superlayer: the answers kept on it and below
    /// it may change. A layer without sublayers drops its own; one with sublayers (which may
    /// keep answers too) drops every kept answer.
    final func willMoveInTree() {
        guard visibilityStamp == Self.visibilityGeneration else { return }
        if sublayerStorage.isEmpty {
            visibilityStamp = 0
        } else {
            Self.invalidateVisibility()
        }
    }

    /// Drops every kept `isVisibleInTree` answer: a layer's hidden flag, a host root or a tree
    /// changed.
    nonisolated static func invalidateVisibility() {
        visibilityGeneration &+= 1
    }

    /// Whether each of `layers` is shown now, for `postOrderEvents(after:)`.
    static func visibility(of layers: [CALayer]) -> [(layer: CALayer, wasShown: Bool)] {
        layers.map { ($0, $0.isVisibleInTree) }
    }

    /// Posts "onOrderOut" to the layers of `before` no longer shown, then "onOrderIn" to those
    /// newly shown (each with the layers below it, see `postOrderEvent(_:)`).
    static func postOrderEvents(after before: [(layer: CALayer, wasShown: Bool)]) {
        let now = before.map { $0.layer.isVisibleInTree }
        for (entry, shown) in zip(before, now) where entry.wasShown && !shown {
            entry.layer.postOrderEvent(kCAOnOrderOut)
        }
        for (entry, shown) in zip(before, now) where !entry.wasShown && shown {
            entry.layer.postOrderEvent(kCAOnOrderIn)
        }
    }

    /// Posts the order event `event` to this layer (shown before or after the change, hidden or
    /// not now) and to every layer below it whose way up to this one has no hidden layer (a
    /// hidden layer's sublayers are not shown either), parents before sublayers: each searches
    /// `action(forKey:)` and runs the answer. Nothing is searched while the transaction disables
    /// actions. The layers are listed before any action runs, so an action that changes the tree
    /// does not change who is told.
    final func postOrderEvent(_ event: String) {
        guard presentedModel == nil else { return }
        CATransaction.ensureOpen()
        guard !CATransaction.disableActions() else { return }
        var told: [CALayer] = [self]
        var pending: [CALayer] = sublayerStorage.reversed()
        while let layer = pending.popLast() {
            if layer.state.isHidden { continue }
            told.append(layer)
            pending.append(contentsOf: layer.sublayerStorage.reversed())
        }
        for layer in told {
            layer.runEventAction(event)
        }
    }

    /// Searches `action(forKey: event)` for an event that is not a property change and runs the
    /// answer (none for nil or NSNull).
    private func runEventAction(_ event: String) {
        let saved = ImplicitActionContext.current
        ImplicitActionContext.current = nil
        let found = action(forKey: event)
        ImplicitActionContext.current = saved
        guard let found, !(found is NSNull) else { return }
        found.run(forKey: event, object: self, arguments: nil)
    }

    /// Whether the layer is in a tree: it has a superlayer or sublayers, or is a mask.
    final var isInLayerTree: Bool {
        superlayerStorage != nil || !sublayerStorage.isEmpty || maskOwner != nil || isHostRoot
    }

    /// Whether the layer was committed in a tree and has no sublayers or mask: marking it
    /// committed again changes nothing.
    final var isCommittedLeaf: Bool {
        hasBeenCommitted && sublayerStorage.isEmpty && maskStorage == nil
    }

    /// Marks the layer, its mask and its sublayers as displayed (committed in a tree).
    ///
    /// Iterative, and a layer already marked since `beginCommitMarks()` is not walked again:
    /// a commit whose changed layers form a chain marks each layer once (the recursion marked
    /// each changed layer's whole subtree, O(depth²), and overflowed the stack on a deep chain).
    final func markCommitted() {
        let serial = Self.commitMarkSerial
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            guard layer.commitMarkVisit != serial else { continue }
            layer.commitMarkVisit = serial
            layer.hasBeenCommitted = true
            if let mask = layer.maskStorage { pending.append(mask) }
            pending.append(contentsOf: layer.sublayerStorage)
        }
    }

    /// Starts a commit's marking: layers marked before are walked again by `markCommitted()`.
    static func beginCommitMarks() {
        commitMarkSerial &+= 1
    }

    /// Runs the action for a change of `key` (old value `old`): opens the implicit transaction,
    /// then, unless the transaction disables actions, searches `action(forKey:)` and runs the
    /// answer on the layer. Presentation copies run no actions.
    final func runAction(forChangeOf key: String, from old: AnimatableValue) {
        guard presentedModel == nil else { return }
        CATransaction.ensureOpen()
        CATransaction.registerChange(self)
        guard !CATransaction.disableActions() else { return }
        runPropertyAction(forChangeOf: key, from: old)
        if key == "hidden", case .bool(let wasHidden) = old, wasHidden != state.isHidden,
           superlayerStorage?.isVisibleInTree ?? isHostRoot {
            postOrderEvent(state.isHidden ? kCAOnOrderOut : kCAOnOrderIn)
        }
    }

    /// Searches and runs the action for the change of the property `key`.
    private func runPropertyAction(forChangeOf key: String, from old: AnimatableValue) {
        let animates = hasBeenCommitted && isInLayerTree
        let saved = ImplicitActionContext.current
        defer { ImplicitActionContext.current = saved }
        ImplicitActionContext.current = ImplicitActionContext(
            key: key, layerClass: state.layerClass, isInTree: animates, oldModelValue: old, layer: self)
        guard let found = action(forKey: key), !(found is NSNull) else { return }
        // An action animation with no values (`layer.actions = ["position": anim]`, or
        // `action(forKey:)` returning a CABasicAnimation with only a duration: the usual way to
        // retime one key's implicit animation) "interpolates between the previous value of
        // keyPath in the target layer's presentation layer and the current value"
        // (CABasicAnimation). The add that running the action makes takes the context's
        // `previous()` as its start (worked out when first asked for), leaving the animation
        // object as it was.
        found.run(forKey: key, object: self, arguments: nil)
    }

    /// The value `key` showed before the change: the presentation value when the layer has
    /// animations, else the old model value. Nil for a key that is not animatable.
    func oldPresentationValue(_ key: String, _ old: AnimatableValue) -> AnimatableValue? {
        guard let entry = LayerKeyPath.lookup(key, for: state.layerClass), entry.isAnimatable else { return nil }
        guard !animationStore.entries.isEmpty else { return old }
        var oldState = state
        guard entry.set(&oldState, old) else { return old }
        let shown = evaluateCommitted(oldState, animations: committedSnapshots, at: currentLocalTime)
        return entry.get(shown)
    }

    /// Animatable keys whose change has no implied animation: the Animatable Properties table
    /// gives `doubleSided` "no default implied animation" (it animates only explicitly).
    static let keysWithoutImpliedAnimation: Set<String> = ["doubleSided"]

    /// The implicit animation `defaultAction(forKey:)` gives: during a change of the animatable
    /// property `event` of a layer of this class in a tree, a `CABasicAnimation` from the old
    /// presentation value, with the transaction's duration and timing function (the default
    /// curve when the transaction has none). Nil otherwise.
    static func implicitAnimation(forKey event: String) -> (any CAAction)? {
        guard let context = ImplicitActionContext.current, context.key == event,
              context.layerClass == stateClass, context.isInTree,
              let entry = LayerKeyPath.lookup(event, for: stateClass), entry.isAnimatable,
              !keysWithoutImpliedAnimation.contains(event),
              let from = ImplicitActionContext.previous()?.boxed(as: entry.kind)
        else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = from
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }
}
