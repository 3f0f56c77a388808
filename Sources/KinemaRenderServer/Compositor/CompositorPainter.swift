// CompositorPainter: one band's walk over a layer tree — which layers draw, in what order, with
// which map from layer points to pixels, and whether a layer draws directly or through an
// offscreen group.
//
// Audited against: Core Animation Programming Guide → "Layers Can Be Manipulated in Three
//   Dimensions" (layers are flattened into their superlayer's plane), CALayer.zPosition, isHidden,
//   opacity, allowsGroupOpacity ("composite itself as a group separate from its parent … correct
//   results when the layer contains multiple opaque components"), isDoubleSided, mask; the
//   CATransformLayer docs ("only the sublayers of a transform layer are rendered … opacity is
//   applied to each sublayer individually, the transform layer does not form a compositing
//   group"). Status: complete for these; see docs/COMPOSITOR.md for the choices made here.
//
// Maps. Points are row vectors (CATransform3D's convention). Each layer is drawn with `map`, the
// 4×4 from its bounds space to the surface's pixels with flattening applied: for a sublayer of
// an ordinary layer P, map = (child → P) · F · map(P), where F = diag(1, 1, 0, 1) drops z into
// P's plane. A sublayer of a CATransformLayer T keeps its depth: map = (child → T) · map(T).
// `depth` is the same chain without the final flattening (layer → the plane it is flattened
// into), used to sort a transform layer's sublayers and to decide which side of a layer faces
// the viewer.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics

/// Where a painter draws: a region of pixels, and the rectangle of it drawing may touch.
struct CompositorSurface {
    var region: PixmapRegion
    /// Region coordinates; always inside `region.bounds`.
    var clip: PixelRect
}

/// Draws layers for one band of a frame. Owns its scan converter and offscreen pool; shares
/// only the compositor's cache.
final class CompositorPainter {
    let cache: CompositorCache
    var converter = ScanConverter()
    var pool = OffscreenPool()
    /// Scratch for shadow planes and blur lines, kept between layers and frames.
    var planeScratch: [Float] = []
    var lineScratch: [Float] = []
    /// How many offscreen groups (group opacity, masks, alpha shadows, masksToBounds) enclose
    /// what is being drawn now.
    var offscreenLevels = 0
    /// The most offscreen groups that enclosed one another in this frame (for tests).
    var deepestOffscreenLevels = 0
    /// Whether this frame has reported reaching `maximumOffscreenLevels`.
    var reportedOffscreenCap = false
    /// The most offscreen groups drawn inside one another. Each holds a pixmap as large as the
    /// part of the frame its layer covers, alive until the group is done: 10,000 nested
    /// transparency layers took 2.5 GB. 32 full frames of 1280 × 720 are 118 MB. Deeper
    /// layers are drawn into the innermost group directly: group opacity becomes per-layer
    /// opacity, and masks, alpha shadows and masksToBounds clipping are not applied (one
    /// diagnostic a frame).
    static let maximumOffscreenLevels = 32

    /// Reports, once a frame, that offscreen groups are nested past the limit.
    func reportOffscreenCap() {
        guard !reportedOffscreenCap else { return }
        reportedOffscreenCap = true
        KinemaDiagnostics.emit("Compositor", "offscreen groups (group opacity, masks, shadows, masksToBounds) are nested more than \(Self.maximumOffscreenLevels) deep; the deeper layers are drawn without their own group, mask, shadow or clip")
    }

    /// Subtree boxes of deep layers in their own space, for this frame (`localSubtreeBox`).
    /// Keyed by object: the frame's tree holds every layer while the frame is drawn.
    var localBoxes: [ObjectIdentifier: CGRect?] = [:]
    /// Set by `paintRoot` for a windowed frame: known frame boxes of layers, by id.
    var framedBoxes: [UInt64: PixelRect]?
    /// Largest distance, in pixels, between a curve and its flattened polyline.
    static let tolerance = 0.05
    /// A homogeneous w at or below this is behind the viewer (or at infinity): clipped away.
    static let nearPlaneW = 1e-4

