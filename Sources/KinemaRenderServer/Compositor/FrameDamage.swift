// FrameDamage: what changed on screen since the last frame, from the trees the compositor drew —
// so that a frame where one small layer moves redraws only the bands of the frame it touches
// (issue 18, damage-only frames).
//
// Audited against: the compositor's own bound of what a layer can paint
// (`CompositorPainter.subtreeBox`: bounds, contents placed by their gravity, shape outlines with
// their stroke, sublayers unless masksToBounds, replicator instances, shadows), and the painter's
// drawing order (zPosition, then model order). Status: complete for 2-D trees; the cases below take
// a whole frame.
//
// Method. After each frame the compositor keeps, for every layer of the tree it drew (by the model
// layer's id): its state, its sublayers' ids, its mask's id, its map to the frame and the box in
// frame pixels its subtree can paint. For the next frame it walks the new tree from the root with
// each layer's map to the frame. A layer whose state, sublayer list or mask differs from what was
// kept (or whose mask's subtree does) is damaged as a whole: its old box and its new box, and its
// sublayers need no further look (their pixels lie in those boxes). A layer that did not change is
// passed through to its sublayers. A layer that is new, or gone, is covered by its parent's
// sublayer list changing. A replicator is one unit: any change in its subtree damages its boxes.
// Boxes are worked out again only where something changed: a layer whose state, map, sublayers and
// mask are as kept, with its whole subtree so, keeps its box; a changed one unions its sublayers'
// boxes (already known) with its own.
//
// Pixels. The frame is drawn in bands whose rows depend on its height alone (Compositor.swift),
// every band through the same map in frame coordinates. In a band that the damage meets, only the
// box of the damage in that band (its window) is cleared and written, and every computation is the
// one a full frame makes there: each layer is drawn with the band as its clip (the same geometry,
// offscreens and shadow planes), and the region's write window (`PixmapRegion.writeWindow`) lets a
// fill change only the window's pixels — a run crossing the window's edge is drawn whole and the
// pixels outside put back, because the image walk's values depend on where its run starts. A
// layer whose box misses the window is passed over (it changes no pixel there). So a partial frame
// is the full frame, byte for byte, by construction (DamageRenderTests checks it on random scenes;
// WriteWindowTests the windows themselves). Drawing the damaged rectangle with the rectangle as
// the clip would not be: anti-aliased edges at the clip, shadow blurs (summed from the edge of the
// area drawn) and offscreens (placed by it) change by a level when the clip changes — the first
// version of this file did that and its random test found such pixels in 22 of 120 frames.
//
// Whole frames instead (nil damage): the first frame, a new size or root map, a tree deeper than
// `LayerTreeDepth.inlineLevels`, and any tree with something whose pixels are not bounded by its
// own box or that reads pixels around it: a transition running, a backdrop blur, a transform
// layer, a 3-D (non-affine) transform, a replicator with an instance delay, a text layer that does
// not clip to its bounds (its glyphs can run past them). Damage meeting every band also draws
// the whole frame (the same work).

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import OpenCoreGraphics

/// What the compositor kept of one frame's tree, to find the next frame's damage.
struct FrameRecord {
    struct Entry {
        var state: LayerState
        var sublayers: [UInt64]
        var mask: UInt64?
        /// The layer's map to the frame (nil inside a replicator or a mask).
        var map: PathTransform?
        /// Frame pixels the layer's subtree can paint; empty when it paints nothing.
        var box: PixelRect
    }

    var entries: [UInt64: Entry] = [:]
    /// The boxes of the layers drawn through the frame's map (not those inside a replicator or a
    /// mask), for the painter to pass over, without working out their maps or boxes, the layers
    /// that cannot reach a damaged window.
    var framedBoxes: [UInt64: PixelRect] = [:]
    var rootMap: CATransform3D
    var width: Int
    var height: Int
    var rootID: UInt64
}

