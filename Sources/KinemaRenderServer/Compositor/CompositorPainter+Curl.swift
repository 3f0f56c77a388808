// CompositorPainter+Curl: the "pageCurl" and "pageUnCurl" transitions — the page (the layer's
// old rendering, or for pageUnCurl its new one) bends around a cylinder whose axis sweeps across
// it, rolling over onto its own back and uncovering the other rendering beneath.
//
// Audited against: UIView.AnimationOptions .transitionCurlUp ("a transition that curls a view up
//   from the bottom"), .transitionCurlDown ("… curls a view down from the top"); UIView
//   .transition(with:duration:options:animations:completion:). UIKit draws them with Core
//   Animation's private CATransition types "pageCurl" and "pageUnCurl" (UIKIT_SEMANTICS.md §3);
//   Apple documents neither the types nor their geometry. Status: complete for the four
//   subtypes; the page's back is drawn from its own (mirrored) picture, never a separate image.
// Choices (docs/COMPOSITOR.md, "Curl"): the cylinder model in layer space, seen from straight
//   above (orthographic): with n the unit normal of the axis pointing to the edge the curl
//   starts from and d = (q − axis) · n, a page point with d ≤ 0 stays flat, one with
//   0 < d < πR lies on the cylinder (across R·sin(d / R), height R·(1 − cos(d / R))), and one with
//   d ≥ πR lies flat on top at height 2R, d − πR back across the axis. The subtype names that edge
//   (nil = fromBottom, UIKit's curl up); the axis is tilted `CurlTransition.axisTilt` so one
//   corner leads; it moves from touching the leading corner (progress 0) until the cylinder and
//   its shadow are past the trailing corner (progress 1). pageUnCurl at progress p is pageCurl
//   at 1 − p with the two renderings' roles swapped: the new page uncurls over the old. The
//   constants of the shading are `CurlTransition`'s.
//
// Drawing is an inverse mapping per device pixel (exact, no mesh): the pixel's centre q (layer
// space) has s = (q − axis) · n; the page points that land there are d = s when s ≤ 0 (flat,
// front), d = πR − s when s ≤ 0 (the flat part of the back, on top), and d = R·asin(s / R) (the
// cylinder's lower half, front side seen from inside) and πR − R·asin(s / R) (its upper half,
// back side) when 0 < s ≤ R; each lies at q + n·(d − s) in the page, sampled bilinearly with
// transparent outside the page (which anti-aliases the page's edges), composited back to front
// over the uncovered rendering. The cylinder's silhouette (s = R) is anti-aliased by a coverage
// ramp one pixel wide. The per-pixel work is CompositorPainter+CurlWarp.swift.

import Foundation
import KinemaGeometry
import KinemaRaster
import OpenCoreGraphics

