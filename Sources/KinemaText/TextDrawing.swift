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
            if let visible, !Self.isVisible(line, origin: origin, in: visible) { continue }
            for run in line.runs {
                if let background = run.style.backgroundColor, background.alpha > 0 {
                    backgrounds.append(.item(.background(CGRect(x: origin.x + run.minX, y: origin.y + line.top,
                                                                width: run.maxX - run.minX, height: line.height), background)))
                }
                guard let color = run.style.foregroundColor else { continue }
                let shadow = run.style.shadow
                if color.alpha > 0 { items.append(.run(run, color, shadow)) }
                items += Self.bars(of: run, line: line, origin: origin, color: color).map { .item($0) }
            }
        }
        return backgrounds + items
    }

    /// A line's margin for visibility: glyphs reach past the line box (marks above, descenders below).
    private static func isVisible(_ line: TextLine, origin: CGPoint, in visible: CGRect) -> Bool {
        let top = origin.y + line.top, bottom = top + line.height
        let margin = line.height
        return !(bottom + margin < visible.minY || top - margin > visible.maxY)
    }

    /// The run's underline and strikethrough bars.
    private static func bars(of run: LineGlyphRun, line: TextLine, origin: CGPoint, color: TextColor) -> [TextPaintItem] {
        guard run.style.underline != 0 || run.style.strikethrough != 0 else { return [] }
        var items: [TextPaintItem] = []
        let shadow = run.style.shadow
        let y = origin.y + line.baseline - (run.style.baselineOffset.isFinite ? run.style.baselineOffset : 0)
        let thickness = max(run.font.underlineThickness, run.font.size / 18)
        if run.style.underline != 0 {
            let barColor = run.style.underlineColor ?? color
            let top = y - run.font.underlinePosition - thickness / 2
            for bar in bars(style: run.style.underline, top: top, thickness: thickness) {
                items.append(.bar(CGRect(x: origin.x + run.minX, y: bar.top, width: run.maxX - run.minX, height: bar.height), barColor, shadow))
            }
        }
        if run.style.strikethrough != 0 {
            let barColor = run.style.strikethroughColor ?? color
            let middle = y - run.font.xHeight / 2
            for bar in bars(style: run.style.strikethrough, top: middle - thickness / 2, thickness: thickness) {
                items.append(.bar(CGRect(x: origin.x + run.minX, y: bar.top, width: run.maxX - run.minX, height: bar.height), barColor, shadow))
            }
        }
        return items
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
    /// pixels per point). Shadows are not drawn here: they are the caller's (a CGContext's shadow
    /// state in string drawing, the compositor's blur for a text layer).
    ///
    /// Glyphs come from `GlyphCache.shared`: coverage masks rasterized once by the same scan
    /// converter, blended at their whole-pixel origin with a quarter-pixel phase (GlyphCache.swift
    /// says what that changes against filling the outlines; GlyphCacheTests bounds it). Glyphs
    /// too large for the cache, and draws at a scale or origin that is not finite, fill outlines.
    /// The layout keeps the masks it resolved: drawn again at the same origin, scale and region
    /// size with the same cache, it blends them without looking anything up
    /// (TextLayout+GlyphPlacements.swift).
    package func draw(into region: inout PixmapRegion, at origin: CGPoint = .zero, scale: Double = 1, alpha: Float = 1) {
        draw(into: &region, at: origin, scale: scale, alpha: alpha, cache: GlyphCache.shared)
    }

    /// `draw(into:at:scale:alpha:)` with the glyph cache to use; nil fills every glyph outline.
    package func draw(into region: inout PixmapRegion, at origin: CGPoint, scale: Double, alpha: Float, cache: GlyphCache?) {
        let cached = cache.flatMap { cache -> (GlyphCache, GlyphPlacements.Key)? in
            guard scale.isFinite, scale > 0, origin.x.isFinite, origin.y.isFinite, !alpha.isNaN else { return nil }
            return (cache, GlyphPlacements.Key(cache: ObjectIdentifier(cache), generation: cache.generation, scale: scale.bitPattern,
                                               originX: Double(origin.x).bitPattern, originY: Double(origin.y).bitPattern,
                                               width: region.width, height: region.height))
        }
        // The masks the last draw kept, when it drew at the same place and scale with the same
        // cache: blended before anything else is set up (a label redrawn unchanged does no more).
        if let (_, key) = cached, glyphPlacements.blendRoom(for: key, alpha: alpha, into: region) { return }
        let kept = cached.flatMap { glyphPlacements.placements(for: $0.1) }
        if let kept, kept.masksOnly {
            kept.blendAll(alpha: alpha, into: region)
            return
        }
        var converter = ScanConverter()
        let visible = CGRect(x: -origin.x, y: -origin.y, width: Double(region.frame.width) / scale, height: Double(region.frame.height) / scale)
        let transform = PathTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x * scale, ty: origin.y * scale)
        func fill(_ item: TextPaintItem) {
            var path = Path()
            switch item {
            case .background(let rect, let color), .bar(let rect, let color, _):
                path.addRect(rect, transform: transform)
                region.fill(Self.rasterPath(path), color: color.paint, alpha: alpha, using: &converter)
            case .glyphs(let outline, let color, _):
                path.addPath(outline, transform: transform)
                region.fill(Self.rasterPath(path), color: color.paint, alpha: alpha, using: &converter)
            }
        }
        guard let (cache, key) = cached else {
            for item in paintItems(visible: visible) { fill(item) }
            return
        }
        var builder = GlyphPlacements.Builder()
        // The same items in the same order as `paintItems`, walked without building them:
        // backgrounds, then per run its glyphs (masks, or outlines when too large) and its bars.
        for line in lines where Self.isVisible(line, origin: .zero, in: visible) {
            for run in line.runs {
                if let background = run.style.backgroundColor, background.alpha > 0 {
                    fill(.background(CGRect(x: run.minX, y: line.top, width: run.maxX - run.minX, height: line.height), background))
                    builder.masksOnly = false
                }
            }
        }
        var buffers = MaskBuffers()
        var maskRun = 0
        for line in lines where Self.isVisible(line, origin: .zero, in: visible) {
            for run in line.runs {
                guard let color = run.style.foregroundColor else { continue }
                if color.alpha > 0 {
                    if run.font.size * scale * 1.5 <= GlyphCache.maximumGlyphPixels {
                        if let kept, maskRun < kept.runs.count {
                            kept.blend(kept.runs[maskRun], alpha: alpha, into: region)
                        } else {
                            let first = builder.glyphs.count
                            resolveMasks(run, origin: origin, scale: scale, region: region, cache: cache, buffers: &buffers,
                                         into: &builder, converter: &converter)
                            let placed = GlyphPlacements.Run(color: color.paint, glyphs: first..<builder.glyphs.count)
                            builder.runs.append(placed)
                            GlyphPlacements.blend(builder.glyphs, placed.glyphs, color: placed.color, alpha: alpha, into: region)
                        }
                        maskRun += 1
                    } else {
                        let outline = run.outlines()
                        if !outline.isEmpty { fill(.glyphs(outline, color, nil)) }
                        builder.masksOnly = false
                    }
                }
                for bar in Self.bars(of: run, line: line, origin: .zero, color: color) {
                    fill(bar)
                    builder.masksOnly = false
                }
            }
        }
        if kept == nil { glyphPlacements.keep(builder.finish(key)) }
    }

    /// Buffers one draw reuses from run to run.
    private struct MaskBuffers {
        var requests: [GlyphCache.Request] = []
        var pixels: [(x: Int, y: Int)] = []
        var masks: [GlyphMask?] = []
    }

    /// One run's glyphs resolved to cached masks at their whole pixels, appended to `builder`'s
    /// glyphs (and their masks to its masks). Glyphs that cannot reach the region are left out.
    private func resolveMasks(_ run: LineGlyphRun, origin: CGPoint, scale: Double, region: PixmapRegion, cache: GlyphCache,
                              buffers: inout MaskBuffers, into builder: inout GlyphPlacements.Builder,
                              converter: inout ScanConverter) {
        guard run.font.scale > 0 else { return }
        let phases = Double(GlyphCache.phases)
        let ox = origin.x * scale, oy = origin.y * scale
        // Glyphs whose origin lies further than this outside the region cannot reach it.
        let reach = run.font.size * scale * 1.5 + 2
        let maxX = Double(region.width) + reach, maxY = Double(region.height) + reach
        buffers.requests.removeAll(keepingCapacity: true)
        buffers.pixels.removeAll(keepingCapacity: true)
        run.positions.withUnsafeBufferPointer { positions in
            run.glyphs.withUnsafeBufferPointer { glyphs in
                for i in 0..<min(glyphs.count, positions.count) {
                    let p = positions[i]
                    let x = p.x * scale + ox, y = p.y * scale + oy
                    guard x > -reach, x < maxX, y > -reach, y < maxY else { continue }
                    var ix = x.rounded(.down), iy = y.rounded(.down)
                    var qx = Int(((x - ix) * phases).rounded()), qy = Int(((y - iy) * phases).rounded())
                    if qx == GlyphCache.phases { qx = 0; ix += 1 }
                    if qy == GlyphCache.phases { qy = 0; iy += 1 }
                    buffers.pixels.append((Int(ix), Int(iy)))
                    buffers.requests.append(.init(glyph: glyphs[i], phase: qy * GlyphCache.phases + qx))
                }
            }
        }
        guard !buffers.requests.isEmpty else { return }
        cache.masks(face: run.font.face, pixelsPerUnit: run.font.scale * scale, requests: buffers.requests, into: &buffers.masks,
                    converter: &converter)
        for i in buffers.masks.indices {
            guard let mask = buffers.masks[i] else { continue }
            builder.masks.append(mask)
            builder.glyphs.append(PlacedGlyph(mask: mask, x: buffers.pixels[i].x, y: buffers.pixels[i].y))
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
