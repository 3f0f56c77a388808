// GIFWriter: a FrameSink writing animated GIF: per-frame Oklab palettes, optional Floyd–Steinberg
// dithering, delta frames, exact total duration in centiseconds, NETSCAPE2.0 looping.
//
// Audited against: GIF89a specification §17 (header), §18 (logical screen descriptor), §20 (image
// descriptor), §21 (local colour table), §22 (image data), §23 (graphic control extension:
// disposal 1 "do not dispose", 2 "restore to background", transparent colour index, delay in
// 1/100 s), §27 (trailer); the NETSCAPE2.0 application extension (sub-block 1: loop count, 0 =
// forever); browsers' display model (canvas starts transparent; "restore to background" clears
// the frame rectangle to transparent; delays of 0–1 cs are played as 10 cs).
// Status: complete. Left out: a global colour table (each frame has its own), interlacing,
// pixel aspect ratio, comments.

import CKinemaCodecs
import Foundation
import KinemaRaster

/// Records frames into an animated GIF, encoding on a background queue.
///
/// ```swift
/// let gif = try GIFWriter(url: URL(filePath: "bounce.gif"))
/// for i in 0..<60 { try gif.append(render(Double(i) / 60), duration: 1.0 / 60) }
/// try gif.finish()
///
/// let memory = try GIFWriter()            // into Data
/// try memory.append(frame, duration: 0.5)
/// try memory.finish()
/// let bytes = memory.data
/// ```
///
/// **Semantics.**
/// - *Colour.* Pixels are un-premultiplied; alpha < 128 becomes transparent, alpha ≥ 128 is drawn
///   opaque with its straight colour (GIF has one bit of alpha). Each frame gets its own local
///   palette built from the pixels it changes (`PaletteQuantizer`: exact when they hold ≤ 256
///   colours, else median cut + k-means in Oklab). A global palette is not offered: it would need
///   every frame buffered (or two passes) before the first byte, and per-frame palettes follow
///   colour changes better. With `dithering`, frames that need more colours than the palette
///   holds get serpentine Floyd–Steinberg error diffusion (in sRGB codes, only across the pixels
///   the frame changes); frames whose colours fit are exact either way.
/// - *Delta frames.* A frame draws only the bounding box of the pixels that differ from the
///   canvas as the viewer shows it; unchanged pixels inside the box are the transparent index,
///   disposal "do not dispose", so a still background costs nothing after the first frame. When
///   the next frame turns visible pixels transparent (which drawing cannot do), the frame before
///   it gets disposal "restore to background" over a box grown to cover them, and the next frame
///   redraws what must stay. A frame identical to the previous one lengthens its delay instead of
///   being written.
/// - *Delays.* Frame k starts at `s_k = round(100 × Σ earlier durations)` centiseconds and lasts
///   until the next written frame starts, so rounding never accumulates: the file's total is the
///   exact total rounded to 1 cs (3 × 1/3 s → 33, 34, 33). Browsers play delays under 2 cs as
///   10 cs, so none is written. When a frame would start less than 2 cs after the frame before
///   it, it starts 2 cs after that frame instead if that is at most 1 cs later than `s_k`;
///   otherwise it replaces that frame's picture from that frame's start (the older picture is
///   dropped). Every frame thus starts within 1 cs of its own time, and 60 fps
///   (starts 0, 2, 3, 5, 7, 8, 10 …) is written at 50 fps with delays of 2 cs. The last frame
///   lasts at least 2 cs (the total may then be 1 cs long). A delay above 65 535 cs is split
///   over repeated frames.
/// - *Loop.* `options.loopCount` (0 forever; nil: no NETSCAPE2.0 block).
/// - Deterministic: the same frames and options give the same bytes.
///
/// **Cost.** Per frame: un-premultiply (4 bytes a pixel), one pass to find the changed box, a
/// histogram and palette of the changed pixels, one mapping pass, LZW. Told where a frame
/// changed (`Stage.record` passes its damage rectangles), it converts and searches only those
/// rectangles (the rest is one copy of the frame before); the file is the same. Memory: the
/// canvas state, two frames held for timing and look-ahead and one reused for the next
/// (4 × 4 bytes a pixel), plus `options.framesInFlight` queued `Pixmap`s. The caller's thread
/// only checks and queues.
public final class GIFWriter: FrameSink, DamageHintedFrameSink, Sendable {
    /// GIF stores sizes in 16 bits.
    public static let maximumSide = 65_535

