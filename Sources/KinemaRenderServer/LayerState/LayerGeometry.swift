// LayerGeometry: how a layer's bounds, position, anchor point and transforms place it in its
// superlayer — the frame, and the 4×4 map from a layer's space to its superlayer's.
//
// Audited against: CALayer.frame docs ("derived from the values in the bounds, anchorPoint and
//   position properties … When you assign a new value to this property, the layer changes its
//   position and bounds properties to match … Do not set the frame if the transform property
//   applies a rotation transform that is not a multiple of 90 degrees"); Core Animation
//   Programming Guide → Core Animation Basics → "Layers Use Two Types of Coordinate Systems",
//   "Anchor Points Affect Geometric Manipulations", "Layers Can Be Manipulated in Three
//   Dimensions"; CALayer.transform ("transformations … occur relative to the layer’s anchor
//   point"), sublayerTransform, anchorPointZ, zPosition, isGeometryFlipped docs.
// Status: complete. Apple leaves open: the frame under a transform that is not rectilinear
//   (Kinema: the getter is the bounding box under the affine part; the setter refuses to guess a
//   size, see `setFrame`), the point about which sublayerTransform applies (Kinema: the anchor
//   point, the point `transform` uses, so a perspective sublayerTransform has its vanishing
//   point at the centre by default), and the order of geometry flipping and sublayerTransform
//   (Kinema: flip first).
//
// Conventions: points are row vectors (see CATransform3D.swift). A layer's own space is its
// bounds coordinates; its anchor point sits at
//     A = (bounds.minX + anchorPoint.x · bounds.width, bounds.minY + anchorPoint.y · bounds.height, anchorPointZ)
// and the layer maps into its superlayer's bounds space by
//     p_super = p · T(−A) · transform · T(position.x, position.y, zPosition) · S
// where S is the superlayer's sublayer map: identity, or flip(y about the superlayer's bounds)
// then T(−A_super) · sublayerTransform · T(A_super).

import Foundation
import KinemaGeometry
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics

package enum LayerGeometry {
    /// The anchor point in the layer's own (bounds) coordinates, with anchorPointZ as z.
    package static func anchor(of state: LayerState) -> (x: CGFloat, y: CGFloat, z: CGFloat) {
        let b = state.bounds
        return (b.minX + state.anchorPoint.x * b.width, b.minY + state.anchorPoint.y * b.height, state.anchorPointZ)
    }

    // MARK: Frame

    /// The frame: the bounding box of the bounds rectangle under the affine part of `transform`
    /// (`CGRectApplyAffineTransform`), placed so that the anchor point lands on `position`.
    ///
    /// With the identity transform that is `(position − anchorPoint · size, size)`: a layer with
    /// bounds 100 × 40 at position (50, 20) has frame (0, 0, 100, 40). A 3-D transform contributes
    /// its affine part only (m11, m12, m21, m22, m41, m42): the frame is the orthographic
    /// footprint, without perspective.
    package static func frame(of state: LayerState) -> CGRect {
        let size = state.bounds.size
        let local = CGRect(
            x: -state.anchorPoint.x * size.width, y: -state.anchorPoint.y * size.height,
            width: size.width, height: size.height)
        let box = local.applying(CATransform3DGetAffineTransform(state.transform))
        return box.offsetBy(dx: state.position.x, dy: state.position.y)
    }

    /// Sets `bounds.size` and `position` so that `frame(of:)` returns `frame`; the bounds origin
    /// is kept (Core Animation Programming Guide: "the bounds origin is undisturbed").
    ///
    /// Under a transform whose affine part keeps rectangles rectangles (scales, flips, rotations
    /// by multiples of 90°, and translations) the size is solved exactly: a layer scaled by 2
    /// given a 200 × 100 frame gets bounds 100 × 50; rotated 90°, a 100 × 200 frame gives bounds
    /// 200 × 100. Under any other transform (including one that collapses the layer) Apple says
    /// not to set the frame; Kinema then emits a diagnostic, keeps `bounds.size`, and moves
    /// `position` so the frame's origin is `frame`'s.
    ///
    /// Returns false (state unchanged, no diagnostic: the caller reports it) for a rectangle with
    /// a NaN or infinite value.
    package static func setFrame(_ frame: CGRect, in state: inout LayerState) -> Bool {
        guard frame.isFiniteRect else { return false }
        let target = frame.standardized
        let t = CATransform3DGetAffineTransform(state.transform)
        // Entries this small beside the largest count as zero, so that a rotation built from
        // .pi / 2 (cos = 6e−17) is a quarter turn.
        let tiny = 1e-12 * max(abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        func isZero(_ v: CGFloat) -> Bool { abs(v) <= tiny }
        var size = state.bounds.size
        if tiny > 0, isZero(t.b), isZero(t.c), !isZero(t.a), !isZero(t.d) {
            size = CGSize(width: target.width / abs(t.a), height: target.height / abs(t.d))
        } else if tiny > 0, isZero(t.a), isZero(t.d), !isZero(t.b), !isZero(t.c) {
            size = CGSize(width: target.height / abs(t.b), height: target.width / abs(t.c))
        } else {
            KinemaDiagnostics.emit(
                "CALayer",
                "frame set under a transform that is not a multiple of 90° or collapses the layer (Apple: do not set the frame); kept bounds.size and moved position only")
        }
        var probe = state
        probe.bounds.size = size
        probe.position = .zero
        let offset = Self.frame(of: probe).origin
        let position = CGPoint(x: target.minX - offset.x, y: target.minY - offset.y)
        // A finite frame can still give infinite geometry (a height of −1e308 standardized
        // from a y of −1e308): refused like any non-finite geometry.
        guard size.width.isFinite, size.height.isFinite, position.x.isFinite, position.y.isFinite else { return false }
        state.bounds.size = size
        state.position = position
        return true
    }

    // MARK: Maps between spaces

    /// The 4×4 map from the layer's bounds space to its superlayer's bounds space (see the file
    /// header), with `superlayer` the superlayer's state, or nil for a layer without one (then
    /// the map ends in the space its position is measured in).
    package static func transformToSuperlayer(_ state: LayerState, superlayer: LayerState?) -> CATransform3D {
        let a = anchor(of: state)
        var m = state.transform
        if a.x != 0 || a.y != 0 || a.z != 0 {
            m = CATransform3DConcat(CATransform3DMakeTranslation(-a.x, -a.y, -a.z), m)
        }
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(state.position.x, state.position.y, state.zPosition))
        if let superlayer {
            m = CATransform3DConcat(m, sublayerMap(of: superlayer))
        }
        return m
    }

    /// The map a layer applies to its sublayers' placement: geometry flipping, then
    /// `sublayerTransform` about the anchor point. The identity for most layers.
    package static func sublayerMap(of state: LayerState) -> CATransform3D {
        var m = CATransform3DIdentity
        if state.isGeometryFlipped {
            // y ↦ minY + maxY − y: the sublayers' y axis runs up from the bottom edge.
            m.m22 = -1
            m.m42 = state.bounds.minY + state.bounds.maxY
        }
        if !CATransform3DIsIdentity(state.sublayerTransform) {
            let a = anchor(of: state)
            let about = CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeTranslation(-a.x, -a.y, -a.z), state.sublayerTransform),
                CATransform3DMakeTranslation(a.x, a.y, a.z))
            m = CATransform3DConcat(m, about)
        }
        return m
    }
}

