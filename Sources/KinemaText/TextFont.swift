// TextFont: a face at a size, and the metrics UIFont reports, in points (y up: the ascender is
// positive, the descender negative, as UIFont gives them).

import Foundation
import KinemaSupport

package struct TextFont: Sendable, Hashable, CustomStringConvertible {
    package let face: FontFace
    /// Points; finite and ≥ 0 (see `sanitizedSize`).
    package let size: Double
    /// What was asked for, kept for per-character fallback (weight and slant).
    package let request: FontRequest

    package init(face: FontFace, size: Double, request: FontRequest) {
        self.face = face
        self.size = size
        self.request = request
    }

    /// Looks `request` up and makes the font (in `FontFace.empty` when no font at all can be
    /// read: see `FontDatabase.face(for:)`).
    package init(request: FontRequest, size: Double) {
        let face = FontDatabase.shared.face(for: request)
        self.init(face: face, size: TextFont.sanitizedSize(size, api: "font size"), request: request)
    }

    /// The system font (sans-serif) at `size` and `weight`.
    package static func system(size: Double, weight: Int = 400, italic: Bool = false) -> TextFont {
        TextFont(request: FontRequest(family: nil, weight: weight, italic: italic), size: size)
    }

    /// The largest size laid out; above it a diagnostic and this size.
    package static let maximumSize = 10_000.0

    /// A size a font can use: NaN, infinite or negative sizes become 0 with a diagnostic (iOS
    /// requires a size above 0); sizes above `maximumSize` are clamped to it.
    package static func sanitizedSize(_ size: Double, api: String) -> Double {
        if !size.isFinite || size < 0 {
            KinemaDiagnostics.emit("KinemaText", "\(api) \(size) is not a size; using 0")
            return 0
        }
        if size > maximumSize {
            KinemaDiagnostics.emit("KinemaText", "\(api) \(size) is above \(maximumSize) pt; clamped")
            return maximumSize
        }
        return size
    }

    /// Points per font unit.
    package var scale: Double { size / face.metrics.unitsPerEm }
    package var ascender: Double { face.metrics.ascender * scale }
    package var descender: Double { face.metrics.descender * scale }
    package var leading: Double { face.metrics.lineGap * scale }
    /// ascender − descender + leading, as UIFont's `lineHeight`.
    package var lineHeight: Double { ascender - descender + leading }
    package var capHeight: Double { face.metrics.capHeight * scale }
    package var xHeight: Double { face.metrics.xHeight * scale }
    package var underlinePosition: Double { face.metrics.underlinePosition * scale }
    package var underlineThickness: Double { face.metrics.underlineThickness * scale }

    package func withSize(_ size: Double) -> TextFont {
        TextFont(face: face, size: TextFont.sanitizedSize(size, api: "font size"), request: request)
    }

    package var description: String { "\(face.postScriptName) \(size) pt" }
}
