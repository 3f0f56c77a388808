// APNGWriter: a FrameSink writing animated PNG: delta frames cropped to the changed rectangle,
// exact rational delays, loop count; the pixels compressed by the project's libpng encoder.
//
// Audited against: the APNG specification (acTL before the first IDAT with num_frames and
// num_plays; one fcTL per frame with sequence numbers shared with fdAT, starting at 0; the
// default image is the first frame when its fcTL precedes IDAT; fcTL region inside the canvas;
// dispose_op NONE; blend_op SOURCE replaces the region, OVER composites it; the output buffer
// starts fully transparent black) and PNG Specification (Third Edition) §5.3 (chunks, CRC-32).
// Status: complete. Every frame is 8-bit RGBA (the IHDR is shared, so an opaque first frame
// cannot pick RGB for frames that might not be).

import CKinemaCodecs
import Foundation
import KinemaRaster

/// Records frames into an animated PNG, compressing on a background queue.
///
/// ```swift
/// let apng = try APNGWriter(url: URL(filePath: "fade.png"))
/// for i in 0..<30 { try apng.append(render(Double(i) / 30), duration: 1.0 / 30) }
/// try apng.finish()
/// ```
///
/// **Semantics.** Lossless: each frame is the exact straight-alpha form of its premultiplied
/// pixels (`PNGEncoder`'s rounding, exact both ways). The first frame is the default image (IDAT)
/// and covers the canvas. Each later frame covers only the bounding box of the pixels that
/// differ from the previous frame, with dispose_op NONE; when every changed pixel is opaque it
/// uses blend_op OVER and makes the unchanged pixels of the box transparent (they compress to
/// almost nothing and leave the canvas as it is); otherwise blend_op SOURCE with the box's exact
/// pixels (OVER could not make a pixel more transparent). A frame identical to the previous one
/// lengthens its delay. Delays are `delay_num / delay_den`, the fraction with denominator and
/// numerator ≤ 65 535 nearest the duration (exact for durations like 1/60, 1/30, 0.04 s); a delay
/// over 65 535 s continues on 1×1 frames that change nothing. `options.loopCount`: 0 → num_plays
/// 0 (forever), n → n plays, nil → 1 play. acTL's frame count is written when `finish()` runs
/// (patched in place). Deterministic.
///
/// **Cost.** Per frame: un-premultiply, one comparison pass, libpng/zlib on the changed box at
/// `options.compressionLevel`. Told where a frame changed (`Stage.record` passes its damage
/// rectangles), it un-premultiplies and compares only those rectangles (the rest is one copy of
/// the frame before); the file is the same. Memory: three canvas-sized straight frames (the
/// canvas, the frame waiting, one reused for the next), plus queued frames.
public final class APNGWriter: FrameSink, DamageHintedFrameSink, Sendable {
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
        pipeline = try FramePipeline(core: APNGEncoderCore(output: output, options: options), label: "apng",
                                     depth: options.framesInFlight, maxSide: Int(Int32.max))
    }

    public func append(_ frame: Pixmap, duration: Double) throws(EncodingError) {
        try pipeline.append(frame, duration: duration)
    }

    /// `append(_:duration:)` told where `frame` differs from the last frame appended: only those
    /// rectangles are compared to find the frame's changed box. The file is the same.
    package func append(_ frame: Pixmap, duration: Double, changed: [PixelRect]?) throws(EncodingError) {
        try pipeline.append(frame, duration: duration, changed: changed)
    }

    public func finish() throws(EncodingError) { try pipeline.finish() }

    /// The bytes written when writing into memory (complete after `finish()`); nil for a file.
    public var data: Data? {
        pipeline.withCore { core in
            guard let core = core as? APNGEncoderCore, core.output.path == nil else { return nil }
            return core.output.memory
        }
    }
}

/// The APNG encoder proper; used on one queue only.
final class APNGEncoderCore: FrameEncoderCore {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let maximumDelaySeconds = 65_535.0

