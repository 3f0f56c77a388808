// SaturatingConversion: Double to Int without a trap (the scan converter's edge walk).
import CKinemaRasterSupport

extension Int {
    /// `value` truncated toward zero, pinned to `Int.min ... Int.max`, 0 for NaN: `Int(_:)`
    /// without its trap. Equal to `Int(value)` wherever that does not trap. Through a static
    /// inline C function (CKinemaRasterSupport), which compiles to a convert and two compares.
    @inline(__always)
    package init(saturating value: Double) {
        self = Int(truncatingIfNeeded: kinema_saturating_int64(value))
    }
}
