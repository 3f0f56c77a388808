// FrameSink: the protocol every recorder writes frames through, and the bounded background
// pipeline the sinks share (the caller renders frame n + 1 while frame n is quantized/compressed),
// and the output that puts a file in place only when it is complete.

import KinemaSupport
import CKinemaCodecs
import Dispatch
import Foundation
import KinemaGeometry
import KinemaRaster
import Synchronization

/// Something that records an animation one frame at a time: a GIF, an APNG, a PNG sequence or a
/// video file.
///
/// ```swift
/// let sink = try makeFrameSink(for: URL(filePath: "spin.gif"), fps: 30)
/// for i in 0..<30 {
///     try sink.append(render(frameAt: Double(i) / 30), duration: 1.0 / 30)
/// }
/// try sink.finish()
/// ```
///
/// **Semantics.** `duration` is how long the frame stays on screen, in seconds (finite, > 0).
/// Every frame must have the first frame's size. `finish()` writes whatever is still pending and
/// closes the file; it is idempotent (a second call does nothing, or throws the first call's
/// error again); `append` after it throws `.finished`. A sink that threw for a bad frame keeps
/// its earlier frames. Frames are premultiplied RGBA8 sRGB `Pixmap`s; each format converts them
/// as its type's documentation says.
///
/// **Files are never half-written.** The sinks of this module write to a hidden temporary file
/// (or folder) beside the output and put it in place only when `finish()` succeeds; a sink that
/// fails, finishes with no frames or is dropped unfinished removes its temporary file and leaves
/// an existing output as it was. Symlinks are written through; a read-only file is refused.
///
/// **Cost.** The sinks in this module encode on a background queue: `append` copies nothing (a
/// `Pixmap` is copy-on-write) and returns as soon as the frame is queued, blocking only while
/// `FrameSinkOptions.framesInFlight` frames already wait, so memory stays bounded.
public protocol FrameSink: AnyObject {
    /// Queues `frame`, shown for `duration` seconds.
    func append(_ frame: Pixmap, duration: Double) throws(EncodingError)
    /// Encodes what is pending and closes the output.
    func finish() throws(EncodingError)
}

/// A sink that can be told where a frame differs from the one appended before it, so that it
/// need not compare the whole frames to find out (GIFWriter, APNGWriter). `Stage.record` passes
/// its damage.
package protocol DamageHintedFrameSink: FrameSink {
    /// `append(_:duration:)`, with `changed` (frame pixels) covering every pixel in which
    /// `frame` differs from the frame appended just before it; nil: unknown. A wrong hint gives
    /// a wrong file: pass only what the renderer knows (`Stage.lastDamage`).
    func append(_ frame: Pixmap, duration: Double, changed: [PixelRect]?) throws(EncodingError)
    /// The bytes written when writing into memory; nil for a file (GIFWriter, APNGWriter).
    var data: Data? { get }
}

/// The format-specific half of a sink: runs on the pipeline's queue only, one call at a time.
protocol FrameEncoderCore: AnyObject {
    /// Encodes (or buffers) one validated frame. `index` counts appended frames from 0.
    func consume(_ frame: Pixmap, duration: Double, index: Int) throws(EncodingError)
    /// `consume`, with where the frame differs from the one before it (nil: unknown). The default
    /// ignores the hint.
    func consume(_ frame: Pixmap, duration: Double, index: Int, changed: [PixelRect]?) throws(EncodingError)
    /// Writes everything pending and closes the output; called once, after every `consume`.
    func finish() throws(EncodingError)
    /// Called instead of `finish()` when an earlier frame failed: release files and processes.
    func abandon()
}

extension FrameEncoderCore {
    func consume(_ frame: Pixmap, duration: Double, index: Int, changed: [PixelRect]?) throws(EncodingError) {
        try consume(frame, duration: duration, index: index)
    }
}

/// The shared front of every sink: checks each frame, hands it to a serial background queue and
/// keeps at most `depth` frames queued or in work (a semaphore), so the producer and the encoder
/// overlap by a bounded amount.
///
/// Thread safety: `append` / `finish` are serialized by `calls`; `state` is guarded by its mutex;
/// the core is touched only on `queue` (the `Confined` box says so to the compiler).
final class FramePipeline: Sendable {
    /// The core, used only on the pipeline's serial queue.
    private final class Confined: @unchecked Sendable {
        let core: any FrameEncoderCore
        init(_ core: any FrameEncoderCore) { self.core = core }
    }