    init(cache: CompositorCache) {
        self.cache = cache
    }

    /// Draws `root` into `clip` of `region` (which the caller has cleared there), `map` taking
    /// the root's bounds space to the region's pixels; nothing outside `clip` is written.
    /// With a write window, `boxes` may give the frame-pixel box of layers drawn through `map`
    /// (FrameRecord.framedBoxes): those that miss the window are passed over at once.
    func paintRoot(_ root: CompositeLayer, map: CATransform3D, region: PixmapRegion, clip: PixelRect? = nil,
                   boxes: [UInt64: PixelRect]? = nil) {
        var surface = CompositorSurface(region: region, clip: clip.map { $0.intersection(region.bounds) } ?? region.bounds)
        framedBoxes = region.writeWindow == nil ? nil : boxes
        defer { framedBoxes = nil }
        localBoxes.removeAll(keepingCapacity: true)
        reportedOffscreenCap = false
        offscreenLevels = 0
        deepestOffscreenLevels = 0
        paintLayer(root, map: map, depth: map, flipped: false, surface: &surface, alpha: 1)
        localBoxes.removeAll(keepingCapacity: true)
        pool.endFrame()
    }

    // MARK: Dispatch

    /// Draws one layer and its subtree. `alpha` is the opacity inherited from ancestors that did
    /// not group.
    func paintLayer(_ layer: CompositeLayer, map: CATransform3D, depth: CATransform3D, flipped: Bool,
                    surface: inout CompositorSurface, alpha: Float) {
        let s = layer.state
        let opacity = alpha * min(max(s.opacity, 0), 1)
        guard !s.isHidden, opacity > 0, !surface.clip.isEmpty else { return }
        if s.isTransformLayer {
            paintTransformLayer(layer, map: map, depth: depth, flipped: flipped, surface: &surface, alpha: opacity)
            return
        }
        if !s.isDoubleSided, Self.isBackFacing(depth, flipped: flipped) { return }
        let projection = PlaneProjection(flattening: map)
        if let affine = Self.affine(projection) {
            paintFlat(layer, affine, surface: &surface, alpha: opacity)
        } else {
            paintProjected(layer, projection, surface: &surface, alpha: opacity)
        }
    }

    /// A CATransformLayer: its sublayers (and those of transform layers inside it) drawn back to
    /// front by depth, each flattened on its own; the transform layer itself draws nothing.
    ///
    /// Sort key: the depth (z / w in the plane the transform layer is flattened into) of the
    /// centre of each sublayer's bounds — larger is nearer the viewer, drawn later; ties keep
    /// the zPosition-sorted model order.
    func paintTransformLayer(_ layer: CompositeLayer, map: CATransform3D, depth: CATransform3D, flipped: Bool,
                             surface: inout CompositorSurface, alpha: Float) {
        struct Item {
            let layer: CompositeLayer
            let map: CATransform3D
            let depth: CATransform3D
            let flipped: Bool
            let alpha: Float
            let key: Double
            let order: Int
        }
        var items: [Item] = []
        func gather(_ parent: CompositeLayer, map: CATransform3D, depth: CATransform3D, flipped: Bool, alpha: Float) {
            for child in Self.sortedSublayers(parent) where !child.state.isHidden {
                let local = LayerGeometry.transformToSuperlayer(child.state, superlayer: parent.state)
                let childMap = CATransform3DConcat(local, map)
                let childDepth = CATransform3DConcat(local, depth)
                let childFlipped = flipped != parent.state.isGeometryFlipped
                if child.state.isTransformLayer {
                    gather(child, map: childMap, depth: childDepth, flipped: childFlipped,
                           alpha: alpha * min(max(child.state.opacity, 0), 1))
                } else {
                    let b = child.state.bounds
                    let c = Self.transformPoint(CGPoint(x: b.midX, y: b.midY), childDepth)
                    let key = c.w > Self.nearPlaneW ? c.z / c.w : -Double.infinity
                    items.append(Item(layer: child, map: childMap, depth: childDepth, flipped: childFlipped, alpha: alpha,
                                      key: key.isNaN ? -Double.infinity : key, order: items.count))
                }
            }
        }
        gather(layer, map: map, depth: depth, flipped: flipped, alpha: alpha)
        items.sort { $0.key != $1.key ? $0.key < $1.key : $0.order < $1.order }
        for item in items {
            paintLayer(item.layer, map: item.map, depth: item.depth, flipped: item.flipped, surface: &surface, alpha: item.alpha)
        }
    }

