// Test hooks of KinemaImageIO, behind @_spi(Testing).

import KinemaRaster

/// Hooks for KinemaImageIO's tests.
@_spi(Testing)
public enum ImageIOTesting {
    /// Runs `body` with the codecs' diagnostics muted on this task (the fuzz tests decode
    /// thousands of corrupt files and would otherwise log one line for many of them).
    public static func withDiagnosticsMuted<T>(_ body: () throws -> T) rethrows -> T {
        try ImageIODiagnostics.$muted.withValue(true) { try body() }
    }

    /// What a decode asked for, as `measuring` reports it.
    public struct Measurement: Sendable {
        /// The largest pixel buffer requested through the failable allocation check, in bytes.
        public var largestAllocation: Int
        /// The sum of those requests, in bytes.
        public var totalAllocated: Int
        /// Bytes of the file handed to libpng.
        public var pngBytesRead: Int
        /// Colour indices produced by GIF LZW decoding.
        public var lzwIndices: Int
    }

    /// Runs `body` on this task with allocation and work counting on, and, when
    /// `failingAllocationsAbove` is given, with every pixel-buffer allocation larger than that
    /// many bytes failing as if the system had refused it (the process's real limits are not
    /// touched).
    public static func measuring(failingAllocationsAbove limit: Int? = nil, _ body: () -> Void) -> Measurement {
        let probe = PixelMemory.Probe(failAbove: limit)
        let counters = DecodeWork.Counters()
        PixelMemory.$probe.withValue(probe) {
            DecodeWork.$counters.withValue(counters) { body() }
        }
        return Measurement(largestAllocation: probe.largest, totalAllocated: probe.total,
                           pngBytesRead: counters.pngBytesRead, lzwIndices: counters.lzwIndices)
    }
}
