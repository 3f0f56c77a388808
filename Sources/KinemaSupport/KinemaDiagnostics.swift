// Diagnostics: how Kinema reports bad input without trapping.
//
// Apple's frameworks crash or silently ignore some misuse (NaN control points, an animator
// released while paused, an unknown key path). Kinema instead takes the documented safe choice
// and reports one diagnostic. Each diagnostic names the API that received the bad input and the
// Kinema module that emitted it; it is logged through swift-log (label "kinema", source the
// module) unless a collector installed for the current task takes it, in which case it is
// recorded so tests and tools can inspect it (and logged only when that collector asks).

import Logging
import Synchronization

/// One report of bad input and what Kinema did instead.
///
/// ```swift
/// let (_, diagnostics) = KinemaDiagnostics.collecting {
///     CAMediaTimingFunction(controlPoints: .nan, 0, 1, 1)
/// }
/// // diagnostics[0].domain == "CAMediaTimingFunction", diagnostics[0].module == "OpenQuartzCore"
/// ```
///
/// Two diagnostics are equal when they report the same API and message: `module` says where the
/// report came from, not what it says, and is left out of equality and hashing.
public struct KinemaDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The API that received the bad input, named as Apple names it (`"CAMediaTimingFunction"`).
    public var domain: String
    /// What was wrong and what Kinema did about it.
    public var message: String
    /// The Kinema module whose code emitted the report (`"OpenQuartzCore"`), empty when unknown.
    public var module: String

    /// A report of `message` about the API `domain`, from `module` (empty when unknown).
    public init(domain: String, message: String, module: String = "") {
        self.domain = domain
        self.message = message
        self.module = module
    }

    public var description: String { "[\(domain)] \(message)" }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.domain == rhs.domain && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(domain)
        hasher.combine(message)
    }
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
    /// What a collection takes is not logged (a test that provokes diagnostics on purpose stays
    /// quiet); with `logging` true it is logged as well, unless an enclosing collection is quiet.
    public static func collecting<T>(logging: Bool = false, _ body: () throws -> T) rethrows -> (T, [KinemaDiagnostic]) {
        let outer = Self.collector
        let collector = Collector(logs: logging && (outer?.logs ?? true))
        let result = try $collector.withValue(collector) { try body() }
        let items = collector.items.withLock { $0 }
        if let outer { outer.items.withLock { $0.append(contentsOf: items) } }
        return (result, items)
    }

    /// Runs `body` with what it emits dropped — neither logged nor collected, not even by an
    /// enclosing collection: for work that repeats checks another call reports (the compositor
    /// working out, for damage-only frames, the boxes it then draws, shadows included).
    package static func discarding<T>(_ body: () throws -> T) rethrows -> T {
        try $collector.withValue(Collector(logs: false)) { try body() }
    }

    /// The collection installed for the current task, captured so work that runs on other
    /// threads (a compositor's band workers) reports into it: see `withCollection(_:_:)`.
    package struct Collection: Sendable {
        let collector: Collector
    }

    /// The collection diagnostics emitted now on this task go to; nil when none is installed.
    package static var current: Collection? { collector.map(Collection.init) }

    /// Runs `body` with `collection` installed, as if inside the `collecting` call that made it:
    /// what `body` emits is recorded there (from any thread, the list is locked) and logged only
    /// when that collection logs. With nil, `body` runs with no collection. Use it to carry the
    /// caller's collection onto threads that do work for the caller and finish before it returns
    /// (task-locals do not cross `DispatchQueue.concurrentPerform`).
    package static func withCollection<T>(_ collection: Collection?, _ body: () throws -> T) rethrows -> T {
        try $collector.withValue(collection?.collector) { try body() }
    }

    /// Whether a diagnostic emitted now on this task is logged: true outside any collection,
    /// false inside a quiet one (the default) and inside anything nested in a quiet one.
    static var isLogging: Bool { collector?.logs ?? true }

    /// Reports bad input: records it for an installed collector and logs a warning (source: the
    /// emitting module, taken from the caller's `#fileID`) unless that collector is quiet.
    package static func emit(_ domain: String, _ message: String, fileID: StaticString = #fileID) {
        let diagnostic = KinemaDiagnostic(domain: domain, message: message, module: module(of: fileID))
        if isLogging { logger.warning("\(diagnostic.description)", source: diagnostic.module) }
        collector?.items.withLock { $0.append(diagnostic) }
    }

    /// The module part of a `#fileID` ("OpenQuartzCore/CALayer.swift" → "OpenQuartzCore").
    static func module(of fileID: StaticString) -> String {
        let id = fileID.description
        guard let slash = id.firstIndex(of: "/") else { return "" }
        return String(id[..<slash])
    }
}
