// Prefetch: a cache hint for the next rows' pixels.
//
// Through a static inline C function (`CKinemaRasterSupport`) calling `__builtin_prefetch`: Swift has
// no prefetch of its own, and binding LLVM's intrinsic by `@_silgen_name` broke sanitizer builds
// (`swift test --sanitize=thread` failed to compile: the intrinsic cannot be called with an
// unwind edge). The C header inlines to the same single instruction in release builds.
import CKinemaRasterSupport

/// Cache hints for the scan converter's sweep (see the module notes in KinemaRaster.swift for the
/// measured effect). Asking for the first and last pixel of a coming row's span was measured
/// best: asking for every cache line of the span as well was slower (85 ms against 70 ms CPU on
/// the triangle benchmark), the hardware streaming the middle of a run well by itself.
enum Prefetch {
    /// Asks for the cache lines holding the ends of `row[x ..< x + count]`, to be written soon.
    @inline(__always)
    static func forWriting(_ row: UnsafeMutablePointer<UInt32>, x: Int, count: Int) {
        kinema_prefetch_for_writing(UnsafeRawPointer(row + x))
        kinema_prefetch_for_writing(UnsafeRawPointer(row + (x + max(count, 1) - 1)))
    }
}
