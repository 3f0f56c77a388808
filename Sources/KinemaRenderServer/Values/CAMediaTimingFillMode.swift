// CAMediaTimingFillMode: Apple's fill modes, a value of layer and animation timing on both sides
// of the client/server line (OpenQuartzCore re-exports it).
//
// Audited against: CAMediaTimingFillMode docs and the kCAFillMode* constants (raw values
//   "removed", "forwards", "backwards", "both"). Status: complete.

import Foundation
import KinemaTiming

/// How a timed object behaves outside its active duration (Apple's `fillMode` values).
///
/// ```swift
/// animation.fillMode = .forwards      // hold the final state after the animation ends
/// ```
///
/// ```text
///              before begin      [begin ─── active ─── end)      after end
/// .removed     (not shown)        plays                         (not shown)
/// .backwards   holds the start    plays                         (not shown)
/// .forwards    (not shown)        plays                         holds the end
/// .both        holds the start    plays                         holds the end
/// ```
///
/// Like Apple's type it wraps a string, so unknown raw values can be created; a timed object
/// with an unknown fill mode is timed as `.removed`, with a diagnostic.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The fill mode's name: `"removed"`, `"forwards"`, `"backwards"` or `"both"`.
    public let rawValue: String

    /// Creates a fill mode from its name (no check is made here; see the type's comment).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The receiver is removed from the presentation when the animation is completed (and is
    /// not shown before it begins). The default.
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The receiver remains visible in its final state when the animation is completed.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The receiver shows its initial state before the animation begins (local time before zero
    /// is clamped to zero).
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// The receiver clamps local time at both ends: initial state before, final state after.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    /// The engine's fill mode, or nil for an unknown raw value.
    package var engineValue: MediaTimingFillMode? {
        switch rawValue {
        case "removed": .removed
        case "forwards": .forwards
        case "backwards": .backwards
        case "both": .both
        default: nil
        }
    }
}
