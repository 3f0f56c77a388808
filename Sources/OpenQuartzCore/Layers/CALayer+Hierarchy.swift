// CALayer+Hierarchy: sublayers, superlayer and mask, kept a tree.
//
// Audited against: CALayer docs — sublayers ("Setting the sublayers property to an array
//   populated with layer objects causes each layer in that array to be removed from its current
//   superlayer"), addSublayer(_:) ("If the array in the sublayers property is nil, calling this
//   method creates an array for that property and adds the specified layer to it"),
//   insertSublayer(_:at:/above:/below:), replaceSublayer(_:with:), removeFromSuperlayer() ("You
//   can also use this method to remove a layer’s mask layer"), mask ("The layer you assign to
//   this property must not have a superlayer. If it does, the behavior is undefined").
// Status: complete. Where Apple is undefined or raises (a cycle, an index past the end, a
//   sibling that is not a sublayer, a mask with a superlayer), Kinema refuses or takes the
//   nearest valid choice, with one diagnostic each, as documented on each method in CALayer.swift.
//   Adding a layer (or removing one) marks the superlayer as needing layout, as UIKit's
//   layoutSubviews relies on. Every change posts the superlayer's "sublayers" event; a layer that
//   appears in or leaves a shown tree gets "onOrderIn" / "onOrderOut" (CALayer+Actions.swift).
//   A presentation copy's tree cannot be changed, nor can a copy join a tree (one diagnostic).

// The order of one change: the layer leaves its old superlayer (that one's "sublayers" event),
// joins the new one ("sublayers" there), then the order events: onOrderOut for the layers no
// longer shown, then onOrderIn for those newly shown.

import Foundation
import KinemaRenderServer
import KinemaSupport

extension CALayer {
    /// Inserts `layer` at `index` (clamped to the end, with a diagnostic), first removing it from
    /// its current superlayer (or from this one, when it moves within it).
    /// `index` nil appends: the end is taken after `layer` has left its old place, so re-adding
    /// a sublayer moves it to the front without a past-the-end report.
    final func insert(_ layer: CALayer, at index: Int?, operation: String) {
        guard !refusesPresentationChange(operation, involving: layer), canAdopt(layer, operation: operation) else { return }
        let before = Self.visibility(of: [layer])
        layer.detach(notifying: layer.superlayerStorage !== self)
        var index = index ?? sublayerStorage.count
        if index > sublayerStorage.count {
            KinemaDiagnostics.emit(domain, "\(operation): index \(index) is past the end (\(sublayerStorage.count) sublayers); appended instead")
            index = sublayerStorage.count
        }
        layer.willMoveInTree()
        sublayerStorage.insert(layer, at: index)
        layer.superlayerStorage = self
        sublayersDidChange()
        Self.postOrderEvents(after: before)
    }

    /// Inserts `layer` in front of or behind `sibling` (at the front or back when there is none).
    final func insert(_ layer: CALayer, relativeTo sibling: CALayer?, above: Bool) {
        let operation = above ? "insertSublayer(_:above:)" : "insertSublayer(_:below:)"
        guard !refusesPresentationChange(operation, involving: layer), canAdopt(layer, operation: operation) else { return }
        if let sibling, sibling === layer, layer.superlayerStorage === self {
            return   // in front of or behind itself: where it already is
        }
        if let sibling, sibling.superlayerStorage !== self {
            KinemaDiagnostics.emit(domain, "\(operation): the sibling is not a sublayer of this layer; inserted at the \(above ? "front" : "back")")
        }
        let before = Self.visibility(of: [layer])
        layer.detach(notifying: layer.superlayerStorage !== self)
        var index = above ? sublayerStorage.count : 0
        if let sibling, let siblingIndex = sublayerStorage.firstIndex(where: { $0 === sibling }) {
            index = above ? siblingIndex + 1 : siblingIndex
        }
        layer.willMoveInTree()
        sublayerStorage.insert(layer, at: index)
        layer.superlayerStorage = self
        sublayersDidChange()
        Self.postOrderEvents(after: before)
    }

