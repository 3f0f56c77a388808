// Test hooks of KinemaImageIO, behind @_spi(Testing).

/// Hooks for KinemaImageIO's tests.
@_spi(Testing)
public enum ImageIOTesting {
    /// Runs `body` with the codecs' diagnostics muted on this task (the fuzz tests decode
    /// thousands of corrupt files and would otherwise log one line for many of them).
    public static func withDiagnosticsMuted<T>(_ body: () throws -> T) rethrows -> T {
        try ImageIODiagnostics.$muted.withValue(true) { try body() }
    }
}
