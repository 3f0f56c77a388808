// Recording: what the `kinema` tool adds around `Stage.record` for a person at a terminal — a
// progress line on standard error (frames done, rate, time left), and Ctrl-C finishing the
// output with the frames made so far instead of leaving a broken file.
//
// Audited against: POSIX signal(3)/sigaction(2) (an ignored signal stays ignored across exec, a
//   caught one is reset), isatty(3), ioctl TIOCGWINSZ; the shells' convention that a command
//   ended by SIGINT reports status 128 + 2 = 130; how curl, wget and ffmpeg redraw one status
//   line with "\r" and end it with a newline.
// Status: complete for `kinema demo`. Left out: SIGTERM / SIGHUP (they still end the process at
//   once; the writers' hidden temporary file is then left behind), a progress line for
//   `--time` (one frame) and for `kinema bench`.

import Dispatch
import Foundation
import Kinema
import KinemaImageIO
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One status line on standard error, redrawn with "\r": `NAME [bar] done/total frames, percent,
/// frames/s, time left`, ended with a newline by `end()`.
///
/// Drawn only when standard error is a terminal and `--quiet` was not given. The environment
/// variable `KINEMA_PROGRESS=1` draws it even when standard error is not a terminal (what the
/// tests use), `KINEMA_PROGRESS=0` never. Redrawn at most every `interval` (and once for the
/// last frame), so a fast recording does not spend its time writing to the terminal.
final class ProgressLine {
    /// The environment variable that forces the line on (1) or off (0).
    static let environmentKey = "KINEMA_PROGRESS"
    /// The shortest time between two redraws, in nanoseconds (a tenth of a second).
    static let interval: UInt64 = 100_000_000

    /// Whether anything is drawn.
    let enabled: Bool
    private let label: String
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64?
    private var drawn = false

    /// A line for a recording about to start (the rate counts from now).
    init(label: String, quiet: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.label = label
        switch environment[Self.environmentKey] {
        case "0": enabled = false
        case "1": enabled = !quiet
        default: enabled = !quiet && isatty(STDERR_FILENO) == 1
        }
    }

    /// Reports `done` of `total` frames; redraws if the last redraw is old enough.
    func update(_ done: Int, of total: Int) {
        guard enabled, total > 0 else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        if let lastDraw, done < total, now &- lastDraw < Self.interval { return }
        lastDraw = now
        drawn = true
        let seconds = Double(now &- started) / 1e9
        Console.err("\r" + Self.fitted(Self.text(label: label, done: done, total: total, seconds: seconds)) + "\u{1B}[K")
    }

    /// Ends the line (a newline), if one was drawn.
    func end() {
        guard drawn else { return }
        drawn = false
        Console.err("\n")
    }

    /// The line's text for `done` of `total` frames made in `seconds`.
    static func text(label: String, done: Int, total: Int, seconds: Double) -> String {
        let width = 20
        let filled = min(width, max(0, done * width / max(total, 1)))
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        let percent = done * 100 / max(total, 1)
        var line = "\(label) [\(bar)] \(done)/\(total) frames \(percent)%"
        guard seconds > 0, done > 0 else { return line }
        let rate = Double(done) / seconds
        line += String(format: ", %.1f frames/s", rate)
        if done < total { line += ", " + duration(Double(total - done) / rate) + " left" }
        return line
    }

    /// Seconds as `12 s`, `3:05` or `1:02:03`.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 1e7 else { return "?" }
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    /// `line` cut to the terminal's width less one column (a line that wraps cannot be redrawn
    /// with "\r"); unchanged when the width is unknown.
    private static func fitted(_ line: String) -> String {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 1 else { return line }
        let columns = Int(size.ws_col) - 1
        return line.count > columns ? String(line.prefix(columns)) : line
    }
}

