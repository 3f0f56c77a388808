// CALayer+PresentationTree: the presentation copies of a layer's superlayer, sublayers and mask —
// one snapshot of the whole tree, made lazily.
//
// Audited against: CALayer.presentation() ("a copy of the presentation layer object that
//   represents the state of the layer as it currently appears onscreen"; "you can use the layer
//   returned by this method to … perform hit-testing"), CALayer.model(), Core Animation
//   Programming Guide → "Layer Trees Reflect Different Aspects of the Animation State" (the
//   presentation tree mirrors the layer tree: "the objects in the presentation tree contain the
//   in-flight values for any running animations"), CALayer.hitTest(_:), convert(_:from:/to:).
// Status: complete. Kinema's choices where Apple is silent:
//   - Copies are made when first asked for (`superlayer`, `sublayers`, `mask`, or a walk of
//     `hitTest` / `convert`), each with its model's animations evaluated at the absolute media
//     time of the `presentation()` call that began the snapshot. The hierarchy followed is the
//     model's at the moment of the question (a model change after the snapshot shows in the
//     copies asked for later; their values stay those of the snapshot time).
//   - Within one snapshot a model layer has at most one live copy: `p.superlayer?.sublayers`
//     contains `p`. A copy keeps its ancestors' copies alive (strong links upward); copies of
//     sublayers nobody holds are made again when next asked for (links downward are weak), so a
//     snapshot never forms a reference cycle.
//   - A layer of a class declared outside Kinema that adopts `CALayerPresentationCopying` is
//     copied with its own `init(layer:)`, as Core Animation does. One that does not gets a copy
//     of the nearest Kinema class it inherits from (plain `CALayer` at worst) with its evaluated
//     state: Swift cannot call a class's non-required `init(layer:)` through its type. Its own
//     `presentation()` stays nil; inside a Kinema presentation tree its copy's `model()` is still
//     the custom model layer.
//   - Hierarchy changes on a copy (addSublayer, sublayers =, mask =, removeFromSuperlayer …) and
//     putting a copy into a tree are refused with one diagnostic each (CALayer+Hierarchy.swift):
//     a copy mirrors the model tree and never changes it.

import Foundation
import KinemaRenderServer
import KinemaSupport

/// One `presentation()` call's view of the tree: the absolute media time every copy is evaluated
/// at, and the copies made so far (weakly, by model layer).
///
/// **Cost.** A copy is made the first time a question reaches its model layer: one `init(layer:)`
/// and one evaluation of the layer's committed animations; looking one up again is one dictionary
/// read.
@MainActor
final class PresentationSnapshot {
    /// The absolute media time (`CACurrentMediaTime()`) the snapshot shows.
    let time: CFTimeInterval

    private struct WeakCopy {
        weak var layer: CALayer?
    }

    private var copies: [ObjectIdentifier: WeakCopy] = [:]
    /// The table size past which freed copies are swept out.
    private var sweepThreshold = 64

    init(time: CFTimeInterval) {
        self.time = time
    }

    /// The live copy of `model` in this snapshot, or a new one. With `parent`, the copy is linked
    /// under it (a copy asked for through its superlayer's or masked layer's copy).
    func copy(of model: CALayer, under parent: CALayer? = nil) -> CALayer {
        let id = ObjectIdentifier(model)
        let copy: CALayer
        if let existing = copies[id]?.layer, existing.presentedModel === model {
            copy = existing
        } else {
            copy = model.makePresentationCopy(in: self)
            // Forget freed copies when the table has doubled since the last sweep: amortized
            // O(1) a copy (sweeping at every copy past 64 was quadratic when thousands of
            // copies are alive, as the ancestors of a deep layer's copy are).
            if copies.count > sweepThreshold {
                copies = copies.filter { $0.value.layer != nil }
                sweepThreshold = max(64, copies.count * 2)
            }
            copies[id] = WeakCopy(layer: copy)
        }
        if let parent {
            copy.presentationLinks?.parent = parent
        }
        return copy
    }
}

/// What a presentation copy knows of its tree: its snapshot and, once asked for, the copy of its
/// model's superlayer (or of the layer its model masks), held strongly.
struct PresentationLinks {
    let snapshot: PresentationSnapshot
    var parent: CALayer?
}

extension CALayer {
    /// The Kinema layer classes `presentation()` can copy exactly.
    private static let copyableClasses: Set<ObjectIdentifier> = [
        ObjectIdentifier(CALayer.self), ObjectIdentifier(CAGradientLayer.self),
        ObjectIdentifier(CAReplicatorLayer.self), ObjectIdentifier(CAShapeLayer.self),
        ObjectIdentifier(CATextLayer.self), ObjectIdentifier(CATransformLayer.self),
    ]

    /// Whether Kinema can call the layer's own class's `init(layer:)`: one of Kinema's classes,
    /// or a class that adopts `CALayerPresentationCopying`.
    final var copiesOwnClass: Bool {
        Self.copyableClasses.contains(ObjectIdentifier(type(of: self))) || type(of: self) is any CALayerPresentationCopying.Type
    }

