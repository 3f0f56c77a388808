// Compositor: draws a `CompositeLayer` tree into a Pixmap — Core Animation's render step.
//
// Audited against: Core Animation Programming Guide → "Core Animation Basics" (layer trees,
//   layer geometry, "Layers Can Be Manipulated in Three Dimensions"), "Changing the Layer's
//   Appearance" (background, border, shadow, corner radius, contents, masks), the CALayer,
//   CAShapeLayer, CAGradientLayer, CAReplicatorLayer, CATransformLayer and CATransition class
//   docs. What each feature does, the documents it follows and the choices where Apple is silent
//   are in docs/COMPOSITOR.md; the per-feature code is in the Compositor*.swift files.
// Status: complete for the features listed in docs/COMPOSITOR.md; known gaps are listed there
//   (filters and compositingFilter are not modelled, preservesDepth is
//   ignored).
//
// Structure. `Compositor.render` clears the target and splits it into horizontal bands whose
// number depends on the frame's height only (so every machine draws the same pixels), shared out
// among the threads (`DispatchQueue.concurrentPerform`). Every band draws the whole tree through its own
// `CompositorPainter`, clipped to the band: the tree is immutable and each painter owns its scan
// converter and its pool of offscreen pixmaps, so bands share nothing mutable except the
// `CompositorCache` (behind a mutex). A tree with a backdrop blur is drawn as one band, because
// a blur reads pixels across band edges that another thread may still be drawing.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaText
import KinemaTiming
import OpenCoreGraphics
import Synchronization