/// Ctrl-C during a recording: the first SIGINT asks the recording to stop after the frame in
/// hand (the caller finishes the file with the frames made so far); a second one removes the
/// hidden temporary files of the output and ends the process at once, status 130.
///
/// SIGINT is read through a dispatch source (the signal itself set to be ignored), so it is
/// noticed on a background queue while the main thread renders. The `ffmpeg` a video recording
/// runs is not hit by the terminal's Ctrl-C: Foundation's `Process` starts it in a process group
/// of its own, so it keeps encoding until the shortened input ends (checked by hand: the
/// terminal's SIGINT sent to kinema's group, the .mp4 then held exactly the frames reported).
enum Interrupt {
    /// SIGINTs received.
    private static let received = Atomic<Int>(0)
    /// Temporary files and folders to remove when a second SIGINT ends the process.
    private static let temporaries = Mutex<[String]>([])
    /// The dispatch source (kept alive; set once, on the main thread, before any signal).
    private nonisolated(unsafe) static var source: (any DispatchSourceSignal)?

    /// The exit status of a command ended by SIGINT (128 + 2, what shells report).
    static let status: Int32 = 130

    /// Starts watching SIGINT (once; later calls do nothing).
    static func install() {
        guard source == nil else { return }
        signal(SIGINT, SIG_IGN)
        let watcher = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        watcher.setEventHandler {
            // Two quick signals can arrive as one event with data 2.
            let count = max(1, Int(Interrupt.source?.data ?? 1))
            let total = received.add(count, ordering: .sequentiallyConsistent).newValue
            if total >= 2 { abort() }
        }
        source = watcher
        watcher.resume()
    }

    /// Whether Ctrl-C was pressed.
    static var requested: Bool { received.load(ordering: .sequentiallyConsistent) > 0 }

    /// Remembers temporary files or folders to remove if a second Ctrl-C ends the process.
    static func remember(_ paths: [String]) {
        temporaries.withLock { $0 += paths }
    }

    /// Forgets the remembered temporaries (the output was finished or discarded).
    static func forget() {
        temporaries.withLock { $0.removeAll() }
    }

    /// The second Ctrl-C: removes the temporaries and ends the process.
    private static func abort() {
        let paths = temporaries.withLock { $0 }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        Console.err("\nkinema: interrupted again: stopped at once\(paths.isEmpty ? "" : ", the unfinished output removed")\n")
        _exit(status)
    }

    /// The hidden temporary entries that exist now for an output at `path`: the writers' files
    /// `.NAME.kinema-XXXXXXXX.EXT` beside the (symlink-resolved) target, or a PNG sequence's
    /// `.kinema-partial-XXXXXXXX` folders inside its directory. Comparing the entries before and
    /// after a writer is made names the one it made.
    static func temporaryEntries(for path: String, sequence: Bool) -> Set<String> {
        let folder: String, prefix: String
        if sequence {
            folder = path
            prefix = ".kinema-partial-"
        } else {
            guard let target = try? OutputFile.resolve(path) else { return [] }
            let url = URL(fileURLWithPath: target.path)
            folder = url.deletingLastPathComponent().path
            prefix = "." + url.lastPathComponent + ".kinema-"
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Set(names.filter { $0.hasPrefix(prefix) }.map { (folder as NSString).appendingPathComponent($0) })
    }
}

/// A sink that passes frames to `inner` until Ctrl-C is pressed, then refuses the next frame,
/// which ends `Stage.record` before it finishes `inner`: the caller finishes it with the frames
/// made so far (`appended`).
final class InterruptibleSink: FrameSink {
    let inner: any FrameSink
    /// Frames passed to `inner`.
    private(set) var appended = 0
    /// Whether a frame was refused because of Ctrl-C.
    private(set) var stopped = false

    init(_ inner: any FrameSink) {
        self.inner = inner
    }

    func append(_ frame: Pixmap, duration: Double) throws(EncodingError) {
        if Interrupt.requested {
            stopped = true
            throw .invalidArgument("interrupted")
        }
        try inner.append(frame, duration: duration)
        appended += 1
    }

    func finish() throws(EncodingError) {
        try inner.finish()
    }
}
