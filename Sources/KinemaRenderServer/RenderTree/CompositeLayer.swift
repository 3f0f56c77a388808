// CompositeLayer: one layer of a tree evaluated at one time — what the compositor draws.
//
// Audited against: Core Animation Programming Guide → "Layer Trees Reflect Different Aspects of
//   the Animation State" (the render tree draws presentation values; it is private to the render
//   server). Status: complete as the compositor's input. The render server makes these from the
//   committed render tree (RenderTree.swift); tests and `CALayer.render(in:)` make them from model
//   layers with `CompositeLayer(modelTree:)`.

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics
import Synchronization

/// A layer with its presentation values at one time, its sublayers and its mask: the
/// compositor's input. Immutable and `Sendable`, so a frame can be drawn on any thread.
///
/// ```swift
/// let tree = CompositeLayer(modelTree: rootLayer)      // model values, no animations
/// compositor.render(tree, into: &pixmap, scale: 2)
/// ```
///
/// **Semantics.** `state` holds every property as the frame shows it (animations applied; the
/// backing store of `draw(in:)` is already in `state.contents`). `id` is the model layer's identity,
/// stable across frames, for caches keyed by layer. `transition` is set while a `CATransition`
/// added to the layer runs: the compositor draws `transition.from` (the layer as it was when the
/// transition was added) and this layer, mixed by the transition's type at its progress.
///
/// **Recycling.** The render server keeps the last frame it returned and, when its caller has let
/// go of it (the server holds the only reference), evaluates the next frame into the same objects
/// instead of allocating new ones (see `RenderServer.evaluate(at:)`). Hence the `internal(set)`
/// fields: they are written only by the server, and only while it holds the only reference, so
/// no other thread can be reading them — the reason for `@unchecked Sendable`. To everyone else
/// a CompositeLayer is immutable.
package final class CompositeLayer: @unchecked Sendable {
    package let id: UInt64
    @exclusivity(unchecked) package internal(set) var state: LayerState
    /// Sublayers in the model's order (back to front before sorting by `zPosition`).
    @exclusivity(unchecked) package internal(set) var sublayers: [CompositeLayer]
    @exclusivity(unchecked) package internal(set) var mask: CompositeLayer?
    @exclusivity(unchecked) package internal(set) var transition: CompositeTransition?
    /// For a replicator with an `instanceDelay`: instance k's sublayers (k ≥ 1) evaluated k × delay
    /// earlier, at index k − 1; nil when every instance shows `sublayers` (no delay).
    @exclusivity(unchecked) package internal(set) var delayedInstances: [[CompositeLayer]]?
    /// The render node whose evaluation this is (nil when made from a model layer): a recycled
    /// picture of the same node needs only its animated properties reset.
    @exclusivity(unchecked) var source: RenderNode?

    package init(id: UInt64, state: LayerState, sublayers: [CompositeLayer] = [], mask: CompositeLayer? = nil,
                 transition: CompositeTransition? = nil, delayedInstances: [[CompositeLayer]]? = nil) {
        self.id = id
        self.state = state
        self.sublayers = sublayers
        self.mask = mask
        self.transition = transition
        self.delayedInstances = delayedInstances
        source = nil
    }

    /// The sublayers instance `k` of a replicator shows (instance 0: `sublayers`).
    package func instanceSublayers(_ k: Int) -> [CompositeLayer] {
        guard k > 0, let delayed = delayedInstances, k - 1 < delayed.count else { return sublayers }
        return delayed[k - 1]
    }
}

/// A running transition on a layer, at one time.
package struct CompositeTransition: Sendable {
    /// `CATransitionType` raw value: "fade", "moveIn", "push", "reveal", and the private
    /// "oglFlip", "pageCurl", "pageUnCurl" UIKit's view transitions use (unknown types fade).
    package var type: String
    /// `CATransitionSubtype` raw value ("fromLeft", "fromRight", "fromTop", "fromBottom") or nil.
    package var subtype: String?
    /// Progress in [0, 1] after the timing function and start/end progress.
    package var progress: Double
    /// The layer (with its subtree) as it was before the change the transition animates; nil
    /// when the layer was not shown before (the old rendering is then empty).
    package var from: CompositeLayer?

    package init(type: String, subtype: String?, progress: Double, from: CompositeLayer?) {
        self.type = type
        self.subtype = subtype
        self.progress = progress
        self.from = from
    }
}

/// The source of `CALayer.renderID`s.
private let renderIDCounter = Atomic<UInt64>(1)

/// A new, never reused layer number.
package func makeRenderID() -> UInt64 {
    renderIDCounter.wrappingAdd(1, ordering: .relaxed).oldValue
}
