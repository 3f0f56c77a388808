// KinemaFuzzLayers: the libFuzzer target for byte-driven sequences of CGContext and CALayer calls (LayersFuzz in KinemaFuzzing: a hosted layer tree changed, animated, turned and rendered) (issue 19, "keep it so").
//
// Built two ways, as KinemaFuzzImages is. With the fuzzer (Scripts/fuzz.sh: `-sanitize=fuzzer,address
// -D KINEMA_FUZZ`), it hands libFuzzer's inputs to the body. Without (a plain `swift build`), it is
// a replay tool: `KinemaFuzzLayers FILE...` runs each file through the same body and prints a summary,
// to reproduce a crash file or run a corpus without libFuzzer.
// Audited against: libFuzzer's documented entry points (LLVMFuzzerTestOneInput, return 0;
// LLVMFuzzerRunDriver). Status: complete.

import Foundation
import KinemaFuzzing
import KinemaSupport

/// Runs one input with its diagnostics collected (quietly): the fuzzer wants traps, not log lines.
@discardableResult
func runInput(_ bytes: [UInt8]) -> (summary: String, diagnostics: [KinemaDiagnostic]) {
    let (summary, diagnostics) = KinemaDiagnostics.collecting { MainActor.assumeIsolated { LayersFuzz.runAlone(bytes) } }
    return (summary, diagnostics)
}

#if KINEMA_FUZZ
@_cdecl("LLVMFuzzerTestOneInput")
public func kinemaFuzzLayers(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count > 0 else { return 0 }
    runInput(Array(UnsafeBufferPointer(start: bytes, count: count)))
    return 0
}

/// libFuzzer's entry for programs that have their own `main` (LLVM 12 and later).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links an executable's `main` to `<module>_main`; this one hands over to libFuzzer's driver.
@_cdecl("KinemaFuzzLayers_main")
public func kinemaFuzzLayersMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { bytes, size in kinemaFuzzLayers(bytes, size) }
}
#else
@main
enum FuzzLayersReplay {
    static func main() {
        FuzzReplay.main(tool: "KinemaFuzzLayers", arguments: CommandLine.arguments.dropFirst(), input: runInput)
    }
}
#endif