    // MARK: Flat layers

    /// Draws a layer whose map to the surface is affine: directly, or through an offscreen group
    /// when it has a mask, group opacity it needs, a shadow without `shadowPath`, or a transition.
    func paintFlat(_ layer: CompositeLayer, _ map: PathTransform, surface: inout CompositorSurface, alpha: Float) {
        let s = layer.state
        // Into a windowed frame, a layer whose box the damage record gives is culled by it, and
        // one drawn straight into the frame (no offscreen) needs no box worked out again.
        if let window = surface.region.writeWindow, let known = framedBoxes?[layer.id] {
            guard !known.intersection(surface.clip).intersection(window).isEmpty else { return }
            if layer.transition == nil, layer.mask == nil, !s.hasBackdropEffect,
               !(alpha < 1 && s.allowsGroupOpacity && Self.needsGroup(layer)) {
                let shadow = shadowParameters(s, map)
                if shadow == nil || s.shadowPath != nil {
                    if let shadow { paintPathShadow(s, map, shadow, surface: &surface, alpha: alpha) }
                    paintBody(layer, map, surface: &surface, alpha: alpha)
                    return
                }
            }
        }
        guard let box = subtreeBox(layer, map), let area = Self.pixelArea(box, within: surface.clip) else { return }
        // A layer that can paint nothing inside the region's write window is left out: it would
        // change no pixel there (`box` bounds all it paints, as the damage it makes).
        if let window = surface.region.writeWindow, area.intersection(window).isEmpty { return }
        if s.hasBackdropEffect {
            blurBackdrop(s, map, surface: &surface)
        }
        if let transition = layer.transition {
            paintTransition(layer, transition, map, area: area, surface: &surface, alpha: alpha)
            return
        }
        let shadow = shadowParameters(s, map)
        let isolates = offscreenLevels < Self.maximumOffscreenLevels
        let group = alpha < 1 && s.allowsGroupOpacity && Self.needsGroup(layer)
        let alphaShadow = shadow != nil && s.shadowPath == nil
        if !isolates, layer.mask != nil || group || alphaShadow {
            reportOffscreenCap()
        }
        guard isolates, layer.mask != nil || group || alphaShadow else {
            if let shadow, !alphaShadow { paintPathShadow(s, map, shadow, surface: &surface, alpha: alpha) }
            paintBody(layer, map, surface: &surface, alpha: alpha)
            return
        }
        // The offscreen covers what can show in the clip, plus what casts a shadow into it.
        var reach = area
        if let shadow { reach = Self.grow(area, by: shadow.reach).intersection(Self.pixelArea(box)) }
        guard !reach.isEmpty, var content = pool.take(width: reach.width, height: reach.height) else { return }
        offscreenLevels += 1
        deepestOffscreenLevels = max(deepestOffscreenLevels, offscreenLevels)
        defer { offscreenLevels -= 1 }
        let inner = map.concatenating(.translation(Double(-reach.x), Double(-reach.y)))
        let local = PixelRect(width: reach.width, height: reach.height)
        if let shadow, alphaShadow, layer.mask == nil, !group {
            // Only the shadow needs the offscreen (for the body's alpha); the body draws directly.
            content.withMutableRegion { region in
                var offscreen = CompositorSurface(region: region, clip: local)
                paintBody(layer, inner, surface: &offscreen, alpha: 1)
            }
            paintAlphaShadow(of: content, area: local, at: reach, shadow, alpha: alpha, into: &surface)
            pool.give(content)
            paintBody(layer, map, surface: &surface, alpha: alpha)
            return
        }
        let bodyAlpha: Float = group ? 1 : alpha
        content.withMutableRegion { region in
            var offscreen = CompositorSurface(region: region, clip: local)
            if let shadow, !alphaShadow {
                paintPathShadow(s, inner, shadow, surface: &offscreen, alpha: bodyAlpha)
            }
            paintBody(layer, inner, surface: &offscreen, alpha: bodyAlpha)
        }
        if let shadow, alphaShadow, var withShadow = pool.take(width: reach.width, height: reach.height) {
            withShadow.withMutableRegion { region in
                var target = CompositorSurface(region: region, clip: local)
                paintAlphaShadow(of: content, area: local, at: local, shadow, alpha: 1, into: &target)
                composite(content, at: local, into: &target, alpha: 1)
            }
            pool.give(content)
            content = withShadow
        }
        if let mask = layer.mask {
            applyMask(mask, of: s, map: inner, to: &content, size: reach)
        }
        composite(content, at: reach, into: &surface, alpha: group ? alpha : 1)
        pool.give(content)
    }