/// Draws layer trees into pixmaps, reusing its buffers from frame to frame.
///
/// ```swift
/// let compositor = Compositor()
/// var frame = try Pixmap(width: 640, height: 480)
/// compositor.render(CompositeLayer(modelTree: rootLayer), into: &frame, scale: 2)
/// ```
/// **Semantics.** `render` clears the target to transparent, then draws the root layer and its
/// sublayers back to front in the viewport's top-left-origin, y-down space, points × `scale` =
/// pixels. See docs/COMPOSITOR.md for each property's treatment.
///
/// **Cost.** Proportional to the pixels the layers cover, plus an offscreen pass for each layer
/// that needs one (group opacity, a shadow without `shadowPath`, a mask, `masksToBounds` with
/// content, a non-affine 3-D transform, a transition). Not `Sendable`: one compositor per
/// rendering thread; it keeps offscreen pixmaps (pooled by size) and a cache of stroked paths and
/// gradient images between frames.
package final class Compositor {
    /// The number of bands a frame is split into (at least 1).
    package let threads: Int
    /// One painter per band, kept between frames with their pools.
    var painters: [CompositorPainter]
    let cache = CompositorCache()
    /// What `renderDamage` kept of the last frame it drew (FrameDamage.swift).
    var lastFrame: FrameRecord?

    package init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.threads = max(1, min(threads, 64))
        painters = []
    }

    /// Clears `target` to transparent, then draws `root`'s tree. Points → pixels by `scale`;
    /// the viewport's origin is the top-left (UIKit orientation, y down): a root layer with
    /// position (50,50), bounds 100×100, anchor 0.5 covers pixels 0..<100·scale.
    package func render(_ root: CompositeLayer, into target: inout Pixmap, scale: CGFloat) {
        guard scale.isFinite, scale > 0 else {
            target.clear()
            KinemaDiagnostics.emit("Compositor", "scale \(scale) is not a positive number; nothing was drawn")
            return
        }
        let rootMap = CATransform3DConcat(LayerGeometry.transformToSuperlayer(root.state, superlayer: nil),
                                          CATransform3DMakeScale(scale, scale, 1))
        render(root, into: &target, rootMap: rootMap)
    }

    /// Clears `target`, then draws `root`'s tree with `rootMap` taking the root's bounds space to
    /// the target's pixels (each band clears its own rows, on its own thread):
    /// `render(_:into:scale:)` and `CALayer.render(in:)` use it.
    ///
    /// A tree more than `LayerTreeDepth.inlineLevels` deep is drawn, all bands in turn, on a
    /// thread whose stack is sized for its depth (the walk is recursive, ~18 KB a level in a
    /// debug build); when no such thread can be made the target is left clear, with a diagnostic.
    package func render(_ root: CompositeLayer, into target: inout Pixmap, rootMap: CATransform3D) {
        guard target.width > 0, target.height > 0 else { return }
        let levels = LayerTreeDepth.levels(of: root)
        if levels <= LayerTreeDepth.inlineLevels {
            renderBands(root, into: &target, rootMap: rootMap, threads: threads)
            return
        }
        let drawn = LayerTreeDepth.runOnStack(forLevels: levels) {
            renderBands(root, into: &target, rootMap: rootMap, threads: 1)
        }
        if !drawn {
            target.clear()
            KinemaDiagnostics.emit("Compositor", "a tree \(levels) levels deep needs a thread with a larger stack than can be made; nothing was drawn")
        }
    }

    /// `render(_:into:rootMap:)` on the current thread, the bands shared among `threads`. With
    /// `damage` (target pixels), only the bands it meets are drawn, each only inside the box of
    /// the damage in its rows (its window) — computed exactly as in a full frame (FrameDamage.swift)
    /// — and every other pixel keeps its value. Returns the windows drawn, or nil when every band
    /// was drawn whole.
    @discardableResult
    func renderBands(_ root: CompositeLayer, into target: inout Pixmap, rootMap: CATransform3D, threads: Int,
                     only damage: [PixelRect]? = nil, boxes: [UInt64: PixelRect]? = nil) -> [PixelRect]? {
        let height = target.height, width = target.width
        // The bands depend on the frame's height only, never on the thread count, so a frame is
        // the same bit for bit on any machine (a band's pixels can differ by a level from the
        // same rows drawn as part of another band: shadow blurs sum from the band's edge).
        // One band when something reads across band edges.
        let bandCount = Self.containsBackdropBlur(root) ? 1 : Self.bandCount(height: height)
        let bandHeight = (height + bandCount - 1) / bandCount
        func rows(_ index: Int) -> PixelRect {
            PixelRect(x: 0, y: index * bandHeight, width: width, height: min(bandHeight, height - index * bandHeight))
        }
        // Each band to draw, with the part of it to draw (nil: all of it).
        var planned: [(index: Int, window: PixelRect?)] = []
        if let damage {
            for index in 0 ..< bandCount {
                let band = rows(index)
                var window: PixelRect?
                for rect in damage {
                    let part = rect.intersection(band)
                    if !part.isEmpty { window = window.map { $0.union(part) } ?? part }
                }
                if let window { planned.append((index, window == band ? nil : window)) }
            }
        } else {
            planned = (0 ..< bandCount).map { ($0, nil) }
        }
        let jobs = planned
        let drawn = damage == nil ? nil : jobs.map { $0.window ?? rows($0.index) }
        let workers = min(threads, jobs.count)
        guard workers > 0 else { return drawn }
        while painters.count < workers { painters.append(CompositorPainter(cache: cache)) }
        cache.beginFrame()
        target.withMutableRegion { whole in
            let shared = SharedRegion(base: whole.base, width: width, height: height, rowStride: whole.rowStride)
            let painters = PainterList(painters: painters)
            @Sendable func paintBand(_ index: Int, window: PixelRect?, with painter: CompositorPainter) {
                let y0 = index * bandHeight
                let rows = min(bandHeight, height - y0)
                guard rows > 0 else { return }
                // Every band draws in frame coordinates, through the same map, into the whole
                // frame clipped to its rows: the geometry (and so every edge pixel) is the same
                // whichever band a layer is drawn in, and what one band works out serves all. A
                // window limits the pixels written, never what is computed.
                var frame = shared.whole
                frame.writeWindow = window
                var cleared = shared.band(y: y0, height: rows)
                if let window {
                    cleared.clear(PixelRect(x: window.x, y: window.y - y0, width: window.width, height: window.height))
                } else {
                    cleared.clear()
                }
                painter.paintRoot(root, map: rootMap, region: frame, clip: PixelRect(x: 0, y: y0, width: width, height: rows),
                                  boxes: window == nil ? nil : boxes)
            }
            if workers == 1 {
                for job in jobs { paintBand(job.index, window: job.window, with: painters.painters[0]) }
                return
            }
            // Worker w draws the w-th band to draw, then the (w + workers)-th, …; a band's pixels
            // do not depend on the painter drawing it.
            // Task-locals do not reach the worker threads: carry the caller's diagnostics
            // collection over, so what a band reports is collected as on the caller's thread.
            let collection = KinemaDiagnostics.current
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                KinemaDiagnostics.withCollection(collection) {
                    var position = worker
                    while position < jobs.count {
                        paintBand(jobs[position].index, window: jobs[position].window, with: painters.painters[worker])
                        position += workers
                    }
                }
            }
        }
        cache.endFrame()
        return drawn
    }

    /// The most offscreen groups nested in one another in the last frame drawn (at most
    /// `CompositorPainter.maximumOffscreenLevels`).
    package var deepestOffscreenLevels: Int {
        painters.map(\.deepestOffscreenLevels).max() ?? 0
    }

    /// The box, in the root's bounds space, that the root's tree can paint (shadows included;
    /// the root's own transform and position are not applied); nil when it paints nothing.
    package func extent(of root: CompositeLayer) -> CGRect? {
        if painters.isEmpty { painters.append(CompositorPainter(cache: cache)) }
        let painter = painters[0]
        var box: CGRect?
        let levels = LayerTreeDepth.levels(of: root)
        if !LayerTreeDepth.runOnStack(forLevels: levels, {
            painter.localBoxes.removeAll()
            box = painter.subtreeBox(root, .identity)
            painter.localBoxes.removeAll()
        }) {
            KinemaDiagnostics.emit("Compositor", "a tree \(levels) levels deep needs a thread with a larger stack than can be made; its extent is taken as empty")
        }
        return box
    }

    /// How many horizontal bands a frame of `height` pixels is drawn in: one per 180 rows, at most
    /// 8 (a 720-row frame: 4 bands) — a function of the height alone.
    static func bandCount(height: Int) -> Int {
        max(1, min(8, height / 180))
    }

    /// Whether any visible layer of the tree blurs its backdrop.
    /// Iterative: a tree may be deeper than the thread's stack allows recursion.
    static func containsBackdropBlur(_ root: CompositeLayer) -> Bool {
        var pending = [root]
        while let layer = pending.popLast() {
            if layer.state.isHidden { continue }
            if layer.state.hasBackdropEffect { return true }
            if let from = layer.transition?.from { pending.append(from) }
            pending.append(contentsOf: layer.sublayers)
        }
        return false
    }
}

