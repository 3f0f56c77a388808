// FuzzReplay: the replay tool of the paths and layers fuzz executables' plain builds (without
// KINEMA_FUZZ): each file named on the command line runs through the target's body, and what it
// did is printed — to reproduce a crash file or run a corpus without libFuzzer.
//
// Audited against: nothing outside Kinema (a command-line loop). Status: complete.

import Foundation
import KinemaSupport

package enum FuzzReplay {
    /// Runs `input` on each file of `arguments` (the command line without the program name) and
    /// prints its summary and first diagnostics; prints the usage of `tool` when no file is named.
    package static func main(tool: String, arguments: ArraySlice<String>,
                             input: ([UInt8]) -> (summary: String, diagnostics: [KinemaDiagnostic])) {
        guard !arguments.isEmpty else {
            print("usage: \(tool) FILE... (runs each file as the fuzz target does)")
            return
        }
        for path in arguments {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                continue
            }
            let (summary, diagnostics) = input([UInt8](data))
            print("\(path) (\(data.count) bytes): \(summary), \(diagnostics.count) diagnostic(s)")
            for diagnostic in diagnostics.prefix(8) { print("  \(diagnostic)") }
        }
    }
}