/// The geometry and shading of the "pageCurl" / "pageUnCurl" transitions (see the file's header).
///
/// ```swift
/// let curl = CurlTransition.geometry(bounds: CGRect(x: 0, y: 0, width: 160, height: 120), type: "pageCurl",
///                                    subtype: "fromBottom", progress: 0.5)
/// curl?.radius   // 15.7: a tenth of the page's extent across the axis
/// ```
package enum CurlTransition {
    /// UIKit's curl up (the page rolls up from the bottom edge, uncovering the new content).
    package static let curlType = "pageCurl"
    /// UIKit's curl down (the new page unrolls down from the top over the old content).
    package static let uncurlType = "pageUnCurl"
    /// The axis's tilt from parallel to the starting edge: n is the edge's outward direction
    /// turned 15° counter-clockwise on the (y-down) screen, so one corner lifts first —
    /// bottom-right for fromBottom, top-right for fromRight, top-left for fromTop, bottom-left
    /// for fromLeft. Apple's curls lead with a corner (UIKIT_SEMANTICS §3: the pageCurl filter's
    /// `inputAngle` is not a multiple of π/2); 15° is Kinema's choice.
    package static let axisTilt = 15.0 * Double.pi / 180
    /// The cylinder's radius as a fraction of the page's extent across the axis.
    package static let radiusFraction = 0.1
    /// The shadow the cylinder casts on the uncovered rendering: this wide (× the radius) beyond
    /// the silhouette, falling off as (1 − distance / width)², at most this strong (the colour ×
    /// (1 − 0.4 · falloff · the page's alpha at the cylinder's crest)).
    package static let shadowWidthFraction = 0.6
    package static let shadowStrength = 0.4
    /// Shading of the cylinder by its slope: the front side (seen inside the roll) × (1 − 0.3 ·
    /// sin θ), the back side × (1 − 0.35 · sin θ), θ = d / R; darkest at the silhouette.
    package static let frontShade = 0.3
    package static let backShade = 0.35
    /// The page's back: light grey paper (0.92) through which 35 % of the page's picture shows
    /// (mirrored, as it is seen from behind), 85 % opaque.
    package static let backGrey = 0.92
    package static let backImageWeight = 0.35
    package static let backOpacity = 0.85

    /// Where the curl is at one progress, in layer space.
    package struct Geometry: Sendable {
        /// The axis's unit normal in the page's plane, pointing to the edge the curl starts from.
        package var normal: SIMD2<Double>
        /// The axis is the line q · normal = offset.
        package var offset: Double
        package var radius: Double
        package var shadowWidth: Double
        /// Whether the curling page is the new rendering (pageUnCurl) rather than the old.
        package var pageIsNew: Bool
    }

    /// The curl of `bounds` at `progress` (0 … 1), or nil for bounds without a finite area.
    package static func geometry(bounds: CGRect, type: String, subtype: String?, progress: Double) -> Geometry? {
        let w = Double(bounds.width), h = Double(bounds.height)
        guard bounds.isFiniteRect, w > 0, h > 0, progress.isFinite else { return nil }
        let pageIsNew = type == uncurlType
        let p = min(max(pageIsNew ? 1 - progress : progress, 0), 1)
        // The starting edge's outward direction (UIKit's y-down screen), turned by the tilt:
        // (0, 1) → (sin, cos).
        let edge: SIMD2<Double>
        switch subtype {
        case "fromTop": edge = SIMD2(0, -1)
        case "fromLeft": edge = SIMD2(-1, 0)
        case "fromRight": edge = SIMD2(1, 0)
        default: edge = SIMD2(0, 1)
        }
        let c = cos(-axisTilt), s = sin(-axisTilt)
        let normal = SIMD2(edge.x * c - edge.y * s, edge.x * s + edge.y * c)
        let corners = [SIMD2(Double(bounds.minX), Double(bounds.minY)), SIMD2(Double(bounds.maxX), Double(bounds.minY)),
                       SIMD2(Double(bounds.maxX), Double(bounds.maxY)), SIMD2(Double(bounds.minX), Double(bounds.maxY))]
        let along = corners.map { ($0 * normal).sum() }
        guard let leading = along.max(), let trailing = along.min() else { return nil }
        let radius = radiusFraction * (leading - trailing)
        let shadowWidth = shadowWidthFraction * radius
        // From touching the leading corner to the silhouette and its shadow past the trailing one.
        let offset = leading - p * (leading - trailing + radius + shadowWidth)
        guard offset.isFinite, radius.isFinite, radius > 0 else { return nil }
        return Geometry(normal: normal, offset: offset, radius: radius, shadowWidth: shadowWidth, pageIsNew: pageIsNew)
    }
}

