// SaturatingConversion: Double to Int without a trap, through LLVM's saturating conversion.

/// LLVM's `llvm.fptosi.sat` intrinsic: toward zero, clamped to Int64's range, NaN to 0.
@_silgen_name("llvm.fptosi.sat.i64.f64")
private func llvmSaturatingInt64(_ value: Double) -> Int64

extension Int {
    /// `value` truncated toward zero, pinned to `Int.min ... Int.max`, 0 for NaN: `Int(_:)`
    /// without its range check (which traps, and costs the scan converter's walk a compare and
    /// two branches per crossing). Equal to `Int(value)` wherever that does not trap.
    @inline(__always)
    init(saturating value: Double) {
        self = Int(truncatingIfNeeded: llvmSaturatingInt64(value))
    }
}