    /// Puts `newLayer` where `oldLayer` is and removes `oldLayer`.
    final func replace(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard !refusesPresentationChange("replaceSublayer(_:with:)", involving: newLayer) else { return }
        guard oldLayer !== newLayer else { return }
        guard oldLayer.superlayerStorage === self else {
            KinemaDiagnostics.emit(domain, "replaceSublayer(_:with:): the layer to replace is not a sublayer of this layer; nothing changed")
            return
        }
        guard canAdopt(newLayer, operation: "replaceSublayer(_:with:)") else { return }
        let before = Self.visibility(of: [oldLayer, newLayer])
        newLayer.detach(notifying: newLayer.superlayerStorage !== self)
        guard let index = sublayerStorage.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.willMoveInTree()
        newLayer.willMoveInTree()
        sublayerStorage[index] = newLayer
        newLayer.superlayerStorage = self
        oldLayer.superlayerStorage = nil
        sublayersDidChange()
        Self.postOrderEvents(after: before)
    }

    /// Replaces every sublayer with `layers`, in order; duplicates and layers that would make a
    /// cycle are skipped with a diagnostic.
    final func replaceAllSublayers(with layers: [CALayer]) {
        guard !refusesPresentationChange("sublayers", involving: layers.first { $0.presentedModel != nil }) else { return }
        let before = Self.visibility(of: sublayerStorage + layers)
        for old in sublayerStorage {
            old.willMoveInTree()
            old.superlayerStorage = nil
        }
        sublayerStorage.removeAll()
        for layer in layers {
            if layer.superlayerStorage === self {
                KinemaDiagnostics.emit(domain, "sublayers: the array holds the same layer twice; kept the first")
                continue
            }
            guard canAdopt(layer, operation: "sublayers") else { continue }
            layer.detach(notifying: true)
            layer.willMoveInTree()
            sublayerStorage.append(layer)
            layer.superlayerStorage = self
        }
        sublayersDidChange()
        Self.postOrderEvents(after: before)
    }

    /// `removeFromSuperlayer()`: detaches the layer (refused on a presentation copy); a layer
    /// that was shown gets `onOrderOut`.
    final func removeFromTree() {
        guard !refusesPresentationChange("removeFromSuperlayer()") else { return }
        let before = Self.visibility(of: [self])
        detach()
        Self.postOrderEvents(after: before)
    }

    /// Removes the layer from its superlayer, or from the layer it masks.
    /// - Parameter notifying: whether the former superlayer's change handling runs (false when
    ///   the layer is about to be re-inserted into the same superlayer, which then runs it once).
    final func detach(notifying: Bool = true) {
        if let parent = superlayerStorage {
            willMoveInTree()
            if let index = parent.indexOfSublayer(self) {
                parent.sublayerStorage.remove(at: index)
            }
            superlayerStorage = nil
            if notifying {
                parent.sublayersDidChange()
            }
        } else if let owner = maskOwner {
            owner.setMask(nil)
        }
    }

    /// The index of `layer` among the sublayers, searched from both ends at once by identity: a
    /// layer at either end — removing siblings first to last or last to first — is found at
    /// once. (`removeAll { $0 === self }` visited every sibling and rebuilt the array: removing
    /// 20,000 siblings one by one took 10.6 s in a debug build. What remains is the array's
    /// shift of the siblings after the index, a memory move.)
    final func indexOfSublayer(_ layer: CALayer) -> Int? {
        let target = Unmanaged.passUnretained(layer).toOpaque()
        return sublayerStorage.withUnsafeBufferPointer { layers -> Int? in
            var low = 0, high = layers.count - 1
            while low <= high {
                if layers.unretained(at: low).toOpaque() == target { return low }
                if layers.unretained(at: high).toOpaque() == target { return high }
                low += 1
                high -= 1
            }
            return nil
        }
    }

    /// Sets the mask, refusing a layer with a superlayer and one that would make a cycle.
    final func setMask(_ newMask: CALayer?) {
        guard !refusesPresentationChange("mask", involving: newMask) else { return }
        guard newMask !== maskStorage else { return }
        if let newMask {
            guard !newMask.isSelfOrAncestor(of: self) else {
                KinemaDiagnostics.emit(domain, "mask: the layer is this layer or one of its ancestors, which would make a cycle; mask unchanged")
                return
            }
            guard newMask.superlayerStorage == nil else {
                KinemaDiagnostics.emit(domain, "mask: the mask layer must not have a superlayer (Apple: undefined); mask unchanged")
                return
            }
            if let previousOwner = newMask.maskOwner {
                KinemaDiagnostics.emit(domain, "mask: the layer was the mask of another layer; moved it here")
                previousOwner.setMask(nil)
            }
        }
        maskStorage?.maskOwner = nil
        maskStorage = newMask
        newMask?.maskOwner = self
        // The new mask may be waiting for display: the pre-commit pass must reach it.
        markLayoutDisplayPending()
        didChange("mask", from: .none)
    }

