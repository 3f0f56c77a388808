// CompositorPainter+Geometry: the compositor's matrix and extent helpers — flattening, the affine test,
// back-face test, sublayer order, and the pixel boxes layers and their subtrees can touch.
//
// Audited against: CALayer.zPosition ("the layer’s position on the z axis" — sublayers are
//   drawn in increasing zPosition, model order among equals), isDoubleSided ("when false, the
//   layer is not displayed when facing away from the viewer"), masksToBounds. Status: complete.
//   Back-facing: Apple does not say how it decides; Kinema uses the orientation of the layer's
//   projection into the plane it is flattened into (geometry flips of its ancestors in that
//   3-D context cancelled), see `isBackFacing`.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics

extension CompositorPainter {
    /// `m` followed by F = diag(1, 1, 0, 1): the z of every point dropped.
    static func flattened(_ m: CATransform3D) -> CATransform3D {
        var f = m
        f.m13 = 0; f.m23 = 0; f.m33 = 0; f.m43 = 0
        return f
    }

    /// An affine map as a 4×4 (z kept as it is).
    static func matrix(_ a: PathTransform) -> CATransform3D {
        var m = CATransform3DIdentity
        m.m11 = CGFloat(a.a); m.m12 = CGFloat(a.b)
        m.m21 = CGFloat(a.c); m.m22 = CGFloat(a.d)
        m.m41 = CGFloat(a.tx); m.m42 = CGFloat(a.ty)
        return m
    }

    /// The projection as an affine map, when it is one (w constant and positive).
    static func affine(_ p: PlaneProjection) -> PathTransform? {
        let (x, y, w) = p.rows
        guard w.z > 0, abs(x.z) <= 1e-12 * w.z, abs(y.z) <= 1e-12 * w.z else { return nil }
        let k = 1 / w.z
        let t = PathTransform(a: x.x * k, b: x.y * k, c: y.x * k, d: y.y * k, tx: w.x * k, ty: w.y * k)
        return t.isFinite ? t : nil
    }

    /// `p` (z = 0) mapped by `m`: homogeneous (x, y, z, w).
    static func transformPoint(_ p: CGPoint, _ m: CATransform3D) -> (x: Double, y: Double, z: Double, w: Double) {
        let x = Double(p.x), y = Double(p.y)
        return (x * Double(m.m11) + y * Double(m.m21) + Double(m.m41),
                x * Double(m.m12) + y * Double(m.m22) + Double(m.m42),
                x * Double(m.m13) + y * Double(m.m23) + Double(m.m43),
                x * Double(m.m14) + y * Double(m.m24) + Double(m.m44))
    }

    /// Whether the layer shows its back: its projection into its plane (`depth`, viewed along
    /// −z) reverses orientation, counting geometry flips (`flipped`) as no reversal.
    static func isBackFacing(_ depth: CATransform3D, flipped: Bool) -> Bool {
        let (x, y, w) = PlaneProjection(flattening: depth).rows
        let determinant = x.x * (y.y * w.z - y.z * w.y) - x.y * (y.x * w.z - y.z * w.x) + x.z * (y.x * w.y - y.y * w.x)
        guard determinant.isFinite, determinant != 0 else { return false }
        return (determinant < 0) != flipped
    }

