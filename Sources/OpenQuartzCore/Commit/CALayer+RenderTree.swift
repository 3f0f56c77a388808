// CALayer+RenderTree: what a commit copies into the render tree, and how it knows what changed.
//
// Audited against: CATransaction docs ("Every modification to a layer tree must be part of a
//   transaction"; changes reach the render tree at commit), CALayer.add(_:forKey:) (animations
//   are copied by the render tree), Core Animation Programming Guide → "Layer Trees Reflect
//   Different Aspects of the Animation State". Status: complete. Only layers that changed since
//   the last commit (and their ancestors, whose sublayer lists point at the new nodes) are
//   copied; every other subtree's node is reused as is.

import CKinemaRasterSupport
import Foundation
import KinemaRenderServer

extension CALayer {
    /// Forgets the cached render animations: the layer's animations changed.
    final func animationsDidChange() {
        renderAnimationCache = nil
        markRenderDirty()
    }

    /// Records that this layer's state, animations, sublayers or mask changed: the next commit
    /// makes a new node for it and for each ancestor (up through masks' owners too).
    final func markRenderDirty() {
        guard presentedModel == nil else { return }
        renderDirty = true
        var node = superlayerStorage ?? maskOwner
        while let layer = node, !layer.renderSubtreeDirty {
            layer.renderSubtreeDirty = true
            node = layer.superlayerStorage ?? layer.maskOwner
        }
    }

    /// The render-tree node for this layer as it is now: the cached one when nothing in the
    /// subtree changed, else a new node (new nodes for changed descendants, reused ones for the
    /// rest). Only committed animations go in.
    ///
    /// `level` is the layer's level in the committed tree (the root's is 1). A layer at
    /// `LayerTreeDepth.maximumLevels` gets a node without its sublayers and mask (they are not
    /// drawn; `renderCuts` counts each such cut, for the commit's diagnostic); such a node and
    /// its ancestors' are made anew at every commit (`renderTruncated`), so that the layers left
    /// out appear as soon as the tree is shallow enough.
    ///
    /// Cost: O(changed layers + their ancestors); an unchanged tree is one check.
    final func makeRenderNode(level: Int = 1) -> RenderNode {
        if !renderDirty, !renderSubtreeDirty, !renderTruncated, let node = committedNode {
            return node
        }
        let cutsBefore = Self.renderCuts
        if renderAnimationCache == nil || renderAnimationCache?.dependsOnModel == true {
            makeRenderAnimations()
        }
        // The timing lives in the cold part of the state: while that is the one it was worked out
        // from, so is it. (Asking the last node instead read memory a commit does not otherwise
        // touch until it frees that node.) Compared by address: the token held keeps that box
        // alive, so no other box can have the address meanwhile.
        let cold = state.coldAddress
        if cold != renderTimingAddress {
            renderTimingToken = state.coldToken
            renderTimingAddress = cold
            renderTiming = mediaTiming
        }
        let cut = level >= LayerTreeDepth.maximumLevels && (!sublayerStorage.isEmpty || maskStorage != nil)
        if cut { Self.renderCuts &+= 1 }
        let node = RenderNode(id: renderID, state: state, timing: renderTiming,
                              animations: renderAnimationCache ?? .empty,
                              sublayers: cut ? [] : makeSublayerNodes(level: level + 1),
                              mask: cut ? nil : maskStorage?.makeRenderNode(level: level + 1))
        renderTruncated = Self.renderCuts != cutsBefore
        committedNode = node
        renderAddresses = RenderAddresses(node: node, animations: renderAnimationCache, cold: cold)
        renderDirty = false
        renderSubtreeDirty = false
        return node
    }

    /// Makes `renderAnimationCache` from the committed animations (for the current state when
    /// one of them reads the model).
    private func makeRenderAnimations() {
        var committed: [RenderAnimation] = []
        committed.reserveCapacity(animationStore.entries.count)
        // Fields read in place: `for entry in` copied each entry out (half a dozen retains), and a
        // closure here costs an executor check.
        for index in animationStore.entries.indices where animationStore.entries[index].isCommitted {
            committed.append(RenderAnimation(serial: animationStore.entries[index].serial,
                                             snapshot: animationStore.entries[index].snapshot,
                                             reportsEvents: animationStore.entries[index].reportsEvents,
                                             transitionFrom: animationStore.entries[index].transitionFrom))
        }
        renderAnimationCache = committed.isEmpty ? .empty : RenderAnimationSet(committed, on: state)
    }