    private let pipeline: FramePipeline

    /// A writer into the file at `url`. The bytes go to a hidden temporary file beside it, which
    /// replaces `url` only when `finish()` succeeds: until then, and after any failure, an
    /// existing file at `url` keeps its content. A symlink is written through (its target is
    /// replaced); a read-only file, a directory or a missing folder is an error now.
    public convenience init(url: URL, options: FrameSinkOptions = FrameSinkOptions()) throws(EncodingError) {
        try options.validate()
        try self.init(output: EncodedOutput(url: url), options: options)
    }

    /// A writer into memory; read `data` after `finish()`.
    public convenience init(options: FrameSinkOptions = FrameSinkOptions()) throws(EncodingError) {
        try options.validate()
        try self.init(output: EncodedOutput(), options: options)
    }

    private init(output: EncodedOutput, options: FrameSinkOptions) throws(EncodingError) {
        pipeline = try FramePipeline(core: GIFEncoderCore(output: output, options: options), label: "gif",
                                     depth: options.framesInFlight, maxSide: Self.maximumSide)
    }

    public func append(_ frame: Pixmap, duration: Double) throws(EncodingError) {
        try pipeline.append(frame, duration: duration)
    }

    /// `append(_:duration:)` told where `frame` differs from the last frame appended: the
    /// encoder compares frames and looks for changed and vanishing pixels only there. The file
    /// is the same.
    package func append(_ frame: Pixmap, duration: Double, changed: [PixelRect]?) throws(EncodingError) {
        try pipeline.append(frame, duration: duration, changed: changed)
    }

    public func finish() throws(EncodingError) { try pipeline.finish() }

    /// The bytes written so far when writing into memory (the whole file after `finish()`);
    /// nil for a file writer.
    public var data: Data? {
        pipeline.withCore { core in
            guard let core = core as? GIFEncoderCore, core.output.path == nil else { return nil }
            return core.output.memory
        }
    }
}

/// The GIF encoder proper: timing, look-ahead, delta, palette, LZW. Used on one queue only.
final class GIFEncoderCore: FrameEncoderCore {
    /// Shorter delays are played as 10 cs by browsers; none is written.
    static let minimumDelay = 2
    /// How much later than its own (rounded) start a frame may begin, in cs, to make room for
    /// the 2 cs of the frame before it.
    static let maximumLateness = 1
    static let maximumDelay = 65_535

    let output: EncodedOutput
    let options: FrameSinkOptions
    let quantizer = PaletteQuantizer()
    var width = 0
    var height = 0
    /// What the viewer's canvas represents: each pixel's target value (0 = transparent).
    var represented: [UInt32] = []
    /// Sum of the durations consumed so far, in seconds.
    var elapsed: Double = 0
    /// The newest frame, waiting to learn its end (or to be replaced by a frame < 2 cs later);
    /// `changes`: where it can differ from the last frame handed off.
    var pending: (target: [UInt32], start: Int, changes: ChangedArea)?
    /// A frame with its final delay, waiting for the next one (its disposal depends on it);
    /// `changes`: where it can differ from the last frame encoded.
    var ready: (target: [UInt32], delay: Int, changes: ChangedArea)?
    /// The box the last frame encoded cleared to transparent after showing (nil: none), where
    /// `represented` differs from that frame's target.
    var cleared: PixelRect?
    /// A frame-sized array no longer in use, for the next frame's conversion.
    var spare: [UInt32]?

