// KinemaFuzzImages: the libFuzzer target for PNG, JPEG and GIF decoding (issue 19, "keep it so").
//
// Built two ways. With the fuzzer (Scripts/fuzz.sh: `-sanitize=fuzzer,address -D KINEMA_FUZZ`),
// it defines LLVMFuzzerTestOneInput and libFuzzer supplies `main`. Without (a plain
// `swift build`), it is a replay tool: `KinemaFuzzImages FILE...` decodes each file the same way
// and prints the outcome, to reproduce a crash file or run the corpus without libFuzzer.
// Audited against: libFuzzer's documented entry point (int LLVMFuzzerTestOneInput(const
// uint8_t *, size_t), return 0). Status: decoders only; CGPath, CGContext and CALayer targets
// are not written yet.

import Foundation
@_spi(Testing) import KinemaImageIO

/// Limits small enough that every input decodes in milliseconds: the fuzzer looks for traps,
/// hangs and memory errors, not for large images.
let fuzzLimits = ImageDecodingLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 20, maxFrames: 256,
                                     maxAnimationPixels: 1 << 22, maxInflatedBytes: 1 << 24, maxLZWIndices: 1 << 22)

/// Decodes `data` through the sniffing entry point and, whatever its signature, through each
/// format's own decoder (so mutations of one format also reach the others' early checks).
/// Returns one line per decoder: the size decoded or the error kind.
@discardableResult
func decodeEverything(_ data: Data) -> [String] {
    func outcome<T>(_ body: () throws(ImageIOError) -> T, _ size: (T) -> String) -> String {
        do throws(ImageIOError) { return size(try body()) } catch { return error.reason }
    }
    return ImageIOTesting.withDiagnosticsMuted {
        [
            "sniffed: " + outcome({ () throws(ImageIOError) in try ImageDecoder.decode(data, limits: fuzzLimits) }) { "\($0.width)×\($0.height)" },
            "png: " + outcome({ () throws(ImageIOError) in try PNGDecoder.decode(data, limits: fuzzLimits) }) { "\($0.width)×\($0.height)" },
            "jpeg: " + outcome({ () throws(ImageIOError) in try JPEGDecoder.decode(data, limits: fuzzLimits) }) { "\($0.width)×\($0.height)" },
            "gif: " + outcome({ () throws(ImageIOError) in try GIFDecoder.decode(data, limits: fuzzLimits) }) { "\($0.frames.count) frame(s)" },
        ]
    }
}

#if KINEMA_FUZZ
@_cdecl("LLVMFuzzerTestOneInput")
public func kinemaFuzzImages(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count > 0 else { return 0 }
    decodeEverything(Data(bytes: bytes, count: count))
    return 0
}

/// libFuzzer's entry for programs that have their own `main` (LLVM 12 and later).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links an executable's `main` to `<module>_main` (so that tests can link the module);
/// libFuzzer's own `main` is therefore not used, and this one hands over to its driver.
@_cdecl("KinemaFuzzImages_main")
public func kinemaFuzzImagesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { bytes, size in kinemaFuzzImages(bytes, size) }
}
#else
@main
enum FuzzImagesReplay {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            print("usage: KinemaFuzzImages FILE... (decodes each file as the fuzz target does)")
            return
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                continue
            }
            print("\(path) (\(data.count) bytes)")
            for line in decodeEverything(data) { print("  " + line) }
        }
    }
}
#endif