/// The target's pixels, handed to the band threads. Each band writes only its own rows, so the
/// shared pointer is safe to use from several threads at once.
private struct SharedRegion: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int
    let rowStride: Int

    /// The whole frame; a band thread writes only inside its band's rows (its clip).
    var whole: PixmapRegion {
        PixmapRegion(base: base, frame: PixelRect(x: 0, y: 0, width: width, height: height), rowStride: rowStride)
    }

    func band(y: Int, height rows: Int) -> PixmapRegion {
        PixmapRegion(base: base + y * rowStride, frame: PixelRect(x: 0, y: y, width: width, height: rows), rowStride: rowStride)
    }
}

/// The painters, handed to the band threads: band `i` uses only `painters[i]`.
private struct PainterList: @unchecked Sendable {
    let painters: [CompositorPainter]
}

/// Per-layer work kept between frames, shared by the bands of one compositor.
///
/// **Semantics.** Entries are keyed by what determines them (layer id and the properties used),
/// so a stale entry can never be returned; entries not used during a frame are dropped at its
/// end, so the cache holds at most what one frame needs.
final class CompositorCache: Sendable {
    private struct Store {
        var outlines: [OutlineKey: Entry<Path>] = [:]
        /// Stroke outlines mapped to the frame and flattened, shared by the bands (each band
        /// draws through the same map) and by the next frame when the map stays.
        var rasterOutlines: [RasterOutlineKey: Entry<RasterPath>] = [:]
        var gradients: [GradientKey: Entry<Pixmap>] = [:]
        /// Text layers' layouts and backing stores (nil: nothing to draw, kept so that it is not
        /// worked out again every frame).
        var textLayouts: [TextLayerLayoutKey: Entry<TextLayout?>] = [:]
        var textStores: [TextStoreKey: Entry<Pixmap?>] = [:]
        var frame = 0
    }