    /// The shadow of the alpha in `area` of `content`, whose pixel `area.origin` lies at surface
    /// pixel `placed.origin`.
    func paintAlphaShadow(of content: Pixmap, area: PixelRect, at placed: PixelRect, _ shadow: ShadowParameters, alpha: Float,
                          into surface: inout CompositorSurface) {
        Self.alphaPlane(content, area: area, into: &planeScratch)
        blurPlane(&planeScratch, width: area.width, height: area.height, sigma: shadow.sigma)
        paintPlane(&planeScratch, width: area.width, height: area.height, at: Double(placed.x) + shadow.dx,
                   Double(placed.y) + shadow.dy, color: shadow.color, alpha: alpha, surface: &surface)
    }

    /// Background, contents, sublayers (clipped by masksToBounds) and border, in that order.
    func paintBody(_ layer: CompositeLayer, _ map: PathTransform, surface: inout CompositorSurface, alpha: Float) {
        let s = layer.state
        let outline = CompositorOutline.bounds(of: s)
        if let background = s.backgroundColor?.compositingColor, background.alpha > 0 {
            fill(outline, map, color: background, surface: &surface, alpha: alpha)
        }
        if Self.hasInnerContent(layer) {
            if s.masksToBounds {
                paintClipped(layer, map, outline: outline, surface: &surface, alpha: alpha)
            } else {
                paintInner(layer, map, surface: &surface, alpha: alpha)
            }
        }
        if s.borderWidth > 0, let border = s.borderColor?.compositingColor, border.alpha > 0 {
            let ring = CompositorOutline.border(of: s)
            fill(ring, map, color: border, rule: .evenOdd, surface: &surface, alpha: alpha)
        }
    }

    /// Contents and sublayers drawn into an offscreen, then composited through the rounded
    /// bounds (anti-aliased): `masksToBounds`.
    func paintClipped(_ layer: CompositeLayer, _ map: PathTransform, outline: Path, surface: inout CompositorSurface,
                      alpha: Float) {
        guard offscreenLevels < Self.maximumOffscreenLevels else {
            reportOffscreenCap()
            paintInner(layer, map, surface: &surface, alpha: alpha)
            return
        }
        let box = Self.box(of: layer.state.bounds, map)
        guard let area = Self.pixelArea(box, within: surface.clip),
              var content = pool.take(width: area.width, height: area.height) else { return }
        offscreenLevels += 1
        deepestOffscreenLevels = max(deepestOffscreenLevels, offscreenLevels)
        defer { offscreenLevels -= 1 }
        let inner = map.concatenating(.translation(Double(-area.x), Double(-area.y)))
        content.withMutableRegion { region in
            var offscreen = CompositorSurface(region: region, clip: PixelRect(width: area.width, height: area.height))
            paintInner(layer, inner, surface: &offscreen, alpha: alpha)
        }
        let shape = rasterPath(outline, map)
        let pattern = ImagePattern(image: content, transform: ProjectiveTransform(a: 1, b: 0, c: 0, d: 1,
                                                                                  tx: Double(area.x), ty: Double(area.y)),
                                   sampling: .nearest, tiling: .decal)
        surface.region.fill(shape, paint: .image(pattern), alpha: 1, clip: .rect(surface.clip), using: &converter)
        pool.give(content)
    }