extension CompositorPainter {
    /// Draws `layer` (without its transition) mid-curl.
    func paintCurl(_ layer: CompositeLayer, _ t: CompositeTransition, progress p: Double, _ map: PathTransform,
                   surface: inout CompositorSurface, alpha: Float) {
        let bounds = layer.state.bounds
        guard let curl = CurlTransition.geometry(bounds: bounds, type: t.type, subtype: t.subtype, progress: p),
              let size = Self.transitionTextureSize(bounds, map) else { return }
        let area = Self.pixelArea(Self.box(of: bounds, map)).intersection(surface.clip)
        let det = map.determinant
        guard !area.isEmpty, det != 0, det.isFinite else { return }
        // Device pixel → layer point: the inverse of the affine map.
        let inverse = PathTransform(a: map.d / det, b: -map.b / det, c: -map.c / det, d: map.a / det,
                                    tx: (map.c * map.ty - map.d * map.tx) / det, ty: (map.b * map.tx - map.a * map.ty) / det)
        guard inverse.isFinite else { return }
        // The layer-space box of this band's pixels, and the page points they can show.
        let shown = Self.box(of: CGRect(x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height)),
                             inverse)
        // The page points they can read, by the part of the curl each pixel is in: flat (s ≤ 0)
        // pixels read the page there and its back mirrored in the line the page folds about;
        // pixels of the roll and its shadow read it between −R and πR further along n.
        let n = curl.normal, r = curl.radius
        let corners = [(area.x, area.y), (area.x + area.width, area.y), (area.x + area.width, area.y + area.height),
                       (area.x, area.y + area.height)].map { x, y in
            let q = inverse.apply(to: CGPoint(x: Double(x), y: Double(y)))
            return SIMD2(Double(q.x), Double(q.y))
        }
        let flat = Self.clip(corners, n, atMost: curl.offset)
        let ramp = abs(inverse.a * n.x + inverse.b * n.y) + abs(inverse.c * n.x + inverse.d * n.y)  // a pixel along n
        let rolled = Self.clip(Self.clip(corners, n, atLeast: curl.offset), n, atMost: curl.offset + r + curl.shadowWidth + ramp)
        let mirror = curl.offset + Double.pi * r / 2
        var pageNeeded = Self.box(flat).union(Self.box(flat.map { $0 - 2 * (($0 * n).sum() - mirror) * n }))
        pageNeeded = pageNeeded.union(Self.box(rolled.map { $0 - r * n })).union(Self.box(rolled.map { $0 + Double.pi * r * n }))
        let old = t.from.map { CompositeLayer(id: $0.id, state: $0.state, sublayers: $0.sublayers, mask: $0.mask) }
        let pagePart = curl.pageIsNew ? layer : old, underPart = curl.pageIsNew ? old : layer
        guard let page = pagePart.flatMap({ transitionTexture($0, bounds: bounds, size: size, needed: pageNeeded) }) ?? emptyTexture(bounds, size),
              let under = underPart.flatMap({ transitionTexture($0, bounds: bounds, size: size, needed: shown) }) ?? emptyTexture(bounds, size)
        else { return }
        defer {
            pool.give(page.image)
            pool.give(under.image)
        }
        // An opaque layer whose bounds lie on whole device pixels at the texture's density (an
        // unrotated layer at a whole-pixel position, the usual full-screen view) is drawn straight
        // into the surface: the bounds clip nothing there, so the offscreen and the fill through
        // the bounds (a millisecond a 720p frame) are not needed.
        let device = Self.box(of: bounds, map)
        let onGrid = alpha == 1 && map.b == 0 && map.c == 0
            && abs(map.a - page.scaleX) < 1e-12 && abs(map.d - page.scaleY) < 1e-12
            && [device.minX, device.minY, device.maxX, device.maxY].allSatisfy { abs($0 - $0.rounded()) < 1e-9 && abs($0) < 1e9 }
        if onGrid {
            let exact = PixelRect(x: Int(device.minX.rounded()), y: Int(device.minY.rounded()),
                                  width: Int(device.width.rounded()), height: Int(device.height.rounded())).intersection(surface.clip)
            guard !exact.isEmpty else { return }
            Self.curlPixels(curl, page: page, under: under, deviceToLayer: inverse, area: exact, into: &surface.region,
                            at: (exact.x, exact.y), blend: true)
            return
        }
        guard var result = pool.take(width: area.width, height: area.height) else { return }
        result.withMutableRegion { region in
            Self.curlPixels(curl, page: page, under: under, deviceToLayer: inverse, area: area, into: &region, at: (0, 0), blend: false)
        }
        // Within the bounds: composite through the bounds rectangle (anti-aliased edges).
        var rect = Path()
        rect.addRect(bounds)
        let pattern = ImagePattern(image: result, transform: ProjectiveTransform(a: 1, b: 0, c: 0, d: 1, tx: Double(area.x), ty: Double(area.y)),
                                   sampling: .nearest, tiling: .decal)
        surface.region.fill(rasterPath(rect, map), paint: .image(pattern), alpha: alpha, clip: .rect(area), using: &converter)
        pool.give(result)
    }

    /// A clear texture, for a transition whose layer was not shown before (no `from`).
    private func emptyTexture(_ bounds: CGRect, _ size: (width: Int, height: Int)) -> TransitionTexture? {
        guard let image = pool.take(width: size.width, height: size.height) else { return nil }
        return TransitionTexture(image: image, width: size.width, height: size.height, bounds: bounds,
                                 scaleX: Double(size.width) / Double(bounds.width), scaleY: Double(size.height) / Double(bounds.height),
                                 drawn: PixelRect(width: 0, height: 0))
    }

    /// The part of the convex `polygon` where q · n ≤ c (Sutherland–Hodgman, one plane).
    static func clip(_ polygon: [SIMD2<Double>], _ n: SIMD2<Double>, atMost c: Double) -> [SIMD2<Double>] {
        var kept: [SIMD2<Double>] = []
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let da = (a * n).sum() - c, db = (b * n).sum() - c
            if da <= 0 { kept.append(a) }
            if (da <= 0) != (db <= 0), da != db { kept.append(a + (b - a) * (da / (da - db))) }
        }
        return kept
    }

    /// The part of the convex `polygon` where q · n ≥ c.
    static func clip(_ polygon: [SIMD2<Double>], _ n: SIMD2<Double>, atLeast c: Double) -> [SIMD2<Double>] {
        clip(polygon, -n, atMost: -c)
    }

    /// The bounding box of `points` (null when there are none or they are not finite).
    static func box(_ points: [SIMD2<Double>]) -> CGRect {
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
              x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
