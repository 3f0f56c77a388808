// DemoLimits: the one set of limits `kinema demo` (recording) and `kinema play` (live window)
// check their options against, with the messages a user sees when an option is out of range.
//
// Each range is the widest that both a recording (`Stage`, `Stage.record`) and live playback
// (`LivePlayer`) can honour, so a scene that records with some options also plays with them:
//   • scale: (0, 16] pixels per point — Stage's own range;
//   • fps: (0, 1000] — the range of Stage, Stage.record and LivePlayer alike;
//   • size: 1…8192 points a side, and the frame at most 8192 pixels a side (Pixmap allows more;
//     8192 keeps one frame under 256 MiB);
//   • times (a recording's duration, playback's stop time, the instant of a single frame or a
//     screenshot): at most 3600 s, one hour; playback without --seconds still runs until closed.

import Foundation
import Kinema

/// An option outside `DemoLimits`; `description` is the message for the user (it names the option).
public struct DemoLimitError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// The limits shared by `kinema demo` and `kinema play`.
public enum DemoLimits {
    /// The largest scale, in pixels per point (the smallest is any positive value).
    public static let maximumScale = 16.0
    /// The largest frame rate, frames per second (the smallest is any positive value).
    public static let maximumFPS = 1000.0
    /// The largest stage side, in points, and the largest frame side, in pixels.
    public static let maximumSide = 8192
    /// The longest duration and the latest time, in seconds.
    public static let maximumSeconds = 3600.0

    /// `value` when it is a scale in (0, 16].
    public static func scale(_ value: Double) throws(DemoLimitError) -> Double {
        guard value.isFinite, value > 0, value <= maximumScale else {
            throw DemoLimitError("--scale must be in (0, \(formatted(maximumScale))], got \(value)")
        }
        return value
    }

    /// `value` when it is a frame rate in (0, 1000].
    public static func fps(_ value: Double) throws(DemoLimitError) -> Double {
        guard value.isFinite, value > 0, value <= maximumFPS else {
            throw DemoLimitError("--fps must be in (0, \(formatted(maximumFPS))], got \(value)")
        }
        return value
    }

    /// `value` when it is a length of time in (0, 3600] seconds; `option` names it in the message.
    public static func duration(_ value: Double, option: String) throws(DemoLimitError) -> Double {
        guard value.isFinite, value > 0, value <= maximumSeconds else {
            throw DemoLimitError("\(option) must be in (0, \(formatted(maximumSeconds))] seconds, got \(value)")
        }
        return value
    }

    /// Whether `value` is an instant in [0, 3600] seconds (a single frame's or a screenshot's).
    public static func isTime(_ value: Double) -> Bool {
        value.isFinite && value >= 0 && value <= maximumSeconds
    }

    /// `value` when it is an instant in [0, 3600] seconds; `option` names it in the message.
    public static func time(_ value: Double, option: String) throws(DemoLimitError) -> Double {
        guard isTime(value) else {
            throw DemoLimitError("\(option) must be in [0, \(formatted(maximumSeconds))] seconds, got \(value)")
        }
        return value
    }

    /// The stage size `text` gives as "WxH" in points, each side 1…8192.
    public static func size(_ text: String) throws(DemoLimitError) -> CGSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let side = 1 ... Double(maximumSide)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, side.contains(w), side.contains(h) else {
            throw DemoLimitError("--size must be WxH in points, each 1…\(maximumSide) (e.g. 320x240), got \"\(text)\"")
        }
        return CGSize(width: w, height: h)
    }

    /// The frame's size in pixels, `size` points at `scale` (rounded up), when each side is at
    /// most 8192 pixels; `remedy` ends the message ("lower --size or --scale").
    public static func pixels(size: CGSize, scale: Double, remedy: String) throws(DemoLimitError) -> (width: Int, height: Int) {
        let width = (size.width * scale).rounded(.up), height = (size.height * scale).rounded(.up)
        guard width <= Double(maximumSide), height <= Double(maximumSide) else {
            throw DemoLimitError("\(Int(width))×\(Int(height)) px is too large (at most \(maximumSide) a side); \(remedy)")
        }
        return (Int(width), Int(height))
    }

    /// A limit as it is written in the messages: 16, not 16.0.
    private static func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