    /// Sublayers back to front: a stable sort by zPosition.
    static func sortedSublayers(_ layer: CompositeLayer, instance: Int = 0) -> [CompositeLayer] {
        let subs = layer.instanceSublayers(instance)
        guard subs.count > 1, subs.contains(where: { $0.state.zPosition != subs[0].state.zPosition }) else { return subs }
        return subs.enumerated().sorted {
            $0.element.state.zPosition != $1.element.state.zPosition
                ? $0.element.state.zPosition < $1.element.state.zPosition : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Whether the layer draws more than one thing that may overlap, so opacity must apply to
    /// the group (allowsGroupOpacity): a visible sublayer, or two of background, contents and
    /// border.
    static func needsGroup(_ layer: CompositeLayer) -> Bool {
        let s = layer.state
        if layer.sublayers.contains(where: { !$0.state.isHidden }) { return true }
        var parts = 0
        if let bg = s.backgroundColor, bg.compositingColor.alpha > 0 { parts += 1 }
        if s.contents != nil || s.gradient != nil { parts += 1 }
        if s.text?.text != nil { parts += 1 }
        if let shape = s.shape {
            parts += (shape.fillColor != nil ? 1 : 0) + (shape.strokeColor != nil ? 1 : 0)
        }
        if s.borderWidth > 0, s.borderColor != nil { parts += 1 }
        return parts > 1
    }

    /// Whether anything lies inside the bounds' clip (contents, gradient, shape, text or sublayers).
    static func hasInnerContent(_ layer: CompositeLayer) -> Bool {
        let s = layer.state
        return s.contents != nil || s.gradient != nil || s.shape != nil || s.text?.text != nil
            || layer.sublayers.contains { !$0.state.isHidden }
    }

    // MARK: Boxes

    /// The bounding box of `rect` under `map`.
    static func box(of rect: CGRect, _ map: PathTransform) -> CGRect {
        guard !rect.isNull, rect.width.isFinite, rect.height.isFinite else { return .null }
        // The corners in order, min and max taken as `Sequence.min()`/`max()` take them (first
        // kept unless a later one compares smaller/larger), without arrays: culling asks this of
        // every layer of every band.
        let a = map.apply(to: CGPoint(x: rect.minX, y: rect.minY)), b = map.apply(to: CGPoint(x: rect.maxX, y: rect.minY))
        let c = map.apply(to: CGPoint(x: rect.maxX, y: rect.maxY)), d = map.apply(to: CGPoint(x: rect.minX, y: rect.maxY))
        let x0 = Self.least(a.x, b.x, c.x, d.x), x1 = Self.greatest(a.x, b.x, c.x, d.x)
        let y0 = Self.least(a.y, b.y, c.y, d.y), y1 = Self.greatest(a.y, b.y, c.y, d.y)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    @inline(__always)
    private static func least(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> CGFloat {
        var m = a
        if b < m { m = b }
        if c < m { m = c }
        if d < m { m = d }
        return m
    }

    @inline(__always)
    private static func greatest(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> CGFloat {
        var m = a
        if b > m { m = b }
        if c > m { m = c }
        if d > m { m = d }
        return m
    }

    /// The whole pixels covering `box` (clamped far outside any surface), or an empty rectangle.
    static func pixelArea(_ box: CGRect) -> PixelRect {
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else {
            return PixelRect(width: 0, height: 0)
        }
        let limit = Double(1 << 24)
        func clamp(_ v: Double) -> Int { Int(min(max(v, -limit), limit)) }
        let x0 = clamp(Double(box.minX).rounded(.down)), y0 = clamp(Double(box.minY).rounded(.down))
        let x1 = clamp(Double(box.maxX).rounded(.up)), y1 = clamp(Double(box.maxY).rounded(.up))
        return PixelRect(x: x0, y: y0, width: max(x1 - x0, 0) + 1, height: max(y1 - y0, 0) + 1)
    }

    /// `pixelArea(box)` cut to `clip`, or nil when nothing is left.
    static func pixelArea(_ box: CGRect, within clip: PixelRect) -> PixelRect? {
        let area = pixelArea(box).intersection(clip)
        return area.isEmpty ? nil : area
    }

    /// `rect` grown by `amount` pixels on every side.
    static func grow(_ rect: PixelRect, by amount: Int) -> PixelRect {
        PixelRect(x: rect.x - amount, y: rect.y - amount, width: rect.width + 2 * amount, height: rect.height + 2 * amount)
    }

    /// How many levels below a layer `subtreeBox` follows exactly. Deeper, a sublayer's subtree
    /// counts as the box of its own subtree box (worked out once a frame, `localSubtreeBox`)
    /// under the sublayer's map: never smaller, equal unless something is rotated. Without
    /// this, painting a chain n deep asked for the boxes of n(n−1)/2 layers — 9 s of a debug
    /// build's frame for a 1,000-level chain; interfaces are far shallower than 32, so their
    /// boxes, and pixels, are what they were.
    static let exactBoxLevels = 32

    /// The box (surface pixels) the layer and its subtree can paint under `map`, shadow
    /// included; `.infinite` when a non-affine sublayer makes it unbounded; nil when empty.
    /// `levels`: how many more levels are followed exactly (`exactBoxLevels`). `knownSublayers`:
    /// the sublayers' boxes under `map` already worked out (their union; `.null` for none),
    /// used instead of following them — not for a replicator, whose instances it cannot know.
    func subtreeBox(_ layer: CompositeLayer, _ map: PathTransform, levels: Int = exactBoxLevels,
                    knownSublayers: CGRect? = nil) -> CGRect? {
        let s = layer.state
        var box = Self.box(of: s.bounds, map)
        if let image = s.contents {
            box = box.union(Self.box(of: CompositorContents.destination(image, s), map))
        }
        if let shape = s.shape, let path = shape.path {
            var local = path.kinemaPath.controlPointBounds
            if shape.strokeColor != nil {
                let join = shape.lineJoin == .miter ? max(Double(shape.miterLimit), 1) : 1
                let grow = Double(shape.lineWidth) / 2 * max(join, shape.lineCap == .square ? 1.5 : 1) + 1
                local = local.insetBy(dx: -grow, dy: -grow)
            }
            if !local.isNull { box = box.union(Self.box(of: local, map)) }
        }
        if !s.masksToBounds, !layer.sublayers.isEmpty, let known = knownSublayers, s.replicator == nil {
            box = box.union(known)
        } else if !s.masksToBounds, !layer.sublayers.isEmpty {
            let plane = Self.matrix(map)
            let instances = max(s.replicator?.instanceCount ?? 1, 1)
            var power = CATransform3DIdentity
            for k in 0 ..< min(instances, Self.maximumInstances) {
                if k > 0, let r = s.replicator { power = CATransform3DConcat(power, r.instanceTransform) }
                let instance = s.replicator.map { _ in Self.aboutCentre(power, of: s) }
                for child in layer.sublayers where !child.state.isHidden {
                    var local = LayerGeometry.transformToSuperlayer(child.state, superlayer: s)
                    if let instance {
                        local = CATransform3DConcat(
                            CATransform3DConcat(LayerGeometry.transformToSuperlayer(child.state, superlayer: nil), instance),
                            LayerGeometry.sublayerMap(of: s))
                    }
                    if let childBox = childBox(child, CATransform3DConcat(Self.flattened(local), plane), levels: levels - 1) {
                        box = box.union(childBox)
                        if box.isInfinite { return box }
                    }
                }
            }
        }
        if let shadow = shadowParameters(s, map) {
            let r = CGFloat(shadow.reach)
            box = box.union(box.offsetBy(dx: CGFloat(shadow.dx), dy: CGFloat(shadow.dy)).insetBy(dx: -r, dy: -r))
        }
        return box.isNull ? nil : box
    }

    /// The box of a sublayer's subtree under a 4×4 map (transform layers expanded).
    func childBox(_ layer: CompositeLayer, _ map: CATransform3D, levels: Int = exactBoxLevels) -> CGRect? {
        if layer.state.isTransformLayer {
            var box = CGRect.null
            for child in layer.sublayers where !child.state.isHidden {
                let local = LayerGeometry.transformToSuperlayer(child.state, superlayer: layer.state)
                if let b = childBox(child, CATransform3DConcat(local, map), levels: levels - 1) { box = box.union(b) }
            }
            return box.isNull ? nil : box
        }
        let projection = PlaneProjection(flattening: map)
        if let affine = Self.affine(projection) {
            guard levels <= 0 else { return subtreeBox(layer, affine, levels: levels) }
            guard let own = localSubtreeBox(layer) else { return nil }
            return own.isInfinite ? own : Self.box(of: own, affine)
        }
        // Non-affine: the projected, near-clipped box of the layer's own subtree box.
        guard let own = levels > 0 ? subtreeBox(layer, .identity, levels: levels) : localSubtreeBox(layer),
              !own.isInfinite else { return .infinite }
        let polygon = Self.projectedPolygon(own, projection)
        guard !polygon.isEmpty else { return nil }
        let xs = polygon.map(\.x), ys = polygon.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The layer's subtree box in its own bounds space, worked out once per frame (the memo is
    /// emptied by `paintRoot` and `Compositor.extent`); nil when it paints nothing.
    func localSubtreeBox(_ layer: CompositeLayer) -> CGRect? {
        let key = ObjectIdentifier(layer)
        if let known = localBoxes[key] { return known }
        let box = subtreeBox(layer, .identity)
        localBoxes[key] = .some(box)
        return box
    }
}

/// Offscreen pixmaps kept between frames, by size (rounded up to 32 pixels, so a layer that
/// moves or grows a little reuses its buffer). Not shared between threads.
struct OffscreenPool {
    private var free: [Int: [Pixmap]] = [:]
    private var usedThisFrame: Set<Int> = []
    static let granule = 32

    private static func key(_ width: Int, _ height: Int) -> Int { width << 20 | height }

    /// A transparent pixmap at least `width` × `height`, or nil (with a diagnostic) when that
    /// size cannot be made.
    mutating func take(width: Int, height: Int) -> Pixmap? {
        take(width: width, height: height, clearing: nil)
    }

    /// `take(width:height:)` clearing only `rect` of a reused pixmap (nil: all of it): for a
    /// caller that reads no pixel outside `rect` (a flip or curl texture, of which each band
    /// draws a part; clearing whole full-frame textures cost 8 memsets of 3.7 MB a 720p frame).
    mutating func take(width: Int, height: Int, clearing rect: PixelRect?) -> Pixmap? {
        let g = Self.granule
        let w = max((width + g - 1) / g * g, g), h = max((height + g - 1) / g * g, g)
        let key = Self.key(w, h)
        usedThisFrame.insert(key)
        if var pixmap = free[key]?.popLast() {
            if let rect {
                pixmap.withMutableRegion(rect) { $0.clear() }
            } else {
                pixmap.clear()
            }
            return pixmap
        }
        do {
            return try Pixmap(width: w, height: h)
        } catch {
            KinemaDiagnostics.emit("Compositor", "offscreen \(width)×\(height) cannot be made (\(error)); that layer is skipped")
            return nil
        }
    }

    /// Returns a pixmap from `take` to the pool.
    mutating func give(_ pixmap: Pixmap) {
        let key = Self.key(pixmap.width, pixmap.height)
        free[key, default: []].append(pixmap)
    }

    /// Drops the sizes no layer asked for during the frame just drawn.
    mutating func endFrame() {
        free = free.filter { usedThisFrame.contains($0.key) }
        usedThisFrame.removeAll(keepingCapacity: true)
    }
}
