// LiveWindow: an X11 window that shows a LivePlayer's frames, through libX11 loaded at run time.
//
// Audited against: nothing of Apple's (a window system host; UIWindow's screen side is private).
//   Status: complete for one fixed-size window on a 24-bit TrueColor X display (desktops, Xvfb).
//   Not done: resizing (the window keeps its size; the WM is asked to keep it fixed), HiDPI
//   detection, Wayland without XWayland. The C side is Sources/CKinemaX11/kinema_x11.c.

import KinemaSupport
import CKinemaX11
import KinemaGeometry
import KinemaRaster
import Synchronization

/// An X11 window of `width` × `height` pixels presenting live frames.
///
/// ```swift
/// let window = try LiveWindow(title: "kinema", width: 640, height: 480)   // throws without X
/// window.screenshotTime = 0.5            // grab the window's content at the first frame ≥ 0.5 s
/// let player = try LivePlayer(stage: stage, presenter: window)
/// player.run(stage)
/// window.screenshot                      // (pixels read back with XGetImage, time)
/// ```
///
/// **Semantics.** Opening loads libX11.so.6 (dlopen) and connects to `$DISPLAY`; when either is
/// missing, `init` throws `LiveError.noDisplay` with what to install or run. The window belongs
/// to one thread at a time: made on the main thread, then used only by the player's render thread
/// (presenting, input, the screenshot, closing in `finish`). Escape, q and the window manager's
/// close button stop playback.
///
/// **Cost.** One X image of width × height × 4 bytes, reused; each frame is converted to the
/// server's pixel format (one pass) and sent with XPutImage (no shared memory).
public final class LiveWindow: LivePresenter, @unchecked Sendable {
    // @unchecked: `handle` is confined to one thread at a time (see the type's semantics); the
    // screenshot settings and result are behind mutexes.
    private let handle: OpaquePointer
    private var closed = false
    /// The window's size in pixels.
    public let width: Int, height: Int
    private let request = LockedValue<Double?>(nil)
    private let result = LockedValue<(pixels: [UInt8], time: Double)?>(nil)
    private let failure = LockedValue<String?>(nil)

    /// Opens a window titled `title` of `width` × `height` pixels on `$DISPLAY`.
    public init(title: String, width: Int, height: Int) throws(LiveError) {
        var message = [CChar](repeating: 0, count: 512)
        let opened = message.withUnsafeMutableBufferPointer { buffer in
            kinema_x_open(title, Int32(clamping: width), Int32(clamping: height), buffer.baseAddress, buffer.count)
        }
        guard let opened else {
            throw .noDisplay(Self.string(message))
        }
        handle = opened
        self.width = width
        self.height = height
    }

    /// When set, the first frame at or after this media time is read back from the X server
    /// (XGetImage) into `screenshot`, and playback stops.
    public var screenshotTime: Double? {
        get { request.withLock { $0 } }
        set { request.withLock { $0 = newValue } }
    }

    /// The window's content read back at `screenshotTime`: R, G, B, 255 bytes, rows packed, and
    /// the media time of the frame shown; nil until taken.
    public var screenshot: (pixels: [UInt8], time: Double)? { result.withLock { $0 } }

    /// The last error the window system reported, if any (playback stops on it).
    public var lastError: String? { failure.withLock { $0 } }

    public func present(_ frame: Pixmap, _ info: LiveFrameInfo) -> LivePresenterAction {
        guard !closed else { return .stop }
        var message = [CChar](repeating: 0, count: 256)
        let status = frame.storage.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { buffer in
                kinema_x_present(handle, pixels.baseAddress, Int32(frame.width), Int32(frame.height), buffer.baseAddress, buffer.count)
            }
        }
        if status != 0 { return fail(Self.string(message)) }
        if let wanted = screenshotTime, info.time >= wanted {
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let status = pixels.withUnsafeMutableBufferPointer { out in
                message.withUnsafeMutableBufferPointer { buffer in
                    kinema_x_capture(handle, out.baseAddress, Int32(width), Int32(height), buffer.baseAddress, buffer.count)
                }
            }
            if status != 0 { return fail(Self.string(message)) }
            result.withLock { $0 = (pixels, info.time) }
            return .stop
        }
        return poll()
    }

    public func poll() -> LivePresenterAction {
        guard !closed else { return .stop }
        let seen = kinema_x_poll(handle)
        return seen & Int32(KINEMA_X_CLOSED | KINEMA_X_QUIT_KEY) != 0 ? .stop : .proceed
    }

    /// Closes the window (on the render thread, when playback ends).
    public func finish() {
        guard !closed else { return }
        closed = true
        kinema_x_close(handle)
    }

    deinit {
        if !closed { kinema_x_close(handle) }
    }

    private func fail(_ message: String) -> LivePresenterAction {
        failure.withLock { $0 = message }
        return .stop
    }

    private static func string(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