/// A projective map of the plane, `(x, y, 1) · M = (X, Y, W)` landing at `(X / W, Y / W)`: what a
/// 4×4 layer transform does to the points of a layer's plane (z = 0) once the result is
/// flattened onto the plane of the layer it is drawn into (z dropped).
///
/// ```swift
/// var t = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
/// t.m34 = -1 / 500
/// PlaneProjection(flattening: t).apply(CGPoint(x: 100, y: 0))   // the projected point
/// ```
///
/// Cost: three SIMD rows; applying is 9 multiply-adds and a division, allocation-free.
package struct PlaneProjection: Sendable, Equatable {
    /// The rows of M: the images of x, of y and of the constant 1.
    package var rows: (x: SIMD3<Double>, y: SIMD3<Double>, w: SIMD3<Double>)

    package static let identity = PlaneProjection(rows: (SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)))

    package init(rows: (x: SIMD3<Double>, y: SIMD3<Double>, w: SIMD3<Double>)) {
        self.rows = rows
    }

    /// Rows 1, 2 and 4 and columns 1, 2 and 4 of `t`: its action on points with z = 0 whose
    /// resulting z is discarded.
    package init(flattening t: CATransform3D) {
        rows = (
            SIMD3(Double(t.m11), Double(t.m12), Double(t.m14)),
            SIMD3(Double(t.m21), Double(t.m22), Double(t.m24)),
            SIMD3(Double(t.m41), Double(t.m42), Double(t.m44))
        )
    }

    package static func == (lhs: PlaneProjection, rhs: PlaneProjection) -> Bool {
        lhs.rows.x == rhs.rows.x && lhs.rows.y == rhs.rows.y && lhs.rows.w == rhs.rows.w
    }

    /// Where `p` lands, or nil when it maps to infinity (W = 0) or to a non-finite point.
    package func apply(_ p: CGPoint) -> CGPoint? {
        let h = Double(p.x) * rows.x + Double(p.y) * rows.y + rows.w
        guard h.z != 0 else { return nil }
        let result = CGPoint(x: h.x / h.z, y: h.y / h.z)
        return result.x.isFinite && result.y.isFinite ? result : nil
    }

    /// `self` followed by `next`.
    package func concatenating(_ next: PlaneProjection) -> PlaneProjection {
        func image(_ row: SIMD3<Double>) -> SIMD3<Double> {
            row.x * next.rows.x + row.y * next.rows.y + row.z * next.rows.w
        }
        return PlaneProjection(rows: (image(rows.x), image(rows.y), image(rows.w)))
    }

    /// The inverse map, or nil when the map is singular (it collapses the plane onto a line, as
    /// a layer seen exactly edge-on does) or the inverse is not finite.
    package func inverted() -> PlaneProjection? {
        let (r0, r1, r2) = rows
        // The inverse is the adjugate over the determinant; the adjugate's columns are the cross
        // products of pairs of rows.
        let c0 = cross(r1, r2), c1 = cross(r2, r0), c2 = cross(r0, r1)
        let determinant = (r0 * c0).sum()
        guard determinant != 0, determinant.isFinite else { return nil }
        let k = 1 / determinant
        let inverse = PlaneProjection(rows: (
            SIMD3(c0.x, c1.x, c2.x) * k,
            SIMD3(c0.y, c1.y, c2.y) * k,
            SIMD3(c0.z, c1.z, c2.z) * k
        ))
        func isFinite(_ row: SIMD3<Double>) -> Bool { row.x.isFinite && row.y.isFinite && row.z.isFinite }
        return isFinite(inverse.rows.x) && isFinite(inverse.rows.y) && isFinite(inverse.rows.w) ? inverse : nil
    }
}

private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

extension CGRect {
    /// Whether origin and size are all finite (a null or infinite rectangle is not).
    package var isFiniteRect: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
