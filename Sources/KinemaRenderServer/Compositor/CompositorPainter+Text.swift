// CompositorPainter+Text: CATextLayer's text — laid out by KinemaText from the layer's
// presentation state, drawn into a backing store of bounds × contentsScale pixels, and the store
// drawn over the bounds like contents (so the layer's transform, opacity, group, mask and
// masksToBounds apply as to any contents).
//
// Audited against: CATextLayer docs ("The first line is aligned to the top of the layer"),
//   string, font ("only used when the string property is not an NSAttributedString"), fontSize
//   and foregroundColor (animatable; only used for a plain string), wrapped ("whether the text is
//   wrapped to fit within the receiver's bounds"), truncationMode (none: "the text is either
//   wrapped or clipped"; start / middle / end: the missing text is indicated by an ellipsis),
//   alignmentMode (natural, left, right, center, justified), contentsScale (the backing store's
//   pixels per point, default 1). Status: complete; the choices where Apple is silent are in
//   docs/LAYERS.md (CATextLayer).
//
// Caching. A layout depends on the text, font, size, bounds and modes, not on the colour, and is
// cached under them; the backing store also depends on the colour and the pixel size. Both live
// in the compositor's cache, which keeps what a frame used: a static text layer is laid out and
// rasterized once, then only composited; an animated fontSize lays out every frame, an animated
// colour only redraws the cached layout.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaText
import OpenCoreGraphics

extension CompositorPainter {
    /// The largest side of a text layer's backing store, in pixels; larger bounds × contentsScale
    /// are drawn at a lower density (with a diagnostic).
    static let maximumTextStoreSide = 8192.0
    /// The most pixels a text layer's backing store has (64 MB of RGBA).
    static let maximumTextStorePixels = 16_777_216.0

    /// Draws a text layer's text over its bounds.
    func paintText(_ text: TextLayerState, _ s: LayerState, _ map: PathTransform, surface: inout CompositorSurface,
                   alpha: Float) {
        guard let content = text.text else { return }
        let b = s.bounds
        guard b.width > 0, b.height > 0, b.isFiniteRect else { return }
        guard Self.pixelArea(Self.box(of: b, map), within: surface.clip) != nil else { return }
        var scale = s.contentsScale > 0 && s.contentsScale.isFinite ? Double(s.contentsScale) : 1
        let width = Double(b.width), height = Double(b.height)
        let limit = min(Self.maximumTextStoreSide / max(width, height), (Self.maximumTextStorePixels / (width * height)).squareRoot())
        let requested = scale
        scale = min(scale, limit)
        let pixelWidth = Int((width * scale).rounded(.up)), pixelHeight = Int((height * scale).rounded(.up))
        guard pixelWidth > 0, pixelHeight > 0 else { return }
        let layoutKey = TextLayerLayoutKey(text: content, state: text, size: b.size)
        var color: TextColor?
        if case .plain = content {
            // A nil colour draws black, as Core Text draws a string without a colour attribute.
            color = text.foregroundColor.map(TextLayerColors.textColor) ?? .black
            guard let color, color.alpha > 0 else { return }
        }
        let storeKey = TextStoreKey(layout: layoutKey, color: color, width: pixelWidth, height: pixelHeight, scale: scale)
        guard let store = cache.textStore(storeKey, make: {
            if scale < requested {
                KinemaDiagnostics.emit("CATextLayer", "a backing store of \(width) × \(height) points at \(requested)× is too large; drawn at \(scale)×")
            }
            let layout = cache.textLayout(layoutKey) { TextLayerLayout.layout(layoutKey) }
            return layout.flatMap { renderTextStore($0, color: color, size: b.size, width: pixelWidth, height: pixelHeight, scale: scale) }
        }) else { return }
        let perPixel = abs(map.determinant).squareRoot() / scale
        let filter = perPixel >= 1 ? s.magnificationFilter : s.minificationFilter
        // A store whose pixels land on whole device pixels one to one samples the same either
        // way: the nearest texel is cheaper than four.
        let corner = map.apply(to: b.origin)
        let aligned = abs(map.a / scale - 1) < 1e-9 && abs(map.d / scale - 1) < 1e-9 && map.b == 0 && map.c == 0
            && abs(corner.x - corner.x.rounded()) < 1e-6 && abs(corner.y - corner.y.rounded()) < 1e-6
        drawPiece(store, from: CGRect(x: 0, y: 0, width: width * scale, height: height * scale), to: b, map,
                  sampling: filter == .nearest || aligned ? .nearest : .bilinear, surface: &surface, alpha: alpha)
    }