    /// The sublayers' nodes, in order. A plain loop that asks the cache ahead: for a wide tree
    /// the layers are spread over the heap, and each is read once per commit. Sixteen layers
    /// ahead, the layer itself (its state and the fields a commit reads: seven lines); eight
    /// ahead, the objects its new node retains and its old node (released), whose addresses the
    /// layer recorded at its last commit — read as plain addresses, since holding a reference to
    /// an object retains it, which is the very touch the hint is meant to get ahead of.
    private func makeSublayerNodes(level: Int) -> [RenderNode] {
        var nodes: [RenderNode] = []
        nodes.reserveCapacity(sublayerStorage.count)
        sublayerStorage.withUnsafeBufferPointer { layers in
            // Layers read unretained (the array holds them): a retain would wait for the last
            // node's stores and touch a layer ahead of its hint. The call itself keeps one retain
            // of the layer, cheaper than the main-actor check a closure here costs per call.
            for index in layers.indices {
                if index + 16 < layers.count {
                    kinema_prefetch_lines_for_write(UnsafeRawPointer(layers.unretained(at: index + 16).toOpaque()), 7)
                }
                if index + 8 < layers.count {
                    layers.unretained(at: index + 8).takeUnretainedValue().renderAddresses.prefetch()
                }
                nodes.append(layers.unretained(at: index).takeUnretainedValue().makeRenderNode(level: level))
            }
        }
        return nodes
    }

    /// Lays out and displays, top-down, every layer of this tree that asked for it — what Core
    /// Animation does for a tree just before committing it. Actions are disabled meanwhile (new
    /// backing stores replace the old without animating). Subtrees where nothing asked are
    /// skipped (`layoutDisplayPending`): a commit of a large tree no longer visits every layer.
    ///
    /// Iterative (a tree may be deeper than the stack allows recursion), in the order a recursive
    /// walk takes: a layer, then its mask's subtree, then each sublayer's subtree; the sublayers
    /// visited are those the layer has once it has laid out.
    final func layoutAndDisplayTree() {
        // Nothing asked: no work list (an allocation per commit otherwise).
        guard layoutDisplayPending else { return }
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            guard layer.layoutDisplayPending else { continue }
            layer.layoutDisplayPending = false
            if layer.needsLayoutFlag {
                layer.needsLayoutFlag = false
                layer.layoutSublayers()
            }
            if layer.needsDisplayFlag {
                layer.displayIfNeeded()
            }
            pending.append(contentsOf: layer.sublayerStorage.reversed())
            if let mask = layer.maskStorage { pending.append(mask) }
        }
    }

    /// Records that this layer, or one in its subtree, asked for layout or display: sets
    /// `layoutDisplayPending` on it and up through its ancestors (and masks' owners) to the first
    /// that already has it. The pre-commit pass visits only such layers. Opens the implicit
    /// transaction, as Core Animation does for these requests, so that the end of the turn
    /// commits — and so lays out and displays — even when nothing else changed.
    final func markLayoutDisplayPending() {
        guard presentedModel == nil else { return }
        CATransaction.ensureOpen()
        var node: CALayer? = self
        while let layer = node, !layer.layoutDisplayPending {
            layer.layoutDisplayPending = true
            node = layer.superlayerStorage ?? layer.maskOwner
        }
    }
}

/// Where the objects of a layer's last commit live — its node, the node's animation set, its
/// state's cold part — as plain addresses: only for cache hints (`prefetch()`), which are valid
/// for any address. Never dereferenced.
struct RenderAddresses {
    private var node: UnsafeRawPointer?
    private var animations: UnsafeRawPointer?
    private var cold: UnsafeRawPointer?

    init() {}

    init(node: RenderNode, animations: RenderAnimationSet?, cold: UnsafeRawPointer) {
        self.node = UnsafeRawPointer(Unmanaged.passUnretained(node).toOpaque())
        self.animations = animations.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
        self.cold = cold
    }

    /// Asks the cache for the header of each (two lines of the set, whose flags the commit
    /// reads): a commit retains the set and the cold part for the new node, and releases the old
    /// node.
    func prefetch() {
        if let node { kinema_prefetch_lines_for_write(node, 1) }
        if let animations { kinema_prefetch_lines_for_write(animations, 2) }
        if let cold { kinema_prefetch_lines_for_write(cold, 1) }
    }
}
