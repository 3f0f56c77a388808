// BasicValues: a basic or spring animation's from/by/to values, unboxed at snapshot, and Apple's
// table of which two of them make the interpolation's ends.

import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// The from/by/to values of a basic or spring animation, unboxed.
package struct BasicValues: Sendable, Equatable {
    package var from: AnimatableValue?
    package var to: AnimatableValue?
    package var by: AnimatableValue?

    package init(from: AnimatableValue? = nil, to: AnimatableValue? = nil, by: AnimatableValue? = nil) {
        self.from = from
        self.to = to
        self.by = by
    }

    /// The two ends of the interpolation per Apple's table, `current` being the model value;
    /// nil when a sum or difference is not defined for the kind (reported once at snapshot… and
    /// skipped here).
    package func endpoints(current: AnimatableValue) -> (AnimatableValue, AnimatableValue)? {
        switch (from, by, to) {
        case let (f?, _, t?): return (f, t)
        case let (f?, b?, nil): return AnimatableValue.adding(f, b).map { (f, $0) }
        case let (nil, b?, t?): return AnimatableValue.subtracting(t, b).map { ($0, t) }
        case let (f?, nil, nil): return (f, current)
        case let (nil, nil, t?): return (current, t)
        case let (nil, b?, nil): return AnimatableValue.adding(current, b).map { (current, $0) }
        case (nil, nil, nil): return (current, current)
        }
    }
}
