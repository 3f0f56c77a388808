// TextDirection: the little of the bidirectional algorithm Kinema applies. Runs are laid out in
// logical order (no reordering of a mixed line); HarfBuzz shapes a right-to-left item in its own
// visual order; a paragraph whose first strong character is right-to-left aligns `natural` to
// the right. A diagnostic says so the first time right-to-left text is laid out (docs/TEXT.md).

import KinemaSupport

package enum TextDirection {
    /// Whether `scalar` is a strong right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko,
    /// Samaritan, Mandaic, their presentation forms, and the historic RTL blocks).
    package static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return scalar.properties.isAlphabetic
        default:
            return false
        }
    }
}
