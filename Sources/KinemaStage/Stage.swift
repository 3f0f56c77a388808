// Stage: the headless window — a root layer, a manual media clock, a main run loop, a render
// server and a compositor — stepped frame by frame and recorded to files.
//
// Audited against: Apple's run-loop model for Core Animation (CATransaction: the implicit
//   transaction commits when the run loop next iterates; CADisplayLink fires once per frame before
//   the frame is drawn; animation delegates and completion blocks are called on the main thread).
//   Status: complete for layers (the UIKit work adds a root view controller and views on top).
//   docs/RECORDING.md describes recording; docs/ARCHITECTURE.md the frame's timeline.

import Foundation
import KinemaImageIO
import KinemaRaster
import KinemaRenderServer
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics
import OpenQuartzCore
import OpenUIKit

/// A headless window of `size` points at `scale` pixels per point, driven by a manual clock.
///
/// ```swift
/// let stage = Stage(size: CGSize(width: 320, height: 240), scale: 2)
/// let dot = CALayer()
/// dot.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
/// dot.position = CGPoint(x: 40, y: 120)
/// dot.backgroundColor = CGColor(red: 1, green: 0.3, blue: 0.2, alpha: 1)
/// stage.rootLayer.addSublayer(dot)
/// stage.at(0.5) { dot.position.x = 280 }           // an implicit animation, 0.25 s
/// try stage.record(duration: 1.5, fps: 30, to: URL(fileURLWithPath: "dot.gif"))
/// ```
///
/// **Semantics.** Main-actor confined, like the layers it shows. Each frame is one run-loop turn
/// followed by a render: `step(to: t)` moves the clock to t, delivers animation events due by t
/// (delegates, removals, completion blocks), runs closures scheduled with `at(_:_:)` and display
/// links, commits the implicit transaction, then evaluates the committed render tree at t and
/// composites it. The same program gives the same frames, bit for bit.
///
/// While a stage exists its clock is the process's media clock (`MediaClock.current`, which
/// `CACurrentMediaTime()` reads), so code outside the turns — building layers, adding animations
/// — sees stage time. A task-local override (`MediaClock.withCurrent`) still wins, which is how
/// parallel tests keep several stages apart (`stage.withClock { … }`).
///
/// **Cost.** One frame buffer of size × scale pixels, reused; the compositor's own buffers.
@MainActor
public final class Stage {
    /// The window's size in points.
    public let size: CGSize
    /// Pixels per point of the frames.
    public let scale: CGFloat
    /// The frame rate of `run`, display links and recordings without an explicit one.
    public let framesPerSecond: Double
    /// The stage's window: a `UIWindow` filling the frame, on a `UIScreen` of the stage's size and
    /// scale (which becomes `UIScreen.main`). The UIKit idiom works:
    /// `stage.window.rootViewController = controller; stage.window.makeKeyAndVisible()`.
    public let window: UIWindow
    /// The window's layer: bounds (0, 0, size), the whole window. Add your layers to it. Its own
    /// property changes do not animate implicitly (a view's layer); its sublayers' do.
    public let rootLayer: CALayer
    /// The stage's manual clock; `step(to:)` advances it.
    public let clock: MediaClock
    /// What frames are drawn over: opaque white by default; nil leaves uncovered pixels
    /// transparent (GIF and APNG keep them transparent; video composites them on black).
    public var backgroundColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    let context: RenderContext
    let loop: HostRunLoop
    private let compositor: Compositor
    private var frame: Pixmap?
    /// The background `frame` was composited over.
    private var frameBackground: PremultipliedColor?
    /// Whether a frame redraws only the parts of the picture that changed since the last frame
    /// (the box of where a changed layer was and is, in each band of 180 rows); true by default. The
    /// pixels are the same either way, byte for byte; false draws every frame whole (to compare,
    /// or to measure the full cost of a frame). See docs/COMPOSITOR.md, "Damage-only frames".
    public var redrawsOnlyDamage = true
    /// The rectangles the last frame redrew (frame pixels), or nil when it was drawn whole.
    package private(set) var lastDamage: [PixelRect]?

