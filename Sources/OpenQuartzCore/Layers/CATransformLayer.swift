// CATransformLayer: a layer that keeps its sublayers in 3-D instead of flattening them.
//
// Audited against: CATransformLayer.h ("Transform layers are used to create true 3D layer
//   hierarchies. Unlike normal layers, transform layers do not project (i.e. flatten) their
//   sublayers into the plane at Z=0 … only their sublayers are rendered … the -hitTest: method
//   should never be called on transform layers … CALayer will pass over transform layers
//   directly to their sublayers").
// Status: the model side is complete: conversions and hit testing pass through transform layers
//   without flattening (CALayer+Coordinates.swift). Rendering is the compositor's.

import Foundation
import KinemaRenderServer

/// A layer whose sublayers keep their 3-D positions: it draws nothing of its own (no background,
/// contents or border) and does not flatten its sublayers onto its plane.
///
/// ```swift
/// let cube = CATransformLayer()
/// for face in faces { cube.addSublayer(face) }          // each face with its own 3-D transform
/// cube.transform = CATransform3DMakeRotation(.pi / 6, 1, 1, 0)
/// ```
///
/// `hitTest(_:)` on a transform layer tests its sublayers directly against the point (Apple says
/// not to call it; Kinema answers anyway).
@MainActor
open class CATransformLayer: CALayer {
    override package class var stateClass: LayerClass { .transform }
}