    /// Whether `layer` may become a sublayer: not this layer, not an ancestor (through
    /// superlayers and masked layers), not a mask of another layer. Reports refusals.
    private func canAdopt(_ layer: CALayer, operation: String) -> Bool {
        if layer.wouldMakeCycle(under: self) {
            KinemaDiagnostics.emit(
                domain,
                "\(operation): the layer is \(layer === self ? "this layer itself" : "an ancestor of this layer"), which would make a cycle; nothing changed")
            return false
        }
        if let owner = layer.maskOwner {
            KinemaDiagnostics.emit(domain, "\(operation): the layer is another layer's mask; removed it as the mask first")
            owner.setMask(nil)
        }
        return true
    }

    /// Whether making this layer a sublayer of `parent` would make a cycle: whether this layer is
    /// `parent` or above it (`isSelfOrAncestor(of:)`). Answered by two searches taken a step at
    /// a time in turn — up from `parent`, and down through this layer's subtree — stopping when
    /// either ends, so the cost is the smaller of `parent`'s depth and this layer's subtree: a
    /// chain built top-down (a new leaf each time) or bottom-up costs O(1) a step. (Walking up
    /// alone made building a 20,000-deep chain top-down quadratic.)
    final func wouldMakeCycle(under parent: CALayer) -> Bool {
        var up: CALayer? = parent
        var down: [CALayer] = []
        var downStarted = false
        while true {
            // One step up.
            guard let node = up else { return false }
            if node === self { return true }
            up = node.superlayerStorage ?? node.maskOwner
            // One step down.
            if !downStarted {
                downStarted = true
                down.append(contentsOf: sublayerStorage)
                if let mask = maskStorage { down.append(mask) }
            } else {
                guard let below = down.popLast() else { return false }
                if below === parent { return true }
                down.append(contentsOf: below.sublayerStorage)
                if let mask = below.maskStorage { down.append(mask) }
            }
        }
    }

    /// Whether this layer is `layer` or above it: reached from `layer` through superlayers, or
    /// through the layers that use a layer on the way as their mask.
    final func isSelfOrAncestor(of layer: CALayer) -> Bool {
        var current: CALayer? = layer
        while let node = current {
            if node === self { return true }
            current = node.superlayerStorage ?? node.maskOwner
        }
        return false
    }

    /// The sublayers changed: the layer needs layout, the pre-commit pass must reach the new
    /// sublayers (which may be waiting for display), and the change hook hears of it.
    private func sublayersDidChange() {
        setNeedsLayout()
        markLayoutDisplayPending()
        didChange("sublayers", from: .none)
    }

    /// The root of the layer's tree: the highest superlayer (or masked layer) above it.
    final var rootLayer: CALayer {
        var node = self
        while let parent = node.treeSuperlayer ?? node.treeMaskOwner {
            node = parent
        }
        return node
    }

    /// The sublayers from front to back: highest zPosition first, later siblings before earlier
    /// ones at equal zPosition.
    final var sublayersFrontToBack: [CALayer] {
        treeSublayers.enumerated()
            .sorted { a, b in
                a.element.state.zPosition != b.element.state.zPosition
                    ? a.element.state.zPosition > b.element.state.zPosition
                    : a.offset > b.offset
            }
            .map(\.element)
    }

    // MARK: Release

    /// The layers this one holds (sublayers, mask, a presentation copy's parent copy), taken
    /// out of it. Called only from `deinit` and on layers nothing else holds.
    nonisolated final func takeLinks() -> [CALayer] {
        var links = sublayerStorage
        sublayerStorage = []
        if let mask = maskStorage {
            maskStorage = nil
            links.append(mask)
        }
        if let parent = presentationLinks?.parent {
            presentationLinks?.parent = nil
            links.append(parent)
        }
        return links
    }

    /// Lets go of the links of `dying` (a layer being freed), first taking the links out of each
    /// linked layer that nothing else holds, so that freeing it frees nothing in turn: a tree
    /// of any depth is freed from this one loop. The list is made here, not passed in: a
    /// caller's copy of it would keep every layer referenced twice, none ever unique.
    nonisolated static func releaseWithoutRecursion(linksOf dying: CALayer) {
        var pending = dying.takeLinks()
        while var layer = pending.popLast() {
            if isKnownUniquelyReferenced(&layer) {
                pending.append(contentsOf: layer.takeLinks())
            }
        }
    }
}