extension Compositor {
    /// Draws `root` into `target`, redrawing only the bands that changed when `target` still holds
    /// the last frame this compositor drew through this method (same size, pixels untouched since;
    /// the caller says so with `targetHoldsLastFrame`). Returns the rows redrawn as full-width
    /// rectangles (frame pixels; empty when nothing changed), or nil when the whole frame was
    /// drawn. The pixels are those `render(_:into:rootMap:)` gives. See FrameDamage.swift for what
    /// counts as a change and when the whole frame is drawn.
    ///
    /// Cost: besides the drawing, one comparison of each layer's state with the last frame's and
    /// one box per layer (O(layers × depth)).
    @discardableResult
    package func renderDamage(_ root: CompositeLayer, into target: inout Pixmap, rootMap: CATransform3D,
                              targetHoldsLastFrame: Bool) -> [PixelRect]? {
        let previous = lastFrame
        lastFrame = nil
        // The boxes' diagnostics (a shadow's radius lowered) come again when the frame is drawn.
        let made = KinemaDiagnostics.discarding {
            makeRecord(root, rootMap: rootMap, width: target.width, height: target.height, previous: previous)
        }
        guard let record = made else {
            render(root, into: &target, rootMap: rootMap)
            return nil
        }
        lastFrame = record
        guard targetHoldsLastFrame, let previous, previous.width == record.width, previous.height == record.height,
              previous.rootID == record.rootID, CATransform3DEqualToTransform(previous.rootMap, rootMap),
              let damage = Self.damage(from: previous, to: record, root: root) else {
            render(root, into: &target, rootMap: rootMap)
            return nil
        }
        let frame = PixelRect(width: record.width, height: record.height)
        let clipped = damage.map { $0.intersection(frame) }.filter { !$0.isEmpty }
        if clipped.isEmpty { return [] }
        // The record was made, so the tree is no deeper than `LayerTreeDepth.inlineLevels`: it
        // is drawn on this thread. Every band damaged draws the whole frame (nil).
        return renderBands(root, into: &target, rootMap: rootMap, threads: threads, only: clipped, boxes: record.framedBoxes)
    }

    /// `renderDamage(_:into:rootMap:targetHoldsLastFrame:)` with the map of
    /// `render(_:into:scale:)`: points × `scale` = pixels, the viewport's origin top-left.
    @discardableResult
    package func renderDamage(_ root: CompositeLayer, into target: inout Pixmap, scale: CGFloat,
                              targetHoldsLastFrame: Bool) -> [PixelRect]? {
        guard scale.isFinite, scale > 0 else {
            lastFrame = nil
            render(root, into: &target, scale: scale)
            return nil
        }
        let rootMap = CATransform3DConcat(LayerGeometry.transformToSuperlayer(root.state, superlayer: nil),
                                          CATransform3DMakeScale(scale, scale, 1))
        return renderDamage(root, into: &target, rootMap: rootMap, targetHoldsLastFrame: targetHoldsLastFrame)
    }

    /// Forgets the last frame, so the next `renderDamage` draws a whole frame.
    package func forgetLastFrame() {
        lastFrame = nil
    }

    // MARK: The record

