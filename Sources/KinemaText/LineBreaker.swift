// LineBreaker: where a line may end, by the Unicode line-breaking algorithm (UAX #14), through
// ICU's line break iterator (CKinemaICU). ICU rather than libunibreak: Debian's libunibreak is
// 1.1 (Unicode 6 era), while ICU 72 implements Unicode 15's rules — the same version as the
// LineBreakTest.txt the tests check against — and is on every machine Foundation runs on.

import CKinemaICU
import Foundation
import KinemaSupport

package struct LineBreakOpportunity: Sendable, Hashable {
    /// A line may end before this UTF-16 offset (the text's end is always one).
    package var offset: Int
    /// The rules require a break here (after a hard line break).
    package var isMandatory: Bool

    package init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}

package enum LineBreaker {
    /// The break opportunities of `utf16`, in order; the last is the end of the text. Empty
    /// text has none. If ICU fails, every offset is an opportunity (a diagnostic says so).
    package static func opportunities(in utf16: [UInt16], locale: String = "") -> [LineBreakOpportunity] {
        guard !utf16.isEmpty else { return [] }
        guard utf16.count < Int(Int32.max) else {
            KinemaDiagnostics.emit("KinemaText", "text of \(utf16.count) UTF-16 units is too long to break into lines; breaking anywhere")
            return fallback(utf16.count)
        }
        var capacity = max(16, utf16.count / 4)
        while true {
            var offsets = [Int32](repeating: 0, count: capacity)
            var mandatory = [UInt8](repeating: 0, count: capacity)
            var error: Int32 = 0
            let count = utf16.withUnsafeBufferPointer { text in
                locale.withCString { localeName in
                    kinema_icu_line_breaks(text.baseAddress, Int32(text.count), localeName, &offsets, &mandatory, Int32(capacity), &error)
                }
            }
            if count < 0 {
                KinemaDiagnostics.emit("KinemaText", "ICU's line breaker failed (error \(error)); breaking anywhere")
                return fallback(utf16.count)
            }
            if Int(count) <= capacity {
                return (0..<Int(count)).map { LineBreakOpportunity(offset: Int(offsets[$0]), isMandatory: mandatory[$0] != 0) }
            }
            capacity = Int(count)
        }
    }

    private static func fallback(_ count: Int) -> [LineBreakOpportunity] {
        (1...count).map { LineBreakOpportunity(offset: $0, isMandatory: false) }
    }
}
