// CALayer+Coordinates: converting points and rectangles between layers, and hit testing.
//
// Audited against: CALayer docs — convert(_:from:) / convert(_:to:) for CGPoint and CGRect ("l:
//   The layer with p in its coordinate system. The receiver and l must share a common parent
//   layer"), hitTest(_:) ("Returns the farthest descendant of the receiver in the layer
//   hierarchy (including itself) that contains the specified point … p: A point in the
//   coordinate system of the receiver's superlayer"), contains(_:); CATransformLayer.h
//   ("transform layers do not project (i.e. flatten) their sublayers into the plane at Z=0 …
//   CALayer will pass over transform layers directly to their sublayers, applying the effects of
//   the transform layer's geometry when hit-testing each sublayer").
// Status: complete, for model layers and presentation copies alike: every walk goes through the
//   tree accessors (`treeSuperlayer`, `treeSublayers`, CALayer+PresentationTree.swift), so on a
//   presentation copy it follows the presentation tree and uses presentation geometry (Apple:
//   hit-test the presentation layer to find what is drawn). A presentation copy and a model
//   layer are in different trees. Kinema's choices where Apple is silent: nil means the root layer's own
//   coordinate space (as a window's for UIKit views); layers in different trees are converted
//   as if their roots' spaces were one, with a diagnostic; a point that maps to infinity (a layer
//   seen edge-on, or at the eye plane) converts to itself, with a diagnostic.
//
// The maths: a layer maps into its superlayer by a 4×4 matrix (LayerGeometry). Every layer but a
// CATransformLayer flattens what it draws onto its own plane, so a point's way up the tree is a
// chain of plane projections: the 4×4 maps multiplied through each run of transform layers, then
// flattened (PlaneProjection) at the next flattening layer. Converting between two layers goes
// up from one to their nearest common ancestor and back down (inverting) to the other.

import Foundation
import KinemaRenderServer
import KinemaSupport

extension CALayer {
    /// The 4×4 map from this layer's space to its superlayer's space.
    final var transformToSuperlayer: CATransform3D {
        LayerGeometry.transformToSuperlayer(state, superlayer: treeSuperlayer?.state)
    }

    /// The projection from this layer's plane onto `ancestor`'s plane. `ancestor` is this layer
    /// (the identity) or one of its superlayers; were it neither, the walk would end at the root
    /// and give the projection onto the root's plane.
    final func projection(toAncestor ancestor: CALayer) -> PlaneProjection {
        var result = PlaneProjection.identity
        var pending = CATransform3DIdentity
        var node = self
        while node !== ancestor, let parent = node.treeSuperlayer {
            pending = CATransform3DConcat(pending, node.transformToSuperlayer)
            if parent === ancestor || !parent.state.isTransformLayer {
                result = result.concatenating(PlaneProjection(flattening: pending))
                pending = CATransform3DIdentity
            }
            node = parent
        }
        return result
    }

    /// Converts `p` from `other`'s space (nil: the root layer's) into this layer's.
    final func convertPoint(_ p: CGPoint, from other: CALayer?, operation: String) -> CGPoint {
        let (fromOther, fromSelf) = projections(from: other, operation: operation)
        guard let inverse = fromSelf.inverted(), let result = fromOther.apply(p).flatMap(inverse.apply) else {
            KinemaDiagnostics.emit(domain, "\(operation): the point \(p) maps to infinity (a layer on the way is seen edge-on); returned it unchanged")
            return p
        }
        return result
    }

    /// Converts `p` from this layer's space into `other`'s (nil: the root layer's).
    final func convertPoint(_ p: CGPoint, to other: CALayer?) -> CGPoint {
        (other ?? rootLayer).convertPoint(p, from: self, operation: "convert(_:to:)")
    }

    /// The projections from `other`'s plane and from this layer's plane onto a common plane:
    /// their nearest common ancestor's, or (nil, or another tree) the root's.
    private func projections(from other: CALayer?, operation: String) -> (PlaneProjection, PlaneProjection) {
        guard let other else {
            return (.identity, projection(toAncestor: rootLayer))
        }
        if other === self {
            return (.identity, .identity)
        }
        guard let common = nearestCommonAncestor(with: other) else {
            KinemaDiagnostics.emit(
                domain,
                "\(operation): the layers are in different trees (Apple requires a common parent); converted through their roots as if the roots' spaces were one")
            return (other.projection(toAncestor: other.rootLayer), projection(toAncestor: rootLayer))
        }
        return (other.projection(toAncestor: common), projection(toAncestor: common))
    }

    /// The nearest layer that is `other` or one of its superlayers and also this layer or one of
    /// its superlayers.
    private func nearestCommonAncestor(with other: CALayer) -> CALayer? {
        var mine = Set<ObjectIdentifier>()
        var node: CALayer? = self
        while let current = node {
            mine.insert(ObjectIdentifier(current))
            node = current.treeSuperlayer
        }
        node = other
        while let current = node {
            if mine.contains(ObjectIdentifier(current)) { return current }
            node = current.treeSuperlayer
        }
        return nil
    }

    /// The bounding box of `r`'s four corners converted by `convert`.
    final func convertRect(_ r: CGRect, _ convert: (CGPoint) -> CGPoint) -> CGRect {
        if r.isNull || r.isInfinite { return r }
        let s = r.standardized
        let corners = [
            convert(CGPoint(x: s.minX, y: s.minY)), convert(CGPoint(x: s.maxX, y: s.minY)),
            convert(CGPoint(x: s.minX, y: s.maxY)), convert(CGPoint(x: s.maxX, y: s.maxY)),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    // MARK: Hit testing

    /// How many `hit(_:fromFlatSpace:)` calls are under way on the main actor (the search's
    /// depth).
    static var hitTestLevels = 0

    /// Hit-tests `p`, which lies in the plane of this layer's nearest flattening ancestor;
    /// `pending` is the 4×4 map from this layer's superlayer's space to that plane (the identity
    /// unless the superlayer is a CATransformLayer).
    ///
    /// The search goes at most `LayerTreeDepth.maximumLevels` levels below the layer it started
    /// from (as deep as a commit draws): the layers below are not searched, with a diagnostic.
    /// The recursion runs through `hitTest(_:)`, which subclasses override, so it stays a
    /// recursion, bounded.
    final func hit(_ p: CGPoint, fromFlatSpace pending: CATransform3D) -> CALayer? {
        guard !state.isHidden else { return nil }
        guard Self.hitTestLevels < LayerTreeDepth.maximumLevels else {
            KinemaDiagnostics.emit(domain, "hitTest(_:): the tree is deeper than \(LayerTreeDepth.maximumLevels) levels below the layer searched; the layers below were not searched")
            return nil
        }
        Self.hitTestLevels += 1
        defer { Self.hitTestLevels -= 1 }
        let toFlat = CATransform3DConcat(transformToSuperlayer, pending)
        if state.isTransformLayer {
            // No plane of its own: its sublayers are tested against the same flat plane.
            for sublayer in sublayersFrontToBack {
                if let found = sublayer.hit(p, fromFlatSpace: toFlat) { return found }
            }
            return nil
        }
        guard let local = PlaneProjection(flattening: toFlat).inverted()?.apply(p) else { return nil }
        if state.masksToBounds && !contains(local) { return nil }
        for sublayer in sublayersFrontToBack {
            if let found = sublayer.hitTest(local) { return found }
        }
        return contains(local) ? self : nil
    }
}
