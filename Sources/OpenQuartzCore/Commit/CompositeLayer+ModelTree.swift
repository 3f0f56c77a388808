// CompositeLayer+ModelTree: a model tree drawn as it stands, without its animations.

import KinemaRenderServer

extension CompositeLayer {
    /// The tree under `layer` with model values (no animations), for drawing a static
    /// composition: tests, and `CALayer.render(in:)` on a model layer. Hidden layers are kept
    /// (the compositor skips them).
    @MainActor
    package convenience init(modelTree layer: CALayer) {
        self.init(id: layer.renderID, state: layer.state,
                  sublayers: layer.sublayerStorage.map { CompositeLayer(modelTree: $0) },
                  mask: layer.maskStorage.map { CompositeLayer(modelTree: $0) })
    }
}