    /// The backing store: `layout` drawn at `scale` pixels per point into `width` × `height`
    /// pixels (`size` points), glyphs in `color` when given (a plain string), else in their runs'
    /// colours. Shadows (an attributed string's NSShadow) go under all the text, blurred.
    func renderTextStore(_ layout: TextLayout, color: TextColor?, size: CGSize, width: Int, height: Int, scale: Double) -> Pixmap? {
        guard var store = try? Pixmap(width: width, height: height) else { return nil }
        let toPixels = PathTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
        let items = layout.paintItems(visible: CGRect(origin: .zero, size: size))
        let area = PixelRect(width: width, height: height)
        store.withMutableRegion { region in
            var surface = CompositorSurface(region: region, clip: area)
            // Backgrounds first, then every shadow, then the glyphs and bars.
            for item in items {
                if case .background(let rect, let fill) = item {
                    var path = Path()
                    path.addRect(rect)
                    self.fill(path, toPixels, color: fill.paint, surface: &surface, alpha: 1)
                }
            }
            for item in items {
                switch item {
                case .glyphs(let path, let own, let shadow?):
                    paintTextShadow(path, shadow, alpha: Float((color ?? own).alpha), toPixels, scale: scale, surface: &surface)
                case .bar(let rect, let own, let shadow?):
                    var path = Path()
                    path.addRect(rect)
                    paintTextShadow(path, shadow, alpha: Float((color ?? own).alpha), toPixels, scale: scale, surface: &surface)
                default:
                    continue
                }
            }
            for item in items {
                switch item {
                case .glyphs(let path, let own, _):
                    self.fill(path, toPixels, color: (color ?? own).paint, surface: &surface, alpha: 1)
                case .bar(let rect, let own, _):
                    var path = Path()
                    path.addRect(rect)
                    self.fill(path, toPixels, color: (color ?? own).paint, surface: &surface, alpha: 1)
                case .background:
                    continue
                }
            }
        }
        return store
    }

    /// `path`'s shadow: the path moved by the shadow's offset (points, y down), blurred by its
    /// radius (σ = radius / 2, as layer shadows), in its colour times the text's alpha.
    private func paintTextShadow(_ path: Path, _ shadow: TextShadow, alpha: Float, _ toPixels: PathTransform, scale: Double,
                                 surface: inout CompositorSurface) {
        let dx = Double(shadow.offset.width), dy = Double(shadow.offset.height)
        guard dx.isFinite, dy.isFinite, shadow.color.alpha > 0, alpha > 0 else { return }
        let moved = toPixels.concatenating(.translation(dx * scale, dy * scale))
        let sigma = shadow.blurRadius.isFinite ? max(0, shadow.blurRadius) / 2 * scale : 0
        guard sigma > 0.01 else {
            fill(path, moved, color: shadow.color.paint, surface: &surface, alpha: alpha)
            return
        }
        let area = surface.clip
        guard var plane = pool.take(width: area.width, height: area.height) else { return }
        plane.withMutableRegion { region in
            var offscreen = CompositorSurface(region: region, clip: PixelRect(width: area.width, height: area.height))
            fill(path, moved.concatenating(.translation(Double(-area.x), Double(-area.y))),
                 color: PaintColor(red: 0, green: 0, blue: 0, alpha: 1), surface: &offscreen, alpha: 1)
        }
        Self.alphaPlane(plane, area: PixelRect(width: area.width, height: area.height), into: &planeScratch)
        pool.give(plane)
        blurPlane(&planeScratch, width: area.width, height: area.height, sigma: sigma)
        paintPlane(&planeScratch, width: area.width, height: area.height, at: Double(area.x), Double(area.y),
                   color: shadow.color.paint, alpha: alpha,
                   surface: &surface)
    }
}

