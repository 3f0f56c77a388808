// AnimationEvent: what the render server reports back to the main thread about a committed
// animation (it started; it reached the end of its active duration). The main thread's side —
// delegate calls, removal on completion, completion blocks — is OpenQuartzCore's
// AnimationEvents.swift.
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// What the render server saw happen to a committed animation.
package struct AnimationEvent: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case started
        /// Reached the end of its active duration.
        case finished
    }

    package var serial: UInt64
    package var kind: Kind

    package init(serial: UInt64, kind: Kind) {
        self.serial = serial
        self.kind = kind
    }
}
