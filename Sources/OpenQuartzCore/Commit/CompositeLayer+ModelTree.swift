// CompositeLayer+ModelTree: a model tree drawn as it stands, without its animations.
//
// Audited against: CALayer.render(in:) ("renders directly from the layer tree, ignoring any
//   animations added to the render tree"). Status: complete, to `LayerTreeDepth.maximumLevels`
//   levels: the sublayers and mask of a layer at that level are left out, as a commit leaves
//   them out (LayerTreeDepth.swift says why).

import KinemaRenderServer
import KinemaSupport

extension CompositeLayer {
    /// The tree under `layer` with model values (no animations), for drawing a static
    /// composition: tests, and `CALayer.render(in:)` on a model layer. Hidden layers are kept
    /// (the compositor skips them). Layers below `LayerTreeDepth.maximumLevels` levels are left
    /// out, with one diagnostic.
    @MainActor
    package convenience init(modelTree layer: CALayer) {
        var cuts = 0
        let sublayers = layer.sublayerStorage.map { CALayer.compositeTree($0, level: 2, cuts: &cuts) { $0.state } }
        let mask = layer.maskStorage.map { CALayer.compositeTree($0, level: 2, cuts: &cuts) { $0.state } }
        CALayer.reportCuts(cuts, operation: "render(in:)")
        self.init(id: layer.renderID, state: layer.state, sublayers: sublayers, mask: mask)
    }
}

extension CALayer {
    /// The composite tree under `layer` at `level` (the root's is 1) with each layer's values
    /// from `values`; a layer at `LayerTreeDepth.maximumLevels` keeps no sublayers or mask
    /// (counted in `cuts`). The recursion is bounded by that limit.
    static func compositeTree(_ layer: CALayer, level: Int, cuts: inout Int,
                              values: (CALayer) -> LayerState) -> CompositeLayer {
        guard level < LayerTreeDepth.maximumLevels else {
            if !layer.sublayerStorage.isEmpty || layer.maskStorage != nil { cuts += 1 }
            return CompositeLayer(id: layer.renderID, state: values(layer))
        }
        var sublayers: [CompositeLayer] = []
        sublayers.reserveCapacity(layer.sublayerStorage.count)
        for sublayer in layer.sublayerStorage {
            sublayers.append(compositeTree(sublayer, level: level + 1, cuts: &cuts, values: values))
        }
        let mask = layer.maskStorage.map { compositeTree($0, level: level + 1, cuts: &cuts, values: values) }
        return CompositeLayer(id: layer.renderID, state: values(layer), sublayers: sublayers, mask: mask)
    }

    /// Reports the layers a composite tree left out below the depth limit, if any.
    static func reportCuts(_ cuts: Int, operation: String) {
        guard cuts > 0 else { return }
        KinemaDiagnostics.emit(
            "CALayer",
            "\(operation): the layer tree is deeper than \(LayerTreeDepth.maximumLevels) levels; the sublayers and masks of \(cuts) layer(s) at that level are not drawn")
    }
}
