// FontFace: one face of one font file — its metrics and glyph outlines through FreeType, its
// shaping font through HarfBuzz. Immutable after it is made, and Sendable: FreeType's face is
// touched only under the face's lock (FreeType faces are not thread-safe), HarfBuzz's font is
// made immutable (HarfBuzz then allows shaping with it from any thread).
//
// Everything is kept in font units (FT_LOAD_NO_SCALE, no hinting): a face serves every size, a
// glyph's outline is read once, and advances are HarfBuzz's own (`hb-shape` prints the same
// numbers for the same font). Sizes scale at layout time.

import CFreeType
import CHarfBuzz
import Foundation
import KinemaGeometry
import KinemaSupport

/// The design metrics of a face, in font units (y up, as the font stores them).
package struct FontFaceMetrics: Sendable, Hashable {
    package var unitsPerEm: Double
    /// The hhea ascender (positive, above the baseline).
    package var ascender: Double
    /// The hhea descender (negative, below the baseline).
    package var descender: Double
    /// The hhea line gap (the "leading" UIFont reports).
    package var lineGap: Double
    package var capHeight: Double
    package var xHeight: Double
    package var underlinePosition: Double
    package var underlineThickness: Double
}

/// A font file's face: outlines, metrics, cmap and HarfBuzz font. Shared by every size.
package final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    package let path: String
    package let index: Int
    package let familyName: String
    package let styleName: String
    package let postScriptName: String
    package let metrics: FontFaceMetrics
    package let isBold: Bool
    package let isItalic: Bool
    package let isFixedPitch: Bool

    /// HarfBuzz's font at the face's design scale (units per em), immutable.
    package let hbFont: OpaquePointer
    private let hbFace: OpaquePointer
    /// Nil only for `FontFace.empty`.
    private let ftFace: FT_Face?
    private let lock = NSLock()
    private var outlines: [UInt32: Path] = [:]

    /// Opens face `index` of the file at `path`; nil (and a diagnostic) when FreeType or
    /// HarfBuzz cannot read it.
    package init?(path: String, index: Int) {
        guard let face = FreeTypeLibrary.shared.openFace(path: path, index: index) else {
            KinemaDiagnostics.emit("KinemaText", "font file \(path) (face \(index)) could not be read; skipped")
            return nil
        }
        ftFace = face
        self.path = path
        self.index = index
        let record = face.pointee
        familyName = record.family_name.map { String(cString: $0) } ?? "Unknown"
        styleName = record.style_name.map { String(cString: $0) } ?? "Regular"
        postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? familyName.replacingOccurrences(of: " ", with: "")
        isBold = record.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        isItalic = record.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        isFixedPitch = record.face_flags & FT_Long(FT_FACE_FLAG_FIXED_WIDTH) != 0
        let upem = max(1, Double(record.units_per_EM))
        // Cap and x height: OS/2 version 2+ records them; older tables (DejaVu's is version 1)
        // do not, so the tops of "H" and "x" stand in, as other engines measure them.
        var capHeight: Double?
        var xHeight: Double?
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.version >= 2 && os2.sCapHeight > 0 { capHeight = Double(os2.sCapHeight) }
            if os2.version >= 2 && os2.sxHeight > 0 { xHeight = Double(os2.sxHeight) }
        }
        func top(of character: Character) -> Double? {
            guard let scalar = character.unicodeScalars.first else { return nil }
            let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard glyph != 0 else { return nil }
            let outline = FontFace.loadOutline(face, glyph)
            return outline.isEmpty ? nil : Double(outline.tightBounds.maxY)
        }
        let ascender = Double(record.ascender)
        let descender = Double(record.descender)
        let height = Double(record.height)
        metrics = FontFaceMetrics(
            unitsPerEm: upem,
            ascender: ascender,
            descender: descender,
            lineGap: max(0, height - (ascender - descender)),
            capHeight: capHeight ?? top(of: "H") ?? 0.7 * upem,
            xHeight: xHeight ?? top(of: "x") ?? 0.5 * upem,
            underlinePosition: Double(record.underline_position),
            underlineThickness: max(1, Double(record.underline_thickness))
        )
        let blob = path.withCString { hb_blob_create_from_file($0) }
        let hbFace = hb_face_create(blob, UInt32(clamping: index))
        hb_blob_destroy(blob)
        guard let hbFace, let font = hb_font_create(hbFace) else {
            FreeTypeLibrary.shared.closeFace(face)
            return nil
        }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        self.hbFace = hbFace
        hbFont = font
    }

    /// A face with no glyphs: what text is set in when not even the bundled font can be read (a
    /// broken installation). Text then lays out with the metrics below and draws nothing, so no
    /// program traps for want of a font; the database reports it.
    package static let empty = FontFace()

    private init() {
        ftFace = nil
        path = ""
        index = 0
        familyName = "Empty"
        styleName = "Regular"
        postScriptName = "Empty"
        isBold = false
        isItalic = false
        isFixedPitch = false
        metrics = FontFaceMetrics(unitsPerEm: 1000, ascender: 800, descender: -200, lineGap: 0, capHeight: 700,
                                  xHeight: 500, underlinePosition: -100, underlineThickness: 50)
        hbFace = hb_face_get_empty()
        hbFont = hb_font_get_empty()
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        if let ftFace { FreeTypeLibrary.shared.closeFace(ftFace) }
    }

    package static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    package var description: String { "\(postScriptName) (\(path)#\(index))" }

    /// The glyph for `scalar` in this face's character map, or nil when it has none.
    package func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the face maps `scalar` to a glyph.
    package func covers(_ scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != nil }

    /// The outline of `glyph` in font units, y up (empty for a blank glyph or one FreeType
    /// cannot load). Read once, then cached.
    package func outline(of glyph: UInt32) -> Path {
        lock.lock()
        defer { lock.unlock() }
        if let cached = outlines[glyph] { return cached }
        guard let ftFace else { return Path() }
        let path = FontFace.loadOutline(ftFace, glyph)
        outlines[glyph] = path
        return path
    }

    /// Reads `glyph`'s outline from `ftFace` (the caller holds the face's lock, or owns the face).
    private static func loadOutline(_ ftFace: FT_Face, _ glyph: UInt32) -> Path {
        let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(ftFace, glyph, flags) == 0, let slot = ftFace.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return Path() }
        var outline = slot.pointee.outline
        var builder = OutlineBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                guard let to, let user else { return 1 }
                user.assumingMemoryBound(to: OutlineBuilder.self).pointee.move(to.pointee)
                return 0
            },
            line_to: { to, user in
                guard let to, let user else { return 1 }
                user.assumingMemoryBound(to: OutlineBuilder.self).pointee.line(to.pointee)
                return 0
            },
            conic_to: { control, to, user in
                guard let control, let to, let user else { return 1 }
                user.assumingMemoryBound(to: OutlineBuilder.self).pointee.conic(control.pointee, to.pointee)
                return 0
            },
            cubic_to: { c1, c2, to, user in
                guard let c1, let c2, let to, let user else { return 1 }
                user.assumingMemoryBound(to: OutlineBuilder.self).pointee.cubic(c1.pointee, c2.pointee, to.pointee)
                return 0
            },
            shift: 0,
            delta: 0
        )
        let status = withUnsafeMutablePointer(to: &builder) { builderPointer in
            FT_Outline_Decompose(&outline, &funcs, UnsafeMutableRawPointer(builderPointer))
        }
        guard status == 0 else { return Path() }
        builder.finish()
        return builder.path
    }
}

