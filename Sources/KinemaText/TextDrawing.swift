// TextDrawing: what a laid-out text paints, in order — backgrounds, then per run its glyph
// outlines and its underline / strikethrough bars, each with the run's shadow — as paths in
// layout coordinates. A CGContext fills them with its own state (CTM, clip, alpha, shadows); the
// render server and the tests fill them into a Pixmap (`draw(into:)`). Glyph outlines come from
// FreeType through the face's outline cache; the rasterizer is Kinema's own, so text and shapes
// share one anti-aliasing model.

import Foundation
import KinemaGeometry
import KinemaRaster

/// One thing to paint.
package enum TextPaintItem: Sendable {
    /// A run's background colour behind its line box.
    case background(CGRect, TextColor)
    /// Glyph outlines (non-zero winding) in a colour, with the run's shadow if any.
    case glyphs(Path, TextColor, TextShadow?)
    /// An underline or strikethrough bar.
    case bar(CGRect, TextColor, TextShadow?)
}

extension LineGlyphRun {
    /// The run's glyph outlines in layout coordinates, moved by `origin`.
    package func outlines(offsetBy origin: CGPoint = .zero) -> Path {
        var path = Path()
        let scale = font.scale
        guard scale > 0 else { return path }
        for (i, glyph) in glyphs.enumerated() {
            let outline = font.face.outline(of: glyph)
            guard !outline.isEmpty else { continue }
            let p = positions[i]
            path.addPath(outline, transform: PathTransform(a: scale, b: 0, c: 0, d: -scale, tx: p.x + origin.x, ty: p.y + origin.y))
        }
        return path
    }
}

/// What `paintItems` and `draw` walk: the paint items in order, glyph runs not yet outlined.
private enum DrawItem {
    case item(TextPaintItem)
    case run(LineGlyphRun, TextColor, TextShadow?)
}

extension TextLayout {
    /// What the text paints when its layout origin is at `origin`, in painting order. Lines
    /// outside `visible` (when given) are skipped.
    package func paintItems(at origin: CGPoint = .zero, visible: CGRect? = nil) -> [TextPaintItem] {
        drawItems(at: origin, visible: visible).compactMap { item in
            switch item {
            case .item(let item): return item
            case .run(let run, let color, let shadow):
                let path = run.outlines(offsetBy: origin)
                return path.isEmpty ? nil : .glyphs(path, color, shadow)
            }
        }
    }

    private func drawItems(at origin: CGPoint, visible: CGRect?) -> [DrawItem] {
        var backgrounds: [DrawItem] = []
        var items: [DrawItem] = []
        for line in lines {
            if let visible {
                let top = origin.y + line.top, bottom = top + line.height
                // Glyphs reach past the line box (marks above, descenders below): a line's margin.
                let margin = line.height
                if bottom + margin < visible.minY || top - margin > visible.maxY { continue }
            }
            for run in line.runs {
                if let background = run.style.backgroundColor, background.alpha > 0 {
                    backgrounds.append(.item(.background(CGRect(x: origin.x + run.minX, y: origin.y + line.top,
                                                                width: run.maxX - run.minX, height: line.height), background)))
                }
                guard let color = run.style.foregroundColor else { continue }
                let shadow = run.style.shadow
                if color.alpha > 0 { items.append(.run(run, color, shadow)) }
                let y = origin.y + line.baseline - (run.style.baselineOffset.isFinite ? run.style.baselineOffset : 0)
                let thickness = max(run.font.underlineThickness, run.font.size / 18)
                if run.style.underline != 0 {
                    let barColor = run.style.underlineColor ?? color
                    let top = y - run.font.underlinePosition - thickness / 2
                    for bar in Self.bars(style: run.style.underline, top: top, thickness: thickness) {
                        items.append(.item(.bar(CGRect(x: origin.x + run.minX, y: bar.top, width: run.maxX - run.minX, height: bar.height),
                                                barColor, shadow)))
                    }
                }
                if run.style.strikethrough != 0 {
                    let barColor = run.style.strikethroughColor ?? color
                    let middle = y - run.font.xHeight / 2
                    for bar in Self.bars(style: run.style.strikethrough, top: middle - thickness / 2, thickness: thickness) {
                        items.append(.item(.bar(CGRect(x: origin.x + run.minX, y: bar.top, width: run.maxX - run.minX, height: bar.height),
                                                barColor, shadow)))
                    }
                }
            }
        }
        return backgrounds + items
    }

    /// NSUnderlineStyle's line kinds: single (1), thick (2), double (9); other values single.
    private static func bars(style: Int, top: Double, thickness: Double) -> [(top: Double, height: Double)] {
        switch style & 0xFF {
        case 0x02: return [(top, thickness * 2)]
        case 0x09: return [(top - thickness, thickness), (top + thickness, thickness)]
        default: return [(top, thickness)]
        }
    }

