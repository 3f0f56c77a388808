// ImageIODiagnostics: how the codecs report input they recovered from.

import KinemaSupport
import KinemaGeometry

/// Reports recovered bad input (a JPEG with corrupt entropy data libjpeg skipped, a GIF without
/// its trailer) through Kinema's diagnostics channel (swift-log label "kinema").
enum ImageIODiagnostics {
    /// Set by tests that decode thousands of corrupt files on purpose (see
    /// `KinemaImageIO+Testing.swift`); task-local, so other tasks still report.
    @TaskLocal static var muted = false

    static func report(_ domain: String, _ message: @autoclosure () -> String) {
        guard !muted else { return }
        KinemaDiagnostics.emit(domain, message())
    }
}