    init(output: EncodedOutput, options: FrameSinkOptions) {
        self.output = output
        self.options = options
    }

    func consume(_ frame: Pixmap, duration: Double, index: Int) throws(EncodingError) {
        try consume(frame, duration: duration, index: index, changed: nil)
    }

    func consume(_ frame: Pixmap, duration: Double, index: Int, changed: [PixelRect]?) throws(EncodingError) {
        if index == 0 {
            width = frame.width
            height = frame.height
            represented = [UInt32](repeating: 0, count: width * height)
            try output.write(header())
        }
        let start = Self.centiseconds(elapsed)
        elapsed += duration
        // Where this frame can differ from the one before it, which `pending` shows.
        let hint = index == 0 ? ChangedArea.anywhere : ChangedArea(rects: changed)
        let target = hint.converting(frame, into: spare.take(), previous: pending?.target, thresholded: true)
        if let previous = pending {
            if hint.same(previous.target, target, width: width, height: height) {
                spare = target
                return
            }
            if start - previous.start < Self.minimumDelay {
                let shifted = previous.start + Self.minimumDelay
                if shifted - start <= Self.maximumLateness {
                    // Shown up to 1 cs late, so the previous frame keeps its 2 cs.
                    try finalize(previous.target, delay: Self.minimumDelay, changes: previous.changes)
                    pending = (target, shifted, hint)
                } else {
                    // No room: this frame's picture replaces the previous one from its start.
                    pending = (target, previous.start, previous.changes.union(hint))
                }
                return
            }
            try finalize(previous.target, delay: start - previous.start, changes: previous.changes)
        }
        pending = (target, start, hint)
    }

    func finish() throws(EncodingError) {
        if let last = pending {
            try finalize(last.target, delay: max(Self.minimumDelay, Self.centiseconds(elapsed) - last.start),
                         changes: last.changes)
            pending = nil
        }
        if let last = ready {
            try encode(last.target, delay: last.delay, changes: last.changes, next: nil)
            ready = nil
        }
        try output.write([0x3B])
        try output.close()
    }

    func abandon() { output.discard() }

    static func centiseconds(_ seconds: Double) -> Int { Int((seconds * 100).rounded()) }

    /// Splits a delay longer than GIF's 16 bits over repeated frames, then hands each on.
    /// `changes`: where `target` can differ from the last frame handed off.
    private func finalize(_ target: [UInt32], delay: Int, changes: ChangedArea) throws(EncodingError) {
        let parts = (delay + Self.maximumDelay - 1) / Self.maximumDelay
        var remaining = delay
        for part in 0..<parts {
            let share = remaining / (parts - part)
            remaining -= share
            try handOff(target, delay: share, changes: part == 0 ? changes : .nowhere)
        }
    }

    /// Merges a frame identical to the one waiting, else encodes the waiting one (now that its
    /// successor is known) and keeps this one waiting.
    private func handOff(_ target: [UInt32], delay: Int, changes: ChangedArea) throws(EncodingError) {
        if let waiting = ready {
            if waiting.delay + delay <= Self.maximumDelay,
               changes.same(waiting.target, target, width: width, height: height) {
                ready = (waiting.target, waiting.delay + delay, waiting.changes)
                return
            }
            try encode(waiting.target, delay: waiting.delay, changes: waiting.changes, next: (target, changes))
        }
        ready = (target, delay, ready == nil ? .anywhere : changes)
    }