/// What a text layer's layout depends on. The text is compared in full (an unchanged string's
/// storage is shared from frame to frame, so that is a pointer comparison) and hashed by its
/// length and first characters only, so a long static string costs little per frame.
package struct TextLayerLayoutKey: Hashable, Sendable {
    let text: TextLayerText
    /// Used only for a plain string.
    let font: TextLayerFont?
    let fontSize: Double
    let size: CGSize
    let isWrapped: Bool
    let truncation: TextLineBreakMode?
    let alignment: TextAlignmentMode

    package init(text: TextLayerText, state: TextLayerState, size: CGSize) {
        self.text = text
        if case .plain = text {
            font = state.font
            fontSize = Double(state.fontSize)
        } else {
            font = nil
            fontSize = 0
        }
        self.size = size
        isWrapped = state.isWrapped
        truncation = TextLayerLayout.truncation(state.truncationMode)
        alignment = TextLayerLayout.alignment(state.alignmentMode)
    }

    package static func == (lhs: TextLayerLayoutKey, rhs: TextLayerLayoutKey) -> Bool {
        lhs.font == rhs.font && lhs.fontSize.bitPattern == rhs.fontSize.bitPattern && lhs.size == rhs.size
            && lhs.isWrapped == rhs.isWrapped && lhs.truncation == rhs.truncation && lhs.alignment == rhs.alignment
            && lhs.text == rhs.text
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(fontSize.bitPattern)
        hasher.combine(size.width)
        hasher.combine(size.height)
        hasher.combine(isWrapped)
        hasher.combine(truncation)
        hasher.combine(alignment)
        switch text {
        case .plain(let string):
            hasher.combine(0)
            hasher.combine(string.utf8.count)
            for unit in string.utf8.prefix(32) { hasher.combine(unit) }
        case .attributed(let attributed):
            hasher.combine(1)
            hasher.combine(attributed.styled.utf16.count)
            hasher.combine(attributed.styled.runs.count)
            for unit in attributed.styled.utf16.prefix(32) { hasher.combine(unit) }
        }
    }
}

/// What a text layer's backing store depends on.
struct TextStoreKey: Hashable, Sendable {
    let layout: TextLayerLayoutKey
    let color: TextColor?
    let width: Int
    let height: Int
    let scale: Double
}