    /// A new presentation copy of this model layer in `snapshot`: a layer of this class (or of the
    /// nearest Kinema class above it) made with `init(layer:)`, its state the model state with the
    /// committed animations evaluated at the snapshot's time in this layer's time space.
    final func makePresentationCopy(in snapshot: PresentationSnapshot) -> CALayer {
        // The local time walks up to the root: asked only of a layer with animations, so that
        // the copies of a deep layer's ancestors cost O(depth), not O(depth²).
        let hasAnimations = !animationStore.entries.isEmpty
        let time = hasAnimations ? localTime(fromAbsolute: snapshot.time) : 0
        if hasAnimations { dropFinishedAnimations(at: time) }
        let copy: CALayer
        if let copyable = type(of: self) as? any CALayerPresentationCopying.Type {
            copy = copyable.init(layer: self)
        } else {
            copy = kinemaClassCopy()
        }
        let snapshots = hasAnimations ? committedSnapshots : []
        if !snapshots.isEmpty {
            copy.state = evaluateCommitted(state, animations: snapshots, at: time)
        }
        copy.presentedModel = self
        copy.presentationLinks = PresentationLinks(snapshot: snapshot)
        return copy
    }

    /// A copy made with `init(layer:)` of this layer's class when it is one of Kinema's, else of
    /// the nearest Kinema class it inherits from.
    private func kinemaClassCopy() -> CALayer {
        switch self {
        case is CAGradientLayer: CAGradientLayer(layer: self)
        case is CAReplicatorLayer: CAReplicatorLayer(layer: self)
        case is CAShapeLayer: CAShapeLayer(layer: self)
        case is CATextLayer: CATextLayer(layer: self)
        case is CATransformLayer: CATransformLayer(layer: self)
        default: CALayer(layer: self)
        }
    }

    // MARK: The tree, for model layers and presentation copies alike

    /// The superlayer: on a model layer the stored one; on a presentation copy the copy of the
    /// model's superlayer in the same snapshot (made when first asked for).
    final var treeSuperlayer: CALayer? {
        guard let links = presentationLinks, let model = presentedModel else { return superlayerStorage }
        guard let modelParent = model.superlayerStorage else { return nil }
        return linkedParent(for: modelParent, links)
    }

    /// The layer this one masks: on a presentation copy, the copy of the layer its model masks.
    final var treeMaskOwner: CALayer? {
        guard let links = presentationLinks, let model = presentedModel else { return maskOwner }
        guard let modelOwner = model.maskOwner else { return nil }
        return linkedParent(for: modelOwner, links)
    }

    /// The sublayers, back to front: on a presentation copy the copies of the model's sublayers.
    final var treeSublayers: [CALayer] {
        guard let links = presentationLinks, let model = presentedModel else { return sublayerStorage }
        return model.sublayerStorage.map { links.snapshot.copy(of: $0, under: self) }
    }

    /// The mask: on a presentation copy the copy of the model's mask.
    final var treeMask: CALayer? {
        guard let links = presentationLinks, let model = presentedModel else { return maskStorage }
        return model.maskStorage.map { links.snapshot.copy(of: $0, under: self) }
    }

    /// The copy of `modelParent` this copy hangs under: the linked one while it still shows that
    /// layer, else the snapshot's (linked from now on).
    private func linkedParent(for modelParent: CALayer, _ links: PresentationLinks) -> CALayer {
        if let parent = links.parent, parent.presentedModel === modelParent {
            return parent
        }
        let parent = links.snapshot.copy(of: modelParent)
        presentationLinks?.parent = parent
        return parent
    }

    /// Refuses a hierarchy change that involves a presentation copy: this layer being one (its
    /// tree mirrors the model's) or `layer` being one (a copy cannot join a tree). Reports it and
    /// returns true when refused.
    final func refusesPresentationChange(_ operation: String, involving layer: CALayer? = nil) -> Bool {
        if presentedModel != nil {
            KinemaDiagnostics.emit(
                domain,
                "\(operation): this is a presentation layer, whose tree mirrors its model's and cannot be changed (change the model layer); nothing changed")
            return true
        }
        if let layer, layer.presentedModel != nil {
            KinemaDiagnostics.emit(domain, "\(operation): the layer is a presentation layer, which cannot join a layer tree; nothing changed")
            return true
        }
        return false
    }
}

/// A layer class whose presentation copies Kinema makes with the class's own `init(layer:)`, as
/// Core Animation does for every class.
///
/// Swift can call an initializer through a class's type only when the type promises it; Core
/// Animation's `init(layer:)` is not `required` (declaring it so would break subclasses written
/// for Apple's SDK, which override it without the keyword). A subclass declared outside Kinema
/// adopts this protocol to make that promise; without it, its `presentation()` is nil.
///
/// ```swift
/// final class BadgeLayer: CALayer, CALayerPresentationCopying {
///     var label = ""
///     override init() { super.init() }
///     override init(layer: Any) {              // a final class: `override` is enough
///         label = (layer as? BadgeLayer)?.label ?? ""
///         super.init(layer: layer)
///     }
///     required init?(coder: NSCoder) { super.init(coder: coder) }
/// }
/// ```
///
/// A class that is not `final` writes `required override init(layer: Any)`, and its subclasses
/// inherit the promise. A class that declares no initializer of its own inherits CALayer's
/// `init(layer:)`, which copies every property and custom key value.
@MainActor
public protocol CALayerPresentationCopying: CALayer {
    /// Makes a copy of `layer` (a layer of this class) for the presentation tree; the
    /// subclass copies its own stored properties, then calls `super.init(layer:)`.
    init(layer: Any)
}