    private struct Entry<Value> {
        var value: Value
        var lastUsed: Int
    }

    private let store = LockedValue(Store())

    func beginFrame() {
        store.withLock { $0.frame += 1 }
    }

    func endFrame() {
        store.withLock { s in
            let frame = s.frame
            s.outlines = s.outlines.filter { $0.value.lastUsed == frame }
            s.rasterOutlines = s.rasterOutlines.filter { $0.value.lastUsed == frame }
            s.gradients = s.gradients.filter { $0.value.lastUsed == frame }
            s.textLayouts = s.textLayouts.filter { $0.value.lastUsed == frame }
            s.textStores = s.textStores.filter { $0.value.lastUsed == frame }
        }
    }

    /// The cached outline for `key`, or `make()`'s result, stored.
    func outline(_ key: OutlineKey, make: () -> Path) -> Path {
        cached(\.outlines, key, make: make) ?? Path()   // never nil: make() always gives a path
    }

    /// The cached raster path for `key`, or `make()`'s result, stored.
    func rasterOutline(_ key: RasterOutlineKey, make: () -> RasterPath) -> RasterPath {
        cached(\.rasterOutlines, key, make: make) ?? RasterPath()   // never nil: make() always gives one
    }

    /// The cached gradient image for `key`, or `make()`'s result, stored.
    func gradient(_ key: GradientKey, make: () -> Pixmap?) -> Pixmap? {
        cached(\.gradients, key, make: make)
    }

    /// The cached layout of a text layer for `key`, or `make()`'s result, stored (nil too).
    func textLayout(_ key: TextLayerLayoutKey, make: () -> TextLayout?) -> TextLayout? {
        cached(\.textLayouts, key, make: { .some(make()) }) ?? nil
    }

    /// The cached backing store of a text layer for `key`, or `make()`'s result, stored (nil too).
    func textStore(_ key: TextStoreKey, make: () -> Pixmap?) -> Pixmap? {
        cached(\.textStores, key, make: { .some(make()) }) ?? nil
    }

    /// The entry of `table` under `key`, marked used this frame; else `make()`'s result, stored
    /// (nil when `make` gives nil). The lock is not held while `make` runs.
    private func cached<Key: Hashable, Value>(_ table: WritableKeyPath<Store, [Key: Entry<Value>]>, _ key: Key,
                                              make: () -> Value?) -> Value? {
        if let hit = store.withLock({ s -> Value? in
            guard var entry = s[keyPath: table][key] else { return nil }
            entry.lastUsed = s.frame
            s[keyPath: table][key] = entry
            return entry.value
        }) { return hit }
        guard let value = make() else { return nil }
        store.withLock { s in s[keyPath: table][key] = Entry(value: value, lastUsed: s.frame) }
        return value
    }
}

/// What a stroked (or filled) shape outline depends on. The path is held (not just its address),
/// so its identity cannot be reused by another path while the entry lives.
struct OutlineKey: Hashable, @unchecked Sendable {
    let layer: UInt64
    let path: CGPath
    let shape: ShapeLayerState
    let tolerance: Double

    static func == (lhs: OutlineKey, rhs: OutlineKey) -> Bool {
        lhs.layer == rhs.layer && lhs.path === rhs.path && lhs.shape == rhs.shape && lhs.tolerance == rhs.tolerance
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(layer)
        hasher.combine(ObjectIdentifier(path))
        hasher.combine(tolerance)
    }
}

/// A stroke outline (`OutlineKey`) mapped by `map` to frame pixels and flattened.
struct RasterOutlineKey: Hashable, Sendable {
    let outline: OutlineKey
    let map: PathTransform
}

/// What a gradient layer's image depends on.
struct GradientKey: Hashable, @unchecked Sendable {
    let layer: UInt64
    let gradient: GradientLayerState
    let width: Int
    let height: Int
    let size: CGSize

    static func == (lhs: GradientKey, rhs: GradientKey) -> Bool {
        lhs.layer == rhs.layer && lhs.gradient == rhs.gradient && lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.size == rhs.size
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(layer)
        hasher.combine(width)
        hasher.combine(height)
    }
}
