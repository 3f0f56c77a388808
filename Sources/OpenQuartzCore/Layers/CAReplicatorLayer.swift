// CAReplicatorLayer: a layer that draws copies of its sublayers, each transformed, delayed and
// tinted from the last.
//
// Audited against: CAReplicatorLayer docs (instanceCount, preservesDepth, instanceDelay,
//   instanceTransform, instanceColor, instanceRedOffset, instanceGreenOffset, instanceBlueOffset,
//   instanceAlphaOffset: types, defaults, "Animatable." notes).
// Status: properties complete; replicating in rendering is the compositor's (a later issue).

import Foundation
import KinemaRenderServer

/// A layer that creates a number of copies of its sublayers, each with a geometric, temporal and
/// colour offset from the one before.
///
/// ```swift
/// let dots = CAReplicatorLayer()
/// dots.instanceCount = 5
/// dots.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
/// dots.instanceDelay = 0.1
/// dots.instanceAlphaOffset = -0.2
/// ```
@MainActor
open class CAReplicatorLayer: CALayer {
    override package class var stateClass: LayerClass { .replicator }

    /// The number of copies, including the original. Default 1.
    open var instanceCount: Int {
        get { state.replicatorState.instanceCount }
        set { write("instanceCount", .number(Double(newValue))) }
    }

    /// Whether the copies keep their 3-D depth instead of being flattened. Default false.
    open var preservesDepth: Bool {
        get { state.replicatorState.preservesDepth }
        set { write("preservesDepth", .bool(newValue)) }
    }

    /// The delay, in seconds, between the copies' timing. Animatable. Default 0.
    open var instanceDelay: CFTimeInterval {
        get { state.replicatorState.instanceDelay }
        set { write("instanceDelay", .number(newValue)) }
    }

    /// The transform from one copy to the next, about the layer's centre. Animatable. Default
    /// identity.
    open var instanceTransform: CATransform3D {
        get { state.replicatorState.instanceTransform }
        set { write("instanceTransform", .transform(newValue)) }
    }

    /// The colour multiplying the first copy. Animatable. Default opaque white.
    open var instanceColor: CGColor? {
        get { state.replicatorState.instanceColor }
        set { write("instanceColor", newValue.map { .color($0) } ?? .none) }
    }

    /// Added to the red component of the colour from one copy to the next. Animatable. Default 0.
    open var instanceRedOffset: Float {
        get { state.replicatorState.instanceRedOffset }
        set { write("instanceRedOffset", .number(Double(newValue))) }
    }

    /// Added to the green component of the colour from one copy to the next. Animatable. Default 0.
    open var instanceGreenOffset: Float {
        get { state.replicatorState.instanceGreenOffset }
        set { write("instanceGreenOffset", .number(Double(newValue))) }
    }

    /// Added to the blue component of the colour from one copy to the next. Animatable. Default 0.
    open var instanceBlueOffset: Float {
        get { state.replicatorState.instanceBlueOffset }
        set { write("instanceBlueOffset", .number(Double(newValue))) }
    }

    /// Added to the alpha component of the colour from one copy to the next. Animatable. Default 0.
    open var instanceAlphaOffset: Float {
        get { state.replicatorState.instanceAlphaOffset }
        set { write("instanceAlphaOffset", .number(Double(newValue))) }
    }
}
