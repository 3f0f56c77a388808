// Prefetch: a cache hint for the next rows' pixels, through LLVM's prefetch intrinsic.

/// LLVM's `llvm.prefetch` intrinsic (address, 0 read / 1 write, locality 0 ... 3, 1 data cache).
/// A hint only: it never faults, whatever the address, and compiles to nothing where unsupported.
@_silgen_name("llvm.prefetch.p0")
private func llvmPrefetch(_ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ cacheType: Int32)

/// Cache hints for the scan converter's sweep (see the module notes in KinemaRaster.swift for the
/// measured effect). Asking for the first and last pixel of a coming row's span was measured
/// best: asking for every cache line of the span as well was slower (85 ms against 70 ms CPU on
/// the triangle benchmark), the hardware streaming the middle of a run well by itself.
enum Prefetch {
    /// Asks for the cache lines holding the ends of `row[x ..< x + count]`, to be written soon.
    @inline(__always)
    static func forWriting(_ row: UnsafeMutablePointer<UInt32>, x: Int, count: Int) {
        llvmPrefetch(UnsafeRawPointer(row + x), 1, 3, 1)
        llvmPrefetch(UnsafeRawPointer(row + (x + max(count, 1) - 1)), 1, 3, 1)
    }
}