    /// A stage of `size` points at `scale` pixels per point, whose display runs at `fps` and whose
    /// compositor uses `threads` threads (all cores by default). Sizes must be positive and
    /// finite, and the frame within `Pixmap`'s limits (`maximumDimension` pixels a side,
    /// `maximumPixelCount` in all): otherwise the stage keeps a 1 × 1 point size and reports a
    /// diagnostic.
    ///
    /// A stage starts at a transaction boundary: an implicit transaction left open by code that
    /// ran before (layer changes no run-loop turn has committed yet) is committed first, on the
    /// clock that was current then. Otherwise the stage's first transaction would nest inside it,
    /// and animations added while building the scene would get their begin times at the first
    /// turn instead of at time 0.
    public init(size: CGSize, scale: CGFloat = 1, fps: Double = 60,
                threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        var size = size, scale = scale
        if !(size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0) {
            KinemaDiagnostics.emit("Stage", "size \(size) must be positive and finite; using 1 × 1")
            size = CGSize(width: 1, height: 1)
        }
        if !(scale.isFinite && scale > 0 && scale <= 16) {
            KinemaDiagnostics.emit("Stage", "scale \(scale) must be in (0, 16]; using 1")
            scale = 1
        }
        let limit = CGFloat(Pixmap.maximumDimension)
        let pixels = (size.width * scale).rounded(.up) * (size.height * scale).rounded(.up)
        if size.width * scale > limit || size.height * scale > limit || pixels > CGFloat(Pixmap.maximumPixelCount) {
            KinemaDiagnostics.emit("Stage", "\(size) at scale \(scale) exceeds the frame limits (\(Int(limit)) pixels a side, \(Pixmap.maximumPixelCount) in all); using 1 × 1")
            size = CGSize(width: 1, height: 1)
        }
        var fps = fps
        if !(fps.isFinite && fps > 0 && fps <= 1000) {
            KinemaDiagnostics.emit("Stage", "fps \(fps) must be in (0, 1000]; using 60")
            fps = 60
        }
        self.size = size
        self.scale = scale
        self.framesPerSecond = fps
        CATransaction.flush()
        clock = MediaClock.manual(at: 0)
        MediaClock.current = clock
        let screen = UIScreen(bounds: CGRect(origin: .zero, size: size), scale: scale,
                              maximumFramesPerSecond: Int(fps.rounded()))
        UIScreen.main = screen
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.screen = screen
        rootLayer = window.layer
        context = RenderContext(rootLayer: rootLayer)
        loop = HostRunLoop(context: context, clock: clock, frameInterval: 1 / fps)
        compositor = Compositor(threads: max(1, threads))
        withClock {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            rootLayer.bounds = CGRect(origin: .zero, size: size)
            rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
            window.contentScaleFactor = scale
            CATransaction.commit()
            // Making the window opened the implicit transaction (its layer needs display): commit
            // it here, so the scene's first transaction does not nest inside it.
            CATransaction.flush()
        }
    }

    /// The stage's current time (the clock's).
    public var time: Double { clock.now }