    /// What lies inside the bounds' clip: contents (image, gradient, shape or text), then sublayers.
    func paintInner(_ layer: CompositeLayer, _ map: PathTransform, surface: inout CompositorSurface, alpha: Float) {
        let s = layer.state
        if let image = s.contents {
            paintContents(image, s, map, surface: &surface, alpha: alpha)
        }
        if let gradient = s.gradient {
            paintGradient(layer.id, gradient, s, map, surface: &surface, alpha: alpha)
        }
        if let shape = s.shape {
            paintShape(layer.id, shape, map, surface: &surface, alpha: alpha)
        }
        if let text = s.text {
            paintText(text, s, map, surface: &surface, alpha: alpha)
        }
        if let replicator = s.replicator {
            paintReplicas(layer, replicator, map, surface: &surface, alpha: alpha)
        } else {
            paintSublayers(layer, map, surface: &surface, alpha: alpha)
        }
    }

    /// Sublayers, back to front (stable sort by zPosition), each flattened into this plane.
    func paintSublayers(_ layer: CompositeLayer, _ map: PathTransform, surface: inout CompositorSurface, alpha: Float,
                        instance: CATransform3D? = nil, instanceIndex: Int = 0) {
        let plane = Self.matrix(map)
        // Into a windowed frame, a sublayer whose known box misses the window is passed over
        // before its map is worked out (a replicator's instances are not known boxes).
        let window = instance == nil ? surface.region.writeWindow : nil
        // A replicator's instance k draws the sublayers evaluated k × instanceDelay earlier.
        for child in Self.sortedSublayers(layer, instance: instanceIndex) {
            if let window, let box = framedBoxes?[child.id], box.intersection(window).isEmpty { continue }
            var local = LayerGeometry.transformToSuperlayer(child.state, superlayer: layer.state)
            if let instance {
                local = CATransform3DConcat(
                    CATransform3DConcat(LayerGeometry.transformToSuperlayer(child.state, superlayer: nil), instance),
                    LayerGeometry.sublayerMap(of: layer.state))
            }
            let childMap = CATransform3DConcat(Self.flattened(local), plane)
            paintLayer(child, map: childMap, depth: local, flipped: layer.state.isGeometryFlipped, surface: &surface, alpha: alpha)
        }
    }

    // MARK: Drawing helpers

    /// `path` (layer space) mapped by `map` and flattened, as the scan converter takes it.
    func rasterPath(_ path: Path, _ map: PathTransform) -> RasterPath {
        var raster = RasterPath()
        path.forEachFlattenedContour(tolerance: Self.tolerance, transform: map) { points, _ in
            if points.count > 1 { raster.addPolygon(points.lazy.map { DevicePoint(x: Double($0.x), y: Double($0.y)) }) }
        }
        return raster
    }

    /// Fills `path` (layer space) with a solid colour.
    func fill(_ path: Path, _ map: PathTransform, color: PaintColor, rule: CGPathFillRule = .winding,
              surface: inout CompositorSurface, alpha: Float) {
        surface.region.fill(rasterPath(path, map), color: color, rule: rule, alpha: alpha, clip: .rect(surface.clip),
                            using: &converter)
    }

    /// Draws `pixmap` with its top-left pixel at `area`'s origin (whole pixels, no resampling).
    func composite(_ pixmap: Pixmap, at area: PixelRect, into surface: inout CompositorSurface, alpha: Float,
                   mode: BlendMode = .normal) {
        var rect = RasterPath()
        rect.addRect(x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height))
        let pattern = ImagePattern(image: pixmap, transform: ProjectiveTransform(a: 1, b: 0, c: 0, d: 1,
                                                                                 tx: Double(area.x), ty: Double(area.y)),
                                   sampling: .nearest, tiling: .decal)
        surface.region.fill(rect, paint: .image(pattern), blendMode: mode, alpha: alpha, clip: .rect(surface.clip),
                             using: &converter)
    }
}
