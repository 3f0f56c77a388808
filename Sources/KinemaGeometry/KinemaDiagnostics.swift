// Diagnostics: how Kinema reports bad input without trapping.
//
// Apple's frameworks crash or silently ignore some misuse (NaN control points, an animator
// released while paused, an unknown key path). Kinema instead takes the documented safe choice
// and reports one diagnostic. Each diagnostic is logged through swift-log (label "kinema") and,
// when a collector is installed for the current task, recorded so tests and tools can inspect it.

import Logging
import Synchronization

/// One report of bad input and what Kinema did instead.
///
/// ```swift
/// let (_, diagnostics) = KinemaDiagnostics.collecting {
///     CAMediaTimingFunction(controlPoints: .nan, 0, 1, 1)
/// }
/// // diagnostics[0].domain == "CAMediaTimingFunction"
/// ```
public struct KinemaDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The API that received the bad input, named as Apple names it (`"CAMediaTimingFunction"`).
    public var domain: String
    /// What was wrong and what Kinema did about it.
    public var message: String

    public init(domain: String, message: String) {
        self.domain = domain
        self.message = message
    }

    public var description: String { "[\(domain)] \(message)" }
}

/// The diagnostic channel shared by every Kinema module.
public enum KinemaDiagnostics {
    /// Collects the diagnostics emitted on the current task while it runs.
    final class Collector: Sendable {
        let items = LockedValue<[KinemaDiagnostic]>([])
        /// Whether the diagnostics collected are also logged.
        let logs: Bool

        init(logs: Bool) {
            self.logs = logs
        }
    }

    @TaskLocal static var collector: Collector?

    static let logger = Logger(label: "kinema")

    /// Runs `body` and returns its result with every diagnostic emitted on this task meanwhile.
    ///
    /// Collection is task-local: diagnostics from other tasks and threads are not mixed in, so
    /// parallel tests each see only their own. Nested calls each see what was emitted inside them.
    /// With `logging` false the diagnostics emitted inside (nested collections included) are
    /// collected without being logged (a test that provokes thousands of them on purpose).
    public static func collecting<T>(logging: Bool = true, _ body: () throws -> T) rethrows -> (T, [KinemaDiagnostic]) {
        let outer = Self.collector
        let collector = Collector(logs: logging && (outer?.logs ?? true))
        let result = try $collector.withValue(collector) { try body() }
        let items = collector.items.withLock { $0 }
        if let outer { outer.items.withLock { $0.append(contentsOf: items) } }
        return (result, items)
    }

    /// Whether a diagnostic emitted now on this task is logged (false inside
    /// `collecting(logging: false)`).
    static var isLogging: Bool { collector?.logs ?? true }

    /// Reports bad input: logs a warning and records it for an installed collector.
    package static func emit(_ domain: String, _ message: String) {
        let diagnostic = KinemaDiagnostic(domain: domain, message: message)
        if isLogging { logger.warning("\(diagnostic.description)") }
        collector?.items.withLock { $0.append(diagnostic) }
    }
}