    /// The frame size in pixels: size × scale, rounded up.
    public var pixelSize: (width: Int, height: Int) {
        (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up)))
    }

    /// Runs `body` at the first turn whose time is at or after `time` (stage time, seconds).
    public func at(_ time: Double, _ body: @escaping @MainActor () -> Void) {
        loop.schedule(at: time, body)
    }

    /// Runs `body` with the stage's clock as this task's media clock.
    public func withClock<R>(_ body: () throws -> R) rethrows -> R {
        try loop.withClock(body)
    }

    /// Runs one run-loop turn at `time` (no rendering): events, scheduled closures, display links,
    /// the implicit commit. A time before the clock's runs the turn at the clock's time.
    public func turn(to time: Double) {
        loop.turn(at: time)
    }

    /// Runs the turn at `time`, then renders the frame at that time.
    @discardableResult
    public func step(to time: Double) -> Pixmap {
        turn(to: time)
        return renderFrame()
    }

    /// The committed tree composited at the clock's time, over `backgroundColor`.
    public func renderFrame() -> Pixmap {
        let (width, height) = pixelSize
        var target: Pixmap
        let background = backgroundColor.map { $0.paintColor.premultiplied }
        var holdsLastFrame = false
        if let reused = frame, reused.width == width, reused.height == height {
            target = reused
            holdsLastFrame = frameBackground == background
            frame = nil   // unique, so the compositor writes in place
        } else {
            // The size was checked against Pixmap's limits in init, so this does not fail; if it
            // did, a 1 × 1 frame goes out with a diagnostic rather than a trap.
            do {
                target = try Pixmap(width: width, height: height)
            } catch {
                KinemaDiagnostics.emit("Stage", "could not make a \(width) × \(height) frame (\(error)); returned a 1 × 1 frame")
                return .onePixel
            }
        }
        var damage: [PixelRect]?
        if let tree = context.server.evaluate(at: clock.now) {
            if redrawsOnlyDamage {
                damage = compositor.renderDamage(tree, into: &target, scale: scale, targetHoldsLastFrame: holdsLastFrame)
            } else {
                // What the compositor kept is not this frame's: the next damage-only frame is whole.
                compositor.forgetLastFrame()
                compositor.render(tree, into: &target, scale: scale)
            }
        } else {
            compositor.forgetLastFrame()
            target.clear()
        }
        if let background {
            if let damage {
                for rect in damage { target.composite(over: background, in: rect) }
            } else {
                target.composite(over: background)
            }
        }
        lastDamage = damage
        frameBackground = background
        frame = target
        return target
    }

    /// The most frames one `record` call makes (a month at 60 fps).
    nonisolated public static let maximumRecordedFrames = 160_000_000

    /// Steps through `duration` seconds from the clock's time at `fps`, giving each frame and its
    /// display duration to `sink`: frame k is at start + k / fps, for k = 0 … ⌈duration × fps⌉ − 1.
    /// `progress` is called after each frame with (frames done, frames in all).
    ///
    /// With `frames`, only those frames of the recording are rendered and given to `sink` (a
    /// shard: docs/SCALING.md). The turns of the frames before them still run, at the same
    /// times, without rendering — so every frame is bit for bit the same frame of the whole
    /// recording, and scheduled closures, display links and animation completions happen as
    /// they would. `progress` then counts the shard's frames.
    ///
    /// Throws `StageError.invalidArgument`, before any frame is made, for a duration that is not
    /// positive and finite, an fps outside (0, 1000], more than `maximumRecordedFrames` frames,
    /// or `frames` that are empty or not within 0 ..< the recording's frame count.
    public func record(duration: Double, fps: Double? = nil, frames: Range<Int>? = nil, into sink: any FrameSink,
                       progress: ((Int, Int) -> Void)? = nil) throws {
        let fps = fps ?? framesPerSecond
        let count = try Self.frameCount(duration: duration, fps: fps)
        let range = try Self.checkedFrames(frames, count: count)
        let start = clock.now
        for index in 0..<range.lowerBound {
            turn(to: start + Double(index) / fps)
        }
        // A sink that takes hints is told where each frame differs from the one before it: the
        // damage of a frame drawn right after the one appended before it (not the first).
        let hinted = sink as? any DamageHintedFrameSink
        for index in range {
            let image = step(to: start + Double(index) / fps)
            if let hinted {
                try hinted.append(image, duration: 1 / fps, changed: index == range.lowerBound ? nil : lastDamage)
            } else {
                try sink.append(image, duration: 1 / fps)
            }
            progress?(index - range.lowerBound + 1, range.count)
        }
        try sink.finish()
    }

    /// `frames`, or all `count`, after checking they are a non-empty part of 0 ..< count.
    nonisolated static func checkedFrames(_ frames: Range<Int>?, count: Int) throws -> Range<Int> {
        guard let frames else { return 0..<count }
        guard frames.lowerBound >= 0, !frames.isEmpty, frames.upperBound <= count else {
            throw StageError.invalidArgument("record(frames: \(frames.lowerBound)..<\(frames.upperBound)): the frames must be a non-empty part of the recording's 0..<\(count)")
        }
        return frames
    }

    /// The frames a recording of `duration` seconds at `fps` makes, or the error for bad values.
    nonisolated static func frameCount(duration: Double, fps: Double) throws -> Int {
        guard duration.isFinite, duration > 0, fps.isFinite, fps > 0, fps <= 1000 else {
            throw StageError.invalidArgument("record(duration: \(duration), fps: \(fps)): the duration must be positive and finite, fps in (0, 1000]")
        }
        // A finite duration can still ask for more frames than an Int holds (1e300 s).
        let frames = (duration * fps - 1e-9).rounded(.up)
        guard frames <= Double(maximumRecordedFrames) else {
            throw StageError.invalidArgument("record(duration: \(duration), fps: \(fps)): \(frames) frames; at most \(maximumRecordedFrames) in one recording")
        }
        return max(1, Int(frames))
    }

    /// The number of frames `record(duration:fps:…)` makes: ⌈duration × fps⌉ (at least 1), or
    /// `StageError.invalidArgument` for the values `record` refuses. What a frame range for
    /// `record(…, frames:)` is a part of.
    nonisolated public static func recordedFrameCount(duration: Double, fps: Double) throws -> Int {
        try frameCount(duration: duration, fps: fps)
    }

    /// Records `duration` seconds at `fps` into the file at `url`, in the format its extension
    /// names (.gif, .apng or .png, .mp4/.mov/.webm through ffmpeg, a folder path ending in "/" for
    /// PNG frames); see `makeFrameSink(for:format:fps:options:)`.
    ///
    /// With `frames` (a shard, docs/SCALING.md), only those frames are rendered and written, each
    /// the same as in the whole recording; `options.shard` is set from them when they are not the
    /// whole recording, so a PNG sequence keeps the frames' numbers (`frame_01200.png` …) and
    /// `FrameShardMerge` (`kinema merge`) can join the shards.
    ///
    /// The arguments are checked before the output is touched, and the file is written beside
    /// `url` and put in place only when complete: a refused or failed recording leaves an existing
    /// file at `url` as it was (docs/RECORDING.md, "Output files").
    public func record(duration: Double, fps: Double? = nil, frames: Range<Int>? = nil, to url: URL,
                       format: FrameSinkFormat? = nil, options: FrameSinkOptions = FrameSinkOptions(),
                       progress: ((Int, Int) -> Void)? = nil) throws {
        let count = try Self.frameCount(duration: duration, fps: fps ?? framesPerSecond)
        let range = try Self.checkedFrames(frames, count: count)
        var options = options
        if range != 0..<count { options.shard = try FrameShard(frames: range, totalFrames: count) }
        let sink = try makeFrameSink(for: url, format: format, fps: fps ?? framesPerSecond, options: options)
        try record(duration: duration, fps: fps, frames: range, into: sink, progress: progress)
    }

    /// The frame at `time` (after running the turns on the way at the stage's frame rate, so
    /// scheduled closures and display links see every frame), as a PNG file.
    ///
    /// `time` must be finite and at most `maximumRecordedFrames` frames (at `framesPerSecond`)
    /// after the clock's time — a month at 60 fps; otherwise `StageError.invalidArgument` is
    /// thrown and nothing runs. A time before the clock's writes the frame at the clock's time.
    /// The PNG replaces `url` only once complete (an existing file is kept on failure; symlinks
    /// are written through; a read-only file is refused).
    public func writeFrame(at time: Double, to url: URL) throws {
        let now = clock.now
        guard time.isFinite else {
            throw StageError.invalidArgument("writeFrame(at: \(time)): the time must be finite")
        }
        // Turns at now + k / fps, strictly before `time` (computed from k, so no rounding drift,
        // and counted first, so a huge time is refused instead of looping for ever).
        let turns = time > now ? ((time - now) * framesPerSecond).rounded(.up) - 1 : 0
        guard turns <= Double(Self.maximumRecordedFrames) else {
            throw StageError.invalidArgument("writeFrame(at: \(time)): \(time - now) s after the clock's time needs \(turns) turns at \(framesPerSecond) fps; at most \(Self.maximumRecordedFrames)")
        }
        // Checks the output (folder, read-only file, symlink) before running any turn.
        _ = try OutputFile.resolve(url.path)
        if turns >= 1 {
            for k in 1...Int(turns) {
                let t = now + Double(k) / framesPerSecond
                if t < time { turn(to: t) }
            }
        }
        let image = step(to: max(time, clock.now))
        let png = try PNGEncoder.encode(DecodedImage(width: image.width, height: image.height, pixels: image.premultipliedBytes))
        try OutputFile.write(png, to: url)
    }
}

/// A stage refused its arguments.
public enum StageError: Error, CustomStringConvertible {
    /// A time, duration or frame rate the stage cannot use; the message says which and why.
    case invalidArgument(String)

    public var description: String {
        switch self {
        case .invalidArgument(let message): message
        }
    }
}