    func header() -> [UInt8] {
        var bytes = Array("GIF89a".utf8)
        bytes += Self.le16(width) + Self.le16(height)
        bytes += [0x70, 0, 0]   // no global table, 8-bit colour resolution, background 0, square pixels
        if let loops = options.loopCount {
            bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + Self.le16(loops) + [0]
        }
        return bytes
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    /// A box of pixels as (minX, minY, maxX, maxY), inclusive; empty when maxX < minX.
    struct Box {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        var isEmpty: Bool { maxX < minX }
        mutating func add(x: Int, y: Int) {
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        mutating func add(_ other: Box) {
            guard !other.isEmpty else { return }
            add(x: other.minX, y: other.minY)
            add(x: other.maxX, y: other.maxY)
        }
    }

    /// Writes one frame: `target` over the canvas `represented`, shown `delay` cs, followed by
    /// `next` (nil for the last frame). `changes`: where `target` can differ from the last frame
    /// encoded; `next.changes`: where the next can differ from `target`.
    func encode(_ target: [UInt32], delay: Int, changes: ChangedArea,
                next: (target: [UInt32], changes: ChangedArea)?) throws(EncodingError) {
        var changed = Box()
        var mustClear = Box()
        let width = width
        // The canvas differs from the last frame encoded only where that frame was cleared.
        let differs = cleared.map { changes.union(ChangedArea(rects: [$0])) } ?? changes
        represented.withUnsafeBufferPointer { canvas in
            target.withUnsafeBufferPointer { pixels in
                differs.forEachSpan(width: width, height: height) { y, columns in
                    let row = y * width
                    for x in columns where canvas[row + x] != pixels[row + x] { changed.add(x: x, y: y) }
                }
            }
        }
        if let next {
            // A pixel that vanishes next differs from it, so it lies in the next frame's changes.
            target.withUnsafeBufferPointer { pixels in
                next.target.withUnsafeBufferPointer { following in
                    next.changes.forEachSpan(width: width, height: height) { y, columns in
                        let row = y * width
                        for x in columns where pixels[row + x] != 0 && following[row + x] == 0 {
                            mustClear.add(x: x, y: y)
                        }
                    }
                }
            }
        }
        var box = changed
        box.add(mustClear)
        if box.isEmpty { box.add(x: 0, y: 0) }
        let boxWidth = box.maxX - box.minX + 1
        let boxHeight = box.maxY - box.minY + 1

        // The colours this frame draws, and whether it needs the transparent index.
        var samples: [UInt32] = []
        samples.reserveCapacity(boxWidth * boxHeight)
        var keepsSome = false
        represented.withUnsafeBufferPointer { canvas in
            target.withUnsafeBufferPointer { pixels in
                for y in box.minY...box.maxY {
                    for x in box.minX...box.maxX {
                        let i = y * width + x
                        if canvas[i] != pixels[i], pixels[i] != 0 { samples.append(pixels[i]) } else { keepsSome = true }
                    }
                }
            }
        }
        let palette = samples.withUnsafeBufferPointer {
            quantizer.makePalette(samples: $0, maxColors: min(options.maxColors, keepsSome ? 255 : 256))
        }
        let transparent = palette.colors.count
        let entries = palette.colors.count + (keepsSome ? 1 : 0)
        var bits = 1
        while 1 << bits < entries { bits += 1 }

        let indices = mapIndices(target, box: box, width: boxWidth, height: boxHeight, palette: palette,
                                 transparent: UInt8(truncatingIfNeeded: transparent),
                                 dither: options.dithering && !palette.isExact)

        var bytes: [UInt8] = [0x21, 0xF9, 4, UInt8((mustClear.isEmpty ? 1 : 2) << 2 | (keepsSome ? 1 : 0))]
        bytes += Self.le16(delay) + [keepsSome ? UInt8(transparent) : 0, 0]
        bytes += [0x2C] + Self.le16(box.minX) + Self.le16(box.minY) + Self.le16(boxWidth) + Self.le16(boxHeight)
        bytes.append(UInt8(0x80 | (bits - 1)))
        for color in palette.colors { bytes += [color.r, color.g, color.b] }
        bytes += [UInt8](repeating: 0, count: ((1 << bits) - palette.colors.count) * 3)
        bytes += indices.withUnsafeBufferPointer { GIFLZWEncoder.encode($0, minCodeSize: max(2, bits)) }
        try output.write(bytes)

        // The canvas becomes the target (shared), or a copy of it with the box cleared, in the
        // old canvas's array; an array no longer used takes the next frame.
        cleared = nil
        if mustClear.isEmpty {
            spare = represented
            represented = target
        } else {
            represented.withUnsafeMutableBufferPointer { canvas in
                target.withUnsafeBufferPointer { pixels in
                    if let to = canvas.baseAddress, let from = pixels.baseAddress { to.update(from: from, count: canvas.count) }
                }
            }
            for y in box.minY...box.maxY {
                for x in box.minX...box.maxX { represented[y * width + x] = 0 }
            }
            cleared = PixelRect(x: box.minX, y: box.minY, width: boxWidth, height: boxHeight)
        }
    }

    /// The colour indices of the box: the transparent index where the canvas already shows the
    /// target, the palette entry elsewhere (with error diffusion when `dither`).
    private func mapIndices(_ target: [UInt32], box: Box, width boxWidth: Int, height boxHeight: Int,
                            palette: QuantizedPalette, transparent: UInt8, dither: Bool) -> [UInt8] {
        var indices = [UInt8](repeating: transparent, count: boxWidth * boxHeight)
        let colors = palette.colors
        represented.withUnsafeBufferPointer { canvas in
            target.withUnsafeBufferPointer { pixels in
                guard dither else {
                    for row in 0..<boxHeight {
                        let source = (box.minY + row) * width + box.minX
                        for x in 0..<boxWidth {
                            let value = pixels[source + x]
                            guard canvas[source + x] != value, value != 0 else { continue }
                            indices[row * boxWidth + x] = UInt8(palette.index(
                                r: Int(value & 0xFF), g: Int(value >> 8 & 0xFF), b: Int(value >> 16 & 0xFF)))
                        }
                    }
                    return
                }
                // Serpentine Floyd–Steinberg; errors are sRGB code differences, 3 floats a pixel,
                // with one guard pixel each side.
                var current = [Float](repeating: 0, count: (boxWidth + 2) * 3)
                var below = current
                for row in 0..<boxHeight {
                    let forward = row % 2 == 0
                    let step = forward ? 3 : -3
                    let source = (box.minY + row) * width + box.minX
                    for k in 0..<boxWidth {
                        let x = forward ? k : boxWidth - 1 - k
                        let value = pixels[source + x]
                        guard canvas[source + x] != value, value != 0 else { continue }
                        let e = (x + 1) * 3
                        let r = min(255, max(0, Float(value & 0xFF) + current[e]))
                        let g = min(255, max(0, Float(value >> 8 & 0xFF) + current[e + 1]))
                        let b = min(255, max(0, Float(value >> 16 & 0xFF) + current[e + 2]))
                        let entry = palette.index(r: Int(r.rounded()), g: Int(g.rounded()), b: Int(b.rounded()))
                        indices[row * boxWidth + x] = UInt8(entry)
                        let chosen = colors[entry]
                        Self.diffuse(r - Float(chosen.r), at: e, step: step, current: &current, below: &below)
                        Self.diffuse(g - Float(chosen.g), at: e + 1, step: step, current: &current, below: &below)
                        Self.diffuse(b - Float(chosen.b), at: e + 2, step: step, current: &current, below: &below)
                    }
                    swap(&current, &below)
                    below.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
                }
            }
        }
        return indices
    }

    /// Floyd–Steinberg's weights: 7/16 ahead, 3/16 behind-below, 5/16 below, 1/16 ahead-below.
    @inline(__always)
    private static func diffuse(_ error: Float, at e: Int, step: Int, current: inout [Float], below: inout [Float]) {
        current[e + step] += error * (7.0 / 16)
        below[e - step] += error * (3.0 / 16)
        below[e] += error * (5.0 / 16)
        below[e + step] += error * (1.0 / 16)
    }
}