/// Collects FreeType's outline callbacks into a `Path` (font units, y up).
private struct OutlineBuilder {
    var path = Path()
    var open = false

    private func point(_ v: FT_Vector) -> CGPoint { CGPoint(x: CGFloat(v.x), y: CGFloat(v.y)) }

    mutating func move(_ to: FT_Vector) {
        if open { path.closeSubpath() }
        path.move(to: point(to))
        open = true
    }

    mutating func line(_ to: FT_Vector) { path.addLine(to: point(to)) }
    mutating func conic(_ control: FT_Vector, _ to: FT_Vector) { path.addQuadCurve(to: point(to), control: point(control)) }
    mutating func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        path.addCurve(to: point(to), control1: point(c1), control2: point(c2))
    }

    mutating func finish() {
        if open { path.closeSubpath() }
        open = false
    }
}

/// The process's FreeType library (one `FT_Library`; opening and closing faces is serialised,
/// as FreeType asks).
final class FreeTypeLibrary: @unchecked Sendable {
    static let shared = FreeTypeLibrary()

    private let lock = NSLock()
    private var library: FT_Library?

    private init() {
        var library: FT_Library?
        if FT_Init_FreeType(&library) != 0 {
            KinemaDiagnostics.emit("KinemaText", "FreeType could not be initialised; no font can be read")
        }
        self.library = library
    }

    func openFace(path: String, index: Int) -> FT_Face? {
        lock.lock()
        defer { lock.unlock() }
        guard let library else { return nil }
        var face: FT_Face?
        let status = path.withCString { FT_New_Face(library, $0, FT_Long(index), &face) }
        guard status == 0, let face else { return nil }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            return nil
        }
        return face
    }

    func closeFace(_ face: FT_Face) {
        lock.lock()
        defer { lock.unlock() }
        FT_Done_Face(face)
    }
}