    private struct State {
        var size: (width: Int, height: Int)?
        var count = 0
        /// The first error a queued frame hit; later appends and finish throw it.
        var failure: EncodingError?
        /// Set once finish ran: its outcome.
        var finished: Result<Void, EncodingError>?
    }

    private let queue: DispatchQueue
    private let slots: DispatchSemaphore
    private let calls = LockedValue<Void>(())
    private let state = LockedValue(State())
    private let box: Confined
    private let maxSide: Int

    /// `depth` frames at most in flight (1…16); `maxSide` is the format's largest width/height.
    init(core: any FrameEncoderCore, label: String, depth: Int, maxSide: Int = Int.max) throws(EncodingError) {
        guard (1...16).contains(depth) else {
            throw .invalidArgument("framesInFlight \(depth) is outside 1…16")
        }
        queue = DispatchQueue(label: "kinema.\(label)")
        slots = DispatchSemaphore(value: depth)
        box = Confined(core)
        self.maxSide = maxSide
    }

    func append(_ frame: Pixmap, duration: Double, changed: [PixelRect]? = nil) throws(EncodingError) {
        try calls.withLock { _ throws(EncodingError) in
            let index = try state.withLock { state throws(EncodingError) -> Int in
                if state.finished != nil { throw .finished }
                if let failure = state.failure { throw failure }
                guard duration.isFinite, duration > 0, duration <= FrameSinkOptions.maximumFrameDuration else {
                    throw .invalidDuration(frame: state.count, duration: duration)
                }
                if let size = state.size {
                    guard frame.width == size.width, frame.height == size.height else {
                        throw .sizeMismatch(frame: state.count, expectedWidth: size.width, expectedHeight: size.height,
                                            width: frame.width, height: frame.height)
                    }
                } else {
                    guard frame.width <= maxSide, frame.height <= maxSide else {
                        throw .frameTooLarge(width: frame.width, height: frame.height, limit: maxSide)
                    }
                    state.size = (frame.width, frame.height)
                }
                state.count += 1
                return state.count - 1
            }
            slots.wait()
            let box = self.box
            queue.async { [self] in
                defer { slots.signal() }
                guard state.withLock({ $0.failure == nil }) else { return }
                do throws(EncodingError) {
                    try box.core.consume(frame, duration: duration, index: index, changed: changed)
                } catch {
                    state.withLock { if $0.failure == nil { $0.failure = error } }
                }
            }
        }
    }

    /// Runs `body` on the queue with the core, after every queued frame (reads results safely).
    func withCore<T>(_ body: (any FrameEncoderCore) -> T) -> T {
        let box = self.box
        return queue.sync { body(box.core) }
    }

    func finish() throws(EncodingError) {
        try calls.withLock { _ throws(EncodingError) in
            if let done = state.withLock({ $0.finished }) { return try done.get() }
            let box = self.box
            let outcome: Result<Void, EncodingError> = queue.sync { [self] in
                let (failure, count) = state.withLock { ($0.failure, $0.count) }
                if let failure { box.core.abandon(); return .failure(failure) }
                if count == 0 { box.core.abandon(); return .failure(.noFrames) }
                do throws(EncodingError) {
                    try box.core.finish()
                    return .success(())
                } catch {
                    box.core.abandon()
                    return .failure(error)
                }
            }
            state.withLock { $0.finished = outcome }
            try outcome.get()
        }
    }
}

/// Where an encoder's bytes go: memory, or a file (an `OutputFile`: a temporary file beside the
/// target, created at once so an unwritable path fails before any frame is encoded, and renamed
/// over the target by `close()` only when complete). `patch` rewrites bytes already written (APNG's
/// frame count, known only at the end).
final class EncodedOutput {
    private(set) var memory = Data()
    private let file: OutputFile?
    let path: String?
    private(set) var count: UInt64 = 0

    /// In memory.
    init() {
        file = nil
        path = nil
    }

    /// A file replacing `url` when complete (the old file, if any, is untouched until then).
    init(url: URL) throws(EncodingError) {
        let file = try OutputFile(url: url)
        self.file = file
        path = file.requestedPath
    }

    func write(_ bytes: [UInt8]) throws(EncodingError) {
        try write(Data(bytes))
    }

    func write(_ data: Data) throws(EncodingError) {
        count += UInt64(data.count)
        guard let file else { memory.append(data); return }
        try file.write(data)
    }

    /// Overwrites bytes at `offset` (which were written before).
    func patch(at offset: UInt64, with bytes: [UInt8]) throws(EncodingError) {
        guard let file else {
            let start = Int(offset)
            memory.replaceSubrange(start..<(start + bytes.count), with: bytes)
            return
        }
        try file.patch(at: offset, with: Data(bytes))
    }