    let output: EncodedOutput
    let options: FrameSinkOptions
    var width = 0
    var height = 0
    /// The canvas as shown after the last written frame (straight RGBA, packed).
    var displayed: [UInt32] = []
    /// The newest frame, waiting for the next (which may only lengthen it).
    var pending: (pixels: [UInt32], duration: Double)?
    /// Where `pending` can differ from `displayed` (the hints of the frames since the last one
    /// written).
    var pendingChanges = ChangedArea.anywhere
    /// A frame-sized array no longer in use, for the next frame's conversion.
    var spare: [UInt32]?
    var sequence: UInt32 = 0
    var framesWritten = 0
    /// Where acTL's data starts in the output (patched by finish).
    var animationControlOffset: UInt64 = 0

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
            displayed = [UInt32](repeating: 0, count: width * height)
        }
        // Where this frame can differ from the one before it, which `pending` shows.
        let hint = index == 0 ? ChangedArea.anywhere : ChangedArea(rects: changed)
        let pixels = hint.converting(frame, into: spare.take(), previous: pending?.pixels)
        if let waiting = pending {
            if hint.same(waiting.pixels, pixels, width: width, height: height) {
                pending = (waiting.pixels, waiting.duration + duration)
                spare = pixels
                return
            }
            try write(waiting.pixels, duration: waiting.duration, within: pendingChanges)
            // `displayed` is now the frame before this one, which the hint is relative to.
            pendingChanges = hint
        } else {
            pendingChanges = .anywhere
        }
        pending = (pixels, duration)
    }

    func finish() throws(EncodingError) {
        if let last = pending {
            try write(last.pixels, duration: last.duration, within: pendingChanges)
            pending = nil
        }
        try output.write(Self.chunk("IEND", []))
        try output.patch(at: animationControlOffset, with: Self.animationControl(frames: framesWritten, plays: plays))
        try output.close()
    }

    func abandon() { output.discard() }

    var plays: Int { options.loopCount.map { $0 } ?? 1 }

    /// acTL's chunk (length, type, data, CRC) for `frames` frames and `plays` plays.
    static func animationControl(frames: Int, plays: Int) -> [UInt8] {
        chunk("acTL", be32(UInt32(clamping: frames)) + be32(UInt32(clamping: plays)))
    }

    /// Writes one frame (the first as IHDR + acTL + fcTL + IDAT), splitting very long delays.
    /// `within`: where `pixels` can differ from `displayed`.
    private func write(_ pixels: [UInt32], duration: Double, within: ChangedArea) throws(EncodingError) {
        var remaining = duration
        var first = true
        while first || remaining > 0 {
            let share = min(remaining, Self.maximumDelaySeconds)
            remaining -= share
            if first { try writeFrame(pixels, delay: share, within: within) } else { try writeNothing(delay: share) }
            first = false
        }
        // The canvas shown before is no longer needed: its array takes the next frame.
        spare = displayed
        displayed = pixels
    }

    private func writeFrame(_ pixels: [UInt32], delay: Double, within: ChangedArea) throws(EncodingError) {
        let (numerator, denominator) = Self.fraction(delay)
        if framesWritten == 0 {
            let png = try Self.encodePNG(pixels, width: width, height: height, level: options.compressionLevel)
            let chunks = try Self.chunks(of: png)
            try output.write(Self.signature)
            guard let header = chunks.first(where: { $0.type == "IHDR" }) else {
                throw .codec(.malformed("libpng wrote no IHDR"))
            }
            try output.write(Self.chunk("IHDR", header.data))
            animationControlOffset = output.count
            try output.write(Self.animationControl(frames: 0, plays: plays))
            try writeFrameControl(x: 0, y: 0, width: width, height: height, numerator: numerator,
                                  denominator: denominator, blendOver: false)
            for chunk in chunks where chunk.type == "IDAT" { try output.write(Self.chunk("IDAT", chunk.data)) }
            framesWritten += 1
            return
        }
        // The changed box, and whether every changed pixel is opaque (then OVER is exact).
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        var allOpaque = true
        let width = width
        displayed.withUnsafeBufferPointer { canvas in
            pixels.withUnsafeBufferPointer { frame in
                within.forEachSpan(width: width, height: height) { y, columns in
                    for x in columns where canvas[y * width + x] != frame[y * width + x] {
                        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                        if frame[y * width + x] >> 24 != 255 { allOpaque = false }
                    }
                }
            }
        }
        guard maxX >= 0 else { try writeNothing(delay: delay); return }
        let boxWidth = maxX - minX + 1, boxHeight = maxY - minY + 1
        var crop = [UInt32](repeating: 0, count: boxWidth * boxHeight)
        for row in 0..<boxHeight {
            for x in 0..<boxWidth {
                let i = (minY + row) * width + minX + x
                if !allOpaque || displayed[i] != pixels[i] { crop[row * boxWidth + x] = pixels[i] }
            }
        }
        try writeFrameControl(x: minX, y: minY, width: boxWidth, height: boxHeight, numerator: numerator,
                              denominator: denominator, blendOver: allOpaque)
        try writeFrameData(crop, width: boxWidth, height: boxHeight)
    }

    /// A 1×1 transparent OVER frame: shows the canvas unchanged for `delay` more seconds.
    private func writeNothing(delay: Double) throws(EncodingError) {
        let (numerator, denominator) = Self.fraction(delay)
        try writeFrameControl(x: 0, y: 0, width: 1, height: 1, numerator: numerator, denominator: denominator,
                              blendOver: true)
        try writeFrameData([0], width: 1, height: 1)
    }

    private func writeFrameData(_ pixels: [UInt32], width: Int, height: Int) throws(EncodingError) {
        let png = try Self.encodePNG(pixels, width: width, height: height, level: options.compressionLevel)
        for chunk in try Self.chunks(of: png) where chunk.type == "IDAT" {
            try output.write(Self.chunk("fdAT", Self.be32(sequence) + chunk.data))
            sequence += 1
        }
        framesWritten += 1
    }

    private func writeFrameControl(x: Int, y: Int, width: Int, height: Int, numerator: Int, denominator: Int,
                                   blendOver: Bool) throws(EncodingError) {
        var data = Self.be32(sequence) + Self.be32(UInt32(width)) + Self.be32(UInt32(height))
        data += Self.be32(UInt32(x)) + Self.be32(UInt32(y))
        data += [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF)]
        data += [0, blendOver ? 1 : 0]   // dispose_op NONE; blend_op SOURCE (0) or OVER (1)
        sequence += 1
        try output.write(Self.chunk("fcTL", data))
    }

    /// The fraction p/q (both 1…65 535) nearest `seconds` (0 < seconds ≤ 65 535), smallest q on
    /// ties; by trying every denominator (65 535 divisions, ≈ 0.1 ms a frame).
    static func fraction(_ seconds: Double) -> (Int, Int) {
        let limit = 65_535
        let maxDenominator = max(1, min(limit, Int(Double(limit) / max(seconds, 1e-9))))
        var best = (max(1, min(limit, Int(seconds.rounded()))), 1)
        var bestError = abs(seconds - Double(best.0))
        var q = 1
        while q <= maxDenominator, bestError > 0 {
            let p = max(1, min(limit, Int((seconds * Double(q)).rounded())))
            let error = abs(seconds - Double(p) / Double(q))
            if error < bestError { bestError = error; best = (p, q) }
            q += 1
        }
        return best
    }

    static func encodePNG(_ pixels: [UInt32], width: Int, height: Int, level: Int) throws(EncodingError) -> Data {
        var message = [CChar](repeating: 0, count: 256)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = pixels.withUnsafeBytes { raw in
            kc_png_write(raw.bindMemory(to: UInt8.self).baseAddress, UInt32(width), UInt32(height), width * 4, 0,
                         Int32(level), &out, &size, &message, message.count)
        }
        do { return try takeEncoded(status: status, out: out, size: size, message: message) } catch {
            throw .codec(error)
        }
    }

    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    /// The chunks of a PNG the project's encoder wrote (trusted, but checked for framing).
    static func chunks(of png: Data) throws(EncodingError) -> [Chunk] {
        let bytes = [UInt8](png)
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            guard offset + 12 + length <= bytes.count else { throw .codec(.malformed("libpng output is cut")) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return chunks
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Length, type, data and the CRC-32 of type + data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { kc_crc32($0.baseAddress, $0.count) }
        return be32(UInt32(data.count)) + body + be32(crc)
    }
}