/// How a text layer's properties become a KinemaText layout.
package enum TextLayerLayout {
    /// The layout of the key's text in its bounds; nil when no font can be read.
    ///
    /// Rules (docs/LAYERS.md): lines are set from the top of the bounds. Not wrapped and not
    /// truncated, each paragraph is one line, aligned within the bounds' width (a line wider than
    /// the bounds starts at the left edge) and clipped. Not wrapped and truncated, each paragraph
    /// is one line truncated to the bounds' width. Wrapped, lines break at word boundaries at the
    /// bounds' width (a word longer than the line at a character); a truncation mode then
    /// truncates the last line that fits the bounds' height. A plain string is set in `font` at
    /// `fontSize`; an attributed string in its own attributes, `alignmentMode` applying to its
    /// paragraphs whose alignment is natural.
    package static func layout(_ key: TextLayerLayoutKey) -> TextLayout? {
        let styled: StyledText
        let width = Double(key.size.width), height = Double(key.size.height)
        switch key.text {
        case .plain(let string):
            guard let font = key.font else { return nil }
            guard key.fontSize.isFinite, key.fontSize >= 0 else {
                KinemaDiagnostics.emit("CATextLayer", "fontSize \(key.fontSize) is not a size; nothing is drawn")
                return nil
            }
            let size = key.fontSize
            guard size > 0 else { return nil }
            var style = TextStyle(font: TextFont(request: font.request, size: size))
            style.paragraph.alignment = key.alignment
            styled = StyledText(string, style: style)
        case .attributed(let attributed):
            var text = attributed.styled
            if key.alignment != .natural {
                for i in text.runs.indices where text.runs[i].style.paragraph.alignment == .natural {
                    text.runs[i].style.paragraph.alignment = key.alignment
                }
            }
            styled = text
        }
        guard !styled.isEmpty else { return nil }
        // A few lines' height past the bounds: the line the bottom edge cuts is still set, and a
        // huge string is not laid out further than can show.
        let tallest = styled.runs.map { max($0.style.font.lineHeight, $0.style.font.size) }.max() ?? 0
        let reach = height + 2 * tallest + 1
        let container: TextContainer
        switch (key.isWrapped, key.truncation) {
        case (false, nil):
            container = TextContainer(width: .infinity, height: reach)
        case (false, let mode?):
            container = TextContainer(width: width, height: reach, lineBreakMode: mode, wrapsTruncatingLines: false)
        case (true, nil):
            container = TextContainer(width: width, height: reach, lineBreakMode: .wordWrapping)
        case (true, let mode?):
            container = TextContainer(width: width, height: height, lineBreakMode: mode, wrapsTruncatingLines: true)
        }
        var layout = TextLayoutEngine.layout(styled, in: container)
        if !key.isWrapped && key.truncation == nil {
            align(&layout, text: styled, width: width)
        }
        return layout
    }

    /// The size the text needs (`CATextLayer.preferredFrameSize()`): laid out in an unbounded
    /// width (wrapped: the bounds' width) and height, rounded up to whole points; zero without
    /// text.
    package static func preferredSize(_ state: TextLayerState, bounds: CGSize) -> CGSize {
        guard let text = state.text else { return .zero }
        let width = state.isWrapped ? bounds.width : .infinity
        let key = TextLayerLayoutKey(text: text, state: state, size: CGSize(width: width, height: .infinity))
        guard let layout = layout(key) else { return .zero }
        return CGSize(width: layout.size.width.rounded(.up), height: layout.size.height.rounded(.up))
    }

    /// Lines set in an unbounded width, moved to their alignment within `width`.
    static func align(_ layout: inout TextLayout, text: StyledText, width: Double) {
        for i in layout.lines.indices {
            let line = layout.lines[i]
            let alignment = text.style(at: line.range.lowerBound).paragraph.alignment
            let free = max(0, width - line.width)
            let target: Double
            switch alignment {
            case .center: target = free / 2
            case .right: target = free
            case .left, .natural, .justified: target = 0
            }
            let shift = target - line.minX
            guard shift != 0, shift.isFinite else { continue }
            layout.lines[i].minX += shift
            for r in line.runs.indices {
                layout.lines[i].runs[r].minX += shift
                layout.lines[i].runs[r].maxX += shift
                for p in line.runs[r].positions.indices { layout.lines[i].runs[r].positions[p].x += shift }
            }
        }
    }

    /// The engine's mode for a truncation mode; nil for none (and names Apple does not define).
    static func truncation(_ mode: CATextLayerTruncationMode) -> TextLineBreakMode? {
        switch mode {
        case .start: .truncatingHead
        case .middle: .truncatingMiddle
        case .end: .truncatingTail
        default: nil
        }
    }

    /// The engine's alignment for an alignment mode; natural for names Apple does not define.
    static func alignment(_ mode: CATextLayerAlignmentMode) -> TextAlignmentMode {
        switch mode {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        default: .natural
        }
    }
}