    /// Completes the file: it replaces the target now.
    func close() throws(EncodingError) {
        try file?.commit()
    }

    /// Drops a file that will not be finished (no frames, or a failure): the temporary file is
    /// removed and the target keeps its old content.
    func discard() {
        file?.discard()
    }
}

/// Where one frame can differ from another of the same size: anywhere (no hint), or only inside
/// some rectangles (a renderer's damage, unions of it). Lets an encoder compare and search for
/// changes in those rectangles alone; every answer is the one a whole-frame pass would give,
/// provided the hint is true.
struct ChangedArea {
    /// nil: anywhere. Rectangles may overlap and reach outside the frame.
    private(set) var rects: [PixelRect]?

    static let anywhere = ChangedArea(rects: nil)
    static let nowhere = ChangedArea(rects: [])

    /// Beyond this many rectangles a union keeps their bounding box instead (still true, coarser).
    static let maximumRects = 32

    init(rects: [PixelRect]?) { self.rects = rects }

    /// Covers what either covers.
    func union(_ other: ChangedArea) -> ChangedArea {
        guard let mine = rects, let theirs = other.rects else { return .anywhere }
        let all = mine + theirs
        if all.count <= Self.maximumRects { return ChangedArea(rects: all) }
        return ChangedArea(rects: [all.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }])
    }

    /// Calls `body(row, columns)` for each row span of the area inside a `width` × `height`
    /// frame (a span may come twice where rectangles overlap).
    func forEachSpan(width: Int, height: Int, _ body: (Int, Range<Int>) -> Void) {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        for area in rects ?? [frame] {
            let rect = area.intersection(frame)
            guard !rect.isEmpty else { continue }
            for y in rect.minY..<rect.maxY { body(y, rect.minX..<rect.maxX) }
        }
    }

    /// Whether `a` and `b` (frames `width` wide, known to be equal outside the area) are equal.
    func same(_ a: [UInt32], _ b: [UInt32], width: Int, height: Int) -> Bool {
        guard rects != nil else { return a == b }
        var equal = true
        a.withUnsafeBufferPointer { first in
            b.withUnsafeBufferPointer { second in
                forEachSpan(width: width, height: height) { y, columns in
                    guard equal, let p = first.baseAddress, let q = second.baseAddress else { return }
                    let start = y * width + columns.lowerBound
                    equal = memcmp(p + start, q + start, columns.count * MemoryLayout<UInt32>.stride) == 0
                }
            }
        }
        return equal
    }
}

extension ChangedArea {
    /// `frame` un-premultiplied (`kc_unpremultiply_rgba`), written into `buffer` (reused when its
    /// size fits, so a recording allocates no frame-sized array per frame). `thresholded`: then
    /// each pixel with alpha < 128 becomes 0 and every other one opaque (GIF's targets). With a
    /// `previous` conversion of the frame before and known rectangles, only those are converted
    /// and the rest copied.
    func converting(_ frame: Pixmap, into buffer: consuming [UInt32]?, previous: [UInt32]?,
                    thresholded: Bool = false) -> [UInt32] {
        let width = frame.width, height = frame.height, count = width * height
        var pixels = buffer ?? []
        if pixels.count != count { pixels = [UInt32](repeating: 0, count: count) }
        let incremental = rects != nil && previous?.count == count
        frame.storage.withUnsafeBytes { source in
            pixels.withUnsafeMutableBufferPointer { destination in
                guard let from = source.baseAddress?.assumingMemoryBound(to: UInt8.self),
                      let to = destination.baseAddress else { return }
                func convert(_ start: Int, _ length: Int) {
                    kc_unpremultiply_rgba(from + 4 * start, UnsafeMutableRawPointer(to + start)
                                            .assumingMemoryBound(to: UInt8.self), length)
                    if thresholded {
                        for i in start ..< start + length {
                            let value = to[i]
                            to[i] = value >> 24 < 128 ? 0 : value | 0xFF00_0000
                        }
                    }
                }
                if incremental, let previous {
                    previous.withUnsafeBufferPointer { old in
                        if let base = old.baseAddress { to.update(from: base, count: count) }
                    }
                    forEachSpan(width: width, height: height) { y, columns in
                        convert(y * width + columns.lowerBound, columns.count)
                    }
                } else {
                    convert(0, count)
                }
            }
        }
        return pixels
    }
}