    /// Every layer's entry, or nil when the tree has something FrameDamage.swift lists as taking
    /// whole frames. A layer whose state, sublayers, mask and map are those `previous` kept, and
    /// whose whole subtree is unchanged in the same way, keeps its box; only the others (a
    /// changed layer and its ancestors) have their subtree boxes worked out again.
    private func makeRecord(_ root: CompositeLayer, rootMap: CATransform3D, width: Int, height: Int,
                            previous: FrameRecord?) -> FrameRecord? {
        guard width > 0, height > 0, LayerTreeDepth.levels(of: root) <= LayerTreeDepth.inlineLevels,
              let map = Self.flatMap(rootMap) else { return nil }
        if painters.isEmpty { painters.append(CompositorPainter(cache: cache)) }
        let painter = painters[0]
        var record = FrameRecord(rootMap: rootMap, width: width, height: height, rootID: root.id)
        let reusable = previous.flatMap { $0.width == width && $0.height == height ? $0 : nil }
        record.entries.reserveCapacity(previous?.entries.count ?? 0)
        record.framedBoxes.reserveCapacity(previous?.framedBoxes.count ?? 0)
        painter.localBoxes.removeAll(keepingCapacity: true)
        defer { painter.localBoxes.removeAll(keepingCapacity: true) }
        // Pre-order, iterative: (layer, its map to the frame — nil inside a replicator or a mask,
        // whose box is the unit's —, the index of the layer it hangs from). A layer comes after
        // the one it hangs from, so the list read backwards meets subtrees before their roots.
        var visits: [(layer: CompositeLayer, map: PathTransform?, parent: Int)] = []
        var pending: [(CompositeLayer, PathTransform?, Int)] = [(root, map, -1)]
        while let (layer, map, parent) = pending.popLast() {
            let s = layer.state
            // FrameDamage.swift's list of what takes whole frames, checked on the way down.
            guard layer.transition == nil, layer.delayedInstances == nil, Self.isBounded(s),
                  record.entries[layer.id] == nil else { return nil }
            let index = visits.count
            visits.append((layer, map, parent))
            record.entries[layer.id] = FrameRecord.Entry(state: s, sublayers: layer.sublayers.map(\.id),
                                                         mask: layer.mask?.id, map: map, box: PixelRect(width: 0, height: 0))
            // A mask's subtree is part of its owner's drawing: compared whole, boxed by the owner.
            if let mask = layer.mask { pending.append((mask, nil, index)) }
            if s.replicator != nil {
                // A replicator's subtree is drawn several times under its instance transforms:
                // it is one unit, compared whole, boxed by the replicator's own subtree box.
                for child in layer.sublayers { pending.append((child, nil, index)) }
                continue
            }
            for child in layer.sublayers {
                guard let map else { pending.append((child, nil, index)); continue }
                let local = LayerGeometry.transformToSuperlayer(child.state, superlayer: s)
                guard let flat = Self.flatMap(local) else { return nil }
                pending.append((child, flat.concatenating(map), index))
            }
        }
        // Boxes, subtrees first. A layer's sublayers drawn through the frame's map have their
        // boxes by then: their union stands for what `subtreeBox` would work out again below it.
        var unchanged = [Bool](repeating: true, count: visits.count)
        var sublayerUnion = [PixelRect?](repeating: nil, count: visits.count)
        for index in visits.indices.reversed() {
            let (layer, map, parent) = visits[index]
            guard var entry = record.entries[layer.id] else { continue }
            if unchanged[index], let before = reusable?.entries[layer.id], before.map == map, before.state == entry.state,
               before.sublayers == entry.sublayers, before.mask == entry.mask {
                entry.box = before.box
            } else {
                if parent >= 0 { unchanged[parent] = false }
                // No box (empty) when the layer paints nothing; an infinite one takes whole frames.
                if let map, !entry.state.isHidden {
                    let known: CGRect? = entry.state.replicator != nil ? nil
                        : sublayerUnion[index].map { CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? .null
                    if let painted = painter.subtreeBox(layer, map, knownSublayers: known) {
                        if painted.isInfinite { return nil }
                        entry.box = CompositorPainter.pixelArea(painted)
                    }
                }
            }
            record.entries[layer.id] = entry
            if map != nil {
                record.framedBoxes[layer.id] = entry.box
                if parent >= 0, !entry.box.isEmpty {
                    sublayerUnion[parent] = sublayerUnion[parent].map { $0.union(entry.box) } ?? entry.box
                }
            }
        }
        return record
    }

    /// Whether a layer paints only inside its own subtree box and reads no pixel around it
    /// (FrameDamage.swift's list; a transition or replicator delay is checked on the layer).
    private static func isBounded(_ s: LayerState) -> Bool {
        if s.hasBackdropEffect { return false }
        // A plain layer has no text and is no transform layer (read without copying the groups).
        if s.layerClass == .layer { return true }
        return !s.isTransformLayer && (s.text == nil || s.masksToBounds)
    }

    /// The 4×4 map as a 2-D affine one, or nil when it is not plainly 2-D.
    private static func flatMap(_ m: CATransform3D) -> PathTransform? {
        guard m.m13 == 0, m.m14 == 0, m.m23 == 0, m.m24 == 0, m.m31 == 0, m.m32 == 0, m.m34 == 0,
              m.m43 == 0, m.m33 == 1, m.m44 == 1 else { return nil }
        let t = PathTransform(a: Double(m.m11), b: Double(m.m12), c: Double(m.m21), d: Double(m.m22),
                              tx: Double(m.m41), ty: Double(m.m42))
        return t.isFinite ? t : nil
    }

    // MARK: The damage

    /// The rectangles that differ between the frames `old` and `new` record, or nil when the
    /// whole frame must be drawn.
    private static func damage(from old: FrameRecord, to new: FrameRecord, root: CompositeLayer) -> [PixelRect]? {
        var damage: [PixelRect] = []
        var pending = [root]
        while let layer = pending.popLast() {
            guard let now = new.entries[layer.id] else { return nil }
            guard let before = old.entries[layer.id] else { return nil }   // only the root can be new here
            if before.sublayers != now.sublayers || before.mask != now.mask || before.state != now.state
                || !(layer.mask.map { sameSubtree($0, old: old) } ?? true)
                || (layer.state.replicator != nil && !sameSubtree(layer, old: old)) {
                if !before.box.isEmpty { damage.append(before.box) }
                if !now.box.isEmpty { damage.append(now.box) }
                continue
            }
            if layer.state.isHidden { continue }
            pending.append(contentsOf: layer.sublayers)
        }
        return damage
    }

    /// Whether `layer`'s whole subtree has the states and structure `old` kept.
    private static func sameSubtree(_ layer: CompositeLayer, old: FrameRecord) -> Bool {
        var pending = [layer]
        while let next = pending.popLast() {
            guard let before = old.entries[next.id], before.state == next.state,
                  before.sublayers == next.sublayers.map(\.id), before.mask == next.mask?.id else { return false }
            pending.append(contentsOf: next.sublayers)
            if let mask = next.mask { pending.append(mask) }
        }
        return true
    }
}