    /// Draws the text into `region` with its layout origin at `origin` (region pixels; `scale`
    /// pixels per point). Shadows are drawn unblurred-offset here only when `blurRadius` is 0;
    /// blurred shadows are the caller's (a CGContext's shadow state, the compositor's).
    ///
    /// Glyphs come from `GlyphCache.shared`: coverage masks rasterized once by the same scan
    /// converter, blended at their whole-pixel origin with a quarter-pixel phase (GlyphCache.swift
    /// says what that changes against filling the outlines; GlyphCacheTests bounds it). Glyphs
    /// too large for the cache, and draws at a scale or origin that is not finite, fill outlines.
    package func draw(into region: inout PixmapRegion, at origin: CGPoint = .zero, scale: Double = 1, alpha: Float = 1) {
        draw(into: &region, at: origin, scale: scale, alpha: alpha, cache: GlyphCache.shared)
    }

    /// `draw(into:at:scale:alpha:)` with the glyph cache to use; nil fills every glyph outline.
    package func draw(into region: inout PixmapRegion, at origin: CGPoint, scale: Double, alpha: Float, cache: GlyphCache?) {
        var converter = ScanConverter()
        let visible = CGRect(x: -origin.x, y: -origin.y, width: Double(region.frame.width) / scale, height: Double(region.frame.height) / scale)
        let transform = PathTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x * scale, ty: origin.y * scale)
        let masksUsable = cache != nil && scale.isFinite && scale > 0 && origin.x.isFinite && origin.y.isFinite && !alpha.isNaN
        var requests: [GlyphCache.Request] = []
        var masks: [GlyphMask?] = []
        for item in drawItems(at: .zero, visible: visible) {
            switch item {
            case .item(.background(let rect, let color)), .item(.bar(let rect, let color, _)):
                var path = Path()
                path.addRect(rect, transform: transform)
                region.fill(Self.rasterPath(path), color: color.paint, alpha: alpha, using: &converter)
            case .item(.glyphs(let outline, let color, _)):
                var path = Path()
                path.addPath(outline, transform: transform)
                region.fill(Self.rasterPath(path), color: color.paint, alpha: alpha, using: &converter)
            case .run(let run, let color, _):
                let em = run.font.size * scale
                if let cache, masksUsable, em * 1.5 <= GlyphCache.maximumGlyphPixels {
                    drawMasks(run, color: color, origin: origin, scale: scale, alpha: alpha, into: region, cache: cache,
                              requests: &requests, masks: &masks, converter: &converter)
                } else {
                    var path = Path()
                    path.addPath(run.outlines(), transform: transform)
                    if !path.isEmpty { region.fill(Self.rasterPath(path), color: color.paint, alpha: alpha, using: &converter) }
                }
            }
        }
    }

    /// One run's glyphs blended from cached masks.
    private func drawMasks(_ run: LineGlyphRun, color: TextColor, origin: CGPoint, scale: Double, alpha: Float, into region: PixmapRegion,
                           cache: GlyphCache, requests: inout [GlyphCache.Request], masks: inout [GlyphMask?],
                           converter: inout ScanConverter) {
        let source = color.paint.multipliedAlpha(min(max(alpha, 0), 1)).premultiplied
        guard source.alpha > 0, run.font.scale > 0 else { return }
        let phases = Double(GlyphCache.phases)
        let ox = origin.x * scale, oy = origin.y * scale
        requests.removeAll(keepingCapacity: true)
        var pixels: [(x: Int, y: Int)] = []
        pixels.reserveCapacity(run.glyphs.count)
        for (i, glyph) in run.glyphs.enumerated() {
            let p = run.positions[i]
            let x = p.x * scale + ox, y = p.y * scale + oy
            // Far outside any pixmap: skip (the fill would clip it away).
            guard abs(x) < 1e9, abs(y) < 1e9 else {
                pixels.append((Int.min, Int.min))
                requests.append(.init(glyph: glyph, phase: -1))
                continue
            }
            var ix = x.rounded(.down), iy = y.rounded(.down)
            var qx = Int(((x - ix) * phases).rounded()), qy = Int(((y - iy) * phases).rounded())
            if qx == GlyphCache.phases { qx = 0; ix += 1 }
            if qy == GlyphCache.phases { qy = 0; iy += 1 }
            pixels.append((Int(ix), Int(iy)))
            requests.append(.init(glyph: glyph, phase: qy * GlyphCache.phases + qx))
        }
        let visibleRequests = requests.filter { $0.phase >= 0 }
        cache.masks(face: run.font.face, pixelsPerUnit: run.font.scale * scale, requests: visibleRequests, into: &masks, converter: &converter)
        let packed = source.packed
        var k = 0
        for i in requests.indices where requests[i].phase >= 0 {
            defer { k += 1 }
            guard let mask = masks[k] else { continue }
            mask.blend(into: region, x: pixels[i].x, y: pixels[i].y, color: packed)
        }
    }

    /// `path` flattened (0.1 device pixel) into the rasterizer's segments.
    package static func rasterPath(_ path: Path) -> RasterPath {
        var raster = RasterPath()
        for contour in path.flattened(tolerance: 0.1) {
            guard let first = contour.points.first else { continue }
            raster.move(to: DevicePoint(x: first.x, y: first.y))
            for point in contour.points.dropFirst() { raster.addLine(to: DevicePoint(x: point.x, y: point.y)) }
            raster.closeContour()
        }
        return raster
    }
}

extension TextColor {
    package var paint: PaintColor {
        PaintColor(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(alpha))
    }
}
