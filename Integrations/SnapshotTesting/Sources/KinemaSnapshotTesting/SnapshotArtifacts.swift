// SnapshotArtifacts: where a failed comparison's difference image goes, and why a snapshot could
// not be taken (carried from the strategy to the failure message).
//
// Audited against: swift-snapshot-testing 1.19's `verifySnapshot` (a failed snapshot is written to
//   `$SNAPSHOT_ARTIFACTS` — the temporary folder when unset — under a folder named after the test
//   file; its `Diffing.diff` closure is given only the two values, not the paths).
// Status: complete. The difference image goes into the same folder as SnapshotTesting's failed
//   snapshot, named after the running Swift Testing test (`Test.current`) and a hash of the new
//   image, because the diff closure cannot learn the reference's file name; the failure message
//   prints its path.

import Foundation
import Kinema
import Synchronization
#if canImport(Testing)
import Testing
#endif

enum SnapshotArtifacts {
    /// `$SNAPSHOT_ARTIFACTS`, else the temporary folder, as SnapshotTesting uses for failed snapshots.
    static var folder: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory(),
            isDirectory: true)
    }

    /// The running test's file name (without extension) and sanitized name, as SnapshotTesting
    /// names its folders and files; generic names outside a Swift Testing test.
    static var testNames: (file: String, test: String) {
        #if canImport(Testing)
        if let test = Test.current {
            let file = URL(fileURLWithPath: test.sourceLocation.fileName).deletingPathExtension().lastPathComponent
            return (file, sanitized(test.name))
        }
        #endif
        return ("KinemaSnapshotTesting", "snapshot")
    }

    /// `string` with each run of non-word characters made one "-", and none at either end.
    static func sanitized(_ string: String) -> String {
        string.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
    }

    /// Writes `image` as `<folder>/<test file>/<test>.<kind>-<hash>.png` and returns its path, or
    /// a sentence saying why it could not be written. `seed` (the new snapshot's bytes) makes the
    /// name differ between snapshots of one test.
    static func writeDifference(_ image: Pixmap, kind: String, seed: Data) -> String {
        let names = testNames
        let directory = folder.appendingPathComponent(names.file, isDirectory: true)
        let url = directory.appendingPathComponent("\(names.test).\(kind)-\(hash(seed)).png")
        guard let data = UIImage(cgImage: CGImage(pixmap: image)).pngData() else {
            return "(the difference image could not be encoded)"
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: url)
            return url.path
        } catch {
            return "(the difference image could not be written to \(url.path): \(error))"
        }
    }

    /// 32-bit FNV-1a of `data`, as 8 hex digits.
    static func hash(_ data: Data) -> String {
        var h: UInt32 = 0x811C_9DC5
        for byte in data {
            h ^= UInt32(byte)
            h = h &* 0x0100_0193
        }
        return String(format: "%08x", h)
    }
}

/// Why a snapshot came out empty: the strategies cannot throw, so they hand back an image without
/// pixels and leave the reason here, keyed by that image, for the failure message.
enum SnapshotProblem {
    private static let reasons = Mutex<[ObjectIdentifier: String]>([:])

    /// Records `reason` for the empty image `image`.
    static func record(_ reason: String, for image: AnyObject) {
        reasons.withLock { $0[ObjectIdentifier(image)] = reason }
    }

    /// The reason recorded for `image`, if any (and forgets it).
    static func take(for image: AnyObject) -> String? {
        reasons.withLock { $0.removeValue(forKey: ObjectIdentifier(image)) }
    }
}
