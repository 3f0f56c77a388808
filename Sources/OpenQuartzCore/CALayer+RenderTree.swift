// CALayer+RenderTree: what a commit copies into the render tree, and how it knows what changed.
//
// Audited against: CATransaction docs ("Every modification to a layer tree must be part of a
//   transaction"; changes reach the render tree at commit), CALayer.add(_:forKey:) (animations
//   are copied by the render tree), Core Animation Programming Guide → "Layer Trees Reflect
//   Different Aspects of the Animation State". Status: complete. Only layers that changed since
//   the last commit (and their ancestors, whose sublayer lists point at the new nodes) are
//   copied; every other subtree's node is reused as is.

import Foundation
import CKinemaRasterSupport

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
    /// Cost: O(changed layers + their ancestors); an unchanged tree is one check.
    final func makeRenderNode() -> RenderNode {
        if !renderDirty, !renderSubtreeDirty, let node = committedNode {
            return node
        }
        var animations = renderAnimationCache
        if animations == nil || animations?.dependsOnModel == true {
            var committed: [RenderAnimation] = []
            committed.reserveCapacity(animationStore.entries.count)
            animationStore.entries.withUnsafeBufferPointer { entries in
                for entry in entries where entry.isCommitted {
                    committed.append(RenderAnimation(serial: entry.serial, snapshot: entry.snapshot,
                                                     reportsEvents: entry.reportsEvents, transitionFrom: entry.transitionFrom))
                }
            }
            animations = committed.isEmpty ? .empty : RenderAnimationSet(committed, on: state)
            renderAnimationCache = animations
        }
        // The timing lives in the cold part of the state: when that is the last node's, so is it.
        let timing = committedNode.flatMap { $0.state.sharesColdProperties(with: state) ? $0.timing : nil } ?? mediaTiming
        let node = RenderNode(id: renderID, state: state, timing: timing, animations: animations ?? .empty,
                              sublayers: makeSublayerNodes(),
                              mask: maskStorage?.makeRenderNode())
        committedNode = node
        renderDirty = false
        renderSubtreeDirty = false
        return node
    }

    /// The sublayers' nodes, in order. A plain loop with a look-ahead: for a wide tree the
    /// layers are spread over the heap, and each is read once per commit.
    private func makeSublayerNodes() -> [RenderNode] {
        var nodes: [RenderNode] = []
        nodes.reserveCapacity(sublayerStorage.count)
        sublayerStorage.withUnsafeBufferPointer { layers in
            for index in layers.indices {
                if index + 4 < layers.count {
                    kinema_prefetch_lines(UnsafeRawPointer(Unmanaged.passUnretained(layers[index + 4]).toOpaque()), 8)
                }
                if index + 2 < layers.count {
                    layers[index + 2].prefetchRenderParts()
                }
                nodes.append(layers[index].makeRenderNode())
            }
        }
        return nodes
    }

    /// Asks the cache for the objects `makeRenderNode` touches besides the layer: its last node
    /// (replaced, so released) and its animation set (retained by the new node). A hint.
    private func prefetchRenderParts() {
        if let node = committedNode {
            kinema_prefetch_lines(UnsafeRawPointer(Unmanaged.passUnretained(node).toOpaque()), 2)
        }
        if let set = renderAnimationCache {
            kinema_prefetch_lines(UnsafeRawPointer(Unmanaged.passUnretained(set).toOpaque()), 1)
        }
    }

    /// Lays out and displays, top-down, every layer of this tree that asked for it — what Core
    /// Animation does for a tree just before committing it. Actions are disabled meanwhile (new
    /// backing stores replace the old without animating).
    final func layoutAndDisplayTree() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        if needsDisplayFlag {
            displayIfNeeded()
        }
        maskStorage?.layoutAndDisplayTree()
        for sublayer in sublayerStorage {
            sublayer.layoutAndDisplayTree()
        }
    }
}
